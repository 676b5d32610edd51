"""Every word the app shows, in one place, so that it can be translated later.

Names of games, cards, wonders and leaders, and every number and problem message, come from
the engine (`scorer`); the words here are the app's own.
"""

from __future__ import annotations

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
MOVE_UP = "Move up"
MOVE_DOWN = "Move down"
REMOVE = "Remove"
NEED_NAMES = "Give every player a different name."

# Table
TABLE_TITLE = "Table"
SCORE_PAD = "Score pad"
EXPORT = "Export"
TAP_A_PLAYER = "Tap a player to enter their city."
NO_WONDER = "no wonder yet"
QUICK = "paper"
CONFLICT = "Conflict pawn"
TOWARD = "Toward"
SPACES = "Spaces from the centre"
CENTRE = "Centre"

# City
DETAILED = "Cards"
QUICK_MODE = "Paper totals"
WONDER = "Wonder"
SIDE = "Side"
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
NO_VALUE = "\u2014"

CATEGORY = {
    "military": "Military",
    "treasury": "Treasury",
    "wonders": "Wonders",
    "civilian": "Civilian",
    "commercial": "Commercial",
    "science": "Science",
    "guilds": "Guilds",
    "progress": "Progress",
    "senate": "Senate",
    "leaders": "Leaders",
}

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
RULES_TITLE = "Rules at hand"
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
NOT_JSON = "This is not JSON"

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


def stage(n: int) -> str:
    return str(n)


def started(when: str) -> str:
    return f"Started {when}"


def finished(when: str) -> str:
    return f"Finished {when}"


def what_if_result(player: str, name: str, delta: int) -> str:
    sign = "+" if delta >= 0 else ""
    return f"{name} {WOULD_SCORE} {sign}{delta} for {player}"


def deleted(what: str) -> str:
    return f"{DELETED}: {what}"


def serve_banner(urls: list[str]) -> str:
    lines = ["Wonders Score Pad is running. Open on a phone on the same network:"]
    lines += [f"  {u}" for u in urls]
    return "\n".join(lines)


def line(source: str, pts: int, why: str) -> str:
    return f"{source}: {pts} ({why})"


def at_where(where: str, message: str) -> str:
    return f"{where}: {message}" if where else message


def card_taken(name: str) -> str:
    return f"{name} ({TAKEN})"


def age_label(ages: tuple[int, ...]) -> str:
    roman = {1: "I", 2: "II", 3: "III"}
    return "/".join(roman.get(a, str(a)) for a in ages)
