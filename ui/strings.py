"""Every word the app shows, in one place, so that it can be translated later.

Names of games, cards, wonders and leaders, and every number and problem message, come from
the engine (`scorer`); the words here are the app's own.
"""

from __future__ import annotations

from scorer.result import CATEGORY_LABELS

APP_TITLE = "Wonders Score Pad"
TAGLINE = "Count a finished game: every point explained."

# Home
CONTINUE = "Continue game"
NEW_GAME = "New game"
HISTORY = "History"
RULES = "Rules"
IMPORT = "Import"
IN_PROGRESS = "Game in progress"
NO_GAME = "No game in progress."

# Setup
SETUP_TITLE = "New game"
GAME = "Game"
EXPANSIONS = "Expansions"
PLAYERS = "Players in seating order"
PLAYER_NAME = "Name"
ADD_PLAYER = "Add player"
REMEMBERED = "Earlier players"
RANDOM_WONDERS = "Random wonders"
START = "Start"
DRAG = "Drag to reorder"
DRAG_HINT = "Drag a player by the handle, or use the arrows, to match the seating."
MOVE_UP = "Move up"
MOVE_DOWN = "Move down"
REMOVE = "Remove"
NEED_NAMES = "Give every player a different name."


def name_too_long(limit: int) -> str:
    return f"A name is at most {limit} characters."
"""Expansion names as the app shows them (an expansion not listed shows its ruleset name)."""


def players_for(least: int, most: int) -> str:
    span = str(least) if least == most else f"{least} to {most}"
    return f"This game is for {span} players."

# Table
TABLE_TITLE = "Table"
SCORE_PAD = "Score pad"
EXPORT = "Export"
TAP_A_PLAYER = "Tap a player to enter their city."
NO_SUCH_PLAYER = "This link names no player of the game in progress."
TO_TABLE = "Back to the table"
NO_WONDER = "no wonder yet"
QUICK = "paper"
CONFLICT = "Conflict pawn"
TOWARD = "The pawn is on whose side? (the other player scores)"
SPACES = "Spaces from the centre"
CENTRE = "Centre"

# City
DETAILED = "Cards"
QUICK_MODE = "Paper totals"
WONDER = "Wonder"
SIDE = "Side"
CHANGE_WONDER = "Change"
STAGES = "Stages built"
COINS = "Coins"
MILITARY = "Conflict tokens"
CARDS = "Cards"
SEARCH = "Search"
LEADERS = "Leaders"
CHOICES = "Choices"
TAKEN = "taken"
WONDERS_BUILT = "Wonders built"
PROGRESS = "Progress tokens"
SENATE = "Senate cubes by Chamber"
CHAMBER = "Chamber"
PREVIOUS = "Previous player"
NEXT = "Next player"
NOT_FINAL = "not final"
SO_FAR = "Totals so far (not final)"
SCIENCE_CALC = "Science calculator"
WILDCARDS = "Wildcards"
USE = "Use"
TYPED_HINT = "Type each total from the paper pad; coins and tokens give treasury and military."
COMPASS = "Compass"
GEAR = "Gear"
TABLET = "Tablet"
NONE_SELECTED = "none"
BURIED_HINT = "The leader under the wonder: it loses its ability and counts its cost in points."
BURIED_COST = "Cost printed on the card (coins)"
CONQUESTS = "Military tokens taken from the opponent's side"
CONQUESTS_HINT = "For Alexander. Leave on \u201cfrom the pawn\u201d unless the pawn moved back."
FROM_PAWN = "From the pawn"
SUPREMACY = "Game ended early (supremacy)"
SUPREMACY_HINT = ("Only when the game ended at once on a supremacy, in any Age (Age III "
                  "included); the engine checks it against the table.")
NO_SUPREMACY = "No"
WINNER = "Winner"
PICK_WINNER = "Who won it? (the claim counts once a winner is chosen)"
NO_VALUE = "\u2014"
ALL_AGES = "All Ages"
SYMBOL = {"compass": "compass", "gear": "gear", "tablet": "tablet", "globe": "globe",
          "law": "law", "sundial": "sundial", "mortar": "mortar", "plumb_line": "plumb line",
          "quill": "quill", "wheel": "wheel"}
"""Science symbols as a card list shows them (a symbol not listed shows its ruleset name)."""


def vp(n: int) -> str:
    return f"{n} VP"


def shields(n: int) -> str:
    return "1 shield" if n == 1 else f"{n} shields"


CATEGORY: dict[str, str] = {row: label for row, label in CATEGORY_LABELS.items()}
"""The pad rows: the same names as the command line's (`scorer.result`)."""

COLOUR = {
    "brown": "Raw materials",
    "grey": "Manufactured goods",
    "blue": "Civilian",
    "yellow": "Commercial",
    "green": "Science",
    "red": "Military",
    "purple": "Guilds",
    "none": "Other",
}

CHOICE = {
    "copied_guild": "Guild copied by the wonder",
    "courtesan": "Leader under the Courtesan",
}

# Score pad
TOTAL = "Total"
RANK = "Rank"
PROBLEMS = "Fix these first"
LINES_FOR = "Points for"
NO_LINES = "No points here."
FINISH = "Finish and save"
SAVED = "Saved to history."
SHARE_IMAGE = "Share image"
DOWNLOAD_IMAGE = "Download PNG"
COPY_IMAGE = "Copy image"
COPIED_IMAGE = "Image copied."
EXPORT_TITLE = "Export"
TABLE_JSON = "Table (JSON)"
RESULT_CSV = "Result (CSV)"
SHARE_TEXT = "Share text"
COPY = "Copy"
COPIED = "Copied."
QUICK_NOTE = "Paper totals are not part of the table file; those players export as seats only."

# History
HISTORY_TITLE = "History"
NO_HISTORY = "No finished games yet."
OPEN = "Open"
DUPLICATE = "Play again"
DELETE = "Delete"
UNDO = "Undo"
DELETED = "Deleted"

# Rules
RULES_TITLE = "Rules"
GUILDS = "Guilds"
WONDERS = "Wonders"
COST = "Cost"
WHAT_IF = "What would it score for"
WOULD_SCORE = "would score"
CANNOT = "Not possible here"

# Import
IMPORT_TITLE = "Import a table"
PASTE = "Paste a table file (JSON)"
IMPORTED = "Imported."
CHOOSE_FILE = "Choose a file (.json)"
OR_PASTE = "or paste it below"
UPLOADING = "Reading the file..."
CHECKING = "Checking the table..."
SCORING = "Scoring..."
LOADING = "Loading..."
NO_UPLOAD = "Files cannot be uploaded to this server: paste the file instead."
REPLACE_TITLE = "Replace the game in progress?"
REPLACE = "Replace"
KEEP = "Keep my game"
DOWNLOAD = "Download"
THEME = "Theme"
THEME_LIGHT = "Light"
THEME_DARK = "Dark"
THEME_SYSTEM = "System"

# Misc
BACK = "Back"
HOME = "Home"
WORKING = "Working..."


def points(n: int) -> str:
    return f"{n} pts"


def players_count(n: int) -> str:
    return f"{n} players"


def player_default(n: int) -> str:
    return f"Player {n}"


def problems_count(n: int) -> str:
    return "1 problem" if n == 1 else f"{n} problems"


def problems_elsewhere(names: list[str]) -> str:
    """The problems that keep a complete city's total from being final are elsewhere."""
    if not names:
        return "a problem of the table (see the table screen)"
    return f"problems at {', '.join(names)}"


def stage(n: int) -> str:
    return str(n)


def started(when: str) -> str:
    return f"Started {when}"


def finished(when: str) -> str:
    return f"Finished {when}"


def what_if_result(player: str, name: str, delta: int) -> str:
    sign = "+" if delta >= 0 else ""
    return f"{name} {WOULD_SCORE} {sign}{delta} for {player}"


def toward(name: str) -> str:
    return f"{name}'s side"


def military_gain(name: str, pts: int) -> str:
    return f"{name} scores {pts} military points"


def deleted(what: str) -> str:
    return f"{DELETED}: {what}"


def serve_banner(here: str, lan: list[str]) -> str:
    lines = ["Wonders Score Pad is running.", f"On this computer: {here}"]
    if lan:
        lines.append("On a phone on the same network (or scan the QR code):")
        lines += [f"  {u}" for u in lan]
    lines += ["No accounts: anyone who can reach these addresses can see and change the games,",
              "the history and the remembered names. Run it only on a network the players",
              "trust (a home network, a phone's hotspot), not on a public one."]
    return "\n".join(lines)


def line(source: str, pts: int, why: str) -> str:
    return f"{source}: {pts} ({why})"


def at_where(where: str, message: str) -> str:
    return f"{where}: {message}" if where else message


def buried_under(wonder: str) -> str:
    return f"Leader buried under {wonder}"


def printed_cost(cost: int | None) -> str:
    if cost is None:
        return "Not known to the app: type the cost printed on the card"
    return f"Blank = {cost} coins, as printed"


def paper_note(name: str, duel: bool) -> str:
    whose = ("the opponent's guilds and leaders that count cards in both cities" if duel else
             "neighbours' guilds and leaders that count the cards next door")
    return (f"{name} counted on paper, so the app does not know {name}'s cards: {whose} "
            f"cannot count {name}'s cards. For an exact count, enter {name}'s cards instead.")


def kib(n: int) -> str:
    return f"{n / 1024:.0f} KB" if n >= 1024 else f"{n} bytes"


def not_a_json_file(name: str) -> str:
    return f"{name}: only table files in JSON (.json) are imported"


def too_big(name: str, size: int, limit: int) -> str:
    what = f"{name} is" if name else "This is"
    return f"{what} {size:,} bytes; a table file is at most {kib(limit)} ({limit:,} bytes)"


def upload_failed(why: str) -> str:
    return f"The file could not be uploaded: {why}"


REPLACED_BY_IMPORT = "The imported table replaces it."
REPLACED_BY_HISTORY = "The game from the history replaces it."
REPLACED_BY_NEW = "The new game replaces it."


def number_range(least: int | None, most: int | None) -> str:
    """Under a number field whose text cannot be taken: what it takes."""
    if least is not None and most is not None:
        return f"A whole number from {least} to {most}"
    if least is not None:
        return f"A whole number, {least} or more"
    return "A whole number"


def replace_game(names: str, game: str, by: str) -> str:
    """`by`: what replaces the game in progress (one of the REPLACED_BY_ texts)."""
    return f"The game in progress ({game}: {names}) is not finished and would be lost. {by}"


def downloaded(name: str) -> str:
    return f"Downloaded {name}."


def card_taken(name: str) -> str:
    return f"{name} ({TAKEN})"


def age_label(ages: tuple[int, ...]) -> str:
    roman = {1: "I", 2: "II", 3: "III"}
    return "/".join(roman.get(a, str(a)) for a in ages)


# Saved games (ui/store.py): what went wrong with the file, and what was done about it
DISMISS = "OK"
IMPORT_TOO_LARGE = "This is too large for a table file"


def store_recovered(kept: str, why: str) -> str:
    return (f"The saved games could not be read ({why}). The damaged file was kept as "
            f"\"{kept}\" next to the new one, and a fresh history was started.")


def store_unavailable(where: str, why: str) -> str:
    return (f"Games cannot be saved in {where} ({why}). The app works, but nothing will be "
            "kept after the server stops.")


def store_failed(why: str) -> str:
    return f"The last change could not be saved ({why})."


def draft_unreadable(why: str) -> str:
    return (f"The game in progress could not be read back ({why}). It was kept aside in the "
            "saved-games file; start a new game or import its table.")


def import_too_large(size: int, limit: int) -> str:
    return f"{IMPORT_TOO_LARGE}: {size:,} characters (at most {limit:,})."

# One game, every phone (ui/live.py, ui/edits.py, ui/screens/join.py)
JOIN = "Join a game"
JOIN_TITLE = "Join a game"
JOIN_CODE = "Join code"
JOIN_HINT = "Type the 4 letters shown on the host's table screen, or scan its QR code."
JOIN_BUTTON = "Join"
NO_SUCH_PAGE = "This app has no such page (a mistyped or cut link)."
NO_SUCH_CODE = "No game in progress has this code. Check the letters on the host's screen."
NOT_IN_GAME = "This device is not at this table: join it with its code first."
HOST_FINISHES = "Only the host's phone can finish the game."
CHANGED_BEFORE_FINISH = ("The game changed on another phone just now: check the score pad, "
                         "then finish again.")
HOST_FREES = "Only the host's phone can free a seat held by another phone."
GAME_FINISHED = "The host finished the game: it is in your history."
HOST_PHONE = "the host's phone"
A_PHONE = "another phone"
SHARE_TITLE = "Players join with their phones"
SHARE_HINT = "Open the address on a phone on the same network, or scan the code:"
YOUR_SEAT = "Your seat"
NO_SEAT = "Tap your own name: your phone then holds your seat."
EDIT_PLAYERS = "Players"
RENAME = "Rename"
NEW_NAME = "New name"
SAVE = "Save"
CANCEL = "Cancel"
BOARD = "Board"
BAD_VALUE = "this value does not fit here"
TABLE_FIELD = {"conflict_toward": "the conflict pawn's side",
               "conflict_spaces": "the conflict pawn's spaces",
               "supremacy_kind": "the supremacy", "supremacy_winner": "the supremacy's winner"}
SEAT_FIELD = {"board": "wonder", "side": "wonder side", "stages": "stages built",
              "coins": "coins", "quick": "paper totals", "buried": "buried leader",
              "buried_cost": "buried leader's cost", "conquests": "tokens taken"}


def join_address(url: str, code: str) -> str:
    return f"{url.rstrip('/')}/g/{code}"


def too_many_tries(seconds: int) -> str:
    return f"Too many wrong codes from this device. Try again in {seconds} s."


def seats_moved(player: str) -> str:
    return (f"The seats changed meanwhile ({player} is not there any more); "
            "the table shows them now.")


def seat_taken(player: str) -> str:
    return f"{player}'s seat is held by another phone."


def seat_claimed(player: str) -> str:
    return f"{player} took their seat."


def free_seat(player: str) -> str:
    return f"Free {player}'s seat (for another phone)"


def seat_freed(player: str) -> str:
    return f"{player}'s seat is free: {player} can take it on another phone."


def phone_of(player: str) -> str:
    return f"{player}'s phone"


def changed_on(what: str, device: str) -> str:
    return f"{what} on {device}"


def seat_changed(player: str, what: str, value: str) -> str:
    return f"{player}'s {what} changed to {value}"


def held_changed(player: str, name: str, held: bool) -> str:
    return f"{name} {'added to' if held else 'taken from'} {player}'s city"


def table_changed(what: str, value: str) -> str:
    return f"{what[:1].upper()}{what[1:]} changed to {value}"


def entry_label(field: str, key: str) -> str:
    if field == "military":
        return f"{'+' if not key.startswith('-') else ''}{key} tokens"
    if field == "typed":
        return f"{CATEGORY.get(key, key).lower()} total"
    return CHOICE.get(key, key).lower()


def yes_no(value: bool) -> str:
    return "on" if value else "off"


def player_added(name: str) -> str:
    return f"{name} joined the table"


def player_removed(name: str) -> str:
    return f"{name} left the table"


def player_renamed(old: str, new: str) -> str:
    return f"{old} is now {new}"


def player_moved(name: str, seat: int) -> str:
    return f"{name} moved to seat {seat}"


def seat_of(index: int, name: str) -> str:
    return f"Seat {index + 1}: {name}"


def i_am(name: str) -> str:
    return f"I am {name}"
