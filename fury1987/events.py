"""Event Cards in play: the hands, the timing windows, playing a card, a card's rules.

Event Cards: "Event Cards must be played immediately unless they have Keep printed on
them"; a Keep card waits in its holder's hand (three at most) for its timing window.
What each card is and when it may be played is data (``data/events.toml``, read by
:mod:`fury1987.event_cards`); what it does is one small class per card,
:class:`CardRule`, in the module of the part of the game it is played in:
:mod:`~fury1987.combat_cards`, :mod:`~fury1987.encounter_cards`,
:mod:`~fury1987.dracula_cards` and :mod:`~fury1987.hunter_cards`. This module is the
machinery they share, and the decisions of playing them:

* **Timing windows** (:class:`EventWindow`): the seats in it are asked in turn to play an
  eligible card or pass, until all have passed in a row (so Dracula may answer Advance
  Planning with two Traps, as in An Example of Combat). A seat is asked whenever it holds
  any card of its kind (a cross for a Hunter, a bat for Dracula) and some card of that
  kind belongs to the window: how many cards each holds is public, what they are is not,
  so being asked betrays nothing.
* **Cards played in a seat's own decisions** (a Hunter at the start of his Movement
  Phase, Dracula instead of moving, Heroic Leap when attacking): those decisions are
  :class:`OffersEventCards`, which adds a :class:`~fury1987.actions.PlayEvent` for each
  card the card's rule offers there.
* **Playing a card** discards it face up (Shipping Agents stays face up in play) and, for
  a Hunter's card, opens Dracula's answer: Devilish Power cancels it (Reference 4). Then
  the effect is applied (:class:`CardPlayed`); an effect that needs a choice asks for it
  (:class:`CardStep`). Cards drawn that are not Keep are played at once, one after the
  other (:class:`PlayAtOnce`).
* **A Hunter's die** waits for Good Luck before it stands (:class:`DieRoll`: one subclass
  per kind of roll, in the module of the rule that rolls it).
* **Lasting effects** in ``state.cards``: moves declared under Hypnosis or Vampiric
  Influence, Sea Sectors closed by Stormy Seas.

Cancelling pairs: Hour of Darkness and Dawn Raid, Chartered Carriage and False Tip-off
("Where the contradiction is clear the cards cancel each other, and neither has any
effect").
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, ClassVar, Self

import attrs

from gothic_kernel import Action, RuleError

from .actions import (
    CATCH_TRAIN,
    NO_EVENT,
    PASS,
    STAY_PUT,
    ChoosePlace,
    ConsumeVampire,
    MoveTo,
    NoEvent,
    PlayEvent,
    action_of,
)
from .decisions import FuryDecision, current_action, find
from .event_cards import TIMINGS, EventCard, default_events, effective_draws
from .labels import label
from .records import evolve
from .seats import DRACULA, HUNTER_NAMES, HUNTERS
from .wording import place_name, printed, seat_name

if TYPE_CHECKING:
    from .state import FuryState

__all__ = ["CardPlayed", "CardRule", "CardStep", "DieRoll", "EventWindow",
           "OffersEventCards", "PlayAtOnce", "Step", "Timing", "What", "blocked_seas",
           "card_rule", "declared_moves", "declared_route", "find", "hand", "moved_as_declared",
           "open_window", "play", "queue_drawn", "stormy_seas_orphans", "stormy_seas_pass"]

RULE_EVENTS = "Event Cards"


class Timing(enum.StrEnum):
    """The timing windows the game opens (``EventWindow.timing``; each card's data
    ``timing``, fury1987.event_cards.TIMINGS, says which it belongs to)."""

    START_OF_COMBAT = "start_of_combat"
    START_OF_COMBAT_ROUND = "start_of_combat_round"
    BEFORE_INITIATIVE = "before_initiative"
    AFTER_COMBAT_RESULT = "after_combat_result"
    ENCOUNTER_REVEALED = "encounter_revealed"
    RESPONSE_TO_HUNTER_CARD = "response_to_hunter_card"
    HUNTER_MOVEMENT_START = "hunter_movement_start"
    HUNTER_MOVEMENT_END = "hunter_movement_end"
    CATCHING_TRAIN = "catching_train"
    HUNTER_ACTION_END = "hunter_action_end"
    AFTER_DIE_ROLL = "after_die_roll"


class Step(enum.StrEnum):
    """Which choice a card's effect asks for (``CardStep.stage``)."""

    OTHER = "other"
    TOWN = "town"
    SEA = "sea"
    PORT = "port"
    FROM = "from"
    TO = "to"
    DISCARD = "discard"
    TAKE = "take"
    VICTIM = "victim"
    DECLARE = "declare"
    SAIL = "sail"


# -- hands ------------------------------------------------------------------------------------
def hand(state: FuryState, seat: str) -> list[str]:
    """The Event Cards ``seat`` holds (kept secret; how many is public)."""
    return state.dracula.events if seat == DRACULA else state.hunters[seat].events


def card_of(state: FuryState, card_id: str) -> EventCard:
    return state.rules.events[card_id]


# -- one card's rules -------------------------------------------------------------------------
class CardRule:
    """What one Event Card does, in named hooks (as python-chess's variants override the
    board's): where it may be played, its effect, and the choices the effect asks for.

    A subclass with an ``ID`` is that card's rule (one instance, registered by
    subclassing); the card's printed data is ``state.rules.events[ID]``.
    """

    #: The card's id in ``data/events.toml``.
    ID: ClassVar[str] = ""
    #: The timing windows that offer the card.
    WINDOWS: ClassVar[frozenset[Timing]] = frozenset()
    #: Every card's rule, by card id (filled by subclassing).
    rules: ClassVar[dict[str, CardRule]] = {}

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if cls.__dict__.get("ID"):
            CardRule.rules[cls.ID] = cls()

    # -- where it may be played ---------------------------------------------------------------
    def eligible(self, state: FuryState, window: EventWindow, seat: str) -> bool:
        """Whether ``seat`` may play it in ``window`` (one of :attr:`WINDOWS`)."""
        return True

    def offered_in(self, state: FuryState, decision: FuryDecision, seat: str) -> bool:
        """Whether ``seat`` may play it in his own ``decision`` (an
        :class:`OffersEventCards`): his Movement Phase, Dracula's, the choice to attack."""
        return False

    def play_own(self, state: FuryState, seat: str, action: PlayEvent,
                 decision: FuryDecision) -> None:
        """Play it in ``seat``'s own ``decision`` (the decision stays, unless the card
        takes its place)."""
        town = state.hunters[seat].location or "" if seat != DRACULA else ""
        play(state, seat, self.ID, hunter=seat if seat != DRACULA else "", town=town)

    def playable_over_limit(self, state: FuryState, seat: str) -> bool:
        """Whether it may be played "immediately" by a holder over the limit of three,
        instead of discarded: only if its effect can be had at this moment."""
        return False

    # -- what it does -------------------------------------------------------------------------
    def takes_effect(self, state: FuryState, played: CardPlayed) -> None:
        """The effect, once Dracula had his chance to cancel it."""
        raise RuleError(f"{self.ID} has no effect of its own")

    def cancelled(self, state: FuryState, played: CardPlayed) -> None:
        """What is left of it when Devilish Power cancelled it (nothing, mostly)."""

    # -- the choices its effect asks for (CardStep) ------------------------------------------
    def step_options(self, state: FuryState, step: CardStep) -> list[Action]:
        raise RuleError(f"{self.ID} asks for no choice")

    def step_apply(self, state: FuryState, step: CardStep, action: Action) -> None:
        raise RuleError(f"{self.ID} asks for no choice")

    def step_question(self, state: FuryState, step: CardStep) -> str:
        """What the chooser is asked, after the card's name."""
        return "choose"

    def step_label(self, state: FuryState, step: CardStep, seat: str, action: Action) -> str:
        """A choice's label: a place with this card's verb ("scout Brussels")."""
        if isinstance(action, ChoosePlace):
            return f"{self.place_verb(step)} {place_name(state, action.place)}"
        return label(state, seat, action)

    def place_verb(self, step: CardStep) -> str:
        """What choosing a place does, in a verb: "scout", "block", "evade to"."""
        return "choose"


def card_rule(card_id: str) -> CardRule:
    """The rule of the card ``card_id``."""
    return CardRule.rules[card_id]


# -- timing windows ---------------------------------------------------------------------------
_KINDS: dict[Timing, tuple[bool, bool]] = {}


def _kinds_in(timing: Timing) -> tuple[bool, bool]:
    """Whether the window has cards for the Hunters, and for Dracula."""
    found = _KINDS.get(timing)
    if found is None:
        cards = default_events()
        backs = {cards[r.ID].back for r in CardRule.rules.values() if timing in r.WINDOWS}
        found = _KINDS[timing] = ("cross" in backs, "bat" in backs)
    return found


_RULES_IN: dict[Timing, dict[str, CardRule]] = {}


def _rules_in(timing: Timing) -> dict[str, CardRule]:
    """The rules of the cards a window of ``timing`` offers, by card id."""
    found = _RULES_IN.get(timing)
    if found is None:
        found = _RULES_IN[timing] = {i: r for i, r in CardRule.rules.items()
                                     if timing in r.WINDOWS}
    return found


def open_window(state: FuryState, timing: Timing, seats: tuple[str, ...], *,
                hunter: str = "", town: str = "", chit: str = "") -> bool:
    """Push a window for ``seats`` (in order) that hold cards of a kind it offers."""
    for_hunters, for_dracula = _kinds_in(timing)
    asked: list[str] = []
    for seat in seats:
        if seat == DRACULA:
            if for_dracula and state.dracula.events and not walpurgis_nacht(state):
                asked.append(seat)
        elif for_hunters and state.hunters[seat].events and state.hunters[seat].alive:
            asked.append(seat)
    if not asked:
        return False
    state.stack.append(EventWindow(timing, tuple(asked), hunter=hunter, town=town, chit=chit))
    return True


# Fields in the instance's dict, not slots: opened and passed on at almost every step.
@attrs.frozen(slots=False)
class EventWindow(FuryDecision):
    """A timing window for Event Cards (Event Cards; Reference 4): each seat in ``seats``
    in turn may play one eligible card or pass; it closes when all have passed in a row.

    A seat is asked whenever it holds any Event Card of its kind (how many each holds is
    public), never only when it holds an eligible one: being asked tells nothing.
    ``hunter``, ``town`` and ``chit`` say what the window is about (the Hunter moving or
    attacked, the Town, the Encounter revealed); ``played`` the cards played in it.
    """

    KIND = "event_window"
    RULE = RULE_EVENTS
    timing: Timing
    seats: tuple[str, ...]
    turn: int = 0
    passes: int = 0
    hunter: str = ""
    town: str = ""
    chit: str = ""
    played: tuple[str, ...] = ()

    def deciders(self, state: FuryState) -> tuple[str, ...]:
        return (self.seats[self.turn],)

    def legal_actions(self, state: FuryState, seat: str) -> list[Action]:
        options: list[Action] = [NO_EVENT]
        held = hand(state, seat)
        if held:
            offered = _rules_in(self.timing)
            for card_id in sorted(offered.keys() & held):
                if offered[card_id].eligible(state, self, seat):
                    options.append(action_of(PlayEvent, card_id))
        return options

    def apply(self, state: FuryState, seat: str, action: Action) -> None:
        turn = (self.turn + 1) % len(self.seats)
        if isinstance(action, NoEvent):
            if self.passes + 1 >= len(self.seats):
                state.stack.pop()
            else:
                state.stack[-1] = EventWindow(self.timing, self.seats, turn, self.passes + 1,
                                              self.hunter, self.town, self.chit, self.played)
            return
        assert isinstance(action, PlayEvent)
        state.stack[-1] = evolve(self, turn=turn, passes=0,
                                       played=(*self.played, action.card))
        play(state, seat, action.card, hunter=self.hunter, town=self.town, chit=self.chit)

    def question(self, state: FuryState, seat: str) -> str:
        return f"{seat_name(seat)}: play an Event Card {self.when(state)}, or none"

    def when(self, state: FuryState) -> str:
        """The moment the window is open, in words."""
        hunter = seat_name(self.hunter) if self.hunter else "the Hunter"
        match self.timing:
            case Timing.ENCOUNTER_REVEALED:
                return (f"now that {printed(state, self.chit)} is revealed in "
                        f"{place_name(state, self.town)}")
            case Timing.RESPONSE_TO_HUNTER_CARD:
                return f"in answer to {printed(state, self.chit)}"
            case Timing.HUNTER_MOVEMENT_START:
                return f"at the start of {hunter}'s Movement Phase"
            case Timing.HUNTER_MOVEMENT_END:
                return f"as {hunter} ends his Movement Phase"
            case Timing.HUNTER_ACTION_END:
                return f"at the end of {hunter}'s Action Phase"
            case Timing.CATCHING_TRAIN:
                return f"as {hunter} tries to catch a train"
            case Timing.AFTER_DIE_ROLL:
                rolled = find(state, DieRoll)
                if rolled is None:
                    return "straight after the die roll"
                return (f"now that {seat_name(rolled.seat)} rolled {rolled.roll} "
                        f"{rolled.FOR}")
            case Timing.START_OF_COMBAT_ROUND:
                return f"at the start of combat round {_round(state)}"
            case _:  # in the words of the cards' timing
                return TIMINGS.get(self.timing, "now")


def _round(state: FuryState) -> int:
    """The round of the fight in progress (1 outside one)."""
    for record in reversed(state.stack):
        fight_round = record.fight_round() if isinstance(record, FuryDecision) else None
        if fight_round is not None:
            return fight_round
    return 1


# -- playing a card ---------------------------------------------------------------------------
def play(state: FuryState, seat: str, card_id: str, *, holder: str = "", hunter: str = "",
         town: str = "", chit: str = "") -> None:
    """Play a card from the hand of ``holder`` (``seat`` unless another Hunter's): it is
    discarded face up, a Hunter's card waits for Dracula's answer, then takes effect."""
    owner = holder or seat
    hand(state, owner).remove(card_id)
    card = card_of(state, card_id)
    if card_id == "shipping_agents":
        state.cards["shipping_agents"] = owner  # "stays face up beside the mapboard"
    else:
        state.event_deck.discard(card_id)  # "they are discarded and stacked face-up"
    who = "Dracula" if seat == DRACULA else HUNTER_NAMES[owner]
    state.say("event_played", f"{who} plays {card.name}", seat=seat, holder=owner,
              card=card_id)
    state.stack.append(CardPlayed(card_id, seat, owner, hunter, town, chit))
    if card.back == "cross" and _answered(state):
        open_window(state, Timing.RESPONSE_TO_HUNTER_CARD, (DRACULA,), chit=card_id)


def _answered(state: FuryState) -> bool:
    """Whether Dracula may answer a Hunter's card now: not in Jonathan Harker's fight."""
    for record in reversed(state.stack):
        if isinstance(record, FuryDecision):
            answered = record.hunter_cards_answered()
            if answered is not None:
                return answered
    return True


@attrs.frozen
class CardPlayed(FuryDecision):
    """A card just played, its effect still to come: a Hunter's card waits for Dracula's
    answer (Devilish Power cancels it: ``cancelled``)."""

    KIND = "card_played"
    RULE = RULE_EVENTS
    card: str
    seat: str
    holder: str = ""
    hunter: str = ""
    town: str = ""
    chit: str = ""
    cancelled: bool = False

    def run(self, state: FuryState) -> None:
        state.stack.pop()
        rule = card_rule(self.card)
        if self.cancelled:
            state.say("event_cancelled", f"{card_of(state, self.card).name} has no effect",
                      card=self.card)
            rule.cancelled(state, self)
            return
        rule.takes_effect(state, self)


@attrs.frozen
class CardStep(FuryDecision):
    """A choice a card's effect asks of ``chooser`` (``stage`` says which), e.g. the Town
    Jonathan Harker searches, the Towns the Hired Scouts visit, where Wild Horses go.
    ``picks`` are the public choices made so far; ``moves`` counts Control Storms' moves.
    The card's rule (:class:`CardRule`) lists the choices and applies one."""

    KIND = "card_step"
    RULE = RULE_EVENTS
    card: str
    chooser: str
    stage: Step
    seat: str = ""
    hunter: str = ""
    picks: tuple[str, ...] = ()
    moves: int = 0

    def deciders(self, state: FuryState) -> tuple[str, ...]:
        return (self.chooser,)

    def legal_actions(self, state: FuryState, seat: str) -> list[Action]:
        return card_rule(self.card).step_options(state, self)

    def apply(self, state: FuryState, seat: str, action: Action) -> None:
        card_rule(self.card).step_apply(state, self, action)

    def question(self, state: FuryState, seat: str) -> str:
        ask = card_rule(self.card).step_question(state, self)
        return f"{seat_name(seat)}: {printed(state, self.card)}: {ask}"

    def describe(self, state: FuryState, seat: str, action: Action) -> str:
        return card_rule(self.card).step_label(state, self, seat, action)


# -- the decisions in which a seat may also play his own cards --------------------------------
class OffersEventCards(FuryDecision):
    """A decision in which the deciding seat may also play one of his Event Cards: the
    Hunter's Movement Phase (before he moves), Dracula's (instead of moving), the choice to
    attack Dracula (Heroic Leap). The legal actions are the decision's own, then a
    :class:`~fury1987.actions.PlayEvent` for each card in hand its rule offers here."""

    __slots__ = ()

    def legal_actions(self, state: FuryState, seat: str) -> list[Action]:
        return [*self.own_actions(state, seat), *self.card_offers(state, seat)]

    def own_actions(self, state: FuryState, seat: str) -> list[Action]:
        """What the decision offers besides the cards."""
        raise NotImplementedError

    def card_offers(self, state: FuryState, seat: str) -> list[Action]:
        """The cards ``seat`` may play here, each once, in the order of their ids."""
        held = hand(state, seat)
        if not held:
            return []
        offering = _offering_rules()
        return [action_of(PlayEvent, card_id) for card_id in sorted(offering.keys() & held)
                if offering[card_id].offered_in(state, self, seat)]

    def apply(self, state: FuryState, seat: str, action: Action) -> None:
        if isinstance(action, PlayEvent):
            card_rule(action.card).play_own(state, seat, action, self)
        else:
            self.apply_own(state, seat, action)

    def apply_own(self, state: FuryState, seat: str, action: Action) -> None:
        """Apply one of the decision's own actions."""
        raise NotImplementedError


_OFFERING: dict[str, CardRule] = {}


def _offering_rules() -> dict[str, CardRule]:
    """The rules of the cards that may be offered in a seat's own decision at all (those
    whose rule says when: the others are never offered there), by card id."""
    if not _OFFERING:
        _OFFERING.update((i, r) for i, r in CardRule.rules.items()
                         if type(r).offered_in is not CardRule.offered_in)
    return _OFFERING


# -- the hand limit: an extra card played immediately -----------------------------------------
def hand_limit_plays(state: FuryState, seat: str) -> list[Action]:
    """Event Cards: over three cards, "the extras must be discarded or played immediately".
    A card may be played then only if its effect can be had at this moment (the cards of
    a Movement Phase that move no one; Dracula's Vampiric Influence, since the limit is
    reached at the end of a Hunter's Action Phase). Others can only be discarded."""
    if seat == DRACULA and walpurgis_nacht(state):
        return []
    return [PlayEvent(card_id) for card_id in dict.fromkeys(sorted(hand(state, seat)))
            if card_rule(card_id).playable_over_limit(state, seat)]


def walpurgis_nacht(state: FuryState) -> bool:
    """Dracula played Walpurgis Nacht this turn: "he may do nothing else whatsoever during
    the turn" (Reference 4), so he plays no other Event Card until his next turn."""
    return bool(state.cards.get("walpurgis_nacht"))


def play_over_limit(state: FuryState, seat: str, card_id: str) -> None:
    """Play an extra card immediately (the hand limit), as if in its own window."""
    if seat == DRACULA:
        action = current_action(state)
        assert action is not None
        play(state, seat, card_id, hunter=action.seat)
        return
    play(state, seat, card_id, hunter=seat, town=state.hunters[seat].location or "")


# -- cards played at once ---------------------------------------------------------------------
@attrs.frozen
class PlayAtOnce(FuryDecision):
    """Cards drawn that are not Keep: played at once, one after the other (Event Cards)."""

    KIND = "play_at_once"
    RULE = RULE_EVENTS
    seat: str
    members: tuple[str, ...]
    cards: tuple[str, ...]

    def run(self, state: FuryState) -> None:
        if not self.cards:
            state.stack.pop()
            return
        card_id, rest = self.cards[0], self.cards[1:]
        state.stack[-1] = evolve(self, cards=rest)
        holder = next((m for m in self.members if card_id in state.hunters[m].events), "")
        if holder:
            play(state, holder, card_id, hunter=self.seat, chit=",".join(self.members))


def queue_drawn(state: FuryState, seat: str, members: tuple[str, ...],
                drawn: list[tuple[str, str]]) -> None:
    """Cards not marked Keep that were drawn are played at once, in the order drawn; extra
    copies drawn at the same time are ignored (Mishap, Sense of Emergency)."""
    at_once = [c for _, c in drawn if not card_of(state, c).keep]
    if not at_once:
        return
    discard_ignored(state, members, drawn)
    kept = effective_draws(at_once, state.rules.events)
    state.stack.append(PlayAtOnce(seat, members, tuple(kept)))


def discard_ignored(state: FuryState, members: tuple[str, ...], drawn: list[tuple[str, str]]
                    ) -> None:
    """Extra copies of Mishap or Sense of Emergency drawn together go to the discards."""
    at_once = [c for _, c in drawn if not card_of(state, c).keep]
    kept = list(effective_draws(at_once, state.rules.events))
    for taker, card in drawn:
        if card not in at_once:
            continue
        if card in kept:
            kept.remove(card)
        elif card in state.hunters[taker].events:
            state.hunters[taker].events.remove(card)
            state.event_deck.discard(card)


# -- a Hunter's die, waiting for Good Luck ----------------------------------------------------
class What(enum.StrEnum):
    """What a Hunter's die was rolled for (``DieRoll.what``): each has its own subclass of
    :class:`DieRoll`, in the module of the rule that rolls it."""

    RAILWAY = "railway"
    ENCOUNTER = "encounter"
    INITIATIVE = "initiative"
    HOLY_WATER = "holy_water"
    HYPNOSIS = "hypnosis"
    HEROIC_LEAP = "heroic_leap"
    CASTLE_VAMPIRE = "castle_vampire"
    KNIFE = "knife"
    SERVANT = "servant"
    SACRED_BULLETS = "sacred_bullets"
    SUPERSTITIOUS_CARRIERS = "superstitious_carriers"


@attrs.frozen
class DieRoll(FuryDecision):
    """A die just rolled for a Hunter (``what`` it was for), waiting for Good Luck: every
    Hunter holding a card is asked (Reference 4 - Good Luck: "the die is rolled again and
    the new result stands"); then the roll stands (:meth:`stands`). ``chit`` and ``town``
    name what it rolls against; ``other`` is the opponent's die (never rolled again).

    Each kind of roll is a subclass naming its :attr:`WHAT`; a save names the kind in
    ``what`` and is read back into that subclass.
    """

    KIND = "die_roll"
    RULE = "Reference 4 - Event Cards - GOOD LUCK"
    #: The kind of roll a subclass stands for.
    WHAT: ClassVar[What]
    #: What the die was rolled for, in words ("on the Railway Station Chart").
    FOR: ClassVar[str] = "a die"
    #: Each kind of roll's subclass (filled by subclassing).
    rolls: ClassVar[dict[What, type[DieRoll]]] = {}
    what: What
    seat: str
    roll: int
    asked: bool = False
    chit: str = ""
    town: str = ""
    other: int = 0

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        what = cls.__dict__.get("WHAT")
        if what is not None:
            DieRoll.rolls[what] = cls

    @classmethod
    def of(cls, seat: str, roll: int, **fields: Any) -> Self:
        """The roll ``roll`` of this kind, for ``seat``."""
        return cls(cls.WHAT, seat, roll, **fields)

    def loaded(self) -> FuryDecision:
        kind = DieRoll.rolls.get(self.what)
        if kind is None or type(self) is kind:
            return self
        return kind(**attrs.asdict(self, recurse=False))

    def run(self, state: FuryState) -> None:
        if not self.asked:
            state.stack[-1] = evolve(self, asked=True)
            open_window(state, Timing.AFTER_DIE_ROLL, HUNTERS, hunter=self.seat)
            return
        state.stack.pop()
        self.stands(state)

    def stands(self, state: FuryState) -> None:
        """The roll takes effect (nobody played Good Luck, or its new roll stands)."""
        raise RuleError(f"a die rolled for {self.what} has no rule")


# -- moves declared in advance (Hypnosis, Vampiric Influence) ---------------------------------
def declared_moves(state: FuryState, seat: str, actions: list[Action]) -> list[Action]:
    """Keep, of the moves in ``actions``, the one ``seat`` declared (all of them if it
    cannot be carried out: "can not be held responsible ... beyond his control")."""
    declared = state.cards.get("declared", {}).get(seat)
    if declared is None:
        return actions
    kept = [a for a in actions if _matches(a, declared)]
    return kept or actions


def group_keeps_declarations(state: FuryState, group: tuple[str, ...],
                             actions: list[Action]) -> list[Action]:
    """Keep, of the moves in ``actions``, the one each member of a moving group declared
    (Vampiric Influence): "A group moves once per turn", so its move is every member's,
    whichever member's Movement Phase it is made in (ruling 63)."""
    for member in group:
        actions = declared_moves(state, member, actions)
    return actions


def group_declarer(state: FuryState, group: tuple[str, ...], actions: list[Action]) -> str:
    """The member of ``group`` whose declared move binds the group's among ``actions``
    ("" if none)."""
    return next((m for m in group if bound_by_declaration(state, m, actions)), "")


def bound_by_declaration(state: FuryState, seat: str, actions: list[Action]) -> bool:
    """Whether ``seat`` declared a move he can still make among ``actions``: then he must
    make it, and may play no card instead of it (Hypnosis: "he must stick to this
    choice")."""
    declared = state.cards.get("declared", {}).get(seat)
    return declared is not None and any(_matches(a, declared) for a in actions)


def keeps_to_declaration(state: FuryState, seat: str, action: Action) -> bool:
    """Whether ``action`` is the move ``seat`` declared (he made it, as he said)."""
    declared = state.cards.get("declared", {}).get(seat)
    return declared is not None and _matches(action, declared)


def _matches(action: Action, declared: str) -> bool:
    """Whether ``action`` is the move ``declared`` ("train", "pass", "stay" or a place).
    Consuming a Vampire is staying (ruling 87): it is done "instead of moving or Passing",
    in his Town box, with his Action Phase after it, as Not Moving."""
    if isinstance(action, MoveTo):
        return bool(action.to == declared)
    return bool((declared == "train" and action == CATCH_TRAIN)
                or (declared == "pass" and action == PASS)
                or (declared == "stay"
                    and (action == STAY_PUT or isinstance(action, ConsumeVampire))))


def moved_as_declared(state: FuryState, seat: str) -> None:
    """The declared move is made (or could not be): the declaration, and the route of a
    train declared, are spent."""
    for key in ("declared", "route"):
        declared = state.cards.get(key)
        if declared and seat in declared:
            del declared[seat]
            if not declared:
                del state.cards[key]


def declared_route(state: FuryState, seat: str) -> tuple[str, ...]:
    """The route of the train ``seat`` declared under Vampiric Influence (() if none)."""
    return tuple(state.cards.get("route", {}).get(seat, ()))


def group_route(state: FuryState, group: tuple[str, ...]) -> tuple[str, ...]:
    """The route of the train a member of ``group`` declared (() if none)."""
    return next((r for r in (declared_route(state, m) for m in group) if r), ())


def declared_kind(state: FuryState, seat: str) -> str:
    """The move ``seat`` declared under Vampiric Influence or Hypnosis ("" if none)."""
    return str(state.cards.get("declared", {}).get(seat, ""))


# -- Sea Sectors closed by Stormy Seas --------------------------------------------------------
def blocked_seas(state: FuryState) -> frozenset[str]:
    """Sea Sectors Stormy Seas close to everyone."""
    return frozenset(state.cards.get("stormy", {}))


def stormy_seas_pass(state: FuryState, seat: str) -> None:
    """At the start of the player's Movement Phase the block counts down: it lasts "until
    the start of not his next Movement Phase, but the one afterwards" (a group's move
    in another member's phase is his Movement Phase too: ruling 74)."""
    _count_storms(state, lambda holder: holder == seat)


def stormy_seas_orphans(state: FuryState) -> None:
    """Ruling 74: a block whose Hunter is out of the game counts down at the start of each
    of Dracula's turns instead (he has no Movement Phase left to count by)."""
    _count_storms(state, lambda holder: not state.hunters[holder].alive)


def _count_storms(state: FuryState, counts: Callable[[str], bool]) -> None:
    stormy = state.cards.get("stormy")
    if not stormy:
        return
    for sea in sorted(stormy):
        holder, left = stormy[sea]
        if counts(holder):
            if left <= 1:
                del stormy[sea]
                state.say("storm_lifts", f"The storm in the {sea} abates", sea=sea)
            else:
                stormy[sea] = [holder, left - 1]
    if not stormy:
        del state.cards["stormy"]
