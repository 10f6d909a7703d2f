"""Every ```python block of docs/*.md runs and ends, the blocks of a page in order in one
namespace, as a reader pastes them; a block needing an optional package that is not
installed is skipped (the page's later blocks still run). Fragments (a class to fill in, a
cluster's address, a folder of your own) are fenced ```py: they must parse. The README's
blocks run in test_readme.py."""

from __future__ import annotations

import ast
import contextlib
import io
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PAGES = sorted((ROOT / "docs").glob("*.md"))
OPTIONAL = ("pyspiel", "open_spiel", "pettingzoo", "gymnasium", "sb3_contrib", "dask",
            "distributed")


def blocks(page: Path, fence: str) -> list[tuple[int, str]]:
    """(line, code) of each block fenced ```fence (not indented: pasted as it is)."""
    text = page.read_text(encoding="utf-8")
    return [(text[:m.start()].count("\n") + 1, m.group(1))
            for m in re.finditer(rf"^```{fence}\n(.*?)^```", text, re.DOTALL | re.MULTILINE)]


def test_no_block_is_indented_or_unmarked() -> None:
    for page in [*PAGES, ROOT / "README.md"]:
        text = page.read_text(encoding="utf-8")
        assert not re.search(r"^ +```py", text, re.MULTILINE), page.name
        assert not re.search(r"^```\n[^`]*^(import|from|def|class) ", text,
                             re.MULTILINE), page.name


@pytest.mark.parametrize("page", [p for p in PAGES if blocks(p, "python")],
                         ids=lambda p: p.name)
def test_each_python_block_of_a_page_runs_and_ends(page: Path, tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)  # what a block writes (board.svg, a save) stays out of the repo
    namespace: dict[str, object] = {}
    skipped = []
    for line, code in blocks(page, "python"):
        try:
            with contextlib.redirect_stdout(io.StringIO()):
                exec(compile(code, f"{page.name}, line {line}", "exec"), namespace)
        except ModuleNotFoundError as exc:
            if (exc.name or "").split(".")[0] not in OPTIONAL:
                raise
            skipped.append(f"line {line} needs {exc.name}")
    if skipped:
        pytest.skip(f"{page.name}: the others ran; " + ", ".join(skipped))


@pytest.mark.parametrize("page", [*PAGES, ROOT / "README.md"], ids=lambda p: p.name)
def test_each_fragment_parses(page: Path) -> None:
    for line, code in blocks(page, "py"):
        ast.parse(code, f"{page.name}, line {line}")
