"""Saves: a state read back is the state saved; a corrupt save is refused with CorruptSave
(never a stray exception, never a state that breaks the rules' invariants)."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fury1987.actions import MoveTo, StartIn
from fury1987.state import FuryState
from fury1987.victory import victory_due
from gothic_kernel import CorruptSave, Dice
from gothic_kernel.testing.saves import check_mutated_save

from .helpers import GAME


def saved(steps: int = 300) -> dict[str, Any]:
    state = GAME.new_game(seed=3)
    dice = Dice(5)
    for _ in range(steps):
        seat = dice.choice(state.current_seats())
        state.apply(seat, dice.choice(state.legal_actions(seat)))
    data: dict[str, Any] = json.loads(state.to_json())
    return data


def test_a_save_reads_back_to_the_same_state() -> None:
    data = saved()
    state = GAME.from_json(json.dumps(data))
    assert isinstance(state, FuryState)
    assert json.loads(state.to_json()) == data


@pytest.mark.parametrize("path, value", [
    (("state", "dracula", "location"), "atlantis"),
    (("state", "dracula", "location"), None),
    (("state", "dracula", "blood"), 13),
    (("state", "seq", "seat_index"), 9),
    (("state", "seq", "phases"), []),
    (("state", "seq", "missed"), {"nobody": 1}),
    (("state", "hunters", "seward", "wounds"), 13),
    (("dice", "state", "uinteger"), -1),
])
def test_a_corrupt_save_is_refused(path: tuple[str, ...], value: object) -> None:
    data = saved()
    place = data
    for key in path[:-1]:
        place = place[key]
    assert path[-1] in place
    place[path[-1]] = value
    with pytest.raises(CorruptSave):
        GAME.from_json(json.dumps(data))


def _saved_at(seed: int, steps: int) -> str:
    state = GAME.new_game(seed=seed)
    dice = Dice(seed + 100)
    for _ in range(steps):
        if state.is_over:
            break
        seat = dice.choice(state.current_seats())
        state.apply(seat, dice.choice(state.legal_actions(seat)))
    return state.to_json()


#: Saves taken at several points of two seeded random games (the start, the first
#: moves, the middle game, late on): short games (830 and 562 actions, a Minor and a
#: Supreme Victory for the Hunters), so that a save that loads is played out quickly.
SAVES = [_saved_at(seed, steps) for seed in (23, 34) for steps in (0, 5, 60, 250, 500, 800)]


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_a_mutated_save_is_refused_or_plays_on_to_the_end(seed: int) -> None:
    """gothic_kernel.testing.saves: a save with one thing changed raises CorruptSave at
    load, or loads and plays on at random to the end without any other error."""
    check_mutated_save(GAME, SAVES[seed % len(SAVES)], seed)


def test_an_item_choice_without_the_action_phase_that_asked_it_is_refused() -> None:
    """New Weapons and Events are chosen in a Hunter's Action Phase: a save whose item
    choice lies on nothing (its Action Phase cut from the stack) loaded, and the game broke
    later ("enter_phase pushed no decision"); it is refused at load."""
    data = json.loads(SAVES[5])
    kinds = [r["kind"] for r in data["state"]["stack"]]
    assert kinds == ["hunter_action", "item_choice"]
    del data["state"]["stack"][0]
    with pytest.raises(CorruptSave, match="item_choice: it is not asked by its Hunter's "
                       "Action Phase"):
        GAME.from_json(json.dumps(data))


def _refused(data: dict[str, Any], change: Any) -> None:
    change(data["state"])
    with pytest.raises(CorruptSave):
        GAME.from_json(json.dumps(data))


def _first(kind: str) -> Any:
    def find(state: dict[str, Any]) -> dict[str, Any]:
        return next(r for r in state["stack"] if r["kind"] == kind)
    return find


@pytest.mark.parametrize("what, change", [
    ("an Encounter Chit in two places",
     lambda s: s["dracula"]["encounter_set"].append(s["dracula"]["encounter_set"][0])),
    ("an unknown chit in a Town box", lambda s: s["chart"].update(paris="dragon")),
    ("a Weapon Chit lost", lambda s: s["hunters"]["seward"]["weapons"].clear()),
    ("an Event Card twice", lambda s: s["event_deck"]["cards"].append(
        s["event_deck"]["cards"][0])),
    ("a Hunter's Valour below 0", lambda s: s["hunters"]["godalming"].update(valour=-1)),
    ("a Town box off the map", lambda s: s["sightings"].update(atlantis="rats")),
    ("a marker at Sea", lambda s: s["hosts"].update(north_sea="godalming")),
    ("no decision pending", lambda s: s.update(stack=[])),
    ("a decision for a seat nobody plays",
     lambda s: s["stack"][-1].update(seat="mina") if "seat" in s["stack"][-1]
     else s["stack"].append({"kind": "new_weapons", "seat": "mina"})),
    ("a clue the rules never write", lambda s: s["clues"].append({"k": "rumour"})),
    ("a clue naming a place off the map",
     lambda s: s["clues"].append({"k": "host", "town": "atlantis"})),
    ("Dracula out of Blood Points but not fleeing",
     lambda s: s["dracula"].update(blood=0, fleeing=False)),
    ("a lasting effect no card has", lambda s: s["cards"].update(curse=True)),
    ("Stormy Seas over a Town", lambda s: s["cards"].update(stormy={"paris": ["seward", 2]})),
    ("a Hunter at Sea without a voyage",
     lambda s: s["hunters"]["seward"].update(location="north_sea", voyage=[])),
    ("a Hunter group of one", lambda s: s.update(groups=[["seward"]])),
    ("a die roll of 7", lambda s: s["stack"].append(
        {"kind": "die_roll", "what": "railway", "seat": "seward", "roll": 7})),
])
def test_a_save_the_rules_could_not_produce_is_refused(what: str, change: Any) -> None:
    _refused(saved(), change)


def test_every_position_of_play_passes_the_save_checks() -> None:
    """No false refusal: positions of random games and of a bot game, at every 25th
    action and at the end, pass every check a save is held to."""
    from fury1987.saves import save_problems
    from gothic_kernel.agents import play_game

    for seed in (5, 6, 23):
        state = GAME.new_game(seed=seed)
        dice = Dice(seed)
        steps = 0
        while not state.is_over:
            if steps % 25 == 0:
                assert save_problems(state) == [], (seed, steps)
            seat = dice.choice(state.current_seats())
            state.apply(seat, dice.choice(state.legal_actions(seat)))
            steps += 1
        assert save_problems(state) == []
    _, record = play_game(GAME, 4)
    state = GAME.new_game(seed=4)
    for step, (seat, data) in enumerate(record.actions):
        if step % 25 == 0:
            assert save_problems(state) == [], ("bots", step)
        state.apply(seat, GAME.parse_action(data))
    assert state.is_over and save_problems(state) == []


@pytest.mark.parametrize("extra, waiting, loads", [
    (2, True, True), (1, True, True), (3, True, False), (1, False, False), (2, False, False)])
def test_a_save_holds_weapon_chits_over_three_only_while_their_discard_waits(
        extra: int, waiting: bool, loads: bool) -> None:
    """New Weapons and Events: "never more than three". A Hunter in a Large Town may draw
    two Weapon Chits before discarding down to three, so a save taken while that discard
    waits (``new_weapons``) may show him with five; never with six, and never over three
    with no discard waiting (at a Movement prompt, say)."""
    data = saved()
    state = data["state"]
    seat = next(s for s, h in state["hunters"].items() if h["status"] == "alive")
    weapons, bag = state["hunters"][seat]["weapons"], state["weapons_pool"]["bag"]
    need = 3 + extra - len(weapons)
    weapons += bag[:need]
    del bag[:need]
    if waiting:
        state["stack"].append({"kind": "new_weapons", "seat": seat})
    text = json.dumps(data)
    if loads:
        loaded = GAME.from_json(text)
        assert isinstance(loaded, FuryState) and len(loaded.hunters[seat].weapons) == 3 + extra
    else:
        field = "Weapon Chits" if waiting else rf"hunters\.{seat}\.weapons holds {3 + extra}"
        with pytest.raises(CorruptSave, match=field):
            GAME.from_json(text)


@pytest.mark.parametrize("extra, loads", [(2, True), (3, False)])
def test_a_save_holds_at_most_two_event_cards_over_the_limit(extra: int, loads: bool) -> None:
    """Event Cards: a holder over three discards when the discard comes up (ruling 77),
    so a save may show a Hunter with five cards; never with six."""
    data = saved()
    state = data["state"]
    seat = next(s for s, h in state["hunters"].items() if h["status"] == "alive")
    hand, pile = state["hunters"][seat]["events"], state["event_deck"]["cards"]
    need = 3 + extra - len(hand)
    events = GAME.new_game(seed=1).rules.events
    crosses = [c for c in pile if events[c].back == "cross"][:need]  # a Hunter's cards
    hand += crosses
    for card in crosses:
        pile.remove(card)
    text = json.dumps(data)
    if loads:
        loaded = GAME.from_json(text)
        assert isinstance(loaded, FuryState) and len(loaded.hunters[seat].events) == 5
    else:
        with pytest.raises(CorruptSave, match="Event Cards"):
            GAME.from_json(text)


def _in_combat(seward: str = "madrid") -> dict[str, Any]:
    """A save taken in a fight (Dracula attacking Lord Godalming in Munich, and Dr Seward
    if he is there too)."""
    state = GAME.new_game(seed=1)
    for seat, town in (("godalming", "munich"), ("seward", seward),
                       ("van_helsing", "athens"), ("dracula", "zurich")):
        state.apply(seat, StartIn(town))
    state.apply("dracula", MoveTo("munich"))
    data: dict[str, Any] = json.loads(state.to_json())
    assert any(r["kind"] == "combat" for r in data["state"]["stack"])
    return data


@pytest.mark.parametrize("engagement", [
    {"hunters": ["godalming"], "opponents": []},
    {"hunters": [], "opponents": ["dracula"]},
])
def test_a_save_whose_engagement_lacks_a_side_is_refused(engagement: dict[str, Any]) -> None:
    """Combat: an engagement is one fighter against one or more (Hunter Groups - Group
    Combat); a save with one side empty is no fight the rules could be in."""
    data = _in_combat()
    GAME.from_json(json.dumps(data))  # as saved, it loads
    combat = next(r for r in data["state"]["stack"] if r["kind"] == "combat")
    combat["engagements"] = [{**combat["engagements"][0], **engagement}]
    with pytest.raises(CorruptSave, match="one fighter against one or more"):
        GAME.from_json(json.dumps(data))


def test_a_save_of_two_hunters_fighting_dracula_together_loads() -> None:
    """Hunter Groups - Group Combat: several Hunters against one opponent is one
    engagement (one fighter against one or more), which a save may hold."""
    data = _in_combat(seward="munich")
    combat = next(r for r in data["state"]["stack"] if r["kind"] == "combat")
    assert [e["hunters"] for e in combat["engagements"]] == [["godalming", "seward"]]
    loaded = GAME.from_json(json.dumps(data))  # not refused as a corrupt save
    assert isinstance(loaded, FuryState)
    assert [r.KIND for r in loaded.stack].count("combat") == 1


def _moved(state: dict[str, Any], change: str) -> None:
    """One Event Card from the Draw Pile to a holder that may not keep it, or a playsheet
    under another seat."""
    events = GAME.new_game(seed=1).rules.events
    deck = state["event_deck"]["cards"]
    back = "bat" if change == "hunters.seward.events" else "cross"
    card = next(c for c in deck if events[c].back == back)
    if change == "hunters.seward.seat":
        state["hunters"]["seward"]["seat"] = "dracula"
        return
    deck.remove(card)
    holder = state["hunters"]["seward"] if change == "hunters.seward.events" \
        else state["dracula"]
    holder["events"].append(card)


@pytest.mark.parametrize("change, why", [
    ("hunters.seward.events", "an Event Card with a Bat on its back"),
    ("dracula.events", "an Event Card with a Cross on its back"),
    ("hunters.seward.seat", "is 'dracula', not 'seward'")])
def test_a_card_or_playsheet_its_holder_may_not_keep_is_refused_naming_the_field(
        change: str, why: str) -> None:
    data = saved()
    GAME.from_json(json.dumps(data))  # the save itself loads
    _moved(data["state"], change)
    with pytest.raises(CorruptSave, match=rf"{re.escape(change)} (holds .*, )?{why}"):
        GAME.from_json(json.dumps(data))


def test_a_hunter_with_a_fourth_weapon_chit_at_a_movement_prompt_is_refused() -> None:
    """The trial's save: a Hunter holding four Weapon Chits, one taken from the Pool, while
    the Hunters' Movement waits."""
    data = saved(100)
    state = data["state"]
    assert state["stack"][-1]["kind"] == "hunter_movement"
    seat = next(s for s, h in state["hunters"].items() if h["status"] == "alive")
    weapons, bag = state["hunters"][seat]["weapons"], state["weapons_pool"]["bag"]
    while len(weapons) < 4:
        weapons.append(bag.pop())
    with pytest.raises(CorruptSave, match=rf"hunters\.{seat}\.weapons"):
        GAME.from_json(json.dumps(data))


def test_a_trail_jumping_by_no_road_or_sea_is_refused_naming_the_field() -> None:
    """Dracula moves by road or sea; a box of his trail not joined to the next (London
    beside Athens) is refused unless the public record tells of an Evasion, a Bat flight or a
    storm for it."""
    data = saved(100)
    state = data["state"]
    jumps = [c for c in state["clues"] if c["k"] in ("evasion", "bat", "driven")]
    assert len(state["dracula"]["trail"]) > 2 and not jumps
    state["dracula"]["trail"][0] = "london" if state["dracula"]["trail"][1] != "london" \
        else "athens"
    with pytest.raises(CorruptSave, match=r"dracula\.trail\[0\] '(london|athens)' to "
                                          r"dracula\.trail\[1\]"):
        GAME.from_json(json.dumps(data))
    state["clues"].append({"k": "evasion", "occupied": [], "hosts": []})  # Evasion accounts
    GAME.from_json(json.dumps(data))  # for one jump


def test_a_clue_naming_a_town_twice_is_refused_naming_the_field() -> None:
    data = saved()
    clues = data["state"]["clues"]
    i = next(i for i, c in enumerate(clues) if c.get("occupied"))
    clues[i]["occupied"].append(clues[i]["occupied"][0])
    with pytest.raises(CorruptSave, match=rf"clues\[{i}\]\.occupied names "
                                          f"{clues[i]['occupied'][0]} twice"):
        GAME.from_json(json.dumps(data))


@pytest.mark.parametrize("change, words", [
    (lambda s: s.update(vampires_destroyed=6), "6 Vampires destroyed (Stalemate), yet the game "
                                                "is not over"),
    (lambda s: s["dracula"].update(blood=-12, fleeing=True),
     "the Blood Death Marker in the 12 box, yet the game is not over"),
])
def test_a_save_meeting_a_victory_condition_with_the_game_going_on_is_refused(
        change: Any, words: str) -> None:
    """Victory: "The game ends as soon as any of the victory conditions listed below are
    fulfilled", so a save of a game going on that meets one is corrupt (the trial of s26
    found fury_modern's influence 13 loaded and played on)."""
    data = saved()
    change(data["state"])
    with pytest.raises(CorruptSave) as refused:
        GAME.from_json(json.dumps(data))
    assert words in str(refused.value), refused.value


def test_victory_due_names_the_condition_a_position_meets() -> None:
    """What the save check reads: every Hunter fallen is Dracula's Supreme Victory; while
    he flees it is the Hunters' (ruling); a game in its course meets none."""
    state = GAME.from_json(json.dumps(saved()))
    assert isinstance(state, FuryState)
    assert victory_due(state) == ""
    for hunter in state.hunters.values():
        hunter.status = "dead"
    assert victory_due(state) == "Dracula's Supreme Victory (every Hunter has fallen)"
    state.dracula.fleeing = True
    assert victory_due(state) == "every Hunter fallen while Dracula flees"
