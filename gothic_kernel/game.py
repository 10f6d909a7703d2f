"""The contract every game honours: a rules object and its states.

A :class:`Game` is the rules object a plugin registers: metadata, options,
data tables. ``game.new_game(seed=7, **options)`` makes a :class:`GameState`,
which a front end drives through a handful of calls::

    state.current_seats()           # who may act now; () once the game is over
    state.legal_actions(seat)       # every legal action for that seat
    state.apply(seat, action)       # exactly the listed actions; else IllegalAction
    state.prompt(seat)              # what that seat is asked now, one sentence
    state.describe_action(seat, a)  # a short label a person understands
    state.observation(viewer)       # JSON-able: exactly what viewer may know
    state.log(viewer)               # the event log, redacted for viewer (a copy)
    state.is_over, state.outcome
    state.clone(), state.to_json(), game.from_json(s), state.resample(viewer, seed)

The exact-action rule lives here, once for every game: ``apply(seat, a)``
succeeds exactly when ``a`` equals an element of ``legal_actions(seat)`` and
has the same JSON form. The legal actions are worked out once per position
(:class:`Listed`) and forgotten on every successful ``apply``.
"""

from __future__ import annotations

import abc
import hashlib
import importlib
import json
import sys
from collections.abc import Callable, Mapping, Sequence
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, ClassVar

import attrs

from .actions import ACTION_FORMAT, Action, ActionCodec
from .dice import Dice, dice_from_data
from .encoding import GameEncoding, encoding_for
from .errors import BadOption, CorruptSave, GothicError, IllegalAction, NoPicture, UnknownSeat
from .log import Log, split_save
from .randomagent import RandomAgent
from .serial import SerialError
from .visibility import PUBLIC

if TYPE_CHECKING:
    import numpy as np

    from .agents import Agent, GameRecord
    from .screen import TextScreen
    from .svg import Svg

#: The rule named when a seat acts out of turn.
SEQUENCE_OF_PLAY = "sequence of play"
#: The rule named when an action is not among the seat's legal actions.
LEGAL_ACTIONS = "legal actions"
#: The save format ``to_json`` writes. Format 2 saves the log's entries compactly
#: (:meth:`~gothic_kernel.visibility.LogEntry.to_saved`); saves of format 1 still load.
SAVE_FORMAT = 2
READABLE_FORMATS = (1, 2)


def _read_only(scores: Mapping[str, float]) -> Mapping[str, float]:
    return MappingProxyType(dict(scores))


@attrs.frozen
class Outcome:
    """How a game ended: who won, at what level, and any scores (read-only).

    ``finished`` is False only for a game a play loop stopped unfinished
    (``max_steps`` reached); a game's own ``outcome`` is always finished.
    """

    winners: tuple[str, ...]
    level: str | None = None
    reason: str = ""
    scores: Mapping[str, float] = attrs.field(factory=dict, converter=_read_only)

    def to_data(self) -> dict[str, Any]:
        return {"winners": list(self.winners), "level": self.level, "reason": self.reason,
                "scores": dict(self.scores)}

    @staticmethod
    def from_data(data: Mapping[str, Any]) -> Outcome:
        return Outcome(tuple(data["winners"]), data.get("level"), data.get("reason", ""),
                       dict(data.get("scores", {})))

    def sentence(self, names: Callable[[str], str] | None = None) -> str:
        """The outcome in words: "Dracula wins (major victory): the reason.". ``names`` names
        a seat (a game's ``seat_name``; by default its id in words). A level that only says
        "win" is left out. Games whose seat names are plural word it themselves
        (``Game.outcome_sentence``)."""
        name = names or _words
        winners = " and ".join(name(w) for w in self.winners)
        said = f"{winners} {'wins' if len(self.winners) == 1 else 'win'}" if winners \
            else "Nobody wins"
        level = f" ({self.level})" if self.level and self.level != "win" else ""
        reason = f": {self.reason.rstrip('.')}" if self.reason else ""
        return f"{said}{level}{reason}."


def _words(ident: str) -> str:
    """An id in words: "van_helsing" -> "Van helsing"."""
    return ident.replace("_", " ").capitalize()


#: How an option's refusal names the kind of value it takes.
_KIND_WORDS: dict[type, str] = {int: "a whole number", float: "a number", str: "a text",
                                bool: "true or false", tuple: "a list"}


def same_form(one: Action, other: Action) -> bool:
    """True if two equal actions have the same JSON text (``1`` is not ``1.0`` nor ``True``).

    Equal actions whose fields hold values of the same types all the way down have the same
    text, so that is tested first; the texts are compared only when some type differs."""
    return _same_types(one, other) or \
        json.dumps(one.to_json()) == json.dumps(other.to_json())


def _same_types(one: object, other: object) -> bool:
    """``one`` and ``other`` (known equal) hold values of the same types throughout."""
    kind = type(one)
    if kind is not type(other):
        return False
    if kind in (str, int, bool) or one is None:
        return True
    if kind is tuple:
        assert isinstance(one, tuple) and isinstance(other, tuple)
        return all(_same_types(a, b) for a, b in zip(one, other, strict=True))
    if attrs.has(kind):
        return all(_same_types(getattr(one, f.name), getattr(other, f.name))
                   for f in attrs.fields(kind))
    return False  # floats (-0.0 == 0.0), enums, anything else: compare the texts


class Listed(tuple[Action, ...]):
    """The legal actions of one seat in one position: a tuple with exact membership.

    ``a in listed`` is True exactly when ``a`` equals a listed action and has the
    same JSON text (``True`` is not ``1``, a list is not a tuple); the usual case, an
    agent handing back a listed object, is an identity test.
    """

    @property
    def actions(self) -> tuple[Action, ...]:
        """The listed actions, in their order (the tuple itself)."""
        return self

    def __contains__(self, action: object) -> bool:
        for listed in self:
            if listed is action:
                return True
        if not isinstance(action, Action):
            return False
        index: dict[Action, Action] | None = self.__dict__.get("_index")
        if index is None:
            index = self.__dict__["_index"] = {a: a for a in self}
        try:
            found = index.get(action)
        except TypeError:  # a field holding a list or a dict: no listed action has one
            return False
        return found is not None and same_form(found, action)


@attrs.frozen
class Option:
    """One option of ``new_game``: its default, type and allowed values."""

    name: str
    default: Any
    help: str
    choices: tuple[Any, ...] | None = None
    kind: type | None = None  # defaults to the type of the default

    def parse(self, text: str) -> Any:
        """The value a command line gives as ``text``: JSON, or as ``gothic list`` prints
        it (``True``/``False`` for a flag, ``a,b`` for a tuple, a bare word for a string).
        Checked with :meth:`check`."""
        kind = self.kind or type(self.default)
        words = {"true": True, "false": False, "yes": True, "no": False}
        if kind is bool and text.strip().lower() in words:
            return self.check(words[text.strip().lower()])
        try:
            value: Any = json.loads(text)
        except ValueError:
            value = text
        if kind in (tuple, list) and isinstance(value, (str, int)):
            value = tuple(part.strip() for part in str(text).split(",") if part.strip())
        elif kind is str and not isinstance(value, str):
            value = text
        return self.check(value)

    def check(self, value: Any) -> Any:
        kind = self.kind or type(self.default)
        if kind is int and isinstance(value, bool):
            raise BadOption(f"option {self.name!r} takes an integer, not {value!r}")
        if kind in (tuple, list) and isinstance(value, (list, tuple)):
            value = tuple(value)
        elif not isinstance(value, kind):
            takes = _KIND_WORDS.get(kind, f"a {kind.__name__}")
            raise BadOption(f"option {self.name!r} takes {takes}, not {value!r}")
        if self.choices is not None:
            bad = [v for v in (value if isinstance(value, tuple) else (value,))
                   if v not in self.choices]
            if bad:
                allowed = ", ".join(map(repr, self.choices))
                raise BadOption(f"option {self.name!r} does not allow {bad[0]!r}; "
                                f"allowed: {allowed}")
        return value


class GameState(abc.ABC):
    """One position of a game. Subclasses keep their state as plain data.

    The base class supplies the checks common to every game (game over, unknown
    seat, acting out of turn, not an action) and the save format; a game
    implements the abstract methods.
    """

    game: Game
    dice: Dice
    #: The legal actions worked out in this position, per seat (see :meth:`invalidate`).
    _legal_cache: dict[str, Listed] | None = None

    # -- the contract --------------------------------------------------------------------
    @property
    @abc.abstractmethod
    def seats(self) -> tuple[str, ...]:
        """The seats playing this game, in seat order."""

    @abc.abstractmethod
    def current_seats(self) -> tuple[str, ...]:
        """Seats that may act now (several when choices are simultaneous); () when over."""

    def legal_actions(self, seat: str) -> list[Action]:
        """Every legal action for ``seat`` now (empty if it may not act): a fresh list, in
        an order that depends only on what ``seat`` knows. UnknownSeat if no such seat
        plays."""
        cache = self._legal_cache  # listed(seat), inlined: it is asked at every step
        if cache is None:
            cache = self._legal_cache = {}
        found = cache.get(seat)
        if found is None:
            self.check_viewer(seat)
            found = cache[seat] = Listed(self._legal_actions(seat))
        return list(found)

    def listed(self, seat: str) -> Listed:
        """The legal actions of ``seat`` with exact membership, worked out once per
        position (for search code that asks ``a in state.listed(seat)`` often)."""
        cache = self._legal_cache
        if cache is None:
            cache = self._legal_cache = {}
        found = cache.get(seat)
        if found is None:
            self.check_viewer(seat)
            found = cache[seat] = Listed(self._legal_actions(seat))
        return found

    def invalidate(self) -> None:
        """Forget the legal actions worked out so far.

        ``apply`` does this itself; call it only after changing a state by hand (a test
        setting up a scenario, a resampler redrawing what is hidden)."""
        self._legal_cache = None

    @abc.abstractmethod
    def _legal_actions(self, seat: str) -> Sequence[Action]:
        """Work out every legal action for ``seat`` (empty if it may not act)."""

    def apply(self, seat: str, action: Action | Mapping[str, Any]) -> None:
        """Play ``action`` for ``seat``: it must be one of ``legal_actions(seat)``.

        Anything else raises IllegalAction naming the rule, and changes nothing; a seat
        that does not play this game, UnknownSeat (an IllegalAction too)."""
        cache = self._legal_cache
        if cache is not None:  # the usual call: an object handed back from the listing
            listed = cache.get(seat)  # (a seat that may not act has none listed)
            if listed and not self.is_over:
                for legal in listed:
                    if legal is action:
                        self._legal_cache = None
                        self._apply(seat, legal)
                        return
        if seat not in self.seats:
            self.check_viewer(seat)  # UnknownSeat, as from every other call
            raise IllegalAction(f"{seat!r} is everyone watching, not a seat: it never acts",
                                rule="seats")
        if not isinstance(action, Action):
            action = self.game.parse_action(action)
        if self.is_over:
            raise IllegalAction("the game is over", rule="victory")
        if seat not in self.current_seats():
            raise IllegalAction(f"{self.game.seat_name(seat)} may not act now",
                                rule=SEQUENCE_OF_PLAY)
        if action not in self.listed(seat):
            raise self._refusal(seat, action)
        self._legal_cache = None
        self._apply(seat, action)

    def _refusal(self, seat: str, action: Action) -> IllegalAction:
        """The error for an action that is not listed: malformed, or the game's reason."""
        try:
            well_formed = self.game.parse_action(action.to_json()) == action
        except (IllegalAction, TypeError, ValueError):
            well_formed = False
        if not well_formed:
            return IllegalAction(f"malformed {action.TYPE!r} action: a field does not have "
                                 "its declared type", rule=ACTION_FORMAT)
        return self.explain_illegal(seat, action)

    def explain_illegal(self, seat: str, action: Action) -> IllegalAction:
        """Why ``action`` (well formed, for a seat that may act) is not legal now.

        Games override this to name the rule it breaks; the message is read by ``seat``
        and must say nothing that seat may not know."""
        return IllegalAction(f"{action.to_json()} is not one of "
                             f"{self.game.seat_possessive(seat)} legal actions now",
                             rule=LEGAL_ACTIONS)

    @abc.abstractmethod
    def _apply(self, seat: str, action: Action) -> None:
        """Play ``action``, already known to be one of ``seat``'s legal actions."""

    def prompt(self, seat: str) -> str:
        """What ``seat`` is asked now, one sentence in the rulebook's words.

        A seat that may not act is told whom the game waits for; once the game is
        over, the outcome."""
        self.check_viewer(seat)
        outcome = self.outcome
        if outcome is not None:
            return f"The game is over. {self.game.outcome_sentence(outcome)}"
        current = self.current_seats()
        if seat not in current:
            return f"Waiting for {' and '.join(map(self.game.seat_name, current))}."
        return self._prompt(seat)

    def _prompt(self, seat: str) -> str:
        """What ``seat``, who may act now, is asked (the game's words)."""
        raise NotImplementedError(f"{self.game.name} does not word its prompts yet")

    def describe_action(self, seat: str, action: Action | Mapping[str, Any]) -> str:
        """A short label of ``action`` for the person playing ``seat`` ("move to Paris by
        road", "play Garlic"), never a repr.

        Any action of the game is labelled, whoever's it is and whether or not it is
        listed now, from what ``seat`` (a seat or PUBLIC) may know; an action that cannot
        be worded (a field naming nothing of the game) raises IllegalAction, and nothing
        else. Like ``apply``, it takes an action's JSON form too."""
        self.check_viewer(seat)
        if not isinstance(action, Action):
            action = self.game.parse_action(action)
        return self._describe_action(seat, action)

    def _describe_action(self, seat: str, action: Action) -> str:
        """The game's label of ``action`` for ``seat``: its own listed actions in full;
        anything else from what ``seat`` may know, or IllegalAction naming why not."""
        raise NotImplementedError(f"{self.game.name} does not label its actions yet")

    @abc.abstractmethod
    def observation(self, viewer: str) -> dict[str, Any]:
        """JSON-able dict of exactly what ``viewer`` (a seat or PUBLIC) may know."""

    @abc.abstractmethod
    def log(self, viewer: str) -> list[dict[str, Any]]:
        """The event log as ``viewer`` may read it."""

    @property
    @abc.abstractmethod
    def is_over(self) -> bool:
        """True once the game has ended."""

    @property
    @abc.abstractmethod
    def outcome(self) -> Outcome | None:
        """None while playing; then winners, victory level, scores."""

    @abc.abstractmethod
    def clone(self) -> GameState:
        """An independent copy (cheap enough for search)."""

    def resample(self, viewer: str, seed: int) -> GameState:
        """A state ``viewer`` cannot tell apart from this one, hidden parts drawn afresh.

        The future rolls are hidden from everyone, so the copy's dice are reseeded.
        """
        self.check_viewer(viewer)
        twin = self._resample(viewer, seed)
        twin.invalidate()
        return twin

    def _resample(self, viewer: str, seed: int) -> GameState:
        """Redraw what ``viewer`` cannot see; games with hidden information override this."""
        if self.game.has_hidden_information:
            raise NotImplementedError(f"{self.game.name} must implement resample")
        twin = self.clone()
        twin.dice = self.dice.reseeded(seed)
        return twin

    def chance_mark(self) -> str:
        """An opaque mark of how far this state's random stream has run: it changes exactly
        when a die is rolled or anything is shuffled or drawn at random, and says nothing of
        what comes next (a digest). A front end compares two marks to tell whether a choice
        called on chance (``gothic play`` refuses to take such a choice back)."""
        data = json.dumps(self.dice.to_data(), sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(data.encode()).hexdigest()[:16]

    def observation_tensor(self, viewer: str) -> np.ndarray:
        """``observation(viewer)`` as a flat ``float32`` vector of the game's fixed size
        (``game.encoding(**options)``; every value in [0, 1]). It is built from the
        observation dict alone, so it holds nothing ``viewer`` may not know."""
        return encoding_for(self).observation_tensor(self.observation(viewer), viewer)

    # -- saving -----------------------------------------------------------------------------
    def to_json(self) -> str:
        """An exact snapshot, the random stream included; ``game.from_json`` reads it."""
        return json.dumps({"game": self.game.name, "format": SAVE_FORMAT,
                           "dice": self.dice.to_data(), "state": self.to_data()},
                          separators=(",", ":"))

    @abc.abstractmethod
    def to_data(self) -> dict[str, Any]:
        """The state without its dice, as JSON-able data."""

    # -- helpers for games ------------------------------------------------------------------
    def check_viewer(self, viewer: str) -> None:
        """Raise UnknownSeat unless ``viewer`` is one of this game's seats or PUBLIC."""
        if viewer != PUBLIC and viewer not in self.seats:
            raise UnknownSeat(f"no seat called {viewer!r} plays this game; seats are "
                              f"{', '.join(self.seats)} (or {PUBLIC!r})")


class ResultState(GameState):
    """A GameState whose outcome is kept as ``result`` (None while playing), with
    ``is_over`` a plain attribute set beside it: the kernel and the rules ask ``is_over``
    several times a step, and a property would be worked out each time."""

    is_over: bool = False
    _result: Outcome | None = None

    @property
    def result(self) -> Outcome | None:
        """The outcome, once the game has ended."""
        return self._result

    @result.setter
    def result(self, outcome: Outcome | None) -> None:
        self._result = outcome
        self.is_over = outcome is not None

    @property
    def outcome(self) -> Outcome | None:
        return self._result


class LoggedState(GameState):
    """A GameState whose log is a kernel :class:`~gothic_kernel.visibility.Log`.

    The log is kept in ``self.events`` and saved by the kernel beside the state
    (``to_data`` leaves it out); ``game.from_json`` puts it back after
    ``_state_from_data``. Saving and reading a long game's log stay cheap.
    """

    events: Log

    def log(self, viewer: str) -> list[dict[str, Any]]:
        """The log as ``viewer`` may read it: fresh dicts, so editing them changes nothing."""
        self.check_viewer(viewer)
        return self.events.for_viewer(viewer)

    def to_json(self) -> str:
        """The snapshot of :meth:`GameState.to_json` with the log written last, followed
        by its seal (:meth:`Log.saved`), so that loading it reads the log only when
        it is first used."""
        head = json.dumps({"game": self.game.name, "format": SAVE_FORMAT,
                           "dice": self.dice.to_data(), "state": self.to_data()},
                          separators=(",", ":"))
        return head[:-1] + self.events.saved()


class Game(abc.ABC):
    """The rules object a plugin registers under the entry-point group
    ``gothic_kernel.games``."""

    name: ClassVar[str]
    title: ClassVar[str]
    rulebook: ClassVar[str] = ""
    seats: ClassVar[tuple[str, ...]]
    options: ClassVar[tuple[Option, ...]] = ()
    has_hidden_information: ClassVar[bool] = True
    #: Keyword arguments for :func:`gothic_kernel.testing.check_game` when the pytest
    #: plugin checks this game (e.g. ``{"every": 10}`` to thin the checks of long games).
    conformance: ClassVar[Mapping[str, Any]] = {}
    action_types: ClassVar[tuple[type[Action], ...]] = ()

    def __init__(self) -> None:
        self._codec = ActionCodec(self.action_types)

    # -- making states -------------------------------------------------------------------
    def new_game(self, seed: int | None = None, *, dice: Dice | None = None,
                 **options: Any) -> GameState:
        """A new game in its starting position. Options are keyword arguments with
        defaults (the standard set-up); ``dice`` may be a ScriptedDice for tests."""
        if type(seed) is not int or not 0 <= seed <= MAX_SEED:
            check_seed(seed)
        resolved = self.resolve_options(options)
        return self._new_game(dice if dice is not None else Dice(seed), resolved)

    def resolve_options(self, given: Mapping[str, Any]) -> dict[str, Any]:
        """Every option's value: the given ones checked, the others at their defaults."""
        if not given:
            defaults: dict[str, Any] | None = self.__dict__.get("_defaults")
            if defaults is None:  # the defaults are checked once
                defaults = self.__dict__["_defaults"] = self._resolve(given)
            return dict(defaults)
        return self._resolve(given)

    def _resolve(self, given: Mapping[str, Any]) -> dict[str, Any]:
        known = {opt.name: opt for opt in self.options}
        unknown = sorted(set(given) - set(known))
        if unknown:
            names = ", ".join(known) or "none"
            raise BadOption(f"{self.name} has no option {unknown[0]!r}; its options are {names}")
        resolved = {name: opt.check(given[name]) if name in given else opt.default
                    for name, opt in known.items()}
        self.check_options(resolved)
        return resolved

    def seats_for(self, **options: Any) -> tuple[str, ...]:
        """The seats of a game set up with these options (checked; the others at their
        defaults), before any state exists: ``game.seats_for(hunters=3)``."""
        return self._seats_for(self.resolve_options(options))

    def _seats_for(self, options: Mapping[str, Any]) -> tuple[str, ...]:
        """The seats for resolved options: every seat in :attr:`seats` unless a game whose
        seats depend on an option (the number of players, a variant) overrides this."""
        return self.seats

    def seat_name(self, seat: str) -> str:
        """A seat as people call it ("Dr Seward" for ``seward``); games override this."""
        return seat.replace("_", " ").title()

    def seat_possessive(self, seat: str) -> str:
        """A seat's name as an owner: "Dr Seward's", "the Vampires'" (a name ending in s
        takes the apostrophe alone)."""
        name = self.seat_name(seat)
        return f"{name}'" if name.endswith("s") else f"{name}'s"

    def check_options(self, options: dict[str, Any]) -> None:
        """Check options together (raise BadOption); override where they interact."""
        return None

    @abc.abstractmethod
    def _new_game(self, dice: Dice, options: dict[str, Any]) -> GameState:
        """Set up a new game with these dice and checked options."""

    # -- reading back ---------------------------------------------------------------------
    def from_json(self, text: str) -> GameState:
        """The state a ``to_json`` snapshot describes; CorruptSave if it cannot be read.

        A log saved by :class:`LoggedState` is read when first used, once its text is
        found to match the checksum it was saved with; a save edited since is read and
        checked in full."""
        split = split_save(text) if isinstance(text, str) else None
        try:
            data = json.loads(text if split is None else split[0])
        except (TypeError, ValueError) as exc:
            raise CorruptSave(f"not a JSON save: {exc}") from None
        if not isinstance(data, dict) or data.get("game") != self.name:
            found = data.get("game") if isinstance(data, dict) else None
            raise CorruptSave(f"not a {self.name} save (game: {found!r})")
        if data.get("format") not in READABLE_FORMATS:
            raise CorruptSave(f"unsupported save format {data.get('format')!r}")
        dice = dice_from_data(data.get("dice"))
        try:
            state = self._state_from_data(data.get("state"), dice)
            if isinstance(state, LoggedState):
                state.events = split[1] if split is not None else _saved_log(self, data)
            self._check_loaded(state)
        except CorruptSave:
            raise
        except (GothicError, SerialError, KeyError, TypeError, ValueError, IndexError,
                AttributeError, OverflowError) as exc:
            raise CorruptSave(f"corrupt {self.name} save: {exc}") from None
        return state

    @abc.abstractmethod
    def _state_from_data(self, data: Any, dice: Dice) -> GameState:
        """Rebuild a state from ``to_data`` output and its dice; check invariants.

        A LoggedState's log is restored by ``from_json`` afterwards."""

    def _check_loaded(self, state: GameState) -> None:
        """Checks of a loaded state that need its log too (run by ``from_json`` once the
        log is restored; raise CorruptSave naming what does not hold). Default: none."""
        del state  # a game without such checks has nothing to do here

    def parse_action(self, data: object) -> Action:
        """The action a JSON form describes; IllegalAction if it is malformed."""
        return self._codec.parse(data)

    # -- fixed-size encodings -------------------------------------------------------------
    def encoding(self, **options: Any) -> GameEncoding:
        """Action ids and observation tensors for a game with these options (the others at
        their defaults): see :mod:`gothic_kernel.encoding`. Worked out once per options."""
        key = json.dumps(options, sort_keys=True, default=repr)
        made: dict[str, GameEncoding] = self.__dict__.setdefault("_encodings", {})
        found = made.get(key)
        if found is None:
            found = made[key] = self.make_encoding(self.resolve_options(options))
        return found

    def make_encoding(self, options: dict[str, Any]) -> GameEncoding:
        """The encoding for resolved ``options``. This default calls ``make_encoding(game,
        options)`` in the module ``encoding`` of the game's package (``vampyre.encoding``);
        a game may override it instead."""
        package = sys.modules[type(self).__module__].__package__ or type(self).__module__
        try:
            module = importlib.import_module(f"{package}.encoding")
        except ModuleNotFoundError as exc:
            if exc.name != f"{package}.encoding":
                raise
            raise NotImplementedError(f"{self.name} has no fixed-size encoding "
                                      f"(no module {package}.encoding)") from None
        made: GameEncoding = module.make_encoding(self, options)
        return made

    # -- playing --------------------------------------------------------------------------
    def default_agents(self, state: GameState, seed: int) -> dict[str, Agent]:
        """The bots ``gothic demo`` and ``simulate`` use: one per seat.

        Games override this with bots that play sensibly; the default plays at random.
        """
        return {seat: RandomAgent(seed + i) for i, seat in enumerate(state.seats)}

    def report(self, state: GameState, record: GameRecord) -> list[str]:
        """A played game told for people (``gothic demo``, ``python -m GAME``): lines of
        text, from ``record`` and the final ``state``.

        This default prints the public log and the outcome; games override it with turn
        headings, repeated lines folded, results in words, the board drawn in text and
        an end summary of where every side stands, in the characters' names."""
        lines = [f"  {entry['text']}" for entry in record.public_log]
        outcome = state.outcome
        if outcome is None:
            lines.append(f"Unfinished: stopped after {record.steps} actions.")
        else:
            lines.append(self.outcome_sentence(outcome))
        return lines

    def picture(self, observation: Mapping[str, Any], viewer: str, **options: Any) -> Svg:
        """The board as ``viewer`` sees it: an SVG picture (:class:`~gothic_kernel.svg.Svg`,
        a ``str`` a notebook shows) drawn from ``observation`` (what
        ``state.observation(viewer)`` gave) and the game's public data only, so it cannot
        show a secret. ``options`` are the game's drawing options, each with a default
        (``size``, ``labels``, ...); ``gothic_kernel.svg.picture(state, viewer)`` is the
        shortcut and ``gothic_kernel.svg.save`` writes it as .svg or .png.

        Games override this; this default raises :class:`~gothic_kernel.NoPicture`."""
        raise NoPicture(f"{self.name} draws no pictures (its Game class has no picture "
                        "method)")

    def text_screen(self) -> TextScreen:
        """How a terminal front end (``gothic play``) draws this game's view as text: a
        :class:`~gothic_kernel.screen.TextScreen`, whose methods read only an observation
        and public game data, never a state.

        This default writes the observation out readably; games override it with their
        board as text, the viewer's own cards and chits, and the others' public side."""
        from .screen import TextScreen

        return TextScreen(self)

    def outcome_sentence(self, outcome: Outcome) -> str:
        """The outcome in words, with the seats as people call them ("Dracula wins (major
        victory): ..."); games whose seat names are plural ("Hunters") override this."""
        return outcome.sentence(self.seat_name)

    def describe(self) -> dict[str, Any]:
        """Metadata for front ends and ``gothic list``."""
        return {"name": self.name, "title": self.title, "rulebook": self.rulebook,
                "seats": list(self.seats),
                "default_seats": list(self.seats_for()),
                "hidden_information": self.has_hidden_information,
                "options": [{"name": o.name, "default": o.default, "help": o.help,
                             "choices": None if o.choices is None else list(o.choices)}
                            for o in self.options],
                "actions": list(self._codec.type_names)}

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name!r}>"


def _saved_log(game: Game, data: dict[str, Any]) -> Log:
    """The log of a save read in full, each entry checked."""
    if not isinstance(data.get("log"), list):
        raise CorruptSave(f"corrupt {game.name} save: the log is missing")
    return Log.loaded(data["log"])


#: The largest seed: the dice hold 128 bits, so a larger one would play as another.
MAX_SEED = 2**128 - 1


def check_seed(seed: object) -> None:
    """Raise BadOption unless ``seed`` is None or a whole number from 0 to MAX_SEED."""
    if seed is None:
        return
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise BadOption(f"the seed must be a whole number, not {seed!r}")
    if seed < 0:
        raise BadOption(f"the seed must be 0 or more, not {seed}")
    if seed > MAX_SEED:
        raise BadOption(f"the seed must be at most 2**128 - 1 ({MAX_SEED}), not {seed}: "
                        "the dice hold 128 bits")


def actions_json(actions: Sequence[Action]) -> list[dict[str, Any]]:
    """The JSON forms of a list of actions (for comparing and saving)."""
    return [a.to_json() for a in actions]
