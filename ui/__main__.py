"""`wonders-app` / `python -m ui [--host H] [--port P] [--certfile F --keyfile K]`: serve the
app on the local network, offline; over HTTPS with a certificate and its key.

The app extra is checked first (an engine-only install names the extra to install), then
Flet's version (`ui/web/flet_door.py`, at its import, before anything here imports Flet): a
version it was not checked against is said in one line, exit status 2. So this module
imports none of the app's libraries at its top (segno, platformdirs, Flet: in `_serve`)."""

from __future__ import annotations

import argparse
import contextlib
import os
import re
import secrets
import shutil
import socket
import ssl
import sys
import tempfile
from pathlib import Path
from urllib.parse import urlsplit

from scorer import i18n
from scorer.cli import VersionAction, program
from scorer.i18n import _
from ui.text import strings as S
from ui.web import allocator
from ui.web.flet_versions import APP_EXTRA, DISTRIBUTION, FletMismatch, missing_app_packages
from ui.web.trusted_proxy import (
    MOST_ADDRESSES,
    embedded_ipv4,
    is_ipv4_compatible,
    proxy_network,
    trusted_networks,
)

SESSION_TIMEOUT_S = 45
"""Seconds a closed tab's session is kept for its phone to come back (Flet's eviction runs
every 10 s: its memory is let go within a minute); a phone back later gets a new session,
which shows its game as saved."""


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


def urls(host: str, port: int, scheme: str = "http") -> tuple[str, list[str]]:
    """The address for this computer, and those a phone on the same network may open (none
    when the server listens on this computer only)."""
    if host in ("0.0.0.0", "", "::"):
        lan = [a for a in lan_addresses() if a != "127.0.0.1"]
        return f"{scheme}://127.0.0.1:{port}/", [f"{scheme}://{h}:{port}/" for h in lan]
    local = host in ("127.0.0.1", "localhost", "::1")
    return f"{scheme}://{host}:{port}/", [] if local else [f"{scheme}://{host}:{port}/"]


_NAME = re.compile(r"[a-z0-9_-]+(\.[a-z0-9_-]+)*")
"""A host name as a browser sends it in the Host header (lower case, no port)."""


def allow_host_problem(name: str) -> str:
    """Why `--allow-host` cannot take this ("" = it is a name)."""
    if _NAME.fullmatch(name.strip().lower().rstrip(".")):
        return ""
    return _("--allow-host: a name as the address bar shows it, such as scores.example.org "
             "(without https:// and without a port), not {name!r}").format(name=name)


WIDEST_TRUSTED = {4: 33 - MOST_ADDRESSES.bit_length(), 6: 129 - MOST_ADDRESSES.bit_length()}
"""The widest network `--trusted-proxy` takes, by IP version (prefix length): at most
`ui.web.trusted_proxy.MOST_ADDRESSES` (256: IPv4 /24, IPv6 /120) addresses, one machine or a
few."""


def trusted_proxy_problem(value: str) -> str:
    """Why `--trusted-proxy` cannot take this ("" = an address, or a network of a few
    machines). Refused rather than taken: `*` or 0.0.0.0/0 would let anyone spoof their
    address, and a name (localhost) or a list ("a, b") would silently trust nothing. An
    IPv4-mapped network is counted as the IPv4 network it is (`::ffff:0:0/96` is every
    IPv4 address: on a dual-stack listener every IPv4 client would name its own)."""
    text = value.strip()
    if text == "*":
        return _("--trusted-proxy: * would trust every client to name its own address; give "
                 "the proxy's address, such as 127.0.0.1")
    try:
        network = proxy_network(text)
    except ValueError:
        return _("--trusted-proxy: an IP address or network, such as 127.0.0.1 or "
                 "10.0.0.0/24 (one per --trusted-proxy, no names, no lists), not "
                 "{value!r}").format(value=value)
    if network.num_addresses > MOST_ADDRESSES:
        widest = WIDEST_TRUSTED[network.version]
        return _("--trusted-proxy: {value} would trust {count} addresses to name their own; "
                 "give the proxy's address, or a network of /{widest} or narrower").format(
                     value=text, count=f"{network.num_addresses:,}", widest=widest)
    if is_ipv4_compatible(network):
        ipv4 = embedded_ipv4(network)  # an IPv6Network: is_ipv4_compatible says so
        return _("--trusted-proxy: {value} is an IPv4 address in a form no longer used "
                 "(IPv4-compatible IPv6); give the IPv4 address itself, {ipv4}").format(
                     value=text, ipv4=ipv4.network_address if ipv4.prefixlen == 32 else ipv4)
    return ""


def served_names(host: str, public_url: str | None = None, origins: tuple[str, ...] = (),
                 allowed: tuple[str, ...] = ()) -> frozenset[str]:
    """The names the server answers to besides addresses and localhost (ui/web/server.py,
    `host_problem`): the name it listens on (`--host`), this machine's name and its mDNS
    `.local` name (what a phone on the network may open), the names of `--public-url` and
    `--allow-origin` (a proxy in front forwards the name phones opened), and `allowed`
    (`--allow-host`). Lower case, without a trailing dot."""
    names = {host, *allowed}
    for url in (public_url or "", *origins):
        with contextlib.suppress(ValueError):
            names.add(urlsplit(url.strip()).hostname or "")
    machine = socket.gethostname()
    if machine:
        names |= {machine, machine.split(".")[0] + ".local"}
    return frozenset(n.strip().lower().rstrip(".") for n in names
                     if _NAME.fullmatch(n.strip().lower().rstrip(".")))


def tls_problem(certfile: str | None, keyfile: str | None) -> str:
    """Why the certificate and key cannot serve HTTPS ("" = they can, or neither is given),
    said before the server starts instead of a traceback from inside it."""
    if not certfile and not keyfile:
        return ""
    if not certfile or not keyfile:
        return _("--certfile and --keyfile go together: give both, or neither for plain "
                 "http")
    for name in (certfile, keyfile):
        if not os.path.isfile(name):
            return _("--certfile/--keyfile: no such file {name}").format(name=name)
    try:
        ssl.create_default_context(ssl.Purpose.CLIENT_AUTH).load_cert_chain(certfile, keyfile)
    except (OSError, ssl.SSLError) as err:
        return _("--certfile/--keyfile: not a certificate (PEM) and its private key: "
                 "{why}").format(why=err)
    return ""

def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True

def upload_dir(data: Path) -> Path:
    """This run's private upload folder, `<data>/uploads/run-<pid>`. Folders left by runs
    that are gone (a crash, a kill) are removed first, with any partial upload in them.
    When the data folder cannot hold it, a private temporary folder."""
    from ui.store.store import private_dir

    base = data / "uploads"
    try:
        private_dir(base)
        for old in base.glob("run-*"):
            pid = old.name.removeprefix("run-")
            if not (pid.isdigit() and _alive(int(pid))):
                shutil.rmtree(old, ignore_errors=True)
        mine = base / f"run-{os.getpid()}"
        shutil.rmtree(mine, ignore_errors=True)  # a folder of a pid reused from a gone run
        private_dir(mine)
        return mine
    except OSError:
        return Path(tempfile.mkdtemp(prefix="wonders-uploads-"))

def main(argv: list[str] | None = None) -> int:
    if argv is None and not {"-h", "--help", "--version"} & set(sys.argv[1:]):
        # the server's memory on jemalloc when the machine has it (ui/web/allocator.py):
        # re-executes this program once, before Flet or the store takes any memory
        with i18n.language(i18n.from_environment()):
            refused = allocator.choose(program("python -m ui"))
        if refused is not None:
            return refused
    missing = missing_app_packages()
    if missing:  # an engine-only install: say the extra, no traceback from an import
        with i18n.language(i18n.from_environment()):
            print(_("{program}: the app needs the package's \"{extra}\" extra ({missing} "
                    "not installed): pip install '{package}[{extra}]'").format(
                        program=program("python -m ui"), extra=APP_EXTRA,
                        missing=", ".join(missing), package=DISTRIBUTION),
                  file=sys.stderr, flush=True)
        return 2
    try:  # before anything imports Flet: its version checked (ui/web/flet_versions.py)
        from ui.web import flet_door  # noqa: F401
    except FletMismatch as err:
        print(f"{program('python -m ui')}: {err}", file=sys.stderr, flush=True)
        return 2
    return _serve(argv)


def _serve(argv: list[str] | None) -> int:
    import segno

    from ui.app import make_main
    from ui.store.store import Store
    from ui.web.server import MAX_CONNECTIONS, SESSIONS_PER_ADDRESS, build_app, serve
    from ui.web.webapp import prepare_assets, web_names

    with i18n.language(i18n.from_environment()):  # the server's console: its LANG
        parser = argparse.ArgumentParser(prog=program("python -m ui"), description=S.TAGLINE,
                                         epilog=_("HTTPS: a phone treats only an https "
                                                  "page (or this computer's own) as secure; "
                                                  "only there can it share, copy and "
                                                  "install the app. See README, HTTPS."))
        parser.add_argument("--host", default="0.0.0.0",
                            help=_("address to listen on (default 0.0.0.0)"))
        parser.add_argument("--port", type=int, default=8550, help=_("port (default 8550)"))
        parser.add_argument("--no-qr", action="store_true", help=_("do not print the QR code"))
        parser.add_argument("--trusted-proxy", action="append", default=[], metavar="ADDRESS",
                            help=_("a reverse proxy whose X-Forwarded-For header names the "
                                   "client (repeatable; default: none, the address is the "
                                   "connection's)"))
        parser.add_argument("--sessions-per-address", type=int, default=SESSIONS_PER_ADDRESS,
                            metavar="N",
                            help=_("open sessions one client address may hold at once "
                                   "(default {n}; a game café whose phones all reach the "
                                   "server from one address: at least its phones)").format(
                                       n=SESSIONS_PER_ADDRESS))
        parser.add_argument("--allow-origin", action="append", default=[], metavar="URL",
                            help=_("another origin whose pages may open the app, such as "
                                   "https://scores.example.org (repeatable; default: only "
                                   "the page's own)"))
        parser.add_argument("--allow-host", action="append", default=[], metavar="NAME",
                            help=_("another name phones open the server at, such as "
                                   "scores.example.org behind a proxy (repeatable; default: "
                                   "its addresses, localhost, this computer's name and the "
                                   "names of --host, --public-url and --allow-origin; any "
                                   "other name is refused, so that no other site's page can "
                                   "reach it by DNS rebinding)"))
        parser.add_argument("--certfile", metavar="FILE",
                            help=_("serve HTTPS with this certificate (PEM, with its chain)"))
        parser.add_argument("--keyfile", metavar="FILE",
                            help=_("the certificate's private key (PEM)"))
        parser.add_argument("--public-url", metavar="URL",
                            help=_("the address phones open, shown with the join code "
                                   "(behind a proxy such as Caddy: its https address)"))
        parser.add_argument("--version", action=VersionAction)
        args = parser.parse_args(argv)
        problems = [tls_problem(args.certfile, args.keyfile)]
        if not 1 <= args.sessions_per_address <= MAX_CONNECTIONS:
            problems.append(_("--sessions-per-address: a number from 1 to {most}, not "
                              "{n}").format(most=MAX_CONNECTIONS, n=args.sessions_per_address))
        if args.public_url and not args.public_url.startswith(("https://", "http://")):
            problems.append(_("--public-url: an address that starts with https:// (or "
                              "http://), not {url!r}").format(url=args.public_url))
        problems += [allow_host_problem(name) for name in args.allow_host]
        problems += [trusted_proxy_problem(value) for value in args.trusted_proxy]
        if any(problems):
            parser.error("; ".join(p for p in problems if p))  # exit status 2, all at once
        here, lan = urls(args.host, args.port, "https" if args.certfile else "http")
        print(S.serve_banner(here, lan), flush=True)
    if lan and not args.no_qr:
        segno.make(lan[0], error="m").terminal(out=sys.stdout, compact=True)
    sys.stdout.flush()
    store = Store()
    # Import by file: the browser PUTs the picked file to Flet's upload handler (signed URLs,
    # a key per run; the handler refuses more than MAX_IMPORT_BYTES) in a private folder.
    os.environ.setdefault("FLET_SECRET_KEY", secrets.token_urlsafe(32))
    # A closed tab's session is kept SESSION_TIMEOUT_S (Flet's default is an hour, ~350 KiB
    # each: memory grew with every visitor). A phone back later reloads its game from the store.
    timeout = int(os.environ.get("FLET_SESSION_TIMEOUT") or SESSION_TIMEOUT_S)
    uploads = upload_dir(store.path.parent)
    # Our name, icons and web manifest, and Flet's page made to ask no CDN (ui/web/webapp.py).
    assets = prepare_assets(Path(tempfile.mkdtemp(prefix="wonders-web-")))

    def stop() -> None:
        shutil.rmtree(uploads, ignore_errors=True)
        shutil.rmtree(assets, ignore_errors=True)
        with contextlib.suppress(Exception):
            store.close()

    try:
        names = served_names(args.host, args.public_url, tuple(args.allow_origin),
                             tuple(args.allow_host))
        # the join card: --public-url, else the page's own name when served, else the LAN's
        main_app = make_main(store, uploads, args.public_url or "", names, (lan or [""])[0])
        serve(build_app(main_app, uploads, timeout, stop, assets, frozenset(args.allow_origin),
                        web_names(), sessions_per_address=args.sessions_per_address,
                        hosts=names),
              args.host, args.port, trusted_networks(args.trusted_proxy),
              certfile=args.certfile,
              keyfile=args.keyfile)
    except FletMismatch as err:  # Flet's insides changed (ui/web/flet_door.py says what to check)
        print(f"{program('python -m ui')}: {err}", file=sys.stderr)
        return 2
    finally:
        stop()
    return 0

if __name__ == "__main__":
    sys.exit(main())
