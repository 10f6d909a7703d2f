"""Words the prompts and labels share, in the rulebook's words.

Each kind of decision words its own prompt ("Mina rolled 4: choose where to move") and
labels its own actions ("move to Bistritz and attack Harker (nosferatu)", "search The
Old Abbey", "fire the silver bullet"), in the module of its rule
(:mod:`vampyre.decisions`). They read only what is on the table (where counters stand,
which green areas hold a face-down guardian, never which one), so they are the same for
every state a player cannot tell apart from this one. This module holds the words they
share: players with their form, places, monsters with their article, the hour.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .state import HUNTER, NOSFERATU, PLAYER_WEREWOLF, clock_text

if TYPE_CHECKING:
    from .state import VampyreState

#: What each form of player is called after its name ("Mina, a nosferatu, rolled 4").
FORM_WORDS = {NOSFERATU: "a nosferatu", PLAYER_WEREWOLF: "a player werewolf"}


def the(state: VampyreState, monster: str) -> str:
    """A monster's name with its article: "the Bear", but "Count Dracula", "The Host"."""
    name = state.name(monster)
    return name if name.startswith(("Count ", "The ")) else f"the {name}"


def place_text(state: VampyreState, where: str) -> str:
    """A place in words, or its id quoted if it is on neither map (a label of a stranger)."""
    if where in state.world.transylvania.index or \
            (state.in_castle and where in state.world.castle.index):
        return state.place(where)
    return repr(where)


def at_hour(state: VampyreState) -> str:
    """Inside Castle Dracula, the hour that opens a prompt: "At 3 p.m., "."""
    return f"At {clock_text(state.clock)}, " if state.in_castle else ""


def who(state: VampyreState, seat: str) -> str:
    """The player, with the form taken if no longer a vampire hunter ("Mina, a nosferatu,")."""
    form = state.players[seat].form
    name = state.name(seat)
    return name if form == HUNTER else f"{name}, {FORM_WORDS[form]},"


def foe(state: VampyreState, seat: str) -> str:
    """An opponent as a label names it: "Mina (nosferatu)", "Harker (possessed)"."""
    p = state.players[seat]
    form = {NOSFERATU: "nosferatu", PLAYER_WEREWOLF: "player werewolf"}.get(p.form)
    if form is None:
        form = "possessed" if p.possessed else "vampire hunter"
    return f"{state.name(seat)} ({form})"
