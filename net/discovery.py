"""Finding tables on the LAN with python-zeroconf (mDNS/DNS-SD). Joining by address always works too.

A host announces a `_dobon-table._tcp` service carrying its preset, seat count and protocol version;
`browse` lists what answers within a moment. Both are best effort: a network without multicast simply
finds nothing.
"""

from __future__ import annotations

import socket
import time
from collections.abc import Callable
from dataclasses import dataclass

from .protocol import PROTOCOL_VERSION, SERVICE_TYPE


@dataclass(frozen=True)
class FoundTable:
    name: str
    host: str
    port: int
    preset: str
    players: int
    version: int


def _local_address() -> str:
    """This machine's LAN address as its own name resolves (no packet is sent anywhere): the first
    address that is not a loopback one, else the loopback."""
    try:
        infos = socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)
    except OSError:
        return "127.0.0.1"
    addresses = [info[4][0] for info in infos]
    for address in addresses:
        if not address.startswith("127."):
            return address
    return addresses[0] if addresses else "127.0.0.1"


def advertise(port: int, preset: str, players: int, name: str) -> Callable[[], None]:
    """Announce a table; returns the function that withdraws the announcement."""
    from zeroconf import ServiceInfo, Zeroconf

    zc = Zeroconf()
    host = socket.gethostname().split(".")[0] or "host"
    info = ServiceInfo(
        SERVICE_TYPE,
        f"{name} on {host}.{SERVICE_TYPE}",
        addresses=[socket.inet_aton(_local_address())],
        port=port,
        properties={"preset": preset, "players": str(players), "version": str(PROTOCOL_VERSION)},
    )
    zc.register_service(info)

    def stop() -> None:
        zc.unregister_service(info)
        zc.close()

    return stop


def browse(seconds: float = 1.5) -> list[FoundTable]:
    """Tables that announced themselves within `seconds`."""
    from zeroconf import ServiceBrowser, Zeroconf

    zc = Zeroconf()
    names: set[str] = set()

    class Listener:
        def add_service(self, zc_, type_, name):
            names.add(name)

        def update_service(self, zc_, type_, name):
            names.add(name)

        def remove_service(self, zc_, type_, name):
            names.discard(name)

    try:
        ServiceBrowser(zc, SERVICE_TYPE, Listener())
        time.sleep(seconds)
        found = []
        for name in sorted(names):
            info = zc.get_service_info(SERVICE_TYPE, name, 1000)
            if info is None or not info.addresses:
                continue
            props = {k.decode(): (v or b"").decode() for k, v in info.properties.items()}
            found.append(
                FoundTable(
                    name.removesuffix("." + SERVICE_TYPE),
                    socket.inet_ntoa(info.addresses[0]),
                    info.port or 0,
                    props.get("preset", "?"),
                    int(props.get("players", "0") or 0),
                    int(props.get("version", "0") or 0),
                )
            )
        return found
    finally:
        zc.close()
