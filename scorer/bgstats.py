"""A finished game as a play for BG Stats (Board Game Stats), the app where many groups keep
their plays: its documented link for other apps.

Format: "Push plays to BG Stats from other apps or websites",
https://www.bgstatsapp.com/support/push-plays-to-bg-stats-from-other-apps-or-websites/
The link is `https://app.bgstatsapp.com/createPlay.html?data=<data>` (or the same after
`bgstats://`), `<data>` the URL-encoded JSON of one play: `sourceName`, `sourcePlayId`,
`playDate` ("YYYY-MM-DD HH:MM:SS", in UTC, as BG Stats' own integrations send it: BG
Stats shows it in each phone's own time zone; the server's local time was off by the
server's offset), `durationMin`, `location`, `comments`, `board`,
`game` {`name`, `bggId`, `sourceGameId`, `highestWins`, `noPoints`} and `players`, each
{`name`, `sourcePlayerId`, `score`, `rank`, `winner`, `startPlayer`, `role`}. The format
has no field for expansions: they are named in `comments` (BG Stats asks which expansions
were played when the play is imported).

The BoardGameGeek ids (boardgamegeek.com/boardgame/<id>) are game data: each ruleset
folder's `[ruleset] bgg_id` (`scorer.ruleset.bgg_id`); the expansions' are named in
`comments` with their ids. The 2nd edition's Leaders and the fan-made Duel Leaders have
none and are named only.
"""

from __future__ import annotations

import datetime as dt
import json
import urllib.parse
from collections.abc import Sequence
from typing import Any

from scorer.i18n import _
from scorer.ruleset import bgg_id

LINK = "bgstats://app.bgstatsapp.com/createPlay.html?data="
WEB_LINK = "https://app.bgstatsapp.com/createPlay.html?data="
SOURCE_NAME = "Wonders Score Pad"



def play_data(*, play_id: str, game: str, game_name: str, expansions: Sequence[tuple[str, str]],
              finished: float, duration_min: int | None, place: str, note: str,
              players: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """The play as BG Stats reads it. `expansions`: (tag, name as players call it);
    `players`: in seating order, each with `name`, `score`, `rank` (None: the Free City,
    not sent), `winner` and `role` (the wonder, "" for none)."""
    notes = [note] if note else []
    if expansions:
        named = []
        for tag, name in expansions:
            bgg = bgg_id(game, tag)
            named.append(f"{name} (BGG {bgg})" if bgg else name)
        notes.append(_("Expansions: {names}").format(names=", ".join(named)))
    data: dict[str, Any] = {
        "sourceName": SOURCE_NAME,
        "sourcePlayId": play_id,
        "playDate": dt.datetime.fromtimestamp(finished, dt.UTC).strftime("%Y-%m-%d %H:%M:%S"),
        "game": {"name": game_name, "bggId": bgg_id(game) or 0,
                 "sourceGameId": game, "highestWins": True, "noPoints": False},
        "players": [
            {"name": p["name"], "sourcePlayerId": p["name"], "score": p["score"],
             "rank": p["rank"], "winner": bool(p["winner"]), "startPlayer": False,
             "role": p.get("role", "")}
            for p in players if p["rank"] is not None],
    }
    if duration_min is not None:
        data["durationMin"] = duration_min
    if place:
        data["location"] = place
    if notes:
        data["comments"] = "\n".join(notes)
    return data


def play_link(data: dict[str, Any], web: bool = False) -> str:
    """The link that opens BG Stats on the phone with the play ready to save (`web`: the
    https form, for a desktop or a phone without the app, where `bgstats://` does nothing;
    a phone with the app may open the app from it too)."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return (WEB_LINK if web else LINK) + urllib.parse.quote(text, safe="")
