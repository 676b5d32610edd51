"""Fill a catalogue's translations from a JSON file of {msgid: msgstr | [forms]} (a
translator's batch): `python tools/fill_catalogue.py vi batch.json`. Texts not in the
catalogue are reported, never added (the code decides what exists: `pybabel extract`)."""

from __future__ import annotations

import json
import sys

from babel.messages.pofile import read_po, write_po

from scorer.i18n import catalogue_path


def main(language: str, batch: str) -> int:
    path = catalogue_path(language)
    with path.open("rb") as f:
        catalog = read_po(f, locale=language)
    with open(batch, encoding="utf-8") as f:
        wanted: dict[str, str | list[str]] = json.load(f)
    unknown = []
    for msgid, text in wanted.items():
        message = next((m for m in catalog if m.id == msgid or (
            isinstance(m.id, tuple) and m.id[0] == msgid)), None)
        if message is None:
            unknown.append(msgid)
            continue
        message.string = tuple(text) if isinstance(text, list) else text
        message.flags.discard("fuzzy")
    with path.open("wb") as f:
        write_po(f, catalog, width=100, sort_output=True)
    for msgid in unknown:
        print(f"not in the catalogue: {msgid!r}", file=sys.stderr)
    return 1 if unknown else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2]))
