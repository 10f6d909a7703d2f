"""The state of a game of Dracula's Revenge, as plain data, and the queries rules share.

What the game waits for is data here: ``stack`` holds the records of the kernel's
decision protocol (see ``decisions``): the Sequence of Play, the Action Timeline, a
character's move and the chance to react to it, and on top the pending decisions
(placing, feeding, turning to face an attacker...). The contract's questions (who acts,
the legal actions, the prompt, labels and refusals) are answered by the top record.
``phase``, ``queue`` and ``windows`` read the stack; the counters of the timeline and of
the active character are plain fields beside it.

The state imports no rule module (they import it): what it needs from above reaches it
through its records and its game (``game.observe``, ``game.resample_state``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gothic_kernel import (
    Action,
    Dice,
    IllegalAction,
    Log,
    LoggedState,
    Outcome,
    RuleError,
)
from gothic_kernel.decisions import Decision, DecisionState, settle

from .characters import GONE, CharacterType, Figure
from .decisions import Pending, Phase, RevengeDecision, describe
from .rules import Rules
from .victory import judge

if TYPE_CHECKING:
    from . import DraculasRevengeGame

SIDES = ("vampires", "hunters")
#: The last action, for who may react to it: (acting figure, the square it acted from,
#: the square it ended on, the figure it affected, that figure's square); -1: none.
NO_WITNESS: tuple[str, int, int, str, int] = ("", -1, -1, "", -1)


class DRState(LoggedState, DecisionState):
    """One position of a game. Rules live in the sibling modules; see ``decisions``."""

    game: DraculasRevengeGame

    def __init__(self, game: DraculasRevengeGame, dice: Dice, rules: Rules,
                 options: dict[str, Any], seat_sides: dict[str, str]) -> None:
        self.game = game
        self.dice = dice
        self.rules = rules
        self.options = options
        self.seat_sides = seat_sides              # seat -> "vampires" / "hunters"
        self._seats = tuple(seat_sides)           # they never change during a game
        self.events = Log()
        self.stack: list[Decision[Any]] = []
        self.turn = 0
        self.figures: dict[str, Figure] = {}
        self.dead: list[str] = []
        self.exited: list[str] = []
        self.doors_open: dict[str, bool] = {d: False for d in rules.board.doors}
        self.hands: dict[str, list[str]] = {s: [] for s in seat_sides}
        self.timeline: list[tuple[int, str, str]] = []  # (play number, seat, card)
        self.discards: dict[str, list[str]] = {s: [] for s in seat_sides}  # turned over
        self.plays = 0
        self.tl_seat = 0
        self.tl_first = 0
        self.tl_passes = 0
        self.tl_forced = False
        self.rp_die: dict[str, int] = {s: 0 for s in seat_sides}
        self.rp_spent: dict[str, int] = {s: 0 for s in seat_sides}
        self.no_card: set[str] = set()            # figures whose Action Card is void this turn
        self.active = ""
        self.active_seat = ""
        self.ap_left = 0
        self.move_over = False
        self.activations = 0
        self.last_reactor = ""
        self.witness: tuple[str, int, int, str, int] = NO_WITNESS
        self.defiled: list[str] = []
        self.secret_room = ""
        self.van_helsing_found = False
        self.rooms_entered: list[str] = []
        self.recruits: dict[str, list[str]] = {s: [] for s in seat_sides}
        self.result: Outcome | None = None
        self.sandbox: dict[str, Any] | None = None  # a sandbox's board and rules (scenario)
        self._obstacles: int | None = None
        self._current: tuple[str, ...] | None = None  # current_seats, once worked out
        self._doors_seen: tuple[bool, ...] | None = None  # doors_open's values, for:
        self._doors_bits = 0                              # walls and those closed doors
        self._solid: dict[int, str] | None = None
        self._reactors: dict[str, list[Figure]] = {}
        self._offered: dict[str, bool] = {}  # seat -> may react (reactions.may_react)
        self._holders: dict[str, list[Figure]] = {}  # seat -> crucifix holders against it
        self._of_seat: dict[str, list[Figure]] = {}  # seat -> its figures (figures_of)
        self._targets: dict[str, list[Figure]] = {}  # seat -> what it may attack (targets_of)
        #: During ``apply``: True once a figure only stepped or turned on the board (what
        #: was kept is brought up to date), or the action changed no figure at all; False
        #: once anything else changed (all of it is forgotten); None: not known.
        self._only_stepped: bool | None = None

    # -- seats and sides ------------------------------------------------------------------
    @property
    def seats(self) -> tuple[str, ...]:
        return self._seats

    def side(self, seat: str) -> str:
        return self.seat_sides[seat]

    def next_seat(self, seat: str) -> str:
        """The seat to the left (clockwise) of ``seat``."""
        seats = self.seats
        return seats[(seats.index(seat) + 1) % len(seats)]

    def seats_after(self, seat: str) -> list[str]:
        """Every other seat, starting with the one to ``seat``'s left."""
        seats = self.seats
        i = seats.index(seat)
        return [seats[(i + k) % len(seats)] for k in range(1, len(seats))]

    # -- what the game waits for ------------------------------------------------------------
    @property
    def phase(self) -> Phase:
        """Where the game stands, read from the stack: the topmost record of the flow."""
        if self.result is not None:
            return Phase.OVER
        for record in reversed(self.stack):
            if isinstance(record, RevengeDecision):
                phase = record.phase()
                if phase is not None:
                    return phase
        return Phase.SETUP

    @property
    def queue(self) -> list[Pending]:
        """The pending decisions, the next to decide first."""
        found = []
        for record in reversed(self.stack):
            if not isinstance(record, Pending):
                break
            found.append(record)
        return found

    @property
    def windows(self) -> list[str]:
        """The seats still to be offered a chance to react to the last action, in order."""
        for record in reversed(self.stack):
            if isinstance(record, RevengeDecision) and not isinstance(record, Pending):
                return list(record.reaction_windows())
        return []

    def ask(self, decision: Pending) -> None:
        """Ask ``decision`` after the pending decisions already waiting."""
        self.stack.insert(self._above_the_flow(), decision)

    def ask_first(self, decision: Pending) -> None:
        """Ask ``decision`` before every other pending decision."""
        self.stack.append(decision)

    def interrupt(self, record: RevengeDecision) -> None:
        """Push a record of the flow (a reaction window): it comes after the pending
        decisions, which are decided first."""
        self.stack.insert(self._above_the_flow(), record)

    def _above_the_flow(self) -> int:
        at = len(self.stack)
        while at and isinstance(self.stack[at - 1], Pending):
            at -= 1
        return at

    def enter_phase(self) -> None:
        raise RuleError("the Sequence of Play is never taken off the stack while the game "
                        "goes on (turn.SequenceOfPlay)")

    def proceed(self) -> None:
        """Carry the game on to the next decision: someone may have won; then the rules
        take their own steps (``settle``) until a seat must decide.

        After an action that only stepped or turned a figure on the board (``stepped``,
        ``turned``) or changed no figure (``no_figure_changed``), nobody can have won who
        had not (no victory condition reads where a figure stands on the board or which
        way it faces), and the obstacles and crucifix holders kept are up to date: only
        who may react is forgotten."""
        if self._only_stepped:
            self.sight_changed()
        else:
            judge(self)
            self.occupancy_changed()
        self._only_stepped = None
        settle(self)
        self._current = None  # a step of the rules may have asked on the way

    # -- figures ------------------------------------------------------------------------------
    def ctype(self, fig: Figure) -> CharacterType:
        return self.rules.types[fig.kind]

    def is_vampire(self, fig: Figure) -> bool:
        return fig.kind in self.rules.vampire_kinds

    def is_hunter(self, fig: Figure) -> bool:
        """A hunter: a human who is not a minion."""
        return fig.kind in self.rules.hunter_kinds

    def is_active(self, fig: Figure) -> bool:
        """``fig`` acts as the active character (with its Action Points): it is the
        character whose card was turned over, still under that player's control, and
        its move is not over. A mesmerized or saved active character reacts instead."""
        return fig.id == self.active and fig.seat == self.active_seat and not self.move_over

    def has_special(self, fig: Figure, special: str) -> bool:
        return special in self.rules.types[fig.kind].specials

    def figures_of(self, seat: str) -> list[Figure]:
        """The seat's figures, in play or not (worked out once per position: do not
        change the list)."""
        found = self._of_seat.get(seat)
        if found is None:
            found = self._of_seat[seat] = [f for f in self.figures.values() if f.seat == seat]
        return found

    def targets_of(self, seat: str) -> list[Figure]:
        """The figures the seat's characters may attack: solid enemies on the board,
        conscious ("You cannot attack your own characters"; worked out once per position:
        do not change the list)."""
        found = self._targets.get(seat)
        if found is None:
            found = self._targets[seat] = [
                t for t in self.figures.values()
                if t.seat != seat and t.pos >= 0 and not t.misted and not t.unconscious]
        return found

    def solid_at(self) -> dict[int, str]:
        """Square -> the solid figure standing there."""
        if self._solid is None:
            self._solid = {f.pos: f.id for f in self.figures.values()
                           if f.pos >= 0 and not f.misted}
        return self._solid

    def obstacles(self) -> int:
        """Bitset of squares that block moving and seeing: walls, closed doors, solid figures
        (not the spaces beyond the tiles, which are open but cannot be entered)."""
        found = self._obstacles
        if found is None:
            found = self._walls_and_doors()
            bits = self.rules.board.square_bits
            for fig in self.figures.values():  # the squares of solid_at
                if fig.pos >= 0 and not fig.misted:
                    found |= bits[fig.pos]
            self._obstacles = found
        return found

    def _walls_and_doors(self) -> int:
        """Walls and closed doors, as a bitset (kept while the doors stay as they are;
        a state whose doors are set by hand is told so by ``changed``)."""
        key = tuple(self.doors_open.values())
        if key != self._doors_seen:
            board = self.rules.board
            found = board.wall_bits
            for door, is_open in self.doors_open.items():
                if not is_open:
                    found |= board.door_cells_bits[door]
            self._doors_seen, self._doors_bits = key, found
        return self._doors_bits

    def current_seats(self) -> tuple[str, ...]:
        """The seats the top record waits for, worked out once per position (the kernel's
        ``apply`` and ``legal_actions`` ask again)."""
        found = self._current
        if found is None:
            found = self._current = super().current_seats()
        return found

    def occupancy_changed(self) -> None:
        """Forget who stands where and who may react (and so who acts), after figures or
        doors change."""
        self._current = None
        self._obstacles = None
        self._solid = None
        self._reactors = {}
        self._offered = {}
        self._holders = {}
        self._of_seat = {}
        self._targets = {}
        self._only_stepped = False

    def sight_changed(self) -> None:
        """Forget who may react (and so who acts): who sees what has changed, not who
        stands where."""
        self._current = None
        self._reactors = {}
        self._offered = {}

    def stepped(self, fig: Figure, origin: int) -> None:
        """``fig`` stepped from ``origin`` to the square it stands on, both on the board:
        the obstacles and the solid figures kept are moved with it (a misted vampire is
        neither); the crucifix holders, each seat's figures and what it may attack stay
        what they are."""
        if not fig.misted:
            bits = self.rules.board.square_bits
            if self._obstacles is not None:
                self._obstacles = self._obstacles & ~bits[origin] | bits[fig.pos]
            solid = self._solid
            if solid is not None:
                solid = self._solid = dict(solid)  # a clone may share the old one
                del solid[origin]
                solid[fig.pos] = fig.id
        self._seen_changed()

    def turned(self) -> None:
        """A figure on the board turned to face another side: only who sees what changes."""
        self._seen_changed()

    def no_figure_changed(self) -> None:
        """The action changes no figure and no door (a card played, a pass, a chance to
        react declined, the end of a move announced)."""
        if self._only_stepped is None:
            self._only_stepped = True

    def _seen_changed(self) -> None:
        self.sight_changed()
        if self._only_stepped is None:
            self._only_stepped = True

    def invalidate(self) -> None:
        """Forget everything worked out from this position: the legal actions, who stands
        where, who may react. ``apply`` does this itself; call it after changing a state
        by hand (a test setting up a scenario)."""
        super().invalidate()
        self.occupancy_changed()
        self._doors_seen = None

    def changed(self) -> None:
        """The same as :meth:`invalidate`, for a state whose figures or doors were changed
        by hand."""
        self.invalidate()

    @property
    def with_reactions(self) -> bool:
        """Reaction Points are played: with the Reaction Dice, or No Reaction Dice with a
        fixed allowance (``reaction_points``)."""
        return bool(self.options["reaction_dice"] or self.options["reaction_points"])

    def reaction_points(self, seat: str) -> int:
        """The seat's Reaction Points this turn: its secret die + 6, or the fixed allowance
        of No Reaction Dice (0 without either; 0 before the dice are rolled)."""
        if not self.options["reaction_dice"]:
            return int(self.options["reaction_points"])
        if self.rp_die.get(seat, 0) == 0:
            return 0
        return self.rp_die[seat] + self.rules.numbers["reaction_die_bonus"]

    def rp_left(self, seat: str) -> int:
        return self.reaction_points(seat) - self.rp_spent[seat]

    def free_card(self, kind: str) -> str:
        """A Character Card of ``kind`` still in the box, or ""."""
        used = set(self.figures) | {f.minion_card for f in self.figures.values()}
        for card in self.rules.types[kind].card_ids():
            if card not in used:
                return card
        return ""

    # -- the contract (the top record answers it; see decisions.py) ----------------------
    def explain_illegal(self, seat: str, action: Action) -> IllegalAction:
        top = self.stack[-1]
        assert isinstance(top, RevengeDecision)
        message, rule = top.refused(self, seat, action)
        return IllegalAction(message, rule=rule)

    def _describe_action(self, seat: str, action: Action) -> str:
        return describe(self, seat, action)

    def _apply(self, seat: str, action: Action) -> None:
        self._current = None
        self._only_stepped = None
        self.stack[-1].apply(self, seat, action)
        self.proceed()

    def observation(self, viewer: str) -> dict[str, Any]:
        self.check_viewer(viewer)
        return self.game.observe(self, viewer)

    @property
    def is_over(self) -> bool:
        return self.result is not None

    @property
    def outcome(self) -> Outcome | None:
        return self.result

    def _resample(self, viewer: str, seed: int) -> DRState:
        return self.game.resample_state(self, viewer, seed)

    # -- copying and saving -----------------------------------------------------------------
    #: The fields saved as they are, in the order of a save (``phase`` and ``windows`` are
    #: read from the stack).
    _PLAIN = ("sandbox", "turn", "phase", "plays", "tl_seat", "tl_first", "tl_passes", "tl_forced",
              "active", "active_seat", "ap_left", "move_over", "activations", "last_reactor",
              "witness", "secret_room", "van_helsing_found", "result")
    _LISTS = ("dead", "exited", "windows", "defiled", "rooms_entered", "timeline")
    _DICTS = ("doors_open", "rp_die", "rp_spent")
    #: What a clone copies (the rest of the above is read from the stack).
    _COPIED = tuple(name for name in _PLAIN if name != "phase")
    _COPIED_LISTS = tuple(name for name in _LISTS if name != "windows")

    def clone(self) -> DRState:
        twin = DRState.__new__(DRState)
        twin.game, twin.dice, twin.rules = self.game, self.dice.clone(), self.rules
        twin.options, twin.seat_sides, twin._seats = self.options, self.seat_sides, self._seats
        twin.events = self.events.clone()
        twin.stack = list(self.stack)  # the records are immutable
        for name in self._COPIED:
            setattr(twin, name, getattr(self, name))
        for name in self._COPIED_LISTS:
            setattr(twin, name, list(getattr(self, name)))
        for name in self._DICTS:
            setattr(twin, name, dict(getattr(self, name)))
        twin.figures = {k: f.copy() for k, f in self.figures.items()}
        twin.hands = {s: list(h) for s, h in self.hands.items()}
        twin.discards = {s: list(h) for s, h in self.discards.items()}
        twin.recruits = {s: list(h) for s, h in self.recruits.items()}
        twin.no_card = set(self.no_card)
        twin._obstacles, twin._solid = self._obstacles, self._solid
        twin._current = self._current
        twin._doors_seen, twin._doors_bits = self._doors_seen, self._doors_bits
        twin._legal_cache = self._legal_cache
        twin._reactors, twin._holders = {}, {}  # lists of this state's figures
        twin._offered = {}
        twin._of_seat, twin._targets = {}, {}
        twin._only_stepped = None
        return twin

    def to_data(self) -> dict[str, Any]:
        """The state as JSON data, without the log (the kernel saves it beside); the stack
        as the phase, the reaction windows and the pending decisions (``saving`` reads it
        back)."""
        out: dict[str, Any] = {"options": {k: list(v) if isinstance(v, tuple) else v
                                           for k, v in self.options.items()},
                               "seat_sides": dict(self.seat_sides)}
        for name in self._PLAIN:
            out[name] = getattr(self, name)
        out["phase"] = self.phase.value
        out["witness"] = list(self.witness)
        out["result"] = None if self.result is None else self.result.to_data()
        for name in self._LISTS:
            out[name] = [list(x) if isinstance(x, tuple) else x for x in getattr(self, name)]
        for name in self._DICTS:
            out[name] = dict(getattr(self, name))
        out["figures"] = [f.to_data() for f in self.figures.values()]
        out["hands"] = {s: list(h) for s, h in self.hands.items()}
        out["discards"] = {s: list(h) for s, h in self.discards.items()}
        out["recruits"] = {s: list(h) for s, h in self.recruits.items()}
        out["no_card"] = sorted(self.no_card)
        out["queue"] = [d.to_data() for d in self.queue]
        return out


__all__ = ["GONE", "NO_WITNESS", "SIDES", "DRState", "Phase"]
