"""The shared docs say what is installed and finished as it is: docs/index.md called
fury_modern "part 1 ... item and event cards come with part 2" and docs/ai.md "not yet
registered as an entry point" after both had landed (README: every card played)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import gothic_kernel as gk

DOCS = Path(__file__).resolve().parents[2] / "docs"
SHARED = ["index.md", "kernel.md", "ai.md", "scale.md", "writing-a-game.md"]
STALE = re.compile(r"not yet registered|come with part \d|\(part 1\b", re.IGNORECASE)


@pytest.mark.parametrize("page", SHARED)
def test_no_shared_page_calls_an_installed_game_unregistered_or_unfinished(page: str) -> None:
    text = " ".join((DOCS / page).read_text(encoding="utf-8").split())
    assert not STALE.findall(text), page


def test_the_index_links_every_installed_game_page() -> None:
    index = (DOCS / "index.md").read_text(encoding="utf-8")
    for name in gk.available_games():
        assert f"]({name}.md)" in index, name


def test_kernel_md_shows_every_gothic_subcommand() -> None:
    """docs/kernel.md's "The gothic command" listed list, demo, simulate, replay and
    render, but not play, the terminal front end; nor did any shared page say how a game
    draws its text screen."""
    import argparse

    from gothic_kernel.cli import build_parser

    kernel = (DOCS / "kernel.md").read_text(encoding="utf-8")
    section = kernel.split("## The `gothic` command", 1)[1].split("\n## ", 1)[0]
    sub = next(a for a in build_parser()._actions
               if isinstance(a, argparse._SubParsersAction))
    for name in sub.choices:
        assert f"    gothic {name}" in section, name
    assert "text_screen()" in (DOCS / "writing-a-game.md").read_text(encoding="utf-8")
