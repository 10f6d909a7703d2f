"""Actions: immutable, hashable, with a stable JSON form.

A game declares each kind of action as a frozen attrs class deriving from
:class:`Action`::

    @attrs.frozen
    class Move(Action):
        to: str

    Move("paris").to_json()   # {"type": "move", "to": "paris"}

The ``type`` is the class name in snake_case unless the class sets ``TYPE``.
An :class:`ActionCodec` turns the JSON form back into actions and rejects a
malformed dict with :class:`~gothic_kernel.errors.IllegalAction`.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, ClassVar

import attrs

from .errors import IllegalAction
from .serial import SerialError, field_types, from_data, to_data

#: The rule named when an action's JSON form is malformed.
ACTION_FORMAT = "action format"


def _snake(name: str) -> str:
    return re.sub(r"(?<!^)(?=[A-Z])", "_", name).lower()


@attrs.frozen
class Action:
    """Base of every action. Subclasses are frozen attrs classes of plain values."""

    TYPE: ClassVar[str] = "action"

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "TYPE" not in cls.__dict__:
            cls.TYPE = _snake(cls.__name__)

    def to_json(self) -> dict[str, Any]:
        """The stable JSON form: ``{"type": ..., <field>: ...}``."""
        data: dict[str, Any] = {"type": self.TYPE}
        for name, _ in field_types(type(self)):
            data[name] = to_data(getattr(self, name))
        return data


class ActionCodec:
    """Reads the JSON form of one game's actions back into action objects."""

    def __init__(self, types: Iterable[type[Action]]) -> None:
        self._types: dict[str, type[Action]] = {}
        for cls in types:
            if cls.TYPE in self._types:
                raise ValueError(f"two action classes are named {cls.TYPE!r}")
            self._types[cls.TYPE] = cls

    @property
    def type_names(self) -> tuple[str, ...]:
        return tuple(self._types)

    def parse(self, data: object) -> Action:
        """The action ``data`` describes; raises IllegalAction if it is malformed."""
        if isinstance(data, Action) and type(data) in self._types.values():
            return data
        if not isinstance(data, Mapping):
            raise IllegalAction(f"an action must be an object, not {type(data).__name__}",
                                rule=ACTION_FORMAT)
        known = ", ".join(sorted(self._types))
        if "type" not in data:
            raise IllegalAction(f"an action needs a 'type' field, one of {known}",
                                rule=ACTION_FORMAT)
        kind = data["type"]
        cls = self._types.get(kind) if isinstance(kind, str) else None
        if cls is None:
            raise IllegalAction(f"unknown action type {kind!r}; known types are {known}",
                                rule=ACTION_FORMAT)
        fields = {k: v for k, v in data.items() if k != "type"}
        _check_fields(kind, cls, fields)
        try:
            action: Action = from_data(cls, fields)
        except SerialError as exc:
            said = str(exc) if exc.path else exc.problem
            raise IllegalAction(f"malformed {kind!r} action: {said}",
                                rule=ACTION_FORMAT) from None
        return action


def _check_fields(kind: str, cls: type[Action], fields: Mapping[str, object]) -> None:
    """IllegalAction for a field the action's JSON form does not have, or one it lacks,
    in the JSON's words (its "type", never the class)."""
    declared = [f for f in attrs.fields(cls) if f.init]
    names = [f.name for f in declared]
    extra = sorted(set(fields) - set(names), key=str)
    if extra:
        has = f"its fields are {', '.join(map(repr, names))}" if names else "it has no fields"
        raise IllegalAction(f"malformed {kind!r} action: unknown field(s) "
                            f"{', '.join(map(repr, extra))}; {has}", rule=ACTION_FORMAT)
    missing = [f.name for f in declared if f.name not in fields and f.default is attrs.NOTHING]
    if missing:
        raise IllegalAction(f"malformed {kind!r} action: missing field(s) "
                            f"{', '.join(map(repr, missing))}", rule=ACTION_FORMAT)


def unlisted_field(action: Action, listed: Sequence[Action], known: Callable[[object], bool],
                   *, any_value: bool = False) -> tuple[str, object, list[object]] | None:
    """The first field of ``action`` whose value no action of its kind in ``listed`` has:
    (its name, its value, the values they have, in order), for a refusal that names the
    field; None if there is none. Unless ``any_value``, only a value that is no word of
    the game (``known`` says which are) counts: the decision's own refusal says why a real
    one may not be chosen now."""
    same = [a for a in listed if type(a) is type(action)]
    for field in attrs.fields(type(action)) if same else ():
        value, choices = getattr(action, field.name), []
        for other in same:
            if getattr(other, field.name) not in choices:
                choices.append(getattr(other, field.name))
        if value not in choices and (any_value or not known(value)):
            return field.name, value, choices
    return None


def bad_field_refusal(action: Action, listed: Sequence[Action], who: str,
                      word: Callable[[str], str | None], noun: Callable[[str], str], *,
                      any_value: bool = False) -> str | None:
    """Why ``action`` is refused when a field holds a value no action of its kind in
    ``listed`` has (``unlisted_field``), in players' words; None if there is none.

    ``who`` is the seat asking, as people call it; ``word`` gives a word of the game as
    players read it (None for no word of the game: such a value is quoted); ``noun`` names
    a field. The choices listed are the asking seat's own."""
    found = unlisted_field(action, listed,
                           lambda v: known_value(v, lambda w: word(w) is not None),
                           any_value=any_value)
    if found is None:
        return None
    name, value, choices = found
    return field_refusal(who, shown_value(value, word), noun(name), name,
                         [shown_value(c, word, known=True) for c in choices])


def field_refusal(who: str, value: str, noun: str, field: str, choices: Sequence[str]) -> str:
    """The refusal of a field's value, in players' words: who, the value, what the field is,
    and what it must be."""
    return (f"{who} may not choose {value}: the {noun} (field {field!r}) must be "
            f"{must_be(choices)}")


def known_value(value: object, word: Callable[[str], bool]) -> bool:
    """Whether a field's value is a word of the game: every word of a tuple, any value not
    a string, the empty string, or a string ``word`` knows."""
    if isinstance(value, tuple):
        return all(known_value(v, word) for v in value)
    return not isinstance(value, str) or value == "" or word(value)


def must_be(choices: Sequence[str], most: int = 8) -> str:
    """"one of A, B or C" (at most ``most`` named, then "or N more"), or the one choice."""
    listed = ", ".join(choices[:most]) + (f" or {len(choices) - most} more"
                                          if len(choices) > most else "")
    return f"{'one of ' if len(choices) > 1 else ''}{listed}"


def shown_value(value: object, printed: Callable[[str], str | None], *,
                known: bool = False) -> str:
    """A value of an action field as players read it: its printed name (``printed`` gives
    it, or None), a word of the game (``known``: one some action has) in words, anything
    else quoted."""
    if isinstance(value, str):
        name = printed(value)
        if name is not None:
            return name
        if known:
            return value.replace("_", " ") if value else "none"
        return repr(value)
    if isinstance(value, tuple):
        return "none" if not value else " and ".join(shown_value(v, printed, known=known)
                                                     for v in value)
    if isinstance(value, bool):
        return "yes" if value else "no"
    return repr(value)
