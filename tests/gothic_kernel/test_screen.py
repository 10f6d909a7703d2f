"""The kernel's helpers for text screens."""

from __future__ import annotations

from gothic_kernel.screen import named, no_place


def test_named_reads_an_id_a_name_or_the_one_it_begins() -> None:
    """``map WHAT`` in every game: an id or a name itself ("the" left out or not) wins over
    a longer name it also begins; the start of just one names it; of several, nothing."""
    names = {"paris": "Paris", "paris_nord": "Paris Nord", "the_old_abbey": "The Old Abbey",
             "rome": "Rome"}
    assert named("paris", names) == "paris" and named("Paris Nord", names) == "paris_nord"
    assert named("old abbey", names) == "the_old_abbey" and named("the_old", names) == \
        "the_old_abbey"
    assert named("ro", names) == "rome" and named("par", names) is None
    assert named("zzz", names) is None
    assert no_place("zzz") == ["No place on the map is called 'zzz'."]


def test_wrap_never_breaks_a_square_s_coordinates_over_two_lines() -> None:
    """A list of squares wrapped at any width keeps each "(x, y)" on one line."""
    from gothic_kernel.screen import wrap

    squares = ", ".join(f"({x}, {y})" for x in range(10, 20) for y in range(2, 6))
    text = f"Vampire starting area: {squares}."
    for width in range(20, 70):
        lines = wrap(text, width)
        assert all(line.count("(") == line.count(")") for line in lines), width
        assert " ".join(line.strip() for line in lines) == text
