"""Movement: where a player's move may end, the move itself, and what follows it.

Transylvania ("The Basic Game - Movement"): one die; the number of hexes
depends on the terrain entered, and a player moving through several terrains
moves at the rate of the worst one entered during the whole move (a road step
counts as road, whatever the hex). A player may not enter the same hex twice
in one turn (nor return to the hex the move began in: a ruling), must usually
move the whole allowance, but may stop on entering a large hex or a hex held
by an opponent.

* hunters (and possessed players' automatic moves) use the terrain rates;
* player werewolves use them too but may not enter large hexes ("Werewolf
  Conversion");
* nosferatu fly as bats: the full roll whatever the terrain ("Vampiric
  Conversion"); a lost player ("Strange Occurrence" 5) is moved the same way.

Castle Dracula ("The Extended Game - Movement"): exactly the roll, never over
the same space twice, stopping early only on entering a green area that still
has a face-down counter (hunters) or a space held by an opponent.

If no move of the full length exists (a corner of the map), the mover goes as
far as it can (a ruling).

The player moves "in any direction desired", but which way a counter goes
changes nothing once its end is known (passing through a hex has no effect), so
a move names only its end and the opponent attacked there: ``Move(to, attack)``,
each listed once. The counter goes along the first path found to that end in a
fixed order, and the log records that path (the tables: :mod:`vampyre.reach`).

:class:`Moving` is the decision: the player has rolled and chooses where the move
ends. What follows the move (:func:`after_move`: "Sequence of Play" steps 2-3) is an
attack, a search, a guardian revealed, or a night's camp; a hunter who ends on an
opponent in the wilderness camps first and attacks once the night is over
(:class:`CombatStep`). A possessed player's move is not a decision:
:func:`possessed_move` ("P - Possession").
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from typing import TYPE_CHECKING, Any

import attrs

from gothic_kernel import Action, IllegalAction, Listed

from .actions import Move
from .board import Transylvania
from .combat import player_fight
from .decisions import (
    COMBAT_STEP,
    LEAD_ASTRAY,
    LOOK_AT_COUNTER,
    MOVE,
    SILVER_BULLET,
    PlayerDecision,
    VampyreDecision,
)
from .encounters import camps_in_the_wilderness, night
from .guardians import arrive
from .reach import (
    BAT,
    WALK,
    WOLF,
    Mode,
    Path,
    Reach,
    castle_reach,
    charge_reach,
    plain_move,
    transylvania_reach,
)
from .searching import SearchOrCamp, can_search
from .state import HUNTER, NOSFERATU, FightOrigin, Form
from .wording import at_hour, foe, place_text, who

if TYPE_CHECKING:
    from .state import Player, VampyreState

__all__ = ["BAT", "RULE", "WALK", "WOLF", "CombatStep", "MoveRule", "Moving", "after_move",
           "attack_targets", "castle_reach", "explain_move", "mode_of", "move_actions",
           "move_rule", "perform", "possessed_move", "transylvania_reach"]

RULE = "Movement"
COUNT_DRACULA = "count_dracula"


@attrs.frozen(eq=False)
class MoveRule:
    """What makes a move legal, fixed when the move is offered ("Movement"); it words the
    refusal of any other.

    A move may end wherever some path obeying the rules ends: every space next to the
    last, none entered twice (nor the start), no more spaces than the worst terrain
    entered allows (Transylvania) or exactly the roll (Castle Dracula); and it goes the
    whole allowance unless it ends in a large hex, on an opponent (``targets``: whom it
    then attacks, nobody where every opponent is ``locked`` in a fight already), or for a
    hunter in Castle Dracula in a green area with a face-down counter (``reveal``).
    Everything it reads is public.
    """

    reach: Reach
    places: Collection[str]
    board: Transylvania | None  # None inside Castle Dracula (every space counts one)
    start: str
    roll: int
    mode: Mode
    place: Callable[[str], str]  # a place in words, for the messages
    name: Callable[[str], str]  # a player in words, for the messages
    targets: Mapping[str, tuple[str, ...]] = attrs.field(factory=dict)
    reveal: frozenset[str] = frozenset()
    #: Opponents locked in an unresolved fight, by place: there, but not to be attacked.
    locked: Mapping[str, tuple[str, ...]] = attrs.field(factory=dict)

    def check(self, move: Move) -> IllegalAction | None:
        """None if ``move`` is legal; otherwise why not."""
        to, reach, board = move.to, self.reach, self.board
        if to not in self.places:
            where = "a hex of Transylvania" if board else "a space of Castle Dracula"
            return IllegalAction(f"{to!r} is not {where}", rule=RULE)
        if self.mode == WOLF and board is not None and board.is_large(to):
            return IllegalAction("player werewolves cannot enter the large hexes",
                                 rule="Werewolf Conversion")
        if to == self.start:
            return IllegalAction("a move may not end where it began: no space may be entered "
                                 "twice in one turn", rule=RULE)
        if reach.path(to) is None:
            return IllegalAction(f"a roll of {self.roll} cannot take the mover to "
                                 f"{self.place(to)} ({self._limit()})", rule=RULE)
        here = self.targets.get(to, ())
        reveal = to in self.reveal
        if to in reach.early and to not in self.targets and not reveal:
            return IllegalAction(f"a roll of {self.roll} takes the mover further than "
                                 f"{self.place(to)}: a player must move the whole allowance "
                                 "and may stop early only on entering a large hex or a space "
                                 "held by an opponent (in Castle Dracula, a green area with a "
                                 "face-down counter)", rule=RULE)
        if move.attack and move.attack not in here:
            if move.attack in self.locked.get(to, ()):
                return IllegalAction(f"{self.name(move.attack)} is locked in an unresolved "
                                     "fight: nobody else may attack until it is over",
                                     rule="Combat")
            return IllegalAction(f"there is no {move.attack!r} to attack in {self.place(to)}",
                                 rule="Combat")
        if not move.attack and here and not reveal:
            return IllegalAction("a player ending a move on an opponent attacks it: name the "
                                 f"opponent ({', '.join(here)})", rule="Combat")
        return None

    def _limit(self) -> str:
        if self.board is None:
            return "a move goes exactly the roll, never over the same space twice"
        if self.mode == BAT:
            return "a nosferatu flies exactly the roll, never over the same hex twice"
        return "the worst terrain entered limits the move, and no hex may be entered twice"



# -- the moves of one player now ----------------------------------------------------------------

_MODES = {Form.HUNTER: WALK, Form.NOSFERATU: BAT, Form.PLAYER_WEREWOLF: WOLF}


def mode_of(player: Player) -> Mode:
    """How a player moves on the map of Transylvania: a hunter walks, a nosferatu flies
    as a bat, a player werewolf keeps out of the large hexes."""
    return _MODES[player.form]


def _opponents(state: VampyreState, seat: str) -> list[tuple[str, str, bool]]:
    """Every opponent of ``seat`` outside the large hexes: its seat, its place, and whether
    it is free to be attacked (not locked in an unresolved fight)."""
    large_hexes = () if state.in_castle else state.world.transylvania.large_hex_names
    hunting = state.players[seat].form == HUNTER
    found = []
    for other, q in state.players.items():
        place = q.location
        if other == seat or place is None or q.out or place in large_hexes:
            continue
        # a hunter's foes are the converted; theirs, the living hunters (Player's
        # is_converted and is_living_hunter, read here without the property calls)
        if (q.form != HUNTER or q.possessed > 0) if hunting \
                else (q.form == HUNTER and not q.possessed):
            found.append((other, place, not state.fights or state.fight_of(other) is None))
    return found


def attack_targets(state: VampyreState, seat: str) -> dict[str, list[str]]:
    """Where ``seat`` may stop on entering a space held by an opponent, and whom it attacks
    there ("Movement", "Vampiric Conversion", "Combat").

    Hunters attack nosferatu, player werewolves and possessed players (and, in Castle
    Dracula, the Count once revealed); the converted attack hunters who are not
    possessed. Nobody fights another player in a large hex (where anyone may stop
    anyway), nor one already locked in an unresolved fight (rulings): a place held only
    by opponents locked in fights is listed with nobody to attack, since the mover may
    still stop there ("when entering a hex occupied by an opponent").
    """
    targets: dict[str, list[str]] = {}
    for other, place, free in _opponents(state, seat):
        here = targets.setdefault(place, [])
        if free:
            here.append(other)
    if state.in_castle and state.players[seat].form == HUNTER:
        for space, counter in state.revealed.items():
            if state.rules.red_counters[counter] == COUNT_DRACULA:
                targets.setdefault(space, []).append(COUNT_DRACULA)
    return targets


def _reach(state: VampyreState, player: Player, roll: int) -> Reach:
    where = player.location
    assert where is not None
    if state.in_castle:
        return castle_reach(state.world.castle, where, roll)
    board = state.world.transylvania
    mode = _MODES[player.form]
    # transylvania_reach's cache, read here first (twice a turn: the offer and the move)
    found: Reach | None = board.reach_cache.get((where, roll, mode))
    return transylvania_reach(board, where, roll, mode) if found is None else found


def _reveals(state: VampyreState, player: Player) -> bool:
    """A hunter in Castle Dracula may stop early on a face-down guardian to reveal it."""
    return state.in_castle and player.form == HUNTER


def move_actions(state: VampyreState, seat: str, roll: int) -> Listed:
    """Every move the roll allows: one per end, and where an end holds opponents one per
    opponent attacked (a hunter in Castle Dracula may also just stop on a face-down
    guardian there, to reveal it)."""
    player = state.players[seat]
    if player.location is None:
        return Listed(())
    reach = _reach(state, player, roll)
    targets = attack_targets(state, seat)
    reveals = state.in_castle and player.form == HUNTER  # _reveals, inlined: every turn
    if not targets and not reveals:
        return reach.plain  # made once per table, shared by every state
    green = state.green if reveals else {}
    # the ends where more than the plain move may be made (an attack, a stop to reveal)
    ranks = {}
    for end in (*targets, *(g for g, counter in green.items() if counter)):
        rank = reach.rank(end)
        if rank is not None:
            ranks[end] = rank
    if not ranks:
        return reach.plain

    def moves_to(end: str) -> list[Move]:
        here = targets.get(end)
        if not here:
            return [plain_move(end)]
        # in Castle Dracula a hunter may stop to reveal the counter instead of attacking
        stop = [plain_move(end)] if green.get(end) else []
        return stop + [Move(end, target) for target in here]

    # the plain moves, those to the special ends replaced (from the last, so the ranks
    # still hold), then the moves to the special ends short of the allowance
    actions: list[Action] = list(reach.plain)
    plain = len(actions)
    special = sorted(ranks, key=ranks.__getitem__)
    for end in reversed(special):
        if ranks[end] < plain:
            actions[ranks[end]:ranks[end] + 1] = moves_to(end)
    for end in special:
        if ranks[end] >= plain:
            actions += moves_to(end)
    return Listed(actions)


def move_rule(state: VampyreState, seat: str, roll: int) -> MoveRule:
    """The rule the moves of ``seat`` with ``roll`` obey now (for refusals)."""
    player = state.players[seat]
    assert player.location is not None
    reveal = frozenset(g for g, c in state.green.items() if c) \
        if _reveals(state, player) else frozenset()
    board = None if state.in_castle else state.world.transylvania
    places = state.world.castle.index if board is None else board.index
    targets = {p: tuple(t) for p, t in attack_targets(state, seat).items()}
    locked: dict[str, tuple[str, ...]] = {}
    for other, place, free in _opponents(state, seat):
        if not free:
            locked[place] = (*locked.get(place, ()), other)
    return MoveRule(_reach(state, player, roll), places, board, player.location, roll,
                    mode_of(player), state.place, state.name, targets, reveal, locked)


def explain_move(state: VampyreState, seat: str, move: Move, roll: int) -> IllegalAction:
    """Why ``move`` is not one of the moves ``seat`` may make with ``roll`` now."""
    if state.players[seat].location is None:
        return IllegalAction(f"{state.name(seat)} is not on the board", rule=RULE)
    wrong = move_rule(state, seat, roll).check(move)
    assert wrong is not None, f"{move} is legal, yet it was refused"
    return wrong


def perform(state: VampyreState, seat: str, move: Move, roll: int) -> dict[str, Any]:
    """Move the counter along the path listed for the end of the move; the log event saying
    so (not yet written: the night's encounter roll may join it)."""
    player = state.players[seat]
    path = _reach(state, player, roll).path(move.to)
    assert path is not None
    player.location = move.to
    text = f"{state.when()}{state.name(seat)} rolls {roll}, moves to {state.place(move.to)}"
    return {"kind": "move", "text": text, "seat": seat, "roll": roll, "to": move.to,
            "path": list(path)}  # a log event (gothic_kernel.event, built in place)

# -- the decision --------------------------------------------------------------------------------

@attrs.frozen
class Moving(PlayerDecision):
    """The player has rolled ``roll`` for movement and chooses where the move ends (and,
    where opponents stand, whom it attacks there)."""

    KIND = MOVE
    RULE = RULE
    ACTIONS = (Move,)
    DOING = "move"
    roll: int

    def legal_actions(self, state: VampyreState, seat: str) -> tuple[Action, ...]:
        return move_actions(state, seat, self.roll).actions

    def effect(self, state: VampyreState, seat: str, action: Action) -> None:
        assert isinstance(action, Move)
        moved = perform(state, seat, action, self.roll)
        after_move(state, seat, action.attack, moved)

    def why_not(self, state: VampyreState, seat: str, action: Action) -> IllegalAction:
        assert isinstance(action, Move)
        return explain_move(state, seat, action, self.roll)

    def prompt(self, state: VampyreState, seat: str) -> str:
        where = "fly" if state.players[seat].form == NOSFERATU and not state.in_castle \
            else "move"
        return f"{at_hour(state)}{who(state, seat)} rolled {self.roll}: choose where to {where}"

    @classmethod
    def label(cls, state: VampyreState, seat: str, action: Action) -> str:
        assert isinstance(action, Move)
        label = f"move to {place_text(state, action.to)}"
        if action.attack == COUNT_DRACULA:
            return f"{label} and attack Count Dracula"
        if action.attack in state.players:
            return f"{label} and attack {foe(state, action.attack)}"
        if action.attack:
            return f"{label} and attack {action.attack!r}"
        pending = state.pending
        if state.in_castle and state.green.get(action.to) and \
                pending is not None and state.players[pending.seat].form == HUNTER:
            return f"{label} and reveal the guardian there"
        return label

    def fits(self) -> bool:
        return 1 <= self.roll <= 6

    def offered(self, state: VampyreState) -> bool:
        """The current player, on the board, free to roll (not possessed, fleeing, bound
        to reveal a guardian or locked in a fight), with somewhere to go."""
        seat = self.seat
        p = state.players[seat]
        return seat == state.current and p.location is not None and not p.possessed \
            and not p.fleeing and not p.must_reveal and state.fight_of(seat) is None \
            and bool(move_actions(state, seat, self.roll).actions)


def offer_move(state: VampyreState, seat: str, roll: int) -> bool:
    """Offer ``seat`` the moves ``roll`` allows; False if there is none (the mover is
    stuck)."""
    moves = move_actions(state, seat, roll)
    if not moves:
        return False
    moving = _MOVINGS.get((seat, roll))
    if moving is None:
        moving = _MOVINGS[(seat, roll)] = Moving(seat, roll)
    state.ask(moving, moves)  # its legal actions, worked out already
    return True


#: The records of each seat moving with each roll, shared by every state (records never
#: change).
_MOVINGS: dict[tuple[str, int], Moving] = {}


def after_move(state: VampyreState, seat: str, attack: str, moved: dict[str, Any]) -> None:
    """Steps 2-3 after movement: search, or camp and check for an encounter; then combat.

    A hunter who ends a move in the mountains, the forest or an area under evil influence
    "must roll" for the night's encounter (2.), even on an opponent he attacks: the attack
    (3. Combat) waits on the stack (:class:`CombatStep`) until the night is over. ``moved``
    is the move's log event; the night's encounter roll joins it in one entry.
    """
    p = state.players[seat]
    where = p.location
    assert where is not None
    if camps_in_the_wilderness(state, seat):
        if attack:
            state.stack.append(CombatStep(seat, attack))  # 3. Combat, once the night is over
        night(state, seat, moved)
        return
    state.events.add(moved)
    if attack and state.in_castle and p.is_living_hunter and state.green.get(where):
        # "must immediately flip the piece over and fight the revealed guardian": 3. Reveal
        # Counter, then 4. Combat with the opponent, once the guardian is dealt with
        state.stack.append(CombatStep(seat, attack))
        arrive(state, seat)
        return
    if attack:
        player_fight(state, seat, attack)
        return
    if state.in_castle:
        arrive(state, seat)
        return
    if state.world.transylvania.is_large(where):
        p.visit(where)
    if p.form != HUNTER or p.possessed:
        return  # the converted neither search nor roll for encounters
    if can_search(state, seat):
        state.ask(SearchOrCamp(seat))


@attrs.frozen
class CombatStep(VampyreDecision):
    """"Sequence of Play - Transylvania": 2. Search or check for encounter, 3. Combat. A
    hunter who ended his move on an opponent in the wilderness has rolled for the night's
    encounter; once it is over (a fight, a Strange Occurrence, a decision it asked), he
    attacks the opponent, if both are still there and free to fight (ruling 7).

    Nobody decides it: saves hold it under the decision the night asked (``waiting``)."""

    KIND = COMBAT_STEP
    RULE = "Sequence of Play - Transylvania"
    seat: str
    target: str

    def run(self, state: VampyreState) -> None:
        state.stack.pop()
        if self.may_attack(state):
            player_fight(state, self.seat, self.target)
            return
        state.events.say("no_attack", f"{state.name(self.seat)} can no longer attack "
                         f"{state.name(self.target)}", seat=self.seat, opponent=self.target)

    def may_attack(self, state: VampyreState) -> bool:
        """The hunter, free and not possessed, still shares a hex with the opponent, who is
        still one he may attack there."""
        p = state.players[self.seat]
        return p.is_living_hunter and state.fight_of(self.seat) is None \
            and self.target in attack_targets(state, self.seat).get(p.location or "", ())

    def fits(self, state: VampyreState) -> bool:
        """The current player waits to attack another player under a decision the night's
        encounter asked (read when a save is loaded)."""
        pending = state.pending
        fight = None if pending is None else pending.held_fight()
        return self.seat == state.current and self.target in state.players \
            and self.target != self.seat and pending is not None \
            and pending.kind in (LEAD_ASTRAY, LOOK_AT_COUNTER, SILVER_BULLET) \
            and (fight is None or fight.origin in (FightOrigin.ENCOUNTER, FightOrigin.GUARDIAN))


# -- possession: the automatic charge ---------------------------------------------------------

def _nearest_prey(state: VampyreState, seat: str) -> str | None:
    p = state.players[seat]
    assert p.location is not None
    seats = state.seats
    board = state.world.castle if state.in_castle else state.world.transylvania
    prey = [s for s, q in state.players.items()
            if s != seat and q.is_living_hunter and state.fight_of(s) is None]
    if not prey:
        return None

    def key(s: str) -> tuple[int, int]:
        where = state.players[s].location
        assert where is not None and p.location is not None
        return (board.distance(p.location, where),
                (seats.index(s) - seats.index(seat)) % len(seats))

    return min(prey, key=key)


def _charge(board: Transylvania, start: str, goal: str, dice: tuple[int, int]) -> Path:
    """The path of a possessed player's charge in Transylvania: to the prey if the dice
    reach it, else to the hex the dice reach nearest it (fewest hexes moved, then map
    order, on a tie)."""
    paths = charge_reach(board, start, dice)
    end = min(paths, key=lambda h: (board.distance(h, goal), len(paths[h]), board.index[h]))
    return paths[end]


def possessed_move(state: VampyreState, seat: str) -> None:
    """"P - Possession": the possessed player moves at twice normal speed (two dice; one die
    inside the castle) towards the nearest living player and attacks on reaching him."""
    p = state.players[seat]
    target = _nearest_prey(state, seat)
    if target is None:
        state.events.say("possessed", f"{state.when()}The possessed {state.name(seat)} finds "
                         "no one to attack",
                         seat=seat)
        return
    start = p.location
    goal = state.players[target].location
    assert start is not None and goal is not None
    moved: list[str] = []
    if state.in_castle:
        die = state.dice.d6()
        dice_text = f"{die}"
        moved = state.world.castle.shortest_path(start, goal)[:die]
    else:
        d1, d2 = state.dice.d6(), state.dice.d6()
        dice_text = f"{d1} and {d2}"
        moved = list(_charge(state.world.transylvania, start, goal, (d1, d2)))
    end = moved[-1] if moved else start
    p.location = end
    state.events.say("possessed", f"{state.when()}The possessed {state.name(seat)} rolls "
                     f"{dice_text} and charges towards {state.name(target)}, to "
                     f"{state.place(end)}", seat=seat, target=target, path=moved)
    fights_here = state.in_castle or not state.world.transylvania.is_large(goal)
    if p.location == goal and fights_here:
        player_fight(state, seat, target)
