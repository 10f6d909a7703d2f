"""Packaging: every package is typed, versioned like the distribution, and playable with
``python -m``; the licence and changelog ship with the sources."""

from __future__ import annotations

import importlib
import subprocess
import sys
import tomllib
from importlib import metadata
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("gothic_kernel", "fury1987", "fury_modern", "vampyre", "draculas_revenge")
GAMES = ("fury1987", "fury_modern", "vampyre", "draculas_revenge")


@pytest.mark.parametrize("package", PACKAGES)
def test_every_package_is_typed_and_versioned(package: str) -> None:
    module = importlib.import_module(package)
    assert (ROOT / package / "py.typed").exists()
    assert module.__version__ == metadata.version("gothic-games")


def test_the_licence_matches_pyproject_and_a_changelog_exists() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    licence = (ROOT / "LICENSE").read_text()
    assert project["license"]["text"] == "MIT" and licence.startswith("MIT License")
    assert "## [Unreleased]" in (ROOT / "CHANGELOG.md").read_text()


@pytest.mark.parametrize("game", GAMES)
def test_python_m_game_plays_and_tells_one_game(game: str) -> None:
    done = subprocess.run([sys.executable, "-m", game, "--seed", "2", "--max-steps", "300"],
                          capture_output=True, text=True, timeout=300, check=False, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    assert done.stdout.count("\n") > 10 and "Traceback" not in done.stderr
