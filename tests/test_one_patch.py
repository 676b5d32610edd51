"""Several parts' patches sent as one message (`ui.web.flet_door.one_patch_per_pass`): the one
message, applied where it is rooted, changes the page exactly as the parts' own messages,
each applied at its part, did. Applied by the benchmarks' websocket client (its mirror of
the page applies Flet's patch format as the browser does, by paths from the root)."""

from __future__ import annotations

import asyncio
import copy
from pathlib import Path
from typing import Any

from benchmarks.flet_ws import FletWsClient, walk
from benchmarks.load import start_game
from tools import server as srv
from ui.screens.note_strip import NOTE_ID
from ui.web.flet_door import _merge_patches


def _page() -> dict[str, Any]:
    return {"_c": "View", "_i": 1, "appbar": {"_c": "AppBar", "_i": 2, "title": {
        "_c": "C", "_i": 3, "_b": {"_c": "Text", "_i": 4, "value": "Ann · 2 pts"}}},
            "controls": [{"_c": "Column", "_i": 5, "controls": [
                {"_c": "C", "_i": 6, "_b": {"_c": "Row", "_i": 7, "controls": [
                    {"_c": "Text", "_i": 8, "value": "Altar"},
                    {"_c": "Text", "_i": 9, "value": "Baths"}]}}]}]}


# Flet's format: [path table, *operations]; an operation is [kind, node, key, value] (0
# replace, 1 add, 2 remove) or [3, from node, from key, to node, to key] (move)
TITLE = [[0, {"_b": [1]}], [0, 1, "value", "Ann · 4 pts"]]
"""The title's part (id 3): its words."""
GROUP = [[0, {"_b": [1, {"controls": [2]}]}],
         [1, 2, 2, {"_c": "Text", "_i": 10, "value": "Theater"}],
         [3, 2, 0, 2, 2],
         [0, 2, 2, {"_c": "Text", "_i": 11, "value": "Altar (taken)"}]]
"""The card group's part (id 6): a card added at the end ([Altar, Baths, Theater]), the
first moved last ([Baths, Theater, Altar]), then that one replaced."""


def test_one_patch_changes_the_page_as_the_parts_patches_did() -> None:
    client = FletWsClient("ws://127.0.0.1:1/ws")
    apart = _page()
    client.page = apart
    client._reindex()
    for target, patch in ((3, TITLE), (6, GROUP)):
        client._apply(client.index[target], copy.deepcopy(patch))
    merged = _page()
    client.page = merged
    client._reindex()
    one = _merge_patches([(["appbar", "title"], copy.deepcopy(TITLE)),
                          (["controls", 0, "controls", 0], copy.deepcopy(GROUP))])
    client._apply(merged, one)  # rooted at the view
    assert merged == apart
    assert [c["value"] for c in merged["controls"][0]["controls"][0]["_b"]["controls"]] == [
        "Baths", "Theater", "Altar (taken)"]
    assert merged["appbar"]["title"]["_b"]["value"] == "Ann · 4 pts"
    # the two path tables share their root; each part's nodes are numbered anew, once
    numbers: list[int] = []

    def number(node: list[Any]) -> None:
        numbers.append(node[0])
        for sub in (node[1].values() if len(node) > 1 else []):
            number(sub)
    number(one[0])
    assert sorted(numbers) == list(range(len(numbers)))


def test_a_card_tapped_is_one_event_in_and_one_message_out(tmp_path: Path) -> None:
    """On the app's own server: a card tapped in a city sends the chip, the title's new
    total and the note that says it as one patch (the note is part of the screen: no
    SnackBar, so no `dismiss` from the browser either)."""

    async def tap() -> tuple[list[int], str, str]:
        with srv.start(tmp_path / "data") as server:
            c = await FletWsClient(server.ws_url).start()
            await start_game(c, ["Ann", "Bob", "Cid"])
            await c.go("/game/player/0")
            await c.tap("Gizah")
            targets: list[int] = []
            apply = c._apply

            def counted(root: dict[str, Any], patch: list[Any]) -> None:
                targets.append(int(root["_i"]))
                apply(root, patch)

            c._apply = counted  # type: ignore[method-assign]
            await c.tap("Altar")
            note = next(x for x in walk(c.top()) if x.get("identifier") == NOTE_ID)
            words = next(x["value"] for x in walk(note) if x.get("_c") == "Text")
            await c.close()
            return targets, c.title(), str(words)

    targets, title, words = asyncio.run(tap())
    assert len(targets) == 1  # one message, rooted at the city's view
    assert title == "Ann · 2 pts"  # rules_multiplayer.md: the Altar is 2 civilian points
    assert words == "Altar added to Ann's city"


def test_coins_typed_are_one_message_and_no_flash_of_the_old_number(tmp_path: Path) -> None:
    """On the app's own server: coins typed and left change the field (its typing let go),
    the coins' part holding it, the title's total and the note in one pass. The outer part
    renders first and the field with it: one message, and the field goes from the typed 9
    to the saved 9, never back to the old 7 between them (the field rendered alone first,
    with its old number, then again: three messages)."""

    async def typed() -> tuple[int, list[str], str]:
        with srv.start(tmp_path / "data") as server:
            c = await FletWsClient(server.ws_url).start()
            await start_game(c, ["Ann", "Bob", "Cid"])
            await c.go("/game/player/0")
            await c.type("Coins", "7")
            await c.settle()
            shown: list[str] = []
            messages = [0]
            apply = c._apply

            def watched(root: dict[str, Any], patch: list[Any]) -> None:
                messages[0] += 1
                apply(root, patch)
                shown.append(str(c.find("Coins", "TextField").get("value")))

            c._apply = watched  # type: ignore[method-assign]
            await c.type("Coins", "9")
            await c.close()
            return messages[0], shown, c.title()

    messages, shown, title = asyncio.run(typed())
    # rules_multiplayer.md, treasury: 1 point per 3 coins: 9 // 3 = 3 (7 // 3 was 2)
    assert title == "Ann · 3 pts"
    assert shown == ["9"] and messages == 1, (shown, messages)
