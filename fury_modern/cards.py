"""Event and item cards in play (Event and Item Cards): timing windows, playing a card,
choosing among its effects, allies.

"The top of each event card contains timing text that indicates when the card can be
played. Some cards need to be played immediately while other cards can be used later at
specific times." Each timing (vocabulary.toml ``[timing]``, each card's ``timing``) is
one of:

* a **window** the game opens at that moment (:class:`CardWindow`, the kernel's
  :class:`~gothic_kernel.windows.Window`): at the start of a combat, at dawn, at dusk, at
  the end of Dracula's phase, and ``immediately`` just after a card is drawn. Every seat
  the window is for that holds a card of a pile it offers (a hunter's events or items,
  Dracula's events) is asked in turn, whether or not he holds a card that fits: how many
  cards each holds is public, which ones is not, so being asked tells nothing;
* a hunter's **action** (``action``, ``action_day``, ``action_night``): offered among the
  hunter's own actions (:func:`action_cards`);
* **immediately**, for a card that may not be kept: it is played as soon as it is drawn,
  face up (:func:`drawn`); a card that may be played at once or kept (Newspaper Reports,
  Roadblock, Summon Storms) is offered in the ``immediately`` window, which opens after
  every event card a seat receives, so that it tells nothing.

"To play an event card, a player reads the text on the card and resolves the described
effect. Then, he places that event card faceup in the event discard pile." A card with
several effects asks which (:class:`CardMode`); the ``ally`` effect puts the card in the
hunters' ally slot or Dracula's play area, the ally it replaces going face up to the
discard pile (:func:`set_ally`). What each card does is one small class
(:class:`CardRule`) in :mod:`fury_modern.hunter_events` and :mod:`fury_modern.dracula_events`.
"""

from __future__ import annotations

import enum
from typing import TYPE_CHECKING, Any, ClassVar

import attrs

from gothic_kernel import Action, RuleError
from gothic_kernel.windows import Window, seats_to_ask

from .actions import NO_CARD, ChooseMode, PlayCard
from .decisions import ModernDecision
from .hands import drop_card, keep_revealed
from .rules import DRACULA, Rules
from .wording import describe, pronoun

if TYPE_CHECKING:
    from .state import ModernState

RULE_CARDS = "Event and Item Cards"
ALLY = "ally"


class Timing(enum.StrEnum):
    """The windows the game opens (``CardWindow.timing``), named as in vocabulary.toml."""

    IMMEDIATELY = "immediately"
    AT_DAWN = "at_dawn"
    AT_DUSK = "at_dusk"
    COMBAT_START = "combat_start"
    DRACULA_PHASE_END = "dracula_phase_end"
    COMBAT_AFTER_CARD = "combat_after_card"
    COMBAT_CARD_CANCELLED = "combat_card_cancelled"
    WHEN_AMBUSHED = "when_ambushed"
    WHEN_BITTEN_OR_DEFEATED = "when_bitten_or_defeated"
    #: Dracula's windows on a hunter's doings (the card names the hunter: ``CardWindow.hunter``).
    HUNTER_SPENDS_TICKET = "hunter_spends_ticket"
    HUNTER_MOVES_BY_ROAD = "hunter_moves_by_road"
    HUNTER_CHANGES_REGION = "hunter_changes_region"
    HUNTER_SEARCHES = "hunter_searches"
    HUNTER_PLAYS_EVENT = "hunter_plays_event"
    #: The hunters' answer to a False Tip just played (Good Luck cancels it).
    FALSE_TIP_PLAYED = "false_tip_played"


#: The card timings a window offers besides its own: a card played "during Dracula's phase"
#: is offered as it ends (a ruling: docs/fury_modern.md).
EXTRA_TIMINGS = {Timing.DRACULA_PHASE_END: frozenset({"dracula_phase"}),
                 Timing.FALSE_TIP_PLAYED: frozenset({"during_day"})}


def offered(timing: Timing) -> frozenset[str]:
    """The card timings the window ``timing`` offers."""
    return frozenset({timing.value}) | EXTRA_TIMINGS.get(timing, frozenset())


#: The moment of each window, in words (``{hunter}``: whom it concerns; ``{card}``: the card).
WINDOW_WORDS = {Timing.IMMEDIATELY: "now, as you receive it",
                Timing.AT_DAWN: "at dawn", Timing.AT_DUSK: "at dusk",
                Timing.COMBAT_START: "at the start of the combat, before cards are chosen",
                Timing.DRACULA_PHASE_END: "at the end of your phase",
                Timing.COMBAT_AFTER_CARD: "right after your card resolves",
                Timing.COMBAT_CARD_CANCELLED: "as your combat card would be cancelled",
                Timing.WHEN_AMBUSHED: "as you are ambushed, before the encounter resolves",
                Timing.WHEN_BITTEN_OR_DEFEATED: "as a hunter would be bitten or defeated",
                Timing.HUNTER_SPENDS_TICKET: "as {hunter} spends a ticket",
                Timing.HUNTER_MOVES_BY_ROAD: "as {hunter} moves by road, before the trail is "
                                             "checked",
                Timing.HUNTER_CHANGES_REGION: "as the move of {hunter} takes {him} into the "
                                              "other region",
                Timing.HUNTER_SEARCHES: "as {hunter} searches",
                Timing.HUNTER_PLAYS_EVENT: "as {hunter} plays {card}",
                Timing.FALSE_TIP_PLAYED: "now that Dracula plays False Tip"}
#: The steps card effects ask (``CardStep.step``).
STEPS = frozenset({"city", "space", "hunter", "take", "encounter", "ally", "raid", "wolf",
                   "ride", "hideout", "sail", "storm", "victim", "discard", "ticket", "roadblock",
                   "customs", "host", "swap"})

#: Choices a card's step offers as modes (the trail spaces and lairs Newspaper Reports and
#: Wax Cylinders choose among).
STEP_MODES = (*(f"trail_space_{n}" for n in range(1, 7)), "lair_1", "lair_2", "lair_3",
              "discard_items", "suffer_damage")


def card_modes(rules: Rules) -> tuple[str, ...]:
    """Every effect a card offers by name (``ChooseMode``), in a fixed order."""
    return tuple(dict.fromkeys([*(m for c in rules.events.values() for m in c.modes), ALLY,
                                *STEP_MODES]))


def card_words(rules: Rules) -> frozenset[str]:
    """The words a card decision may hold: timings, steps, effects."""
    timings = {t for c in (*rules.events.values(), *rules.items.values()) for t in c.timing}
    return frozenset({*timings, *Timing, "action_day", "action_night", *STEPS,
                      *card_modes(rules)})


#: A hunter's own action: the timings offered among his actions, by night (True) or day
#: (Chartered Carriage, played before moving by railway, is his Move).
ACTION_TIMINGS = {False: frozenset({"action", "action_day", "before_railway_move"}),
                  True: frozenset({"action", "action_night"})}


# -- one card's rules ---------------------------------------------------------------------------
class CardRule:
    """What one card does, in named hooks: whether it may be played now, its effect, and
    the choices the effect asks for (:class:`CardStep`). A subclass with an ``ID`` is that
    card's rule (registered by subclassing); when it is played is the card's data
    (``timing``), its effects by name its ``modes``."""

    ID: ClassVar[str] = ""
    rules: ClassVar[dict[str, CardRule]] = {}

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if cls.__dict__.get("ID"):
            CardRule.rules[cls.ID] = cls()

    def eligible(self, state: ModernState, seat: str, timing: str) -> bool:
        """Whether ``seat`` may play it now, at ``timing`` (one of its timings)."""
        return True

    def modes(self, state: ModernState, seat: str, timing: str) -> tuple[str, ...]:
        """The effects ``seat`` may choose among now (the card's ``modes``)."""
        return state.rules.events[self.ID].modes if self.ID in state.rules.events else ()

    def resolve(self, state: ModernState, played: CardPlayed) -> None:
        """The effect (``played.mode`` names it for a card with several)."""
        raise RuleError(f"{self.ID} has no effect of its own")

    def lies_before(self, state: ModernState, seat: str) -> bool:
        """Whether the card lies before ``seat``, played earlier and usable once more
        (Lucy's Revenge in a combat)."""
        return False

    def use(self, state: ModernState, seat: str, window: CardWindow) -> None:
        """Use the card lying before ``seat`` in ``window`` (``perils.Peril``)."""
        raise RuleError(f"{self.ID} does not lie before anyone")

    # -- the choices its effect asks for ------------------------------------------------------
    def step_options(self, state: ModernState, step: CardStep) -> list[Action]:
        raise RuleError(f"{self.ID} asks for no choice")

    def step_apply(self, state: ModernState, step: CardStep, action: Action) -> None:
        raise RuleError(f"{self.ID} asks for no choice")

    def step_prompt(self, state: ModernState, step: CardStep) -> str:
        return "choose"

    def step_label(self, state: ModernState, step: CardStep, action: Action) -> str:
        return describe(state, step.chooser, action)


def rule_of(card: str) -> CardRule | None:
    """The rule of ``card``, or None for a card whose effect is not played yet."""
    return CardRule.rules.get(card)


def timings_of(state: ModernState, card: str) -> tuple[str, ...]:
    found = state.rules.events.get(card) or state.rules.items.get(card)
    return found.timing if found is not None else ()


def held(state: ModernState, seat: str) -> list[str]:
    """The event (and, for a hunter, item) cards ``seat`` holds."""
    if seat == DRACULA:
        return state.dracula.events
    hunter = state.hunters[seat]
    return [*hunter.events, *hunter.items]


def playable(state: ModernState, seat: str, timings: frozenset[str]) -> list[str]:
    """The cards ``seat`` may play now at one of ``timings``, each once, by id."""
    found: list[str] = []
    cards = held(state, seat)
    if not cards:
        return found
    fitting = _fitting(state, timings)
    for card in sorted(set(cards)):
        when = fitting.get(card)
        if when is None:
            when = fitting[card] = tuple(t for t in timings_of(state, card) if t in timings)
        rule = rule_of(card) if when else None
        if rule is not None and any(rule.eligible(state, seat, t) for t in when):
            found.append(card)
    return found


_FITTING: dict[tuple[int, frozenset[str]], tuple[object, dict[str, tuple[str, ...]]]] = {}


def _fitting(state: ModernState, timings: frozenset[str]) -> dict[str, tuple[str, ...]]:
    """Each card's timings among ``timings``, in the card's order, as :func:`playable`
    works them out (once per rules and set of timings: every hunter's action asks them of
    every card he holds; the rules are kept beside, so rules made after others were
    dropped never read theirs)."""
    key = (id(state.rules), timings)
    found = _FITTING.get(key)
    if found is None or found[0] is not state.rules:
        found = _FITTING[key] = (state.rules, {})
    return found[1]


def action_cards(state: ModernState, seat: str, *, night: bool) -> list[Action]:
    """The cards a hunter may play as his action."""
    return [PlayCard(c) for c in playable(state, seat, ACTION_TIMINGS[night])]


# -- windows ------------------------------------------------------------------------------------
_PILES: dict[tuple[int, Timing], tuple[bool, bool, bool]] = {}


def piles(state: ModernState, timing: Timing) -> tuple[bool, bool, bool]:
    """Whether a card whose effect is played belongs to ``timing`` among the hunters'
    events, their items, and Dracula's events."""
    key = (id(state.rules), timing)
    found = _PILES.get(key)
    if found is None:
        rules = state.rules
        cards = [c for c in CardRule.rules if offered(timing) & set(timings_of(state, c))]
        found = _PILES[key] = (
            any(c in rules.events and rules.events[c].owner != DRACULA for c in cards),
            any(c in rules.items for c in cards),
            any(c in rules.events and rules.events[c].owner == DRACULA for c in cards))
    return found


def open_window(state: ModernState, timing: Timing, seats: tuple[str, ...], *,
                hunter: str = "", card: str = "") -> bool:
    """Push a window for those of ``seats`` (in order) that hold cards of a pile with
    cards for ``timing`` (whether one was pushed). ``hunter``: whom the moment concerns (the
    one who drew a card, the engaged hunter, the one who moves); ``card``: the card just
    drawn (``immediately``) or played (``hunter_plays_event``)."""
    asked = window_seats(state, timing, seats)
    if asked:
        state.stack.append(CardWindow(timing, asked, hunter=hunter, card=card))
    return bool(asked)


def window_seats(state: ModernState, timing: Timing, seats: tuple[str, ...]) -> tuple[str, ...]:
    """Those of ``seats`` a window at ``timing`` would ask (it depends on hand sizes alone)."""
    events, items, dracula = piles(state, timing)

    def holds(seat: str) -> bool:
        if seat == DRACULA:
            return dracula and bool(state.dracula.events)
        hunter_ = state.hunters[seat]
        return not hunter_.defeated and ((events and bool(hunter_.events))
                                         or (items and bool(hunter_.items)))

    return seats_to_ask(seats, holds)


def window_now(state: ModernState) -> CardWindow | None:
    """The window now asking (a card's rule reads whom its moment concerns)."""
    top = state.stack[-1] if state.stack else None
    return top if isinstance(top, CardWindow) else None


@attrs.frozen
class CardWindow(Window["ModernState"], ModernDecision):
    """A timing window (Event and Item Cards): each seat in ``seats`` in turn plays one card
    that fits or plays none, until all have played none in a row."""

    KIND = "card_window"
    RULE = RULE_CARDS
    timing: Timing
    seats: tuple[str, ...]
    turn: int = 0
    passes: int = 0
    hunter: str = ""
    card: str = ""

    def pass_action(self) -> Action:
        return NO_CARD

    def plays(self, state: ModernState, seat: str) -> list[Action]:
        cards = playable(state, seat, offered(self.timing))
        if self.timing is Timing.IMMEDIATELY:  # only the card just received
            cards = [c for c in cards if c == self.card and seat == self.hunter]
        elif self.timing is Timing.COMBAT_AFTER_CARD and seat != self.hunter:
            cards = []  # only after the holder's own card
        return [PlayCard(c) for c in cards]

    def play(self, state: ModernState, seat: str, action: Action) -> None:
        assert isinstance(action, PlayCard)
        play_card(state, seat, action.card, self.timing, hunter=self.hunter)

    def prompt(self, state: ModernState, seat: str) -> str:
        moment = WINDOW_WORDS[self.timing].format(hunter=state.name(self.hunter),
                                                  him=pronoun(self.hunter, "him"),
                                                  card=state.name(self.card))
        return f"{state.name(seat)}: play a card {moment}, or none."

    def describe(self, state: ModernState, seat: str, action: Action) -> str:
        if isinstance(action, PlayCard):
            return f"play {state.name(action.card)}"
        return "play no card"


# -- playing a card ----------------------------------------------------------------------------
def play_card(state: ModernState, seat: str, card: str, timing: str, *,
              hunter: str = "") -> None:
    """``seat`` plays ``card`` from his hand: it is shown to all; then he chooses its effect
    if it has several, and it resolves (``hunter``: whom the window concerns)."""
    if seat == DRACULA:
        state.dracula.events.remove(card)
    else:
        drop_card(state, seat, card)
    state.say("card_played", f"{state.name(seat)} plays {state.name(card)}.", seat=seat,
              card=card)
    rule = rule_of(card)
    assert rule is not None
    modes = rule.modes(state, seat, timing)
    if len(modes) > 1:
        state.stack.append(CardMode(card, seat, timing, hunter))
    else:
        resolve_mode(state, seat, card, modes[0] if modes else "", timing, hunter)
    if seat != DRACULA:
        keep_revealed(state, seat)  # his revealed card may have been this one (Bitten Hunters)


def resolve_mode(state: ModernState, seat: str, card: str, mode: str, timing: str,
                 hunter: str = "") -> None:
    """The card goes to the discard pile face up, or to the ally slot, and takes effect;
    a hunter event Dracula may cancel (Sensationalist Press) first opens his window."""
    if mode == ALLY:
        set_ally(state, seat, card)
        return
    if card in state.rules.items:
        state.item_deck.discard(card)
    else:
        state.event_deck.discard(card)
    state.stack.append(CardPlayed(card, seat, mode, timing, hunter))
    if seat != DRACULA and card in _cancellable(state):
        open_window(state, Timing.HUNTER_PLAYS_EVENT, (DRACULA,), hunter=seat, card=card)


_CANCELLABLE: dict[int, frozenset[str]] = {}


def _cancellable(state: ModernState) -> frozenset[str]:
    """The hunter events a Dracula event whose effect is played may cancel."""
    key = id(state.rules)
    found = _CANCELLABLE.get(key)
    if found is None:
        found = _CANCELLABLE[key] = frozenset(
            c for e in state.rules.events.values() if e.id in CardRule.rules
            for c in e.cancels)
    return found


def set_ally(state: ModernState, seat: str, card: str) -> None:
    """"There can be only one hunter ally in play at a time" (one Dracula ally): the old one
    goes face up to the event discard pile."""
    old = state.dracula.ally if seat == DRACULA else state.hunter_ally
    if old:
        state.event_deck.discard(old)
        state.say("ally_discarded", f"{state.name(old)} leaves play.", card=old)
    if seat == DRACULA:
        state.dracula.ally = card
    else:
        state.hunter_ally = card
    whose = "Dracula's ally" if seat == DRACULA else "the hunters' ally"
    state.say("ally", f"{state.name(card)} is now {whose}.", seat=seat, card=card)


def ally_in_play(state: ModernState, card: str) -> bool:
    return card in (state.hunter_ally, state.dracula.ally)


def plays_at_once(state: ModernState, card: str) -> bool:
    """An event card that may not be kept (and whose effect is played here) is played as
    soon as it is received."""
    return rule_of(card) is not None and not state.rules.events[card].kept


def drawn(state: ModernState, seat: str, card: str) -> bool:
    """``seat`` has just received event ``card`` (in his hand): a card that may not be
    kept is played at once (True); otherwise the ``immediately`` window opens for him
    (whatever the card, so that it tells nothing)."""
    if plays_at_once(state, card):
        play_card(state, seat, card, Timing.IMMEDIATELY)
        return True
    open_window(state, Timing.IMMEDIATELY, (seat,), hunter=seat, card=card)
    return False


@attrs.frozen
class CardMode(ModernDecision):
    """A card with several effects: its player chooses which one (Event Cards: "players
    must decide which effect to use when playing the card")."""

    KIND = "card_mode"
    RULE = RULE_CARDS
    card: str
    seat: str
    timing: str
    hunter: str = ""

    def put_away(self, state: ModernState) -> None:
        state.event_deck.discard(self.card)  # it was played: face up to the discard pile

    def deciders(self, state: ModernState) -> tuple[str, ...]:
        return (self.seat,)

    def legal_actions(self, state: ModernState, seat: str) -> list[Action]:
        rule = rule_of(self.card)
        assert rule is not None
        return [ChooseMode(m) for m in rule.modes(state, seat, self.timing)]

    def prompt(self, state: ModernState, seat: str) -> str:
        return f"{state.name(seat)}: choose the effect of {state.name(self.card)}."

    def describe(self, state: ModernState, seat: str, action: Action) -> str:
        assert isinstance(action, ChooseMode)
        return "play it as an ally" if action.mode == ALLY else action.mode.replace("_", " ")

    def apply(self, state: ModernState, seat: str, action: Action) -> None:
        assert isinstance(action, ChooseMode)
        state.stack.pop()
        state.say("card_mode", f"{state.name(seat)} uses {state.name(self.card)}: "
                               f"{self.describe(state, seat, action)}.", card=self.card,
                  mode=action.mode)
        resolve_mode(state, seat, self.card, action.mode, self.timing, self.hunter)


@attrs.frozen
class CardPlayed(ModernDecision):
    """A card played, its effect about to resolve (``mode``: which, for a card with
    several; ``timing``: the window or action it was played in)."""

    KIND = "card_played"
    RULE = RULE_CARDS
    card: str
    seat: str
    mode: str = ""
    timing: str = ""
    #: Whom the window it was played in concerns (the hunter who spends a ticket, ...).
    hunter: str = ""

    def run(self, state: ModernState) -> None:
        state.stack.pop()
        rule = rule_of(self.card)
        assert rule is not None
        rule.resolve(state, self)


@attrs.frozen
class CardStep(ModernDecision):
    """A choice a card's effect asks of ``chooser`` (``step`` says which, ``picks`` the
    choices made so far, all public); the card's rule lists the choices and applies one."""

    KIND = "card_step"
    RULE = RULE_CARDS
    card: str
    chooser: str
    step: str
    seat: str = ""
    picks: tuple[str, ...] = ()
    #: Cards that wait in the step, seen by the chooser alone (Lucky Find's item cards).
    held: tuple[str, ...] = ()
    #: A number the effect needs (how many roads Fast Horses ride).
    count: int = 0

    def put_away(self, state: ModernState) -> None:
        for card in self.held:
            state.item_deck.discard(card)

    def rule(self) -> CardRule:
        found = rule_of(self.card)
        assert found is not None
        return found

    def deciders(self, state: ModernState) -> tuple[str, ...]:
        return (self.chooser,)

    def legal_actions(self, state: ModernState, seat: str) -> list[Action]:
        return self.rule().step_options(state, self)

    def prompt(self, state: ModernState, seat: str) -> str:
        return (f"{state.name(seat)}: {state.name(self.card)} - "
                f"{self.rule().step_prompt(state, self)}.")

    def describe(self, state: ModernState, seat: str, action: Action) -> str:
        return self.rule().step_label(state, self, action)

    def apply(self, state: ModernState, seat: str, action: Action) -> None:
        self.rule().step_apply(state, self, action)


__all__ = [
    "ALLY",
    "CardMode",
    "CardPlayed",
    "CardRule",
    "CardStep",
    "CardWindow",
    "Timing",
    "action_cards",
    "ally_in_play",
    "card_modes",
    "card_words",
    "drawn",
    "open_window",
    "piles",
    "play_card",
    "playable",
    "rule_of",
    "set_ally",
    "window_now",
    "window_seats",
]
