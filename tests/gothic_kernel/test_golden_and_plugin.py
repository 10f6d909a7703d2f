"""Golden playthroughs of the reference game, and the kernel's pytest plugin."""

from __future__ import annotations

from pathlib import Path

import pytest

from gothic_kernel import GothicError
from gothic_kernel.reference import KuhnPoker
from gothic_kernel.testing import check_golden, record_golden, write_golden

GOLDEN = Path(__file__).parent / "golden"

pytest_plugins = ["pytester"]


@pytest.mark.parametrize("path", sorted(GOLDEN.glob("kuhn_poker_seed_*.json")),
                         ids=lambda p: p.stem)
def test_golden_playthroughs_replay(path: Path) -> None:
    check_golden(KuhnPoker(), path)


def test_golden_files_exist() -> None:
    assert len(list(GOLDEN.glob("kuhn_poker_seed_*.json"))) >= 3


def test_a_changed_behaviour_is_seen(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    write_golden(KuhnPoker(), 5, path)
    text = path.read_text().replace("wins", "takes")
    path.write_text(text)
    with pytest.raises(GothicError, match="public log differs"):
        check_golden(KuhnPoker(), path)


def test_recording_is_deterministic() -> None:
    assert record_golden(KuhnPoker(), 8).to_json() == record_golden(KuhnPoker(), 8).to_json()


def test_the_plugin_runs_the_kit_on_every_registered_game(pytester: pytest.Pytester) -> None:
    pytester.makeconftest(
        "import gothic_kernel as gk\n"
        "from gothic_kernel.reference import KuhnPoker\n"
        "gk.register_game('kuhn_poker', KuhnPoker)\n")
    pytester.makepyfile(test_nothing="def test_nothing():\n    pass\n")
    selected = ("-k", "kuhn_poker or nothing", "-p", "no:cacheprovider")
    result = pytester.runpytest_subprocess("--gothic-conformance", *selected)
    result.assert_outcomes(passed=2)
    result = pytester.runpytest_subprocess(*selected, "-o", "gothic_conformance=false")
    result.assert_outcomes(passed=1)
