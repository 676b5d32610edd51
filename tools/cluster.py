"""A local cluster on one machine, for tests and benchmarks: a throwaway PostgreSQL, N app
processes on it and a proxy in front with sticky sessions.

`./scripts/cluster [--apps 2] [--port 8080]` (or `python -m tools.cluster`): starts

- PostgreSQL from Debian's `postgresql` package (`/usr/lib/postgresql/<n>/bin`): `initdb` in
  a temporary folder, its own port, its socket in that folder (no TCP), run as the user
  `postgres` when started by root (PostgreSQL refuses root);
- N processes of `python -m ui` on 127.0.0.1, each on a port of its own, each with
  `WONDERS_DATABASE_URL` pointing at that database (and its own data folder for uploads),
  each trusting the proxy's `X-Forwarded-For` (`--trusted-proxy 127.0.0.1`: a phone's
  address is its own, not the proxy's, so the caps per client address count each phone's
  network, not all of them as one);
- Caddy (`/usr/bin/caddy`) on 127.0.0.1:`--port`, `reverse_proxy` to the N processes with
  `lb_policy cookie` (a browser stays on its process; when that process is gone the proxy
  sends it to another, which finds its game in the database);

prints the address, and on Ctrl-C stops everything and removes the folder. A missing part
is said with what installs it (`.ci/run` does), never skipped. Loopback only.
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import hmac
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

from tools import server as srv

PG_ROOT = Path("/usr/lib/postgresql")
CADDY = "caddy"
STICKY_COOKIE = "wonders_lb"
"""The proxy's cookie that keeps a browser on one app process."""
DATABASE = "wonders"
"""The database's name, and its owner's."""
PROXY_HOST = "127.0.0.1"
"""Where the proxy listens, and the address the app processes see it connect from."""


class MissingPart(RuntimeError):
    """A real component the cluster needs is not installed."""


def pg_bin() -> Path:
    """The newest PostgreSQL's binaries of Debian's package (`WONDERS_PG_BIN` overrides)."""
    override = os.environ.get("WONDERS_PG_BIN")
    found = ([Path(override)] if override else
             sorted(PG_ROOT.glob("*/bin"), key=lambda p: int(p.parent.name)
                    if p.parent.name.isdigit() else 0, reverse=True))
    for folder in found:
        if (folder / "initdb").exists() and (folder / "pg_ctl").exists():
            return folder
    raise MissingPart("PostgreSQL's binaries are not installed (no initdb in "
                      f"{override or PG_ROOT / '*/bin'}): `apt-get install postgresql` "
                      "(.ci/run does it)")


def caddy() -> str:
    found = shutil.which(CADDY)
    if found is None:
        raise MissingPart("Caddy is not installed (no `caddy` on PATH): `apt-get install "
                          "caddy` (.ci/run does it)")
    return found


def _as_postgres(cmd: list[str]) -> list[str]:
    """PostgreSQL refuses to run as root: then as the user `postgres` (Debian's package
    makes it)."""
    return ["runuser", "-u", "postgres", "--", *cmd] if os.geteuid() == 0 else cmd


@dataclass
class Postgres:
    """A throwaway PostgreSQL: its data and socket in `folder`, on `port`."""

    folder: Path
    port: int
    bin: Path

    @property
    def url(self) -> str:
        return f"postgresql://{DATABASE}@/{DATABASE}?host={self.folder}&port={self.port}"

    @classmethod
    def start(cls, folder: Path, fsync: bool = True) -> Postgres:
        """initdb, start and create the database. `fsync=False` for tests: the app's
        processes are killed, never the database or the machine."""
        bin_dir = pg_bin()
        if os.geteuid() == 0:
            shutil.chown(folder, "postgres")
        port = srv.free_port()
        data = folder / "data"
        log = folder / "postgres.log"
        _run(_as_postgres([str(bin_dir / "initdb"), "-D", str(data), "-U", DATABASE,
                           "--auth=trust", "-E", "UTF8", "--no-sync"]), log)
        options = (f"-p {port} -k {folder} -c listen_addresses='' -c max_connections=200"
                   + ("" if fsync else " -c fsync=off -c synchronous_commit=off"))
        _run(_as_postgres([str(bin_dir / "pg_ctl"), "-D", str(data), "-o", options,
                           "-l", str(log), "-w", "-t", "60", "start"]), log)
        pg = cls(folder, port, bin_dir)
        _run([str(bin_dir / "createdb"), "-h", str(folder), "-p", str(port), "-U", DATABASE,
              DATABASE], log)
        return pg

    def stop(self) -> None:
        with contextlib.suppress(subprocess.SubprocessError, OSError):
            subprocess.run(_as_postgres([str(self.bin / "pg_ctl"), "-D",
                                         str(self.folder / "data"), "-m", "immediate", "-w",
                                         "stop"]), capture_output=True, timeout=60,
                           check=False)


def _run(cmd: list[str], log: Path) -> None:
    done = subprocess.run(cmd, capture_output=True, text=True, timeout=120, check=False)
    if done.returncode != 0:
        tail = log.read_text()[-2000:] if log.exists() else ""
        raise RuntimeError(f"{' '.join(cmd[:4])}... failed ({done.returncode}): "
                           f"{done.stderr.strip()[-2000:]}\n{tail}")


CADDYFILE = """{{
\tadmin off
\tauto_https off
\tstorage file_system {folder}/caddy-data
}}
http://127.0.0.1:{port} {{
\treverse_proxy {upstreams} {{
\t\tlb_policy cookie {cookie}
\t\tlb_try_duration 5s
\t\tlb_try_interval 100ms
\t\tfail_duration 10s
\t\tflush_interval -1
\t}}
}}
"""


@dataclass
class Cluster:
    """PostgreSQL, the app processes and the proxy (`url`, `ws_url`)."""

    folder: Path
    postgres: Postgres
    apps: list[srv.Server] = field(default_factory=list)
    proxy: subprocess.Popen[bytes] | None = None
    port: int = 0
    app_env: dict[str, str] = field(default_factory=dict)
    app_module: str = "ui"
    """What each app process runs (`python -m <module> --host --port`)."""
    app_args: tuple[str, ...] = ()
    """More options of every app process (after `--trusted-proxy 127.0.0.1`)."""
    _lock: threading.Lock = field(default_factory=threading.Lock, repr=False)
    _started: int = 0

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/"

    @property
    def ws_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/ws"

    def start_app(self, port: int | None = None) -> srv.Server:
        """One more app process on the database (on `port`: again in a dead one's place)."""
        with self._lock:
            n = self._started
            self._started += 1
        data = self.folder / f"app-{n}"
        data.mkdir(exist_ok=True)
        env = {"WONDERS_DATABASE_URL": self.postgres.url, **self.app_env}
        app = srv.start(data, port=port, env=env, log=self.folder / f"app-{n}.log",
                        module=self.app_module,
                        args=("--trusted-proxy", PROXY_HOST, *self.app_args))
        with self._lock:
            self.apps.append(app)
        return app

    def kill(self, app: srv.Server) -> None:
        """kill -9 one app process (no handler, no goodbye)."""
        app.kill()

    def revive(self, app: srv.Server) -> srv.Server:
        """A new process in a dead one's place (its port: the proxy sends phones to it
        again)."""
        with self._lock:
            self.apps.remove(app)
        return self.start_app(app.port)

    def sticky_cookie(self, app: srv.Server) -> str:
        """The proxy's cookie that sends a browser to this process (Caddy's `lb_policy
        cookie`: the HMAC-SHA256 of the upstream's address, with an empty secret here)."""
        value = hmac.new(b"", f"127.0.0.1:{app.port}".encode(), hashlib.sha256).hexdigest()
        return f"{STICKY_COOKIE}={value}"

    def _start_proxy(self, port: int, upstreams: list[int]) -> None:
        conf = self.folder / "Caddyfile"
        conf.write_text(CADDYFILE.format(folder=self.folder, port=port, cookie=STICKY_COOKIE,
                                         upstreams=" ".join(
            f"127.0.0.1:{p}" for p in upstreams)))
        env = dict(os.environ, XDG_DATA_HOME=str(self.folder / "caddy-data"),
                   XDG_CONFIG_HOME=str(self.folder / "caddy-config"), HOME=str(self.folder))
        log = open(self.folder / "caddy.log", "wb")  # noqa: SIM115
        self.proxy = subprocess.Popen([caddy(), "run", "--config", str(conf), "--adapter",
                                       "caddyfile"], env=env, stdout=log,
                                      stderr=subprocess.STDOUT)
        self.port = port
        deadline = time.perf_counter() + 30
        while True:
            if self.proxy.poll() is not None:
                raise RuntimeError("caddy exited: " + (self.folder / "caddy.log").read_text())
            try:
                with urllib.request.urlopen(self.url, timeout=2) as r:
                    r.read()
                return
            except OSError:
                if time.perf_counter() > deadline:
                    raise
                time.sleep(0.05)

    def stop(self) -> None:
        if self.proxy is not None and self.proxy.poll() is None:
            self.proxy.terminate()
            with contextlib.suppress(subprocess.TimeoutExpired):
                self.proxy.wait(10)
            if self.proxy.poll() is None:
                self.proxy.kill()
        for app in self.apps:
            app.stop()
        self.postgres.stop()
        shutil.rmtree(self.folder, ignore_errors=True)

    def __enter__(self) -> Cluster:
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()


def start(apps: int = 2, port: int | None = None, proxy: bool = True, fsync: bool = True,
          app_env: dict[str, str] | None = None, app_module: str = "ui",
          app_args: tuple[str, ...] = ()) -> Cluster:
    """Start PostgreSQL, `apps` app processes and (with `proxy`) Caddy in front of them.
    Every part is checked before anything starts; a part that fails to start stops the
    others and removes the folder."""
    pg_bin()
    if proxy:
        caddy()
    folder = Path(tempfile.mkdtemp(prefix="wonders-cluster-"))
    os.chmod(folder, 0o755)  # PostgreSQL's user makes its socket here; the apps reach it
    cluster: Cluster | None = None
    try:
        cluster = Cluster(folder, Postgres.start(folder, fsync=fsync),
                          app_env=dict(app_env or {}), app_module=app_module,
                          app_args=app_args)
        started = cluster
        with ThreadPoolExecutor(apps or 1) as pool:  # the processes start side by side
            list(pool.map(lambda _n: started.start_app(), range(apps)))
        if proxy:
            cluster._start_proxy(port or srv.free_port(), [a.port for a in cluster.apps])
        return cluster
    except BaseException:
        if cluster is not None:
            cluster.stop()
        else:
            shutil.rmtree(folder, ignore_errors=True)
        raise


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="scripts/cluster", description=__doc__.split("\n")[0])
    parser.add_argument("--apps", type=int, default=2, help="app processes (default 2)")
    parser.add_argument("--port", type=int, default=8080,
                        help="the proxy's port on 127.0.0.1 (default 8080)")
    args = parser.parse_args(argv)
    if not 1 <= args.apps <= 32:
        print("scripts/cluster: --apps takes 1 to 32 processes", file=sys.stderr)
        return 2
    try:
        cluster = start(args.apps, args.port)
    except MissingPart as err:
        print(f"scripts/cluster: {err}", file=sys.stderr)
        return 2
    with cluster:
        print(f"{cluster.url} -> {len(cluster.apps)} app processes "
              f"({', '.join(str(a.port) for a in cluster.apps)}) on {cluster.postgres.url}",
              flush=True)
        stopping: list[int] = []
        signal.signal(signal.SIGTERM, lambda n, _f: stopping.append(n))
        with contextlib.suppress(KeyboardInterrupt):
            while not stopping:
                time.sleep(0.5)
    return 0


if __name__ == "__main__":
    sys.exit(main())
