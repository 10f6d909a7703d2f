"""Discovery of games through the entry-point group ``gothic_kernel.games``.

A plugin registers its :class:`~gothic_kernel.game.Game` (class, instance or
factory) in its ``pyproject.toml``::

    [project.entry-points."gothic_kernel.games"]
    vampyre = "vampyre:VampyreGame"

A missing or broken plugin gives a clear :class:`GameLoadError` from
:func:`load_game` and never stops :func:`available_games` listing the others.
"""

from __future__ import annotations

from collections.abc import Callable
from importlib.metadata import EntryPoint, entry_points

from .errors import GameLoadError, UnknownGame
from .game import Game

GROUP = "gothic_kernel.games"

_registered: dict[str, Callable[[], Game] | Game] = {}
_loaded: dict[str, Game] = {}


def _entry_points() -> dict[str, EntryPoint]:
    return {ep.name: ep for ep in entry_points(group=GROUP)}


def available_games() -> list[str]:
    """Names of every registered game, sorted (none is imported to list them)."""
    return sorted(set(_entry_points()) | set(_registered))


def register_game(name: str, game: Callable[[], Game] | Game) -> None:
    """Register a game in this process (tests, notebooks) without an entry point."""
    _registered[name] = game
    _loaded.pop(name, None)


def registration(name: str) -> Callable[[], Game] | Game | None:
    """What :func:`register_game` registered as ``name`` in this process (None for a
    game found through its entry point, or not at all): a simulation hands it to worker
    processes that did not inherit this process's registrations."""
    return _registered.get(name)


def unregister_game(name: str) -> None:
    _registered.pop(name, None)
    _loaded.pop(name, None)


def load_game(name: str) -> Game:
    """The rules object registered as ``name``.

    Raises UnknownGame for a name nobody registered and GameLoadError for a
    plugin that is missing, broken, or does not provide a Game.
    """
    if name in _loaded:
        return _loaded[name]
    if name in _registered:
        target: object = _registered[name]
        source = "register_game"
    else:
        points = _entry_points()
        if name not in points:
            known = ", ".join(available_games()) or "none"
            raise UnknownGame(f"no game called {name!r} is registered; available: {known}")
        point = points[name]
        source = f"entry point {point.value!r}"
        try:
            target = point.load()
        except Exception as exc:  # a plugin's import error is reported, not raised raw
            raise GameLoadError(f"game {name!r} ({source}) could not be loaded: "
                                f"{type(exc).__name__}: {exc}") from None
    game = _instantiate(name, target, source)
    _loaded[name] = game
    return game


def _instantiate(name: str, target: object, source: str) -> Game:
    if isinstance(target, Game):
        return target
    if callable(target):
        try:
            made = target()
        except Exception as exc:
            raise GameLoadError(f"game {name!r} ({source}) failed to start: "
                                f"{type(exc).__name__}: {exc}") from None
        if isinstance(made, Game):
            return made
        target = made
    raise GameLoadError(f"game {name!r} ({source}) does not provide a gothic_kernel Game "
                        f"(got {type(target).__name__})")
