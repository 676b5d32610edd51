"""The whole history of this computer's app, to one file and back, from the command line
(for a history larger than the app's upload limit, or a server without a browser):

    python -m ui.store.backup export FILE   # every finished game in the data folder
    python -m ui.store.backup import FILE   # the games the history lacks (seen by every device)

The file is the history file of docs/format.md ("The history file"). Exit status 0 done, 2 the file
or the command is wrong (every problem on standard error, with its place); nothing is
changed then.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from scorer.history import history_json, read_text
from scorer.i18n import _, from_environment, language
from ui.store.store import Store
from ui.text import strings as S

MAX_BYTES = 256_000_000


def main(argv: Sequence[str] | None = None) -> int:
    with language(from_environment()):
        return _main(argv)


def _main(argv: Sequence[str] | None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m ui.store.backup",
        description=_("Export the app's history to a history file, or import one."))
    parser.add_argument("action", choices=["export", "import"])
    parser.add_argument("file", help=_("history file (JSON)"))
    args = parser.parse_args(argv)
    path = Path(args.file)
    store = Store()
    try:
        if args.action == "export":
            plays, left = store.history_export(everyone=True)
            path.write_text(history_json(plays) + "\n", encoding="utf-8")
            print(_("{n} games written to {file}").format(n=len(plays), file=path))
            if left:  # never a file that silently lacks games
                print(S.export_left_out([f"{g.summary} ({g.id})" for g in left]),
                      file=sys.stderr)
            return 0
        try:
            with path.open("rb") as f:
                raw = f.read(MAX_BYTES + 1)
        except OSError as err:
            print(_("{file}: cannot read: {reason}").format(file=path,
                                                            reason=err.strerror or err),
                  file=sys.stderr)
            return 2
        found, problems = read_text(raw)
        if problems:
            for p in problems:
                print(p, file=sys.stderr)
            return 2
        done = store.import_plays([p.play for p in found], everyone=True)
        if done is None:
            print(store.notice, file=sys.stderr)
            return 1
        print(_("{added} games added, {already} already there").format(
            added=done.added, already=done.already))
        return 0
    finally:
        store.close()


if __name__ == "__main__":
    sys.exit(main())
