"""Hidden information: the face-down counters are in nobody's scope until revealed."""

from __future__ import annotations

import json

from gothic_kernel import PUBLIC, Dice
from vampyre.actions import SEARCH, LookAtCounter, Move
from vampyre.state import VampyreState

from .helpers import GAME, camp_in, new, put, script, turn_of, two_dice


def hidden(state: VampyreState) -> tuple[dict[str, list[str]], dict[str, str]]:
    return {h: list(s) for h, s in state.stacks.items()}, dict(state.green)


def test_nobody_sees_the_face_down_counters() -> None:
    state = new()
    text = json.dumps([state.observation(v) for v in (*state.seats, PUBLIC)])
    for counter in state.rules.black_counters:
        assert f'"{counter}"' not in text  # no face-down counter is named
    for viewer in (*state.seats, PUBLIC):
        view = state.observation(viewer)["large_hexes"]
        assert all(v["counters"] == 3 and v["top_seen"] is None for h, v in view.items()
                   if h != "klausenburg")


def test_resample_redraws_the_face_down_counters_and_keeps_every_view() -> None:
    state = new()
    varied = False
    for seed in range(5):
        for viewer in (*state.seats, PUBLIC):
            twin = state.resample(viewer, seed)
            assert twin.observation(viewer) == state.observation(viewer)
            assert twin.log(viewer) == state.log(viewer)
            assert twin.legal_actions(viewer) == state.legal_actions(viewer)
            varied = varied or hidden(twin) != hidden(state)
            assert sorted(c for s in twin.stacks.values() for c in s) == \
                sorted(c for s in state.stacks.values() for c in s)
    assert varied


def test_resample_keeps_what_the_viewer_has_seen_and_redraws_the_rest() -> None:
    state = new()
    camp_in(state, "harker", "forest", [6, 6, *two_dice(10)])
    state.apply("harker", LookAtCounter("bistritz"))
    seen = state.stacks["bistritz"][0]
    for seed in range(10):
        mine = state.resample("harker", seed)
        assert mine.stacks["bistritz"][0] == seen  # Harker knows it
        assert mine.log("harker") == state.log("harker")
    others = [state.resample("mina", seed) for seed in range(20)]
    assert any(t.stacks["bistritz"][0] != seen for t in others)
    for twin in others:  # Harker's secret look follows the redrawn counter
        top = twin.rules.black_counters[twin.stacks["bistritz"][0]]
        assert twin.log("harker")[-1]["counter"] == top
        assert twin.log("mina") == state.log("mina")


def test_guardians_are_redrawn_for_every_viewer() -> None:
    state = GAME.new_game(seed=4, stage="castle")
    assert isinstance(state, VampyreState)
    twins = [state.resample("harker", seed) for seed in range(5)]
    assert any(t.green != state.green for t in twins)
    for twin in twins:
        assert sorted(twin.green.values()) == sorted(state.green.values())
        assert twin.observation("harker") == state.observation("harker")


def test_every_observation_gives_a_front_end_the_table_and_nothing_hidden() -> None:
    """Each seat and the public see the map (where everyone is, in ids and words), each
    hunter's public status, whose turn it is and what is waited for, the clock inside the
    castle and the items as turned over; no face-down counter is named."""
    state = GAME.new_game(seed=5, stage="castle")
    assert isinstance(state, VampyreState)
    chooser = Dice(5)
    for _ in range(12):
        seat = state.current_seats()[0]
        state.apply(seat, chooser.choice(state.legal_actions(seat)))
    views = {v: state.observation(v) for v in (*state.seats, PUBLIC)}
    assert len({json.dumps(v, sort_keys=True) for v in views.values()}) == 1  # no secrets yet
    view = views[PUBLIC]
    assert view["current"] == state.current and view["pending"]["seat"] == state.current
    assert view["pending"]["text"] == state.prompt(state.current)
    assert state.name(state.current) in view["pending"]["text"]
    for seat, player in view["players"].items():
        p = state.players[seat]
        assert player["location"] == p.location and player["bites"] == p.bites
        assert player["place"] == (None if p.location is None else state.place(p.location))
        assert player["items"] == state.item_kinds(seat) and player["wounds"] == p.wounds
    castle = view["castle"]
    assert castle["clock"] == state.clock and castle["clock_text"]
    assert set(castle["face_down"]) == set(state.world.castle.green)
    text = json.dumps(view)
    for counter in state.green.values():
        if counter:
            assert f'"{counter}"' not in text
    assert castle["revealed"] == {s: state.rules.red_counters[c]
                                  for s, c in state.revealed.items()}
    assert sorted(castle["set_aside"]) == sorted(
        state.rules.red_counters[c] for c in state.red_aside)


def test_resample_a_look_at_a_counter_since_turned_over_stays_as_it_was() -> None:
    """Strange Occurrence 10: Harker looks at Bistritz's top counter, then searches it (the
    counter is face up for all); Mina looks at Borgo Pass's. Redrawn for Van Helsing, Mina's
    look follows her redrawn counter; Harker's stays as it was, its counter known to all."""
    state = new()
    camp_in(state, "harker", "forest", [6, 6, *two_dice(10)])
    state.apply("harker", LookAtCounter("bistritz"))
    put(state, "harker", "hex_06_02")
    turn_of(state, "harker", 1)
    script(state, [1] * 20)
    state.apply("harker", Move("bistritz"))
    state.apply("harker", SEARCH)
    camp_in(state, "mina", "forest", [6, 6, *two_dice(10)])
    state.apply("mina", LookAtCounter("borgo_pass"))
    assert state.peeks == {"harker": {}, "mina": {"borgo_pass": state.stacks["borgo_pass"][0]}}
    for seed in range(5):
        twin = state.resample("van_helsing", seed)
        looks = [e for e in twin.log("harker") if e["kind"] == "look_at_counter"]
        assert looks == [e for e in state.log("harker") if e["kind"] == "look_at_counter"]
        top = twin.rules.black_counters[twin.stacks["borgo_pass"][0]]
        assert twin.log("mina")[-1]["counter"] == top
