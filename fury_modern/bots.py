"""Bots that play modern Fury of Dracula from their seat's observation alone.

They read nothing but the observation they are handed, the legal actions and the printed
components every player may look at (the map, the cards' printed counts, icons and
damage). Ties are broken by a seeded die, so a game between bots replays exactly.

:class:`HunterBot` (:mod:`fury_modern.hunter_bot`) hunts with the tracker of the
observation (``possible_locations``, the places the public record leaves Dracula):

* each hunter moves where he covers most of those places that his fellows do not already
  cover (closeness ``1/(1+d)^2`` by road, sea and rail), pulled towards the nearest of
  them and, while they are few, towards where Dracula may move next (a hunter who cannot
  reach him today waits for him there); straight at Dracula while he is revealed (unless
  too hurt to fight him at the next dawn or dusk); he is drawn to the hideouts of the trail
  turned face up that still hold face-down encounters (the older, the sooner a vampire
  among them matures) and searches them;
* otherwise he supplies (items in a large city while he holds fewer than two), rests when
  hurt, reserves a ticket while he holds fewer than two, and never trades;
* in combat he chooses the card with the best expected result (damage dealt, the kill,
  Dracula's escape, damage taken weighted by the health he has left, a bite, leaving when
  weak) against the
  cards Dracula may still hold: his combat deck's printed counts less the cards face up,
  escapes only once Pride allows; the choice is mixed (a predictable fighter is an easy
  one).

:class:`DraculaBot` (:mod:`fury_modern.dracula_bot`) keeps out of reach and out of what
the hunters know:

* he moves where no hunter can walk in next day, away from the newest card of his trail
  the hunters have turned face up (or from where he was revealed), on land where he can
  leave an encounter; to Castle Dracula when hurt; a power card when it pays (Wolf Form
  to break away, Feed when hurt, Misdirect to clear a hideout they have found), never
  staying where he was revealed nor while the hunters close in on him (what he can tell
  of what they know: his face-up cards, a hideout seen maturing, their approach);
* he leaves vampires where no hunter is close (aristocratic first: it is never fought)
  and his nastiest other encounters in the hunters' path; ambushes a hunter with them
  (a vampire only when the hideout is face up and would be searched anyway); matures a
  hideout holding a vampire with its effects and turns others into lairs;
* in combat he chooses his card by the same reckoning against the cards the engaged
  hunter may hold (his Punch, Dodge and Escape, and combat items weighted by how many
  items he holds), engages and strikes the hunter nearest defeat, escapes when the damage
  the hunters may deal threatens him, flies as a bat; he avoids a fight in fog when hurt.

Both play every event and item card by :mod:`fury_modern.bot_cards`: a rule per known
card (what playing it now is worth), and for a card they do not know, play it whenever it
is offered in a window or as a reaction (every card is printed to help its holder), and as
a hunter's action only when nothing better is to be done. A decision of a kind the bots
were not written for is left to the die, so they never stall a game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .dracula_bot import DraculaBot
from .hunter_bot import HunterBot
from .rules import DRACULA

if TYPE_CHECKING:
    from gothic_kernel import Agent, GameState

__all__ = ["DraculaBot", "HunterBot", "default_agents"]


def default_agents(state: GameState, seed: int) -> dict[str, Agent]:
    """Dracula's bot and a hunter bot for each hunter, seeded from ``seed``."""
    return {seat: DraculaBot(seed) if seat == DRACULA else HunterBot(seed + i)
            for i, seat in enumerate(state.seats)}
