"""Every word the app shows, in one place, in the catalogue (`scorer.i18n`).

Names of games, cards, wonders and leaders, and every number and problem message, come from
the engine (`scorer`); the words here are the app's own.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Literal, Protocol, assert_never

from scorer.i18n import N_, _, all_of, ngettext, translated
from scorer.result import AT_LEAST, CATEGORY_LABELS
from scorer.words import SIDE_WORDS, side_word

JoinRefusalCode = Literal["no-such-code", "finished", "too-many-tries"]
"""Why a join code led to no game: no game open to joining holds it; the game holding it
is finished (in the history of the phones that played it); too many wrong codes from this
device (or, for a device new here, from its address). Declared with its words
(`join_refused`, which mypy checks says every one), under the games that refuse
(`ui.live.tables.JoinRefused`)."""

HostRefusalCode = Literal["too-many-games", "too-many-games-here", "too-many-open-here",
                          "server-full"]
"""Why a new game was not opened: this device opened `GAMES_PER_DEVICE` within the hour;
its address opened `GAMES_PER_ADDRESS`; its address holds `OPEN_CODES_PER_ADDRESS` games
in progress open to joining; the server holds all the open codes it takes
(`ui.web.host_limit`). Declared with its words (`host_refused`), as `JoinRefusalCode`."""


class JoinRefusal(Protocol):
    """A join refused, as data (`ui.live.tables.JoinRefused`): what its words need."""

    @property
    def reason(self) -> JoinRefusalCode: ...
    @property
    def wait_s(self) -> int: ...


class HostRefusal(Protocol):
    """A new game refused, as data (`ui.live.tables.HostRefused`): what its words need."""

    @property
    def reason(self) -> HostRefusalCode: ...
    @property
    def wait_s(self) -> int: ...

_OWN = set(globals())

APP_TITLE = N_("Wonders Score Pad")
APP_SHORT_TITLE = N_("Score Pad")
TAGLINE = N_("Count a finished game: every point explained.")

# Home
CONTINUE = N_("Continue game")
NEW_GAME = N_("New game")
HISTORY = N_("History")
RULES = N_("Rules")
IMPORT = N_("Import")
IN_PROGRESS = N_("Game in progress")
NO_GAME = N_("No game in progress.")

# Setup
SETUP_TITLE = N_("New game")
GAME = N_("Game")
EXPANSIONS = N_("Expansions")
PLAYERS = N_("Players in seating order")
PLAYER_NAME = N_("Name")
PLAYER = N_("Player")
ADD_PLAYER = N_("Add player")
REMEMBERED = N_("Earlier players")


def add_earlier_player(name: str) -> str:
    """An earlier player's button as a screen reader names it: what a tap does."""
    return _("Add {name} to the players").format(name=name)

RANDOM_WONDERS = N_("Random wonders")
START = N_("Start")
DRAG_HINT = N_("Drag a player by the handle, or use the arrows, to match the seating.")
REMOVE = N_("Remove")
NEED_NAMES = N_("Give every player a different name.")


def name_too_long(limit: int) -> str:
    return ngettext("A name is at most {limit} character.", "A name is at most {limit} characters.",
                    limit).format(limit=limit)
"""Expansion names as the app shows them (an expansion not listed shows its ruleset name)."""


def players_for(least: int, most: int) -> str:
    if least == most:
        return ngettext("This game is for {n} player.", "This game is for {n} players.",
                        least).format(n=least)
    return _("This game is for {least} to {most} players.").format(least=least, most=most)


# Table
TABLE_TITLE = N_("Table")
SCORE_PAD = N_("Score pad")
EXPORT = N_("Export")
TAP_A_PLAYER = N_("Tap a player to enter their city.")
NO_SUCH_PLAYER = N_("This link names no player of the game in progress.")
TO_TABLE = N_("Back to the table")
NO_WONDER = N_("no wonder yet")
QUICK = N_("paper")
CONFLICT = N_("Conflict pawn")
TOWARD = N_("The pawn is on whose side? (the other player scores)")
SPACES = N_("Spaces from the centre")
MINERVA = N_("Minerva pawn")
MINERVA_HINT = N_("Still on the track: how many spaces from the centre, toward whose capital")
DIPLOMACY = N_("Diplomacy")
DIVINITIES = N_("Divinities")
ENTOMBED = N_("Leaders entombed under the wonder")
PIECES = N_("Tokens and printed points")
DIPLOMACY_HINT = N_("The Ages in which this city used a diplomacy token (it fought no battle then)")
ASTARTE_COINS = N_("Coins on Astarte")
MYTHOLOGY_TOKENS = N_("Mythology tokens")
OFFERING_TOKENS = N_("Offering tokens")
SNAKE = N_("The Snake token lies on")
NOT_SAID = N_("Not said")
AS_PRINTED = N_("As printed: type the value on the components; the app does not check it")
TOKENS_UNCHECKED = N_("How many tokens: each scores its face. The box's count is not known, "
                      "so the app does not check it")
CENTRE = N_("Centre")

# City
DETAILED = N_("Cards")
QUICK_MODE = N_("Paper totals")
WONDER = N_("Wonder")
SIDE = N_("Side")
CHANGE_WONDER = N_("Change")
STAGES = N_("Stages built")
COINS = N_("Coins")
MILITARY = N_("Conflict tokens")
SHIELDS_EACH_AGE = N_("Shields at the end of each Age")
SHIELDS_HINT = N_("When every city has its shields, the conflict tokens are worked out from "
                  "them: leave the tokens at 0, or enter them to have them checked.")
CARDS = N_("Cards")
SEARCH = N_("Search")
LEADERS = N_("Leaders")
CHOICES = N_("Choices")
TAKEN = N_("taken")
WONDERS_BUILT = N_("Wonders built")
PROGRESS = N_("Progress tokens")
SENATE = N_("Senate cubes by Chamber")
CHAMBER = N_("Chamber")
PREVIOUS = N_("Previous player")
NEXT = N_("Next player")
NOT_FINAL = N_("not final")
SO_FAR = N_("Totals so far (not final)")
SCIENCE_CALC = N_("Science calculator")
WILDCARDS = N_("Wildcards")
USE = N_("Use")
TYPED_HINT = N_("Type each total from the paper pad; coins and tokens give treasury and military.")
COMPASS = N_("Compass")
GEAR = N_("Gear")
TABLET = N_("Tablet")
NONE_SELECTED = N_("none")
BURIED_COST = N_("Cost printed on the card (coins)")
CONQUESTS = N_("Military tokens taken from the opponent's side")
CONQUESTS_HINT = N_("For Alexander. Leave on \u201cfrom the pawn\u201d unless the pawn moved back.")
FROM_PAWN = N_("From the pawn")
SUPREMACY = N_("Game ended early (supremacy)")
SUPREMACY_HINT = N_("Only when the game ended at once on a supremacy, in any Age (Age III "
                  "included); the app checks it against the table.")
NO_SUPREMACY = N_("No")
NO_SUPREMACY_SPOKEN = N_("Game ended early: no")
WINNER = N_("Winner")
PICK_WINNER = N_("Who won it? (the claim counts once a winner is chosen)")


def won_on_a_supremacy(winners: list[str]) -> str:
    """Under a History row whose winner has fewer points (the game ended on a supremacy)."""
    return ngettext("{names} won on a supremacy", "{names} won on a supremacy",
                    len(winners)).format(names=all_of(winners))


def supremacy_won_by(supremacy: str, player: str) -> str:
    """A winner's chip as a screen reader names it ("Military Supremacy won by Mai"): the
    player's own line on the table reads "Mai"."""
    return _("{supremacy} won by {player}").format(supremacy=supremacy, player=player)

NO_VALUE = "\u2014"
ALL_AGES = N_("All Ages")
def vp(n: int) -> str:
    return _("{n} VP").format(n=n)


SEARCH_HINT = N_("First letters, then Enter")
"""The search field's hint: one line at 320 px in every language (the field's label says
Search; a longer hint was cut, and a second line made the field taller, a scroll step
more on the city: `tests/ui_tests/test_city_entry.py`)."""
ANY_SYMBOL = N_("any symbol")
CITY_WITH_MOST = N_("city with most")
STAGE = N_("stage")
DEFEAT = N_("defeat")
COLOUR_SHORT = {"brown": N_("brown"), "grey": N_("grey"), "blue": N_("blue"),
                "yellow": N_("yellow"), "green": N_("green"), "red": N_("red"),
                "purple": N_("purple"), "white": N_("white"), "black": N_("black")}
SCOPE_SHORT = {"own": N_("own"), "left": N_("left"), "right": N_("right"),
               "opponent": N_("opponent")}


def side_label(name: str) -> str:
    """A board side as its edition names it (`Ruleset.side_name`): Day, Night; or Side A,
    Side B."""
    if name.lower() in SIDE_WORDS:
        return side_word(name)
    return _("Side {name}").format(name=name)


def board_on_side(board: str, side: str) -> str:
    """A city's board and its side, as the table's line names them ("Gizah, Night")."""
    return _("{board}, {side}").format(board=board, side=side)


def place(rank: int) -> str:
    """A player's place in the ranking, short (in a badge)."""
    return _("#{rank}").format(rank=rank)


def yours(name: str) -> str:
    """This phone's own seat."""
    return _("{name} (you)").format(name=name)


def per_item(points: int, what: str, whose: str) -> str:
    """Points per item: "1 VP / brown", "1 VP / brown (left+right)"."""
    said = _("{n} VP / {what}").format(n=points, what=what)
    return _("{said} ({whose})").format(said=said, whose=whose) if whose else said


def per_coins(points: int, coins: int) -> str:
    return _("{n} VP / {coins} coins").format(n=points, coins=coins)


def shields(n: int) -> str:
    return ngettext("{n} shield", "{n} shields", n).format(n=n)


CATEGORY: dict[str, str] = {row: label for row, label in CATEGORY_LABELS.items()}
"""The pad rows: the same names as the command line's (`scorer.result`)."""


def category(row: str, words: Mapping[str, str] | None = None) -> str:
    """A pad row's name: the game's own where it gives the row to something else
    (`GameFacts.category_words`: Pantheon's Grand Temples), else the row's."""
    return (words or {}).get(row) or translated(
        CATEGORY_LABELS.get(row, row))  # type: ignore[call-overload]

COLOUR = {
    "brown": N_("Raw materials"),
    "grey": N_("Manufactured goods"),
    "blue": N_("Civilian"),
    "yellow": N_("Commercial"),
    "green": N_("Science"),
    "red": N_("Military"),
    "purple": N_("Guilds"),
    "black": N_("City cards (black)"),
    "none": N_("Other"),
}
"""A card colour's name on its filter swatch (a checkbox to a screen reader): every colour
any offered ruleset's cards have (tests/ui_tests/test_city_ages.py), never the data's own
word ("black" read lower case, "đen" in Vietnamese)."""

BEST_PICK = N_("The best for this player (the score pad picks)")
"""A choice of the table's left open: the engine counts the option that scores most."""
CHOICE = {
    "copied_guild": N_("Guild copied by the wonder"),
    "courtesan": N_("Leader under the Courtesan"),
    "copied_stage": N_("Neighbour's stage copied by the wonder"),
}

# Score pad
TOTAL = N_("Total")
RANK = N_("Rank")
MAY_BE_MORE = N_("May be more (a count marked \u2265)")
"""The result CSV's column naming a player's rows that may be short (the pad's "≥")."""
PROBLEMS = N_("Fix these first")
LINES_FOR = N_("Points for")
NO_LINES = N_("No points here.")
FINISH = N_("Finish and save")
SAVED = N_("Saved to history.")
IN_HISTORY = N_("Finished: in the history.")
CORRECTING = N_("Corrected since it was finished: History keeps the game as it was until "
                "it is finished again.")
SHARE_IMAGE = N_("Share image")
DOWNLOAD_IMAGE = N_("Download PNG")
COPY_IMAGE = N_("Copy image")
COPIED_IMAGE = N_("Image copied: paste it into a chat.")
SHARE_FAILED = N_("The phone did not share the image: download it instead.")
RESULT_QR = N_("The result as a QR code: another phone's camera reads it as text.")
RESULT_QR_NAME = N_("QR code of the result")
"""The result's QR image, to a screen reader (an image without a name is read as nothing)."""
SHARE_IMAGE_NAME = N_("Share image of the score pad")
DOWNLOAD_IMAGE_NAME = N_("Download PNG of the score pad")
COPY_IMAGE_NAME = N_("Copy image of the score pad")
"""The image buttons as a screen reader names them: what they act on, after the words they
show (a voice command says the words seen: "click Download PNG")."""
JOIN_QR_NAME = N_("QR code of the game's address")
SHARE_NOT_SECURE = N_("This page is not secure (http), so the phone cannot share or copy the "
                      "image from it: download it, or scan the result's QR code.")
SHARE_MISSING = N_("This browser cannot share files: download the image, or scan the "
                   "result's QR code.")
EXPORT_TITLE = N_("Export")
TABLE_JSON = N_("Table (JSON)")
RESULT_CSV = N_("Result (CSV)")
SHARE_TEXT = N_("Share text")
COPY = N_("Copy")
COPIED = N_("Copied.")
COPY_FAILED = N_("The browser did not copy it: select the text below and copy it.")
COPY_NOT_SECURE = N_("This page is not secure (http), so the phone cannot copy from it: "
                     "download the files, or select the text below and copy it.")
COPY_MISSING = N_("This browser cannot copy from a page: download the files, or select the "
                  "text below and copy it.")
INSTALL_NOT_SECURE = N_("This page is not secure (http), so the phone cannot install it as an "
                        "app: open the server's https address for that.")
INSTALL_HINT = N_("To keep it as an app: the browser's menu, Add to Home screen.")
WRONG_HOST = N_("The score pad does not answer at this name. Open the address the computer "
                "running it shows (or scan its QR code); whoever runs it can add this name "
                "with --allow-host.")

# History
HISTORY_TITLE = N_("History")
NO_HISTORY = N_("No finished games yet.")
OPEN = N_("Open")
DUPLICATE = N_("Play again")
DELETE = N_("Delete")
UNDO = N_("Undo")
REDO = N_("Redo")
DELETED = N_("Deleted")

# Rules
RULES_TITLE = N_("Rules")
GUILDS = N_("Guilds")
WONDERS = N_("Wonders")
COST = N_("Cost")
UNKNOWN_COST = N_("unknown: printed on the card")
WHAT_IF = N_("What would it score for")
WOULD_SCORE = N_("would score")
CANNOT = N_("Not possible here")

# Import
IMPORT_TITLE = N_("Import a table")
PASTE = N_("Paste a table file (JSON)")
PASTE_HISTORY = N_("Paste a history file (JSON)")
IMPORTED = N_("Imported.")
JOIN_NEXT_GAME = N_("Join the next game")
ALREADY_IN_HISTORY = N_("This game is in your history already: open it from History.")
CHOOSE_FILE = N_("Choose a file (.json)")
OR_PASTE = N_("or paste it below")
UPLOADING = N_("Reading the file...")
CHECKING = N_("Checking the table...")
SCORING = N_("Scoring...")
LOADING = N_("Loading...")
NO_UPLOAD = N_("Files cannot be uploaded to this server: paste the file instead.")
REPLACE_TITLE = N_("Replace the game in progress?")
REPLACE = N_("Replace")
KEEP = N_("Keep my game")
DOWNLOAD = N_("Download")
THEME = N_("Theme")
LANGUAGE = N_("Language")
THEME_LIGHT = N_("Light")
THEME_DARK = N_("Dark")
THEME_SYSTEM = N_("System")

# Misc
BACK = N_("Back")
HOME = N_("Home")
WORKING = N_("Working...")


def points(n: int) -> str:
    return ngettext("{n} pt", "{n} pts", n).format(n=n)


def points_at_least(n: int) -> str:
    """A total that may be short ("≥ 52 pts"), as the pad marks its cells."""
    return f"{AT_LEAST} {points(n)}"


def total_points(n: int, may_be_short: bool) -> str:
    """A total in words: "52 pts", or "≥ 52 pts" where a count of it may be short."""
    return points_at_least(n) if may_be_short else points(n)


def total_said(n: int, may_be_short: bool) -> str:
    """A total as a screen reader says it: "52 points", "at least 52 points" (the table
    read "≥ 52 pts" where the pad's cells say "at least": a walk)."""
    if may_be_short:
        return ngettext("at least {n} point", "at least {n} points", n).format(n=n)
    return ngettext("{n} point", "{n} points", n).format(n=n)


def players_count(n: int) -> str:
    return ngettext("{n} player", "{n} players", n).format(n=n)


def player_default(n: int) -> str:
    return _("Player {n}").format(n=n)


def problems_count(n: int) -> str:
    return ngettext("{n} problem", "{n} problems", n).format(n=n)


def problems_elsewhere(names: list[str]) -> str:
    """The problems that keep a complete city's total from being final are elsewhere."""
    if not names:
        return _("a problem of the table (see the table screen)")
    return _("problems at {names}").format(names=", ".join(names))


def stage(n: int) -> str:
    return str(n)


def started(when: str) -> str:
    return _("Started {when}").format(when=when)


def finished(when: str) -> str:
    return _("Finished {when}").format(when=when)


def what_if_result(player: str, name: str, delta: int) -> str:
    sign = "+" if delta >= 0 else ""
    return _("{card} would score {points} for {player}").format(
        card=name, points=f"{sign}{delta}", player=player)


def toward(name: str) -> str:
    return _("{name}'s side").format(name=name)


def pawn_toward(pawn: str, name: str) -> str:
    """A side chip of a pawn as a screen reader names it: which pawn (the Duel conflict pawn
    and Pantheon's Minerva pawn each have a chip "Ann's side" on one screen)."""
    return _("{pawn}: {name}'s side").format(pawn=pawn, name=name)


def military_gain(name: str, pts: int) -> str:
    return ngettext("{name} scores {n} military point", "{name} scores {n} military points",
                    pts).format(name=name, n=pts)


def deleted(what: str) -> str:
    return _("Deleted: {what}").format(what=what)


def game_details(game: str) -> str:
    """What a History row's buttons are called by a screen reader: every row has the same
    words on screen (Details, Open, Play again, Delete), so each name says which game."""
    return _("Details of the game {game}").format(game=game)


def game_open(game: str) -> str:
    return _("Open the game {game}").format(game=game)


def game_again(game: str) -> str:
    return _("Play the game {game} again").format(game=game)


def game_delete(game: str) -> str:
    return _("Delete the game {game}").format(game=game)


def what_if_asked(player: str, name: str) -> str:
    """The rules list's "What would it score for Bob?" under each entry, as a screen reader
    names it: which entry it asks about."""
    return _("What would {name} score for {player}?").format(name=name, player=player)


def serve_banner(here: str, lan: list[str]) -> str:
    lines = [_("Wonders Score Pad is running."), _("On this computer: {url}").format(url=here)]
    if lan:
        lines.append(_("On a phone on the same network (or scan the QR code):"))
        lines += [f"  {u}" for u in lan]
    lines += [_("No accounts: anyone who can reach these addresses can see and change the "
                "games, the history and the remembered names. Run it only on a network the "
                "players trust (a home network, a phone's hotspot), not on a public one.")]
    return "\n".join(lines)


def ruleset_text(text: str) -> str:
    """What a card, stage, leader or token does, as its ruleset words it, in the reader's
    language (the catalogue holds every ruleset's `text` fields)."""
    return translated(text) if text else text


def cost_words(cost: str) -> str:
    """A cost in words as the engine gives it ("2 Ore + 1 Clay", `scorer.facts.cost_in_words`)
    with the resources named in the reader's language (the rulesets' `cost_letters`)."""
    parts = []
    for part in cost.split(" + "):
        count, _space, resource = part.partition(" ")
        parts.append(f"{count} {translated(resource)}" if count.isdigit() and resource else part)
    return " + ".join(parts)


def first_upper(text: str) -> str:
    """`text` with its first letter upper case (the rest as it is: a player's name stays as
    typed), where words written to sit inside a sentence start one: a line's source that
    starts a line on screen ("Treasury: 2", as "Altar: 3" beside it, where the engine
    writes "treasury")."""
    return text[:1].upper() + text[1:]


def stage_for(number: int, gives: str, player: str) -> str:
    """A screen reader's name of a wonder stage's box: "Stage 2 for Ann: 5 VP" (a walk's
    screen reader read "2. 5 VP", no stage and no player)."""
    return _("Stage {number} for {player}: {gives}").format(number=number, player=player,
                                                              gives=gives)


def change_board(player: str, board: str) -> str:
    """A screen reader's name of the button that offers the boards again ("Change" on
    screen: a walk's screen reader read "Change" alone)."""
    return _("Change {player}'s wonder board ({board})").format(player=player, board=board)


def board_not_offered(board: str, why: str) -> str:
    """Under a city's board picker: a board of the box the app cannot score, and why."""
    return full_stop(_("{board} is not offered: {why}").format(board=board, why=why))


def full_stop(text: str) -> str:
    """`text` ending as a sentence: a full stop added unless it ends with one, a question
    or an exclamation mark (the engine's messages are written to be joined by "; ")."""
    stripped = text.rstrip()
    return stripped if not stripped or stripped[-1] in ".?!…" else stripped + "."


def line(source: str, pts: int, why: str) -> str:
    """A line of points in one sentence: "Amytis, 4 pts: 2 wonders built, 2 points each"
    (the reason keeps its own brackets)."""
    return _("{source}, {points}: {why}").format(source=first_upper(source),
                                                 points=points(pts), why=why)


NOT_A_TABLE = N_("The file could not be read as a table.")


def at_where(where: str, message: str) -> str:
    return _("{where}: {message}").format(where=where, message=message) if where else message


def buried_under(wonder: str) -> str:
    return _("Leader buried under {wonder}").format(wonder=wonder)


def buried_choice(leader: str, wonder: str) -> str:
    """A leader's chip under "Leader buried under ...", to a screen reader: the same leader's
    recruit chip is on the same screen, by the same name."""
    return _("{leader}, buried under {wonder}").format(leader=leader, wonder=wonder)


def more_wonders(count: int) -> str:
    """Under the group's most played wonder sides: how many more were played, less often."""
    return ngettext("and {count} more wonder side, played less often",
                    "and {count} more wonder sides, played less often", count).format(count=count)


def conquests_taken(count: int) -> str:
    """A count's chip of the military tokens a city took (Alexander), to a screen reader:
    its words are the bare number."""
    return ngettext("{count} military token taken", "{count} military tokens taken",
                    count).format(count=count)


def printed_cost(cost: int | None) -> str:
    if cost is None:
        return _("Not known to the app: type the cost printed on the card")
    return ngettext("Blank = {n} coin, as printed", "Blank = {n} coins, as printed",
                    cost).format(n=cost)


def paper_note(name: str, duel: bool) -> str:
    if duel:
        return _("{name} counted on paper, so the app does not know {name}'s cards: the "
                 "opponent's guilds and leaders that count cards in both cities cannot count "
                 "{name}'s cards. For an exact count, enter {name}'s cards instead."
                 ).format(name=name)
    return _("{name} counted on paper, so the app does not know {name}'s cards: neighbours' "
             "guilds and leaders that count the cards next door cannot count {name}'s cards. "
             "For an exact count, enter {name}'s cards instead.").format(name=name)


def kib(n: int) -> str:
    if n >= 1024:
        return _("{n} KB").format(n=f"{n / 1024:.0f}")
    return ngettext("{n} byte", "{n} bytes", n).format(n=n)


def not_a_json_file(name: str) -> str:
    return _("{name}: only table files in JSON (.json) are imported").format(name=name)


def too_big(name: str, size: int, limit: int) -> str:
    if name:
        return _("{name} is {size} bytes; a table file is at most {kb} ({limit} bytes)").format(
            name=name, size=f"{size:,}", kb=kib(limit), limit=f"{limit:,}")
    return _("This is {size} bytes; a table file is at most {kb} ({limit} bytes)").format(
        size=f"{size:,}", kb=kib(limit), limit=f"{limit:,}")


UPLOAD_FAILED = N_("The file could not be uploaded or read here; pick it again, or paste it.")


REPLACED_BY_IMPORT = N_("The imported table replaces it.")
REPLACED_BY_HISTORY = N_("The game from the history replaces it.")
REPLACED_BY_NEW = N_("The new game replaces it.")


def number_range(least: int | None, most: int | None) -> str:
    """Under a number field whose text cannot be taken: what it takes."""
    if least is not None and most is not None:
        return _("A whole number from {least} to {most}").format(least=least, most=most)
    if least is not None:
        return _("A whole number, {least} or more").format(least=least)
    return _("A whole number")


def replace_game(names: str, game: str, by: str) -> str:
    """`by`: what replaces the game in progress (one of the REPLACED_BY_ texts)."""
    return _("The game in progress ({game}: {names}) is not finished and would be lost. "
             "{by}").format(game=game, names=names, by=by)


def downloaded(name: str) -> str:
    return _("Downloaded {name}.").format(name=name)


def buried_hint(factor: int) -> str:
    """Under the leader buried beneath a wonder: what it is worth (the ruleset's factor:
    Abu Simbel's is 2, twice the leader's cost)."""
    return ngettext("The leader under the wonder loses its ability and is worth its cost "
                    "in points.",
                    "The leader under the wonder loses its ability and is worth {factor} "
                    "times its cost in points.", factor).format(factor=factor)


def enter_adds_card(name: str) -> str:
    """Under the city's search: the card Enter adds (in sight before Enter)."""
    return _("Enter adds {card}").format(card=name)


def enter_adds_leader(name: str) -> str:
    return _("Enter adds the leader {leader}").format(leader=name)


def enter_picks_board(name: str) -> str:
    return _("Enter picks the wonder {wonder}").format(wonder=name)


def in_another_expansion(name: str, expansion: str) -> str:
    """Under the city's search when the text starts a name of an expansion the game was not
    started with ("Mann": Manneken Pis, of the Wonder Pack)."""
    return _("{name} is in the {expansion} expansion, not in this game").format(
        name=name, expansion=expansion)  # two lines at 360 px (a longer one lost its end)


def cannot_score(name: str, game: str, reason: str) -> str:
    """Under the city's search when the text names a card of the box the app cannot score
    (with the ruleset's reason, as the command line says it)."""
    return _("“{name}” cannot be scored in {game}: {reason}").format(
        name=name, game=game, reason=reason)


def nothing_found(typed: str) -> str:
    """Under the city's search when no name the city can still take holds the text."""
    return _("Nothing left to add is called “{typed}”").format(typed=typed)


def player_left(name: str) -> str:
    """A phone on the city of a player removed from the game (another phone removed them)."""
    return _("{player} is no longer in this game. The table shows who plays now; an Undo "
             "on the phone that removed them brings their city back here.").format(player=name)


def player_elsewhere(name: str) -> str:
    return _("{player} sits elsewhere now: opening their city.").format(player=name)


def copies_held(card: str, count: int, room: int) -> str:
    """A counted card's chip (Agora's Senators): how many the city holds, of how many the
    box leaves it (a tap adds one up to that, never past it)."""
    return _("{card} \u00d7{count} of {room}").format(card=card, count=count, room=room)


def one_less(card: str, player: str, count: int) -> str:
    """The minus beside a counted card, as a screen reader names it."""
    if not player:
        return _("{card}: {count}, take one away").format(card=card, count=count)
    return _("{card} for {player}: {count}, take one away").format(
        card=card, player=player, count=count)


NOT_IN_THIS_GAME = N_("Held, but not in this game (tap to take out):")


def take_out_card(name: str) -> str:
    """A held card no chip of the game offers, to a screen reader: what its tap does."""
    return _("{card}: held, not in this game; tap to take it out").format(card=name)


def card_taken(name: str) -> str:
    return _("{card} (taken)").format(card=name)


def recruited_here(name: str) -> str:
    """An Abu Simbel chip of a leader this city recruited: entombing takes it from the
    leaders first (a city's own leader read "taken by" its own player: a review)."""
    return _("{name} (recruited here)").format(name=name)


def keep_board(board: str) -> str:
    """The button under the boards offered again (Change): the held board left as it is."""
    return _("Keep {board}").format(board=board)


def taken_by(name: str, player: str) -> str:
    """A board or leader another city holds (the game has one): by whom, so that a player
    (and a screen reader) knows where it went."""
    return _("{name} (taken by {player})").format(name=name, player=player)


def age_label(ages: tuple[int, ...]) -> str:
    roman = {1: "I", 2: "II", 3: "III"}
    return "/".join(roman.get(a, str(a)) for a in ages)


NETWORK_LOST = N_("No network on this phone: what you change is not saved until it is back.")
"""Over the foot of the page while the browser has no network (ui/web/network_lost.py)."""
CONNECTION_LOST = N_("The connection to the score pad dropped: reconnecting. Changes are saved "
                     "again once it is back.")
"""Over the foot of the page while the app's connection is down (Flet's own "Working..."
is in English only)."""
SHARED_HIDDEN_FULL = N_("This game is in every phone's history, and too many games like it "
                        "have been taken out of histories already (from this network, or of "
                        "this game in all): it stays in this one.")
NOT_DELETED = N_("The game could not be taken out of the history: the saved games' file "
                 "refused the change. Try again.")
FREE_CITY = N_("Free City")
"""The seat New game adds to a 2-player 1st-edition game (scored, never ranked)."""
FREE_CITY_TWO_ONLY = N_("The Free City comes back only to a 2-player game.")
FREE_CITY_NO_PHONE = N_("The Free City is no player's seat: any phone of the game enters its "
                        "city.")
FREE_CITY_HINT = N_("With two players, the Free City takes the third seat: its cards, wonder "
                    "and coins are entered like a player's, and it is never ranked.")

# Saved games (ui/store/store.py): what went wrong with the file, and what was done about it
DISMISS = N_("OK")
IMPORT_TOO_LARGE = N_("This is too large for a table file")


_STORE_REASONS = {
    N_("the file is empty"),
    N_("it cannot be read"),
    N_("its journal (-wal) is shorter than a journal's header"),
    N_("its journal (-wal) is not a SQLite journal"),
    N_("its journal (-wal) is damaged"),
}
"""What `ui.store.store.file_problem` can find wrong with the saved-games file (the same texts)."""


def store_recovered(kept: str, why: str) -> str:
    """`why` is one of the saved-games file's problems (`ui.store.store.file_problem`, in the
    catalogue) or, for a database error, not shown: no system's English on the screen."""
    return _("The saved games could not be read ({why}). The damaged file was kept as "
             "\"{kept}\" next to the new one, and a fresh history was started."
             ).format(why=translated(why) if why in _STORE_REASONS else _("it is damaged"),
                      kept=kept)


def store_unavailable(where: str, why: str) -> str:
    """No folder path and no system error on a phone (the server's console says both)."""
    del where, why
    return _("Games cannot be saved on this computer (its data folder cannot be used). The "
             "app works, but nothing will be kept after the server stops.")


def store_failed(why: str) -> str:
    del why  # the system's words go to the server's console
    return _("The last change could not be saved.")


def draft_unreadable(why: str) -> str:
    return _("The game in progress could not be read back ({why}). It was kept aside in the "
             "saved-games file; start a new game or import its table.").format(why=why)


def import_too_large(size: int, limit: int) -> str:
    return _("This is too large for a table file: {size} characters (at most {limit})."
             ).format(size=f"{size:,}", limit=f"{limit:,}")

# One game, every phone (ui/live/tables.py, ui/entry/edits.py, ui/screens/join.py)
JOIN = N_("Join a game")
JOIN_TITLE = N_("Join a game")
JOIN_CODE = N_("Join code")
JOIN_HINT = N_("Type the letters shown on the host's table screen, or scan its QR code.")
JOIN_BUTTON = N_("Join")
NO_SUCH_PAGE = N_("This app has no such page (a mistyped or cut link).")
NOT_IN_GAME = N_("This device is not at this table: join it with its code first.")
CANNOT_SCORE = N_("This game cannot be scored just now (a fault of the app, reported). "
                  "Everything entered is kept.")
DAMAGED_GAME = N_("Damaged game")
DAMAGED_HINT = N_("This saved game cannot be read back, so it cannot be opened; it is kept "
                  "as it is until you delete it.")
UNEXPECTED_ERROR = N_("Something went wrong on this screen. Nothing you entered is lost: go "
                      "back home and open the game again.")
HOST_FINISHES = N_("Only the host's phone can finish the game.")
NOT_SAVED_BUSY = N_("Other phones kept changing the game at the same moment: this change was "
                    "not saved. The game as saved is shown; try again.")
HOST_CORRECTS = N_("This game is finished: only the host's phone can correct it. Play again "
                   "starts a new game.")
HOST_CORRECTS_PLAY = N_("Only the host's phone can correct this game's place and note.")


def place_read(place: str) -> str:
    """A finished game's place, on a phone that reads it only ("Place: Ann's")."""
    return _("Place: {place}").format(place=place)


def note_read(note: str) -> str:
    """A finished game's note, on a phone that reads it only."""
    return _("Note: {note}").format(note=note)

CHANGED_BEFORE_FINISH = N_("The game changed on another phone just now: check the score pad, "
                         "then finish again.")
HOST_FREES = N_("Only the host's phone can free a seat held by another phone.")
GAME_FINISHED = N_("The host finished the game: it is in your history.")
HOST_PHONE = N_("the host's phone")
NOT_UNDOABLE = N_("This change cannot be taken back.")
CHANGES = N_("Changes")
CHANGES_HINT = N_("Every change of this game, newest first. Undo takes one back for every "
                  "phone.")
NO_CHANGES = N_("No change yet.")
UNDONE_MARK = N_("undone")
REMOVE_HINT = N_("Their whole city goes with them. Undo (on the note, or in Changes) brings "
                 "both back.")
FREE = N_("Free")
FREE_HINT = N_("The phone that holds it lets go; the player then taps their name on "
               "another phone.")
A_PHONE = N_("another phone")
SHARE_TITLE = N_("Players join with their phones")
SHARE_HINT = N_("Open the address on a phone on the same network, or scan the code:")
YOUR_SEAT = N_("Your seat")
NO_SEAT = N_("Tap your own name: your phone then holds your seat.")
EDIT_PLAYERS = N_("Players")
RENAME = N_("Rename")
NEW_NAME = N_("New name")
SAVE = N_("Save")
CANCEL = N_("Cancel")
BOARD = N_("Board")
BAD_VALUE = N_("this value does not fit here")
TABLE_FIELD = {"conflict_toward": N_("the conflict pawn's side"),
               "conflict_spaces": N_("the conflict pawn's spaces"),
               "supremacy_kind": N_("the supremacy"),
               "supremacy_winner": N_("the supremacy's winner"),
               "minerva_toward": N_("the Minerva pawn's side"),
               "minerva_spaces": N_("the Minerva pawn's spaces")}
SEAT_FIELD = {"board": N_("wonder"), "side": N_("wonder side"), "stages": N_("stages built"),
              "coins": N_("coins"), "quick": N_("paper totals"), "buried": N_("buried leader"),
              "buried_cost": N_("buried leader's cost"), "conquests": N_("tokens taken"),
              "astarte_coins": N_("coins on Astarte"), "offering_tokens": N_("offering tokens"),
              "snake": N_("card under the Snake token")}
"""A field's words in a change's note ("Ann's coins changed to 7"): every `SeatField` and
`TableField` of ui/entry/edits.py has its words (tests/ui_tests/test_change_notes.py), never
the field's name."""


def join_address(url: str, code: str) -> str:
    return f"{url.rstrip('/')}/g/{code}"


def join_refused(refusal: JoinRefusal) -> str:
    """Why a join code led to no game, in words (the refusal is data: `ui.live.tables.join`);
    mypy checks that every reason has its words."""
    match refusal.reason:
        case "finished":
            return _("This game is finished, so its code no longer lets anyone join. "
                     "Finished games are under History, on the phones that played them.")
        case "too-many-tries":
            return too_many_tries(refusal.wait_s)
        case "no-such-code":
            return _("No game in progress has this code. Check the letters on the host's "
                     "screen.")
        case unknown:
            assert_never(unknown)


def too_many_tries(seconds: int) -> str:
    return _("Too many wrong codes from this device. Try again in {seconds} s.").format(
        seconds=seconds)


def host_refused(refusal: HostRefusal) -> str:
    """Why no new game was opened, in words (the refusal is data: `ui.live.tables.Tables.host`)."""
    minutes = max(1, (refusal.wait_s + 59) // 60)
    match refusal.reason:
        case "too-many-games":
            return _("This phone started too many games within an hour. Try again in "
                     "{minutes} min.").format(minutes=minutes)
        case "too-many-games-here":
            return _("Too many games were started from this network within an hour. Try "
                     "again in {minutes} min.").format(minutes=minutes)
        case "too-many-open-here":
            return _("Too many games in progress were started from this network. Finish one "
                     "of them, or try again later.")
        case "server-full":
            return _("This server holds as many games in progress as it takes. Finish a "
                     "game, or try again later.")
        case unknown:
            assert_never(unknown)


def export_left_out(left: list[str]) -> str:
    """Games Export all could not write (their saved rows cannot be read), each named."""
    return ngettext("{n} game is not in the file: its saved game cannot be read (delete it, "
                    "or restore a backup): {games}.",
                    "{n} games are not in the file: their saved games cannot be read (delete "
                    "them, or restore a backup): {games}.", len(left)).format(
                        n=len(left), games="; ".join(left))


def imports_over(n: int, most: int) -> str:
    """Games an import left out: the phone holds the most imported games one phone keeps."""
    return ngettext("{n} game not imported: one phone keeps at most {most} imported games.",
                    "{n} games not imported: one phone keeps at most {most} imported games.",
                    n).format(n=n, most=f"{most:,}")


def imports_over_here(n: int, most: int) -> str:
    """Games an import left out: this network (client address) holds the most imported
    games one address keeps."""
    return ngettext("{n} game not imported: one network keeps at most {most} imported "
                    "games.",
                    "{n} games not imported: one network keeps at most {most} imported "
                    "games.", n).format(n=n, most=f"{most:,}")


def renamed_elsewhere(n: int) -> str:
    """Games another phone hosted keep the old name (only the host corrects a game)."""
    return ngettext("{n} game hosted on another phone keeps the old name: only its host "
                    "corrects it.",
                    "{n} games hosted on other phones keep the old name: only their hosts "
                    "correct them.", n).format(n=n)


def seats_moved(player: str) -> str:
    return _("The seats changed meanwhile ({player} is not there any more); "
             "the table shows them now.").format(player=player)


def _field_first(template: str, what: str) -> str:
    """`what` (a field's word, lower case to sit inside a sentence) as the sentence's first
    word where the language puts it first ("{what} của {player} ..."): capitalised. The
    player's name, first in English, stays as it was typed."""
    what = str(what)
    return first_upper(what) if template.startswith("{what}") else what


def stale_switch(switched: str) -> str:
    """A switch of a city's way of entry another phone made meanwhile (`switched_entry`)."""
    return _("{switched} on another phone; your change was not saved. Check it, then change "
             "it again.").format(switched=switched)


def stale_seat(player: str, what: str, value: str) -> str:
    """A change made over a value another phone changed meanwhile: not saved."""
    said = _("{player}'s {what}: {value} now (changed on another phone); your change was "
             "not saved. Check it, then change it again.")
    return said.format(player=player, what=_field_first(said, what), value=value)


def stale_table(what: str, value: str) -> str:
    said = _("{what}: {value} now (changed on another phone); your change was not saved. "
             "Check it, then change it again.").format(what=what, value=value)
    return first_upper(said)


def seat_taken(player: str) -> str:
    return _("{player}'s seat is held by another phone.").format(player=player)


def seat_claimed(player: str) -> str:
    return _("{player} took their seat.").format(player=player)


def remove_title(player: str) -> str:
    return _("Remove {player} from the game?").format(player=player)


def free_button(player: str) -> str:
    return _("Free {player}'s seat").format(player=player)


def free_title(player: str) -> str:
    return _("Free {player}'s seat?").format(player=player)


def free_seat(player: str) -> str:
    return _("Free {player}'s seat (for another phone)").format(player=player)


def seat_freed(player: str) -> str:
    return _("{player}'s seat is free: {player} can take it on another phone.").format(
        player=player)


def phone_of(player: str) -> str:
    return _("{player}'s phone").format(player=player)


def changed_on(what: str, device: str) -> str:
    return _("{what} on {device}").format(what=what, device=device)


def choice_left_open(player: str, what: str) -> str:
    """A choice of the table's taken back: the score pad counts the best again ("changed
    to —" read as if nothing would count: a walk)."""
    said = _("{player}'s {what}: none picked, the best counts")
    return said.format(player=player, what=_field_first(said, what))


def seat_changed(player: str, what: str, value: str) -> str:
    said = _("{player}'s {what} changed to {value}")
    return said.format(player=player, what=_field_first(said, what), value=value)


def held_changed(player: str, name: str, held: bool) -> str:
    if held:
        return _("{card} added to {player}'s city").format(card=name, player=player)
    return _("{card} taken from {player}'s city").format(card=name, player=player)


def table_changed(what: str, value: str) -> str:
    said = _("{what} changed to {value}").format(what=what, value=value)
    return first_upper(said)


def entry_label(field: str, key: str) -> str:
    if field == "military":
        return _("{value} tokens").format(value=key if key.startswith("-") else f"+{key}")
    if field == "typed":
        row = CATEGORY_LABELS.get(key, key)  # type: ignore[call-overload]
        return _("{row} total").format(row=translated(row).lower())
    words = translated(_CHOICE.get(key, key))
    return words[:1].lower() + words[1:]  # in a sentence; its names kept ("the Courtesan")


def uncertain_cost(coins: int) -> str:
    """A leader's cost no source of the game prints: the likeliest, said to be uncertain."""
    return _("{coins}, uncertain: check the card").format(coins=coins)


def switched_entry(player: str, paper: bool) -> str:
    """A city switched between its two ways of entry (the city screen's Cards and Paper
    totals), as a player says it."""
    if paper:
        return _("{player} switched to paper totals").format(player=player)
    return _("{player} switched back to entering cards").format(player=player)


def yes_no(value: bool) -> str:
    return _("on") if value else _("off")


def player_added(name: str) -> str:
    return _("{name} joined the table").format(name=name)


def player_added_for_free_city(name: str) -> str:
    """A third player added to a 2-player game: the Free City leaves the table."""
    return _("{name} joined the table in the Free City's seat").format(name=name)


def player_removed(name: str) -> str:
    return _("{name} left the table").format(name=name)


def player_renamed(old: str, new: str) -> str:
    return _("{old} is now {new}").format(old=old, new=new)


def player_moved(name: str, seat: int) -> str:
    return _("{name} moved to seat {seat}").format(name=name, seat=seat)


def minutes_ago(minutes: int) -> str:
    if minutes < 1:
        return _("just now")
    if minutes < 120:
        return ngettext("{n} minute ago", "{n} minutes ago", minutes).format(n=minutes)
    return ngettext("{n} hour ago", "{n} hours ago", minutes // 60).format(n=minutes // 60)


def made_on(device: str, when: str) -> str:
    return _("on {device} · {when}").format(device=device, when=when)


def player_back(name: str) -> str:
    return _("{name} is back at the table with their city").format(name=name)


def undone(what: str) -> str:
    return _("Undone: {what}").format(what=what)


def redone(what: str) -> str:
    return _("Done again: {what}").format(what=what)


def seat_of(index: int, name: str) -> str:
    return _("Seat {n}: {name}").format(n=index + 1, name=name)


def i_am(name: str) -> str:
    return _("I am {name}").format(name=name)



# After the game: plays, players, statistics (issue 22)
PLAYERS_TITLE = N_("Players")
STATS_TITLE = N_("Group statistics")
NO_PLAYERS = N_("Players appear here after their first finished game.")
GAMES = N_("Games")
WINS = N_("Wins")
AVERAGE = N_("Average")
BEST = N_("Best")
POINTS_FROM = N_("Where the points come from (average a game)")
FAVOURITE_WONDERS = N_("Favourite wonders")
HEAD_TO_HEAD = N_("Head-to-head")
RECORDS = N_("Records")
RECORD_KINDS = {"highest-total": N_("Highest total"), "biggest-science": N_("Biggest science"),
                "most-military": N_("Most military"), "closest-finish": N_("Closest finish")}
WINS_BY_WONDER = N_("Wins by wonder and side")
WINS_BY_WONDER_ALONE = N_("Wins by wonder")
"""Where no wonder counted has sides (Duel)."""
CATEGORY_AVERAGES = N_("Average points a player, by category")
ALL = N_("All")
ANY = N_("Any")
NO_EXPANSION = N_("None")
PERIOD = N_("Period")
ALL_TIME = N_("All time")
LAST_30_DAYS = N_("Last 30 days")
LAST_12_MONTHS = N_("Last 12 months")
RENAME_TITLE = N_("Rename, or merge into another player")
NEW_NAME = N_("New name")
RENAME = N_("Rename")
PLAY_DETAILS = N_("Details")
PLACE = N_("Place")
NOTE = N_("Note")
LOG_BG_STATS = N_("Log to BG Stats")
LOG_BG_STATS_WEB = N_("BG Stats on the web")
BG_STATS_HINT = N_("Log to BG Stats opens the BG Stats app on a phone that has it, with the "
                   "play ready to save; on a computer, or a phone without the app, use BG "
                   "Stats on the web.")
EXPORT_HISTORY = N_("Export all games")
IMPORT_HISTORY = N_("Import games")
IMPORT_HISTORY_HINT = N_("A history file exported by this app (JSON). Games already here are "
                         "recognised and kept as they are.")
SHOW_MORE = N_("Show more")
PLAY_COLUMNS = {"started": N_("Started"), "finished": N_("Finished"),
                "duration_min": N_("Minutes"), "place": N_("Place"), "note": N_("Note")}
"""The CSV export's columns of a finished game's play (keys of the table's `play`)."""
NO_SUCH_GAME = N_("This game is not in your history.")
OPEN_PAD = N_("Score pad")


def games_count(n: int) -> str:
    return ngettext("{n} game", "{n} games", n).format(n=n)


def games_wins(games: int, wins: int) -> str:
    return games_count(games) + " · " + ngettext("{n} win", "{n} wins", wins).format(n=wins)


def minutes(n: int) -> str:
    return ngettext("{n} min", "{n} min", n).format(n=n)


def wonder_plays(wonder: str, plays: int, wins: int) -> str:
    return ngettext("{wonder}: {plays} game, {wins} won", "{wonder}: {plays} games, {wins} won",
                    plays).format(wonder=wonder, plays=plays, wins=wins)


def against(name: str, games: int, ahead: int, behind: int, level: int) -> str:
    return ngettext("against {name}: {games} game, ahead {ahead}, behind {behind}, level {level}",
                    "against {name}: {games} games, ahead {ahead}, behind {behind}, "
                    "level {level}", games).format(name=name, games=games, ahead=ahead,
                                                   behind=behind, level=level)


def won_by(n: int) -> str:
    return ngettext("won by {n} point", "won by {n} points", n).format(n=n)


_FINISHES = {"coins": N_("tied on points, won on coins"),
              "civilian": N_("tied on points, won on civilian points"),
              "shared": N_("tied on points: a shared victory")}
"""How a closest finish of 0 points was won (`scorer.stats.Finish`), never "won by 0
points"."""


def finish(lead: int, how: str) -> str:
    """The closest finish's line: the lead, or how a tie on points was decided."""
    return _(_FINISHES[how]) if how in _FINISHES else won_by(lead)


def renamed(n: int) -> str:
    return ngettext("Renamed in {n} game.", "Renamed in {n} games.", n).format(n=n)


def not_merged(n: int) -> str:
    return ngettext("Not changed: both sat at the same table in {n} game.",
                    "Not changed: both sat at the same table in {n} games.", n).format(n=n)


def imported_games(added: int, already: int) -> str:
    return (ngettext("{n} game added", "{n} games added", added).format(n=added) + ", "
            + ngettext("{n} already here.", "{n} already here.", already).format(n=already))


def history_of(shown: int, total: int) -> str:
    return _("{shown} of {total}").format(shown=shown, total=total)


# What a screen reader reads of a control the screen names by an icon or a number alone
# (ui/screens/a11y.py): what it does, to whom.


def move_up(name: str) -> str:
    return _("Move {name} up").format(name=name)


def move_down(name: str) -> str:
    return _("Move {name} down").format(name=name)


def remove_player(name: str) -> str:
    return _("Remove {name}").format(name=name)


def rename_player(name: str) -> str:
    return _("Rename {name}").format(name=name)


def drag_player(name: str) -> str:
    return _("Drag {name} to reorder").format(name=name)


def nth_player(n: int) -> str:
    """A New game row whose name is not typed yet."""
    return _("player {n}").format(n=n)


def for_player(what: str, name: str) -> str:
    """A number of a player's city, said with whose it is ("Coins for Ann")."""
    return _("{what} for {name}").format(what=what, name=name)


def whose_field(name: str) -> str:
    """What a screen reader hears before a field's label on a player's city ("Ann:", then
    "Coins"): the field is read alone, away from the title that says whose city it is."""
    return _("{name}:").format(name=name)


def whose_part(name: str, part: str) -> str:
    """What a screen reader hears before a field of a part of a player's city whose label
    alone says little ("Ann, Conflict tokens:", then "+1"; "Ann, Paper totals:", then
    "Civilian"): whose first, as every other field of a city says it ("Ann: Coins")."""
    return _("{name}, {part}:").format(name=name, part=part)


def conflict_tokens(value: str) -> str:
    """A stepper of conflict tokens of one face value ("+3"), said with what they are."""
    return _("Conflict tokens {value}").format(value=value)


def add_one(what: str, value: int) -> str:
    return _("{what}: {value}, add one").format(what=what, value=value)


def change_sign(what: str) -> str:
    """A paper row's sign button (a number pad without a minus key): whose row it turns."""
    return _("{what}: change the sign (a loss or a gain)").format(what=what)


def remove_one(what: str, value: int) -> str:
    return _("{what}: {value}, remove one").format(what=what, value=value)


def pad_cell(player: str, row: str, n: int, at_least: bool = False) -> str:
    """A score pad cell: whose, which row, how many points (the screen shows the number)."""
    if at_least:
        return ngettext("{player}, {row}: at least {n} point",
                        "{player}, {row}: at least {n} points", n).format(
            player=player, row=row, n=n)
    return ngettext("{player}, {row}: {n} point", "{player}, {row}: {n} points", n).format(
        player=player, row=row, n=n)


def shows_how(cell: str) -> str:
    """A pad cell a tap explains, to a screen reader: its points and that a tap shows how
    they are made (a walk heard "Bob, Science: 18 points" and no hint of the lines)."""
    return _("{cell}; tap to see how").format(cell=cell)


def line_said(source: str, n: int, at_least: bool = False) -> str:
    """A line of a pad cell's explanation as a screen reader reads its title: "Baths, 3
    points" (the screen shows "Baths: 3", its reason under it); "at least" where the count
    may be short, as the cell says."""
    if at_least:
        return ngettext("{source}, at least {n} point", "{source}, at least {n} points",
                        n).format(source=source, n=n)
    return ngettext("{source}, {n} point", "{source}, {n} points", n).format(
        source=source, n=n)


def close_points(player: str) -> str:
    """The button that closes a pad cell's lines (Escape closes them too): whose lines, and
    of which row ("Ann · Military")."""
    return _("Close the points for {player}").format(player=player)


def pad_total(player: str, n: int, at_least: bool = False) -> str:
    return pad_cell(player, _("total"), n, at_least)


def use_science(points: str, row: str) -> str:
    """The science calculator's Use, as a screen reader names it: what it types where."""
    return _("Use {points} as {row}").format(points=points, row=row)


def fix_city(player: str) -> str:
    """The pad's way to a player's city a problem is about."""
    return _("Fix {player}'s city").format(player=player)


def opens_city(button: str, player: str) -> str:
    """Previous or Next player, as a screen reader names it: whose city it opens."""
    return _("{button}: {player}").format(button=button, player=player)


def pad_column(player: str) -> str:
    """A pad column's name cell, as a screen reader reads it (a tap explains the total)."""
    return _("{player}: how the total is made").format(player=player)


def pad_rank(player: str, rank: int | None) -> str:
    """A rank cell as a screen reader reads it (a number alone says nothing): "Ann, rank 2";
    the Free City, never ranked: "Free City, no rank"."""
    if rank is None:
        return _("{player}, no rank").format(player=player)
    return _("{player}, rank {rank}").format(player=player, rank=rank)


def piece_face(label: str, face: str) -> str:
    """A stepper of tokens of one face value, the face signed as the conflict tokens' are
    ("debt tokens -5", "naval conflict tokens +3": a walk read "naval conflict tokens 3"
    beside the land tokens' "+3")."""
    signed = f"+{face}" if face.isdigit() and int(face) > 0 else face
    return _("{label} {face}").format(label=label, face=signed)


def diplomacy_in(age: str) -> str:
    """A city's diplomacy of one Age, as a change note names it ("diplomacy in Age II")."""
    return _("diplomacy in Age {age}").format(age=age)


def name_taken(name: str, number: int) -> str:
    """A name typed for a player that player `number` has already (the engine's words)."""
    return _('"{name}" is the name of player {number} already; names must differ').format(
        name=name, number=number)


def entombed_leader(leader: str) -> str:
    """A leader's chip under Abu Simbel ("Nero entombed"), apart from its recruited chip."""
    return _("{leader} entombed").format(leader=leader)


def diplomacy_chip(age: str) -> str:
    """A diplomacy Age's chip ("Diplomacy in Age II"): not "Age II", the card filter's."""
    return _("Diplomacy in Age {age}").format(age=age)


MYTHOLOGIES = {"Mesopotamian": N_("Mesopotamian"), "Phoenician": N_("Phoenician"),
               "Greek": N_("Greek"), "Egyptian": N_("Egyptian"), "Roman": N_("Roman")}
"""Pantheon's Mythologies (the ruleset's `mythologies`) in the reader's language: peoples'
adjectives, not names printed on a card (tests/ui_tests/test_expansion_entry.py checks
that every Mythology of the ruleset is here)."""


def mythology_tokens(mythology: str) -> str:
    """A stepper of one Mythology's tokens ("Greek Mythology tokens")."""
    return _("{mythology} Mythology tokens").format(
        mythology=translated(_MYTHOLOGIES.get(mythology, mythology)))


def shields_at_end(age: str) -> str:
    """A stepper of a city's shields at the end of one Age, as a screen reader says it
    ("Shields at the end of Age II": the stepper shows "Age II" under its heading)."""
    return _("Shields at the end of Age {age}").format(age=age)


def show_cards(which: str) -> str:
    """An Age or colour filter's chip, to a screen reader: what a tap does ("Show cards:
    Age II", "Show cards: Civilian"), not a bare "Age II" beside the cards of that Age."""
    return _("Show cards: {which}").format(which=which)


def age_name(age: str) -> str:
    """An Age chip as a screen reader reads it ("Age II": the chip shows "II")."""
    return _("Age {age}").format(age=age)


def copy_what(what: str) -> str:
    return _("Copy {what}").format(what=what)


def undo_change(what: str) -> str:
    return _("Undo: {what}").format(what=what)


def redo_change(what: str) -> str:
    return _("Redo: {what}").format(what=what)


_CHOICE = CHOICE
_MYTHOLOGIES = MYTHOLOGIES
_TEXTS: dict[str, str | dict[str, str]] = {
    k: v
    for k, v in globals().items()
    if k not in _OWN and k[0].isupper() and isinstance(v, str | dict)
}
"""The texts above, in the catalogue's source language: read as `S.NAME`, each comes out in
the reader's language (`__getattr__`), so that a constant is translated when shown, never
at import."""
for _name in _TEXTS:
    del globals()[_name]


if not TYPE_CHECKING:
    # Hidden from mypy on purpose: mypy reads the names above as they are declared (`str`,
    # `dict[str, str]`), so `S.CONTNUE_GAME_TYPO` fails `mypy --strict`; a module
    # `__getattr__` it could see would make any name pass. At run time the names are gone
    # from the module (deleted above) and each read comes here, in the reader's language.

    def __getattr__(name: str) -> str | dict[str, str]:
        text = _TEXTS.get(name)
        if text is None:
            raise AttributeError(name)
        if isinstance(text, dict):
            return {k: translated(v) for k, v in text.items()}
        return translated(text)
