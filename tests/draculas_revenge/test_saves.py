"""Saves: the log kept once, old saves still load, and a corrupt save is refused at load
(CorruptSave) rather than failing later with a KeyError or a stuck game."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st_

import gothic_kernel as gk
from draculas_revenge.actions import Move
from draculas_revenge.scenario import sandbox
from gothic_kernel import CorruptSave
from gothic_kernel.testing.saves import check_mutated_save

GAME = gk.load_game("draculas_revenge")
OLD_SAVE = Path(__file__).parent / "saves" / \
    "rescue_van_helsing_seed5_step60_format_before_dedup.json"


def play(state: Any, steps: int, rng: random.Random) -> Any:
    for _ in range(steps):
        if state.is_over:
            break
        seat = state.current_seats()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return state


def test_a_save_holds_the_log_once() -> None:
    state = play(GAME.new_game(seed=3, adventure="destroy_dracula"), 300, random.Random(3))
    save = json.loads(state.to_json())
    assert "log" not in save["state"] and len(save["log"]) == len(state.events)
    assert GAME.from_json(state.to_json()).log("hunters") == state.log("hunters")


def test_a_save_written_before_the_log_was_kept_once_loads_and_plays_on_the_same() -> None:
    """The file was saved by the previous format (the state carried its own copy of the
    log and no turned-over cards); it loads into the position a new game reaches."""
    old = GAME.from_json(OLD_SAVE.read_text(encoding="utf-8"))
    again = play(GAME.new_game(seed=5, adventure="rescue_van_helsing"), 60, random.Random(5))
    assert old.to_json() == again.to_json()
    assert old.discards == {"vampires": ["minion_1", "vampiress_a"], "hunters": []}


def mid_turn() -> Any:
    """Into the Breach, turn 1, a character active with cards in hands and timeline."""
    state = GAME.new_game(seed=1)
    rng = random.Random(1)
    while state.phase != "activation" or state.queue or state.windows:
        seat = state.current_seats()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return state


def corrupt(text: str, change: Callable[[dict[str, Any]], object]) -> str:
    save = json.loads(text)
    change(save["state"])
    return json.dumps(save)


def _first_hand_card(s: dict[str, Any]) -> tuple[str, str]:
    seat = next(seat for seat, hand in s["hands"].items() if hand)
    return seat, s["hands"][seat][0]


CORRUPTIONS: dict[str, Callable[[dict[str, Any]], object]] = {
    "a card in two hands": lambda s: s["hands"]["vampires"].append(
        (s["timeline"] or [[0, "", s["discards"]["hunters"][0] if s["discards"]["hunters"]
                            else s["hands"]["hunters"][0]]])[0][2]),
    "a card doubled": lambda s: s["hands"][_first_hand_card(s)[0]].append(
        _first_hand_card(s)[1]),
    "a card lost": lambda s: s["hands"][_first_hand_card(s)[0]].pop(0),
    "an unknown card": lambda s: s["hands"][_first_hand_card(s)[0]].append("joker"),
    "the turned-over card lost": lambda s: s["discards"][s["active_seat"]].clear(),
    "a vampire card in the hunters' hand": lambda s: s["hands"]["hunters"].append(
        "she_wolf_d"),
    "a figure of another type": lambda s: s["figures"][0].update(kind="dracula"),
    "a figure of no card": lambda s: s["figures"][0].update(id="she_wolf_z"),
    "a figure on the wrong side": lambda s: s["figures"][0].update(seat="hunters"),
    "a minion without a stand": lambda s: s["figures"][0].update(kind="minion"),
    "a figure listed twice": lambda s: s["figures"].append(s["figures"][0]),
    "a misted figure in daylight": lambda s: s["figures"][0].update(misted=True),
    "an unconscious staker": lambda s: s["figures"][-1].update(unconscious=True),
    "a figure in a closed doorway": lambda s: s["figures"][0].update(pos=2 * 18 + 12),
    "a figure off the table after set-up": lambda s: s["figures"][0].update(pos=-2),
    "Action Points over 9": lambda s: s.update(ap_left=10),
    "Action Points as a flag": lambda s: s.update(ap_left=True),
    "the turn past the limit": lambda s: s.update(turn=5),
    "turn 0 after the set-up": lambda s: s.update(turn=0),
    "more Reaction Points spent than rolled": lambda s: s["rp_spent"].update(vampires=13),
    "a Reaction Die of 0 mid-turn": lambda s: s["rp_die"].update(hunters=0),
    "no active character in a move": lambda s: s.update(active=""),
    "an active character of no seat": lambda s: s.update(active_seat="ghosts"),
    "a reaction window for the active player": lambda s: s.update(
        windows=[s["active_seat"]]),
    "a timeline out of order": lambda s: s.update(plays=2, timeline=[
        [2, "vampires", "she_wolf_d"], [1, "vampires", "nosferatu_a"]]),
    "a timeline card numbered 0": lambda s: s["timeline"].append([0, "vampires", "she_wolf_d"]),
    "a timeline card numbered past the plays": lambda s: s.update(plays=0),
    "a forced play over a timeline": lambda s: s.update(tl_forced=True, timeline=[
        [1, "vampires", "she_wolf_d"]]),
    "the timeline phase with nobody holding a card": lambda s: s.update(
        phase="timeline", active="", active_seat="", ap_left=0, windows=[],
        hands={"vampires": [], "hunters": []}),
    "a decision without its figure": lambda s: s["queue"].append(
        {"kind": "face", "seat": "hunters", "figure": "staker_5", "other": ""}),
    "a decision with a missing key": lambda s: s["queue"].append(
        {"kind": "feed", "seat": "vampires"}),
    "a hunter asked to feed": lambda s: s["queue"].append(
        {"kind": "feed", "seat": "hunters", "figure": "staker_1", "other": ""}),
    "a result while playing": lambda s: s.update(
        result={"winners": ["hunters"], "level": "win", "reason": "", "scores": {}}),
    "a result of no seat": lambda s: s.update(phase="over", result={
        "winners": ["ghosts"], "level": "win", "reason": "", "scores": {}}),
    "a witness off the map": lambda s: s.update(witness=["", 10**6, -1, "", -1]),
    "a secret room outside Rescue Van Helsing": lambda s: s.update(secret_room="crypt"),
    "a defiled tile outside Defile the Coffins": lambda s: s.update(defiled=["crypt"]),
    "recruits over the points value": lambda s: s["recruits"].update(vampires=["dracula"] * 2),
    "the doors as words": lambda s: s["doors_open"].update(door_1="open"),
    "no figures": lambda s: s.pop("figures"),
    "the options of another adventure": lambda s: s["options"].update(
        adventure="destroy_dracula"),
    "an option left out": lambda s: s["options"].pop("turn_limit"),
}


@pytest.mark.parametrize("name", list(CORRUPTIONS))
def test_a_corrupt_save_is_refused_at_load(name: str) -> None:
    text = mid_turn().to_json()
    GAME.from_json(text)  # the intact save loads
    with pytest.raises(CorruptSave):
        GAME.from_json(corrupt(text, CORRUPTIONS[name]))


def test_a_character_to_place_needs_an_area_of_the_map() -> None:
    text = GAME.new_game(seed=2).to_json()  # placing the first vampire
    elsewhere = corrupt(text, lambda s: s["queue"][0].update(other="hunter_entrance"))
    assert GAME.from_json(elsewhere).legal_actions("vampires")  # free squares: it may
    with pytest.raises(CorruptSave):
        GAME.from_json(corrupt(text, lambda s: s["queue"][0].update(other="nowhere")))
    defile = GAME.new_game(seed=2, adventure="defile_the_coffins").to_json()
    with pytest.raises(CorruptSave, match="tinted tile"):  # one vampire on each tinted tile
        GAME.from_json(corrupt(defile, lambda s: s["queue"][0].update(other="hunter_entrance")))


@cache
def saves() -> tuple[str, ...]:
    """Saves taken at several points of seeded random games of several adventures."""
    found = []
    for i, options in enumerate((
            {"adventure": "into_the_breach"},
            {"adventure": "defile_the_coffins", "turn_limit": 3},
            {"adventure": "cross_the_catacombs", "turn_limit": 5},
            {"adventure": "rescue_van_helsing", "turn_limit": 3},
            {"adventure": "destroy_dracula", "turn_limit": 4},
            {"adventure": "custom", "points": 18},
            {"adventure": "custom", "multiplayer": ("vampires", "hunters", "hunters"),
             "points": 10},
            {"reaction_dice": False, "feeding_and_saving": False})):
        state = GAME.new_game(seed=40 + i, **options)
        rng = random.Random(i)
        for steps in (0, 4, 20, 60, 150):
            found.append(play(state, steps, rng).to_json())
        found.append(play(state, 10_000, rng).to_json())  # the end
    return tuple(found)


#: Random play of an adventure without a turn limit can take tens of thousands of actions
#: (a mutation may set ``turn_limit`` to 0, which is a valid game): room to finish.
MAX_STEPS = 300_000


@settings(max_examples=150, deadline=None)
@given(seed=st_.integers(0, 2**32 - 1))
def test_a_mutated_save_loads_and_plays_on_or_is_refused(seed: int) -> None:
    every = saves()
    check_mutated_save(GAME, every[seed % len(every)], seed, max_steps=MAX_STEPS)


@settings(max_examples=150, deadline=None)
@given(seed=st_.integers(0, 2**32 - 1))
def test_a_mutated_state_loads_and_plays_on_or_is_refused(seed: int) -> None:
    """The same, with the mutations aimed at the state (the log is most of a save)."""
    every = saves()
    check_mutated_save(GAME, every[seed % len(every)], seed, skip=("dice", "log"),
                       max_steps=MAX_STEPS)


def _moved_across(s: dict[str, Any], field: str) -> None:
    """A hunter's Action Card moved into the vampires' hand, discards or timeline."""
    card = next(c for c in s["hands"]["hunters"] if c.startswith(("crossbow", "staker")))
    s["hands"]["hunters"].remove(card)
    if field == "timeline (by vampires)":
        s["plays"] += 1
        s["timeline"].append([s["plays"], "vampires", card])
    else:
        s["plays"] += field == "discards.vampires"  # played, then turned over
        s[field.split(".")[0]]["vampires"].append(card)


@pytest.mark.parametrize("field", ["hands.vampires", "discards.vampires",
                                   "timeline (by vampires)"])
def test_a_hunters_card_in_the_vampires_hand_is_refused_naming_where(field: str) -> None:
    state = mid_turn()
    assert any(c.startswith(("crossbow", "staker")) for c in state.hands["hunters"])
    with pytest.raises(CorruptSave, match=rf"{re.escape(field)} holds .*'s Action Card, of "
                                          "the other side"):
        GAME.from_json(corrupt(state.to_json(), lambda s: _moved_across(s, field)))


def test_a_vampire_card_in_the_hunters_hand_is_refused_naming_where() -> None:
    with pytest.raises(CorruptSave, match=r"hands\.hunters holds She-wolf D's Action Card"):
        GAME.from_json(corrupt(mid_turn().to_json(), CORRUPTIONS[
            "a vampire card in the hunters' hand"]))


def test_the_vampires_holding_a_mesmerized_hunters_card_loads() -> None:
    """Priests 3 and 4 were mesmerized: their cards are dealt to the vampires, and the
    save holding them loads (the log tells they were mesmerized)."""
    state = GAME.new_game(seed=0, adventure="destroy_dracula")
    bots = GAME.default_agents(state, 0)
    for _ in range(5000):
        if any(c.startswith("priest") for c in state.hands["vampires"]):
            break
        seat = state.current_seats()[0]
        state.apply(seat, bots[seat].choose(seat, state.observation(seat),
                                            state.legal_actions(seat)))
    assert any(c.startswith("priest") for c in state.hands["vampires"])
    assert GAME.from_json(state.to_json()).to_json() == state.to_json()
    # ... and a read-in-full copy (its log parsed and asked) too
    assert GAME.from_json(json.dumps(json.loads(state.to_json())))


def _hunters_card_turned_over() -> Any:
    """Into the Breach, turn 1, a hunter's card turned over (its character has acted)."""
    state = GAME.new_game(seed=1)
    rng = random.Random(1)
    while not state.discards["hunters"] or state.queue or state.windows:
        seat = state.current_seats()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return state


def _back_to_the_hand(s: dict[str, Any]) -> None:
    s["hands"]["hunters"].append(s["discards"]["hunters"].pop())


def test_a_turned_over_card_back_in_its_hand_is_refused_naming_the_discards() -> None:
    """A hunter who has acted this turn cannot get its Action Card back: it would act
    twice in the turn."""
    text = _hunters_card_turned_over().to_json()
    GAME.from_json(text)
    with pytest.raises(CorruptSave, match=r"played this turn \(plays\).*discards"):
        GAME.from_json(corrupt(text, _back_to_the_hand))


@pytest.mark.parametrize("entrance", ["crossbow_2", "staker_1", "nowhere"])
def test_an_entrance_that_is_no_area_of_the_map_is_refused_naming_it(entrance: str) -> None:
    text = mid_turn().to_json()
    with pytest.raises(CorruptSave, match=rf"entrance '{entrance}' is no area of the map"):
        GAME.from_json(corrupt(text, lambda s: s["figures"][0].update(entrance=entrance)))


@pytest.mark.parametrize(("index", "what"), [(0, "actor"), (3, "target")])
def test_a_witness_that_is_no_figure_is_refused_naming_it(index: int, what: str) -> None:
    state = mid_turn()
    while state.witness[0] == "":  # the active character acts once
        seat = state.current_seats()[0]
        state.apply(seat, state.legal_actions(seat)[0])
    text = state.to_json()
    GAME.from_json(text)

    def staker(s: dict[str, Any]) -> None:
        s["witness"][index] = "staker"

    with pytest.raises(CorruptSave, match=rf"last action's {what} \(witness\) 'staker'"):
        GAME.from_json(corrupt(text, staker))


def _every_vampire_off_the_board(s: dict[str, Any]) -> None:
    for figure in s["figures"]:
        if figure["seat"] == "vampires":
            figure["pos"] = -2  # GONE: off the table
    s["exited"] = [f["id"] for f in s["figures"] if f["seat"] == "vampires"]


def test_a_save_of_a_game_already_won_but_going_on_is_refused() -> None:
    """Victory is judged after every action and the game ends at once, so a save of Into
    the Breach with every vampire gone and play going on is corrupt (the trial of s26
    found fury_modern's such saves loaded and played on)."""
    text = mid_turn().to_json()
    with pytest.raises(CorruptSave, match=re.escape(
            "the game is not over, yet it is won (every vampire destroyed)")):
        GAME.from_json(corrupt(text, _every_vampire_off_the_board))



@pytest.mark.parametrize(("start", "step", "witness"), [
    ((6, 7), "e", ("staker_1", 62, 63, "", -1)),
    ((7, 7), "w", ("staker_1", 63, 62, "", -1))])
def test_a_save_whose_last_action_began_or_ended_on_the_last_square_loads(
        start: tuple[int, int], step: str, witness: tuple[object, ...]) -> None:
    """The witness (the last action, which characters may react to: Reactions) holds
    squares of the board, -1 for none: the last square, 63 of 8 x 8, is one of them."""
    state: Any = sandbox(["........"] * 8, reaction_dice=False, active="staker_1", figures=[
        {"id": "staker_1", "square": start, "facing": "e"},
        {"id": "she_wolf_a", "square": (0, 0), "facing": "s"}])
    state.apply("hunters", Move("staker_1", step, step))
    assert state.witness == witness
    assert GAME.from_json(state.to_json()).witness == witness
