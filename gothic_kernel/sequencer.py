"""Turns, rounds and phases over seats; and simultaneous secret choices.

:class:`Sequencer` walks a fixed turn order, a turn being a fixed list of
phases. It knows the rulebooks' common twists: a phase skipped once (a hunter
who did not move takes no new weapons), missed turns (a Fog), extra turns,
and seats that drop out. Games whose timeline is richer (the Gothica action
timeline) build it from these pieces.

:class:`SimultaneousChoice` collects choices several seats make in secret
(combat chits, reaction dice): each choice stays in its chooser's scope until
every seat has committed and the choices are revealed together.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import attrs

from .errors import IllegalAction, RuleError
from .serial import to_data


@attrs.define
class Sequencer:
    """Whose turn it is, which phase, which round.

    >>> seq = Sequencer(("dracula", "seward"), ("movement", "action"))
    >>> seq.seat, seq.phase
    ('dracula', 'movement')
    >>> seq.advance(); seq.advance(); (seq.seat, seq.phase, seq.round)
    ('seward', 'movement', 1)
    """

    order: tuple[str, ...]
    phases: tuple[str, ...] = ("turn",)
    round: int = 1
    seat_index: int = 0
    phase_index: int = 0
    missed: dict[str, int] = attrs.field(factory=dict)
    extra: dict[str, int] = attrs.field(factory=dict)
    skip_next: dict[str, list[str]] = attrs.field(factory=dict)
    out: list[str] = attrs.field(factory=list)
    extra_turn: bool = False

    @property
    def seat(self) -> str:
        """The seat whose turn it is."""
        return self.order[self.seat_index]

    @property
    def phase(self) -> str:
        """The phase of the current turn."""
        return self.phases[self.phase_index]

    # -- moving on -----------------------------------------------------------------
    def advance(self) -> list[str]:
        """Go to the next phase of this turn, or end the turn if it was the last.

        Returns the seats whose turns were missed on the way (for the log).
        """
        nxt = self._next_phase_index(self.phase_index + 1)
        if nxt is not None:
            self.phase_index = nxt
            return []
        return self.end_turn()

    def end_turn(self) -> list[str]:
        """End the current turn now; the next seat (or this one, for an extra turn) begins.

        Returns the seats whose turns were missed on the way.
        """
        extra, out, missed = self.extra, self.out, self.missed
        if extra:
            seat = self.order[self.seat_index]
            if extra.get(seat, 0) > 0 and seat not in out:
                self._decrement(extra, seat)
                self.extra_turn = True
                return self._begin_turn()
        self.extra_turn = False
        order, missed_now = self.order, []
        size, index, round_ = len(order), self.seat_index, self.round
        for _ in range(size * (1 + sum(missed.values())) if missed else size):
            index += 1
            if index == size:
                index, round_ = 0, round_ + 1
            candidate = order[index]
            if out and candidate in out:
                continue
            if missed and missed.get(candidate, 0) > 0:
                self._decrement(missed, candidate)
                missed_now.append(candidate)
                continue
            self.seat_index, self.round = index, round_
            begun = self._begin_turn()
            return missed_now + begun if missed_now else begun
        raise RuleError("no seat is left to take a turn")

    def _begin_turn(self) -> list[str]:
        first = self._next_phase_index(0)
        if first is None:  # every phase skipped: the turn passes at once
            self.phase_index = 0
            return self.end_turn()
        self.phase_index = first
        return []

    def _next_phase_index(self, start: int) -> int | None:
        skips = self.skip_next.get(self.seat)
        if not skips:
            return start if start < len(self.phases) else None
        for i in range(start, len(self.phases)):
            if self.phases[i] in skips:
                skips.remove(self.phases[i])
                if not skips:
                    del self.skip_next[self.seat]
                continue
            return i
        return None

    @staticmethod
    def _decrement(counts: dict[str, int], seat: str) -> None:
        counts[seat] -= 1
        if counts[seat] == 0:
            del counts[seat]

    # -- twists ----------------------------------------------------------------------
    def skip_phase(self, seat: str, phase: str) -> None:
        """``seat`` skips ``phase`` the next time it would enter it."""
        if phase not in self.phases:
            raise RuleError(f"no phase called {phase!r}")
        self.skip_next.setdefault(seat, []).append(phase)

    def miss_turns(self, seat: str, turns: int = 1) -> None:
        """``seat`` misses its next ``turns`` turns."""
        self.missed[seat] = self.missed.get(seat, 0) + turns

    def grant_extra_turn(self, seat: str, turns: int = 1) -> None:
        """``seat`` takes ``turns`` more turns straight after its current or next one."""
        self.extra[seat] = self.extra.get(seat, 0) + turns

    def drop_out(self, seat: str) -> None:
        """``seat`` takes no more turns (call :meth:`end_turn` if it was its turn)."""
        if seat not in self.out:
            self.out.append(seat)

    def return_in(self, seat: str) -> None:
        if seat in self.out:
            self.out.remove(seat)

    def check(self) -> None:
        """Raise ValueError if this could not arise in play (for loading a save)."""
        order, phases = self.order, self.phases
        if not order or len(set(order)) != len(order) or not phases \
                or not all(isinstance(x, str) for x in (*order, *phases)):
            raise ValueError("the turn order and phases must be distinct names")
        if not 0 <= self.seat_index < len(order) or not 0 <= self.phase_index < len(phases) \
                or self.round < 1:
            raise ValueError("the current seat, phase or round is out of range")
        seats = set(order)
        for counts in (self.missed, self.extra):
            if not set(counts) <= seats or any(
                    not isinstance(n, int) or n < 0 for n in counts.values()):
                raise ValueError("missed or extra turns for an unknown seat")
        if not set(self.out) <= seats or not set(self.skip_next) <= seats \
                or any(not set(p) <= set(phases) for p in self.skip_next.values()):
            raise ValueError("an unknown seat or phase in the turn record")

    def clone(self) -> Sequencer:
        return Sequencer(self.order, self.phases, self.round, self.seat_index, self.phase_index,
                         self.missed.copy(), self.extra.copy(),
                         {s: p.copy() for s, p in self.skip_next.items()}, self.out.copy(),
                         self.extra_turn)


@attrs.define
class SimultaneousChoice:
    """Secret choices that several seats make before any is revealed.

    >>> pick = SimultaneousChoice(("dracula", "seward"))
    >>> pick.commit("seward", "punch")
    >>> pick.view("dracula")
    {'dracula': None, 'seward': 'chosen'}
    >>> pick.commit("dracula", "claws"); pick.reveal()
    {'dracula': 'claws', 'seward': 'punch'}
    """

    seats: tuple[str, ...]
    choices: dict[str, Any] = attrs.field(factory=dict)
    rule: str = "simultaneous choice"

    @property
    def pending(self) -> tuple[str, ...]:
        """Seats that have still to choose."""
        return tuple(s for s in self.seats if s not in self.choices)

    @property
    def complete(self) -> bool:
        return len(self.choices) == len(self.seats)

    def check(self, seat: str) -> None:
        """Raise IllegalAction unless ``seat`` has still to choose."""
        if seat not in self.seats:
            raise IllegalAction(f"{seat} takes no part in this choice", rule=self.rule)
        if seat in self.choices:
            raise IllegalAction(f"{seat} has already chosen", rule=self.rule)

    def commit(self, seat: str, choice: Any) -> None:
        self.check(seat)
        self.choices[seat] = choice

    def reveal(self) -> dict[str, Any]:
        """Every seat's choice, once all have chosen."""
        if not self.complete:
            raise RuleError(f"still waiting for {', '.join(self.pending)}")
        return {s: self.choices[s] for s in self.seats}

    def view(self, viewer: str) -> dict[str, Any]:
        """What ``viewer`` may know: its own choice, and only *whether* others chose."""
        shown: dict[str, Any] = {}
        for seat in self.seats:
            if seat not in self.choices:
                shown[seat] = None
            elif seat == viewer:
                shown[seat] = to_data(self.choices[seat])
            else:
                shown[seat] = "chosen"
        return shown

    def clone(self) -> SimultaneousChoice:
        return SimultaneousChoice(self.seats, self.choices.copy(), self.rule)


def seats_in_order(order: Sequence[str], seats: Iterable[str]) -> tuple[str, ...]:
    """``seats`` sorted by their place in ``order``."""
    wanted = set(seats)
    return tuple(s for s in order if s in wanted)
