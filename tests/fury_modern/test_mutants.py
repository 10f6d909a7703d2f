"""Rules the mutation run (benchmarks/mutation.py, docs/fury_modern.md "Mutation testing")
found that no test checked: each test is named after the rule the surviving mutant broke,
fails on that mutant and passes on the code."""

from __future__ import annotations

from fury_modern.dracula import Maturing


def test_maturing_encounters_a_record_without_marks_holds_face_down_unwounded_encounters() -> None:
    """Maturing Encounters: a hideout pushed off the sixth space whose record names no marks
    (``shown`` and ``wounds`` left out: their defaults) comes back with its
    encounters face down and unwounded."""
    record = Maturing("munich", ("wolves", "rats"))
    hideout = record.hideout
    assert hideout.encounters == ["wolves", "rats"]
    assert hideout.shown == [False, False]
    assert hideout.wounds == [0, 0]
    marked = Maturing("munich", ("wolves", "rats"), shown=(True,), wounds=(2,)).hideout
    assert marked.shown == [True, False] and marked.wounds == [2, 0]
