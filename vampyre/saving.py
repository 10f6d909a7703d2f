"""Reading a save back: the state ``VampyreState.to_data`` wrote, every record complete.

A save holds the state once (the kernel keeps the log beside it). The stack is saved as
``turn_open`` (the Sequence of Play: a turn under way, or about to begin) and
``pending``, the decision waited for, as one record for every kind: ``{"seat", "kind",
"roll", "target", "fight"}``, read back into its class (:func:`vampyre.decisions.Pending`);
while a step waits under it (the Combat step after the night), ``waiting`` holds it.
Every field must have its type, and every record exactly its fields (one missing would
be read as its default without a word); what the rules guarantee beyond that is checked
by :mod:`vampyre.invariants`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import attrs

from gothic_kernel import Dice, Outcome, Sequencer
from gothic_kernel.serial import from_data

from .decisions import Pending, VampyreDecision
from .state import Fight, Player, Stage, TurnKind, VampyreState
from .turns import sequence_of_play

if TYPE_CHECKING:
    from . import VampyreGame


@attrs.frozen
class Record:
    """A decision as saves hold it: one shape for every kind (each kind leaves the fields
    it does not use at their defaults)."""

    seat: str
    kind: str
    roll: int = 0
    target: str = ""
    fight: Fight | None = None


@attrs.define
class Snapshot:
    """Everything but the dice, as saved by ``to_json``."""

    options: dict[str, Any]
    stage: Stage
    order: Sequencer
    players: dict[str, Player]
    stacks: dict[str, list[str]]
    removed: list[str]
    peeks: dict[str, dict[str, str]]
    gifts: int
    fights: list[Fight]
    pending: Record | None
    turn_open: bool
    turn_kind: TurnKind
    turns: int
    clock: int
    green: dict[str, str]
    revealed: dict[str, str]
    red_aside: list[str]
    basic_winner: str
    first: str
    rounds: int
    result: Outcome | None
    waiting: list[dict[str, Any]] = attrs.field(factory=list)


def _fields(cls: type, data: Any, what: str) -> None:
    """A saved record of ``cls`` must hold exactly its fields (``to_data`` writes them all;
    one missing would be read as its default without a word)."""
    if not isinstance(data, dict):
        raise ValueError(f"{what} is not a record")
    expected = {f.name for f in attrs.fields(cls)}
    if set(data) != expected:
        odd = sorted(set(data) ^ expected)
        raise ValueError(f"{what} lacks or adds the field {odd[0]!r}")


def _complete_records(data: Any) -> None:
    """Every record of a save holds exactly its fields (``waiting`` only while a step waits
    under the decision)."""
    if isinstance(data, dict) and "waiting" not in data:
        data = {**data, "waiting": []}
    _fields(Snapshot, data, "the state")
    _fields(Sequencer, data["order"], "the turn order")
    players, fights, pending = data["players"], data["fights"], data["pending"]
    for seat, player in (players.items() if isinstance(players, dict) else ()):
        _fields(Player, player, f"the record of {seat}")
    for fight in fights if isinstance(fights, list) else ():
        _fields(Fight, fight, "a fight")
    if pending is not None:
        _fields(Record, pending, "the decision waited for")
        if pending["fight"] is not None:
            _fields(Fight, pending["fight"], "the decision's fight")
    if data["result"] is not None:
        _fields(Outcome, data["result"], "the outcome")


def load(game: VampyreGame, data: Any, dice: Dice) -> VampyreState:
    """The state a save's ``state`` part describes (its records complete and typed; the
    caller checks the rules' invariants)."""
    _complete_records(data)
    snap: Snapshot = from_data(Snapshot, data)
    state = VampyreState(game, dice, snap.options)
    state.stage, state.order, state.players = snap.stage, snap.order, snap.players
    state.stacks, state.removed, state.peeks = snap.stacks, snap.removed, snap.peeks
    state.gifts, state.fights = snap.gifts, snap.fights
    state.stack = [sequence_of_play(snap.turn_open)]
    if "waiting" in data:
        if not data["waiting"]:
            raise ValueError("a save writes 'waiting' only while a step waits")
        state.stack += [VampyreDecision.from_data(w) for w in snap.waiting]
    record = snap.pending
    if record is not None:
        state.stack.append(Pending(record.seat, record.kind, record.roll, record.target,
                                   record.fight))
    state.turn_kind, state.turns = snap.turn_kind, snap.turns
    state.clock, state.green, state.revealed = snap.clock, snap.green, snap.revealed
    state.red_aside, state.basic_winner = snap.red_aside, snap.basic_winner
    state.first, state.rounds = snap.first, snap.rounds
    state.result = snap.result
    return state
