"""What a seat is asked, and its choices, in words a player at the table understands.

Each kind of decision words its own question (``question`` on its class, in the module
of its rulebook section: "Van Helsing (in Paris): choose your Movement Phase move",
"Dracula: choose your combat chit for round 2 (Bite, Dodge, ...)") and the labels of
its actions where they differ from the action's own words (:mod:`fury1987.labels`:
"move to Paris by Road", "take the train", "play Garlic", "choose the Dodge chit"). Both
read only what the seat may know: a Hunter's words come from public facts and the
Hunters' own secrets, never from Dracula's place, chits, Encounter Set or cards. Places,
chits and cards go by their printed names.

    >>> import gothic_kernel as gk
    >>> state = gk.load_game("fury1987").new_game(seed=2)
    >>> state.prompt("godalming")
    'Lord Godalming: choose the Town to start in (Starting the Game).'
    >>> state.describe_action("godalming", state.legal_actions("godalming")[0])
    'start in Alicante'

This module gathers the words for a reader looking for them in one place: the kinds of
decision that ask a question (``_PROMPTS``), the labels of the action types
(``_LABELS``, and ``_FIXED`` for the actions without fields).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from gothic_kernel import Action

from .decisions import FuryDecision
from .labels import FIXED, LABELS
from .wording import place_name, printed, seat_name

if TYPE_CHECKING:
    from .state import FuryState

__all__ = ["describe", "place_name", "printed", "prompt", "seat_name"]


def prompt(state: FuryState, seat: str) -> str:
    """What ``seat`` (who may act now) is asked, one sentence."""
    return state.prompt(seat)


def describe(state: FuryState, seat: str, action: Action) -> str:
    """A short label of one of ``seat``'s actions."""
    return state.describe_action(seat, action)


#: The question of each kind of decision that asks one, by kind.
_PROMPTS: dict[str, Callable[..., str]] = {
    kind: record.question for kind, record in FuryDecision.kinds.items()
    if issubclass(record, FuryDecision) and record.question is not FuryDecision.question}
_LABELS = LABELS
_FIXED = FIXED
