"""Resampling: a state the viewer cannot tell from this one, what it cannot see drawn afresh.

For a hunter (or the public), Dracula's secrets: a hypothesis of the tracker is drawn
(every face-down card of his trail and lairs, which of them are power cards, the card
sliding off while his phase runs, and the move he has chosen while it waits to be
placed); then the encounters on face-down hideouts, on the hideout sliding off and in his
hand (from the cards the viewer has not seen), his event cards. For Dracula (or the public),
the hunters' cards and tickets he has not seen. For everyone, the order of every deck
and of the ticket pool, and the secret cards of a combat the viewer does not hold.

What a viewer has seen of another hunter's hand (a trade, the Spy, a card revealed or
played in combat) stays in that hand. Log entries hidden from the viewer told the old
secrets; in the copy they keep their public form and say only that they were redrawn.

Every draw is checked: the copy must give the viewer the same observation, prompt, legal
actions and labels. While the tracker is exact every hypothesis passes (the tests draw
without checking: ``draw``); past its bound a hypothesis may be one no secret history
gives, and such a draw is drawn again; after a few tries Dracula's trail stays as it was
(the cards are still redrawn).
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

import attrs

from gothic_kernel import PUBLIC, Dice, Log, LogEntry

from .actions import MoveTo
from .combat import Fight
from .dracula import DraculaPhase, Maturing, Step
from .encounters import Searching
from .hunter_events import VEIL_SHOWN
from .rules import DRACULA, HUNTERS
from .tracker import (
    _CACHE,
    DOMAIN,
    EMPTY,
    LAIR0,
    LIMBO,
    MOVE_POWER,
    MOVE_TO,
    Table,
    Tracker,
    _codes,
    _remember,
    read_log,
    tracker_of,
)

if TYPE_CHECKING:
    from .state import ModernState

#: Draws of Dracula's trail tried before it is kept as it was.
TRIES = 6


def resample(state: ModernState, viewer: str, seed: int) -> ModernState:
    """A state ``viewer`` cannot tell apart from ``state``, its hidden parts redrawn."""
    rng = Dice(seed ^ 0x5EED)
    before = _surface(state, viewer)
    tracker = tracker_of(state) if viewer != DRACULA and not state.is_over else None
    for attempt in range(TRIES + 1):
        twin = draw(state, viewer, seed + attempt, rng, tracker if attempt < TRIES else None)
        if twin is not None and (attempt == TRIES or _surface(twin, viewer) == before):
            return twin
    raise AssertionError("unreachable")  # pragma: no cover


def draw(state: ModernState, viewer: str, seed: int, rng: Dice,
         tracker: Tracker | None) -> ModernState | None:
    """One draw: the cards ``viewer`` has not seen and, given ``tracker``, Dracula's trail
    from one of its hypotheses (None if none could be drawn). Unchecked: ``resample``
    compares what the viewer would see and draws again."""
    twin = state.clone()
    twin.dice = state.dice.reseeded(seed)
    if tracker is not None and not _redraw_trail(twin, tracker, rng):
        return None
    _redraw_cards(twin, viewer, rng)
    twin.events = _redacted(state.events, viewer)
    twin.invalidate()
    _share_tracker(state, twin)
    return twin


def _surface(state: ModernState, viewer: str) -> Any:
    """All the viewer can tell of a position: its observation, prompt, whose turn it is,
    its legal actions and their labels."""
    legal = state.legal_actions(viewer) if viewer != PUBLIC else []
    return (state.observation(viewer), state.prompt(viewer), state.current_seats(),
            [a.to_json() for a in legal], [state.describe_action(viewer, a) for a in legal])


def _share_tracker(state: ModernState, twin: ModernState) -> None:
    """The copy's log has the same public entries: let it find the tracker already read."""
    entries = list(twin.events)
    if entries:
        tracker = read_log(state)
        _remember(_CACHE, id(entries[-1]), (entries[-1], len(entries), tracker))


# -- Dracula's trail -------------------------------------------------------------------------

def _draw_row(tracker: Tracker, rng: Dice) -> list[int] | None:
    """One hypothesis, its cards kept as sets drawn among their members (distinct from the
    row's other cards)."""
    t = tracker.table
    rows = tracker.rows
    if not len(rows):
        return None
    index = rng.index(len(rows))
    row = [int(c) for c in rows[index]]
    taken = {c for c in row if c < DOMAIN}
    for slot, col in enumerate(t.dom_cols):
        members = [c for c in _codes(tracker.dom[index, slot]) if c not in taken]
        if not members:
            return None
        row[col] = members[rng.index(len(members))]
        taken.add(row[col])
    return row


def _redraw_trail(twin: ModernState, tracker: Tracker, rng: Dice) -> bool:
    """Dracula's face-down cards from one hypothesis; False if none could be drawn."""
    t, g = tracker.table, tracker.geometry
    if not t.started or len(twin.trail) != t.length or len(twin.lairs) != t.lairs:
        return False
    row = _draw_row(tracker, rng)
    if row is None:
        return False
    names = [*g.places, *g.powers]
    for i, hideout in enumerate(twin.trail):
        hideout.card = names[row[i]]
    for j, hideout in enumerate(twin.lairs):
        hideout.card = names[row[LAIR0 + j]]
    limbo = names[row[LIMBO]] if t.limbo else ""
    move = MoveTo(names[row[MOVE_TO]], names[row[MOVE_POWER]] if row[MOVE_POWER] != EMPTY
                  else "", t.last_space) if t.chosen else None
    _redraw_move(twin, t, limbo, move)
    return True


def _redraw_move(twin: ModernState, table: Table, limbo: str, move: MoveTo | None) -> None:
    """The move in Dracula's phase and the card sliding off, as the drawn hypothesis has
    them (``move``: the move chosen and waiting to be placed)."""
    for i, record in enumerate(twin.stack):
        if isinstance(record, Maturing) and limbo:
            twin.stack[i] = attrs.evolve(record, card=limbo)
    for i, record in enumerate(twin.stack):
        if not isinstance(record, DraculaPhase) or record.move is None:
            continue
        if record.step in (Step.SLIDE, Step.PLACE):
            if move is not None:
                twin.stack[i] = attrs.evolve(record, move=move)
        else:  # already on the table: what the drawn trail says it was
            first = twin.trail[0].card if twin.trail else ""
            power = first if first in twin.rules.powers else \
                table.last_power if table.last_power in ("wolf_form", "misdirect") else ""
            twin.stack[i] = attrs.evolve(record, move=MoveTo(twin.dracula_location, power,
                                                             table.last_space))


# -- cards -----------------------------------------------------------------------------------

def _redraw_cards(twin: ModernState, viewer: str, rng: Dice) -> None:
    rules = twin.rules
    fighting = _fighting(twin)
    hidden = [h for h in HUNTERS if h != viewer and h not in fighting]
    known = _known_cards(twin, viewer)
    secret_dracula = viewer != DRACULA
    seen_events, seen_encounters = veiled(twin, viewer)
    # items and tickets
    items = _pool(twin.item_deck.cards, twin, hidden, known, "items")
    tickets = _pool(twin.tickets, twin, hidden, known, "tickets")
    # events: hunter events to hunters, Dracula's to Dracula
    hunter_events = [c for c in twin.event_deck.cards if rules.events[c].owner != DRACULA]
    dracula_events = [c for c in twin.event_deck.cards if rules.events[c].owner == DRACULA]
    hunter_events = _pool(hunter_events, twin, hidden, known, "events")
    if secret_dracula:
        dracula_events += (Counter(twin.dracula.events) - seen_events).elements()
    for pile in (items, tickets, hunter_events, dracula_events):
        rng.shuffle(pile)
    for seat in hidden:
        hunter = twin.hunters[seat]
        hunter.items = _deal(hunter.items, known[seat]["items"], items)
        hunter.events = _deal(hunter.events, known[seat]["events"], hunter_events)
        hunter.tickets = sorted(_deal(hunter.tickets, known[seat]["tickets"], tickets))
    if secret_dracula:
        twin.dracula.events = sorted(_deal(twin.dracula.events, seen_events, dracula_events))
        _redraw_encounters(twin, rng, seen_encounters)
    rest = hunter_events + dracula_events
    rng.shuffle(rest)
    twin.item_deck.cards, twin.event_deck.cards, twin.tickets = items, rest, tickets
    rng.shuffle(twin.encounter_deck.cards)
    _redraw_combat(twin, viewer, rng)


def _fighting(twin: ModernState) -> set[str]:
    """Hunters in a combat on the table (their combat hands show their items: kept)."""
    return {h for d in twin.stack if isinstance(d, Fight) for h in (*d.hunters, *d.hands)}


def _pool(deck: list[str], twin: ModernState, hidden: list[str],
          known: dict[str, dict[str, Counter[str]]], kind: str) -> list[str]:
    """The cards of a kind the viewer has not seen: the deck, and the hidden hands less the
    cards known to be in them."""
    pool = list(deck)
    for seat in hidden:
        held = Counter(getattr(twin.hunters[seat], kind))
        pool += list((held - known[seat][kind]).elements())
    return pool


def _deal(held: list[str], known: Counter[str], pool: list[str]) -> list[str]:
    kept = list((Counter(held) & known).elements())
    return kept + [pool.pop() for _ in range(len(held) - len(kept))]


def _known_cards(twin: ModernState, viewer: str) -> dict[str, dict[str, Counter[str]]]:
    """The cards ``viewer`` knows each hunter holds now, from what it has read in the log:
    the Spy (everything shown), a trade (the other's events, the cards handed over), cards
    revealed or played in combat; less those discarded; nothing after the hospital."""
    rules = twin.rules
    known: dict[str, dict[str, Counter[str]]] = {
        h: {"items": Counter(), "events": Counter(), "tickets": Counter()} for h in HUNTERS}

    def pile(card: str) -> str:
        return "tickets" if card in rules.tickets else "events" if card in rules.events \
            else "items"

    for entry in twin.events:
        shown = entry.for_viewer(viewer)
        if shown is None:
            continue
        kind, seat = shown.get("kind"), shown.get("seat")
        if kind == "spied" and seat in known:
            cards = list(shown.get("cards", ()))
            known[seat] = {"items": Counter(c for c in cards if pile(c) == "items"),
                           "events": Counter(c for c in cards if pile(c) == "events"),
                           "tickets": Counter()}
        elif kind == "trade_shown" and seat in known and "cards" in shown:
            known[seat]["events"] = Counter(shown["cards"])
        elif kind == "trade_give" and "card" in shown:
            card, to = shown["card"], shown.get("to")
            if to in known:
                known[to][pile(card)][card] += 1
            if seat in known and known[seat][pile(card)][card]:
                known[seat][pile(card)][card] -= 1
        elif kind == "reveal" and seat in known and shown.get("card"):
            card = shown["card"]
            known[seat][pile(card)][card] = max(known[seat][pile(card)][card], 1)
        elif kind == "combat_reveal":
            for hunter, card in dict(shown.get("chosen", {})).items():
                if hunter in known and card in rules.items:
                    known[hunter]["items"][card] = max(known[hunter]["items"][card], 1)
        elif kind == "discard" and seat in known and shown.get("card"):
            card = shown["card"]
            if known[seat][pile(card)][card]:
                known[seat][pile(card)][card] -= 1
        elif kind == "hospital" and seat in known:
            known[seat] = {"items": Counter(), "events": Counter(), "tickets": Counter()}
    for seat in HUNTERS:  # what has left a hand in silence is no longer known in it
        hunter = twin.hunters[seat]
        for card, kind in ((hunter.revealed_item, "items"), (hunter.revealed_event, "events")):
            if card:  # a weakened hunter's revealed cards lie on his sheet
                known[seat][kind][card] = max(known[seat][kind][card], 1)
        for kind in ("items", "events", "tickets"):
            known[seat][kind] &= Counter(getattr(hunter, kind))
    return known


def _redraw_encounters(twin: ModernState, rng: Dice, seen: Counter[str]) -> None:
    """Dracula's hand (but the cards of it the viewer knows are there: ``seen``) and the
    face-down encounters (on his hideouts, on the hideout sliding off, those a search has
    still to turn up), from the cards the viewer has not seen (those and the encounter
    deck)."""
    hideouts = [*twin.trail, *twin.lairs]
    unseen = [*(Counter(twin.dracula.encounters) - seen).elements(),
              *twin.encounter_deck.cards]
    for hideout in hideouts:
        unseen += [e for e, s in zip(hideout.encounters, hideout.shown, strict=True) if not s]
    for record in twin.stack:
        if isinstance(record, Maturing):
            shown = (*record.shown, *[False] * len(record.encounters))
            unseen += [e for e, s in zip(record.encounters, shown, strict=False) if not s]
        elif isinstance(record, Searching):
            unseen += [m.encounter for m in record.queue if not m.shown]
    rng.shuffle(unseen)
    for hideout in hideouts:
        hideout.encounters = [e if s else unseen.pop()
                              for e, s in zip(hideout.encounters, hideout.shown, strict=True)]
    for i, record in enumerate(twin.stack):
        if isinstance(record, Maturing):
            shown = (*record.shown, *[False] * len(record.encounters))
            twin.stack[i] = attrs.evolve(record, encounters=tuple(
                e if s else unseen.pop() for e, s in zip(record.encounters, shown,
                                                         strict=False)))
        elif isinstance(record, Searching):
            twin.stack[i] = Searching(tuple(m if m.shown else attrs.evolve(
                m, encounter=unseen.pop()) for m in record.queue))
    twin.dracula.encounters = sorted(_deal(twin.dracula.encounters, seen, unseen))
    twin.encounter_deck.cards = unseen


def veiled(twin: ModernState, viewer: str) -> tuple[Counter[str], Counter[str]]:
    """The event cards and encounters ``viewer`` knows Dracula holds, from what Behind the
    Veil showed the hunters: those still in his hand, all forgotten at anything Dracula does
    that the viewer does not see in full (a card placed, received or discarded in secret)
    and at his move (his hand refills as his phase ends)."""
    events: Counter[str] = Counter()
    encounters: Counter[str] = Counter()
    for entry in twin.events:
        shown = entry.for_viewer(viewer)
        if shown is None:
            continue
        kind = shown.get("kind")
        if (entry.scope.visible_to(DRACULA) and not entry.scope.visible_to(viewer)) or \
                kind == "dracula_moves":
            events, encounters = Counter(), Counter()
        elif kind == VEIL_SHOWN:  # its public form lists nothing
            events = Counter(map(str, shown.get("events") or ()))
            encounters = Counter(map(str, shown.get("encounters") or ()))
    # what has left his hand since (an event played, the encounter discarded) is no longer
    # in it; anything come into it came in secret, and was forgotten above
    return events & Counter(twin.dracula.events), encounters & Counter(twin.dracula.encounters)


def _redraw_combat(twin: ModernState, viewer: str, rng: Dice) -> None:
    """A combat on the table: for a hunter or the public, Dracula's combat hand and the card
    he has chosen while it lies face down; the combat deck's order for everyone."""
    deck = twin.combat_deck
    for i, fight in enumerate(twin.stack):
        if not isinstance(fight, Fight) or viewer == DRACULA:
            continue
        unseen = [*fight.hand, *deck.cards]
        rng.shuffle(unseen)
        hand = tuple(sorted(unseen[:len(fight.hand)]))
        deck.cards = unseen[len(fight.hand):]
        fight = attrs.evolve(fight, hand=hand)
        if DRACULA in fight.chosen and not fight.cards_revealed:  # face up: seen by all
            twin.stack[i] = fight
            choices = fight.dracula_choices(twin) or list(hand)
            chosen = {**fight.chosen, DRACULA: choices[rng.index(len(choices))]}
            fight = attrs.evolve(fight, chosen=chosen)
        twin.stack[i] = fight
    rng.shuffle(deck.cards)


# -- the log ---------------------------------------------------------------------------------

def _redacted(log: Log, viewer: str) -> Log:
    """Entries hidden from the viewer keep their public form; their full account, which
    told the old secrets, says only that they were redrawn."""
    return Log(entry if entry.scope.visible_to(viewer) else
               LogEntry({"kind": entry.event.get("kind", "secret"),
                         "text": "(a secret, redrawn by resampling)"}, entry.scope, entry.public)
               for entry in log)


__all__ = ["resample"]
