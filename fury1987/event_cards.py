"""The sixty Event Cards as typed data, and the small rules about playing them.

Each card (``data/events.toml``) says what is printed on it and how the game uses it:
its back (a cross: the Hunter takes it; a bat: it is given to Dracula unseen), Keep or
play-at-once, who may play it, the timing window, the conditions, the cards it cancels,
machine-readable effect parameters and its Reference 5 group rule. The game loop
applies the effects; this module answers questions about the cards themselves.

    >>> cards = default_events()
    >>> cards["trap"].back, cards["trap"].effect["amount"], cards["trap"].count
    ('bat', 1, 3)
    >>> surviving_cards(["hour_of_darkness", "dawn_raid"])
    ()
    >>> len(cards.deck_list())
    60
"""

from __future__ import annotations

import functools
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any, Literal, cast

import attrs

from gothic_kernel import Deck, Dice, GothicError, Reshuffle

from .datafile import Entry, read_toml

Back = Literal["cross", "bat"]
Owner = Literal["hunter", "dracula"]

RULE_EVENT_CARDS = "Event Cards"

TIMINGS: dict[str, str] = {
    "on_draw": "played at once by the player who draws it (not Keep)",
    "start_of_combat": "at the start of a combat, before the die is rolled for the time of day",
    "start_of_combat_round": "in combat, at the start of a round before chits are chosen",
    "before_initiative": "after Combat Chits have been selected, before the Initiative rolls",
    "after_combat_result": "when a round's result is revealed, before it is applied",
    "encounter_revealed": "as soon as an Encounter Chit (or Dracula) is revealed, before facing it",
    "hunter_attacks_dracula": "the instant a Hunter decides to attack Dracula",
    "hunter_movement_start": "at the start of a Hunter's Movement Phase",
    "hunter_movement_end": "when a Hunter ends his Movement Phase",
    "hunter_action_end": "at the end of a Hunter's Action Phase",
    "hunter_turn_start": "at the start of a Hunter's turn",
    "catching_train": "when a Hunter attempts to catch a train",
    "holder_turn": "at any time during the holder's own turn",
    "dracula_movement_start": "at the start of Dracula's Movement Phase, instead of moving",
    "dracula_turn_start": "at the start of Dracula's turn",
    "response_to_hunter_card": "as soon as a Hunter plays an Event Card",
    "after_die_roll": "straight after a die roll",
}
"""The timing windows of the cards (the game loop opens a response window for each)."""

CONDITIONS: dict[str, str] = {
    "in_combat": "a combat is being fought",
    "dracula_in_combat": "Dracula himself is fighting (not only his Agents)",
    "before_daytime_roll": "the die for the time of day has not been rolled yet",
    "rail_link": "the Hunter starts his Movement Phase in a Town with a Railroad",
    "target_in_sea_sector": "the Hunter it is played on is in a Sea Sector",
    "target_disembarked_in_port": "the Hunter it is played on has just reached a Port by sea",
    "target_catching_train": "the Hunter it is played on is trying to catch a train",
    "before_combat": "no combat has been entered into yet",
    "sea_movement": "the Hunter moves by Sea this Movement Phase",
    "bite_result_or_seduction": "the Hunter would be bitten (Bite or Hyp, or Seduction)",
    "hunter_is_attacking": "the Hunter attacks Dracula (not when attacked by him)",
    "target_bitten": "the Hunter it is played on has a Bite Marker",
    "target_agrees": "the bitten Hunter agrees, when another Hunter plays it",
    "encounter_chit": "an Encounter Chit (not Dracula) was revealed",
    "no_garlic_played": "no Hunter in the combat has played Garlic",
    "vampire_encounter": "a Vampire Encounter (or a Hunter-Vampire) was revealed",
    "sea_sector_without_hunter": "the chosen Sea Sector has no Hunter in it",
    "szgany_encounter": "a Szgany Encounter was revealed",
    "not_blood_death": "the Blood Death Marker is not in use",
}
"""The conditions a card may require before it is played."""

GROUP_SCOPES: dict[str, str] = {
    "whole_group": "the whole group is affected",
    "group_sailing_together": "the whole group benefits as long as they sail together",
    "one_member_dracula_chooses": "only one Hunter of the group, chosen by Dracula",
    "each_member_separately": "each Hunter of the group separately",
}
"""How a card's effect spreads over a Hunter group (Reference 5 - Group Events)."""


class EventDataError(GothicError, ValueError):
    """An event card file that is incomplete or makes no sense."""


@attrs.frozen
class GroupRule:
    """A Reference 5 group rule: its scope, extra parameters and the note verbatim."""

    scope: str
    note: str
    extra: Mapping[str, Any]


@attrs.frozen
class EventCard:
    """One Event Card (all copies of it share this record)."""

    id: str
    name: str
    count: int
    back: Back
    keep: bool
    played_by: str
    for_another_hunter: bool
    timing: str
    conditions: tuple[str, ...]
    cancels: tuple[str, ...]
    text: str
    notes: str
    effect: Mapping[str, Any]
    group: GroupRule | None
    provenance: str
    section: str
    derived: tuple[str, ...]
    reconstructed: tuple[str, ...]

    @property
    def owner(self) -> Owner:
        """Who receives it when drawn: a cross for the Hunter, a bat for Dracula."""
        return "hunter" if self.back == "cross" else "dracula"

    @property
    def play_at_once(self) -> bool:
        """Not marked Keep: it must be played immediately."""
        return not self.keep

    @property
    def kind(self) -> str:
        """The effect's kind (``effect["kind"]``)."""
        return str(self.effect["kind"])


@attrs.frozen
class DeckRules:
    """How the Event Draw Pile and hands work (Event Cards)."""

    total: int
    hand_limit: int
    draw_from: str
    reshuffle: Reshuffle
    bat_cards_unseen: bool


@attrs.frozen
class EventCards:
    """All the Event Cards and the deck rules."""

    cards: Mapping[str, EventCard]
    deck: DeckRules
    source: str

    def __getitem__(self, card_id: str) -> EventCard:
        try:
            return self.cards[card_id]
        except KeyError:
            raise EventDataError(f"no Event Card {card_id!r}") from None

    def __iter__(self) -> Iterator[EventCard]:
        return iter(self.cards.values())

    def deck_list(self) -> tuple[str, ...]:
        """One card id per physical card: the sixty cards of the Draw Pile."""
        return tuple(card.id for card in self.cards.values() for _ in range(card.count))

    def new_draw_pile(self, dice: Dice) -> Deck:
        """Set-Up: "Separate all the Event Cards, shuffle them and place them face down".

        Cards are drawn with :meth:`Deck.draw_bottom`; the top card is never taken and,
        once reached, it and the discards form a new pile (``Reshuffle.KEEP_TOP_CARD``).
        """
        return Deck.shuffled(self.deck_list(), dice, self.deck.reshuffle)

    def owned_by(self, owner: Owner) -> tuple[EventCard, ...]:
        """The cards with a cross (``"hunter"``) or a bat (``"dracula"``) on the back."""
        return tuple(card for card in self.cards.values() if card.owner == owner)

    def playable_in(self, timing: str, owner: Owner | None = None) -> tuple[EventCard, ...]:
        """The cards that may be played in a timing window (by ``owner`` if given)."""
        if timing not in TIMINGS:
            raise EventDataError(f"unknown timing window {timing!r}")
        return tuple(
            card for card in self.cards.values()
            if card.timing == timing and (owner is None or card.owner == owner)
        )


# ---------------------------------------------------------------------------------------
# Rules about the cards
# ---------------------------------------------------------------------------------------
def cancel_each_other(first: str, second: str, cards: EventCards | None = None) -> bool:
    """The two cards contradict each other clearly, so neither has any effect (Event
    Cards: Hour of Darkness vs Dawn Raid; Chartered Carriage vs False Tip-off)."""
    events = cards if cards is not None else default_events()
    return second in events[first].cancels


def surviving_cards(played: Sequence[str], cards: EventCards | None = None) -> tuple[str, ...]:
    """The cards played in one window that still take effect once cancelling pairs are
    removed, one for one ("Both cards are discarded")."""
    events = cards if cards is not None else default_events()
    left = list(played)
    for card in list(played):
        if card not in left:
            continue
        partner = next((p for p in left if cancel_each_other(card, p, events)), None)
        if partner is not None:
            left.remove(card)
            left.remove(partner)
    return tuple(left)


def devilish_power_cancels(card_id: str, cards: EventCards | None = None) -> bool:
    """Devilish Power negates a Hunter's Event Card (Dawn Raid in An Example of Combat,
    Heroic Leap), and discards Shipping Agents in play (Reference 4)."""
    events = cards if cards is not None else default_events()
    power = events["devilish_power"].effect
    card = events[card_id]
    return card.back == power["cancels_back"] or card_id in power["discards_in_play"]


def may_play(card_id: str, player: Owner, *, for_another_hunter: bool = False,
             cards: EventCards | None = None) -> bool:
    """Whether ``player`` may play this card: Hunters play cross cards, Dracula bat cards;
    "only Hypnosis and Good Luck can be played with any effect for another Hunter"."""
    card = (cards if cards is not None else default_events())[card_id]
    if card.owner != player:
        return False
    return card.for_another_hunter or not for_another_hunter


def effective_draws(drawn: Sequence[str], cards: EventCards | None = None) -> tuple[str, ...]:
    """Cards drawn at the same time, with the extra copies that are ignored removed
    (Mishap: "the Hunter must only miss one turn"; Sense of Emergency: one extra turn)."""
    events = cards if cards is not None else default_events()
    seen: set[str] = set()
    kept: list[str] = []
    for card_id in drawn:
        if events[card_id].effect.get("extra_copies_drawn_together_ignored") and card_id in seen:
            continue
        seen.add(card_id)
        kept.append(card_id)
    return tuple(kept)


def cards_over_hand_limit(held: int, cards: EventCards | None = None) -> int:
    """How many cards must be discarded or played at once ("never more than three")."""
    return max(held - (cards if cards is not None else default_events()).deck.hand_limit, 0)


def hypnosis_works(roll: int, cards: EventCards | None = None) -> bool:
    """Hypnosis: "1-2 = No effect ... 3-6 = Dracula must declare where he is, his next
    move, and how many Vampires he has presently deployed"."""
    effect = (cards if cards is not None else default_events())["hypnosis"].effect
    return roll in effect["roll"]["reveal"]


def superstitious_carriers_loss(roll: int, cards: EventCards | None = None) -> int:
    """Blood Points Dracula loses for the Hunter's die roll (Superstitious Carriers)."""
    effect = (cards if cards is not None else default_events())["superstitious_carriers"].effect
    return int(effect["blood_points_lost_by_roll"][roll - 1])


# ---------------------------------------------------------------------------------------
# Loading
# ---------------------------------------------------------------------------------------
def load_events(path: str | Path | None = None) -> EventCards:
    """Load the Event Cards (the packaged ``data/events.toml`` unless ``path`` is given).

    A user's file is also held to the packaged cards: every card is one the game knows
    how to play, and its effect has the fields, of the types, the game reads."""
    data, source = read_toml(path, "events.toml", EventDataError)
    root = Entry.of(data, source, EventDataError)
    cards = {}
    for entry in root.tables("card") if "card" in root else ():
        card = _card(entry)
        if card.id in cards:
            raise EventDataError(f"{source}: card {card.id!r} listed twice")
        cards[card.id] = card
    events = EventCards(cards, _deck_rules(root.table("deck", {})), source)
    _check(events)
    if path is not None:
        _check_against(events, default_events())
    return events


def _deck_rules(entry: Entry) -> DeckRules:
    try:
        reshuffle = Reshuffle(entry.text("reshuffle", "keep_top_card"))
    except ValueError:
        raise entry.problem(f"unknown reshuffle {entry.data.get('reshuffle')!r}") from None
    return DeckRules(
        total=entry.whole("total", 60),
        hand_limit=entry.whole("hand_limit", 3),
        draw_from=entry.text("draw_from", "bottom"),
        reshuffle=reshuffle,
        bat_cards_unseen=entry.flag("bat_cards_unseen", True),
    )


def _card(entry: Entry) -> EventCard:
    group = entry.table("group") if "group" in entry else None
    return EventCard(
        id=entry.text("id"),
        name=entry.text("name"),
        count=entry.whole("count"),
        back=cast(Back, entry.text("back")),
        keep=entry.flag("keep"),
        played_by=entry.text("played_by", "holder"),
        for_another_hunter=entry.flag("for_another_hunter", False),
        timing=entry.text("timing"),
        conditions=entry.words("conditions", ()),
        cancels=entry.words("cancels", ()),
        text=entry.text("text", ""),
        notes=entry.text("notes", ""),
        effect=dict(entry.table("effect").data),
        group=None if group is None else GroupRule(
            group.text("scope"), group.text("note", ""),
            {k: v for k, v in group.data.items() if k not in ("scope", "note")},
        ),
        provenance=entry.text("provenance"),
        section=entry.text("section", ""),
        derived=entry.words("derived", ()),
        reconstructed=entry.words("reconstructed", ()),
    )


def _check_against(events: EventCards, packaged: EventCards) -> None:
    """Each card of a user's file is one of the game's, its effect shaped as the game
    reads it (the same fields, of the same types)."""
    for card in events.cards.values():
        where = f"{events.source}: card {card.id!r}"
        known = packaged.cards.get(card.id)
        if known is None:
            raise EventDataError(f"{where}: not an Event Card of the 1987 game (the game "
                                 f"plays {', '.join(sorted(packaged.cards))})")
        problems = _shape_problems(known.effect, card.effect, "effect")
        if known.group is not None:
            given = {} if card.group is None else card.group.extra
            problems += _shape_problems(known.group.extra, given, "group")
        if problems:
            raise EventDataError(f"{where}: " + "; ".join(problems[:5]))


def _shape_problems(packaged: Any, given: Any, where: str) -> list[str]:
    """How ``given`` differs in shape from ``packaged``: fields missing or of another type
    (extra fields are let be)."""
    if isinstance(packaged, dict):
        if not isinstance(given, dict):
            return [f"{where} must be a table, not {given!r}"]
        found: list[str] = []
        for key, value in packaged.items():
            if key not in given:
                found.append(f"{where}.{key} is missing")
            else:
                found += _shape_problems(value, given[key], f"{where}.{key}")
        return found
    if isinstance(packaged, list):
        if not isinstance(given, list):
            return [f"{where} must be a list, not {given!r}"]
        kinds = {_kind(item) for item in packaged}
        return [f"{where} lists {item!r}, not {' or '.join(sorted(kinds))}"
                for item in given if kinds and _kind(item) not in kinds]
    if _kind(given) != _kind(packaged) and not (_kind(packaged) == "a number"
                                                 and _kind(given) == "a whole number"):
        return [f"{where} must be {_kind(packaged)}, not {given!r}"]
    return []


def _kind(value: object) -> str:
    """The TOML kind of a value, in words (true is not a number)."""
    if isinstance(value, bool):
        return "true or false"
    if isinstance(value, int):
        return "a whole number"
    if isinstance(value, float):
        return "a number"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "a table"
    return type(value).__name__


def _check(events: EventCards) -> None:
    where = events.source
    total = len(events.deck_list())
    if total != events.deck.total:
        raise EventDataError(f"{where}: the cards add up to {total}, not {events.deck.total}")
    for card in events.cards.values():
        _check_card(card, events, f"{where}: card {card.id!r}")


def _check_card(card: EventCard, events: EventCards, where: str) -> None:
    problems = []
    if card.back not in ("cross", "bat"):
        problems.append(f"back must be 'cross' or 'bat', not {card.back!r}")
    if card.timing not in TIMINGS:
        problems.append(f"unknown timing {card.timing!r}")
    if card.keep == (card.timing == "on_draw"):
        problems.append("a card is played on drawing exactly when it is not Keep")
    problems += [f"unknown condition {c!r}" for c in card.conditions if c not in CONDITIONS]
    for other in card.cancels:
        if other not in events.cards or card.id not in events.cards[other].cancels:
            problems.append(f"cancels {other!r}, which does not cancel it back")
    if card.group is not None and card.group.scope not in GROUP_SCOPES:
        problems.append(f"unknown group scope {card.group.scope!r}")
    if card.provenance not in ("rulebook", "derived", "reconstructed"):
        problems.append(f"bad provenance {card.provenance!r}")
    for field in (*card.derived, *card.reconstructed):
        if not _has_field(card, field):
            problems.append(f"provenance names a missing field {field!r}")
    if "kind" not in card.effect:
        problems.append("the effect has no kind")
    if problems:
        raise EventDataError(f"{where}: " + "; ".join(problems))


def _has_field(card: EventCard, dotted: str) -> bool:
    head, _, rest = dotted.partition(".")
    if head == "effect":
        return rest in card.effect
    return not rest and hasattr(card, head)


@functools.cache
def default_events() -> EventCards:
    """The packaged Event Cards (loaded once)."""
    return load_events()
