"""What the game waits for, as the kernel's decisions: one class per kind on the state's
stack, pending decisions saved by kind and read back into their classes, and a package
without import circles."""

from __future__ import annotations

import importlib.util
import json
import random
from pathlib import Path
from typing import Any

import networkx as nx
import pytest
from dr_helpers import OPEN_8

import gothic_kernel as gk
from draculas_revenge.actions import ACTION_TYPES, Decline, EndMove, Move, Pass
from draculas_revenge.activation import ActiveMove, ReactionChance
from draculas_revenge.adventures import Placing, Recruiting, SecretRoom, Sunrise, VanHelsingFound
from draculas_revenge.combat import FacingAttacker, Feeding
from draculas_revenge.decisions import Pending, Phase, RevengeDecision, owner_of, pending_kinds
from draculas_revenge.scenario import sandbox
from draculas_revenge.timeline import ActionTimeline, Step
from draculas_revenge.turn import SequenceOfPlay, Stage

GAME = gk.load_game("draculas_revenge")
ROOT = Path(__file__).resolve().parents[2]
OLD_SAVE = Path(__file__).parent / "saves" / \
    "rescue_van_helsing_seed5_step60_format_before_dedup.json"
PENDING = {"place": Placing, "recruit": Recruiting, "secret_room": SecretRoom,
           "place_van_helsing": VanHelsingFound, "face": FacingAttacker, "feed": Feeding,
           "sunrise": Sunrise}


def kinds(state: Any) -> list[type]:
    return [type(record) for record in state.stack]


def test_every_kind_is_registered_under_its_save_name() -> None:
    assert pending_kinds() == PENDING
    assert set(RevengeDecision.kinds) == {*PENDING, "sequence_of_play", "action_timeline",
                                          "active_move", "reaction_chance"}


@pytest.mark.parametrize("kind", sorted(PENDING))
def test_a_pending_decision_saved_as_a_dict_reads_back_into_its_class(kind: str) -> None:
    saved = {"kind": kind, "seat": "vampires", "figure": "she_wolf_a", "other": "crypt"}
    record = RevengeDecision.from_data(saved)
    assert type(record) is PENDING[kind] and record.to_data() == saved


def test_the_saves_of_before_read_their_decisions_into_classes() -> None:
    old: Any = GAME.from_json(OLD_SAVE.read_text(encoding="utf-8"))
    assert all(isinstance(record, RevengeDecision) for record in old.stack)
    for path in sorted((Path(__file__).parent / "golden").glob("*.json")):
        record = json.loads(path.read_text(encoding="utf-8"))
        state = GAME.new_game(seed=record["seed"], **record["options"])
        back: Any = GAME.from_json(state.to_json())
        assert back.queue and all(isinstance(d, Pending) for d in back.queue)
        assert back.to_json() == state.to_json()


def test_every_action_is_taken_by_one_kind_of_decision() -> None:
    assert all(owner_of(kind) is not None for kind in ACTION_TYPES)
    assert owner_of(Move) is ActiveMove and owner_of(Decline) is ReactionChance
    assert owner_of(Pass) is ActionTimeline


def test_the_set_up_asks_first_to_last_on_top_of_the_sequence_of_play() -> None:
    state: Any = GAME.new_game(seed=2)
    assert state.phase is Phase.SETUP and kinds(state)[0] is SequenceOfPlay
    placing = [d.figure for d in state.queue]
    assert placing == ["she_wolf_a", "she_wolf_b", "she_wolf_c", "nosferatu_a"]
    assert state.stack[-1] is state.queue[0] and state.current_seats() == ("vampires",)
    state.ask(Feeding("vampires", "she_wolf_a"))
    state.ask_first(Sunrise("vampires"))
    assert [d.KIND for d in state.queue] == ["sunrise", "place", "place", "place", "place",
                                             "feed"]


def test_a_move_waits_on_the_timeline_and_a_reaction_on_the_move() -> None:
    state: Any = sandbox(OPEN_8, figures=[{"id": "staker_1", "square": (3, 6), "facing": "n"},
                                          {"id": "she_wolf_a", "square": (3, 1), "facing": "s"}],
                         active="staker_1", reaction_rolls={"vampires": 2, "hunters": 2})
    assert kinds(state) == [SequenceOfPlay, ActionTimeline, ActiveMove]
    assert state.stack[0].stage is Stage.TURN and state.stack[1].step is Step.MOVE
    state.apply("hunters", Move("staker_1", "n", "n"))
    assert kinds(state) == [SequenceOfPlay, ActionTimeline, ActiveMove, ReactionChance]
    assert state.phase is Phase.ACTIVATION and state.windows == ["vampires"]
    state.apply("vampires", Decline())
    assert kinds(state)[-1] is ActiveMove and state.windows == []
    state.apply("hunters", EndMove())
    assert state.phase is Phase.TIMELINE or state.is_over


def test_saves_hold_the_stack_as_today_and_rebuild_it() -> None:
    state: Any = GAME.new_game(seed=4, adventure="destroy_dracula", turn_limit=4)
    rng = random.Random(4)
    seen: set[tuple[str, ...]] = set()
    while not state.is_over:
        data = json.loads(state.to_json())["state"]
        assert set(data) >= {"phase", "windows", "queue"} and "stack" not in data
        back: Any = GAME.from_json(state.to_json())
        assert back.stack == state.stack
        seen.add(tuple(type(r).__name__ for r in state.stack if not isinstance(r, Pending)))
        seat = state.current_seats()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    assert ("SequenceOfPlay", "ActionTimeline", "ActiveMove", "ReactionChance") in seen


def _import_circles() -> Any:
    spec = importlib.util.spec_from_file_location(
        "import_circles", ROOT / "benchmarks" / "import_circles.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_package_has_no_import_circle_and_no_import_inside_a_function() -> None:
    """Rule modules import the state, the decisions and the board; none reaches back."""
    _, graph, late = _import_circles().survey("draculas_revenge")
    assert [c for c in nx.strongly_connected_components(graph) if len(c) > 1] == []
    assert late == {}
    assert not any(graph.has_edge("state", m) for m in ("engine", "views", "saving", "turn"))


def test_a_decisions_refusal_is_the_message_its_seat_reads() -> None:
    """The kernel's decision protocol: ``refusal`` words why an action does not fit the
    decision on top, the same words ``apply`` refuses it with."""
    state: Any = GAME.new_game(seed=4, adventure="destroy_dracula", turn_limit=4)
    rng = random.Random(4)
    asked: set[str] = set()
    while not state.is_over:
        seat = state.current_seats()[0]
        top = state.stack[-1]
        with pytest.raises(gk.IllegalAction) as err:
            state.apply(seat, Move("nobody", "n", "n"))
        assert top.refusal(state, seat, Move("nobody", "n", "n")) == err.value.message
        assert err.value.message and err.value.message != err.value.rule
        asked.add(type(top).__name__)
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    assert {"Placing", "ActionTimeline", "ActiveMove", "ReactionChance"} <= asked
