"""The translation catalogues: every text the code marks (and every `text` field of the
rulesets: what a card or leader does) is translated in every language,
no catalogue keeps a text the code no longer has, and every placeholder survives."""

from __future__ import annotations

import string
import tomllib
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po

from scorer import i18n

ROOT = Path(__file__).resolve().parent.parent
KEYWORDS = {"_": None, "N_": None, "ngettext": (1, 2)}


def _in_code() -> dict[str, str | None]:
    """msgid -> plural msgid (None for a text without plural) of every marked text."""
    found: dict[str, str | None] = {}
    for folder in ("scorer", "ui"):
        for _file, _line, message, _comments, _context in extract_from_dir(
            ROOT / folder, method_map=[("**.py", "python")], keywords=KEYWORDS
        ):
            if isinstance(message, tuple):
                found[message[0]] = message[1]
            else:
                found[message] = None
    for path in (ROOT / "rulesets").rglob("*.toml"):
        for text in i18n.ruleset_texts(tomllib.loads(path.read_text(encoding="utf-8"))):
            if isinstance(text, tuple):  # singular and plural
                found[text[0]] = text[1]
            else:
                found[text] = None
    return found


def _fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


def test_there_is_a_vietnamese_catalogue() -> None:
    assert i18n.languages() == ("en", "vi")


@pytest.mark.parametrize("language", [x for x in i18n.languages() if x != "en"])
def test_catalogue_is_complete_and_kept_in_step(language: str) -> None:
    code = _in_code()
    with i18n.catalogue_path(language).open("rb") as f:
        catalog = read_po(f, locale=language)
    held = {m.id if isinstance(m.id, str) else m.id[0]: m for m in catalog if m.id}
    missing = [t for t in code if t not in held]
    assert not missing, f"{len(missing)} texts not in the {language} catalogue: {missing[:5]}"
    unused = [t for t in held if t not in code]
    assert not unused, f"{len(unused)} texts the code no longer has: {unused[:5]}"
    for text, plural in code.items():
        message = held[text]
        assert not message.fuzzy, f"fuzzy: {text!r}"
        forms = [message.string] if isinstance(message.string, str) else list(message.string or [])
        assert all(forms), f"not translated: {text!r}"
        want = _fields(text) | (_fields(plural) if plural else set())
        for form in forms:
            assert _fields(form) == want, f"placeholders of {text!r}: {form!r}"


def test_a_language_follows_the_environment() -> None:
    assert i18n.from_environment({"LANG": "vi_VN.UTF-8"}) == "vi"
    assert i18n.from_environment({"LANGUAGE": "fr:vi", "LANG": "en_US.UTF-8"}) == "vi"
    assert i18n.from_environment({"LANG": "de_DE.UTF-8"}) == "en"  # no German catalogue
    assert i18n.first_supported(["vi-VN", "en"]) == "vi"  # a browser's list


def test_a_text_is_translated_in_its_context_only() -> None:
    from scorer.result import category_label

    with i18n.language("vi"):
        vietnamese = category_label("wonders")
    assert category_label("wonders") == "Wonders"
    assert vietnamese != "Wonders" and vietnamese  # the catalogue's word for the pad row


def test_every_chain_symbol_of_every_ruleset_has_its_words() -> None:
    """Each chain symbol a card or leader gives or uses is said in the reader's words: a
    Vietnamese walk read "Baths và Aqueduct (water drop)" in Vitruvius's line beside
    translated ones, as "temple facade" and "oil lamp" were: the three had no entry, so
    they went out as the data's keys."""
    from scorer.ruleset import RULESETS_DIR, load_ruleset
    from scorer.words import CHAIN_WORDS

    used: set[str] = set()
    for folder in sorted(p for p in RULESETS_DIR.iterdir() if (p / "game.toml").is_file()):
        game, _, expansion = folder.name.partition("+")
        rules = load_ruleset(game, (expansion,) if expansion else ())
        for entry in [*rules.cards.values(), *rules.leaders.values()]:
            used.update(getattr(entry, "gives_chain", ()), getattr(entry, "uses_chain", ()))
    assert used and used <= set(CHAIN_WORDS), sorted(used - set(CHAIN_WORDS))
    with i18n.language("vi"):
        assert all(i18n.translated(CHAIN_WORDS[s]) != s for s in used), sorted(
            s for s in used if i18n.translated(CHAIN_WORDS[s]) == s)


def test_a_group_of_cards_is_named_in_the_readers_words() -> None:
    """Duel + Pantheon's "4 Grand Temple cards are built" (3 are dealt, duel-pantheon.md §2)
    in Vietnamese: a walk read "Đã xây 4 thẻ Grand Temple" beside the pad's "Đại Đền thờ":
    a group's word (`groups_in_game`) is in the catalogue as the pad's row is."""
    import json

    from scorer.api import assess

    scenarios = ROOT / "tests" / "scenarios" / "duel" / "pantheon"
    table = json.loads((scenarios / "invalid-four-grand-temples.json").read_text())["table"]
    with i18n.language("vi"):
        said = [p.message for p in assess(table).problems if p.code == "too-many-temples"]
    # the cards keep their names ("Greek Grand Temple"); the group is said in Vietnamese
    assert len(said) == 1 and "4 thẻ Đại Đền thờ (" in said[0], said
