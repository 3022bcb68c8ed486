"""Translations: one lookup for widgets (pygame-gui's own translation support) and for text the table
draws itself. Strings live in assets/translations/dobon.<lang>.json; `tr("title.solo")` looks up
"dobon.title.solo" in the current language, falling back to English."""

from __future__ import annotations

import i18n

from .resources import resource_path

LANGUAGES = ("en", "ja")
NAMESPACE = "dobon."
_ready = False


def translations_dir() -> str:
    return str(resource_path("translations"))


def setup(language: str) -> None:
    """Make the translations available before (or without) a UIManager, e.g. in tests."""
    global _ready
    if not _ready:
        i18n.set("file_format", "json")
        i18n.set("fallback", "en")
        i18n.set("skip_locale_root_data", False)
        if translations_dir() not in i18n.load_path:
            i18n.load_path.append(translations_dir())
        _ready = True
    i18n.set("locale", language)


def tr(key: str, **params: object) -> str:
    """The text for `key` in the current language; `%{name}` placeholders are filled from params."""
    return i18n.t(NAMESPACE + key, **params)


def key(name: str) -> str:
    """The full key for a pygame-gui widget's text, so the widget re-translates when the language changes."""
    return NAMESPACE + name
