"""docs/ai.md prints every game's encoding as the code has it (action ids, tensor slices).

Rewrite the generated sections after changing an encoding:

    python -m tests.gothic_kernel.test_ai_docs
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from .ai_games import CASES, encoded_cases

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "ai.md"
SECTION = re.compile(r"<!-- encoding:(\w+) -->\n(.*?)<!-- /encoding -->", re.DOTALL)


def generated(name: str) -> str:
    game, _ = CASES[name]
    return game.encoding().describe() + "\n"


def sections(text: str) -> dict[str, str]:
    return {m.group(1): m.group(2) for m in SECTION.finditer(text)}


@pytest.mark.parametrize("name", encoded_cases())
def test_the_docs_print_each_encoding_as_the_code_has_it(name: str) -> None:
    found = sections(DOC.read_text(encoding="utf-8"))
    assert name in found, f"docs/ai.md has no <!-- encoding:{name} --> section"
    assert found[name] == generated(name), (
        f"docs/ai.md's {name} encoding is out of date: "
        "run python -m tests.gothic_kernel.test_ai_docs")


def rewrite() -> None:
    text = DOC.read_text(encoding="utf-8")
    text = SECTION.sub(lambda m: f"<!-- encoding:{m.group(1)} -->\n{generated(m.group(1))}"
                                 "<!-- /encoding -->", text)
    DOC.write_text(text, encoding="utf-8")


if __name__ == "__main__":
    rewrite()


def test_the_register_example_lists_every_installed_game() -> None:
    """docs/ai.md's ``openspiel.register()`` comment left out fury_modern after it was
    installed through its entry point; the comment is what register() returns."""
    import ast

    import gothic_kernel as gk

    line = next(line for line in DOC.read_text(encoding="utf-8").splitlines()
                if line.startswith("openspiel.register()"))
    said = ast.literal_eval(line.split("#", 1)[1].strip())
    assert said == [f"gothic_{name}" for name in gk.available_games()]
