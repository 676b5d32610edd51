"""The app server as a subprocess on loopback, for benchmarks and tests: start it
(`python -m ui --host H --port P`, as a user does), time its first answer, read its memory
and the addresses it listens on, stop or kill it."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def rss_kb(pid: int) -> int:
    """Resident memory of a process (Linux /proc), in KiB."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def cpu_s(pid: int) -> float:
    """User + system CPU seconds a process has used (Linux /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _decode(hex_addr: str) -> str:
    ip, _port = hex_addr.split(":")
    raw = bytes.fromhex(ip)
    if len(raw) == 4:
        return socket.inet_ntop(socket.AF_INET, raw[::-1])
    words = b"".join(raw[i:i + 4][::-1] for i in range(0, 16, 4))
    return socket.inet_ntop(socket.AF_INET6, words)


def listening(pid: int) -> list[tuple[str, int]]:
    """The (address, port) pairs a process listens on with TCP (Linux /proc)."""
    inodes = set()
    for fd in Path(f"/proc/{pid}/fd").iterdir():
        try:
            target = os.readlink(fd)
        except OSError:
            continue
        if target.startswith("socket:["):
            inodes.add(target[8:-1])
    found = []
    for table in ("tcp", "tcp6"):
        path = Path(f"/proc/{pid}/net/{table}")
        if not path.exists():
            continue
        for row in path.read_text().splitlines()[1:]:
            cols = row.split()
            if cols[3] == "0A" and cols[9] in inodes:  # 0A: LISTEN
                found.append((_decode(cols[1]), int(cols[1].split(":")[1], 16)))
    return found


@dataclass
class Server:
    proc: subprocess.Popen[bytes]
    host: str
    port: int
    data_dir: Path
    first_answer_s: float = 0.0
    """Seconds from starting the process to its first HTTP answer."""
    log: Path = field(default_factory=lambda: Path(os.devnull))

    @property
    def pid(self) -> int:
        return self.proc.pid

    @property
    def ws_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/ws"

    def rss_kb(self) -> int:
        return rss_kb(self.pid)

    def listening(self) -> list[tuple[str, int]]:
        return listening(self.pid)

    def cpu_s(self) -> float:
        return cpu_s(self.pid)

    def kill(self) -> None:
        """kill -9: no handler, no flush, no goodbye."""
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(10)

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()

    def __enter__(self) -> Server:
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()


_APPS = ("ui", "benchmarks.gc_app", "benchmarks.apart_app")
"""The app's modules that take its --no-qr."""


def start(data_dir: Path, host: str = "127.0.0.1", port: int | None = None,
          timeout: float = 60.0, env: dict[str, str] | None = None,
          log: Path | None = None, module: str = "ui", args: tuple[str, ...] = (),
          preexec: Callable[[], None] | None = None) -> Server:
    """Start `python -m ui` (or another app `module` taking the same --host/--port) with its
    data in `data_dir` (and more command-line `args`; `preexec` runs in the child before
    it starts, to set its limits); return once `GET /` answers."""
    port = port or free_port()
    full_env = dict(os.environ, WONDERS_DATA_DIR=str(data_dir), **(env or {}))
    out = open(log, "wb") if log else subprocess.DEVNULL  # noqa: SIM115
    began = time.perf_counter()
    proc = subprocess.Popen(
        [sys.executable, "-m", module, "--host", host, "--port", str(port),
         *(["--no-qr"] if module in _APPS else []), *args],
        cwd=ROOT, env=full_env, stdout=out, stderr=subprocess.STDOUT, preexec_fn=preexec)
    server = Server(proc, host, port, data_dir, log=log or Path(os.devnull))
    deadline = began + timeout
    while True:
        if proc.poll() is not None:
            raise RuntimeError(f"server exited with {proc.returncode} (log: {log})")
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=2) as r:
                r.read()
            break
        except OSError:
            if time.perf_counter() > deadline:
                server.kill()
                raise
            time.sleep(0.02)
    server.first_answer_s = time.perf_counter() - began
    return server
