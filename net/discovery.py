"""Finding tables on the LAN with python-zeroconf (mDNS/DNS-SD). Joining by address always works too.

A host announces a `_dobon-table._tcp` service carrying its preset, seat count and protocol version,
and what a person choosing a table wants to read: the hosting person's name (`host`), the seats still
free (`free`) and whether play has begun (`playing`); the free seats are announced again as they
change (`Announcement.update`). `browse` lists what answers within a moment. Both are best effort: a network without multicast simply
finds nothing.

Everything here uses zeroconf's asyncio API, because the host announces from inside its running event
loop: zeroconf's blocking calls wait for that same loop and give up after ~10 s (`EventLoopBlocked`),
which froze the table for as long. Both sides take the interface addresses to use; by default that is
every LAN interface (`lan_addresses`), and tests pass the addresses of the network they made.

The addresses come from the interfaces themselves (ifaddr, which zeroconf uses too), never from what
the computer's name resolves to: on many Linux set-ups that is 127.0.1.1, which no other computer can
reach.
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import socket
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from .protocol import PROTOCOL_VERSION, SERVICE_TYPE

LOOPBACK = "127.0.0.1"
_IFF_UP = 0x1  # Linux interface flag (linux/if.h)


@dataclass(frozen=True)
class FoundTable:
    name: str  # the service's instance name (internal: machine-made, "Dobon app on vm")
    host: str
    port: int
    preset: str
    players: int
    version: int
    host_name: str = ""  # the hosting person's name ("" from a host that does not say)
    free: int = -1  # seats still open for a person (-1: the host does not say)
    playing: bool = False  # the match has begun (a guest joining now waits for the next round)


MAX_HOST_NAME = 24  # characters of the hosting person's name kept from an announcement


def _properties(preset: str, players: int, host_name: str, free: int, playing: bool) -> dict[str, str]:
    return {
        "preset": preset,
        "players": str(players),
        "version": str(PROTOCOL_VERSION),
        "host": host_name[:MAX_HOST_NAME],
        "free": str(free),
        "playing": "1" if playing else "0",
    }


def describe(exc: BaseException) -> str:
    """An exception as words for a message; some (zeroconf's EventLoopBlocked, a bare TimeoutError)
    have no text of their own, and an empty reason tells the player nothing."""
    return str(exc).strip() or type(exc).__name__


def _is_up(name: str) -> bool:
    """Whether an interface is up with a link (a cable in, Wi-Fi joined). Linux tells in /sys (an alias
    such as eth0:1 is its device's; "unknown" is what drivers that do not track the link say);
    elsewhere ifaddr lists configured adapters only, which are taken as up."""
    device = Path("/sys/class/net", name.split(":")[0])
    try:
        flags = int((device / "flags").read_text(), 16)
        state = (device / "operstate").read_text().strip()
    except (OSError, ValueError):
        return True
    return bool(flags & _IFF_UP) and state in ("up", "unknown")


def lan_interfaces() -> list[ipaddress.IPv4Interface]:
    """This machine's IPv4 addresses, with their networks, on interfaces that are up, loopback left
    out; link-local (169.254/16) ones last, as they are the least likely to be shared. Nothing is
    sent: ifaddr only reads the interface table."""
    import ifaddr

    found: list[ipaddress.IPv4Interface] = []
    for adapter in ifaddr.get_adapters():
        if not _is_up(adapter.name):
            continue
        for ip in adapter.ips:
            if not isinstance(ip.ip, str):
                continue  # IPv6
            interface = ipaddress.IPv4Interface(f"{ip.ip}/{ip.network_prefix}")
            if interface.ip.is_loopback or interface.ip.is_unspecified or interface in found:
                continue
            found.append(interface)
    return sorted(found, key=lambda i: i.ip.is_link_local)


def lan_addresses() -> list[str]:
    """The addresses other computers can reach this one at (see `lan_interfaces`); may be empty."""
    return [str(i.ip) for i in lan_interfaces()]


class Announcement:
    """A table announced on the LAN, until `withdraw` says goodbye (then browsers drop it at once,
    instead of when its records expire)."""

    def __init__(self, zc, info, addresses: list[str]):
        self.zc, self.info, self.addresses = zc, info, addresses
        self.name = info.name.removesuffix("." + SERVICE_TYPE)
        self._rebroadcast: asyncio.Future | None = None  # an update's announcements still going out

    async def update(self, free: int, playing: bool) -> None:
        """Announce the seats still free (and whether play has begun) again: a table found a minute ago
        with three free seats may have none now."""
        props = self.info.decoded_properties
        fresh = {k: v or "" for k, v in props.items()}
        fresh.update(free=str(free), playing="1" if playing else "0")
        if fresh == props:
            return
        from zeroconf.asyncio import AsyncServiceInfo

        info = AsyncServiceInfo(
            self.info.type,
            self.info.name,
            port=self.info.port,
            parsed_addresses=self.addresses,
            properties=fresh,
            server=self.info.server,
        )
        # zeroconf returns the update's repeated announcements as a future still running: kept, so a
        # goodbye is never followed by one of them (which would list the closed table for minutes)
        self._rebroadcast = await self.zc.async_update_service(info)
        self.info = info
        await self._rebroadcast

    async def withdraw(self) -> None:
        rebroadcast, self._rebroadcast = self._rebroadcast, None
        if rebroadcast is not None and not rebroadcast.done():
            rebroadcast.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await rebroadcast
        try:
            goodbye = await self.zc.async_unregister_service(self.info)
            await goodbye  # the goodbye packets have gone out
        finally:
            await self.zc.async_close()


async def advertise(
    port: int,
    preset: str,
    players: int,
    name: str,
    addresses: Sequence[str] | None = None,
    *,
    host_name: str = "",
    free: int = -1,
    playing: bool = False,
) -> Announcement:
    """Announce a table on `addresses` (default: every LAN interface), from a running event loop;
    `host_name` is the hosting person's name, `free` the seats still open (see FoundTable).

    Returns once the name is probed and claimed (about a second); the announcements go on in the
    background. Raises OSError when there is no interface to announce on (only loopback)."""
    from zeroconf import IPVersion
    from zeroconf.asyncio import AsyncServiceInfo, AsyncZeroconf

    where = list(addresses) if addresses is not None else lan_addresses()
    if not where:
        raise OSError("this computer has no network connection besides loopback")
    host = socket.gethostname().split(".")[0] or "host"
    instance = f"{name} on {host}"[:63]  # the DNS limit for one label
    info = AsyncServiceInfo(
        SERVICE_TYPE,
        f"{instance}.{SERVICE_TYPE}",
        port=port,
        parsed_addresses=where,
        properties=_properties(preset, players, host_name, free, playing),
    )
    zc = AsyncZeroconf(interfaces=where, ip_version=IPVersion.V4Only)
    try:
        await zc.async_register_service(info, allow_name_change=True)  # a second table gets "-2"
    except BaseException:  # including cancellation: never leave the sockets open
        await zc.async_close()
        raise
    return Announcement(zc, info, where)


MAX_SEATS = 12  # the most seats any preset allows: an announced count beyond it is garbage


def _number(text: str | None, default: int = 0, top: int = 999) -> int:
    """A number from a table's announcement, 0..`top`; anything else on the LAN may answer with
    garbage (a 200-digit count, a negative one): `default` then."""
    try:
        value = int(text or default) if len(text or "") <= 6 else default
    except ValueError:
        return default
    return value if 0 <= value <= top else default


def _name(text: str | None) -> str:
    """A person's name from an announcement: one line, printable, not too long (it is drawn as it is)."""
    clean = "".join(c for c in (text or "") if c.isprintable())
    return " ".join(clean.split())[:MAX_HOST_NAME]


def _best_address(addresses: list[str], networks: list[ipaddress.IPv4Network]) -> str:
    """Of a table's addresses, the first on a network this computer is on (the one it can reach)."""
    for address in addresses:
        if any(ipaddress.IPv4Address(address) in network for network in networks):
            return address
    return addresses[0]


async def async_browse(seconds: float = 1.5, interfaces: Sequence[str] | None = None) -> list[FoundTable]:
    """Tables that announced themselves on `interfaces` (default: every LAN interface) within
    `seconds`, from a running event loop."""
    from zeroconf import IPVersion, ServiceStateChange
    from zeroconf.asyncio import AsyncServiceBrowser, AsyncServiceInfo, AsyncZeroconf

    where = list(interfaces) if interfaces is not None else lan_addresses()
    if not where:
        return []  # only loopback: no LAN to search
    names: set[str] = set()

    def changed(zeroconf, service_type: str, name: str, state_change: ServiceStateChange) -> None:
        if state_change is ServiceStateChange.Removed:
            names.discard(name)
        else:
            names.add(name)

    zc = AsyncZeroconf(interfaces=where, ip_version=IPVersion.V4Only)
    browser = AsyncServiceBrowser(zc.zeroconf, SERVICE_TYPE, handlers=[changed])
    try:
        await asyncio.sleep(seconds)
        infos = [AsyncServiceInfo(SERVICE_TYPE, name) for name in sorted(names)]
        await asyncio.gather(*(info.async_request(zc.zeroconf, 1000) for info in infos))
    finally:
        await browser.async_cancel()
        await zc.async_close()
    networks = [i.network for i in lan_interfaces()]
    return [table for info in infos if (table := found_table(info, networks)) is not None]


def found_table(info, networks: Sequence[ipaddress.IPv4Network] = ()) -> FoundTable | None:
    """A table from the service record that answered (None: no address or port to join). Anything
    on the LAN may answer: each property is read as text and checked, never trusted."""
    from zeroconf import IPVersion

    addresses = info.parsed_addresses(IPVersion.V4Only)
    if not addresses or not info.port:
        return None
    props = info.decoded_properties
    players = _number(props.get("players"), 0, MAX_SEATS)
    free = _number(props.get("free"), -1, MAX_SEATS)
    return FoundTable(
        _name(info.name.removesuffix("." + SERVICE_TYPE)),  # shown when no host name came: cleaned too
        _best_address(addresses, list(networks)),
        info.port,
        _name(props.get("preset")) or "?",
        players,
        _number(props.get("version")),
        _name(props.get("host")),
        min(free, players) if free >= 0 and players else free,  # never more free seats than seats
        props.get("playing") == "1",
    )


def browse(seconds: float = 1.5, interfaces: Sequence[str] | None = None) -> list[FoundTable]:
    """`async_browse` for a thread without an event loop (the Join screen searches on a worker)."""
    return asyncio.run(async_browse(seconds, interfaces))
