"""With a screen reader, in a real browser (Debian's chromium, offline): every control is found
by its role and its name, on the node that has the role, and says its state (a chip held or
not). Names say what a control does to whom ("Remove Cid", "Coins for Ann: 7, add one"), a pad
cell says whose it is and of which row, and no name is read twice.

The names are the ones Chromium's accessibility tree gives (what a screen reader reads), found
with Playwright's `get_by_role` and its ARIA snapshot. `-k a11y` selects these tests."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from .game_data import CATEGORIES, PLAYERS, TABLE
from .test_browser import Phone, host_game, serving
from .test_browser import phone as phone  # the fixture, by name

pytestmark = pytest.mark.browser

NAMED_ROLES = ("button", "checkbox", "textbox", "switch", "radio", "combobox", "slider",
               "spinbutton", "searchbox", "link", "tab", "menuitem")
"""The roles a screen reader user acts on: each must have a name."""

_NODE = re.compile(r"^(?P<role>[a-z]+)(?: \"(?P<name>(?:[^\"\\]|\\.)*)\")?")


def read_tree(phone: Phone) -> list[tuple[str, str]]:
    """(role, name) of every node of the page's accessibility tree, as Chromium computes
    them (the names a screen reader reads; "" = no name)."""
    nodes = []
    for line in phone.page.locator("body").aria_snapshot().splitlines():
        item = line.strip()
        if not item.startswith("- "):
            continue
        item = item[2:]
        if item[:1] == "'" and item.endswith("'"):  # YAML quotes a line with a colon
            item = item[1:-1].replace("''", "'")
        found = _NODE.match(item)
        if found:
            nodes.append((found["role"], (found["name"] or "").replace('\\"', '"')))
    return nodes


def faults(nodes: list[tuple[str, str]]) -> list[str]:
    """What a screen reader user would meet: a control with no name, or a name read twice
    ("Linh Linh": a label on a node and again on the node inside it)."""
    out = []
    for k, (role, name) in enumerate(nodes):
        if role in NAMED_ROLES and not name.strip():
            before = next((f"{r} {n!r}" for r, n in reversed(nodes[:k]) if n.strip()), "")
            out.append(f"a {role} with no name (after {before})")
        doubled = re.fullmatch(r"(.+?)\s+\1", name.strip())
        if doubled:
            out.append(f"a {role} named twice: {name!r}")
    return out


def walk(phone: Phone, screen: str) -> list[str]:
    """The faults of the screen on show, top to bottom (Flutter puts in the page only what is
    on or near the screen: the page is scrolled down until its foot)."""
    found: list[str] = []
    seen: list[tuple[str, str]] = []
    phone.page.mouse.move(180, 400)
    for _ in range(12):
        phone.page.wait_for_timeout(300)
        nodes = read_tree(phone)
        found += [f for f in faults(nodes) if f not in found]
        if nodes == seen:
            break
        seen = nodes
        phone.page.mouse.wheel(0, 3000)
    phone.page.mouse.wheel(0, -40_000)
    phone.page.wait_for_timeout(300)
    return [f"{screen}: {f}" for f in found]


def role(phone: Phone, kind: str, name: str | re.Pattern[str], **state: bool) -> Any:
    """The control of `kind` named `name` (exactly), on screen: one and only one."""
    found = phone.page.get_by_role(kind, name=name, exact=True,
                                   **state)
    control = phone.reveal(found)
    assert found.count() == 1, f"{found.count()} {kind}s named {name!r}"
    return control


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, float]]:
    """One app for these tests: each phone is its own device (its own browser storage)."""
    with serving(tmp_path_factory.mktemp("a11y")) as found:
        yield found


def start(phone: Phone, url: str, names: tuple[str, ...] = ("Ann", "Bob", "Cid"),
          game: str = "", expansions: tuple[str, ...] = ()) -> None:
    """A new game of `names`, started by tapping (`game`: its chip; "" the first)."""
    host_game(phone, url, names, game, expansions)


def import_table(phone: Phone, url: str, table: dict[str, object], folder: Path) -> None:
    """A game imported from a table file, as a player would."""
    path = folder / "table.json"
    path.write_text(json.dumps(table))
    if phone.page.url.startswith(url):  # the app is open: Home in this page
        phone.go("/", ready="Import")
    else:
        phone.open(url)
    phone.tap("Import")
    with phone.page.expect_file_chooser(timeout=10_000) as chooser:
        phone.button("Choose a file (.json)").click()
    chooser.value.set_files(str(path))
    phone.wait_text("Tap a player|Keep my game", timeout=20)
    if "Keep my game" in phone.page.inner_text("body"):  # a game in progress: replaced
        phone.tap("Replace")
        phone.wait_text("Tap a player", timeout=20)


def test_a11y_every_screen_names_every_control(server: tuple[str, float], phone: Phone,
                                               tmp_path: Path) -> None:
    """Every screen, walked top to bottom: no button, chip, switch or text field without a
    name, and no name read twice. A 7 Wonders game with Leaders (new game, table, the
    players' editor, a city in cards and in paper totals, the score pad, changes, export,
    saved to history), a Duel game with Agora (its table, a city), and the screens outside
    a game (home with the language and theme, join, import, history, players, stats,
    rules)."""
    url, _ = server
    found: list[str] = []
    phone.open(url)
    found += walk(phone, "home")
    phone.tap("New game")
    phone.tap("Leaders")
    for i, n in enumerate(("Ann", "Bob", "Cid")):
        phone.type(f"Name {i + 1}", n)
    found += walk(phone, "new game")
    phone.tap_start(("Ann", "Bob", "Cid"))
    phone.wait_text("Tap a player")
    phone.tap("Players")  # the players' editor opens on the table screen
    phone.page.get_by_role("textbox", name="Add player").wait_for(timeout=10_000)
    found += walk(phone, "table")
    phone.open_player("Ann")
    phone.tap("Gizah")
    phone.wait_text("Side A")
    found += walk(phone, "7 Wonders city")
    phone.tap("Paper totals")
    phone.wait_text("Science calculator|Compass", timeout=10)
    found += walk(phone, "7 Wonders city, paper totals")
    phone.page.go_back()
    phone.wait_text("Tap a player")
    for screen, bar, ready in [("score pad", "Score pad", "Totals so far"),
                               ("changes", "Changes", "Undo"), ("export", "Export", "JSON")]:
        phone.page.get_by_role("button", name=bar, exact=True).first.click()
        phone.wait_text(ready)
        found += walk(phone, screen)
        phone.page.go_back()
        phone.wait_text("Tap a player")
    import_table(phone, url, TABLE, tmp_path)  # a complete game: the pad is final
    phone.tap("Score pad")
    phone.tap("Finish and save")
    phone.wait_text("Saved to history")
    found += walk(phone, "final score pad")
    for screen, route, ready in [("history", "history", "Back"), ("players", "players", "Back"),
                                 ("stats", "stats", "Back"), ("rules", "rules", "Back"),
                                 ("join", "join", "Join"), ("import", "import", "Back")]:
        phone.go("/" + route, ready=ready)
        found += walk(phone, screen)
    phone.go("/history")
    phone.starting("Details").click()  # each row's button names its game
    phone.wait_text("Log to BG Stats")
    found += walk(phone, "a game of the history")
    start(phone, url, ("Ann", "Bob"), "7 Wonders Duel", ("Agora",))
    found += walk(phone, "Duel table")
    phone.open_player("Ann")
    found += walk(phone, "Duel city")
    assert not found, "\n".join(found)


def test_a11y_new_game_row_buttons_say_whom(server: tuple[str, float], phone: Phone) -> None:
    """Each player's row on New game: move up, move down and remove, named with the player
    once their name is typed and the field left (9 of the screen's 16 buttons had no
    name); a tap on the named node does what it says."""
    url, _ = server
    phone.open(url)
    phone.tap("New game")
    for i, n in enumerate(("Ann", "Bob", "Cid")):
        phone.type(f"Name {i + 1}", n)
    phone.tap("Add player")
    phone.type("Name 4", "Dan")
    phone.page.keyboard.press("Tab")  # a field left: its row's buttons say its name
    for name in ("Ann", "Bob", "Cid", "Dan"):
        for action in ("Move {} up", "Move {} down", "Remove {}"):
            role(phone, "button", action.format(name))
    role(phone, "button", "Remove Dan").click()
    phone.page.get_by_role("textbox", name="Name 4").wait_for(state="detached",
                                                              timeout=10_000)
    role(phone, "button", "Move Bob up").click()
    role(phone, "button", "Move Bob up", disabled=True)  # Bob is first now
    role(phone, "button", "Move Ann down", disabled=False)


def test_a11y_table_bar_buttons_found_by_role(server: tuple[str, float], phone: Phone) -> None:
    """The table's app bar: Changes and Export are buttons by those names (the name was on a
    wrapper with no role), and each opens its screen."""
    url, _ = server
    start(phone, url)
    role(phone, "button", "Changes").click()
    phone.wait_text("No change yet|Undo")
    phone.page.go_back()
    phone.wait_text("Tap a player")
    role(phone, "button", "Export").click()
    phone.wait_text(re.escape("Table (JSON)"))
    phone.page.go_back()
    phone.wait_text("Tap a player")
    bar = phone.page.get_by_role("button", name="Score pad", exact=True)
    assert bar.count() == 2  # the bar's and the one under the players: both named
    bar.first.click()
    phone.wait_text("Totals so far|Fix these first")


def test_a11y_stepper_buttons_say_whose_number(server: tuple[str, float],
                                               phone: Phone) -> None:
    """A stepper's - and + say whose number they change and what it is now, and follow it
    ("Coins for Ann: 0, add one" becomes "...: 1, ..." after the tap); a conflict token's
    say which token (they read "+1 +1")."""
    url, _ = server
    start(phone, url)
    phone.open_player("Ann")
    role(phone, "button", "Coins for Ann: 0, add one").click()
    role(phone, "button", "Coins for Ann: 1, add one")
    role(phone, "button", "Coins for Ann: 1, remove one").click()
    role(phone, "button", "Coins for Ann: 0, add one")
    role(phone, "button", "Conflict tokens +3 for Ann: 0, add one")
    role(phone, "button", "Conflict tokens -1 for Ann: 0, remove one")


def test_a11y_chips_say_whether_held(server: tuple[str, float], phone: Phone) -> None:
    """Chips are checkboxes that say whether they are held: the expansions on New game, a
    leader, a card, the Age and colour filters (named by what a tap does: "Show cards: Age
    I"); the game, a wonder and its side, one of a few, are radio buttons; a section's
    title is a heading."""
    url, _ = server
    phone.open(url)
    phone.tap("New game")
    role(phone, "radio", "7 Wonders 1st edition", checked=True)  # one of them
    role(phone, "checkbox", "Leaders", checked=False)
    phone.tap("Leaders")  # tapped again if the tap sent nothing (a loaded machine)
    role(phone, "checkbox", "Leaders", checked=True)
    for i, n in enumerate(("Ann", "Bob", "Cid")):
        phone.type(f"Name {i + 1}", n)
    phone.tap_start(("Ann", "Bob", "Cid"))
    phone.wait_text("Tap a player")
    # a player's line is one node, as it is one tap: name, board, place and total (its
    # place and total were nodes of their own beside it: a walk)
    role(phone, "button", re.compile(r"^Ann\s+no wonder yet · 1 problem\s+#1\s+0 points$"))
    phone.open_player("Ann")
    role(phone, "checkbox", "Cards", checked=True)  # cards, not paper totals
    role(phone, "radio", "Gizah", checked=False)
    role(phone, "group", "Ann: Wonder")  # whose boards, by the group's name
    phone.tap("Gizah")  # tapped again if the tap sent nothing (a loaded machine)
    # once picked, its name alone, beside Change (a heading above: "Wonder")
    role(phone, "button", "Change Ann's wonder board (Gizah)")
    role(phone, "heading", "Wonder")
    role(phone, "radio", "Side A", checked=True)
    role(phone, "radio", "Side B", checked=False)
    role(phone, "checkbox", "Amytis", checked=False)
    phone.tap("Amytis")  # tapped again if the tap sent nothing (a loaded machine)
    role(phone, "checkbox", "Amytis", checked=True)
    role(phone, "checkbox", "Show cards: Age I", checked=True)
    altar = re.compile(r"^Altar\b")
    role(phone, "checkbox", altar, checked=False).click()
    role(phone, "checkbox", altar, checked=True)
    role(phone, "checkbox", "Show cards: Civilian", checked=False)
    phone.tap("Show cards: Civilian")  # tapped again if the tap sent nothing (loaded)
    role(phone, "checkbox", "Show cards: Civilian", checked=True)


def test_a11y_pad_cells_say_player_row_and_points(server: tuple[str, float], phone: Phone,
                                                  tmp_path: Path) -> None:
    """A score pad cell is named by its player, its row and its points (it read "18"); a
    total by its player; a column's head reads its player once (it read "Bob Bob") and what
    a tap on it shows (it read "Bob"); a tap on the named cell shows its lines."""
    url, _ = server
    import_table(phone, url, TABLE, tmp_path)
    phone.tap("Score pad")
    phone.wait_text("Ann wins")
    # game_data.CATEGORIES: the rulebook's arithmetic (Bob's science 1 + 1 + 9 + 7 = 18)
    for p in PLAYERS:
        name = p["name"]
        role(phone, "button", f"{name}: how the total is made")
        # and that a tap shows how (a walk heard the points alone)
        role(phone, "button", f"{name}, total: {p['total']} points; tap to see how")
        for category, label in (("science", "Science"), ("civilian", "Civilian"),
                                ("military", "Military")):
            points = CATEGORIES[name][category]
            role(phone, "button", f"{name}, {label}: {points} point"
                 + ("" if abs(points) == 1 else "s") + "; tap to see how")
    role(phone, "button", "Bob, Science: 18 points; tap to see how").click()
    phone.wait_text("Science symbols, 18 points")  # the line, as a screen reader reads it


def test_a11y_export_names_each_copy_and_box(server: tuple[str, float], phone: Phone,
                                             tmp_path: Path) -> None:
    """Export: each Copy button names what it copies (three read "Copy"), and each text box
    is named by what it holds (they had no name)."""
    url, _ = server
    import_table(phone, url, TABLE, tmp_path)
    role(phone, "button", "Export").click()
    for what in ("Table (JSON)", "Result (CSV)", "Share text"):
        role(phone, "button", f"Copy {what}")
        role(phone, "textbox", what)


def test_a11y_players_editor_buttons_say_whom(server: tuple[str, float],
                                              phone: Phone) -> None:
    """The table's players' editor: rename, move and remove say whose; Remove Cid asks
    first, by name."""
    url, _ = server
    start(phone, url, ("Ann", "Bob", "Cid", "Dan"))
    phone.tap("Players")
    for name in ("Ann", "Bob", "Cid", "Dan"):
        for action in ("Rename {}", "Move {} up", "Move {} down", "Remove {}"):
            role(phone, "button", action.format(name))
    role(phone, "button", "Remove Cid").click()
    phone.wait_text(re.escape("Remove Cid from the game?"))


def test_a11y_duel_table_and_city(server: tuple[str, float], phone: Phone) -> None:
    """Duel with Pantheon: the conflict pawn's side chips say which is held and which pawn
    they are for, its stepper says what it counts, and Minerva's pawn's field (the same
    label on screen) is read with its pawn; in a city the wonders and progress tokens are
    chips that say whether held."""
    url, _ = server
    start(phone, url, ("Ann", "Bob"), "7 Wonders Duel", ("Pantheon",))
    phone.open_player("Ann")  # Minerva's pawn is on the table once a city holds Minerva
    role(phone, "checkbox", "Minerva", checked=False)
    phone.tap("Minerva")
    role(phone, "checkbox", "Minerva", checked=True)
    phone.page.go_back()
    phone.wait_text("Tap a player")
    phone.tap("Spaces from the centre: 0, add one")
    role(phone, "button", "Spaces from the centre: 1, add one")
    # a side chip says which pawn it is for (Pantheon's Minerva has "Ann's side" chips too)
    role(phone, "checkbox", "Conflict pawn: Ann's side", checked=False)
    phone.tap("Conflict pawn: Ann's side")
    role(phone, "checkbox", "Conflict pawn: Ann's side", checked=True)
    # the two "Spaces from the centre" fields: Minerva's is read with its pawn first
    role(phone, "textbox", "Spaces from the centre")
    role(phone, "textbox", "Minerva pawn Spaces from the centre")
    phone.open_player("Bob")
    role(phone, "checkbox", "The Colossus", checked=False)
    phone.tap("The Colossus")
    role(phone, "checkbox", "The Colossus", checked=True)
    role(phone, "checkbox", "Agriculture", checked=False)


def test_a11y_change_list_undo_says_which(server: tuple[str, float], phone: Phone) -> None:
    """The change list: each Undo names the change it takes back (every line read "Undo")."""
    url, _ = server
    start(phone, url)
    phone.open_player("Bob")
    phone.enter("Bob: Coins", "6")
    phone.page.go_back()
    phone.wait_text("Tap a player")
    role(phone, "button", "Changes").click()
    undo = phone.reveal(phone.page.get_by_role("button", name=re.compile(r"^Undo: .*Bob")))
    said = undo.get_attribute("aria-label") or undo.inner_text()
    assert "6" in said, said


def test_a11y_language_and_theme_say_which_is_chosen(server: tuple[str, float],
                                                     phone: Phone) -> None:
    """Home's language and theme: one of each, radio buttons (chips read as checkboxes that
    said nothing of letting go of the other: a walk), the chosen one checked, by name; and
    New game's game likewise."""
    url, _ = server
    phone.open(url)
    role(phone, "group", "Language")  # the group named by its heading (a walk: unnamed)
    role(phone, "group", "Theme")
    role(phone, "radio", "English", checked=True)
    role(phone, "radio", "Tiếng Việt", checked=False)
    role(phone, "radio", "Dark", checked=False)
    phone.tap("Dark")
    role(phone, "radio", "Dark", checked=True)
    role(phone, "radio", "Light", checked=False)
    phone.go("/new")
    role(phone, "group", "Game")
    role(phone, "radio", "7 Wonders Duel", checked=False)
    phone.tap("7 Wonders Duel")
    role(phone, "radio", "7 Wonders Duel", checked=True)
