"""What a churn of sessions leaves in the server, and nothing else: `python -m
benchmarks.churn_memory [--sessions 5000] [--clients 20] [--settle 90]`.

Starts one `python -m ui` (through benchmarks/probe_app.py, which answers probes of what
the process holds; SQLite, a fresh data folder), opens and closes 20 sessions to warm it
(imports, caches, a first render), waits 20 s and probes it: the baseline. Then
`--clients` raw websocket clients open and close `--sessions` sessions in all, one after
another each (`benchmarks.attack.churn`: the session registered, its home screen rendered,
closed), waits `--settle` seconds and probes it again. Prints the server's RSS, the objects
the collector tracks (the frozen ones too), jemalloc's own figures when the server runs on
it (`allocated`, `active`, `resident`), the objects in reference cycles the probe found
(garbage a sweep would have to free, by type) and the types that grew most.

`benchmarks/attack.py --run churn` measures the same churn with a player entering ten
games meanwhile: its memory after includes what those games hold. This one says what the
churn alone leaves (issue 32: "after any churn, RSS back within 20 % of where it started
within 2 minutes"). Not run in CI; loopback only.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import signal
import sys
import tempfile
from pathlib import Path
from typing import Any

from benchmarks.attack import Outcomes, churn
from tools import server as srv


async def probe(server: srv.Server, answers: Path, seen: int,
                timeout_s: float = 120) -> dict[str, Any]:
    """Everything the server holds (probe_app's SIGUSR2: a full collection with the garbage
    kept to be counted), as its `seen`-th answer."""
    os.kill(server.pid, signal.SIGUSR2)
    for _ in range(int(timeout_s / 0.2)):
        await asyncio.sleep(0.2)
        lines = answers.read_text().splitlines() if answers.exists() else []
        if len(lines) > seen:
            got: dict[str, Any] = json.loads(lines[seen])
            return got
    raise TimeoutError("the server did not answer the probe")


def grown(before: dict[str, int], after: dict[str, int], most: int = 12) -> dict[str, int]:
    """The counts that changed most between two probes (by type or module)."""
    change = {k: after.get(k, 0) - before.get(k, 0) for k in set(before) | set(after)}
    return dict(sorted(((k, v) for k, v in change.items() if v), key=lambda kv: -abs(kv[1]))
                [:most])


async def run(sessions: int, clients: int, settle: float) -> int:
    with tempfile.TemporaryDirectory() as tmp:
        answers = Path(tmp) / "probe.jsonl"
        data = Path(tmp) / "data"
        data.mkdir()
        with srv.start(data, module="benchmarks.probe_app",
                       env={"WONDERS_PROBE_FILE": str(answers)},
                       log=Path(tmp) / "server.log") as server:
            out = Outcomes()
            await asyncio.gather(*[churn(server.ws_url, k, 5, out) for k in range(4)])
            await asyncio.sleep(20)
            base = await probe(server, answers, 0)
            each = -(-sessions // clients)
            await asyncio.gather(*[churn(server.ws_url, k, each, out) for k in range(clients)])
            await asyncio.sleep(settle)
            after = await probe(server, answers, 1)
            said = (Path(tmp) / "server.log").read_text().splitlines()
        rss = base["rss_kib"] / 1024, after["rss_kib"] / 1024
        print(json.dumps({
            "sessions": each * clients, "clients": clients, "settle_s": settle,
            "outcomes": dict(out.answered),
            "rss_mib": [round(rss[0], 1), round(rss[1], 1)],
            "rss_change_pct": round(100 * (rss[1] - rss[0]) / rss[0], 1),
            "tracked": [base["all_tracked"], after["all_tracked"]],
            "garbage_found": after["collected"], "garbage_types": after["garbage_types"],
            "jemalloc_mib": [base.get("jemalloc_mib"), after.get("jemalloc_mib")],
            "types_grown": grown(base["types"], after["types"]),
            "sweeps_said": [line for line in said if "collector:" in line]}, indent=1))
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.churn_memory",
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("--sessions", type=int, default=5000)
    parser.add_argument("--clients", type=int, default=20)
    parser.add_argument("--settle", type=float, default=90.0,
                        help="seconds after the churn before the second probe")
    args = parser.parse_args(argv)
    return asyncio.run(run(args.sessions, args.clients, args.settle))


if __name__ == "__main__":
    sys.exit(main())
