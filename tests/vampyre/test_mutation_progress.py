"""benchmarks/mutation.py on vampyre reports each mutant as it finishes (a line on stderr)
and keeps its report file up to date, so a run stopped early keeps what it found. The
package's tests are not run here: the run of one mutant is replaced by a fake."""

from __future__ import annotations

import importlib.util
import queue
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _mutation() -> Any:
    spec = importlib.util.spec_from_file_location("mutation", ROOT / "benchmarks" / "mutation.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_each_mutant_is_reported_as_it_finishes_and_a_stopped_run_keeps_its_report(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    mutation = _mutation()
    mutants = mutation.sample("vampyre", 3, 27)
    verdicts = {mutants[0].where: "killed", mutants[1].where: "survived"}

    def run_one(mutant: Any, package: str, free: queue.Queue[Path], timeout: float) -> str:
        if mutant.line == 0:  # the baseline, unmutated
            return "survived"
        if mutant.where not in verdicts:
            raise RuntimeError("stopped")  # the third mutant: the run is stopped
        return verdicts[mutant.where]

    report = tmp_path / "report.md"
    monkeypatch.setattr(mutation, "run_one", run_one)
    monkeypatch.setattr(mutation, "_copy_tree", lambda into: None)
    monkeypatch.setattr(sys, "argv", ["mutation.py", "vampyre", "--mutants", "3", "--seed",
                                      "27", "--jobs", "1", "--report", str(report)])
    with pytest.raises(RuntimeError, match="stopped"):
        mutation.main()
    lines = capsys.readouterr().err.splitlines()
    assert [line.split(": ")[-1].rsplit(" ", 1)[0] for line in lines] == ["killed", "survived"]
    assert lines[0].startswith(f"[1/3] vampyre {mutants[0].where} {mutants[0].what}: killed ")
    assert lines[1].startswith(f"[2/3] vampyre {mutants[1].where} {mutants[1].what}: ")
    text = report.read_text(encoding="utf-8")
    assert "| vampyre (running: 2 of 3 done) | 3 | 1 | 1 | 0 | 50% |" in text
    assert f"- vampyre: `{mutants[1].where}` {mutants[1].what}" in text


def test_the_progress_line_names_a_timeout_in_words() -> None:
    mutation = _mutation()
    mutant = mutation.sample("vampyre", 1, 27)[0]
    assert mutation.progress_line(4, 40, "vampyre", mutant, "timeout", 901.4) == \
        f"[4/40] vampyre {mutant.where} {mutant.what}: timed out 901s"


def test_a_finished_run_writes_the_summary_report(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    mutation = _mutation()
    mutants = mutation.sample("vampyre", 3, 27)
    report = tmp_path / "report.md"
    monkeypatch.setattr(mutation, "run_one", lambda mutant, *rest: (
        "survived" if mutant.line == 0 or mutant.where == mutants[2].where else "killed"))
    monkeypatch.setattr(mutation, "_copy_tree", lambda into: None)
    monkeypatch.setattr(sys, "argv", ["mutation.py", "vampyre", "--mutants", "3", "--seed",
                                      "27", "--jobs", "2", "--report", str(report)])
    mutation.main()
    assert len(capsys.readouterr().err.splitlines()) == 3
    assert report.read_text(encoding="utf-8") == "\n".join([
        "# Mutation testing", "", "seed 27, 3 mutants per package", "",
        "| package | mutants | killed | survived | timeouts | killed share |",
        "|---|---:|---:|---:|---:|---:|", "| vampyre | 3 | 2 | 1 | 0 | 67% |", "",
        "## Survivors (rules no test checks)", "",
        f"- vampyre: `{mutants[2].where}` {mutants[2].what}", ""])
