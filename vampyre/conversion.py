"""Bites, wounds and what they make of a hunter ("Vampiric Conversion",
"Werewolf Conversion", "W - Wound", "P - Possession").

* Three bites make a hunter a nosferatu; all useful items are lost.
* A hunter with two bites wounded by a werewolf becomes a player werewolf.
* Otherwise a wound sends the hunter to Klausenburg (Basic Game); in Castle
  Dracula two wounds kill.
* A possessed hunter charges the nearest living player at double speed for
  one to six turns (one die inside the castle).
* Defeated nosferatu and player werewolves dissolve and reappear in The Crypts
  (The Tower in Castle Dracula) at the start of their next turn; a nosferatu
  that has bitten is sated and stays away two turns.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .state import (
    DEAD,
    HUNTER,
    KLAUSENBURG,
    NOSFERATU,
    PLAYER_WEREWOLF,
    THE_CRYPTS,
)

if TYPE_CHECKING:
    from .state import VampyreState

WEREWOLVES = ("werewolf", PLAYER_WEREWOLF)
SATED_TURNS = 2


def lose_items(state: VampyreState, seat: str) -> None:
    """All useful items are lost (counters are set aside; gifts simply vanish)."""
    p = state.players[seat]
    state.removed.extend(i for i in p.items if not i.startswith("gift_"))
    p.items.clear()


def bite(state: VampyreState, seat: str) -> None:
    """"B - Bite": a Bite! marker; the third makes a nosferatu."""
    p = state.players[seat]
    p.bites += 1
    marks = "1 bite" if p.bites == 1 else f"{p.bites} bites"
    state.events.say("bite", f"{state.name(seat)} has been bitten ({marks})", seat=seat,
                     bites=p.bites)
    if p.bites >= 3 and p.form == HUNTER:
        _convert(state, seat, NOSFERATU, "becomes a nosferatu")


def wound(state: VampyreState, seat: str, monster: str) -> None:
    """"W - Wound", with the werewolf exception."""
    p = state.players[seat]
    if monster in WEREWOLVES and p.bites >= 2 and p.form == HUNTER and not p.possessed:
        _convert(state, seat, PLAYER_WEREWOLF, "contracts lycanthropy and becomes a werewolf")
        return
    if state.in_castle:
        p.wounds += 1
        if p.wounds >= 2:
            leave_for_good(state, seat, DEAD, "dies of the wounds")
            return
        p.may_heal = True
        state.events.say("wound", f"{state.name(seat)} is wounded (a second wound kills)",
                         seat=seat, wounds=p.wounds)
        return
    from .searching import visit

    p.location = KLAUSENBURG
    visit(p, KLAUSENBURG)
    state.events.say("wound", f"{state.name(seat)} is wounded and carried to Klausenburg",
                     seat=seat)


def _convert(state: VampyreState, seat: str, form: str, text: str) -> None:
    p = state.players[seat]
    p.form = form
    p.possessed = 0
    p.fleeing = p.must_reveal = p.may_heal = p.healing = p.resting = False
    p.wounds = 0
    p.immobile = p.lost_turns = 0
    lose_items(state, seat)
    state.events.say("conversion", f"{state.name(seat)} {text}", seat=seat, form=form)
    if state.in_castle:
        _remove(state, seat, 0)


def possess(state: VampyreState, seat: str) -> None:
    """"P - Possession": for 1-6 turns (one die)."""
    turns = state.dice.d6()
    state.players[seat].possessed = turns
    state.events.say("possession", f"{state.name(seat)} is possessed by a demon for {turns} "
                     + ("turn" if turns == 1 else "turns"), seat=seat, turns=turns)


def end_possession(state: VampyreState, seat: str, why: str) -> None:
    p = state.players[seat]
    if not p.possessed:
        return
    p.possessed = 0
    state.fights = [f for f in state.fights if f.opponent != seat]
    state.events.say("possession_ends", f"{state.name(seat)} is free of the demon: {why}",
                     seat=seat)


def _remove(state: VampyreState, seat: str, wait: int) -> None:
    p = state.players[seat]
    p.location = None
    p.reappear = wait
    state.fights = [f for f in state.fights if seat not in (f.hunter, f.opponent)]


def dissolve(state: VampyreState, seat: str, text: str) -> None:
    """The converted player's counter leaves the board until the start of its next turn."""
    state.events.say("removed", f"{state.name(seat)} {text}", seat=seat)
    _remove(state, seat, 0)


def sate(state: VampyreState, seat: str) -> None:
    """A nosferatu that has bitten is sated: away for two turns."""
    state.events.say("sated", f"{state.name(seat)} is sated and leaves the board", seat=seat)
    _remove(state, seat, SATED_TURNS)


def leave_for_good(state: VampyreState, seat: str, why: str, text: str) -> None:
    """Dead, saved or slain: out of the game."""
    p = state.players[seat]
    state.events.say("out", f"{state.name(seat)} {text}", seat=seat, why=why)
    _remove(state, seat, -1)
    p.out = why
    p.possessed = 0
    state.order.drop_out(seat)


def reappear(state: VampyreState, seat: str) -> None:
    """Back on the board at the start of a turn: The Crypts, or The Tower inside the castle
    (a hunter freed of possession while off the board re-enters at The Portcullis)."""
    p = state.players[seat]
    if state.in_castle:
        castle = state.world.castle
        home = castle.tower if p.is_converted else castle.entrance
    else:
        home = THE_CRYPTS
    p.location = home
    p.reappear = -1
    at = "at" if state.in_castle and home == state.world.castle.entrance else "in"
    state.events.say("reappear", f"{state.when()}{state.name(seat)} reappears {at} "
                     f"{state.place(home)}",
                     seat=seat, place=home)


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
        board = state.world.transylvania
        d1, d2 = state.dice.d6(), state.dice.d6()
        dice_text = f"{d1} and {d2}"
        limit, here = 99, start
        for there in board.shortest_path(start, goal):
            limit = min(limit, board.step_rate(here, there, d1) + board.step_rate(here, there, d2))
            if len(moved) + 1 > limit:
                break
            moved.append(there)
            here = there
    end = moved[-1] if moved else start
    p.location = end
    state.events.say("possessed", f"{state.when()}The possessed {state.name(seat)} rolls "
                     f"{dice_text} and charges towards {state.name(target)}, to "
                     f"{state.place(end)}", seat=seat, target=target, path=moved)
    fights_here = state.in_castle or not state.world.transylvania.is_large(goal)
    if p.location == goal and fights_here:
        from .combat import player_fight

        player_fight(state, seat, target)
