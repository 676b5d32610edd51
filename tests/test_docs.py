"""The README stays a page a newcomer reads (at most 250 lines, the two commands first, the
network options by situation), and the documentation it points to holds together: every
relative link and image of README.md and docs/*.md names a file that exists, and every
screenshot is shown somewhere. `pytest -k docs`."""

from __future__ import annotations

import os
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
DOCS = sorted((ROOT / "docs").glob("*.md"))
MOST_LINES = 250
LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)\)")


def _section(text: str, heading: str) -> str:
    """The text under `## heading`, up to the next heading of that level."""
    start = text.index(f"\n## {heading}\n")
    end = text.find("\n## ", start + 1)
    return text[start:end if end > 0 else None]


def test_docs_readme_is_at_most_250_lines() -> None:
    lines = README.read_text(encoding="utf-8").count("\n")
    assert lines <= MOST_LINES, f"README.md has {lines} lines; move detail to docs/"


def test_docs_readme_two_commands_are_true() -> None:
    """The two commands, first, exactly as the scripts are called, and both executable."""
    text = README.read_text(encoding="utf-8")
    assert re.findall(r"^## .*", text, re.M)[0] == "## The two commands"
    block = _section(text, "The two commands")
    assert re.findall(r"^(\./scripts/\w+)\s", block, re.M) == ["./scripts/run", "./scripts/test"]
    for script in ("run", "test"):
        assert os.access(ROOT / "scripts" / script, os.X_OK), script


def test_docs_readme_network_options_by_situation() -> None:
    """The four names-and-trust options told apart, by situation, in the README itself."""
    block = _section(README.read_text(encoding="utf-8"), "The network options")
    for situation in ("one laptop at home", "behind Caddy", "many processes"):
        assert situation in block, situation
    for option in ("--public-url", "--allow-host", "--allow-origin", "--trusted-proxy"):
        assert re.search(rf"^- `{option} ", block, re.M), option  # one line saying what it is


def test_docs_links_and_images_name_files_that_exist() -> None:
    broken = []
    for page in [README, *DOCS]:
        for target in LINK.findall(page.read_text(encoding="utf-8")):
            if re.match(r"[a-z]+:", target) or target.startswith("#"):
                continue  # an address, or a place on the same page
            if not (page.parent / target.split("#")[0]).exists():
                broken.append(f"{page.relative_to(ROOT)}: {target}")
    assert not broken, broken


def test_docs_every_screenshot_is_shown() -> None:
    """A screenshot of docs/screenshots that no page shows is a fact dropped on the way."""
    shown = {(page.parent / target).resolve()
             for page in [README, *DOCS]
             for target in LINK.findall(page.read_text(encoding="utf-8"))}
    missing = [p.name for p in sorted((ROOT / "docs" / "screenshots").glob("*.png"))
               if p.resolve() not in shown]
    assert not missing, missing
