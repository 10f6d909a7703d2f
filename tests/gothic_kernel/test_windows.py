"""Timing windows (gothic_kernel.windows): seats take turns to play a card or pass; the
window closes when all have passed in a row; a seat is asked for what it holds, not for
what it may play."""

from __future__ import annotations

from typing import Any

import attrs

import gothic_kernel as gk
from gothic_kernel.decisions import Decision
from gothic_kernel.windows import Window, seats_to_ask


@attrs.frozen
class PlayTrick(gk.Action):
    card: str


@attrs.frozen
class NoTrick(gk.Action):
    """Play nothing now."""


class Table:
    """Just enough of a state: the stack, the hands and what was played."""

    def __init__(self, hands: dict[str, list[str]]) -> None:
        self.stack: list[Any] = []
        self.hands = hands
        self.played: list[tuple[str, str]] = []


@attrs.frozen
class TrickDecision(Decision[Any], family=True):
    """The decisions of the toy."""


@attrs.frozen
class Answer(TrickDecision):
    """A card played pushes this: nobody decides; it records the play."""

    KIND = "answer"
    seat: str
    card: str

    def run(self, state: Any) -> None:
        state.stack.pop()
        state.played.append((self.seat, self.card))


@attrs.frozen
class TrickWindow(Window[Any], TrickDecision):
    """Trumps may be played; anything else only passes."""

    KIND = "trick_window"
    seats: tuple[str, ...]
    turn: int = 0
    passes: int = 0

    def pass_action(self) -> gk.Action:
        return NoTrick()

    def plays(self, state: Any, seat: str) -> list[gk.Action]:
        return [PlayTrick(c) for c in sorted(set(state.hands[seat])) if c.startswith("trump")]

    def play(self, state: Any, seat: str, action: gk.Action) -> None:
        assert isinstance(action, PlayTrick)
        state.hands[seat].remove(action.card)
        state.stack.append(Answer(seat, action.card))


def _settle(table: Table) -> None:
    while table.stack and not table.stack[-1].deciders(table):
        table.stack[-1].run(table)


def _act(table: Table, action: gk.Action) -> None:
    top = table.stack[-1]
    (seat,) = top.deciders(table)
    assert action in top.legal_actions(table, seat)
    top.apply(table, seat, action)
    _settle(table)


def test_a_seat_is_asked_for_holding_a_card_not_for_holding_a_playable_one() -> None:
    hands = {"red": ["trump_1"], "blue": ["plain"], "green": []}
    asked = seats_to_ask(("red", "blue", "green"), lambda s: bool(hands[s]))
    assert asked == ("red", "blue")
    table = Table(hands)
    table.stack.append(TrickWindow(asked))
    assert table.stack[-1].legal_actions(table, "blue") == [NoTrick()]  # asked all the same


def test_the_window_closes_when_every_seat_has_passed_in_a_row() -> None:
    table = Table({"red": ["trump_1"], "blue": ["trump_2", "plain"]})
    table.stack.append(TrickWindow(("red", "blue")))
    _act(table, NoTrick())  # red passes
    _act(table, PlayTrick("trump_2"))  # blue plays: it resolves before red is asked again
    assert table.played == [("blue", "trump_2")]
    assert table.stack[-1].deciders(table) == ("red",)
    _act(table, PlayTrick("trump_1"))  # red answers
    _act(table, NoTrick())  # blue passes: red has not passed since his card
    assert table.stack
    _act(table, NoTrick())
    assert not table.stack
    assert table.played == [("blue", "trump_2"), ("red", "trump_1")]


def test_a_window_with_nobody_to_ask_closes_by_itself() -> None:
    table = Table({})
    table.stack.append(TrickWindow(()))
    assert table.stack[-1].deciders(table) == ()
    _settle(table)
    assert not table.stack


def test_a_window_saves_by_kind_and_fields() -> None:
    record = TrickWindow(("red", "blue"), turn=1, passes=1)
    assert TrickDecision.from_data(record.to_data()) == record
