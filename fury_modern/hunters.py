"""The hunters' actions: move, search, supply, reserve a ticket, trade, rest, pass.

By day a hunter may take any of them; by night all but Move ([AID], [DP]). A hunter who
starts the day at sea must move on; one in a hospital may Supply (item cards only),
trade, rest or pass, or by day move into the hospital's city (Special Locations -
Hospitals; no ticket there: [SG]). No Supply and no ticket at Castle Dracula (Special
Locations - Castle Dracula).

Moving (Ticket Tokens; Event And Encounter Tokens): by road to a neighbouring city; by
sea from a port to a sea zone, sea to sea, or sea to a port, never into a storm; by
railway spending a ticket, as far as its white value on white railways alone or its
yellow value when any yellow railway is used. Never into, out of or through a fogged
city, never along a roadblocked road or railway.

Dracula's windows on these actions (:mod:`fury_modern.cards`): when a hunter spends a
ticket (False Tip; the journey waits in :class:`RailJourney`), after a move by road and
before the trail is checked (Wild Horses; :class:`MoveEnds`), after a Move into the other
region (Customs Search) and when he Searches (Seduction; :class:`SearchAction`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from gothic_kernel import Action, Scope, event

from .actions import (
    END_TRADE,
    PASS,
    REST,
    SEARCH,
    SUPPLY,
    EndTrade,
    Give,
    Move,
    PlayCard,
    ReserveTicket,
    Trade,
)
from .arrival import end_movement
from .cards import Timing, action_cards, drawn, open_window, play_card, plays_at_once, window_seats
from .decisions import ModernDecision
from .encounters import search
from .hands import check_dracula_events, check_hand_limits, drop_card
from .health import heal_hunter
from .rules import DRACULA, HUNTERS
from .trail import hideout_in
from .wording import card_name, describe, pronoun, rest_label, supply_label, ticket_label

if TYPE_CHECKING:
    from .state import ModernState

RULE_MOVE = "Hunter Actions - Move"
#: The one card a hunter who starts the day at sea may play: its sea moves move him on.
SAIL_ON = PlayCard("excellent_weather")


# -- what a hunter may do ------------------------------------------------------------------------

def hunter_actions(state: ModernState, seat: str, *, night: bool) -> list[Action]:
    """Every action ``seat`` may take now, in a fixed order."""
    board = state.board
    here = state.hunters[seat].location
    if board.is_sea(here):
        # he must move on (sailing on by Excellent Weather too); with every way closed (fog,
        # storms) he stays: rulings in the docs
        sail = [a for a in action_cards(state, seat, night=night) if a == SAIL_ON]
        return [*move_options(state, seat), *sail] or [PASS]
    supply = [] if state.dracula.no_supply else [SUPPLY]  # Devilish Power
    trades = [Trade(p) for p in HUNTERS if p != seat and p in state.hunters_at(here)]
    if board.is_hospital(here):
        # Special Locations - Hospitals names Supply (items only) and, by day, the move into
        # the city; it forbids nothing else: a trade with a hunter in the same hospital too.
        # Fog Token: no hunter may enter a fogged city, from its hospital neither
        city = board.hospital_of[here]
        moves = [] if night or state.tokens.fog.get(city) else [Move(city, "hospital")]
        return [*moves, *supply, *trades, REST, PASS]
    found: list[Action] = [] if night else list(move_options(state, seat))
    if searchable(state, here):
        found.append(SEARCH)
    if here != "castle_dracula":
        found += supply
        found += ticket_options(state, seat)
    found += [*trades, REST, PASS]
    return found + action_cards(state, seat, night=night)


def hunter_label(state: ModernState, seat: str, action: Action) -> str:
    """A hunter's action in words: Supply and Rest as they are where he stands (a
    hospital draws items only; Dr. Seward's city recovers 1 more)."""
    here = state.hunters[seat].location
    if action == SUPPLY:
        return supply_label(supply_items(state, seat), hospital=state.board.is_hospital(here),
                            large=state.board.is_large(here))
    if action == REST:
        return rest_label(rest_recovery(state, seat))
    return describe(state, seat, action)


def move_options(state: ModernState, seat: str) -> list[Move]:
    board, tokens = state.board, state.tokens
    here = state.hunters[seat].location
    if tokens.fog.get(here):
        return []  # no hunter may leave a fogged city
    closed = {(kind, frozenset((a, b))) for kind, a, b in tokens.roadblocks}
    moves = [_move(c, "road") for c in board.roads(here)
             if not tokens.fog.get(c) and ("road", frozenset((here, c))) not in closed]
    moves += [_move(p, "sea") for p in board.sea_lanes(here)
              if p not in tokens.storms and not tokens.fog.get(p)]
    for kind in sorted(set(state.hunters[seat].tickets)):
        ticket = state.rules.tickets[kind]
        moves += [_move(c, "rail", kind)
                  for c in rail_reach(state, here, ticket.white, ticket.yellow)]
    return moves


#: The Move actions made so far, shared by every state (actions never change): a hunter's
#: moves are listed at every one of his actions by day.
_MOVES: dict[tuple[str, str, str], Move] = {}


def _move(to: str, by: str, ticket: str = "") -> Move:
    found = _MOVES.get((to, by, ticket))
    if found is None:
        found = _MOVES[(to, by, ticket)] = Move(to, by, ticket)
    return found


def rail_reach(state: ModernState, here: str, white: int, yellow: int) -> tuple[str, ...]:
    """The cities a railway journey of these values takes a hunter to from ``here``, past no
    roadblock and through no fog."""
    tokens = state.tokens
    if tokens.fog.get(here):
        return ()
    rails = frozenset(frozenset((a, b)) for kind, a, b in tokens.roadblocks if kind == "rail")
    fogged = [c for c, n in tokens.fog.items() if n]
    found: tuple[str, ...] = state.board.rail_journeys(here, white, yellow, rails, fogged)
    return found


def searchable(state: ModernState, city: str) -> bool:
    """A hideout or lair with encounters lies in ``city`` and the hunter knows it: its
    location card lies face up (Search Action: "When a hunter is on a location with an
    encounter card"; a face-down card, such as a lair that moved up to trail space 1 or
    took its encounter while he stood there, tells him nothing). Not in fog."""
    found = hideout_in(state, city)
    return found is not None and found.revealed and bool(found.encounters) \
        and not state.tokens.fog.get(city)


def ticket_options(state: ModernState, seat: str) -> list[Action]:
    """Reserve a Ticket: none at a hospital or the Castle, none from an empty pool; a hunter
    at his limit gives one up first (Godalming, taking two, gives up what he must)."""
    if not state.tickets:
        return []
    held = state.hunters[seat].tickets
    limit = state.rules.numbers["ticket_limit"]
    if len(held) < limit or seat == "godalming":
        return [ReserveTicket()]
    return [ReserveTicket(kind) for kind in sorted(set(held))]


def explain(state: ModernState, seat: str, action: Action, *, night: bool) -> str:
    """Why a hunter's action is refused, in words he may read."""
    here = state.hunters[seat].location
    if isinstance(action, Move):
        if night:
            return "hunters do not move by night"
        if state.tokens.fog.get(here) or state.tokens.fog.get(action.to):
            return "no hunter may enter, leave or pass through a fogged city"
        return (f"{state.name(seat)} cannot reach {state.name(action.to)} by {action.by} "
                f"from {state.name(here)}" + (" with that ticket" if action.ticket else ""))
    if state.board.is_sea(here):
        return "a hunter who starts the day at sea must move on"
    if isinstance(action, type(SEARCH)):
        return "there is nothing to search here (or fog hides it)"
    if isinstance(action, ReserveTicket):
        return ("tickets are reserved in a city, not the Castle or a hospital, from the pool, "
                f"holding at most {state.rules.numbers['ticket_limit']}")
    if isinstance(action, Trade):
        return "a trade needs another hunter in the same city"
    return f"{state.name(seat)} may not do that now: {state.prompt(seat)}"


# -- doing it --------------------------------------------------------------------------------------

def take_action(state: ModernState, seat: str, action: Action, *, night: bool) -> None:
    if isinstance(action, Move):
        move(state, seat, action)
    elif action == SEARCH:
        state.stack.append(SearchAction(seat))
        open_window(state, Timing.HUNTER_SEARCHES, (DRACULA,), hunter=seat)
    elif action == SUPPLY:
        supply(state, seat, night=night)
    elif isinstance(action, ReserveTicket):
        reserve_ticket(state, seat, action)
    elif isinstance(action, Trade):
        state.stack.append(TradeSession(seat, action.partner))
        show_events(state, seat, action.partner)
    elif action == REST:
        rest(state, seat)
    elif isinstance(action, PlayCard):
        play_card(state, seat, action.card, "action_night" if night else "action_day")
    else:
        state.say("pass", f"{state.name(seat)} passes.", seat=seat)


def move(state: ModernState, seat: str, action: Move) -> None:
    """The Move action. By railway the ticket is spent first, in Dracula's window (False
    Tip), then the journey is made (:class:`RailJourney`); by road Dracula's window (Wild
    Horses) comes after the move and before the trail is checked (:class:`MoveEnds`, the
    move logged ``on_the_way`` so that the table reads the arrival only there)."""
    start = state.hunters[seat].location
    if action.by == "rail":
        spend_ticket(state, seat, action.ticket)
        state.stack.append(RailJourney(seat, start, action.to, action.ticket))
        open_window(state, Timing.HUNTER_SPENDS_TICKET, (DRACULA,), hunter=seat)
        return
    on_the_way = action.by == "road" and \
        bool(window_seats(state, Timing.HUNTER_MOVES_BY_ROAD, (DRACULA,)))
    move_hunter(state, seat, action, on_the_way=on_the_way)
    if on_the_way:
        state.stack.append(MoveEnds(seat, start))
        open_window(state, Timing.HUNTER_MOVES_BY_ROAD, (DRACULA,), hunter=seat)
    else:
        finish_move(state, seat, start)


def finish_move(state: ModernState, seat: str, start: str) -> None:
    """The hunter's Move ends: the trail is checked (``end_movement``); a Move from one
    region into the other then opens Dracula's window (Customs Search), after anything his
    arrival asks."""
    region = state.board.region
    if region(start) and region(state.hunters[seat].location) and \
            region(start) != region(state.hunters[seat].location):
        open_window(state, Timing.HUNTER_CHANGES_REGION, (DRACULA,), hunter=seat)
    end_movement(state, seat)


def spend_ticket(state: ModernState, seat: str, kind: str) -> None:
    """Ticket Tokens: the hunter reveals the ticket he spends; it goes back face down to the
    pool."""
    state.hunters[seat].tickets.remove(kind)
    state.tickets.insert(0, kind)  # face down back to the pool
    state.dice.shuffle(state.tickets)
    state.say("ticket_spent", f"{state.name(seat)} spends a {ticket_label(state, kind)} "
                              "ticket.", seat=seat, ticket=kind)


def move_hunter(state: ModernState, seat: str, action: Move, *,
                on_the_way: bool = False) -> None:
    """The hunter moves (a ticket is already spent); ``on_the_way``: his movement ends only
    once Dracula's window is over (:class:`MoveEnds`)."""
    how = {"rail": "by railway", "sea": "by sea", "hospital": "out of the hospital",
           "carriage": "by chartered carriage", "wild_horses": "on wild horses"}.get(
        action.by, "by road")
    state.hunters[seat].location = action.to
    state.say("hunter_moves", f"{state.name(seat)} moves {how} to {state.name(action.to)}.",
              seat=seat, to=action.to, by=action.by, ticket=action.ticket,
              **({"on_the_way": True} if on_the_way else {}))


@attrs.frozen
class RailJourney(ModernDecision):
    """The railway journey a spent ticket pays for, made once Dracula's window is over
    (False Tip may change ``to`` or, for Chartered Carriage, cancel it)."""

    KIND = "rail_journey"
    RULE = RULE_MOVE
    hunter: str
    start: str
    to: str
    ticket: str = ""
    carriage: bool = False
    #: A False Tip was played on it (one per journey).
    tipped: bool = False

    def run(self, state: ModernState) -> None:
        state.stack.pop()
        if state.hunters[self.hunter].defeated:
            return
        by = "carriage" if self.carriage else "rail"
        move_hunter(state, self.hunter, Move(self.to, by, self.ticket))
        finish_move(state, self.hunter, self.start)


@attrs.frozen
class MoveEnds(ModernDecision):
    """A move by road ends once Dracula's window is over (Wild Horses may have moved him):
    the table is told where it ends, and the trail is checked there."""

    KIND = "move_ends"
    RULE = RULE_MOVE
    hunter: str
    start: str
    #: Wild Horses carried him on (once per move).
    carried: bool = False

    def run(self, state: ModernState) -> None:
        state.stack.pop()
        where = state.hunters[self.hunter].location
        state.say("hunter_arrives", f"{state.name(self.hunter)} ends "
                                    f"{pronoun(self.hunter, 'his')} move in "
                                    f"{state.name(where)}.", seat=self.hunter, to=where)
        finish_move(state, self.hunter, self.start)


@attrs.frozen
class SearchAction(ModernDecision):
    """The Search action, made once Dracula's window is over (Seduction)."""

    KIND = "search_action"
    RULE = "Hunter Actions - Search"
    hunter: str

    def run(self, state: ModernState) -> None:
        state.stack.pop()
        if not state.is_over and not state.hunters[self.hunter].defeated:
            search(state, self.hunter)


def moved_by_bats(state: ModernState, seat: str, city: str) -> None:
    """Bats: Dracula moves the hunter instead of his action; the token goes back; he is
    delayed (encounters.toml)."""
    hunter = state.hunters[seat]
    hunter.bats = False
    if city != hunter.location:
        hunter.location = city
        state.say("bats_move", f"Bats carry {state.name(seat)} to {state.name(city)}.",
                  seat=seat, to=city)
    else:
        state.say("bats_move", f"The bats leave {state.name(seat)} where "
                              f"{pronoun(seat, 'he')} is.", seat=seat)
    hunter.delayed = True
    end_movement(state, seat)


def supply(state: ModernState, seat: str, *, night: bool) -> None:
    """Supply: an event card (top by day, bottom by night) unless at a hospital; an item in
    a large city or a hospital (two for Lord Godalming). What was drawn is told before a
    card drawn is played or its window opens."""
    board, hunter = state.board, state.hunters[seat]
    here = hunter.location
    drew: list[str] = []
    received: tuple[str, str] | None = None  # (who, event card) to resolve once told
    if not board.is_hospital(here) and state.event_deck.can_draw():
        card = (state.event_deck.draw_bottom if night else state.event_deck.draw_top)(state.dice)
        told, received = _event_drawn(state, seat, card, night=night)
        drew.append(told)
    items = 0
    if board.is_large(here) or board.is_hospital(here):
        for _ in range(supply_items(state, seat)):
            if state.item_deck.can_draw():
                item = state.item_deck.draw_top(state.dice)
                hunter.items.append(item)
                state.events.add(event("item_drawn", f"{state.name(seat)} draws "
                                                     f"{state.name(item)}.", seat=seat,
                                       card=item),
                                 Scope.seat(seat),
                                 event("item_drawn", f"{state.name(seat)} draws an item card.",
                                       seat=seat))
                items += 1
    if items:
        drew.append("an item card" if items == 1 else f"{items} item cards")
    state.say("supply", f"{state.name(seat)} supplies: {', '.join(drew) or 'nothing'}.",
              seat=seat)
    if received is not None:
        drawn(state, *received)
        if received[0] == DRACULA:
            check_dracula_events(state)
    check_hand_limits(state, seat)


def supply_items(state: ModernState, seat: str) -> int:
    """How many item cards a Supply draws in a large city or at a hospital: two for Lord
    Godalming (characters.toml: supply_two_items), else one."""
    return 2 if "supply_two_items" in state.rules.hunters[seat].abilities else 1


def _event_drawn(state: ModernState, seat: str, card: str, *,
                 night: bool) -> tuple[str, tuple[str, str] | None]:
    """A hunter event is kept; a Dracula event is discarded by day, given to him by night
    (events.toml). Returns what the supply tells of it, and who received it."""
    if state.rules.events[card].owner == DRACULA:
        if night:
            state.dracula.events.append(card)
            state.events.add(event("event_to_dracula", f"Dracula receives {state.name(card)}.",
                                   card=card), Scope.seat(DRACULA),
                             event("event_to_dracula", "A Dracula event card is drawn and "
                                                       "goes to Dracula."))
            return "a Dracula event, which goes to Dracula", (DRACULA, card)
        state.event_deck.discard(card)
        state.say("event_discarded", f"{state.name(card)}, a Dracula event, is discarded.",
                  card=card)
        return f"{state.name(card)} (discarded)", None
    state.hunters[seat].events.append(card)
    state.events.add(event("event_drawn", f"{state.name(seat)} draws {state.name(card)}.",
                           seat=seat, card=card), Scope.seat(seat),
                     event("event_drawn", f"{state.name(seat)} draws a hunter event card.",
                           seat=seat))
    if plays_at_once(state, card):
        return f"{state.name(card)}, played at once", (seat, card)
    return "a hunter event card", (seat, card)


def reserve_ticket(state: ModernState, seat: str, action: ReserveTicket) -> None:
    hunter = state.hunters[seat]
    limit = state.rules.numbers["ticket_limit"]
    count = 2 if "reserve_two_tickets" in state.rules.hunters[seat].abilities else 1
    count = min(count, len(state.tickets), limit)
    given_up = [action.discard] if action.discard else hunter.tickets[:max(
        0, len(hunter.tickets) + count - limit)]
    for kind in given_up:
        hunter.tickets.remove(kind)
        state.tickets.insert(0, kind)
    taken = [state.tickets.pop() for _ in range(count)]
    hunter.tickets += taken
    hunter.tickets.sort()
    labels = ", ".join(ticket_label(state, t) for t in taken)
    state.events.add(event("ticket", f"{state.name(seat)} reserves a ticket ({labels}).",
                           seat=seat, tickets=taken), Scope.seat(seat),
                     event("ticket", f"{state.name(seat)} reserves {count} ticket"
                                     f"{'s' if count > 1 else ''}"
                                     + (f", giving up {len(given_up)} first" if given_up else "")
                                     + ".", seat=seat))


def rest_recovery(state: ModernState, seat: str) -> int:
    """How much a Rest recovers: 1, and 1 more in Dr. Seward's city (physician)."""
    here = state.hunters[seat].location
    return 1 + int(state.hunters["seward"].location == here
                   and not state.hunters["seward"].defeated
                   and "physician" in state.rules.hunters["seward"].abilities)


def rest(state: ModernState, seat: str) -> None:
    """Rest: recover 1 damage, 1 more in Dr. Seward's city (characters.toml: physician)."""
    if not heal_hunter(state, seat, rest_recovery(state, seat), "resting"):
        state.say("rest", f"{state.name(seat)} rests.", seat=seat)


# -- trading -------------------------------------------------------------------------------------

def show_events(state: ModernState, a: str, b: str) -> None:
    """The traders look at each other's events, in secret (Table Talk)."""
    scope = Scope.group(f"trade_{a}_{b}", (a, b))
    for seat in (a, b):
        cards = ", ".join(state.name(c) for c in state.hunters[seat].events) or "no events"
        state.events.add(event("trade_shown", f"{state.name(seat)} shows {cards}.",
                               seat=seat, cards=list(state.hunters[seat].events)),
                         scope, event("trade_shown", f"{state.name(a)} and {state.name(b)} "
                                                     "trade in private.", seat=seat)
                         if seat == a else None)


@attrs.frozen
class TradeSession(ModernDecision):
    """A trade: in turn, each trader hands over an item or a ticket, or says he is done; it
    ends when both are done in a row. Cards change hands in secret (Table Talk)."""

    KIND = "trade"
    RULE = "Table Talk - Trade"
    first: str
    second: str
    turn: int = 0
    done: int = 0

    @property
    def giver(self) -> str:
        return (self.first, self.second)[self.turn % 2]

    @property
    def other(self) -> str:
        return (self.second, self.first)[self.turn % 2]

    def deciders(self, state: ModernState) -> tuple[str, ...]:
        return (self.giver,)

    def legal_actions(self, state: ModernState, seat: str) -> list[Action]:
        hunter = state.hunters[seat]
        cards = sorted(set(hunter.items)) + sorted(set(hunter.tickets))
        return [*(Give(c, self.other) for c in cards), END_TRADE]

    def prompt(self, state: ModernState, seat: str) -> str:
        return (f"{state.name(seat)}: hand {state.name(self.other)} an item card or a ticket, "
                "or end your part of the trade.")

    def apply(self, state: ModernState, seat: str, action: Action) -> None:
        if isinstance(action, EndTrade):
            if self.done:
                state.stack.pop()
                state.say("trade_over", f"{state.name(self.first)} and "
                                        f"{state.name(self.second)} finish trading.")
                for trader in (self.first, self.second):
                    check_hand_limits(state, trader)
                return
            state.stack[-1] = attrs.evolve(self, turn=self.turn + 1, done=1)
            return
        assert isinstance(action, Give)
        taker = state.hunters[self.other]
        if action.card in state.rules.tickets:
            state.hunters[seat].tickets.remove(action.card)
            taker.tickets.append(action.card)
            taker.tickets.sort()
        else:
            drop_card(state, seat, action.card)
            taker.items.append(action.card)
        state.events.add(event("trade_give", f"{state.name(seat)} gives "
                                             f"{state.name(self.other)} "
                                             f"{card_name(state, action.card)}.",
                               seat=seat, to=self.other, card=action.card),
                         Scope.group(f"trade_{self.first}_{self.second}",
                                     (self.first, self.second)),
                         event("trade_give", f"{state.name(seat)} hands "
                                             f"{state.name(self.other)} a card.", seat=seat))
        state.stack[-1] = attrs.evolve(self, turn=self.turn + 1, done=0)
