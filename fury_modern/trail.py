"""The trail and the lairs: where a hideout lies, turning cards face up, clearing.

The trail is six spaces; trail space 1 holds Dracula's newest card (where he is, unless
a power card lets him stay). Lairs are hideouts off the trail (at most three). A cleared
hideout's location card goes back to Dracula's deck, its encounters are discarded and
its tokens returned (Vampire Encounters). Finding the trail and ambushes are in
``arrival``; what a hunter meets, in ``encounters``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gothic_kernel import Scope, event

from .rules import DRACULA

if TYPE_CHECKING:
    from .state import Hideout, ModernState


def hideout_in(state: ModernState, city: str) -> Hideout | None:
    """The hideout (trail space or lair) whose location card is ``city``'s, if any."""
    for hideout in (*state.trail, *state.lairs):
        if hideout.card == city:
            return hideout
    return None


def trail_space(state: ModernState, hideout: Hideout) -> str:
    """How a hideout is named at the table: "trail space 3" or "lair 2" (during the slide
    the trail starts on space 2: ``ModernState.first_space``)."""
    for i, found in enumerate(state.trail):
        if found is hideout:
            return f"trail space {i + state.first_space}"
    return f"lair {next(i for i, h in enumerate(state.lairs) if h is hideout) + 1}"


def reveal_location(state: ModernState, hideout: Hideout) -> None:
    if hideout.revealed:
        return
    hideout.revealed = True
    state.say("trail_revealed", f"{state.name(hideout.card)} is on Dracula's trail: its "
                                f"location card on {trail_space(state, hideout)} is turned "
                                "face up.", card=hideout.card, space=trail_space(state, hideout))


def reveal_dracula(state: ModernState, why: str) -> None:
    """Dracula's figure is placed on his city (never at sea)."""
    where = state.dracula_location
    if state.board.is_sea(where) or state.dracula.revealed:
        return
    state.dracula.revealed = True
    current = state.current_hideout
    if current is not None:
        reveal_location(state, current)
    state.say("dracula_revealed", f"Dracula is revealed in {state.name(where)} ({why}); a "
                                  "combat follows at the next dawn or dusk.", city=where)


def clear_hideout(state: ModernState, hideout: Hideout, why: str, *,
                  his_own: bool = False) -> None:
    """The location card back to the deck, the encounters discarded, the tokens returned.
    Dracula's own hideout (his location) is left alone, in silence, unless ``his_own``
    (he leaves it: Escape as Bat)."""
    where = trail_space(state, hideout)
    if hideout in state.trail:
        index = next(i for i, h in enumerate(state.trail) if h is hideout)
        if state.trail[index] is state.current_hideout and not his_own:
            return  # Dracula's own location is never cleared from under him
        state.trail.pop(index)
    else:
        state.lairs.remove(hideout)
    for encounter in hideout.encounters:
        state.encounter_deck.discard(encounter)
    shown = state.name(hideout.card) if hideout.revealed else "a face-down card"
    told = where.capitalize()  # the start of a sentence: "Trail space 3", "Lair 2"
    state.events.add(event("hideout_cleared", f"{told} ({state.name(hideout.card)}) is cleared "
                                              f"({why}).", card=hideout.card, space=where,
                           reason=why),
                     Scope.seat(DRACULA),
                     event("hideout_cleared", f"{told} ({shown}) is cleared ({why})"
                                              f"{encounters_discarded(len(hideout.encounters))}"
                                              ".", space=where, reason=why))


def encounters_discarded(count: int) -> str:
    """What the table learns of a hideout's encounters discarded face down: how many, or
    nothing when there are none."""
    if not count:
        return ""
    return "; its encounter is discarded" if count == 1 else \
        f"; its {count} encounters are discarded"


def return_encounter(state: ModernState, city: str, encounter: str, wounds: int = 0) -> None:
    """An encounter goes back face up to the hideout in ``city`` (discarded if that was
    cleared meanwhile), keeping its damage (a vampire)."""
    hideout = hideout_in(state, city)
    if hideout is None:
        state.encounter_deck.discard(encounter)
        return
    hideout.add_encounter(encounter, shown=True, wounds=wounds)
    state.say("encounter_returns", f"{state.name(encounter)} goes back face up to "
                                   f"{state.name(city)}.", encounter=encounter)


__all__ = ["clear_hideout", "hideout_in", "return_encounter", "reveal_dracula",
           "reveal_location", "trail_space"]
