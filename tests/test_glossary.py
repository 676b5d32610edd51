"""One Vietnamese word per game concept: every Vietnamese text of the catalogue uses the
glossary's word (`locale/vi/glossary.toml`, the players' own words of seed 003) and none of
the words it replaced."""

from __future__ import annotations

import re
import tomllib
from functools import cache
from typing import Any

import pytest
from babel.messages.pofile import read_po

from scorer import i18n
from scorer.ruleset import available_expansions, load_ruleset

GLOSSARY = i18n.LOCALE_DIR / "vi" / "glossary.toml"
GAME_NAMES = (
    "7 Wonders Duel", "7 Wonders", "Duel Leaders", "Leaders", "Agora", "Wonders Score Pad",
    "Cities", "Armada", "Babel", "Edifice", "Wonder Pack",
)
"""Names that stay as printed in every language (the app's name too)."""


@cache
def _terms() -> list[dict[str, Any]]:
    terms: list[dict[str, Any]] = tomllib.loads(GLOSSARY.read_text(encoding="utf-8"))["terms"]
    return terms


@cache
def _names() -> tuple[str, ...]:
    """Cards, wonders, leaders and tokens of every game, longest first: printed names are
    not translated, so "Scientists Guild" asks for no Vietnamese word for guild."""
    found: set[str] = set(GAME_NAMES)
    for game in ("7wonders-1e", "7wonders-2e", "duel"):
        rules = load_ruleset(game, tuple(sorted(available_expansions(game))))
        for index in (rules.cards, rules.wonders, rules.leaders, rules.progress):
            found.update(index.names())
    return tuple(sorted(found, key=len, reverse=True))


@cache
def _names_pattern() -> re.Pattern[str]:
    """Every printed name as a whole word ("Mine" is not taken out of "Minerva")."""
    return re.compile(r"(?<!\w)(?:" + "|".join(map(re.escape, _names())) + r")(?!\w)")


def _without_names(text: str) -> str:
    text = _names_pattern().sub("", text)
    return re.sub(r"\{[^}]*\}", "", text)  # placeholders are filled with names and numbers


def _messages() -> list[tuple[str, list[str]]]:
    with i18n.catalogue_path("vi").open("rb") as f:
        catalog = read_po(f, locale="vi")
    out = []
    for m in catalog:
        if not m.id:
            continue
        english = " / ".join([m.id] if isinstance(m.id, str) else m.id)
        forms = [m.string] if isinstance(m.string, str) else [s for s in m.string or () if s]
        out.append((english, forms))
    return out


def test_glossary_terms_come_with_their_source() -> None:
    terms = _terms()
    assert len(terms) >= 10
    for term in terms:
        assert term["concept"] and term["vi"] and term["source"], term
        re.compile(term["en"])
        for word in term["never"]:
            re.compile(word)
    # the words the issue names, from seed 003
    said = {t["vi"] for t in terms}
    assert {"tuyển dụng", "bang hội", "liên kết", "chinh phạt quân sự", "đồng tiền"} <= said


@pytest.mark.parametrize("term", _terms(), ids=lambda t: str(t["concept"])[:30])
def test_glossary_word_is_the_one_used(term: dict[str, Any]) -> None:
    wrong = []
    for english, forms in _messages():
        bare = _without_names(english)
        for form in forms:
            text = _without_names(form)
            if re.search(term["en"], bare) and term["vi"].casefold() not in text.casefold():
                wrong.append(f"{english!r} -> {form!r}: not {term['vi']!r}")
            wrong += [
                f"{english!r} -> {form!r}: {word!r}"
                for word in term["never"]
                if re.search(word, text)
            ]
    assert not wrong, f"{len(wrong)} texts: " + "\n".join(wrong[:10])


def test_glossary_science_calculator_is_not_the_device() -> None:
    with i18n.language("vi"):
        assert i18n._("Science calculator") == "Công cụ tính điểm khoa học"


def test_glossary_hiram_line_says_guild_cards() -> None:
    """Seed 003: Hiram is worth 2 VP "cho mỗi thẻ bang hội" (per Guild card): his line
    counts Guild cards in those words, not purple cards."""
    from scorer import score
    from scorer.words import say

    table = {
        "game": "duel",
        "expansions": ["leaders"],
        "players": [
            {"name": "Ann", "cards": ["Magistrates Guild", "Palace"], "leaders": ["Hiram"]},
            {"name": "Bob"},
        ],
        "conflict": {"spaces": 0},
    }
    result = score(table)
    (line,) = [ln for ln in result.players[0].lines if ln.source == "Hiram"]
    assert line.points == 2  # 1 Guild card x 2
    with i18n.language("vi"):
        words = say(line.why_message)
    assert "1 thẻ bang hội \u00d7 2 điểm" in words and "tím" not in words
