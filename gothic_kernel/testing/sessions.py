"""Scripted ``gothic play`` sessions, for tests of what a person is shown.

:func:`scripted_session` plays a game as ``gothic play`` does, with the person's
typing given as a list of lines, and returns everything printed and every turn's
screen by seat. With ``resamples``, each screen is also drawn for states resampled
for its seat (states that seat cannot tell apart from the real one): any
difference means the screen shows something the seat may not know, and raises
AssertionError naming the first line that differs.

    from gothic_kernel.testing.sessions import scripted_session
    run = scripted_session(game, game.new_game(seed=3), ["seward"], ["1"] * 50,
                           resamples=2, max_steps=400)
    assert all("Behind your screen" not in text for _, text in run.screens)
"""

from __future__ import annotations

import io
from collections.abc import Callable, Iterable, Mapping, Sequence

import attrs

from ..agents import Agent, seat_agents
from ..game import Game, GameState
from ..play import Menu, Session, draw_turn


@attrs.frozen
class Transcript:
    """What a scripted session printed: its exit status, the whole text, and each turn's
    screen as ``(seat, text)`` in the order shown."""

    status: int
    text: str
    screens: tuple[tuple[str, str], ...]
    state: GameState

    def of(self, seat: str) -> list[str]:
        """The screens shown to ``seat``."""
        return [text for who, text in self.screens if who == seat]


class _Recording(Session):
    """A session that keeps each turn's screen and checks it against resampled states."""

    resamples = 0
    screens: list[tuple[str, str]]

    def show_turn(self, seat: str) -> Menu:
        since = self.seen.get(seat, 0)
        played = list(self.forced.get(seat, []))
        menu = super().show_turn(seat)
        self.screens.append((seat, "\n".join(self.last_screen)))
        for k in range(self.resamples):
            twin = self.state.resample(seat, 7001 + 13 * k + len(self.screens))
            lines, _ = draw_turn(self.game, self.screen, twin, seat, since=since,
                                 played=played)
            if lines != self.last_screen:
                first = next(i for i, (a, b) in enumerate(zip(
                    [*lines, ""], [*self.last_screen, ""], strict=False)) if a != b)
                real = self.last_screen[first] if first < len(self.last_screen) else ""
                other = lines[first] if first < len(lines) else ""
                raise AssertionError(
                    f"{seat}'s screen differs for a state resampled for it (screen "
                    f"{len(self.screens)}, line {first + 1}): {real!r} became {other!r}")
        return menu


def scripted_session(game: Game, state: GameState, humans: Sequence[str],
                     lines: Iterable[str] | Callable[[str], str | None], *,
                     bots: str = "default", seed: int = 0,
                     agents: Mapping[str, Agent] | None = None, width: int = 100,
                     max_steps: int | None = None, resamples: int = 0) -> Transcript:
    """Play ``state`` as ``gothic play`` would, people at ``humans`` typing ``lines`` (the
    end of the lines is the end of the input; or a function of the prompt, ``""`` at a
    hand-over and ``"> "`` at a menu, returning a line or None for the end), bots
    (``bots``: default or random, seeded with ``seed``; or ``agents``) at the other seats."""
    out = io.StringIO()
    answer = lines if callable(lines) else _feed(lines)

    def read(prompt: str) -> str:
        out.write(prompt)
        typed = answer(prompt)
        if typed is None:
            raise EOFError
        return typed

    players = dict(agents) if agents is not None else seat_agents(game, state, seed, bots)
    session = _Recording(game, state, humans, players, out=out, read=read, tty=False,
                         echo=True, width=width, max_steps=max_steps)
    session.resamples = resamples
    session.screens = []
    status = session.run()
    return Transcript(status, out.getvalue(), tuple(session.screens), session.state)


def _feed(lines: Iterable[str]) -> Callable[[str], str | None]:
    feed = iter(lines)
    return lambda prompt: next(feed, None)


def first_choice(limit: int) -> Callable[[str], str | None]:
    """Typing for a hot-seat session: Enter at every hand-over, ``1`` at every menu, for
    ``limit`` menus; then the end of the input."""
    asked = 0

    def answer(prompt: str) -> str | None:
        nonlocal asked
        if prompt != "> ":
            return ""
        asked += 1
        return "1" if asked <= limit else None
    return answer


__all__ = ["Transcript", "first_choice", "scripted_session"]
