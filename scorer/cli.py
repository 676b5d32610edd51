"""Command line: `python -m scorer score|explain|schema`.

Kept free of heavy imports (no Flet): it must start fast. Exit status 0 on success, 2 when
the table or the command is wrong, with every problem on standard error, 141 when the
output's reader went away (`| head`).
"""

from __future__ import annotations

import argparse
import contextlib
import errno
import io
import json
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any, NoReturn

from scorer.i18n import (
    N_,
    _,
    from_environment,
    language,
    languages,
    ngettext,
    supported,
    translated,
)
from scorer.jsonfile import loads
from scorer.problems import Problem, TableError, problem
from scorer.result import PlayerResult, Result, category_label, shown_points
from scorer.ruleset import Category, RulesetLoadError
from scorer.table import GAME_TAGS

MAX_FILE_BYTES = 1_000_000
"""Table files are a few kilobytes; anything this large is not a table."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        self.print_usage(sys.stderr)
        self.exit(2, f"{self.prog}: error: {message}\n")


def _language(text: str) -> str:
    """`--lang`'s value: a language with a catalogue (`vi`, `vi_VN`), never one silently
    replaced by English."""
    found = supported(text)
    if found is None:
        raise argparse.ArgumentTypeError(
            _("no language {lang}; the pad speaks {languages}").format(
                lang=text, languages=", ".join(languages())))
    return found


def _language_option(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--lang",
        metavar="LANG",
        type=_language,
        help=_(
            "language of the pad, the verdict and the messages: {languages}; default: from "
            "LANGUAGE, LC_ALL, LC_MESSAGES or LANG, else English"
        ).format(languages=", ".join(languages())),
    )


COMMANDS = ("wonders", "wonders-app")
"""The console commands an installed package gives (pyproject.toml, `[project.scripts]`)."""


def program(module: str) -> str:
    """How the user called the program, for its help: `wonders` (or `wonders-app`) as a
    console command, else `python -m <module>`."""
    name = Path(sys.argv[0]).name if sys.argv else ""
    return name if name in COMMANDS else module


def package_version() -> str:
    """The installed package's version (pyproject.toml holds it)."""
    from importlib import metadata  # only for --version: about 10 ms of every other run

    try:
        return metadata.version("wonders-scorer")
    except metadata.PackageNotFoundError:  # a checkout that was never installed
        return "unknown"


class VersionAction(argparse.Action):
    """`--version`: the installed package's version, looked up only when asked for."""

    def __init__(self, option_strings: Sequence[str], dest: str = argparse.SUPPRESS,
                 default: str = argparse.SUPPRESS, help: str | None = None) -> None:
        super().__init__(option_strings, dest=dest, default=default, nargs=0,
                         help=help or _("show the program's version number and exit"))

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace,
                 values: object, option_string: str | None = None) -> None:
        print(package_version())  # on standard output, as argparse's own version action
        parser.exit()


def _parser() -> argparse.ArgumentParser:
    p = _Parser(
        prog=program("python -m scorer"),
        description=_(
            "Score an end-of-game table of 7 Wonders (1st/2nd edition, Leaders, Cities; "
            "Armada, Babel, Edifice and the Wonder Pack by their score pads) or 7 Wonders "
            "Duel, written in the table format (see README)."
        ),
        epilog=_(
            "Exit status: 0 scored, 2 the table or the command is wrong (every problem is "
            "listed on standard error), 1 the game data in rulesets/ is broken, 141 the "
            "output's reader went away (| head)."
        ),
    )
    _language_option(p)
    p.add_argument("--version", action=VersionAction)
    sub = p.add_subparsers(dest="command", required=True, parser_class=_Parser)
    s = sub.add_parser(
        "score",
        help=_("print the score pad and the verdict"),
        description=_(
            "Print the score pad (categories as rows, players as columns), "
            "totals, ranks and the verdict with its reason."
        ),
    )
    s.add_argument("file", help=_("table file (JSON); - reads standard input"))
    s.add_argument(
        "--json",
        action="store_true",
        help=_(
            "print the result JSON of the format instead; for a table that cannot exist, "
            "its problems as JSON ({example}) on standard output, still with exit status 2"
        ).format(example='{"problems": [{"code", "path", "seat", "field", "item", "message"}]}'),
    )
    e = sub.add_parser(
        "explain",
        help=_("show every point of one player, line by line"),
        description=_(
            "Show each line of one player's score: category, source, points and the arithmetic."
        ),
    )
    e.add_argument("file", help=_("table file (JSON); - reads standard input"))
    e.add_argument("--player", required=True, help=_("the player's name as in the file"))
    e.add_argument(
        "--json",
        action="store_true",
        help=_(
            "print the player's part of the result JSON instead: each line with its words "
            "and, beside them, its message id and parameters (source_message, why_message)"
        ),
    )
    st = sub.add_parser(
        "stats",
        help=_("print each player's statistics from a history file"),
        description=_(
            "Print a table per player (games, wins, average and best total, points by "
            "category, favourite wonders, head-to-head) from a history file the app exports "
            "(see README), 7 Wonders and Duel apart."
        ),
    )
    st.add_argument("file", help=_("history file (JSON); - reads standard input"))
    r = sub.add_parser(
        "rules",
        help=_("list a game's components and where each comes from"),
        description=_(
            "List the wonders, guilds (and what takes their place), leaders, progress tokens "
            "and Divinities of a game with the chosen expansions, as the app's rules list "
            "does: each with the game or expansion it comes from, its cost and what it does, "
            "and how sure the data are: exact (scored as the sources agree), points as "
            "entered (scored from the printed value the table enters), text only (it scores "
            "nothing at the end of the game) or uncertain [?] (the sources disagree or are "
            "silent; the value chosen is said)."
        ),
    )
    r.add_argument("game", help=_("the game: {games}").format(games=", ".join(GAME_TAGS)))
    r.add_argument(
        "--expansion",
        action="append",
        default=[],
        metavar="EXPANSION",
        help=_("an expansion to add (repeat it for several), e.g. --expansion pantheon"),
    )
    r.add_argument("--all", action="store_true", help=_("add every expansion of the game"))
    r.add_argument("--json", action="store_true", help=_("print the list as JSON instead"))
    sub.add_parser(
        "schema",
        help=_("print the JSON Schema of the table format"),
        description=_("Print the JSON Schema of the table file format."),
    )
    return p


def _chosen_language(argv: Sequence[str] | None) -> str:
    """`--lang` (read before the full parser, whose help is in that language), else the
    environment's."""
    first = argparse.ArgumentParser(prog=program("python -m scorer"), add_help=False)
    _language_option(first)
    known, _rest = first.parse_known_args(argv)
    return str(known.lang) if known.lang else from_environment()


def _read(path: str, as_json: bool, limit: int = MAX_FILE_BYTES) -> Any:
    try:
        if path == "-":
            raw = sys.stdin.buffer.read(limit + 1)
        else:
            with Path(path).open("rb") as f:
                raw = f.read(limit + 1)
    except OSError as exc:
        _fail([problem("unreadable-file", _unreadable(exc))], as_json)
    if len(raw) > limit:
        _fail(
            [
                problem(
                    "file-too-large",
                    _(
                        "the file is larger than {limit:,} bytes; a table file is a few "
                        "kilobytes"
                    ).format(limit=limit),
                )
            ],
            as_json,
        )
    try:
        return loads(raw)  # every duplicate key and malformed text named, with its place
    except TableError as err:
        _fail(err.problems, as_json)


def _unreadable(exc: OSError) -> str:
    """Why the table file cannot be read, in the reader's words: no path (the user typed
    it) and no operating system's English."""
    if exc.errno == errno.ENOENT:
        reason = _("there is no such file")
    elif exc.errno in (errno.EACCES, errno.EPERM):
        reason = _("this user may not read it")
    elif exc.errno == errno.EISDIR:
        reason = _("it is a folder, not a file")
    else:
        reason = _("the system could not read it")
    return _("the file cannot be read: {reason}").format(reason=reason)


def _fail(problems: Sequence[Problem], as_json: bool = False) -> NoReturn:
    """Every problem, then exit status 2: as lines `path: message` on standard error, or
    as JSON on standard output for `--json`."""
    if as_json:
        print(json.dumps({"problems": [p.model_dump() for p in problems]}, indent=2))
    else:
        for p in problems:
            print(p, file=sys.stderr)
    raise SystemExit(2)


def _score(data: Any, path: str, as_json: bool) -> Result:
    from scorer.api import score

    try:
        return score(data)
    except TableError as err:
        _fail(err.problems, as_json)
    except RulesetLoadError as err:  # the installation's data, not the user's table
        for problem in [_("the game data in rulesets/ is broken:"), *err.problems]:
            print(problem, file=sys.stderr)
        raise SystemExit(1) from None


def _row_names(result: Result) -> dict[Category, str]:
    """Each row's name on this result's pad: the category's, or the game's own word for
    it (`category_words`: Pantheon's Grand Temples in the Guilds' row)."""
    from scorer.facts import category_words
    from scorer.ruleset import load_ruleset

    words = category_words(load_ruleset(result.game, tuple(result.expansions)))
    cats = result.players[0].categories if result.players else {}
    return {cat: words.get(cat) or category_label(cat) for cat in cats}


def render_pad(result: Result) -> str:
    """The score pad as players know it: categories as rows, players as columns."""
    free = _("(Free City)")
    # a seat the app named "Free City" is not said twice ("Free City (Free City)")
    names = [p.name + (f" {free}" if p.free_city and f"({p.name})" != free else "")
             for p in result.players]
    row_names = _row_names(result)
    total, rank = _("Total"), _("Rank")
    label_w = max(len(x) for x in [*row_names.values(), total, rank]) + 1
    widths = [max(len(n), 5) for n in names]
    rows = [" " * label_w + " ".join(n.rjust(w) for n, w in zip(names, widths, strict=True))]
    for cat, row_name in row_names.items():
        cells = [
            shown_points(p.categories[cat], p.at_least(cat)).rjust(w)
            for p, w in zip(result.players, widths, strict=True)
        ]
        rows.append(row_name.ljust(label_w) + " ".join(cells))
    rows.append("-" * len(rows[0]))
    rows.append(
        total.ljust(label_w)
        + " ".join(shown_points(p.total, p.may_be_short).rjust(w)
                   for p, w in zip(result.players, widths, strict=True))
    )
    rows.append(
        rank.ljust(label_w)
        + " ".join(
            ("-" if p.rank is None else str(p.rank)).rjust(w)
            for p, w in zip(result.players, widths, strict=True)
        )
    )
    rows.append("")
    if any(p.may_be_short for p in result.players):  # as the app's pad marks them
        rows.append(_("≥: the count may be short (explain says why)"))
    rows.append(result.verdict)
    for p in result.players:
        for what, choice in p.choices.items():
            rows.append(f"{p.name}: {translated(CHOICE_LABELS.get(what, what))} = {choice}")
    return "\n".join(rows)


def _player(result: Result, player: str) -> PlayerResult | None:
    """The player of that name (or, failing that, of that name in any case)."""
    match = next((p for p in result.players if p.name == player), None)
    if match is None:
        match = next((p for p in result.players if p.name.casefold() == player.casefold()), None)
    return match


def render_lines(result: Result, player: str, as_json: bool = False) -> str | None:
    """One player's lines as words, or (`as_json`) the player's part of the result JSON."""
    match = _player(result, player)
    if match is None:
        return None
    if as_json:
        return match.model_dump_json(indent=2)
    head = ngettext("{name}: {total} point", "{name}: {total} points", match.total)
    out = [head.format(name=match.name, total=match.total)]
    if match.rank:
        out[0] += _(", rank {rank}").format(rank=match.rank)
    row_names = _row_names(result)
    for cat, total in match.categories.items():
        out.append(f"  {row_names[cat]}: {total}")
        for line in match.lines:
            if line.category == cat:
                out.append(f"    {line.points:+d}  {line.source}: {line.why}")
    for what, choice in match.choices.items():
        out.append(f"  {translated(CHOICE_LABELS.get(what, what))}: {choice}")
    return "\n".join(out)


CHOICE_LABELS = {"copied_guild": N_("copied guild"), "courtesan": N_("Courtesan"),
                 "copied_stage": N_("stage copied from")}
"""The choices a result names (`choices` keys), as a reader calls them."""


PYDANTIC_PLUGINS = "PYDANTIC_DISABLE_PLUGINS"
"""Pydantic's documented switch for its plugins (entry points of the group `pydantic`): when
it builds its first validator, pydantic otherwise reads the entry points of every installed
distribution (about a tenth of a command line's run, BENCHMARKS.md); the command line uses
no plugin. Set only where it is unset: a user's own setting stands."""


def main(argv: Sequence[str] | None = None) -> int:
    os.environ.setdefault(PYDANTIC_PLUGINS, "__all__")
    try:
        with language(_chosen_language(argv)):
            status = _main(argv)
        sys.stdout.flush()  # here, not at the interpreter's exit, where it could not be caught
        return status
    except BrokenPipeError:
        return _reader_gone()


def _reader_gone() -> int:
    """The output's reader went away (`wonders stats FILE | head`): stop without a
    traceback. What is left to write goes nowhere (Python's own advice: its exit would
    otherwise try to flush it into the closed pipe and print one); status 141, as a shell
    reports a process a closed pipe ended (128 + SIGPIPE), apart from 1 (broken data)."""
    # a stdout with no file (a test's capture) raises: nothing is flushed at its exit
    with contextlib.suppress(OSError, ValueError, io.UnsupportedOperation):
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    return 141


def _main(argv: Sequence[str] | None) -> int:
    args = _parser().parse_args(argv)
    if args.command == "schema":
        from scorer.api import table_schema

        print(json.dumps(table_schema(), indent=2))
        return 0
    if args.command == "stats":
        return _stats(args.file)
    if args.command == "rules":
        return _rules(args.game, args.expansion, args.all, args.json)
    as_json = args.json if args.command in ("score", "explain") else False
    result = _score(_read(args.file, as_json), args.file, as_json)
    if args.command == "score":
        if args.json:
            from scorer.api import result_json

            print(result_json(result))
        else:
            print(render_pad(result))
        return 0
    text = render_lines(result, args.player, as_json)
    if text is None:
        names = ", ".join(repr(p.name) for p in result.players)
        _fail(
            [
                problem(
                    "unknown-player",
                    _("--player: no player {name!r}; the table has {names}").format(
                        name=args.player, names=names
                    ),
                )
            ]
        )
    print(text)
    return 0


def _rules(game: str, expansions: list[str], every: bool, as_json: bool) -> int:
    from scorer import rules_list

    try:
        found = rules_list.components(game, expansions, every)
        title = rules_list.title(game, expansions, every)
    except rules_list.UnknownChoice as err:
        print(f"rules: {err}", file=sys.stderr)
        return 2
    except RulesetLoadError as err:  # the installation's data, not the user's command
        for line in [_("the game data in rulesets/ is broken:"), *err.problems]:
            print(line, file=sys.stderr)
        return 1
    if as_json:
        print(json.dumps(rules_list.as_json(found, title), indent=2, ensure_ascii=False))
    else:
        print(rules_list.as_text(found, title))
    return 0


MAX_HISTORY_BYTES = 256_000_000
"""A history of years of games (each a few kilobytes) stays far below this."""


def _stats(path: str) -> int:
    """The players' statistics of a history file, read one game at a time
    (`scorer.history_stream`): 100,000 games without the whole file in memory."""
    import io

    from scorer.history_stream import history_rows
    from scorer.stats_text import render_players

    try:
        if path == "-":
            raw = sys.stdin.buffer
            f = io.TextIOWrapper(raw, encoding="utf-8-sig")
        else:
            if Path(path).stat().st_size > MAX_HISTORY_BYTES:
                _fail([problem("file-too-large", _(
                    "the file is larger than {limit:,} bytes").format(
                        limit=MAX_HISTORY_BYTES))])
            f = Path(path).open(encoding="utf-8-sig")  # noqa: SIM115 (closed below)
    except OSError as exc:
        _fail([problem("unreadable-file", _unreadable(exc))])
    try:
        with f:
            rows, problems = history_rows(f, MAX_HISTORY_BYTES)  # a pipe has no size
    except UnicodeDecodeError as exc:
        _fail([problem("unreadable-file", _("not UTF-8 text (byte {byte})").format(
            byte=exc.start))])
    except RulesetLoadError as err:  # the installation's data, not the user's file
        for line in [_("the game data in rulesets/ is broken:"), *err.problems]:
            print(line, file=sys.stderr)
        return 1
    if problems:
        _fail(problems)
    print(render_players(rows))
    return 0
