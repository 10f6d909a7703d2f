"""What every position of a game of VAMPYRE satisfies: the loader's checks of a save.

A save that breaks one of these could not arise in play; ``game.from_json`` refuses
it (CorruptSave) instead of loading a game that would fail later with a KeyError or
wait for a decision nobody can make. :func:`check` raises ValueError naming what is
wrong. The rules behind each check:

* the counters ("Counters", "Preparation for Play"): the 27 black counters each in
  exactly one place (face down in a large hex but Klausenburg, kept by the player who
  found it, or set aside) and none in a Castle-Dracula-only game; the 15 red guardians
  each in exactly one place (face down in a green area, face up, or set aside);
* the running counts: the clock within its 24 hours, turns from 1, rounds within the
  turns, gifts within one a turn (a Strange Occurrence's) and the Basic Game winner's;
* the players: bites 0-3 (three make a nosferatu), wounds only in Castle Dracula (two
  kill), possession 1-6 turns, lost turns and immobility as the rules give them, a
  counter off the board only while waiting to reappear or out for good, every place on
  the map of the stage being played;
* the fights left unresolved by an N result: a hunter against a monster, a converted
  player or a revealed guardian, each player in one fight at most;
* the decision waited for: exactly one unless the game is over (with at most the Combat
  step of the Sequence of Play waiting under one the night's encounter asked), asked of
  the right player, and one the rules can offer (each kind says when: ``offered``, e.g. a move
  somewhere to go, a hex that may be searched, a large hex still holding counters to
  look at).
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from .decisions import CHOOSE_ITEM
from .movement import CombatStep
from .state import (
    CASTLE,
    DEAD,
    FORMS,
    HUNTER,
    KLAUSENBURG,
    NOSFERATU,
    SAVED,
    SLAIN,
    TRANSYLVANIA,
    Fight,
    Player,
    TurnKind,
)
from .winning import BASIC_GAME, LEVELS, basic_game_due, level

if TYPE_CHECKING:
    from .state import VampyreState

#: A sated nosferatu waits one turn (``conversion.SATED_TURNS``); saves of before ruling 9
#: was revised hold waits of two, which play on as saved.
SAVED_SATED_TURNS = 2
MOST_GYPSIES = 6  # "a band of one die's number" (guardians.reveal)
MOST_LOST_TURNS = 2  # a storm or the rats: one; a gargoyle's I: two (never on top of another)


def check(state: VampyreState) -> None:
    """Raise ValueError if ``state`` could not arise in play."""
    _check_stage(state)
    _check_black_counters(state)
    _check_red_counters(state)
    for seat, player in state.players.items():
        _check_player(state, seat, player)
    _check_fights(state)
    _check_decision(state)


def _fail(problem: str) -> ValueError:
    return ValueError(problem)


def _check_stage(state: VampyreState) -> None:
    seats = set(state.seats)
    if set(state.players) != seats or state.stage not in (TRANSYLVANIA, CASTLE) \
            or tuple(state.order.order) != tuple(state.options["hunters"]):
        raise _fail("the players do not match the seats")
    order = state.order
    order.check()
    if tuple(order.phases) != ("turn",) or order.phase_index or order.missed or order.extra \
            or order.skip_next or order.extra_turn:
        raise _fail("the turn order has phases, missed or extra turns VAMPYRE never gives")
    out = {s for s, p in state.players.items() if p.out}
    if set(state.order.out) != out or len(state.order.out) != len(out):
        raise _fail("the players out of the game do not match the turn order")
    option = state.options["stage"]
    if (option == "basic" and state.in_castle) or (option == "castle" and not state.in_castle):
        raise _fail(f"a game of option stage={option!r} cannot be at the {state.stage} stage")
    if state.basic_winner and state.basic_winner not in seats:
        raise _fail(f"basic_winner {state.basic_winner!r} is no seat of this game")
    if state.in_castle and option == "extended" and not state.basic_winner:
        raise _fail("basic_winner is empty, yet an extended game is at the castle_dracula "
                    "stage: only the Basic Game's winner enters Castle Dracula")
    if state.first not in seats:
        raise _fail("no player went first")
    if state.basic_winner and not state.in_castle and state.result is None \
            and (state.pending is None or state.pending.kind != CHOOSE_ITEM):
        raise _fail(f"basic_winner {state.basic_winner!r}: the Basic Game has a winner, yet "
                    "play goes on in Transylvania")
    due = basic_game_due(state)
    if due:
        raise _fail(f"{due}, yet the Basic Game goes on without a winner (How to Win)")
    if state.turn_kind not in tuple(TurnKind):
        raise _fail(f"the kind of turn (turn_kind) {state.turn_kind!r} is unknown")
    _check_counts(state)


def _check_counts(state: VampyreState) -> None:
    """The clock and the running counts, each within what play can reach."""
    if not 0 <= state.clock < 24 or (not state.in_castle and state.clock != 12):
        raise _fail(f"the clock (clock) at {state.clock}: 0-23 in Castle Dracula, 12 (noon) "
                    "before it")
    # every decision is asked within a player's turn, so a save has seen one begin
    if state.turns < 1:
        raise _fail(f"the turn count (turns) {state.turns}: a decision comes within a turn")
    if not 1 <= state.rounds <= state.turns:
        raise _fail(f"the round count (rounds) {state.rounds}: from 1 to the turns played "
                    f"({state.turns})")
    # a gift comes from a Strange Occurrence (one encounter a turn) or is the Basic Game
    # winner's item (once)
    if not 0 <= state.gifts <= state.turns + 1:
        raise _fail(f"the gift count (gifts) {state.gifts}: from 0 to {state.turns + 1}, one "
                    "a turn at most and the Basic Game winner's item")


def _check_black_counters(state: VampyreState) -> None:
    rules, board = state.rules, state.world.transylvania
    held = [c for p in state.players.values() for c in (*p.coffins, *p.items)
            if not c.startswith("gift_")]
    found = [c for s in state.stacks.values() for c in s] + state.removed + held
    if state.options["stage"] == "castle":
        if found or state.stacks or state.peeks:
            raise _fail("Castle Dracula alone uses no black counter")
        return
    if Counter(found) != Counter(list(rules.black_counters)):
        raise _fail("the black counters are not each in exactly one place")
    searchable = {h for h in board.large_hexes if h != KLAUSENBURG}
    if set(state.stacks) != searchable or any(len(s) > 3 for s in state.stacks.values()):
        raise _fail("the face-down counters are not three or fewer in each large hex but "
                    "Klausenburg")
    category = rules.black_categories
    if any(category[rules.black_counters[c]] == "coffin" for c in state.removed):
        raise _fail("a coffin has been set aside")
    for seer, seen in state.peeks.items():
        if seer not in state.players or any(
                not state.stacks.get(h) or state.stacks[h][0] != c for h, c in seen.items()):
            raise _fail("a secret look at a counter that is not on top of its hex")


def _check_red_counters(state: VampyreState) -> None:
    rules, castle = state.rules, state.world.castle
    red = [c for c in state.green.values() if c] + list(state.revealed.values()) \
        + state.red_aside
    if Counter(red) != Counter(list(rules.red_counters)):
        raise _fail("the red counters are not each in exactly one place")
    if not state.in_castle:
        if state.green or state.revealed:
            raise _fail("guardians on the board before Castle Dracula")
        return
    if set(state.green) != set(castle.green) or any(
            s not in castle.green or state.green[s] for s in state.revealed):
        raise _fail("the guardians are not in the green areas")


def _check_player(state: VampyreState, seat: str, p: Player) -> None:
    for broken, problem in _player_rules(state, p):
        if broken:
            raise _fail(f"{seat}: {problem}")
    _check_items(state, seat, p)


def _player_rules(state: VampyreState, p: Player) -> list[tuple[bool, str]]:
    """(broken, what the rule is) for each rule one player's record obeys (a player out
    of the game keeps the notes of the moment it left, which no rule reads again)."""
    if p.out:
        return [
            (p.seat not in state.players or state.players[p.seat] is not p, "a record for "
             "another seat"),
            (p.out not in (DEAD, SAVED, SLAIN), f"out of the game for no reason {p.out!r}"),
            (p.form not in FORMS or (p.out == SAVED) != (p.form == NOSFERATU)
             or (p.out == SLAIN) != (p.form == "player_werewolf"),
             f"{p.out} as a {p.form}"),
            (p.out == DEAD and (p.wounds != 2 or not state.in_castle),
             "dead without two wounds in Castle Dracula"),
            (p.location is not None or p.reappear != -1 or p.possessed != 0,
             "out of the game yet on the board, waiting or possessed"),
        ]
    world = state.world
    places = world.castle.index if state.in_castle else world.transylvania.index
    waiting = p.reappear >= 0
    return [
        (p.seat not in state.players or state.players[p.seat] is not p, "a record for another "
         "seat"),
        (p.form not in FORMS, f"an unknown form {p.form!r}"),
        (p.bites != 3 if p.form == NOSFERATU else not 0 <= p.bites <= 2,
         f"{p.bites} bites for a {p.form} (three make a nosferatu)"),
        (not 0 <= p.wounds <= int(state.in_castle),
         f"{p.wounds} wounds (only in Castle Dracula, and two kill)"),
        (not 0 <= p.possessed <= 6 or (p.possessed > 0 and p.form != HUNTER),
         f"possessed for {p.possessed} turns (1-6, a vampire hunter)"),
        (not 0 <= p.lost_turns <= MOST_LOST_TURNS, f"{p.lost_turns} lost turns"),
        (not 0 <= p.immobile <= p.lost_turns, "immobile beyond the turns lost"),
        (not -1 <= p.reappear <= SAVED_SATED_TURNS, "an impossible wait"),
        ((p.location is None) != waiting, "neither on the map nor waiting to reappear"),
        (p.location is not None and p.location not in places,
         f"at {p.location!r}, not on the map of {state.stage}"),
        ((p.fleeing or p.must_reveal or p.may_heal) and (not state.in_castle
                                                        or p.form != HUNTER),
         "fleeing, revealing or healing outside Castle Dracula"),
        (p.healing or p.resting, "a turn half spent healing or resting (a save never "
         "holds one)"),
        (p.must_reveal and (p.location is None or not world.castle.is_green(p.location)),
         "to reveal a guardian outside a green area"),
        (bool(p.searched) and (state.in_castle
                               or p.searched not in world.transylvania.large_hexes),
         f"searched last {p.searched!r}, not a large hex"),
    ]


def _check_items(state: VampyreState, seat: str, p: Player) -> None:
    rules = state.rules
    for item in p.items:
        if item.startswith("gift_"):
            parts = item.split("_", 2)
            if len(parts) != 3 or not parts[1].isdigit() or not 0 < int(parts[1]) <= state.gifts \
                    or parts[2] not in rules.items:
                raise _fail(f"{seat} holds an unknown gift {item!r}")
        elif rules.black_categories.get(rules.black_counters.get(item, "")) != "item":
            raise _fail(f"{seat} holds {item!r}, which is not a useful item")
    for coffin in p.coffins:
        kind = rules.black_counters.get(coffin)
        if kind is None or rules.black_categories[kind] != "coffin":
            raise _fail(f"{seat} keeps {coffin!r} as a coffin")
    gifts = [i for q in state.players.values() for i in q.items if i.startswith("gift_")]
    if len(set(gifts)) != len(gifts) or (p.form != HUNTER and p.items):
        raise _fail("a useful item is held twice, or by a converted player")


def _check_fights(state: VampyreState) -> None:
    pending = state.pending
    held = None if pending is None else pending.held_fight()
    fights = [*state.fights, *([held] if held is not None else [])]
    fighters = [s for f in fights for s in (f.hunter, f.opponent) if s]
    if len(set(fighters)) != len(fighters):
        raise _fail("a player takes part in two fights")
    for fight in fights:
        _check_fight(state, fight)


def _check_fight(state: VampyreState, fight: Fight) -> None:
    rules, players = state.rules, state.players
    hunter = players.get(fight.hunter)
    foe = players.get(fight.opponent) if fight.opponent else None
    places = state.world.castle.index if state.in_castle else state.world.transylvania.index
    if hunter is None or hunter.form != HUNTER or hunter.out or hunter.location is None \
            or (fight.opponent and (foe is None or not foe.is_converted or foe.location is None
                                    or fight.opponent == fight.hunter)) \
            or fight.attacker not in (fight.hunter, fight.opponent or fight.hunter) \
            or fight.monster not in rules.monster_table \
            or (fight.gypsies and fight.monster != "gypsy") \
            or (fight.space and fight.space not in places):
        raise _fail("an impossible fight")
    if not 0 <= fight.gypsies <= MOST_GYPSIES:
        raise _fail(f"a fight against {fight.gypsies} gypsies (gypsies): a band is one die's "
                    f"number, at most {MOST_GYPSIES}")
    if fight.counter and (not state.in_castle or fight.counter not in rules.red_counters
                          or state.revealed.get(fight.space) != fight.counter):
        raise _fail("a fight with a guardian that is not face up where the fight is")


def _check_decision(state: VampyreState) -> None:
    pending = state.pending
    waiting = state.stack[1:-1] if pending is not None else state.stack[1:]
    if (pending is None) == (state.result is None) or len(waiting) > 1:
        raise _fail("a game must wait for exactly one decision until it is over")
    if any(not isinstance(step, CombatStep) or not step.fits(state) for step in waiting):
        raise _fail("only the Combat step of a hunter waits under the night's decision")
    if state.result is not None:
        result = state.result
        scores = {s: float(len(p.coffins)) for s, p in state.players.items()}
        basic_won = result.level == BASIC_GAME and bool(result.winners)
        if not set(result.winners) <= set(state.seats) or dict(result.scores) != scores \
                or result.level not in (level(state), LEVELS[state.stage]) \
                or (basic_won and result.winners != (state.basic_winner,)) \
                or (result.level == BASIC_GAME and not basic_won and state.basic_winner):
            raise _fail("an impossible outcome")
        return
    assert pending is not None
    if pending.seat not in state.players or state.players[pending.seat].out \
            or not state.turn_open or state.players[state.current].out:
        raise _fail("the game waits for an impossible decision")
    if not pending.fits():
        raise _fail("the decision's roll, lost player or fight does not fit it")
    if not pending.offered(state):
        raise _fail(f"the rules cannot offer the decision {pending.kind!r} now")
