"""Hidden information: what each seat may know, and resampling."""

from __future__ import annotations

import json
from collections import Counter

from fury1987.resample import (
    _redraw_consumed_sightings,
    _redraw_encounters,
    all_obligations,
)
from fury1987.state import FuryState
from fury1987.tracker import tracker_of
from gothic_kernel import PUBLIC, Dice

from .helpers import GAME


def played(seed: int, steps: int) -> FuryState:
    state = GAME.new_game(seed=seed)
    assert isinstance(state, FuryState)
    dice = Dice(seed + 3)
    for _ in range(steps):
        if state.is_over:
            break
        seat = dice.choice(state.current_seats())
        state.apply(seat, dice.choice(state.legal_actions(seat)))
    return state


def test_hunters_see_each_others_weapons_and_cards_dracula_only_counts() -> None:
    state = played(1, 200)
    hunters = state.observation("seward")["hunters_secrets"]
    for seat in ("godalming", "seward", "van_helsing"):
        assert sorted(hunters[seat]["weapons"]) == sorted(state.hunters[seat].weapons)
    dracula = state.observation("dracula")
    assert "hunters_secrets" not in dracula
    for seat in ("godalming", "seward", "van_helsing"):
        public = dracula["hunters"][seat]
        assert public["weapon_chits"] == len(state.hunters[seat].weapons)
        assert public["event_cards"] == len(state.hunters[seat].events)


def test_only_dracula_sees_behind_his_screen() -> None:
    state = played(2, 200)
    assert "behind_the_screen" in state.observation("dracula")
    for viewer in ("godalming", "seward", "van_helsing", PUBLIC):
        view = state.observation(viewer)
        assert "behind_the_screen" not in view
        assert view["dracula"]["event_cards"] == len(state.dracula.events)


def test_secret_log_entries_keep_only_their_public_form() -> None:
    state = played(4, 300)
    text = json.dumps(state.log("godalming"))
    for chit in state.chart.values():
        if chit not in state.sightings.values():
            assert f"places {chit}" not in text


def test_resample_for_a_hunter_keeps_everything_he_sees() -> None:
    state = played(5, 400)
    locations = set()
    for seed in range(12):
        twin = state.resample("van_helsing", seed)
        assert twin.observation("van_helsing") == state.observation("van_helsing")
        assert twin.log("van_helsing") == state.log("van_helsing")
        assert twin.legal_actions("van_helsing") == state.legal_actions("van_helsing")
        assert twin.hunters["van_helsing"].weapons == state.hunters["van_helsing"].weapons
        d = twin.dracula
        assert d.location in tracker_of(state).possible_places()
        locations.add((d.location, tuple(d.trail), tuple(sorted(twin.chart.items()))))
    assert len(locations) > 1  # Dracula's secrets are drawn afresh


def test_resample_for_dracula_redraws_the_hunters_hidden_weapons() -> None:
    state = played(6, 400)
    seen = set()
    for seed in range(10):
        twin = state.resample("dracula", seed)
        assert twin.observation("dracula") == state.observation("dracula")
        assert twin.dracula.location == state.dracula.location
        for seat in ("godalming", "seward", "van_helsing"):
            h, t = state.hunters[seat], twin.hunters[seat]
            assert len(t.weapons) == len(h.weapons) and sorted(t.shown) == sorted(h.shown)
        seen.add(tuple(tuple(sorted(twin.hunters[s].weapons)) for s in twin.hunters))
    assert len(seen) > 1


def test_a_resampled_state_plays_on() -> None:
    state = played(7, 300)
    twin = state.resample("godalming", 3)
    dice = Dice(1)
    for _ in range(200):
        if twin.is_over:
            break
        seat = dice.choice(twin.current_seats())
        twin.apply(seat, dice.choice(twin.legal_actions(seat)))


def _all_chits(state: FuryState) -> Counter[str]:
    d, pool = state.dracula, state.encounter_pool
    return Counter([*d.encounter_set, *state.chart.values(), *pool.bag, *pool.aside])


def test_a_placed_harker_vampire_chit_is_redrawn_among_the_hidden_boxes() -> None:
    # Reference 4 - Jonathan Harker: the chit never goes to the Pool, but which hidden
    # box holds it is as secret as any other Encounter.
    state = played(5, 400)
    hidden = [t for t in state.chart if t not in state.sightings]
    assert len(hidden) >= 2
    town = hidden[0]
    state.encounter_pool.bag.append(state.chart[town])
    state.chart[town] = "harker_vampire"
    before = _all_chits(state)
    boxes = list(reversed(hidden))
    where = set()
    for seed in range(8):
        twin = state.clone()
        _redraw_encounters(twin, Dice(seed), hidden_chart=boxes, since_harker={boxes[0]})
        assert _all_chits(twin) == before and "harker_vampire" not in twin.encounter_pool.bag
        where.add(next(t for t, c in twin.chart.items() if c == "harker_vampire"))
        kept = state.clone()
        _redraw_encounters(kept, Dice(seed), hidden_chart=None)
        assert kept.chart[town] == "harker_vampire" and _all_chits(kept) == before
    assert where == {boxes[0]}  # only where he had an Action Phase since Harker turned


def test_which_seen_vampire_dracula_consumed_is_redrawn() -> None:
    # Regaining Blood Points: "A Vampire Encounter Chit is taken off the Strategy &
    # Movement Chart and discarded" - the Hunters saw Vampires left in Rome and Paris,
    # then he consumed one: which box is empty is as secret as his move.
    state = played(5, 10)
    state.chart.pop("rome", None)
    state.chart["paris"] = "vampire"
    state.sightings.update(rome="vampire", paris="vampire")
    state.clues = [{"k": "box", "town": "rome", "after": "vampire"},
                   {"k": "box", "town": "paris", "after": "vampire"},
                   {"k": "turn", "consumed": True}]
    empty = set()
    for seed in range(12):
        twin = state.clone()
        _redraw_consumed_sightings(twin, Dice(seed))
        present = [t for t in ("rome", "paris") if twin.chart.get(t) == "vampire"]
        assert len(present) == 1
        empty.add(({"rome", "paris"} - set(present)).pop())
    assert empty == {"rome", "paris"}
    state.clues.append({"k": "box", "town": "rome", "after": ""})  # seen after: stays known
    state.sightings.pop("rome")
    twin = state.clone()
    _redraw_consumed_sightings(twin, Dice(1))
    assert twin.chart.get("paris") == "vampire"


def _listed(state: FuryState, seat: str) -> list[dict[str, object]]:
    return [a.to_json() for a in state.legal_actions(seat)]


def _with_weapons_in_another_order(state: FuryState, seat: str) -> FuryState:
    twin = state.clone()
    twin.hunters[seat].weapons.reverse()
    twin.invalidate()
    return twin


def test_the_order_of_legal_actions_follows_only_what_the_seat_knows() -> None:
    """A Hunter's Weapon Chits are kept in the order drawn, which nobody sees (his
    observation lists them sorted): two states differing only in that order list the
    same actions in the same order - weapon gifts in a group, combat chits."""
    from fury1987.actions import KEEP_GARLIC, STAY_PUT, FormGroup, MoveTo

    from .helpers import act, dracula_turn, started

    state = started(godalming="naples", seward="naples", dracula="rome")
    state.hunters["godalming"].weapons = ["stake", "garlic", "knife"]
    state.hunters["seward"].weapons = ["rifle", "crucifix"]
    state.invalidate()
    dracula_turn(state, STAY_PUT)
    act(state, "godalming", FormGroup(("godalming", "seward")))
    for seat in ("godalming", "seward"):
        twin = _with_weapons_in_another_order(state, seat)
        assert _listed(twin, "godalming") == _listed(state, "godalming")
    fight = started(dracula="rome", seward="naples")
    fight.hunters["seward"].weapons = ["stake", "rifle", "knife"]
    fight.invalidate()
    act(fight, "dracula", MoveTo("naples"))
    act(fight, "seward", KEEP_GARLIC)
    twin = _with_weapons_in_another_order(fight, "seward")
    assert _listed(twin, "seward") == _listed(fight, "seward")
    assert [twin.describe_action("seward", a) for a in twin.legal_actions("seward")] == \
        [fight.describe_action("seward", a) for a in fight.legal_actions("seward")]


def _what_the_hunters_see(state: FuryState) -> list[object]:
    return [(viewer, state.observation(viewer), state.log(viewer))
            for viewer in ("godalming", "seward", "van_helsing", PUBLIC)]


def _pool_run_dry(state: FuryState) -> None:
    """Every chit left in the Encounter Pool lies aside, seen discarded: the next draw
    remixes them."""
    pool = state.encounter_pool
    state.public_encounter_discards.extend(pool.bag)
    pool.aside.extend(pool.bag)
    pool.bag.clear()
    state.invalidate()


def test_placing_an_encounter_when_the_pool_runs_dry_looks_like_doing_nothing() -> None:
    """Ruling 75: the draw that empties the Pool remixes the discards behind the SM
    Screen; the Hunters cannot tell it from a turn without a placement."""
    from fury1987.actions import DO_NOTHING, STAY_PUT, PlaceEncounter

    from .helpers import act, started

    state = started(dracula="brussels")
    act(state, "dracula", STAY_PUT)
    _pool_run_dry(state)
    placed, idle = state.clone(), state.clone()
    act(placed, "dracula", next(a for a in placed.legal_actions("dracula")
                                if isinstance(a, PlaceEncounter)))
    act(idle, "dracula", DO_NOTHING)
    assert placed.encounter_pool.aside == [] and idle.encounter_pool.aside != []
    assert _what_the_hunters_see(placed) == _what_the_hunters_see(idle)


def test_exchanging_chits_when_the_pool_runs_dry_looks_like_keeping_them() -> None:
    """Ruling 75, after a Pass: an exchange that remixes the Pool looks like none."""
    from fury1987.actions import PASS, SwapEncounters

    from .helpers import act, started

    state = started(dracula="brussels")
    act(state, "dracula", PASS)
    _pool_run_dry(state)
    swapped, kept = state.clone(), state.clone()
    act(swapped, "dracula", SwapEncounters((sorted(state.dracula.encounter_set)[0],)))
    act(kept, "dracula", SwapEncounters(()))
    assert _what_the_hunters_see(swapped) == _what_the_hunters_see(kept)


def test_placing_from_a_set_of_six_looks_like_doing_nothing() -> None:
    """Ruling 76: with six chits (the Harker - Vampire chit among them) Dracula places one
    without a replacement; the Hunters do not count his Set, and their tracker does not
    assume he may not Pass, so neither this turn nor the next tells them he placed."""
    from fury1987.actions import DO_NOTHING, STAY_PUT, MoveTo, PlaceEncounter

    from .helpers import act, hunters_stay, started

    state = started(dracula="brussels")
    state.dracula.encounter_set.append("harker_vampire")
    state.invalidate()
    act(state, "dracula", STAY_PUT)
    placed, idle = state.clone(), state.clone()
    act(placed, "dracula", PlaceEncounter("harker_vampire"))
    act(idle, "dracula", DO_NOTHING)
    assert len(placed.dracula.encounter_set) == 5 and len(idle.dracula.encounter_set) == 6
    assert _what_the_hunters_see(placed) == _what_the_hunters_see(idle)
    for state in (placed, idle):
        hunters_stay(state)
        act(state, "dracula", MoveTo("amsterdam"))
    assert _what_the_hunters_see(placed) == _what_the_hunters_see(idle)


def test_an_encounter_found_was_placed_after_its_town_was_last_seen_empty() -> None:
    """A resampled history must have Dracula place each Encounter found in its window:
    after the last search that found its Town box empty (clue 1), before it was found
    (clue 3); once found and seen to stay, the next one's window starts at that note."""
    clues = [{"k": "start"},
             {"k": "search", "town": "rome", "box": ""},
             {"k": "turn"},
             {"k": "search", "town": "rome", "box": "rats"},
             {"k": "box", "town": "rome", "after": ""},
             {"k": "search", "town": "rome", "box": "wolves"}]
    assert all_obligations(clues) == [("rome", 1, 3), ("rome", 4, 5)]


def test_labels_of_any_seat_s_action_tell_a_viewer_nothing_hidden() -> None:
    """trial s27 G-q: describe_action(viewer, Dracula's place_encounter) named his secret
    Town for a Hunter and for the public. Every seat's listed actions, labelled for each
    viewer, read the same in the true state and in states resampled for that viewer."""
    from gothic_kernel import Action, IllegalAction

    def labels(state: FuryState, viewer: str, actions: list[Action]) -> list[str]:
        out = []
        for action in actions:
            try:
                out.append(state.describe_action(viewer, action))
            except IllegalAction as refused:
                out.append(f"refused: {refused}")
        return out

    state = GAME.new_game(seed=3)
    assert isinstance(state, FuryState)
    dice = Dice(8)
    placings = 0
    for step in range(260):
        if state.is_over:
            break
        if step % 3 == 0:
            every = [a for seat in state.current_seats() for a in state.legal_actions(seat)]
            placings += sum(a.TYPE == "place_encounter" for a in every)
            for viewer in ("godalming", "van_helsing", PUBLIC):
                seen = labels(state, viewer, every)
                for k in range(2):
                    twin = state.resample(viewer, step * 7 + k)
                    assert labels(twin, viewer, every) == seen, (step, viewer)
        seat = dice.choice(state.current_seats())
        state.apply(seat, dice.choice(state.legal_actions(seat)))
    assert placings


def test_any_action_is_labelled_for_any_viewer_or_refused_with_illegal_action() -> None:
    """trial s27 G-r: describe_action('dracula', place_host) raised KeyError 'dracula'.
    Random actions of every kind, for every seat and the public, get a one-line label or
    IllegalAction (docs/kernel.md: describe_action)."""
    from gothic_kernel import IllegalAction, agent_choice, encoding_for

    state = GAME.new_game(seed=3)
    agents = GAME.default_agents(state, 3)
    actions = encoding_for(state).actions
    dice = Dice(3)
    for step in range(150):
        if state.is_over:
            break
        if step % 5 == 0:
            for viewer in (*state.seats, PUBLIC):
                for _ in range(20):
                    action = actions.decode(dice.index(actions.num_distinct_actions))
                    try:
                        label = state.describe_action(viewer, action)
                    except IllegalAction:
                        continue
                    assert label.strip() and "\n" not in label
        seat = state.current_seats()[0]
        state.apply(seat, agent_choice(state, seat, agents[seat], state.legal_actions(seat)))
    assert state.describe_action("dracula", {"type": "place_host"})


def test_observations_and_logs_hold_plain_json_types_only() -> None:
    """trial s27 G-g: the observation ("a plain JSON-native dict") held enum members:
    waiting_for.stage (Step), waiting_for.timing (Timing), waiting_for.done (Deed). Every
    value is now exactly a str, int, float, bool, None, list or dict."""
    from gothic_kernel import agent_choice
    from gothic_kernel.testing import not_plain

    kinds = set()
    for seed in (1, 3):
        state = GAME.new_game(seed=seed)
        agents = GAME.default_agents(state, seed)
        for _ in range(250):
            if state.is_over:
                break
            for viewer in (*state.seats, PUBLIC):
                seen = state.observation(viewer)
                assert not_plain(seen) is None, (not_plain(seen), viewer)
                assert not_plain(state.log(viewer)[-3:]) is None
                kinds.update((seen["waiting_for"] or {}).keys())
            seat = state.current_seats()[0]
            state.apply(seat, agent_choice(state, seat, agents[seat],
                                           state.legal_actions(seat)))
    assert {"stage", "timing", "done"} <= kinds
