"""Saving and loading: exact snapshots; corrupt saves refused (CorruptSave) or played on."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable
from typing import cast

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from fury_modern.actions import ChooseCombatCard
from fury_modern.combat import Fight, start_fight
from fury_modern.invariants import problems_of
from fury_modern.rules import load_rules
from fury_modern.state import ModernState
from gothic_kernel import PUBLIC, CorruptSave
from gothic_kernel.testing.saves import check_mutated_save

from .helpers import GAME, act, played, started


def _save_points() -> list[str]:
    """Saves at the start, mid-game (any decision), in a combat, and at the end."""
    saves = [played(seed, steps).to_json() for seed, steps in
             ((1, 0), (2, 7), (3, 60), (4, 150), (5, 230), (7, 100_000))]
    state = GAME.new_game(seed=8)
    bots = GAME.default_agents(state, 8)  # they seek a combat; random play seldom does
    while not state.is_over and len(saves) < 9:
        seat = state.current_seats()[0]
        state.apply(seat, bots[seat].choose(seat, state.observation(seat),
                                            state.legal_actions(seat)))
        if state.observation(PUBLIC)["combat"] is not None and state.stack[-1].KIND == "fight":
            saves.append(state.to_json())
    return saves


SAVE_POINTS = _save_points()


def test_the_save_points_hold_a_combat_and_an_end() -> None:
    assert any(json.loads(text)["state"]["result"] for text in SAVE_POINTS)
    assert any(json.loads(text)["state"]["stack"][-1:] and json.loads(text)["state"]["stack"]
               [-1]["kind"] == "fight" for text in SAVE_POINTS)


@pytest.mark.parametrize("number", range(len(SAVE_POINTS)))
def test_a_save_reads_back_exactly_and_plays_on_the_same(number: int) -> None:
    text = SAVE_POINTS[number]
    state, twin = GAME.from_json(text), GAME.from_json(text)
    assert twin.to_json() == text
    for seat in (*state.seats, PUBLIC):
        assert twin.observation(seat) == state.observation(seat)
    if not state.is_over:
        seat = state.current_seats()[0]
        action = state.legal_actions(seat)[-1]
        state.apply(seat, action)
        twin.apply(seat, action)
        assert twin.to_json() == state.to_json()


@pytest.mark.parametrize("text", [
    "not json", "[]", '{"game": "fury1987"}',
    '{"game": "fury_modern", "format": 1, "dice": {"kind": "scripted", "rolls": [], "state": '
    '{}, "pos": 0, "drawn": false}, "state": {"options": 3}}',
])
def test_a_corrupt_save_is_refused(text: str) -> None:
    with pytest.raises(CorruptSave):
        GAME.from_json(text)


def _spoilt(change: str) -> str:
    data = json.loads(SAVE_POINTS[3])
    state = data["state"]
    if change == "a card twice":
        state["hunters"]["mina"]["items"].append(state["item_deck"]["cards"][0])
    elif change == "a hunter off the map":
        state["hunters"]["mina"]["location"] = "atlantis"
    elif change == "a revealed card not held":
        state["hunters"]["mina"]["revealed_item"] = "stake"
        state["hunters"]["mina"]["items"] = []
    elif change == "a word no decision knows":
        state["stack"][-1]["kind"] = "hunter_turns"
        state["stack"][-1].update(night=False, index=0, x="atlantis")
        state["stack"].append({"kind": "choose_start", "seat": "renfield"})
    elif change == "nobody to decide":
        state["stack"] = [{"kind": "reveal_card", "seat": "mina", "pile": "item"}]
        state["hunters"]["mina"]["items"] = []
    elif change == "uneven hideout lists":
        state["trail"][0]["shown"].append(True)
    return json.dumps(data)


@pytest.mark.parametrize("change", [
    "a card twice", "a hunter off the map", "a revealed card not held",
    "a word no decision knows", "nobody to decide", "uneven hideout lists"])
def test_a_save_that_breaks_what_the_rules_guarantee_is_refused(change: str) -> None:
    with pytest.raises(CorruptSave):
        GAME.from_json(_spoilt(change))


@settings(max_examples=120, deadline=None)
@example(92616)  # a combat hand holding an encounter ("szgany_mob") in place of Garlic
@example(3385)  # the log starting a hunter in "van_helsing"
@given(st.integers(0, 2**32 - 1))
def test_a_mutated_save_is_refused_at_load_or_plays_on_to_the_end(seed: int) -> None:
    """One thing changed in a save (a number, a word, an entry dropped or doubled, a key
    removed, a value of the wrong type): CorruptSave at load, or a game that plays on to
    its end without any other error. Odd seeds may change anything but the dice (the log
    too: the tracker reads it); even ones only the state."""
    skip = ("dice",) if seed % 2 else ("dice", "log")
    check_mutated_save(GAME, SAVE_POINTS[seed % len(SAVE_POINTS)], seed, skip=skip)


def test_seed_10011_after_300_random_actions_reloads() -> None:
    """The seed that once failed (``benchmarks/run.py``'s random play: the first seat, a
    ``random.Random(seed)`` choice): its game ended in a combat and dropped the combat cards."""
    state, pick = GAME.new_game(seed=10011), random.Random(10011)
    for _ in range(300):
        if state.is_over:
            break
        seat = state.current_seats()[0]
        state.apply(seat, pick.choice(state.legal_actions(seat)))
    assert GAME.from_json(state.to_json()).to_json() == state.to_json()


def test_a_game_won_in_a_combat_puts_its_cards_back_and_its_save_reloads() -> None:
    """Dracula defeated by a Punch mid-combat: the game ends with the combat on the table;
    the thirteen combat cards go back to his deck (each somewhere exactly once)."""
    state = started(seed=5)
    state.hunters["mina"].location = "berlin"
    start_fight(state, ("mina",), "berlin", night=False)
    state.dracula.damage = state.rules.dracula.health - 1
    fight = state.stack[-1]
    assert isinstance(fight, Fight)
    act(state, "mina", ChooseCombatCard("punch"))
    act(state, "dracula", ChooseCombatCard(
        next(c for c in fight.hand if c not in ("mesmerize", "plotting", "strength"))))
    assert state.is_over and state.outcome is not None
    assert state.outcome.reason == "Dracula is defeated"
    assert problems_of(state) == []
    assert sorted(state.combat_deck.cards) == sorted(
        c.id for c in state.rules.dracula_cards.values() for _ in range(c.count))
    assert GAME.from_json(state.to_json()).to_json() == state.to_json()


def test_a_save_missing_a_combat_card_after_the_end_is_refused() -> None:
    state = GAME.from_json(SAVE_POINTS[5])
    assert state.is_over
    data = json.loads(SAVE_POINTS[5])
    data["state"]["combat_deck"]["cards"].pop()
    with pytest.raises(CorruptSave):
        GAME.from_json(json.dumps(data))


@pytest.mark.parametrize("hunters", [[], ["mina", "mina"]])
def test_a_combat_waiting_for_cards_with_nobody_or_a_hunter_twice_is_refused(
        hunters: list[str]) -> None:
    text = next(t for t in SAVE_POINTS if json.loads(t)["state"]["stack"][-1:]
                and json.loads(t)["state"]["stack"][-1]["kind"] == "fight"
                and json.loads(t)["state"]["stack"][-1]["stage"] == "choose")
    data = json.loads(text)
    data["state"]["stack"][-1]["hunters"] = hunters
    with pytest.raises(CorruptSave):
        GAME.from_json(json.dumps(data))


def _moved(change: str) -> str:
    """SAVE_POINTS[3] with one card (from the event deck) or sheet put where its owner may
    not keep it."""
    data = json.loads(SAVE_POINTS[3])
    state, events = data["state"], load_rules().events
    deck = state["event_deck"]["cards"]
    draculas = next(c for c in deck if events[c].owner == "dracula")
    hunters = next(c for c in deck if events[c].owner != "dracula")
    if change in ("hunters.mina.events", "hunter_ally"):
        deck.remove(draculas)
    elif change in ("dracula.events", "dracula.ally"):
        deck.remove(hunters)
    if change == "hunters.mina.events":
        state["hunters"]["mina"]["events"].append(draculas)
    elif change == "hunter_ally":
        state["hunter_ally"] = draculas
    elif change == "dracula.events":
        state["dracula"]["events"].append(hunters)
    elif change == "dracula.ally":
        state["dracula"]["ally"] = hunters
    elif change == "hunters.mina.seat":
        state["hunters"]["mina"]["seat"] = "dracula"
    return json.dumps(data)


@pytest.mark.parametrize("change", ["hunters.mina.events", "hunter_ally", "dracula.events",
                                    "dracula.ally", "hunters.mina.seat"])
def test_a_card_or_sheet_in_a_seat_that_may_not_hold_it_is_refused_naming_the_field(
        change: str) -> None:
    with pytest.raises(CorruptSave, match=rf"\b{change}\b"):
        GAME.from_json(_moved(change))
    assert GAME.from_json(json.dumps(json.loads(SAVE_POINTS[3])))  # the save itself loads


def test_a_revealed_card_not_held_is_told_in_the_hunters_name() -> None:
    with pytest.raises(CorruptSave, match="Mina Harker reveals a card she does not hold"):
        GAME.from_json(_spoilt("a revealed card not held"))


def _meaningless(change: str) -> str:
    """SAVE_POINTS[3] (a hunter's action waits) with a value of the right type but no
    meaning: a city as a power card, a sea as a hunter, hands past what play can reach."""
    data = json.loads(SAVE_POINTS[3])
    state = data["state"]
    if change == "trail[0].power":
        state["trail"][0]["power"] = "saragossa"
    elif change == "lairs[0].power":
        state["lairs"] = [{**state["trail"].pop(), "power": "wolf_form"}]
    elif change.startswith("stack["):
        number = next(i for i, d in enumerate(state["stack"]) if "hunter" in d)
        state["stack"][number]["hunter"] = "atlantic_ocean"
    elif change == "dracula.encounters":
        state["dracula"]["encounters"].append(state["encounter_deck"]["cards"].pop())
        state["dracula"]["encounters"].sort()
    elif change == "hunters.mina.items":
        deck = state["item_deck"]["cards"]
        state["hunters"]["mina"]["items"] += [deck.pop() for _ in range(9)]
    return json.dumps(data)


@pytest.mark.parametrize("change", ["trail[0].power", "lairs[0].power", "stack[].hunter",
                                    "dracula.encounters", "hunters.mina.items"])
def test_a_value_of_the_right_type_but_no_meaning_is_refused_naming_the_field(
        change: str) -> None:
    data = json.loads(SAVE_POINTS[3])["state"]
    assert not {d["kind"] for d in data["stack"]} & {"over_limit", "trade", "dark_call_discard"}
    assert len(data["dracula"]["encounters"]) == 5
    assert not any(e.get("kind") in ("desecrated_soil", "seduction") for e in
                   GAME.from_json(SAVE_POINTS[3]).log(PUBLIC))
    field = re.escape(change).replace(r"\[\]", r"\[\d+\]")
    with pytest.raises(CorruptSave, match=field):
        GAME.from_json(_meaningless(change))


def _first(seeds: range, steps: int, holds: Callable[[ModernState], bool]) -> ModernState:
    """The first position of the bots' games of ``seeds`` where ``holds``."""
    for seed in seeds:
        state = played(seed, steps, bots=True, until=lambda s: holds(cast(ModernState, s)))
        if holds(cast(ModernState, state)):
            return cast(ModernState, state)
    raise AssertionError("no game reached it")


def test_a_hunter_over_his_limit_loads_while_his_discard_waits() -> None:
    """What Are Hand Limits: over the limit only until he discards; that save is sound."""
    state = _first(range(1, 30), 3000, lambda s: not s.is_over and s.stack[-1].KIND ==
                   "over_limit" and s.stack[-1].seat != "dracula")
    seat = state.stack[-1].seat
    assert GAME.from_json(state.to_json()).to_json() == state.to_json()
    data = json.loads(state.to_json())
    data["state"]["stack"].pop()  # the discard no longer waits: no play leaves him so
    with pytest.raises(CorruptSave, match=rf"hunters\.{seat}\.(items|events|tickets) holds"):
        GAME.from_json(json.dumps(data))


def test_dracula_over_five_encounters_after_desecrated_soil_loads() -> None:
    """Desecrated Soil: three drawn, discarding up to three at his choice: he may keep more
    than five, and the save says so."""
    state = _first(range(1, 30), 3000, lambda s: not s.is_over and
                   len(s.dracula.encounters) > 5 and s.stack[-1].KIND == "hunter_turns")
    assert GAME.from_json(state.to_json()).to_json() == state.to_json()


def test_a_combat_round_resolving_after_a_hunter_left_it_loads() -> None:
    """A hunter bitten by Fangs leaves the combat while the round's other cards resolve; his
    cards stay in the combat's hands until the next round (seed 20, 79 random actions: it
    was refused as 'a card chosen by van_helsing, who is not in it')."""
    state = GAME.new_game(seed=20)
    pick = random.Random(20)
    for _ in range(79):
        seat = state.current_seats()[0]
        state.apply(seat, pick.choice(state.legal_actions(seat)))
    fight = next(d for d in state.stack if isinstance(d, Fight))
    assert "van_helsing" in fight.chosen and "van_helsing" not in fight.hunters
    assert GAME.from_json(state.to_json()).to_json() == state.to_json()


@pytest.mark.parametrize(("field", "value", "words"), [
    (("influence",), 13, "influence is 13, Dracula's win, yet the game is not over"),
    (("dracula", "damage"), 15, "dracula.damage is 15, his health, yet the game is not over"),
    (("hunters", "mina", "damage"), 9, "hunters.mina.damage is 9, Mina Harker's health, yet "
                                       "she is not defeated"),
    (("influence",), 14, "influence: expected 0 to 13, got 14"),
    (("despair",), 5, "despair: expected 0 to 3, got 5"),
    (("hunters", "mina", "bites"), 1, "hunters.mina.bites: expected 0 to 0, got 1"),
    (("rounds",), -1, "rounds: expected a whole number from 0, got -1"),
    (("result",), {"winners": ["dracula"], "level": None, "reason": "x"},
     "the game is over (result), yet a decision waits"),
])
def test_a_save_whose_game_should_be_over_or_out_of_range_is_refused_naming_the_field(
        field: tuple[str, ...], value: object, words: str) -> None:
    """The trial (s26 F1, F2): influence 13, Dracula's damage at his health or a hunter's
    at hers loaded and play went on; a result with a decision waiting loaded as over;
    rounds -1 loaded; out-of-range tracks were refused as "a track is out of range"."""
    data = json.loads(played(11, 40).to_json())
    where = data["state"]
    for key in field[:-1]:
        where = where[key]
    where[field[-1]] = value
    with pytest.raises(CorruptSave) as refused:
        GAME.from_json(json.dumps(data))
    assert words in str(refused.value)
