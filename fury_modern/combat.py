"""Combat: hunters against Dracula (or one of his vampires), round by round (Combat).

Before combat each hunter takes a Punch, a Dodge and an Escape card (they do not count
toward his hand limit) and Dracula draws five cards from his shuffled combat deck. Each
round:

1. Choose combat cards: every player places one card face down; a hunter's card must
   have a banner (Punch, Dodge, Escape, or an item with a red banner). With several
   hunters, Dracula names the engaged hunter before the cards are revealed; only he can
   block Dracula's card.
2. Reveal them together.
3. Compare icons: if the icon on Dracula's card is highlighted on the engaged hunter's
   banner, Dracula's card is cancelled (not by a basic card that Plotting, turned face
   down just before, has cancelled: a ruling).
4. Resolve Dracula's card unless cancelled (his Pride decides when an escape card may
   be played: 3 minus the despair tokens combat cards before it; a vampire's only
   when three are in play).
5. Resolve each hunter's card unless Dracula's card cancelled it.
6. Refresh: Dracula draws a card; the card a hunter played the round before goes back
   to his hand.

The combat ends when Dracula has played six cards, when either side wins the game, when
every hunter in it is bitten, defeated or gone, or when Dracula resolves an escape card.
Afterwards the hunters put back their Punch, Dodge and Escape, and Dracula shuffles all
his combat cards into his deck.
"""

from __future__ import annotations

import enum
import itertools
from typing import TYPE_CHECKING, Any, ClassVar

import attrs

from gothic_kernel import Action, Scope, event

from .actions import (
    NO_CARD,
    PASS,
    AvoidCombat,
    ChooseCard,
    ChooseCombatCard,
    ChooseHunter,
    ChooseHunters,
    Engage,
    MoveTo,
    PlayCard,
)
from .cards import Timing, ally_in_play, open_window
from .decisions import ModernDecision
from .hands import drop_card, keep_revealed
from .health import heal_dracula, hurt_dracula
from .influence import advance_influence
from .perils import bite_hunter, hurt_hunter
from .rules import DRACULA, HUNTERS
from .state import Hideout
from .trail import clear_hideout, return_encounter
from .wording import pronoun

if TYPE_CHECKING:
    from .state import ModernState

BASIC = ("punch", "dodge", "escape")


class Stage(enum.Enum):
    """Where a combat round stands."""

    CHOOSE = "choose"  # cards chosen face down, in secret, by every fighter
    ENGAGE = "engage"  # Dracula names the engaged hunter (several hunters)
    RESOLVE = "resolve"  # reveal the cards
    SWAP = "swap"  # Planned Ambush: a hunter may swap his revealed card (round 1)
    COMPARE = "compare"  # compare the icons, resolve Dracula's card
    CANCELLED = "cancelled"  # Dracula's card cancelled by icons: Enraged may answer
    LUCY = "lucy"  # Lucy's Revenge may cancel Dracula's escape card
    # Dracula may turn Plotting down to cancel a basic card: after the reveal (and a
    # Planned Ambush swap), before the icons are compared (a ruling)
    PLOTTING = "plotting"
    CLAWS = "claws"  # Claws at night: Dracula picks the hunter who suffers 2 more
    BAT = "bat"  # Escape as Bat at night: Dracula may fly off in secret
    HUNTERS = "hunters"  # the hunters' cards resolve
    REFRESH = "refresh"  # Dracula draws; the end is checked


#: The stages of a combat round before its chosen cards are revealed.
_FACE_DOWN = frozenset({Stage.CHOOSE, Stage.ENGAGE, Stage.RESOLVE})


@attrs.frozen
class Fight(ModernDecision):
    """A combat on the table.

    ``vampire`` names the vampire encounter fought ("" for Dracula himself), from the
    hideout in ``city``, with ``wounds`` damage on its card. ``hunters`` are those still
    fighting, ``hands`` the combat cards each may choose from, ``in_play`` the card each
    played last round. Dracula's ``hand`` and the ``chosen`` cards are secret until revealed.
    """

    KIND = "fight"
    RULE = "Combat"
    night: bool
    hunters: tuple[str, ...]
    city: str
    vampire: str = ""
    wounds: int = 0
    stage: Stage = Stage.CHOOSE
    round: int = 1
    hand: tuple[str, ...] = ()
    played: tuple[str, ...] = ()
    face_up: tuple[str, ...] = ()  # Mesmerize and Plotting stay face up
    plotting_used: bool = False
    hands: dict[str, tuple[str, ...]] = attrs.field(factory=dict)
    in_play: dict[str, str] = attrs.field(factory=dict)
    chosen: dict[str, str] = attrs.field(factory=dict)
    engaged: str = ""
    mesmerized: tuple[str, ...] = ()
    cancelled: tuple[str, ...] = ()  # hunters whose card Dracula's card cancelled
    discard: tuple[str, ...] = ()  # hunters whose item Strength also discards
    blocked: bool = False  # Dracula's card this round was cancelled
    ended: str = ""  # why the combat ends, once it does
    wreaths: tuple[str, ...] = ()  # hunters protected by Garlic Wreath
    lucy: bool = False  # Lucy's Revenge lies before Lord Godalming, unused
    ambushes: tuple[str, ...] = ()  # hunters with Planned Ambush before them
    enraged: bool = False  # Enraged: no Escape as Bat or Mist for the rest of the combat
    bullets: bool = False  # Holy Bullets used (one per combat)
    resolved: tuple[str, ...] = ()  # hunters whose card has resolved this round

    def put_away(self, state: ModernState) -> None:
        state.combat_deck.cards += [*self.hand, *self.played]
        if self.vampire:
            state.encounter_deck.discard(self.vampire)

    # -- who decides -----------------------------------------------------------------------
    def deciders(self, state: ModernState) -> tuple[str, ...]:
        if self.stage is Stage.CHOOSE:
            waiting = [s for s in (*self.hunters, DRACULA) if s not in self.chosen]
            return tuple(sorted(waiting, key=SEAT_ORDER.index))
        if self.stage in (Stage.ENGAGE, Stage.PLOTTING, Stage.CLAWS, Stage.BAT):
            return (DRACULA,) if self.dracula_options(state) else ()
        if self.stage is Stage.SWAP:
            return (self.ambushes[0],)
        if self.stage is Stage.LUCY:
            return (LUCY_HOLDER,)
        return ()

    def legal_actions(self, state: ModernState, seat: str) -> list[Action]:
        if self.stage is Stage.CHOOSE:
            cards = self.dracula_choices(state) if seat == DRACULA else self.hands[seat]
            return [ChooseCombatCard(c) for c in sorted(set(cards))]
        if self.stage is Stage.SWAP:
            return [NO_CARD, *(ChooseCombatCard(c) for c in sorted(set(self.hands[seat]))
                               if c != self.chosen[seat])]
        if self.stage is Stage.LUCY:
            return [NO_CARD, PlayCard(LUCYS_REVENGE)]
        return self.dracula_options(state)

    def standing(self, state: ModernState) -> tuple[str, ...]:
        """The hunters still in the combat: a defeated one is out of it (his departure is
        told when the round ends)."""
        return tuple(h for h in self.hunters if not state.hunters[h].defeated)

    @property
    def cards_revealed(self) -> bool:
        """Whether this round's chosen cards lie face up (after the reveal)."""
        return self.stage not in _FACE_DOWN

    def dracula_choices(self, state: ModernState) -> list[str]:
        """Dracula's cards he may play now: escape cards only as Pride allows."""
        return [c for c in self.hand
                if not state.rules.dracula_cards[c].escape or self.may_escape(state)]

    def may_escape(self, state: ModernState) -> bool:
        """Pride (Dracula) or the vampires' rule: enough combat cards played before; never
        once Enraged was played."""
        if self.enraged:
            return False
        if self.vampire:
            return len(self.played) >= state.rules.numbers["vampire_escape_needs_cards_in_play"]
        sheet = state.rules.dracula
        return len(self.played) >= sheet.pride_needs - sheet.pride_fewer_per_despair * \
            state.despair

    def dracula_options(self, state: ModernState) -> list[Action]:
        if self.stage is Stage.ENGAGE:
            return [Engage(h) for h in self.hunters] if len(self.hunters) > 1 else []
        if self.stage is Stage.PLOTTING:
            usable = "plotting" in self.face_up and not self.plotting_used and \
                self.chosen.get(self.engaged) in BASIC and self.engaged not in self.cancelled
            return [ChooseCard("plotting"), PASS] if usable else []
        if self.stage is Stage.CLAWS:
            standing = self.standing(state)
            return [ChooseHunter(h) for h in standing] if len(standing) > 1 else []
        if self.stage is Stage.BAT:
            return [*(MoveTo(c) for c in bat_flight(state)), PASS] if not self.vampire else []
        return []

    def prompt(self, state: ModernState, seat: str) -> str:
        foe = _foe(state, self)
        if self.stage is Stage.CHOOSE:
            if seat == DRACULA:
                return (f"Dracula: combat round {self.round} in {state.name(self.city)} - choose "
                        "your combat card, face down.")
            return (f"{state.name(seat)}: combat round {self.round} against {foe} - choose a "
                    "card with a banner, face down.")
        if self.stage is Stage.SWAP:
            return (f"{state.name(seat)}: Planned Ambush - swap your revealed "
                    f"{state.name(self.chosen[seat])} for another card, or keep it.")
        if self.stage is Stage.LUCY:
            return (f"{state.name(seat)}: Lucy's Revenge - cancel "
                    f"{state.name(self.chosen[DRACULA])}, or keep the card.")
        return {Stage.ENGAGE: "Dracula: name the engaged hunter (only that hunter can block your "
                              "card).",
                Stage.PLOTTING: "Dracula: turn Plotting face down to cancel the engaged "
                                "hunter's card, or keep it.",
                Stage.CLAWS: "Dracula: it is night - choose the hunter who suffers 2 more "
                             "damage from Claws.",
                Stage.BAT: "Dracula: Escape as Bat at night - fly in secret to a city up to "
                           "two roads away, or stay."}[self.stage]

    def describe(self, state: ModernState, seat: str, action: Action) -> str:
        if isinstance(action, ChooseCombatCard):
            return f"{'swap for' if self.stage is Stage.SWAP else 'play'} " \
                   f"{state.name(action.card)}"
        if isinstance(action, PlayCard):
            return f"use Lucy's Revenge: cancel {state.name(self.chosen[DRACULA])}"
        if action == NO_CARD:
            return "keep the card" if self.stage is Stage.SWAP else "keep Lucy's Revenge"
        if isinstance(action, Engage):
            return f"engage {state.name(action.hunter)}"
        if isinstance(action, ChooseHunter):
            return f"{state.name(action.hunter)} suffers 2 more damage"
        if isinstance(action, ChooseCard):
            return "turn Plotting face down: cancel the card"
        if isinstance(action, MoveTo):
            return f"fly to {state.name(action.place)}"
        return "keep Plotting face up" if self.stage is Stage.PLOTTING else "stay"

    # -- acting ----------------------------------------------------------------------------------
    def apply(self, state: ModernState, seat: str, action: Action) -> None:
        if self.stage is Stage.SWAP:
            self.swap(state, seat, action)
        elif self.stage is Stage.LUCY:
            self.lucy_cancels(state, action)
        elif isinstance(action, ChooseCombatCard):
            chosen = {**self.chosen, seat: action.card}
            nxt = self.stage
            if len(chosen) == len(self.hunters) + 1:
                nxt = Stage.ENGAGE
            state.stack[-1] = attrs.evolve(self, chosen=chosen, stage=nxt,
                                           engaged=self.hunters[0])
            state.events.add(event("combat_card_chosen", f"{state.name(seat)} chooses "
                                                         f"{state.name(action.card)}.",
                                   seat=seat, card=action.card), Scope.seat(seat),
                             event("combat_card_chosen", f"{state.name(seat)} chooses a combat "
                                                         "card, face down.", seat=seat))
        elif isinstance(action, Engage):
            state.stack[-1] = attrs.evolve(self, engaged=action.hunter, stage=Stage.RESOLVE)
            state.say("engaged", f"Dracula engages {state.name(action.hunter)}.",
                      hunter=action.hunter)
        elif isinstance(action, ChooseCard):
            state.stack[-1] = attrs.evolve(self, plotting_used=True, stage=Stage.COMPARE,
                                           cancelled=(*self.cancelled, self.engaged),
                                           face_up=tuple(c for c in self.face_up
                                                         if c != "plotting"))
            state.say("plotting", f"Dracula turns Plotting face down: "
                                  f"{state.name(self.engaged)}'s "
                                  f"{state.name(self.chosen[self.engaged])} is cancelled.")
        elif isinstance(action, ChooseHunter):
            state.stack[-1] = attrs.evolve(self, stage=Stage.HUNTERS)
            hurt_hunter(state, action.hunter, state.rules.dracula_cards["claws"]
                        .night_extra_damage, "Claws at night")
        elif isinstance(action, MoveTo):
            state.stack[-1] = attrs.evolve(self, stage=Stage.REFRESH)
            fly_off(state, action.place)
        else:  # PASS
            state.stack[-1] = attrs.evolve(self, stage=Stage.COMPARE if self.stage is
                                           Stage.PLOTTING else Stage.REFRESH)

    def swap(self, state: ModernState, seat: str, action: Action) -> None:
        """Planned Ambush: the revealed card swapped for another of his hand, or kept."""
        ambushes = self.ambushes[1:]
        chosen = self.chosen
        if isinstance(action, ChooseCombatCard):
            chosen = {**chosen, seat: action.card}
            state.say("planned_ambush", f"{state.name(seat)} swaps {pronoun(seat, 'his')} "
                                        f"{state.name(self.chosen[seat])} for "
                                        f"{state.name(action.card)} (Planned Ambush).",
                      seat=seat, card=action.card)
        nxt = Stage.SWAP if ambushes else Stage.PLOTTING
        state.stack[-1] = attrs.evolve(self, chosen=chosen, ambushes=ambushes, stage=nxt)

    def lucy_cancels(self, state: ModernState, action: Action) -> None:
        """Lucy's Revenge cancels Dracula's escape card, or Lord Godalming keeps it."""
        if action == NO_CARD:
            _resolve_card(self, state)
            return
        state.stack[-1] = attrs.evolve(self, lucy=False, blocked=True, stage=Stage.HUNTERS)
        state.say("lucys_revenge", f"Lucy's Revenge cancels {state.name(self.chosen[DRACULA])}.",
                  seat=LUCY_HOLDER, card=self.chosen[DRACULA])

    def run(self, state: ModernState) -> None:
        step = _STEPS[self.stage]
        step(self, state)


SEAT_ORDER = (*HUNTERS, DRACULA)
#: Lucy's Revenge, Lord Godalming's character card (events.toml).
LUCYS_REVENGE, LUCY_HOLDER = "lucys_revenge", "godalming"
#: The cards after which Holy Bullets may be played (items.toml, ``after_cards``).
HOLY_BULLETS_AFTER = frozenset({"rifle", "pistol"})


# -- starting and ending -------------------------------------------------------------------

def fight_dracula_if_revealed(state: ModernState, *, night: bool) -> None:
    """At dawn or dusk: a combat if a hunter is in the city where Dracula is revealed (in a
    fogged city Dracula may avoid it: Fog Token)."""
    if not state.dracula.revealed or state.is_over:
        return
    city = state.dracula_location
    hunters = tuple(state.hunters_at(city))
    if not hunters:
        return
    if state.tokens.fog.get(city):
        state.stack.append(FogCombat(night))
        return
    start_fight(state, hunters, city, night=night)


@attrs.frozen
class FogCombat(ModernDecision):
    """"Dracula may choose to avoid a combat in a city that contains a fog token."""

    KIND = "fog_combat"
    RULE = "Event And Encounter Tokens - Fog Token"
    night: bool

    def deciders(self, state: ModernState) -> tuple[str, ...]:
        return (DRACULA,)

    def legal_actions(self, state: ModernState, seat: str) -> list[Action]:
        return [AvoidCombat(False), AvoidCombat(True)]

    def prompt(self, state: ModernState, seat: str) -> str:
        return (f"Dracula: fog lies on {state.name(state.dracula_location)} - fight the hunters "
                "there, or avoid the combat.")

    def apply(self, state: ModernState, seat: str, action: Action) -> None:
        assert isinstance(action, AvoidCombat)
        state.stack.pop()
        city = state.dracula_location
        if action.avoid:
            state.say("combat_avoided", f"Dracula avoids the combat in the fog over "
                                        f"{state.name(city)}.", city=city)
            return
        start_fight(state, tuple(state.hunters_at(city)), city, night=self.night)


def start_fight(state: ModernState, hunters: tuple[str, ...], city: str, *, night: bool,
                vampire: str = "", wounds: int = 0) -> None:
    """Set a combat on the table: the hunters take their combat cards, Dracula draws five."""
    if state.dracula.nocturnal_visit and not night:
        night = True
        state.say("nocturnal_visit", "Nocturnal Visit: this combat is fought as if it were "
                                     "night.", city=city)
    deck = state.combat_deck
    state.dice.shuffle(deck.cards)
    draws = min(state.rules.numbers["dracula_draws_at_start"], len(deck.cards))
    hand = tuple(sorted(deck.cards.pop() for _ in range(draws)))
    foe = f"the {state.name(vampire)}" if vampire else "Dracula"
    state.say("combat", f"Combat in {state.name(city)} ({'night' if night else 'day'}): "
                        f"{' and '.join(state.name(h) for h in hunters)} against {foe}.",
              city=city, hunters=list(hunters), vampire=vampire, night=night)
    state.stack.append(Fight(night, hunters, city, vampire, wounds,
                             hand=hand, hands={h: hunter_hand(state, h) for h in hunters}))
    open_window(state, Timing.COMBAT_START, hunters, hunter=hunters[0] if hunters else "")


def hunter_hand(state: ModernState, seat: str) -> tuple[str, ...]:
    """Punch, Dodge and Escape, and the hunter's items with a banner."""
    items = [c for c in state.hunters[seat].items if c in state.rules.hunter_cards]
    return (*BASIC, *sorted(items))


def _end(fight: Fight, state: ModernState) -> None:
    """The combat is over: cards go back; a vampire that lives returns to its hideout."""
    state.stack.pop()
    deck = state.combat_deck
    deck.cards += [*fight.hand, *fight.played]
    state.dice.shuffle(deck.cards)
    state.say("combat_over", f"The combat in {state.name(fight.city)} ends: {fight.ended}.",
              reason=fight.ended)
    if fight.vampire:
        after_vampire_fight(state, fight)
    for seat in HUNTERS:  # bitten in the fight, or his revealed item used up (Bitten Hunters)
        keep_revealed(state, seat)


def after_vampire_fight(state: ModernState, fight: Fight) -> None:
    """A vampire destroyed is discarded; one still alive goes back face up with its damage
    (encounters.toml: New and Reckless Vampires)."""
    if vampire_destroyed(state, fight):  # said once: the end of the combat may have said it
        said = fight.ended == destroyed_words(state, fight)
        state.say("vampire_destroyed", f"The {state.name(fight.vampire)} "
                                       f"{'is discarded' if said else 'is destroyed'}.")
        state.encounter_deck.discard(fight.vampire)
    else:
        return_encounter(state, fight.city, fight.vampire, fight.wounds)


# -- the steps the rules take --------------------------------------------------------------

def _engage(fight: Fight, state: ModernState) -> None:
    state.stack[-1] = attrs.evolve(fight, stage=Stage.RESOLVE)


#: Sister Agatha, the hunters' ally: Dracula suffers 2 whenever he plays one of these
#: (events.toml; when he plays it, not after it resolves: fidelity table).
SISTER_AGATHA_PUNISHES = frozenset({"escape_as_bat", "escape_as_mist", "fangs"})
SISTER_AGATHA_DAMAGE = 2


def _resolve_dracula(fight: Fight, state: ModernState) -> None:
    """Reveal the cards (Combat, step 2); with Planned Ambush in round 1, a hunter may
    swap his card before the icons are compared."""
    card = fight.chosen[DRACULA]
    shown = ", ".join(f"{state.name(h)} {state.name(fight.chosen[h])}" for h in fight.hunters)
    state.say("combat_reveal", f"Round {fight.round}: {_foe(state, fight)} reveals "
                               f"{state.name(card)}; {shown}.", round=fight.round, card=card,
              chosen={h: fight.chosen[h] for h in fight.hunters})
    fight = attrs.evolve(fight, hand=_without(fight.hand, card), played=(*fight.played, card),
                         cancelled=(), discard=(), blocked=False)
    ambushes = tuple(h for h in fight.ambushes if h in fight.hunters) if fight.round == 1 else ()
    fight = attrs.evolve(fight, ambushes=ambushes,
                         stage=Stage.SWAP if ambushes else Stage.PLOTTING)
    state.stack[-1] = fight
    if card in SISTER_AGATHA_PUNISHES and ally_in_play(state, "sister_agatha"):
        hurt_dracula(state, SISTER_AGATHA_DAMAGE, "Sister Agatha")  # when he plays it
    if card == "fangs" and fight.vampire == "reckless_vampire" and not state.is_over:
        # "each time Fangs is played in that combat" (encounters.toml): cancelled or not
        advance_influence(state, state.rules.numbers[
            "influence_fangs_against_reckless_vampire_fighter"], "the Reckless Vampire's Fangs")


def _compare(fight: Fight, state: ModernState) -> None:
    """Compare the icons; Dracula's card is cancelled (Enraged may answer: not an escape card,
    a ruling), or Lucy's Revenge may cancel an escape card; else it resolves. A hunter's
    card Plotting has cancelled blocks nothing."""
    card = fight.chosen[DRACULA]
    drac = state.rules.dracula_cards[card]
    blocker = state.rules.hunter_cards[fight.chosen[fight.engaged]]
    if drac.icon in blocker.icons and fight.engaged not in fight.cancelled:
        state.say("blocked", f"{state.name(fight.chosen[fight.engaged])} cancels "
                             f"{state.name(card)}.", card=card)
        state.stack[-1] = attrs.evolve(fight, blocked=True, stage=Stage.CANCELLED)
        if not drac.escape:
            open_window(state, Timing.COMBAT_CARD_CANCELLED, (DRACULA,))
        return
    if drac.escape and fight.lucy and LUCY_HOLDER in fight.hunters:
        state.stack[-1] = attrs.evolve(fight, stage=Stage.LUCY)
        return
    _resolve_card(fight, state)


def _cancelled(fight: Fight, state: ModernState) -> None:
    """Dracula's card stays cancelled, unless Enraged has undone it."""
    if fight.blocked:
        state.stack[-1] = attrs.evolve(fight, stage=Stage.HUNTERS)
    else:
        _resolve_card(fight, state)


def _resolve_card(fight: Fight, state: ModernState) -> None:
    effect = DraculaCard.of(fight.chosen[DRACULA])
    state.stack[-1] = attrs.evolve(fight, stage=effect.next_stage(fight))
    effect.resolve(fight, state)


def _foe(state: ModernState, fight: Fight) -> str:
    return f"the {state.name(fight.vampire)}" if fight.vampire else "Dracula"


def _without(cards: tuple[str, ...], card: str) -> tuple[str, ...]:
    found = list(cards)
    found.remove(card)
    return tuple(found)


def fight_below(state: ModernState) -> Fight | None:
    """The newest combat on the stack (under a card window or a card's choice), if any."""
    for record in reversed(state.stack):
        if isinstance(record, Fight):
            return record
    return None


def change_fight(state: ModernState, **changes: Any) -> None:
    """Change the newest combat on the stack (a card played at its start)."""
    for i in reversed(range(len(state.stack))):
        record = state.stack[i]
        if isinstance(record, Fight):
            if not changes.get("hunters", True):
                changes["stage"] = Stage.REFRESH  # nobody left to fight: it ends
            state.stack[i] = attrs.evolve(record, **changes)
            return


def _top(state: ModernState) -> Fight:
    """The combat being fought: on top of the stack, or under a window a card's effect
    opened (a hunter in peril: ``perils.Peril``)."""
    top = fight_below(state)
    assert top is not None
    return top


def _update(state: ModernState, **changes: Any) -> None:
    """Change the combat being fought (nothing once the game has ended)."""
    if state.is_over:
        return
    for i in reversed(range(len(state.stack))):
        record = state.stack[i]
        if isinstance(record, Fight):
            state.stack[i] = attrs.evolve(record, **changes)
            return


def _fighting(state: ModernState, seat: str) -> bool:
    return not state.is_over and seat in _top(state).hunters


def _resolve_hunters(fight: Fight, state: ModernState) -> None:
    """Each hunter's card, unless Dracula's cancelled it (Combat, step 5), one at a time: a
    window a card opens (Holy Bullets, a hunter in peril) closes before the next."""
    if not fight.ended:
        for seat in fight.hunters:
            if seat in fight.resolved:
                continue
            fight = attrs.evolve(fight, resolved=(*fight.resolved, seat))
            state.stack[-1] = fight
            if seat in fight.cancelled or not _still_fighting(state, seat):
                continue
            HunterCard.of(fight.chosen[seat]).resolve(fight, state, seat)
            return
    state.stack[-1] = attrs.evolve(fight, stage=Stage.REFRESH, resolved=())


def _refresh(fight: Fight, state: ModernState) -> None:
    """Dracula draws; last round's hunter cards come back; the end is checked (step 6)."""
    if state.is_over:
        return
    for seat in fight.discard:
        card = fight.chosen[seat]
        if card in state.hunters[seat].items:
            drop_card(state, seat, card)
            state.item_deck.discard(card)
    hunters = tuple(h for h in fight.hunters if _still_fighting(state, h))
    ended = fight.ended or _why_over(state, fight, hunters)
    if ended:
        _end(attrs.evolve(fight, ended=ended, hunters=hunters), state)
        return
    hand = fight.hand
    if state.combat_deck.cards:
        hand = tuple(sorted((*hand, state.combat_deck.cards.pop())))
    hands = {h: _less_one(hunter_hand(state, h), "" if h in fight.discard else fight.chosen[h])
             for h in hunters}
    state.stack[-1] = attrs.evolve(
        fight, stage=Stage.CHOOSE, round=fight.round + 1, hand=hand, hunters=hunters,
        hands=hands, in_play={h: fight.chosen[h] for h in hunters}, chosen={},
        engaged=hunters[0])


def _less_one(hand: tuple[str, ...], card: str) -> tuple[str, ...]:
    """The hunter's combat hand without the card he played this round, which stays in play
    until the next round ends (Refresh Hands); another copy of it stays in his hand."""
    return _without(hand, card) if card in hand else hand


def _still_fighting(state: ModernState, seat: str) -> bool:
    hunter = state.hunters[seat]
    return not hunter.defeated


def _why_over(state: ModernState, fight: Fight, hunters: tuple[str, ...]) -> str:
    if len(fight.played) >= state.rules.numbers["dracula_max_cards_played"]:
        return "Dracula has played six combat cards"
    if not hunters:
        return "no hunter is left in the combat"
    if fight.vampire and vampire_destroyed(state, fight):
        return destroyed_words(state, fight)
    return ""


def destroyed_words(state: ModernState, fight: Fight) -> str:
    return f"the {state.name(fight.vampire)} is destroyed"


def vampire_destroyed(state: ModernState, fight: Fight) -> bool:
    return fight.wounds >= state.rules.encounters[fight.vampire].health


def _keep_plotting(fight: Fight, state: ModernState) -> None:
    state.stack[-1] = attrs.evolve(fight, stage=Stage.COMPARE)


def _stay(fight: Fight, state: ModernState) -> None:
    state.stack[-1] = attrs.evolve(fight, stage=Stage.REFRESH)


def _claws_alone(fight: Fight, state: ModernState) -> None:
    """Claws at night with one hunter still in the combat: he suffers the extra damage."""
    state.stack[-1] = attrs.evolve(fight, stage=Stage.HUNTERS)
    standing = fight.standing(state)
    if standing:
        hurt_hunter(state, standing[0],
                    state.rules.dracula_cards["claws"].night_extra_damage, "Claws at night")


# -- damage on either side -----------------------------------------------------------------

def hurt_foe(state: ModernState, fight: Fight, damage: int, why: str) -> None:
    """Damage to Dracula, or to the vampire fought (on its encounter card)."""
    if damage <= 0:
        return
    if not fight.vampire:
        hurt_dracula(state, damage, why)
        return
    top = _top(state)
    _update(state, wounds=top.wounds + damage)
    health = state.rules.encounters[fight.vampire].health
    state.say("vampire_damage", f"The {state.name(fight.vampire)} suffers {damage} damage "
                                f"({why}): {top.wounds + damage} of {health}.", damage=damage)
    if top.wounds + damage >= health and not top.ended:
        # Fighting Vampires: at its health it is defeated, then and there: no card more of
        # this round resolves, and one destroyed before the cards are revealed (Heroic Leap
        # as the combat starts) plays none
        _update(state, ended=destroyed_words(state, fight),
                **({"stage": Stage.REFRESH} if top.stage in _FACE_DOWN else {}))


def heal_foe(state: ModernState, fight: Fight, amount: int, why: str) -> None:
    if not fight.vampire:
        heal_dracula(state, amount, why)
        return
    top = _top(state)
    healed = min(amount, top.wounds)
    if healed:
        _update(state, wounds=top.wounds - healed)
        state.say("vampire_heals", f"The {state.name(fight.vampire)} recovers {healed} "
                                   f"damage ({why}).", healed=healed)


def leave(state: ModernState, seat: str, why: str) -> None:
    """``seat`` leaves the combat on top of the stack."""
    if not _fighting(state, seat):
        return
    _update(state, hunters=tuple(h for h in _top(state).hunters if h != seat))
    state.say("leaves_combat", f"{state.name(seat)} leaves the combat ({why}).", seat=seat)


# -- Dracula's combat cards ----------------------------------------------------------------

class DraculaCard:
    """The effect of one of Dracula's combat cards (combat.toml), one class per card."""

    card: ClassVar[str] = ""
    _kinds: ClassVar[dict[str, DraculaCard]] = {}

    def __init_subclass__(cls) -> None:
        DraculaCard._kinds[cls.card] = cls()

    @staticmethod
    def of(card: str) -> DraculaCard:
        return DraculaCard._kinds[card]

    @staticmethod
    def known(card: str) -> bool:
        """Whether the engine knows Dracula's combat card ``card``."""
        return card in DraculaCard._kinds

    def next_stage(self, fight: Fight) -> Stage:
        return Stage.HUNTERS

    def resolve(self, fight: Fight, state: ModernState) -> None:
        raise NotImplementedError


class Claws(DraculaCard):
    card = "claws"

    def next_stage(self, fight: Fight) -> Stage:
        return Stage.CLAWS if fight.night else Stage.HUNTERS

    def resolve(self, fight: Fight, state: ModernState) -> None:
        hurt_hunter(state, fight.engaged, state.rules.dracula_cards["claws"].damage, "Claws")
        if fight.engaged in fight.wreaths and not state.is_over:
            _update(state, wreaths=tuple(h for h in fight.wreaths if h != fight.engaged))
            state.say("wreath_lost", f"Claws tears {state.name(fight.engaged)}'s Garlic Wreath "
                                     "away.", seat=fight.engaged)


class Fangs(DraculaCard):
    card = "fangs"

    def resolve(self, fight: Fight, state: ModernState) -> None:
        card = state.rules.dracula_cards["fangs"]
        heal_foe(state, fight, card.heals, "Fangs")
        if fight.night and fight.engaged in fight.mesmerized:
            bite_hunter(state, fight.engaged, "Fangs against a mesmerized hunter")
            leave(state, fight.engaged, "bitten")
            advance_influence(state, state.rules.numbers["influence_fangs_against_mesmerized_"
                                                         "hunter"], "Fangs at night")
            _cancel(state, fight.engaged)
            return
        hurt_hunter(state, fight.engaged, card.damage, "Fangs")
        if fight.engaged in fight.wreaths and not state.is_over:
            hurt_foe(state, fight, state.rules.items["garlic_wreath"].damage,
                     f"{state.name(fight.engaged)}'s Garlic Wreath")


class Strength(DraculaCard):
    card = "strength"

    def resolve(self, fight: Fight, state: ModernState) -> None:
        hurt_hunter(state, fight.engaged, state.rules.dracula_cards["strength"].damage,
                    "Strength")
        chosen = state.rules.hunter_cards[fight.chosen[fight.engaged]]
        if chosen.id in ("punch", "crucifix") or chosen.weapon:
            _cancel(state, fight.engaged)
            discarded = fight.night and not chosen.basic and not state.is_over
            if discarded:
                _update(state, discard=(*_top(state).discard, fight.engaged))
            _say_cancelled(state, "Strength", fight.engaged, chosen.id, discarded)


class Mesmerize(DraculaCard):
    card = "mesmerize"

    def resolve(self, fight: Fight, state: ModernState) -> None:
        _cancel(state, fight.engaged)
        _say_cancelled(state, "Mesmerize", fight.engaged, fight.chosen[fight.engaged], False)
        top = _top(state)
        _update(state, mesmerized=(*top.mesmerized, fight.engaged),
                face_up=(*top.face_up, "mesmerize"))
        state.say("mesmerized", f"{state.name(fight.engaged)} is mesmerized: weapons deal "
                                "1 less damage for the rest of the combat.")


class Plotting(DraculaCard):
    card = "plotting"

    def resolve(self, fight: Fight, state: ModernState) -> None:
        _update(state, face_up=(*_top(state).face_up, "plotting"), stage=Stage.HUNTERS)
        if state.combat_deck.cards:
            state.stack.append(PlottingSearch())


class Escape(DraculaCard):
    card = "escape_as_mist"

    def next_stage(self, fight: Fight) -> Stage:
        return Stage.REFRESH

    def resolve(self, fight: Fight, state: ModernState) -> None:
        _update(state, ended=f"{_foe(state, fight)} escapes "
                             f"({state.name(fight.chosen[DRACULA])})")


class EscapeAsBat(Escape):
    card = "escape_as_bat"

    def next_stage(self, fight: Fight) -> Stage:
        return Stage.BAT if fight.night and not fight.vampire else Stage.REFRESH


def _cancel(state: ModernState, seat: str) -> None:
    if not state.is_over and seat not in _top(state).cancelled:
        _update(state, cancelled=(*_top(state).cancelled, seat))


def _say_cancelled(state: ModernState, by: str, seat: str, card: str, discarded: bool) -> None:
    """The log's line for Dracula's card cancelling a hunter's (as an icon's cancel is said:
    "Crucifix cancels Mesmerize.")."""
    if not state.is_over:
        state.say("hunter_card_cancelled", f"{by} cancels {state.name(seat)}'s "
                                           f"{state.name(card)}"
                                           f"{' and it is discarded' if discarded else ''}.",
                  seat=seat, card=card, by=by.lower())


@attrs.frozen
class PlottingSearch(ModernDecision):
    """Plotting: Dracula takes any card of his combat deck into his hand, then shuffles it."""

    KIND = "plotting_search"
    RULE = "Combat - Plotting"

    def deciders(self, state: ModernState) -> tuple[str, ...]:
        return (DRACULA,)

    def legal_actions(self, state: ModernState, seat: str) -> list[Action]:
        return [ChooseCard(c) for c in sorted(set(state.combat_deck.cards))]

    def prompt(self, state: ModernState, seat: str) -> str:
        return "Dracula: Plotting - take any card of your combat deck into your hand."

    def describe(self, state: ModernState, seat: str, action: Action) -> str:
        assert isinstance(action, ChooseCard)
        return f"take {state.name(action.card)}"

    def apply(self, state: ModernState, seat: str, action: Action) -> None:
        assert isinstance(action, ChooseCard)
        state.stack.pop()
        state.combat_deck.take(action.card)
        state.dice.shuffle(state.combat_deck.cards)
        fight = _top(state)
        state.stack[-1] = attrs.evolve(fight, hand=tuple(sorted((*fight.hand, action.card))))
        state.events.add(event("plotting", f"Dracula takes {state.name(action.card)} from his "
                                           "combat deck.", card=action.card), Scope.seat(DRACULA),
                         event("plotting", "Dracula takes a card from his combat deck and "
                                           "shuffles it."))


def bat_flight(state: ModernState) -> list[str]:
    """Escape as Bat at night: cities up to two roads away that hold no hunter, whose cards
    are in his location deck (not on the trail, not in a lair), not holy."""
    board, here = state.board, state.dracula_location
    holy = state.tokens.holy()
    on_trail = {h.card for h in (*state.trail, *state.lairs)}
    reach = board.distances(here, ("road",), holy)
    return [c for c in board.cities if 0 < reach.get(c, 9) <= 2 and not state.hunters_at(c)
            and c not in on_trail and c not in holy]


def fly_off(state: ModernState, city: str) -> None:
    """Dracula clears his current hideout where it lies (behind a power card he stayed with,
    such as Hide, too) and flies, in secret, to ``city``: its card goes on trail space 1
    with Escape as Bat beside it (the card photograph; fidelity table)."""
    current = state.current_hideout
    state.dracula.revealed = False
    if current is not None:
        clear_hideout(state, current, "Escape as Bat", his_own=True)
    state.trail.insert(0, Hideout(city, power="escape_as_bat"))
    state.events.add(event("bat_flight", f"Dracula flies as a bat to {state.name(city)}.",
                           city=city), Scope.seat(DRACULA),
                     event("bat_flight", "Dracula flies away as a bat: a new card lies face "
                                         "down on trail space 1"
                           + (", the Castle Dracula card's back up." if city == "castle_dracula"
                              else "."), castle=city == "castle_dracula"))
    if city == "castle_dracula":  # its card is placed on the trail (Special Locations)
        heal_dracula(state, state.rules.dracula.castle_heals, "the Castle Dracula card")


# -- the hunters' combat cards -------------------------------------------------------------

class HunterCard:
    """The effect of a hunter's combat card (combat.toml, items.toml), one class per card."""

    card: ClassVar[str] = ""
    _kinds: ClassVar[dict[str, HunterCard]] = {}

    def __init_subclass__(cls) -> None:
        HunterCard._kinds[cls.card] = cls()

    @staticmethod
    def of(card: str) -> HunterCard:
        return HunterCard._kinds.get(card) or HunterCard._kinds["_weapon"]

    def resolve(self, fight: Fight, state: ModernState, seat: str) -> None:
        raise NotImplementedError


class Punch(HunterCard):
    card = "punch"

    def resolve(self, fight: Fight, state: ModernState, seat: str) -> None:
        hurt_foe(state, fight, state.rules.hunter_cards["punch"].damage,
                 f"{state.name(seat)}'s Punch")


class Dodge(HunterCard):
    card = "dodge"

    def resolve(self, fight: Fight, state: ModernState, seat: str) -> None:
        state.say("dodge", f"{state.name(seat)}'s Dodge has no effect of its own.", seat=seat)


class EscapeCard(HunterCard):
    card = "escape"

    def resolve(self, fight: Fight, state: ModernState, seat: str) -> None:
        leave(state, seat, "Escape")


class Weapon(HunterCard):
    """Knife, Pistol, Rifle: damage, one less for a mesmerized hunter."""

    card = "_weapon"

    def resolve(self, fight: Fight, state: ModernState, seat: str) -> None:
        card = state.rules.hunter_cards[fight.chosen[seat]]
        damage = card.damage - (seat in fight.mesmerized and card.weapon)
        hurt_foe(state, fight, damage, f"{state.name(seat)}'s {card.name}")
        if card.id in HOLY_BULLETS_AFTER and not fight.bullets and not state.is_over \
                and not _top(state).ended:  # nothing left to shoot: the vampire destroyed
            open_window(state, Timing.COMBAT_AFTER_CARD, (seat,), hunter=seat, card=card.id)


class Crucifix(HunterCard):
    """Crucifix: 3 damage when it cancels Fangs or Mesmerize (items.toml)."""

    card = "crucifix"

    def resolve(self, fight: Fight, state: ModernState, seat: str) -> None:
        if seat == fight.engaged and fight.blocked and fight.chosen[DRACULA] in ("fangs",
                                                                                 "mesmerize"):
            hurt_foe(state, fight, state.rules.hunter_cards["crucifix"].damage,
                     f"{state.name(seat)}'s Crucifix")


class Garlic(HunterCard):
    """Garlic: 2 damage when the engaged hunter faced Fangs or Claws (items.toml)."""

    card = "garlic"

    def resolve(self, fight: Fight, state: ModernState, seat: str) -> None:
        if seat == fight.engaged and fight.chosen[DRACULA] in ("fangs", "claws"):
            hurt_foe(state, fight, state.rules.hunter_cards["garlic"].damage,
                     f"{state.name(seat)}'s Garlic")


class HeavenlyHost(HunterCard):
    """Heavenly Host: against Fangs the engaged hunter is bitten and leaves; otherwise the foe
    suffers 4; discarded either way (items.toml)."""

    card = "heavenly_host"

    def resolve(self, fight: Fight, state: ModernState, seat: str) -> None:
        _update(state, discard=(*_top(state).discard, seat))
        if seat == fight.engaged and fight.chosen[DRACULA] == "fangs":
            bite_hunter(state, seat, "Heavenly Host against Fangs")
            leave(state, seat, "bitten")
            return
        hurt_foe(state, fight, state.rules.hunter_cards["heavenly_host"].damage,
                 f"{state.name(seat)}'s Heavenly Host")


class HolyCircle(HunterCard):
    """Holy Circle: "Choose one or more hunters; they leave the combat. Then discard it"
    (items.toml). Alone in the combat, the hunter who played it leaves at once."""

    card = "holy_circle"

    def resolve(self, fight: Fight, state: ModernState, seat: str) -> None:
        _update(state, discard=(*_top(state).discard, seat))
        if len(fight.hunters) > 1:
            state.stack.append(HolyCircleChoice(seat))
        else:
            leave(state, seat, "Holy Circle")


@attrs.frozen
class HolyCircleChoice(ModernDecision):
    """The hunter who played Holy Circle chooses the hunters in the combat who leave it (he
    need not be one of them). A hunter who leaves before his own card resolves is out of
    the combat, so his card does not resolve (docs/fury_modern.md, Rulings)."""

    KIND = "holy_circle"
    RULE = "Items - Holy Circle"
    seat: str

    def deciders(self, state: ModernState) -> tuple[str, ...]:
        return (self.seat,)

    def legal_actions(self, state: ModernState, seat: str) -> list[Action]:
        fighting = sorted(_top(state).hunters, key=HUNTERS.index)
        return [ChooseHunters(chosen) for n in range(1, len(fighting) + 1)
                for chosen in itertools.combinations(fighting, n)]

    def prompt(self, state: ModernState, seat: str) -> str:
        return (f"{state.name(seat)}: Holy Circle - choose one or more hunters; they leave "
                "the combat.")

    def describe(self, state: ModernState, seat: str, action: Action) -> str:
        assert isinstance(action, ChooseHunters)
        return f"{' and '.join(state.name(h) for h in action.hunters)} leave the combat"

    def apply(self, state: ModernState, seat: str, action: Action) -> None:
        assert isinstance(action, ChooseHunters)
        state.stack.pop()
        for hunter in action.hunters:
            leave(state, hunter, "Holy Circle")


_STEPS = {
    Stage.ENGAGE: _engage,
    Stage.RESOLVE: _resolve_dracula,
    Stage.COMPARE: _compare,
    Stage.CANCELLED: _cancelled,
    Stage.PLOTTING: _keep_plotting,
    Stage.CLAWS: _claws_alone,
    Stage.BAT: _stay,
    Stage.HUNTERS: _resolve_hunters,
    Stage.REFRESH: _refresh,
}

__all__ = ["BASIC", "DraculaCard", "Fight", "Stage", "fight_dracula_if_revealed",
           "start_fight"]
