"""`python -m ui [--host H] [--port P]`: serve the app on the local network, offline."""

from __future__ import annotations

import argparse
import socket
import sys

import flet as ft
import segno

from ui import strings as S
from ui.app import make_main
from ui.store import Store


def lan_addresses() -> list[str]:
    """This machine's IPv4 addresses a phone on the same network may reach."""
    found: list[str] = []
    try:  # the address of the default route (no packet is sent)
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            s.connect(("10.255.255.255", 1))
            found.append(s.getsockname()[0])
    except OSError:
        pass
    try:
        for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET):
            addr = str(info[4][0])
            if addr not in found:
                found.append(addr)
    except OSError:
        pass
    return [a for a in found if not a.startswith("127.")] or ["127.0.0.1"]


def urls(host: str, port: int) -> list[str]:
    hosts = lan_addresses() if host in ("0.0.0.0", "", "::") else [host]
    return [f"http://{h}:{port}/" for h in hosts]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m ui", description=S.TAGLINE)
    parser.add_argument("--host", default="0.0.0.0", help="address to listen on (default 0.0.0.0)")
    parser.add_argument("--port", type=int, default=8550, help="port (default 8550)")
    parser.add_argument("--no-qr", action="store_true", help="do not print the QR code")
    args = parser.parse_args(argv)
    addresses = urls(args.host, args.port)
    print(S.serve_banner(addresses), flush=True)
    if not args.no_qr:
        segno.make(addresses[0], error="m").terminal(out=sys.stdout, compact=True)
    sys.stdout.flush()
    store = Store()
    ft.run(make_main(store), view=ft.AppView.WEB_BROWSER, host=args.host, port=args.port,
           no_cdn=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
