"""Every text a player reads goes through the translation catalogue here: `_` for a text,
`ngettext` for one with a count ("1 coin", "2 coins"; Vietnamese has one form). Texts keep
their placeholders by name (`_("{name} wins").format(name=...)`), so a translation may
reorder them.

The catalogues are gettext `.po` files under `locale/<language>/LC_MESSAGES/messages.po`,
read with Babel (extraction, plural forms, the catalogue check in the tests). A third
language is a catalogue to fill: copy `locale/messages.pot` to its folder and translate.
Card, wonder and leader names are never translated (players match them with the cards).

The language is per context (`language(code)`): each command-line run has its own; where
no context chose one, `use_fallback` says where it comes from (the app: each Flet session's
own). English, the source language, needs no catalogue. The rulesets' `text` fields are in
the catalogue too (`extract_ruleset_texts`, Babel's extractor named in babel.cfg).
"""

from __future__ import annotations

import gettext
import os
from collections.abc import Callable, Iterable, Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from decimal import ROUND_HALF_UP, Decimal
from functools import cache
from io import BytesIO
from pathlib import Path
from typing import BinaryIO

from scorer.data import data_folder

LOCALE_DIR = data_folder("locale")
DOMAIN = "messages"
SOURCE_LANGUAGE = "en"

_current: ContextVar[str | None] = ContextVar("language", default=None)


def _no_fallback() -> str | None:
    return None


_fallback: Callable[[], str | None] = _no_fallback


def use_fallback(find: Callable[[], str | None]) -> None:
    """Where the language comes from when no context chose one: the app's is its Flet
    session's (event handlers run in fresh tasks that do not carry a context's choice)."""
    global _fallback
    _fallback = find


def catalogue_path(language: str) -> Path:
    return LOCALE_DIR / language / "LC_MESSAGES" / f"{DOMAIN}.po"


@cache
def languages() -> tuple[str, ...]:
    """The languages with a catalogue, English first."""
    found = (
        sorted(
            p.name for p in LOCALE_DIR.iterdir() if p.is_dir() and catalogue_path(p.name).exists()
        )
        if LOCALE_DIR.is_dir()
        else []
    )
    return (SOURCE_LANGUAGE, *[x for x in found if x != SOURCE_LANGUAGE])


@cache
def translations(language: str) -> gettext.NullTranslations:
    """The language's catalogue, compiled in memory from its `.po` (no build step)."""
    path = catalogue_path(language)
    if language == SOURCE_LANGUAGE or not path.exists():
        return gettext.NullTranslations()
    # imported here: a run in English never reads a catalogue (about 10 ms of a command line)
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    with path.open("rb") as f:
        catalog = read_po(f, locale=language, domain=DOMAIN)
    compiled = BytesIO()
    write_mo(compiled, catalog, use_fuzzy=False)
    compiled.seek(0)
    return gettext.GNUTranslations(compiled)


def current() -> str:
    return _current.get() or _fallback() or SOURCE_LANGUAGE


def set_language(language: str) -> None:
    """This context's language from now on (an app session's choice)."""
    _current.set(supported(language) or SOURCE_LANGUAGE)


@contextmanager
def language(code: str) -> Iterator[None]:
    """Texts made inside the block are in `code` (English when it has no catalogue)."""
    token = _current.set(supported(code) or SOURCE_LANGUAGE)
    try:
        yield
    finally:
        _current.reset(token)


def _(message: str) -> str:
    return translations(current()).gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    return translations(current()).ngettext(singular, plural, n)


def translated(message: str) -> str:
    """`_` of a text held in a variable (marked with `N_` where it is written)."""
    return translations(current()).gettext(message)


def N_(message: str) -> str:
    """Marks a text for the catalogue where it is defined; `_` translates it where shown."""
    return message


def to_tenths(value: float) -> Decimal:
    """An average to one decimal as players round it: a half up, away from zero (3.25 is
    3.3, -2.25 is -2.3), from the number as written (`repr`), where Babel's and Python's
    formats round a half to even ("3.2": a walk's statistics); never -0.0."""
    tenths = Decimal(repr(value)).quantize(Decimal("0.1"), rounding=ROUND_HALF_UP)
    return tenths or Decimal("0.0")  # never "-0.0"


def one_decimal(value: float) -> str:
    """An average with one decimal, as the current language writes it ("26.3"; Vietnamese
    "26,3"; CLDR's number symbols, through Babel), rounded as players round (`to_tenths`)."""
    from babel.numbers import format_decimal  # only where an average is said (as `all_of`)

    return format_decimal(to_tenths(value), format="0.0", locale=current())


def all_of(items: Iterable[str]) -> str:
    """ "Ann, Bob and Cid" in the current language (CLDR's list patterns, through Babel)."""
    from babel.lists import format_list  # only where a list is said: Babel's import and its
    # locale data are about a twentieth of a command line's start (issue 34)

    return format_list(list(items), "standard", locale=current())


def any_of(items: Iterable[str]) -> str:
    """ "Ann, Bob or Cid" in the current language."""
    from babel.lists import format_list

    return format_list(list(items), "or", locale=current())


_PLAIN_CODES = {"C": SOURCE_LANGUAGE, "POSIX": SOURCE_LANGUAGE}
"""Codes read without Babel (its import and locale data are about a twentieth of a command
line's start): the POSIX locales, which Babel reads as English (`Locale.parse("C")`), and
every catalogue's own code (`en`, `vi`); any other code is Babel's to read."""


def supported(code: str) -> str | None:
    """The catalogue's language for a locale code (`vi_VN.UTF-8`, `vi-VN`, `en`), if any."""
    if not code:
        return None
    base = code.split(".")[0].split("@")[0].replace("-", "_")
    plain = _PLAIN_CODES.get(base, base)
    if plain in languages():
        return plain  # a catalogue's own code, or C: as Babel reads them, without Babel
    from babel import Locale, UnknownLocaleError

    try:
        wanted = Locale.parse(base).language
    except (ValueError, UnknownLocaleError):
        return None
    return wanted if wanted in languages() else None


def first_supported(codes: Iterable[str]) -> str:
    """The first of the preferred languages (a browser's list) that has a catalogue."""
    for code in codes:
        found = supported(code)
        if found:
            return found
    return SOURCE_LANGUAGE


def from_environment(env: Mapping[str, str] | None = None) -> str:
    """The language the environment asks for, as gettext reads it: `LANGUAGE` (a list),
    then `LC_ALL`, `LC_MESSAGES`, `LANG`."""
    env = os.environ if env is None else env
    for key in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(key, "")
        if value:
            return first_supported(value.split(":"))
    return SOURCE_LANGUAGE


def ruleset_texts(data: object) -> Iterator[str | tuple[str, str]]:
    """The `text` fields of a ruleset's TOML data (what a card, wonder stage, leader or
    token does, in words; a leader's `cost_note`), its resources' names (`cost_letters`: a
    cost in words), its science symbols' words (`symbol_words`), what its tie-break
    counts (`tiebreak_unit`, singular and plural: a pair) and why a thing cannot be scored
    (`not_supported`), what replaces the guilds (`guilds_replaced_by`), a group of cards
    dealt in a number (`groups_in_game`: "Grand Temple"), what is uncertain
    about an entry (`uncertain`): shown to players, so in the catalogue; names of cards and wonders
    are not."""
    if isinstance(data, dict):
        for key, value in data.items():
            if (
                key in ("text", "title", "cost_note", "guilds_replaced_by", "uncertain", "label")
                and isinstance(value, str)
                and value
            ):
                yield value
            elif key in ("cost_letters", "symbol_words", "not_supported") and isinstance(
                value, dict
            ):
                yield from (v for v in value.values() if isinstance(v, str) and v)
            elif key == "groups_in_game" and isinstance(value, dict):  # a group's word
                yield from (k for k in value if isinstance(k, str) and k)
            elif key == "tiebreak_unit" and isinstance(value, list) and len(value) == 2:
                yield str(value[0]), str(value[1])
            else:
                yield from ruleset_texts(value)
    elif isinstance(data, list):
        for value in data:
            yield from ruleset_texts(value)


def extract_ruleset_texts(
    fileobj: BinaryIO, keywords: object, comment_tags: object, options: object
) -> Iterator[tuple[int, str | None, str | tuple[str, str], list[str]]]:
    """Babel's extractor for rulesets (babel.cfg): each `text` field of a TOML file."""
    import tomllib

    for text in ruleset_texts(tomllib.loads(fileobj.read().decode("utf-8"))):
        yield 1, "ngettext" if isinstance(text, tuple) else None, text, []
