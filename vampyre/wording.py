"""What a player is asked and what each choice is called, in the rulebook's words.

:func:`prompt` words the decision the game waits for ("Mina rolled 4: choose where
to move"); :func:`describe` labels one action ("move to Bistritz and attack Harker
(nosferatu)", "search The Old Abbey", "fire the silver bullet"). Both read only
what is on the table (where counters stand, which green areas hold a face-down
guardian, never which one), so they are the same for every state a player cannot
tell apart from this one.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gothic_kernel import Action

from .actions import (
    ChooseItem,
    DeclareSilverBullet,
    HealWound,
    LeadAstray,
    LookAtCounter,
    MakeCamp,
    Move,
    RestAtStandingStones,
    Search,
    TakeTurn,
)
from .combat import COUNT_DRACULA, the
from .state import (
    CHOOSE_ITEM,
    HUNTER,
    LEAD_ASTRAY,
    LOOK_AT_COUNTER,
    MOVE,
    NOSFERATU,
    PLAYER_WEREWOLF,
    SEARCH_DECISION,
    SILVER_BULLET,
    TURN_START,
    Pending,
    clock_text,
)

if TYPE_CHECKING:
    from .state import VampyreState

#: What each form of player is called after its name ("Mina, a nosferatu, rolled 4").
FORM_WORDS = {NOSFERATU: "a nosferatu", PLAYER_WEREWOLF: "a player werewolf"}


def place_text(state: VampyreState, where: str) -> str:
    """A place in words, or its id quoted if it is on neither map (a label of a stranger)."""
    if where in state.world.transylvania.index or \
            (state.in_castle and where in state.world.castle.index):
        return state.place(where)
    return repr(where)


# -- prompts ------------------------------------------------------------------------------------

def prompt(state: VampyreState) -> str:
    """The decision the game waits for, as one sentence for the deciding player."""
    pending = state.pending
    assert pending is not None
    return _PROMPTS[pending.kind](state, pending)


def _when(state: VampyreState) -> str:
    """Inside Castle Dracula, the hour: "At 3 p.m., "."""
    return f"At {clock_text(state.clock)}, " if state.in_castle else ""


def _who(state: VampyreState, seat: str) -> str:
    """The player, with the form taken if no longer a vampire hunter ("Mina, a nosferatu,")."""
    form = state.players[seat].form
    name = state.name(seat)
    return name if form == HUNTER else f"{name}, {FORM_WORDS[form]},"


def _turn_start(state: VampyreState, pending: Pending) -> str:
    who = state.name(pending.seat)
    if state.in_castle:
        return (f"{_when(state)}{who} is wounded: lose this turn to cure the wound, or ignore "
                "it and play on (a second wound kills)")
    return (f"{who} is among The Standing Stones: spend this turn there to be cured of every "
            "vampire bite (once a game), or take the turn as usual")


def _move(state: VampyreState, pending: Pending) -> str:
    where = "fly" if state.players[pending.seat].form == NOSFERATU and not state.in_castle \
        else "move"
    return f"{_when(state)}{_who(state, pending.seat)} rolled {pending.roll}: choose where to " \
        f"{where}"


def _search(state: VampyreState, pending: Pending) -> str:
    where = state.players[pending.seat].location
    assert where is not None
    return (f"{state.name(pending.seat)} has stopped in {state.place(where)}: search it (turn "
            "over the top counter) or make camp without searching")


def _silver_bullet(state: VampyreState, pending: Pending) -> str:
    fight = pending.fight
    assert fight is not None
    who = state.name(pending.seat)
    if fight.opponent:
        return (f"{who} fights {_foe(state, fight.opponent)}: declare before the combat die "
                "is rolled whether the silver bullet is used")
    return f"A werewolf attacks {who}: fire the silver bullet to slay it, or keep the bullet"


def _lead_astray(state: VampyreState, pending: Pending) -> str:
    lost = state.name(pending.target)
    hexes = "1 hex" if pending.roll == 1 else f"{pending.roll} hexes"
    return (f"{lost} is lost: {state.name(pending.seat)} rolled {pending.roll}; choose where "
            f"to move {lost}'s counter, {hexes} away (terrain effects are ignored)")


def _look_at_counter(state: VampyreState, pending: Pending) -> str:
    return (f"{state.name(pending.seat)} may look in secret at the top counter of one large "
            "hex: choose which")


def _choose_item(state: VampyreState, pending: Pending) -> str:
    return (f"{state.name(pending.seat)} has won the Basic Game: choose a useful item to take "
            "into Castle Dracula")


_PROMPTS = {
    TURN_START: _turn_start, MOVE: _move, SEARCH_DECISION: _search,
    SILVER_BULLET: _silver_bullet, LEAD_ASTRAY: _lead_astray,
    LOOK_AT_COUNTER: _look_at_counter, CHOOSE_ITEM: _choose_item,
}


# -- labels -------------------------------------------------------------------------------------

def describe(state: VampyreState, seat: str, action: Action) -> str:
    """A short label of ``action`` for the person playing ``seat``."""
    if isinstance(action, Move):
        return _move_label(state, action)
    if isinstance(action, TakeTurn):
        healing = state.pending is not None and state.pending.kind == TURN_START \
            and state.in_castle
        return "ignore the wound and play on" if healing else "take the turn as usual"
    if isinstance(action, DeclareSilverBullet):
        return "fire the silver bullet" if action.use else "keep the silver bullet"
    if isinstance(action, Search):
        where = state.players[seat].location
        return f"search {place_text(state, where)}" if where else "search the large hex"
    if isinstance(action, LeadAstray):
        lost = state.pending.target if state.pending and state.pending.target else ""
        whom = state.name(lost) if lost else "the lost player"
        return f"lead {whom} astray to {place_text(state, action.to)}"
    if isinstance(action, LookAtCounter):
        return f"look at the top counter of {place_text(state, action.large_hex)}"
    if isinstance(action, ChooseItem):
        known = action.item in state.rules.items
        return f"take {the(state, action.item)}" if known else f"take {action.item!r}"
    return _FIXED.get(type(action), action.TYPE.replace("_", " "))


_FIXED: dict[type[Action], str] = {
    HealWound: "lose this turn to cure the wound",
    RestAtStandingStones: "spend the turn among The Standing Stones to be cured",
    MakeCamp: "make camp without searching",
}


def _move_label(state: VampyreState, move: Move) -> str:
    label = f"move to {place_text(state, move.to)}"
    if move.attack == COUNT_DRACULA:
        return f"{label} and attack Count Dracula"
    if move.attack in state.players:
        return f"{label} and attack {_foe(state, move.attack)}"
    if move.attack:
        return f"{label} and attack {move.attack!r}"
    if state.in_castle and state.green.get(move.to) and \
            state.pending is not None and state.players[state.pending.seat].form == HUNTER:
        return f"{label} and reveal the guardian there"
    return label


def _foe(state: VampyreState, seat: str) -> str:
    """An opponent as a label names it: "Mina (nosferatu)", "Harker (possessed)"."""
    p = state.players[seat]
    form = {NOSFERATU: "nosferatu", PLAYER_WEREWOLF: "player werewolf"}.get(p.form)
    if form is None:
        form = "possessed" if p.possessed else "vampire hunter"
    return f"{state.name(seat)} ({form})"
