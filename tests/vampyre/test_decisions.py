"""What the game waits for, as the kernel's decisions: one class per kind, each in the
module of its rule, on a stack above the Sequence of Play; saves of before the classes
read back into them and play on the same; a package without import circles."""

from __future__ import annotations

import hashlib
import importlib.util
import json
from pathlib import Path
from typing import Any

import networkx as nx
import pytest

from gothic_kernel import PUBLIC, Dice, IllegalAction, RuleError
from gothic_kernel.decisions import Decision, DecisionState
from vampyre.actions import ACTION_TYPES, FIRE, HOLD_FIRE, MAKE_CAMP, SEARCH, Move, Search
from vampyre.combat import SilverBulletDeclaration
from vampyre.decisions import (
    Flow,
    Pending,
    PlayerDecision,
    TurnStep,
    VampyreDecision,
    owner_of,
)
from vampyre.encounters import LeadingAstray, LookingAtCounter
from vampyre.movement import Moving
from vampyre.searching import SearchOrCamp
from vampyre.state import (
    CASTLE,
    DEAD,
    HUNTER,
    NOSFERATU,
    PLAYER_WEREWOLF,
    SAVED,
    SLAIN,
    TRANSYLVANIA,
    Fight,
    FightOrigin,
    TurnKind,
    VampyreState,
)
from vampyre.turns import TURN_BEGINS, TURN_ENDS, SequenceOfPlay, TurnStart, play_until_decision
from vampyre.winning import ChoosingItem

from .helpers import GAME, camp_in, give, new, script, turn_of, two_dice

ROOT = Path(__file__).resolve().parents[2]
SAVES = json.loads((Path(__file__).parent / "saves" / "before_decision_classes.json")
                   .read_text(encoding="utf-8"))
KINDS = {"turn_start": TurnStart, "move": Moving, "search": SearchOrCamp,
         "silver_bullet": SilverBulletDeclaration, "lead_astray": LeadingAstray,
         "look_at_counter": LookingAtCounter, "choose_item": ChoosingItem}
MODULES = {"turn_start": "turns", "move": "movement", "search": "searching",
           "silver_bullet": "combat", "lead_astray": "encounters",
           "look_at_counter": "encounters", "choose_item": "winning"}


def _play_on(state: Any, steps: int, seed: int) -> Any:
    chooser = Dice(seed)
    for _ in range(steps):
        if state.is_over:
            break
        seat = state.current_seats()[0]
        state.apply(seat, chooser.choice(state.legal_actions(seat)))
    return state


# -- the kinds --------------------------------------------------------------------------------

def test_every_kind_is_a_class_in_the_module_of_its_rule() -> None:
    assert {k: c for k, c in VampyreDecision.kinds.items() if issubclass(c, PlayerDecision)} \
        == KINDS
    assert VampyreDecision.kinds["sequence_of_play"] is SequenceOfPlay
    for kind, cls in KINDS.items():
        assert kind == cls.KIND and cls.__module__ == f"vampyre.{MODULES[kind]}"
        assert issubclass(cls, Decision)


def test_every_action_is_taken_by_one_kind_of_decision() -> None:
    owners = {kind: owner_of(kind) for kind in ACTION_TYPES}
    assert all(owner is not None for owner in owners.values())
    assert owners[Move] is Moving and owners[Search] is SearchOrCamp
    taken = [a for cls in KINDS.values() for a in cls.ACTIONS]
    assert sorted(a.__name__ for a in taken) == sorted(a.__name__ for a in ACTION_TYPES)


def test_the_state_is_a_decision_state_with_the_sequence_of_play_at_the_bottom() -> None:
    state = GAME.new_game(seed=3)
    assert isinstance(state, VampyreState) and isinstance(state, DecisionState)
    assert state.stack[0] is TURN_ENDS and state.turn_open
    assert len(state.stack) == 2 and state.stack[-1] is state.pending
    assert isinstance(state.pending, Moving) and state.pending.kind == "move"
    assert state.current_seats() == (state.pending.seat,)


def test_the_sequence_of_play_begins_and_ends_turns_and_its_records_are_shared() -> None:
    state = new([2, *[1] * 20])
    first = state.current
    state.apply(first, state.legal_actions(first)[0])
    assert state.current != first and state.turn_open
    twin = state.clone()
    assert twin.stack == state.stack and twin.stack[0] is state.stack[0]
    state.turn_open = False
    assert state.stack[0] is TURN_BEGINS and twin.turn_open
    assert isinstance(state.stack[0], Flow)


def test_a_decision_is_made_once_and_taken_off_the_stack() -> None:
    state = new([3, *[1] * 30])
    seat = state.current
    decision = state.pending
    assert isinstance(decision, Moving)
    state.apply(seat, state.legal_actions(seat)[0])
    assert all(record is not decision for record in state.stack)


def test_the_rules_that_go_round_without_asking_anyone_raise() -> None:
    """A Sequence of Play whose step makes no progress is refused by the kernel's
    settle loop instead of spinning."""
    state = new()

    class Stuck(Flow):
        KIND = ""

        def run(self, state: Any) -> None:
            return None

    state.stack[:] = [Stuck(TurnStep.BEGIN)]
    with pytest.raises(RuleError, match="made no progress"):
        play_until_decision(state)


# -- each kind answers the contract ------------------------------------------------------------

def test_each_kind_words_its_prompt_and_labels_its_actions() -> None:
    state = new()
    give(state, "harker", "silver_bullet")
    camp_in(state, "harker", "evil", two_dice(8))  # a werewolf attacks
    decision = state.pending
    assert isinstance(decision, SilverBulletDeclaration)
    assert state.prompt("harker") == decision.prompt(state, "harker") == \
        "A werewolf attacks Harker: fire the silver bullet to slay it, or keep the bullet"
    assert [state.describe_action("harker", a) for a in state.legal_actions("harker")] == \
        ["fire the silver bullet", "keep the silver bullet"]
    view = state.observation(PUBLIC)["pending"]
    assert view == decision.view(state, PUBLIC)
    assert view["fight"]["monster"] == "werewolf" and view["kind"] == "silver_bullet"


def test_each_kind_refuses_in_its_own_words_under_its_own_rule() -> None:
    state = new()
    turn_of(state, "harker", 6)
    with pytest.raises(IllegalAction) as refused:
        state.apply("harker", SEARCH)
    assert refused.value.rule == "Movement"
    assert refused.value.message == "Harker must move now, not search"
    with pytest.raises(IllegalAction) as refused:
        state.apply("harker", MAKE_CAMP)
    assert refused.value.message == "Harker must move now, not make camp"  # in words, no ids
    state.pending = SearchOrCamp("harker")
    state.invalidate()
    with pytest.raises(IllegalAction) as refused:
        state.apply("harker", FIRE)
    assert refused.value.rule == "Searching a Large Hex"
    assert "must search or make camp now, not " in refused.value.message
    state.pending = TurnStart("harker")
    state.invalidate()
    with pytest.raises(IllegalAction) as refused:
        state.apply("harker", MAKE_CAMP)
    assert refused.value.rule == "Sequence of Play - Transylvania"


def test_a_silver_bullet_record_is_never_changed_by_the_fight_it_holds() -> None:
    """The fight goes on with a copy: a clone that declares leaves the original's record
    (and so its future) as it was."""
    state = new()
    give(state, "harker", "silver_bullet")
    camp_in(state, "harker", "evil", [*two_dice(8), 5])  # werewolf; then 5: N
    before = state.to_json()
    twin = state.clone()
    twin.apply("harker", HOLD_FIRE)
    assert twin.fights and state.to_json() == before
    state.apply("harker", HOLD_FIRE)
    assert state.to_json() == twin.to_json()


# -- saves -----------------------------------------------------------------------------------------

def test_pending_builds_each_kind_from_the_fields_of_a_save() -> None:
    fight = Fight("harker", "werewolf", "harker", origin=FightOrigin.ENCOUNTER)
    built = [Pending("harker", "turn_start"), Pending("harker", "move", roll=4),
             Pending("harker", "search"), Pending("harker", "silver_bullet", fight=fight),
             Pending("mina", "lead_astray", roll=2, target="harker"),
             Pending("harker", "look_at_counter"), Pending("harker", "choose_item")]
    assert [type(d) for d in built] == list(KINDS.values())
    assert built[1] == Moving("harker", 4) and built[4] == LeadingAstray("mina", 2, "harker")
    assert built[4].record() == {"seat": "mina", "kind": "lead_astray", "roll": 2,
                                 "target": "harker", "fight": None}


@pytest.mark.parametrize(("fields", "problem"), [
    ({"kind": "dance"}, "impossible decision"),
    ({"kind": "sequence_of_play"}, "impossible decision"),
    ({"kind": "move"}, "does not fit"),
    ({"kind": "move", "roll": 7}, "does not fit"),
    ({"kind": "search", "roll": 3}, "does not fit"),
    ({"kind": "search", "roll": False}, "does not fit"),
    ({"kind": "lead_astray", "roll": 3}, "does not fit"),
    ({"kind": "choose_item", "target": "mina"}, "does not fit"),
    ({"kind": "silver_bullet"}, "does not fit"),
])
def test_pending_refuses_fields_that_do_not_fit_the_kind(fields: dict[str, Any],
                                                         problem: str) -> None:
    with pytest.raises(ValueError, match=problem):
        Pending("harker", **fields)


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_a_save_of_before_the_classes_reads_back_exactly_and_plays_on_the_same(kind: str
                                                                              ) -> None:
    """Saves written by the code of before (``saves/record.py``), one waiting for each kind
    of decision: each loads into its class, saves back to the same text, and the same
    random actions from it lead to the same save as they did then. (The ``move`` game's
    ``after`` was recorded again with ruling 35: Harker loses a turn in the forest there,
    and since that ruling he rolls for its night.)"""
    saved = SAVES["saves"][kind]
    state: Any = GAME.from_json(saved["save"])
    assert type(state.pending) is KINDS[kind]
    assert format_1(state) == saved["save"]
    after = _play_on(state, SAVES["steps"], SAVES["chooser"])
    assert hashlib.sha256(format_1(after).encode()).hexdigest() == saved["after"]


def format_1(state: Any) -> str:
    """The save as the code of before wrote it (save format 1: the log's entries whole);
    the kernel now writes format 2, whose log is compact and sealed."""
    return json.dumps({"game": "vampyre", "format": 1, "dice": state.dice.to_data(),
                       "state": state.to_data(),
                       "log": [entry.to_data() for entry in state.events]},
                      separators=(",", ":"))


def test_enums_keep_the_json_of_the_strings_they_replace() -> None:
    assert (TRANSYLVANIA, CASTLE) == ("transylvania", "castle_dracula")
    assert (HUNTER, NOSFERATU, PLAYER_WEREWOLF) == ("hunter", "nosferatu", "player_werewolf")
    assert (DEAD, SAVED, SLAIN) == ("dead", "saved", "slain")
    assert tuple(TurnKind) == ("", "possessed")
    assert tuple(FightOrigin) == ("", "encounter", "player", "guardian", "dracula_attacks")
    state = GAME.new_game(seed=4, stage="castle")
    data = json.loads(state.to_json())["state"]
    assert data["stage"] == "castle_dracula" and data["turn_kind"] in ("", "possessed")
    assert all(type(p["form"]) is str for p in data["players"].values())


def test_a_game_waits_for_its_decision_after_a_scripted_turn() -> None:
    state = new([4, *[1] * 30])
    script(state, [1] * 30)
    seat = state.current
    state.apply(seat, state.legal_actions(seat)[0])
    assert state.pending is not None and state.pending.seat == state.current_seats()[0]


# -- the package's shape ---------------------------------------------------------------------------

def _import_circles() -> Any:
    spec = importlib.util.spec_from_file_location(
        "import_circles", ROOT / "benchmarks" / "import_circles.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


RULE_MODULES = ("turns", "movement", "searching", "combat", "encounters", "winning",
                "castle", "guardians", "conversion", "items", "reach", "views",
                "invariants", "saving", "wording", "bots", "report")


def test_the_package_has_no_import_circle_and_no_import_inside_a_function() -> None:
    """Rule modules import the state, the decisions and the board, and the rules they
    build on; the state imports no rule module, and nothing reaches back."""
    _, graph, late = _import_circles().survey("vampyre")
    assert [c for c in nx.strongly_connected_components(graph) if len(c) > 1] == []
    assert late == {}
    assert not any(graph.has_edge(low, m) for low in ("state", "decisions")
                   for m in RULE_MODULES)
