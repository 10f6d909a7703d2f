"""The possible-location tracker: sound, narrowed by every public clue, exact for its model.

Invariants over random games: Dracula's true hidden state is always among the
hypotheses; every place in the set is the end of a secret history that passes an
independent check of the rules against the public record (tests/fury1987/
history_oracle.py). By default 1,000 short games and 8 whole ones are checked, and six
games' every possible place; ``FURY_SLOW=1`` adds the long runs behind the numbers in
docs/fury1987.md (3,000 more short games, 120 whole ones, 200 games' possible places);
``FURY_TRACKER_GAMES`` sets the number of default short games.
"""

from __future__ import annotations

import json
import os

import numpy as np
import pytest

from fury1987.actions import STAY_PUT, MoveTo
from fury1987.board import Board
from fury1987.state import FuryState
from fury1987.tracker import (
    NARROW_SORT_FROM,
    Rows,
    Tracker,
    _any_per_row,
    _divmod,
    _every_row_has_one,
    _fingerprint,
    _intersect,
    _rows,
    _run_kept,
    _town_blood_of,
    _unique,
    geometry_of,
    hypothesis_of,
    tracker_of,
)
from gothic_kernel import PUBLIC, Dice

from .helpers import GAME, act, dracula_turn, started
from .history_oracle import find_history
from .tracker_oracle import PlainTracker

GAMES = int(os.environ.get("FURY_TRACKER_GAMES", "1000"))
SLOW = os.environ.get("FURY_SLOW") == "1"
slow = pytest.mark.skipif(not SLOW, reason="the long tracker runs: set FURY_SLOW=1")


def random_game(seed: int, steps: int) -> FuryState:
    state = GAME.new_game(seed=seed)
    assert isinstance(state, FuryState)
    dice = Dice(seed + 11)
    for _ in range(steps):
        if state.is_over:
            break
        seat = dice.choice(state.current_seats())
        state.apply(seat, dice.choice(state.legal_actions(seat)))
    return state


def truly_possible(state: FuryState) -> bool:
    d = state.dracula
    return d.location is None or tracker_of(state).contains(d.location, d.rumours, d.blood)


def check_short_games(seeds: range, steps: int) -> None:
    for seed in seeds:
        state = GAME.new_game(seed=seed)
        dice = Dice(seed + 11)
        for _ in range(steps):
            if state.is_over:
                break
            seat = dice.choice(state.current_seats())
            state.apply(seat, dice.choice(state.legal_actions(seat)))
            assert truly_possible(state), (seed, state.dracula.location)


def check_whole_games(seeds: range) -> None:
    for seed in seeds:
        state = GAME.new_game(seed=seed)
        dice = Dice(seed + 11)
        moves = 0
        while not state.is_over:
            seat = dice.choice(state.current_seats())
            state.apply(seat, dice.choice(state.legal_actions(seat)))
            if len(state.dracula.trail) != moves:
                moves = len(state.dracula.trail)
                # (a move that ends the game - a third turn in his Castle - leaves no clue)
                assert truly_possible(state) or state.is_over, (seed, moves)
        if state.dracula.location is not None and state.outcome is not None:
            assert truly_possible(state) or state.is_over


def test_dracula_is_always_where_the_tracker_says_he_may_be_short_games() -> None:
    """Many short games, checked at every step."""
    check_short_games(range(GAMES), 90)


def test_dracula_is_always_where_the_tracker_says_he_may_be_whole_games() -> None:
    """Whole games, checked at every one of Dracula's moves."""
    check_whole_games(range(8))


@slow
def test_slow_thousands_of_games_dracula_is_always_in_the_set() -> None:
    """The issue's long run: 3,000 games of 150 steps checked at every step, and 120
    more whole games checked at every move of Dracula's (FURY_SLOW=1)."""
    check_short_games(range(1000, 4000), 150)
    check_whole_games(range(100, 220))


def check_every_place_has_a_history(seed: int) -> None:
    state = random_game(seed, 260)
    if state.is_over or state.dracula.location is None:
        return
    tracker = tracker_of(state)
    geometry = tracker.geometry
    obligations = [(o.town, o.start, o.end) for o in tracker.obligations]
    codes = tracker.rows.codes
    places = geometry.decode(codes)[0]
    for place in np.unique(places):
        outcomes = []
        for code in codes[places == place][:6]:
            found = find_history(state, int(code), obligations, budget=3000)
            outcomes.append(found)
            if not isinstance(found, str):
                break
        assert any(not isinstance(o, str) for o in outcomes) or "budget" in outcomes, \
            f"no history reaches {geometry.places[int(place)]}"


@pytest.mark.parametrize("seed", range(6))
def test_every_possible_place_has_a_consistent_secret_history(seed: int) -> None:
    check_every_place_has_a_history(seed)


@slow
def test_slow_every_possible_place_has_a_consistent_secret_history() -> None:
    """The same over 200 more games (FURY_SLOW=1)."""
    for seed in range(100, 300):
        check_every_place_has_a_history(seed)


def test_the_true_history_is_consistent_with_the_record() -> None:
    from .history_oracle import problems

    for seed in range(5):
        state = random_game(seed, 400)
        if state.is_over:
            continue
        moves = [k for k, _ in tracker_of(state).checkpoints]
        states = [*state.dracula.history, hypothesis_of(state)]
        assert problems(state, moves, states) == []


def test_incremental_updates_equal_a_tracker_built_from_scratch() -> None:
    state = random_game(3, 500)
    fresh = Tracker(geometry_of(state.board))
    fresh.update(state.clues)
    assert np.array_equal(fresh.rows.codes, tracker_of(state).rows.codes)


# -- what narrows the set --------------------------------------------------------------------

def places(state: FuryState) -> set[str]:
    return set(state.observation("godalming")["possible_dracula_locations"])


def test_at_the_start_any_town_without_a_hunter() -> None:
    state = started(godalming="paris", seward="rome", van_helsing="london", dracula="athens")
    assert places(state) == set(state.board.towns) - {"paris", "rome", "london"}


def test_a_move_spreads_the_set_along_roads_and_seas() -> None:
    state = started(godalming="paris", seward="rome", van_helsing="london", dracula="athens")
    dracula_turn(state, MoveTo("valona"))
    assert "ionian_sea" in places(state)  # he may have embarked
    assert "paris" not in places(state)  # a Hunter there: he would have attacked


def test_finding_dracula_pins_him_down() -> None:
    state = started(godalming="paris", dracula="brussels", seward="madrid",
                    van_helsing="london")
    dracula_turn(state, STAY_PUT)
    act(state, "godalming", MoveTo("brussels"))
    assert places(state) == {"brussels"}


def test_an_empty_town_and_the_local_rumours() -> None:
    state = started(godalming="le_havre", dracula="paris", seward="madrid",
                    van_helsing="london")
    dracula_turn(state, MoveTo("brussels"))
    act(state, "godalming", MoveTo("paris"))  # Local Rumours found in Paris
    assert places(state) <= set(state.board.road["paris"]) | set(state.board.sea["paris"])
    assert "paris" not in places(state)


def test_the_tracker_is_public_knowledge_only() -> None:
    state = started(godalming="paris", seward="rome", van_helsing="london", dracula="athens")
    assert "possible_dracula_locations" not in state.observation("dracula")
    assert state.observation(PUBLIC)["possible_dracula_locations"] == \
        state.observation("seward")["possible_dracula_locations"]
    other = started(godalming="paris", seward="rome", van_helsing="london", dracula="berlin")
    assert places(other) == places(state)


def test_a_custom_map_never_borrows_the_default_maps_hypotheses(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """The process-wide cache of trackers is keyed by the map and the clues: the same
    public record on another map (here a Road from London to Paris added) is worked out
    on that map."""
    from pathlib import Path

    import fury1987

    packaged = Path(fury1987.__file__).parent / "data" / "map.toml"
    custom = tmp_path / "map.toml"
    custom.write_text(packaged.read_text("utf-8") + '\n[[connection]]\nkind = "road"\n'
                      'a = "london"\nb = "paris"\nprovenance = "reconstructed"\n', "utf-8")
    default = started("madrid", "vienna", "rome", "manchester")
    dracula_turn(default, MoveTo("london"))
    assert tracker_of(default).place_weights()  # worked out and remembered...
    saved = json.loads(default.to_json())  # ...and registered for loading
    saved["state"]["options"]["map_file"] = str(custom)
    twin = GAME.from_json(json.dumps(saved))
    assert isinstance(twin, FuryState)
    fresh = Tracker(geometry_of(twin.board))
    fresh.update(twin.clues)
    assert tracker_of(twin).geometry.board is twin.board
    assert tracker_of(twin).place_weights() == fresh.place_weights()
    assert fresh.place_weights() != tracker_of(default).place_weights()


def test_a_loaded_state_finds_the_tracker_its_game_built_clue_by_clue() -> None:
    """The fingerprint of a record read in one go (a state read back from a save) is the
    key of the tracker that read it clue by clue: the loaded state gets that tracker
    itself, and a record one clue shorter or on another seed never matches."""
    state = random_game(5, 400)
    clues = list(state.clues)
    stepwise = Tracker(geometry_of(state.board))
    for end in range(1, len(clues) + 1):
        stepwise.update(clues[:end])
        if end in (1, 2, len(clues) // 2, len(clues)):
            assert stepwise.key == _fingerprint(state.board, clues[:end])[0]
    assert _fingerprint(state.board, clues[:-1])[0] != stepwise.key
    assert _fingerprint(state.board, list(random_game(6, 400).clues))[0] != stepwise.key
    assert tracker_of(state) is not None  # built by the game, and remembered on saving
    twin = GAME.from_json(state.to_json())
    assert isinstance(twin, FuryState)
    assert tracker_of(twin) is tracker_of(state)


@pytest.mark.parametrize("seed", range(6))
def test_a_first_observation_of_a_loaded_state_is_the_one_built_step_by_step(
        seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """A Hunter's first observation of a state read back from a save, its tracker worked
    out from the whole record at once (no tracker to find), is the observation the game
    gave as it went, its tracker brought up to date at every step, for both Hunters
    looked at from either seat."""
    from fury1987 import tracker as tracking

    state = GAME.new_game(seed=seed)
    assert isinstance(state, FuryState)
    dice = Dice(seed + 101)
    for step in range(420):
        if state.is_over:
            break
        seat = dice.choice(state.current_seats())
        state.apply(seat, dice.choice(state.legal_actions(seat)))
        if step % 7 == 0:
            state.observation("seward")  # (the tracker read a few clues at a time)
    text = state.to_json()
    for viewer in ("godalming", "van_helsing"):
        monkeypatch.setattr(tracking, "_KNOWN", {})  # (nothing to find: worked out anew)
        loaded = GAME.from_json(text)
        assert loaded.observation(viewer) == state.observation(viewer)


def test_dracula_hidden_state_decodes_from_its_hypothesis() -> None:
    """hypothesis_of writes Dracula's place, Local Rumours, Blood Points and voyage or
    Castle turns as the tracker encodes its hypotheses."""
    for seed in range(6):
        state = random_game(seed, 40 + 30 * seed)
        d, g = state.dracula, geometry_of(state.board)
        if d.location is None:
            continue
        code = hypothesis_of(state)
        loc, rum, bp, aux = g.decode(np.array([code]))
        assert g.places[int(loc[0])] == d.location and int(bp[0]) == d.blood
        assert int(rum[0]) == (g.none if d.rumours is None else g.index[d.rumours])
        assert int(g.encode(loc, rum, bp, aux)[0]) == code
        if d.at_sea:
            assert int(aux[0]) == sum(int(g.sea_bit[g.index[s]]) for s in d.voyage[1:])


def fleeing_from(clues: list[dict[str, object]], start: int) -> list[dict[str, object]]:
    """The same record with Dracula fleeing in every turn from clue ``start`` on (not a
    record a game makes, but one both forms of the tracker must read alike)."""
    return [{**clue, "fleeing": True, "consumed": False}
            if clue["k"] == "turn" and i >= start else clue for i, clue in enumerate(clues)]


def assert_same_trackers(board: Board, clues: list[dict[str, object]]) -> None:
    fast, plain = Tracker(geometry_of(board)), PlainTracker(geometry_of(board))
    for n in range(1, len(clues) + 1):
        fast.update(clues[:n])
        plain.update(clues[:n])
        assert np.array_equal(fast.rows.codes, plain.rows.codes), n
        assert [k for k, _ in fast.checkpoints] == [k for k, _ in plain.checkpoints], n
        for (_, mine), (_, theirs) in zip(fast.checkpoints, plain.checkpoints, strict=True):
            assert np.array_equal(mine, theirs), n
        assert fast.exact == plain.exact
    bounds = [*(k for k, _ in fast.checkpoints), fast.processed]
    for j, (k, before) in enumerate(fast.checkpoints):
        mine = fast._segment(clues, k, bounds[j + 1], before)
        theirs = plain._segment(clues, k, bounds[j + 1], before)
        assert all(np.array_equal(a, b) for a, b in zip(mine, theirs, strict=True)), j


@pytest.mark.parametrize("seed", range(4))
def test_the_movement_phase_reads_as_its_plain_form(seed: int) -> None:
    """The tracker's Movement Phase (narrowed to Towns and Blood Points before moving by
    land) keeps exactly the hypotheses, checkpoints and history segments of its first,
    plain form (tests/fury1987/tracker_oracle.py), clue by clue over whole random games,
    and over the same records with Dracula fleeing from the middle on."""
    state = random_game(seed, 1200)
    clues = list(state.clues)
    turns = [clue for clue in clues if clue["k"] == "turn"]
    assert any(clue.get("sea") for clue in turns) or seed, "no Shipping Agents clue"
    assert_same_trackers(state.board, clues)
    assert_same_trackers(state.board, fleeing_from(clues, len(clues) // 2))


def test_distinct_values_sorted_as_32_bit_numbers_are_numpys_unique() -> None:
    """``_unique`` with a bound below 2**31 sorts 32-bit copies of the values: the same
    sorted distinct int64 values as ``np.unique``, short and long arrays alike."""
    rng = np.random.default_rng(3)
    for size in (0, 1, 2, 40, NARROW_SORT_FROM, 5000):
        for high in (10, 1 << 20, (1 << 31) - 1):
            values = rng.integers(0, high, size).astype(np.int64)
            for below in (0, high, 1 << 31):
                found = _unique(values, below)
                assert found.dtype == np.int64
                assert np.array_equal(found, np.unique(values))


def test_the_quick_divmod_is_numpys() -> None:
    """``_divmod`` (a quotient, then a product taken away) gives ``np.divmod``'s floor
    quotients and remainders, negative values included."""
    rng = np.random.default_rng(4)
    values = rng.integers(-(1 << 40), 1 << 40, 2000).astype(np.int64)
    for divisor in (1, 3, 25, 71, 1024, 1 << 22):
        quotient, remainder = _divmod(values, divisor)
        expected = np.divmod(values, divisor)
        assert np.array_equal(quotient, expected[0])
        assert np.array_equal(remainder, expected[1])


def test_quick_row_picks_and_row_tests_are_numpys() -> None:
    """``_rows`` picks a 2-D table's rows as indexing does; ``_any_per_row`` finds a True
    in each row as ``any(axis=1)`` does, rows of eight (read as one number) or not."""
    rng = np.random.default_rng(5)
    for width in (1, 7, 8, 16):
        table = rng.integers(-5, 5, (40, width)).astype(np.int64)
        which = rng.integers(0, 40, 300).astype(np.int64)
        assert np.array_equal(_rows(table, which), table[which])
        found = rng.random((300, width)) < 0.1
        found[:5] = False
        found[5, -1] = True
        assert np.array_equal(_any_per_row(found), found.any(axis=1))
        assert np.array_equal(_any_per_row(found[::2]), found[::2].any(axis=1))
        for rows in (found, found[::2], found[5:6], found[6:], found[:0]):
            assert _every_row_has_one(rows) == rows.any(axis=1).all(), width
        found[:, 0] = True
        assert _every_row_has_one(found) and _every_row_has_one(found[::3])


def test_a_towns_blood_key_read_from_the_table_is_the_decoded_one() -> None:
    """A move from a Town is keyed by ``place * BLOOD_STATES + blood + 12``: the table read
    at a code's top digits gives what decoding the code gives, every place and Blood Point."""
    g = geometry_of(Board.load())
    rng = np.random.default_rng(6)
    size = 5000
    loc = rng.integers(0, len(g.places), size)
    codes = g.encode(loc, rng.integers(0, g.rumour_states, size), rng.integers(-12, 13, size),
                     rng.integers(0, 1024, size))
    place, _, blood, _ = g.decode(codes)
    assert np.array_equal(_town_blood_of(g)[codes >> 10], place * 25 + blood + 12)


def test_rows_without_flags_are_picked_and_made_distinct_without_flags() -> None:
    """Rows made without flags share one read-only buffer of zeros: picking some keeps
    them flagless, made distinct they stay so, and their flags are zeros all along."""
    codes = np.array([5, 3, 3, 9, 1], dtype=np.int64)
    rows = Rows.plain(codes)
    assert rows.flagless and not rows.flags.flags.writeable
    picked = rows.picked(codes > 2)
    assert picked.flagless and picked.codes.tolist() == [5, 3, 3, 9]
    distinct = picked.unique(0)
    assert distinct.flagless and distinct.codes.tolist() == [3, 5, 9]
    assert distinct.flags.tolist() == [0, 0, 0]
    flagged = Rows(codes, np.array([1, 0, 2, 0, 0], dtype=np.int64))
    assert not flagged.flagless
    assert flagged.picked(codes > 2).flags.tolist() == [1, 0, 2, 0]


def test_the_intersection_of_sorted_sets_is_numpys() -> None:
    """The replay narrows a checkpoint by the one it replaces: ``_intersect`` gives what
    ``np.intersect1d`` gives on sorted arrays of distinct values (empty ones included)."""
    rng = np.random.default_rng(5)
    for size_a, size_b in ((0, 5), (5, 0), (1, 1), (40, 7), (300, 900)):
        for _ in range(20):
            first = np.unique(rng.integers(0, 1000, size_a))
            second = np.unique(rng.integers(0, 1000, size_b))
            assert np.array_equal(_intersect(first, second),
                                  np.intersect1d(first, second, assume_unique=True))


def test_a_search_keeps_the_hypotheses_its_findings_allow() -> None:
    """Every kind of search (Dracula found or not or not looked for, the Local Rumours
    likewise) keeps exactly the hypotheses whose place and Local Rumours agree with it,
    on sorted rows and on rows in any order, with flags or without."""
    g = geometry_of(Board.load())
    rng = np.random.default_rng(11)
    size = 3000
    loc = rng.integers(0, len(g.places), size)
    rum = rng.integers(0, g.rumour_states, size)
    town = g.index["paris"]
    loc[:400], rum[400:900] = town, town  # (many there, or with the Rumours there)
    codes = g.encode(loc, rum, rng.integers(-12, 13, size), rng.integers(0, 1024, size))
    order = np.argsort(codes)
    tracker = Tracker(g)
    for dracula in (True, False, None):
        for rumours in (True, False, None):
            clue = {"k": "search", "town": "paris", "dracula": dracula, "rumours": rumours}
            keep = np.ones(size, dtype=bool)
            if dracula is not None:
                keep &= (loc == town) == dracula
            if rumours is not None:
                keep &= (rum == town) == rumours
            for rows, in_order in ((Rows.plain(codes[order]), True),
                                   (Rows(codes, np.arange(size)), False)):
                found = tracker._search(clue, rows, in_order)
                expected = np.sort(codes[keep])
                assert np.array_equal(np.sort(found.codes), expected), (dracula, rumours)
                if not in_order:
                    assert np.array_equal(found.flags, np.flatnonzero(keep))


def test_a_run_of_searches_in_vain_keeps_what_each_in_turn_would() -> None:
    """Searches that did not find Dracula, read as one filter, keep the rows (and flags)
    the searches one after the other keep; a tracker taking a record's clues one at a
    time (never a run) ends with the sets and checkpoints of one taking them all at once."""
    g = geometry_of(Board.load())
    rng = np.random.default_rng(12)
    size = 3000
    towns = [g.index[t] for t in ("paris", "rome", "berlin")]
    loc = rng.choice([*towns, g.index["madrid"], g.index["london"]], size)
    rum = rng.choice([*towns, g.none], size)
    codes = np.sort(g.encode(loc, rum, rng.integers(-12, 13, size),
                             rng.integers(0, 1024, size)))
    searches = [{"k": "search", "town": t, "dracula": False, "rumours": r}
                for t, r in (("paris", False), ("rome", True), ("berlin", False))]
    tracker = Tracker(g)
    for rows in (Rows.plain(codes), Rows(codes, np.arange(size))):
        one_by_one = rows
        for clue in searches:
            one_by_one = tracker._search(clue, one_by_one, in_order=True)
        together = tracker._searched_in_vain(searches, rows)
        assert len(together.codes) and len(together.codes) < size
        assert np.array_equal(together.codes, one_by_one.codes)
        assert np.array_equal(together.flags, one_by_one.flags)
    for seed in (3, 8):
        state = random_game(seed, 400)
        whole, by_clue = Tracker(geometry_of(state.board)), Tracker(geometry_of(state.board))
        whole.update(state.clues)
        for k in range(len(state.clues)):
            by_clue.update(state.clues[:k + 1])
        assert np.array_equal(whole.rows.codes, by_clue.rows.codes)
        assert [k for k, _ in whole.checkpoints] == [k for k, _ in by_clue.checkpoints]
        assert all(np.array_equal(a, b) for (_, a), (_, b)
                   in zip(whole.checkpoints, by_clue.checkpoints, strict=True))


def test_evasion_takes_him_to_every_open_town_but_his_own_town_by_town() -> None:
    """Evasion: each hypothesis goes to every Town with no Hunter and no Host marker but
    its own, the Local Rumours Marker into the Town he left (kept when he was at Sea),
    aux cleared, the flags carried; Town by Town in map order, hypotheses in order."""
    g = geometry_of(Board.load())
    rng = np.random.default_rng(13)
    size = 500
    loc = rng.integers(0, len(g.places), size)
    rum = rng.integers(0, g.rumour_states, size)
    bp = rng.integers(-12, 13, size)
    codes = g.encode(loc, rum, bp, rng.integers(0, 1024, size))
    flags = rng.integers(0, 8, size)
    clue = {"k": "evasion", "occupied": ["paris", "rome"], "hosts": ["berlin"]}
    found = Tracker(g)._evasion(clue, Rows(codes, flags))
    expected_codes, expected_flags = [], []
    for town, place in enumerate(g.places):
        if g.is_sea[town] or place in ("paris", "rome", "berlin"):
            continue
        for k in range(size):
            if loc[k] != town:
                left = rum[k] if g.is_sea[loc[k]] else loc[k]
                expected_codes.append(int(g.encode(np.array([town]), np.array([left]),
                                                   np.array([bp[k]]), np.array([0]))[0]))
                expected_flags.append(int(flags[k]))
    assert found.codes.tolist() == expected_codes
    assert found.flags.tolist() == expected_flags


def test_a_search_keeps_or_strikes_out_a_run_of_sorted_hypotheses_as_a_mask_would() -> None:
    """Dracula found in a Town or not: on rows sorted by hypothesis, the Town's codes are
    one run, kept (or cut out) by slicing; the same rows a mask over every code keeps."""
    rng = np.random.default_rng(7)
    for size in (0, 1, 50, 2000):
        codes = np.sort(rng.integers(0, 1000, size)).astype(np.int64)
        rows = Rows(codes, rng.integers(0, 8, size).astype(np.int64))
        for low, high in ((0, 10), (300, 420), (990, 1000), (2000, 3000)):
            there = (codes >= low) & (codes < high)
            for inside, keep in ((True, there), (False, ~there)):
                found = _run_kept(rows, low, high, inside)
                assert np.array_equal(found.codes, codes[keep])
                assert np.array_equal(found.flags, rows.flags[keep])


def test_clones_that_part_ways_never_read_each_others_turns() -> None:
    """Clones share the turn clues the tracker worked out (a replay reads them again); a
    clone whose record parts from the other's reads its own: after three hundred
    different actions each, both trackers equal ones built from scratch."""
    state = random_game(3, 200)
    tracker_of(state)
    twin = state.clone()
    for branch, seed in ((state, 1), (twin, 2)):
        dice = Dice(seed)
        for _ in range(300):
            if branch.is_over:
                break
            seat = dice.choice(branch.current_seats())
            branch.apply(seat, dice.choice(branch.legal_actions(seat)))
            tracker_of(branch)
    assert list(state.clues) != list(twin.clues)
    for branch in (state, twin):
        fresh = Tracker(geometry_of(branch.board))
        fresh.update(list(branch.clues))
        kept = tracker_of(branch)
        assert np.array_equal(kept.rows.codes, fresh.rows.codes)
        for (k, mine), (j, theirs) in zip(kept.checkpoints, fresh.checkpoints, strict=True):
            assert k == j and np.array_equal(mine, theirs)


def test_a_replay_reads_a_run_of_searches_in_vain_as_the_searches_one_by_one(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A replay applies a run of searches in vain (and boxes seen) that ends no Encounter
    found as one filter: the sets, checkpoints and exactness are those of a replay
    reading them one clue at a time, over random games with Encounters found."""
    from fury1987 import tracker as module

    replays = 0
    for seed in (3, 5, 8):
        clues = list(random_game(seed, 600).clues)
        together = Tracker(geometry_of(Board.load()))
        together.update(clues)
        with monkeypatch.context() as patched:
            patched.setattr(module, "_in_vain_run", lambda clues, start, *_: start)
            one_by_one = Tracker(geometry_of(Board.load()))
            one_by_one.update(clues)
        replays += len(together.obligations)
        assert np.array_equal(together.rows.codes, one_by_one.rows.codes), seed
        assert [k for k, _ in together.checkpoints] == [k for k, _ in one_by_one.checkpoints]
        assert all(np.array_equal(a, b) for (_, a), (_, b)
                   in zip(together.checkpoints, one_by_one.checkpoints, strict=True))
        assert together.exact == one_by_one.exact
    assert replays, "no Encounter found: no replay"
