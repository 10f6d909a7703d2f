"""The Vampire counts Dracula announces under Hypnosis, as a check on a redrawn Chart
(Reference 4 - Event Cards - HYPNOSIS: "how many Vampires he has on his Strategy &
Movement Chart")."""

from __future__ import annotations

from fury1987.chart_history import AnnouncedVampires, Episode, episodes, vampire_bounds
from fury1987.records import Chronicle
from fury1987.state import FuryState

from .helpers import started
from .test_hidden_information import played


def record() -> FuryState:
    """A Vampire seen and left in Rome (clues 2-3), a count announced (5), Dracula
    consumes a Vampire (6) and Rome is found empty (7); a hidden box in Paris."""
    state = started(dracula="london", godalming="madrid", seward="lisbon",
                    van_helsing="athens")
    state.clues = [
        {"k": "turn", "consumed": False}, {"k": "turn", "consumed": False},
        {"k": "search", "town": "rome", "box": "vampire"},
        {"k": "box", "town": "rome", "after": "vampire"},
        {"k": "turn", "consumed": False},
        {"k": "vampires", "count": 1},
        {"k": "turn", "consumed": True},
        {"k": "search", "town": "rome", "box": ""},
    ]
    state.chart = {"paris": "vampire"}
    return state


def test_the_record_reads_as_stays_on_the_chart() -> None:
    state = record()
    rome, paris = sorted(episodes(state), key=lambda e: e.town != "rome")
    assert (rome.town, rome.vampire, rome.placed_after, rome.placed_by) == ("rome", 1, 0, 2)
    assert (rome.left_after, rome.left_by) == (3, 7)  # consumed unseen after clue 3
    assert (paris.town, paris.placed_by) == ("paris", 8)


def test_bounds_on_the_vampires_at_an_announcement() -> None:
    state = record()
    phases = [(1, "rome"), (4, "paris")]
    # Rome's Vampire may have been consumed before clue 5 or after; the one consumed at
    # clue 6 may be another, never seen; Paris's was placed at clue 4: there.
    assert vampire_bounds(state, 5, phases, episodes(state)) == (1, 3)
    assert vampire_bounds(state, 5, [(1, "rome"), (6, "paris")], episodes(state)) == (0, 2)


def test_a_redrawn_chart_must_allow_the_announced_count() -> None:
    state = record()
    state.clues[5]["count"] = 0
    check = AnnouncedVampires(state, [(1, "rome"), (4, "paris")], ["paris"])
    assert not check.allows({"paris": "vampire"})  # at least one there at clue 5
    assert check.allows({"paris": "rats"})


def test_resampling_keeps_the_count_dracula_announced() -> None:
    state = played(5, 400)
    enc = state.rules.encounters
    count = sum(1 for c in state.chart.values() if enc.is_vampire(c))
    state.clues.append({"k": "vampires", "count": count})  # announced just now
    for seed in range(10):
        twin = state.resample("godalming", seed)
        assert sum(1 for c in twin.chart.values() if enc.is_vampire(c)) == count


def test_a_vampire_placed_after_the_announcement_was_not_on_the_chart_then() -> None:
    """A Vampire found in Rome was placed in (3, 8]; of Dracula's Action Phases in Rome
    the one at clue 3 came before that window, the one at 6 placed it: at the count
    announced at 5 it was not yet on the Chart, so the bounds there are 0 and 0."""
    state = started(dracula="london", godalming="madrid", seward="lisbon",
                    van_helsing="athens")
    state.clues = Chronicle({"k": "turn", "consumed": False} for _ in range(9))
    rome = Episode("rome", vampire=1, placed_after=3, placed_by=8)
    assert vampire_bounds(state, 5, [(3, "rome"), (6, "rome")], [rome]) == (0, 0)
    assert vampire_bounds(state, 7, [(3, "rome"), (6, "rome")], [rome]) == (1, 1)


def test_a_vampire_gone_from_its_box_left_after_it_was_last_seen() -> None:
    """A Vampire seen in Rome (clue 2) and the box found empty later (5): it left the
    Chart between the two (consumed); a chit sent back to Dracula's Encounter Set unseen
    (a search the record notes as "?", fury1987.wounds) left at that very moment."""
    for box, left in (("", (2, 5)), ("?", (4, 5))):
        state = started(dracula="london", godalming="madrid", seward="lisbon",
                        van_helsing="athens")
        state.clues = Chronicle([{"k": "start"}, {"k": "turn", "consumed": False},
                                 {"k": "search", "town": "rome", "box": "vampire"},
                                 {"k": "turn", "consumed": False},
                                 {"k": "turn", "consumed": True},
                                 {"k": "search", "town": "rome", "box": box}])
        rome = [e for e in episodes(state) if e.town == "rome" and e.vampire == 1]
        assert [(e.left_after, e.left_by) for e in rome] == [left]
