"""Turns, rounds, phases; skipped phases, missed and extra turns; secret choices."""

from __future__ import annotations

import pytest

from gothic_kernel import IllegalAction, RuleError, Sequencer, SimultaneousChoice, seats_in_order

SEATS = ("dracula", "godalming", "seward")
PHASES = ("movement", "action")


def walk(seq: Sequencer, n: int) -> list[tuple[int, str, str]]:
    out = []
    for _ in range(n):
        out.append((seq.round, seq.seat, seq.phase))
        seq.advance()
    return out


def test_fixed_order_phases_and_rounds() -> None:
    seq = Sequencer(SEATS, PHASES)
    assert walk(seq, 7) == [
        (1, "dracula", "movement"), (1, "dracula", "action"),
        (1, "godalming", "movement"), (1, "godalming", "action"),
        (1, "seward", "movement"), (1, "seward", "action"),
        (2, "dracula", "movement"),
    ]


def test_a_skipped_phase_is_skipped_once() -> None:
    seq = Sequencer(SEATS, PHASES)
    seq.skip_phase("godalming", "action")
    steps = walk(seq, 8)
    assert (1, "godalming", "action") not in steps
    assert (2, "godalming", "action") in walk(seq, 4)


def test_skipping_every_phase_passes_the_turn() -> None:
    seq = Sequencer(SEATS, PHASES)
    seq.skip_phase("godalming", "movement")
    seq.skip_phase("godalming", "action")
    seq.advance()
    seq.advance()
    assert seq.seat == "seward"


def test_missed_turns() -> None:
    seq = Sequencer(SEATS, PHASES)
    seq.miss_turns("seward", 2)
    seats = [s for _, s, p in walk(seq, 14) if p == "movement"]
    assert seats == ["dracula", "godalming", "dracula", "godalming", "dracula", "godalming",
                     "seward"]


def test_end_turn_reports_missed_seats() -> None:
    seq = Sequencer(SEATS, PHASES)
    seq.miss_turns("godalming")
    assert seq.end_turn() == ["godalming"]
    assert seq.seat == "seward"


def test_extra_turns_follow_at_once() -> None:
    seq = Sequencer(SEATS, PHASES)
    seq.grant_extra_turn("dracula")
    seats = [s for _, s, p in walk(seq, 6) if p == "movement"]
    assert seats == ["dracula", "dracula", "godalming"]


def test_seats_that_drop_out_are_passed_over() -> None:
    seq = Sequencer(SEATS, ("turn",))
    seq.drop_out("godalming")
    assert [s for _, s, _ in walk(seq, 4)] == ["dracula", "seward", "dracula", "seward"]
    seq.return_in("godalming")
    assert [s for _, s, _ in walk(seq, 3)] == ["dracula", "godalming", "seward"]


def test_rounds_count_past_seats_out_and_missed_turns() -> None:
    """A round begins whenever the turn order wraps, even at a seat passed over; a missed
    turn is reported by the end_turn that passes it, and spent once."""
    seq = Sequencer(SEATS, ("turn",))
    seq.drop_out("seward")
    seq.miss_turns("dracula")
    assert seq.end_turn() == []  # dracula -> godalming
    assert (seq.seat, seq.round) == ("godalming", 1)
    assert seq.end_turn() == ["dracula"]  # past seward (out) and dracula (missed)
    assert (seq.seat, seq.round, seq.missed) == ("godalming", 2, {})
    assert seq.end_turn() == [] and (seq.seat, seq.round) == ("dracula", 3)
    seq.grant_extra_turn("dracula")
    seq.end_turn()
    assert (seq.seat, seq.round, seq.extra_turn) == ("dracula", 3, True)
    seq.end_turn()
    assert (seq.seat, seq.round, seq.extra_turn) == ("godalming", 3, False)


def test_no_seat_left_is_an_error() -> None:
    seq = Sequencer(("a",), ("turn",))
    seq.drop_out("a")
    with pytest.raises(RuleError):
        seq.end_turn()


def test_clone_is_independent() -> None:
    seq = Sequencer(SEATS, PHASES)
    seq.miss_turns("seward")
    twin = seq.clone()
    twin.advance()
    twin.miss_turns("dracula")
    assert seq.phase == "movement" and seq.missed == {"seward": 1}


def test_simultaneous_choice_hides_choices_until_all_commit() -> None:
    pick = SimultaneousChoice(("dracula", "godalming"), rule="The Combat Round")
    pick.commit("godalming", "punch")
    assert pick.pending == ("dracula",)
    assert pick.view("dracula") == {"dracula": None, "godalming": "chosen"}
    assert pick.view("godalming") == {"dracula": None, "godalming": "punch"}
    with pytest.raises(RuleError):
        pick.reveal()
    with pytest.raises(IllegalAction, match="already chosen"):
        pick.commit("godalming", "dodge")
    with pytest.raises(IllegalAction, match="takes no part"):
        pick.commit("seward", "dodge")
    pick.commit("dracula", "claws")
    assert pick.complete and pick.reveal() == {"dracula": "claws", "godalming": "punch"}


def test_seats_in_order() -> None:
    assert seats_in_order(SEATS, {"seward", "dracula"}) == ("dracula", "seward")


def test_a_sequencer_read_from_a_save_is_checked() -> None:
    Sequencer(("a", "b"), ("move", "act"), seat_index=1, missed={"a": 1}).check()
    for bad in (Sequencer((), ("move",)), Sequencer(("a", "a")),
                Sequencer(("a", "b"), seat_index=2), Sequencer(("a",), ("x",), phase_index=1),
                Sequencer(("a",), round=0), Sequencer(("a",), missed={"z": 1}),
                Sequencer(("a",), extra={"a": -1}), Sequencer(("a",), out=["z"]),
                Sequencer(("a",), skip_next={"a": ["dance"]})):
        with pytest.raises(ValueError):
            bad.check()
