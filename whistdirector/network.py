"""The laptop's own network addresses, read from its interfaces (no traffic is sent).

Phones on the hall's Wi-Fi open the laptop by one of these addresses, so they are the hosts the
hall allows and the first of them is the address printed in QR codes.
"""

from __future__ import annotations

import ipaddress
import socket

import psutil


def _preference(address: str) -> tuple[int, str]:
    # Home and hall routers hand out 192.168.x.x and 10.x.x.x; 172.16/12 is as often a
    # virtual machine's or a container's bridge, so it comes after them.
    ip = ipaddress.ip_address(address)
    order = [ipaddress.ip_network(n) for n in ("192.168.0.0/16", "10.0.0.0/8", "172.16.0.0/12")]
    rank = next((i for i, net in enumerate(order) if ip in net), len(order))
    return rank, address


def lan_addresses() -> list[str]:
    """IPv4 addresses of the interfaces that are up, loopback and link-local left out,
    the likeliest hall address first."""
    stats = psutil.net_if_stats()
    found = set()
    for name, addresses in psutil.net_if_addrs().items():
        if name in stats and not stats[name].isup:
            continue
        for entry in addresses:
            if entry.family != socket.AF_INET:
                continue
            ip = ipaddress.ip_address(entry.address)
            if not (ip.is_loopback or ip.is_link_local or ip.is_unspecified):
                found.add(entry.address)
    return sorted(found, key=_preference)


def hall_hosts(addresses: list[str]) -> list[str]:
    """Every name a phone may use for the laptop: its addresses and its own name."""
    name = socket.gethostname()
    names = [name, f"{name}.local"] if name else []
    return [*addresses, *names, "127.0.0.1", "localhost"]


def hall_url(addresses: list[str], port: int) -> str:
    host = addresses[0] if addresses else "127.0.0.1"
    return f"http://{host}" + ("" if port == 80 else f":{port}")
