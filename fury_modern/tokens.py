"""Tokens on the board with lingering effects (Event And Encounter Tokens).

Fog: no Search in the city; no hunter may enter, leave or pass through it; Dracula may
avoid a combat there; at the end of each dusk one fog token leaves each city that has
any. Roadblock: no hunter may move along that road or railway; at the end of each dusk
Dracula removes one. Storm: no hunter may move into that sea zone; at the end of dusk
Dracula removes one. Consecrated ground and heavenly host: on a location of the trail, that
location and its encounters are revealed; Dracula cannot enter it, and if it is his
current location he must move to a new one in his next phase (heavenly hosts leave at
dawn: see round).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from gothic_kernel import Action

from .actions import RemoveStorm, Roadblock
from .decisions import ModernDecision
from .rules import DRACULA
from .trail import hideout_in, reveal_location
from .wording import plural

if TYPE_CHECKING:
    from .state import ModernState

#: Roadblock and fog tokens in the box (tracks.toml, [UBG]): no more can lie on the board.
ROADBLOCK_TOKENS = 8
FOG_TOKENS = 4


def place_holy_token(state: ModernState, city: str, *, host: bool) -> None:
    """The consecrated ground token (or a heavenly host, ``host``) goes on ``city`` (Host
    Tokens); the cards part 2 plays (Consecrated Ground, Heavenly Host) call this."""
    if host:
        state.tokens.hosts.append(city)
    else:
        state.tokens.consecrated = city
    what = "A heavenly host" if host else "The consecrated ground token"
    state.say("holy_token", f"{what} is placed on {state.name(city)}.", city=city, host=host)
    hideout = hideout_in(state, city)
    if hideout is None or hideout.revealed:  # the table learns that no face-down card is it
        state.say("not_on_trail", f"{state.name(city)} is not on Dracula's trail." if hideout
                  is None else f"{state.name(city)} already lies face up.", cities=[city])
        if hideout is None:
            return
    reveal_location(state, hideout)
    hideout.shown = [True] * len(hideout.encounters)
    if hideout.encounters:
        state.say("encounters_revealed", f"The encounters in {state.name(city)} are revealed: "
                                         f"{', '.join(map(state.name, hideout.encounters))}.",
                  city=city, encounters=list(hideout.encounters))
    if hideout is state.current_hideout:
        state.dracula.must_leave = True


def place_fog(state: ModernState, city: str, count: int) -> None:
    """Up to ``count`` fog tokens on ``city``, as many as the box has left."""
    count = min(count, FOG_TOKENS - sum(state.tokens.fog.values()))
    if count <= 0:
        state.say("no_fog", f"No fog token is left to place in {state.name(city)}.", city=city)
        return
    state.tokens.fog[city] = state.tokens.fog.get(city, 0) + count
    state.say("fog", f"{plural(count, 'fog token')} in {state.name(city)}.", city=city, count=count)


def dusk_tokens(state: ModernState) -> None:
    """The end of dusk: one fog token leaves each fogged city; Dracula removes a roadblock
    and a storm token of his choice."""
    fog = state.tokens.fog
    for city in sorted(fog):
        fog[city] -= 1
        if fog[city] <= 0:
            del fog[city]
    if state.tokens.roadblocks:
        state.stack.append(TokenRemoval("roadblock"))
    if state.tokens.storms:
        state.stack.append(TokenRemoval("storm"))


@attrs.frozen
class TokenRemoval(ModernDecision):
    """At the end of dusk Dracula removes one roadblock (or storm) token of his choice."""

    KIND = "token_removal"
    RULE = "Event And Encounter Tokens"
    token: str  # "roadblock" or "storm"

    def deciders(self, state: ModernState) -> tuple[str, ...]:
        return (DRACULA,)

    def legal_actions(self, state: ModernState, seat: str) -> list[Action]:
        if self.token == "storm":
            return [RemoveStorm(s) for s in sorted(set(state.tokens.storms))]
        return [Roadblock(kind, a, b, remove=True)
                for kind, a, b in sorted(state.tokens.roadblocks)]

    def prompt(self, state: ModernState, seat: str) -> str:
        return f"Dracula: the end of dusk - remove one {self.token} token."

    def apply(self, state: ModernState, seat: str, action: Action) -> None:
        state.stack.pop()
        if isinstance(action, RemoveStorm):
            state.tokens.storms.remove(action.sea)
            state.say("storm_removed", f"The storm leaves {state.name(action.sea)}.")
            return
        assert isinstance(action, Roadblock)
        state.tokens.roadblocks.remove([action.kind, action.a, action.b])
        state.say("roadblock_removed", f"The roadblock on the {action.kind} "
                                       f"{state.name(action.a)} - {state.name(action.b)} is "
                                       "removed.")


@attrs.frozen
class RoadblockPlacement(ModernDecision):
    """Dracula puts a roadblock token on a road or railway of his choice."""

    KIND = "roadblock_placement"
    RULE = "Event And Encounter Tokens - Roadblock Tokens"
    why: str

    def deciders(self, state: ModernState) -> tuple[str, ...]:
        return (DRACULA,) if len(state.tokens.roadblocks) < ROADBLOCK_TOKENS else ()

    def run(self, state: ModernState) -> None:
        """Every roadblock token of the box lies on the board: none is placed."""
        state.stack.pop()
        state.say("no_roadblock", f"No roadblock token is left to place ({self.why}).")

    def legal_actions(self, state: ModernState, seat: str) -> list[Action]:
        taken = {tuple(r) for r in state.tokens.roadblocks}
        return [Roadblock(link.kind, link.a, link.b) for link in state.board.links
                if link.kind in ("road", "rail") and (link.kind, link.a, link.b) not in taken]

    def prompt(self, state: ModernState, seat: str) -> str:
        return f"Dracula: place a roadblock on a road or railway ({self.why})."

    def apply(self, state: ModernState, seat: str, action: Action) -> None:
        assert isinstance(action, Roadblock)
        state.stack.pop()
        state.tokens.roadblocks.append([action.kind, action.a, action.b])
        state.say("roadblock", f"A roadblock on the {action.kind} {state.name(action.a)} - "
                               f"{state.name(action.b)} ({self.why}).", route=action.kind,
                  a=action.a, b=action.b)
