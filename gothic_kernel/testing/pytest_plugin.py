"""A pytest plugin that runs the conformance kit on every registered game.

Installed with gothic_kernel (entry point ``pytest11``) and off by default, so
it never surprises another project's test run. Turn it on with
``pytest --gothic-conformance`` or ``gothic_conformance = true`` in the ini file.
"""

from __future__ import annotations

from typing import Any

import pytest

from ..errors import GothicError
from ..registry import available_games, load_game
from . import check_game


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("gothic", "gothic_kernel conformance")
    group.addoption("--gothic-conformance", action="store_true", default=None,
                    help="run the conformance kit on every registered game")
    group.addoption("--gothic-conformance-seeds", type=int, default=2,
                    help="seeded random games per registered game (default 2)")
    parser.addini("gothic_conformance", "run the conformance kit on every registered game",
                  type="bool", default=False)


class ConformanceItem(pytest.Item):
    """One registered game put through the conformance kit."""

    def __init__(self, *, game_name: str, seeds: int, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.game_name = game_name
        self.seeds = seeds

    def runtest(self) -> None:
        game = load_game(self.game_name)
        settings: dict[str, Any] = {"every": 3, **game.conformance}
        check_game(game, seeds=range(self.seeds), **settings)

    def repr_failure(self, excinfo: pytest.ExceptionInfo[BaseException],
                     style: Any = None) -> str:
        if isinstance(excinfo.value, (AssertionError, GothicError)):
            return str(excinfo.value)
        return str(super().repr_failure(excinfo))

    def reportinfo(self) -> tuple[str, int, str]:
        return "gothic-conformance", 0, f"conformance[{self.game_name}]"


def _enabled(config: pytest.Config) -> bool:
    flag = config.getoption("--gothic-conformance")
    return bool(flag if flag is not None else config.getini("gothic_conformance"))


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(session: pytest.Session, config: pytest.Config,
                                  items: list[pytest.Item]) -> None:
    if not _enabled(config):
        return
    seeds = int(config.getoption("--gothic-conformance-seeds"))
    for name in available_games():
        items.append(ConformanceItem.from_parent(session, name=f"conformance[{name}]",
                                                 game_name=name, seeds=seeds))
