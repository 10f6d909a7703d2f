"""Bots that play Fury of Dracula (1987) sensibly from their seat's observation alone.

They read nothing but the observation they are handed, the legal actions, and the
printed components every player may look at (the map, the Railway Station Chart,
the Combat Action Board, the Encounter Chits). Ties are broken by a seeded die, so
a game between bots replays exactly.

:class:`HunterBot` hunts through the possible-location tracker of its observation:

* each Hunter moves to cover the places where Dracula can be (weighted by the
  tracker's hypotheses) that his fellows do not already cover (so the three spread
  out and close in from different sides), straight at Dracula when his piece stands
  on the map, taking a train when the chase is far off; he heads for Vampires the
  Hunters have seen when he (or his group) can destroy them;
* he takes Weapons while he has room for them and Event Cards otherwise, keeps the
  best Weapons, reveals Dogs, treats a bite with Holy Water, and Passes to swap poor
  Weapons only while Dracula is far away;
* he attacks Dracula when he (or his group) has a Weapon that can hurt him and is
  not badly hurt; he faces a Vampire when he can destroy it and no member exposed to
  its bite is already bitten;
* in combat he picks the chit with the best expected result on the Combat Action
  Board, against the chits his foe may still use (Restrictions on Combat), with
  the initiative odds his modifiers give; against Dracula, weighted by Dracula's
  own reckoning run on the facts Dracula can see (a forecast);
* Hunters who meet in a Town form a group when the hunt has narrowed to a few
  places (all of them fight together), and split again when it widens.

:class:`DraculaBot` keeps ahead of the Hunters and spreads his Vampires:

* he moves where the Hunters cannot reach him next turn, to Town boxes where he can
  still place an Encounter, avoiding Sea voyages (they cost Blood Points) unless
  cornered, and a third turn in his Castle;
* he places Vampires where no Hunter is near and his nastiest Encounters (Wolves,
  Szgany, Servants) in the Hunters' path, and Passes to exchange poor chits for new
  ones (fishing for Vampires) when no Hunter is close;
* he walks into a lone Hunter's Town only when he is strong and the Hunter is
  weak or bitten; he consumes a Vampire only when his Blood Points run low;
* in combat he chooses his chit by the same expected-result reckoning, against the
  chits the Hunter may hold (he knows how many Weapons, not which, save those he
  has seen), by day and by night, escaping when hurt.

Both play each Event Card by a rule of its own (:mod:`fury1987.bot_events`). A
decision of a kind the bots were not written for (a newer rule's action) is judged by
its fields where they say something (a place, a Hunter, a Weapon) and otherwise left
to the die, so the bots never stall a game.

The Hunters' bot is :mod:`fury1987.hunter_bot` (its combat reckoning
:mod:`fury1987.hunter_bot_combat`), Dracula's :mod:`fury1987.dracula_bot`, what they share
(the map's distances, the initiative odds, the base class) :mod:`fury1987.bot_common`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .bot_common import initiative_odds
from .dracula_bot import DraculaBot
from .hunter_bot import HunterBot
from .state import DRACULA, HUNTERS, FuryState

if TYPE_CHECKING:
    from gothic_kernel import Agent, GameState

__all__ = ["DraculaBot", "HunterBot", "default_agents", "initiative_odds"]


def default_agents(state: GameState, seed: int) -> dict[str, Agent]:
    """Dracula's bot and a Hunter bot for each Hunter, seeded from ``seed``."""
    assert isinstance(state, FuryState)
    rules = state.rules
    agents: dict[str, Agent] = {DRACULA: DraculaBot(rules, seed)}
    for i, seat in enumerate(HUNTERS):
        agents[seat] = HunterBot(rules, seed + i + 1)
    return agents
