"""The README's code examples run and end, and its set-up commands are the ones CI uses."""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
README = (ROOT / "README.md").read_text(encoding="utf-8")
EXAMPLES = re.findall(r"```python\n(.*?)```", README, flags=re.DOTALL)


def test_the_readme_has_examples() -> None:
    assert len(EXAMPLES) >= 2


@pytest.mark.parametrize("number", range(len(EXAMPLES)))
def test_each_readme_example_runs_and_ends(number: int) -> None:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(EXAMPLES[number], f"README example {number + 1}", "exec"), {})
    assert out.getvalue().strip()


def test_ci_runs_the_readme_test_command() -> None:
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert "pip install -e '.[dev]'" in README and "pip install" in ci
    assert ".venv/bin/pytest" in README and ".venv/bin/pytest" in ci


def test_the_readme_says_what_the_whole_test_run_costs_and_the_quick_commands() -> None:
    assert "about ten minutes" in README
    assert '.venv/bin/pytest -o addopts="" tests/gothic_kernel -q -x' in README
    assert '.venv/bin/pytest -q -k "conformance and vampyre"' in README


@pytest.mark.parametrize("number", range(len(EXAMPLES)))
def test_each_readme_example_prints_words_not_python_reprs(number: int) -> None:
    """The first example printed ``Outcome(..., scores=mappingproxy({...}))`` and log
    entries as dicts holding ``<Form.NOSFERATU: 'nosferatu'>``: a new user's first output."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(EXAMPLES[number], f"README example {number + 1}", "exec"), {})
    printed = out.getvalue()
    assert printed.strip()
    assert not re.search(r"mappingproxy\(|Outcome\(|<\w+\.\w+: |\{'kind'", printed), printed
