"""``per_object``: one value per object, told apart by identity."""

from __future__ import annotations

from gothic_kernel.memo import per_object


def test_a_value_is_worked_out_once_per_object_and_equal_objects_get_their_own() -> None:
    made: list[list[int]] = []

    @per_object
    def total(board: list[int]) -> int:
        made.append(board)
        return sum(board)

    first, equal = [1, 2], [1, 2]
    assert total(first) == 3 and total(first) == 3
    assert made == [first] and made[0] is first
    assert total(equal) == 3
    assert len(made) == 2 and made[1] is equal
    first.append(4)  # the value is the one worked out first: boards are never changed
    assert total(first) == 3
    assert total.__name__ == "total"
