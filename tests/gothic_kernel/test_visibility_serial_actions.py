"""Scopes and log redaction; typed JSON in and out; actions and their codec."""

from __future__ import annotations

import enum
import json
from typing import Any, Literal

import attrs
import numpy as np
import pytest

from gothic_kernel import (
    ACTION_FORMAT,
    PUBLIC,
    Action,
    ActionCodec,
    Dice,
    IllegalAction,
    Log,
    Scope,
    event,
    redact,
)
from gothic_kernel.serial import SerialError, from_data, to_data


def test_scopes() -> None:
    hunters = Scope.side("hunters", ["seward", "godalming"])
    assert Scope.public().visible_to(PUBLIC) and Scope.public().visible_to("dracula")
    assert not Scope.nobody().visible_to("dracula") and not Scope.nobody().visible_to(PUBLIC)
    assert Scope.seat("dracula").visible_to("dracula")
    assert not Scope.seat("dracula").visible_to("seward")
    assert hunters.visible_to("seward") and not hunters.visible_to("dracula")
    assert not hunters.visible_to(PUBLIC)
    pair = Scope.group("trade", ["seward", "godalming"])
    assert pair.visible_to("godalming") and not pair.visible_to("van_helsing")
    assert Scope.seat("seward").widened("godalming").visible_to("godalming")
    assert redact("paris", Scope.seat("dracula"), "seward", hidden="?") == "?"
    assert Scope.from_data(json.loads(json.dumps(hunters.to_data()))) == hunters


def test_log_is_redacted_per_viewer() -> None:
    log = Log()
    log.say("start", "The game begins")
    log.add(event("move", "Dracula moves to Paris", to="paris"), Scope.seat("dracula"),
            event("move", "Dracula moves"))
    log.add(event("peek", "Seward peeks"), Scope.nobody())
    assert [e["text"] for e in log.for_viewer("dracula")] == [
        "The game begins", "Dracula moves to Paris"]
    assert [e["text"] for e in log.for_viewer("seward")] == ["The game begins", "Dracula moves"]
    assert log.for_viewer(PUBLIC) == log.for_viewer("seward")
    back = Log.from_data(json.loads(json.dumps(log.to_data())))
    assert back.for_viewer("dracula") == log.for_viewer("dracula") and len(back) == 3
    twin = log.clone()
    twin.say("more", "More")
    assert len(log) == 3


class Colour(enum.Enum):
    RED = "red"
    BLUE = "blue"


@attrs.define
class Inner:
    colour: Colour
    where: tuple[int, int]


@attrs.define
class Outer:
    name: str
    count: int
    ratio: float
    flag: bool
    tags: frozenset[str]
    inners: list[Inner]
    by_id: dict[int, str]
    maybe: Inner | None
    grid: np.ndarray[Any, Any]
    dice: Dice
    mode: Literal["a", "b"]
    anything: Any


def make() -> Outer:
    return Outer("x", 3, 0.5, True, frozenset({"b", "a"}), [Inner(Colour.RED, (1, 2))],
                 {4: "four"}, None, np.arange(6, dtype=np.int8).reshape(2, 3), Dice(1), "b",
                 {"free": [1]})


def test_round_trip_of_typed_data() -> None:
    value = make()
    data = json.loads(json.dumps(to_data(value)))
    back = from_data(Outer, data)
    assert back.inners == value.inners and back.by_id == {4: "four"} and back.maybe is None
    assert back.tags == value.tags and back.mode == "b" and back.anything == {"free": [1]}
    assert np.array_equal(back.grid, value.grid) and back.grid.dtype == np.int8
    assert back.dice.rolls(5) == value.dice.rolls(5)


@pytest.mark.parametrize(("path", "bad", "problem"), [
    ("count", "3", "expected an integer"),
    ("flag", 1, "expected true or false"),
    ("inners", [{"colour": "green", "where": [1, 2]}], "'green' is not one of"),
    ("inners", [{"colour": "red", "where": [1]}], "expected 2 items"),
    ("mode", "c", "is not one of"),
    ("by_id", {"four": "x"}, "is not an integer"),
])
def test_bad_data_names_the_path(path: str, bad: object, problem: str) -> None:
    data = to_data(make())
    data[path] = bad
    with pytest.raises(SerialError, match=problem):
        from_data(Outer, data)


def test_missing_and_unknown_fields() -> None:
    data = to_data(make())
    del data["count"]
    with pytest.raises(SerialError, match="missing field 'count'"):
        from_data(Outer, data)
    data = to_data(make())
    data["extra"] = 1
    with pytest.raises(SerialError, match="unknown field"):
        from_data(Outer, data)


@attrs.frozen
class MoveTo(Action):
    to: str
    by: Literal["road", "sea"] = "road"


@attrs.frozen
class Pass(Action):
    TYPE = "pass_turn"


def test_an_enum_member_is_saved_as_its_plain_value() -> None:
    """trial s27 G-g: to_data handed a str enum member back as it was (a str, so it passed
    json.dumps), and fury1987's observations held Step, Timing and Deed members."""
    import enum

    class Colour(enum.StrEnum):
        RED = "red"

    class Rank(enum.IntEnum):
        ACE = 1

    data = to_data({"c": Colour.RED, "r": [Rank.ACE], "k": {Colour.RED: 1}})
    assert data == {"c": "red", "r": [1], "k": {"red": 1}}
    assert type(data["c"]) is str and type(data["r"][0]) is int


def test_action_json_form_and_codec() -> None:
    codec = ActionCodec([MoveTo, Pass])
    assert MoveTo("paris").to_json() == {"type": "move_to", "to": "paris", "by": "road"}
    assert Pass().to_json() == {"type": "pass_turn"}
    assert codec.parse({"type": "move_to", "to": "paris", "by": "road"}) == MoveTo("paris")
    assert codec.parse(Pass()) == Pass()
    assert codec.parse({"type": "move_to", "to": "paris"}) == MoveTo("paris")  # default "by"
    assert hash(MoveTo("a")) == hash(MoveTo("a"))


@pytest.mark.parametrize("bad", [None, [], "move_to", {}, {"type": "fly"},
                                 {"type": "move_to"}, {"type": "move_to", "by": "sea"},
                                 {"type": "move_to", "to": 3},
                                 {"type": "move_to", "to": "x", "by": "air"},
                                 {"type": "move_to", "to": "x", "by": "road", "extra": 1}])
def test_malformed_actions_are_illegal_and_name_the_rule(bad: object) -> None:
    with pytest.raises(IllegalAction) as info:
        ActionCodec([MoveTo, Pass]).parse(bad)
    assert info.value.rule == ACTION_FORMAT
    assert "rule: action format" in str(info.value)


@pytest.mark.parametrize(("bad", "said"), [
    ({}, "an action needs a 'type' field, one of move_to, pass_turn"),
    ({"to": "x"}, "an action needs a 'type' field"),
    ({"type": 5}, "unknown action type 5; known types are move_to, pass_turn"),
    ({"type": "move_to", "to": "x", "zzz": 1},
     "malformed 'move_to' action: unknown field(s) 'zzz'; its fields are 'to', 'by'"),
    ({"type": "pass_turn", "to": "x"}, "malformed 'pass_turn' action: unknown field(s) "
                                       "'to'; it has no fields"),
    ({"type": "move_to", "by": "sea"}, "malformed 'move_to' action: missing field(s) 'to'"),
    ({"type": "move_to", "to": 3}, "malformed 'move_to' action: to: expected a string"),
])
def test_a_malformed_action_is_refused_in_the_json_s_words(bad: object, said: str) -> None:
    """trial s27 G-e: a missing 'type' read "unknown action type None"; an extra or a
    missing field "value: unknown field(s) 'zzz' for MoveTo" (internals: "value:", the
    class name). The message names the field, and the action by its "type"."""
    with pytest.raises(IllegalAction) as info:
        ActionCodec([MoveTo, Pass]).parse(bad)
    assert info.value.message.startswith(said)
    assert "value:" not in str(info.value) and "MoveTo" not in str(info.value)


def test_duplicate_action_names_are_refused() -> None:
    @attrs.frozen
    class Other(Action):
        TYPE = "pass_turn"

    with pytest.raises(ValueError):
        ActionCodec([Pass, Other])


def test_log_views_and_text_stay_true_when_clones_diverge() -> None:
    log = Log()
    log.say("a", "A")
    log.add(event("b", "B secret"), Scope.seat("dracula"), event("b", "B"))
    assert [e["text"] for e in log.for_viewer("seward")] == ["A", "B"]
    text = log.to_json()
    twin = log.clone()
    log.say("c", "C")
    twin.add(event("d", "D secret"), Scope.seat("seward"))
    assert [e["text"] for e in log.for_viewer("seward")] == ["A", "B", "C"]
    assert [e["text"] for e in twin.for_viewer("seward")] == ["A", "B", "D secret"]
    assert [e["text"] for e in twin.for_viewer("dracula")] == ["A", "B secret"]
    assert json.loads(log.to_json()) == log.to_data() and json.loads(text) != log.to_data()
    assert json.loads(twin.to_json()) == twin.to_data()
    shown = log.for_viewer("seward")
    shown[0]["text"] = "changed by a careless caller"
    assert log.for_viewer("seward")[0]["text"] == "A"


@pytest.mark.parametrize("entry", [
    {"event": {"kind": "move", "text": "moves"}, "scope": {"kind": "everyone"}},
    {"event": {"kind": "move", "text": "moves"}, "scope": {"kind": "seat", "seats": []}},
    {"event": {"kind": "move", "text": "moves"}, "scope": {"kind": "public", "seats": ["a"]}},
    {"event": {"kind": "move", "text": "moves"}, "scope": {"kind": "side", "seats": "ab"}},
    {"event": {"kind": "move"}, "scope": {"kind": "public"}},
    {"event": {"kind": 3, "text": "x"}, "scope": {"kind": "public"}},
    {"event": {"kind": "move", "text": "x"}, "scope": {"kind": "seat", "seats": ["a"]},
     "public": {"text": "someone moves"}},
    ["not", "an", "entry"],
])
def test_a_malformed_log_entry_is_refused(entry: object) -> None:
    with pytest.raises((ValueError, KeyError, TypeError)):
        Log.from_data([entry])  # type: ignore[list-item]


def test_a_game_with_a_malformed_log_is_a_corrupt_save() -> None:
    from gothic_kernel import CorruptSave
    from gothic_kernel.reference import KuhnPoker

    game = KuhnPoker()
    text = game.new_game(seed=1).to_json()
    for bad in (text.replace('"seat:first:first"', '"somebody:first:first"', 1),
                text.replace('"seat:first:first"', '"seat:first:first,second"', 1),
                text.replace('"seat:first:first"', '{"kind":"somebody"}', 1),
                text.replace('"seat:first:first"', '7', 1),
                text.replace('"kind":"deal"', '"kind":1', 1)):
        assert bad != text
        with pytest.raises(CorruptSave):
            game.from_json(bad)
