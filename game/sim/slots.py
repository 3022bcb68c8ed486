"""A core's copy, written once per class: each slot read and set by name, not by getattr in a loop.

A search clones a core for every option of every world it plays (a jda decision: thousands), and a
loop of `getattr`/`setattr` over forty slots was a tenth of its time. `copier` compiles the same copy
(every list shallow-copied, everything else shared) into straight-line code.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


def copier(names: tuple[str, ...]) -> Callable[[Any, Any], None]:
    """A function `copy(source, twin)` setting each slot of `names` on `twin` from `source`: a list
    as a shallow copy (`value[:]`), anything else as it is."""
    lines = ["def copy(source, twin):"]
    for name in names:
        if not name.isidentifier():
            raise ValueError(f"not a slot name: {name!r}")
        lines.append(f"    v = source.{name}")
        lines.append(f"    twin.{name} = v[:] if type(v) is list else v")
    lines.append("    return twin")
    scope: dict[str, Any] = {}
    exec("\n".join(lines), scope)  # the names are the class's own slot names, checked above
    return scope["copy"]
