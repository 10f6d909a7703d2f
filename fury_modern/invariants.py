"""What the rules guarantee of every position, checked when a save is read back.

Every card is somewhere exactly once, even after the game ended in a combat or a search
(their cards are put back): the 38 items, 75 events, 28 encounters, 13 Dracula combat
cards and 16 tickets, wherever they lie (decks, discards, hands, the trail and lairs, a
combat or a search in progress); every location card on the
trail or in a lair once; tracks and damage in range; tokens on places of the map; every
word in a decision waiting is a place, seat, card or step of the game, every field naming
a person names a seat; a power card beside a location card only as play puts one there;
hands within their limits unless a discard is waiting (What Are Hand Limits); a decision
waiting unless the game is over, with someone to decide it; the public log reads as a game
to the tracker, whose set holds Dracula's true place; every seat asked can be shown its
choices.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from gothic_kernel import PUBLIC, CorruptSave

from .cards import CardMode, CardStep, card_words
from .combat import Fight
from .combat import Stage as CombatStage
from .dracula import DARK_CALL_DRAWS, DarkCallDiscard, Maturing, Step
from .encounters import EncounterStep, Searching
from .hands import OverLimit
from .hunters import TradeSession
from .round import HunterTurns
from .round import Stage as TwilightStage
from .rules import DRACULA, HUNTERS, SEATS
from .tracker import possible_locations
from .wording import pronoun

if TYPE_CHECKING:
    from .state import ModernState


#: Fields of decisions that are mappings keyed by seat.
ID_KEYED = frozenset({"hands", "in_play", "chosen"})
#: Fields of decisions that hold words for people, not ids.
FREE_TEXT = frozenset({"why", "ended"})
#: Fields of decisions that name people: each holds seats (or "" for nobody).
PEOPLE = frozenset({"hunter", "hunters", "seat", "seats", "chooser", "first", "second",
                    "engaged", "cancelled", "discard", "mesmerized", "resolved", "wreaths",
                    "order"})
#: The power cards play lays beside a location card on the trail: Wolf Form with the move
#: (powers.toml), Escape as Bat with the flight (combat.fly_off); a lair keeps none.
BESIDE_A_LOCATION = frozenset({"", "wolf_form", "escape_as_bat"})
#: Words a decision may hold besides places, seats and cards: ways to move, piles, tokens,
#: the steps encounters ask.
WORDS = frozenset({"", "road", "rail", "sea", "hospital", "item", "event", "roadblock", "storm",
                   "join", "delay", "host", "discard", "firearm", "weapon", "victim", "items",
                   "city",
                   # the actions Renewed Vigour tells apart (round.action_kind)
                   "move", "search", "supply", "reserve_ticket", "trade", "rest"})


def check_save(state: ModernState) -> None:
    """What the state itself must hold (before its log is read back)."""
    _refuse(problems_of(state) or decision_problems(state))


def check_loaded(state: ModernState) -> None:
    """What the state and its log, read back, must allow (``play_problems``)."""
    _refuse(encounter_hand_problems(state) or play_problems(state))


def _refuse(problems: list[str]) -> None:
    if problems:
        raise CorruptSave("corrupt fury_modern save: " + "; ".join(problems[:4]))


def decision_problems(state: ModernState) -> list[str]:
    """Every word of the decisions waiting is known to the game; every number in range."""
    rules = state.rules
    known = {*state.board.places, *SEATS, *rules.items, *rules.events, *rules.encounters,
             *rules.dracula_cards, *rules.hunter_cards, *rules.powers, *rules.tickets, *WORDS}
    known |= {s.value for enum in (CombatStage, Step, TwilightStage) for s in enum}
    known |= card_words(rules)
    problems = []
    for number, decision in enumerate(state.stack):
        problems += [f"stack[{number}].{key} is {value!r}, not a seat"
                     for key, value in _leaves(decision.to_data())
                     if key in PEOPLE and isinstance(value, str) and value not in ("", *SEATS)]
        for key, value in _leaves(decision.to_data()):
            if key in FREE_TEXT or key == "kind":
                continue
            if isinstance(value, str) and value not in known:
                problems.append(f"a {decision.KIND} decision names {value!r}")
            if isinstance(value, int) and not isinstance(value, bool) and \
                    not -1 <= value <= 1000:
                problems.append(f"a {decision.KIND} decision holds {value}")
        if isinstance(decision, HunterTurns) and sorted(decision.order) != sorted(HUNTERS):
            problems.append("the hunters' turn order is not the four hunters")
        if isinstance(decision, Fight) and len(set(decision.hunters)) != len(decision.hunters):
            problems.append("a combat names a hunter twice")
        if isinstance(decision, Fight) and not decision.hunters and \
                decision.stage is CombatStage.CHOOSE:
            problems.append("a combat waits for cards with nobody in it")
        if isinstance(decision, Fight):
            problems += _chosen_problems(state, decision)
    return problems


def _chosen_problems(state: ModernState, fight: Fight) -> list[str]:
    """The cards held and chosen in a combat: each by a fighter, a hunter's among the
    hunters' combat cards, Dracula's among his. A hunter bitten or defeated while the
    round's cards resolve leaves the combat (``hunters``), his cards staying until the next
    round deals hands to those left (so a hunter out of it is refused only while cards are
    chosen)."""
    choosing = fight.stage is CombatStage.CHOOSE
    problems = []
    held = [(seat, card) for seat, cards in fight.hands.items() for card in cards]
    for seat, card in [*held, *fight.chosen.items()]:
        cards = state.rules.dracula_cards if seat == DRACULA else state.rules.hunter_cards
        if seat != DRACULA and seat not in fight.hunters and (choosing or seat not in HUNTERS):
            problems.append(f"a combat holds a card chosen by {seat!r}, who is not in it")
        elif card not in cards:
            problems.append(f"a combat holds {card!r} as {seat!r}'s combat card")
    return problems


def _leaves(data: Any, key: str = "") -> Iterator[tuple[str, Any]]:
    if isinstance(data, dict):
        for k, v in data.items():
            if key in ID_KEYED:  # a combat's hands and cards, by seat
                yield key, k
            yield from _leaves(v, str(k))
    elif isinstance(data, list):
        for v in data:
            yield from _leaves(v, key)
    else:
        yield key, data


def play_problems(state: ModernState) -> list[str]:
    """The position can be played on: someone decides what waits, every seat asked can be
    shown its choices, and the tracker reads the public log, keeping Dracula's true place."""
    try:
        seats = state.current_seats()
        if not seats and not state.is_over:
            return ["the decision waiting has nobody to decide it"]
        for seat in seats:
            state.prompt(seat)
            for action in state.legal_actions(seat):
                state.describe_action(seat, action)
        for viewer in (*SEATS, PUBLIC):
            state.observation(viewer)
        place = state.dracula_location
        if place and not state.is_over and place not in possible_locations(state):
            return ["the public record rules out where Dracula is"]
    except (KeyError, ValueError, IndexError, TypeError, AttributeError, AssertionError) as exc:
        return [f"the position cannot be played on ({type(exc).__name__})"]
    finally:
        state.invalidate()
    return []


def card_places(state: ModernState) -> dict[str, Counter[str]]:
    """Every card of each kind, counted wherever it lies."""
    hunters = state.hunters.values()
    items = Counter([*state.item_deck.cards, *state.item_deck.discards,
                     *(c for h in hunters for c in h.items)])
    events = Counter([*state.event_deck.cards, *state.event_deck.discards,
                      *(c for h in hunters for c in h.events), *state.dracula.events,
                      *([state.hunter_ally] if state.hunter_ally else []),
                      *([state.dracula.ally] if state.dracula.ally else [])])
    encounters = Counter([*state.encounter_deck.cards, *state.encounter_deck.discards,
                          *state.dracula.encounters, *state.dracula.kept,
                          *(e for h in (*state.trail, *state.lairs) for e in h.encounters)])
    combat = Counter(state.combat_deck.cards)
    for decision in state.stack:
        if isinstance(decision, Fight):
            combat.update((*decision.hand, *decision.played))
            if decision.vampire:
                encounters[decision.vampire] += 1
        elif isinstance(decision, CardStep):
            items.update(decision.held)
        elif isinstance(decision, CardMode):  # played, its effect not chosen yet
            events[decision.card] += 1
        elif isinstance(decision, Searching):
            encounters.update(m.encounter for m in decision.queue)
        elif isinstance(decision, Maturing):
            encounters.update(decision.encounters)
        elif isinstance(decision, EncounterStep) and decision.holds:
            encounters[decision.met.encounter] += 1
    tickets = Counter([*state.tickets, *(t for h in hunters for t in h.tickets)])
    return {"item": items, "event": events, "encounter": encounters, "combat card": combat,
            "ticket": tickets}


def problems_of(state: ModernState) -> list[str]:
    rules = state.rules
    problems: list[str] = []
    expected = {"item": {c.id: c.count for c in rules.items.values()},
                "event": {c.id: c.count for c in rules.events.values()},
                "encounter": {e.id: e.count for e in rules.encounters.values()},
                "combat card": {c.id: c.count for c in rules.dracula_cards.values()},
                "ticket": {t.id: t.count for t in rules.tickets.values()}}
    for kind, found in card_places(state).items():
        wanted = {k: v for k, v in expected[kind].items() if v}
        if dict(found) != wanted:
            wrong = sorted(set(found) ^ set(expected[kind]) |
                           {k for k in found if found[k] != expected[kind].get(k)})
            problems.append(f"the {kind}s do not add up ({', '.join(wrong[:3])})")
    problems += holder_problems(state)
    hideouts = (*state.trail, *state.lairs)
    if any(not len(h.encounters) == len(h.shown) == len(h.wounds) for h in hideouts):
        problems.append("a hideout's encounters, face-up marks and damage do not match")
    tokens = state.tokens
    token_places = [*tokens.fog, *tokens.storms, *tokens.hosts,
                    *(p for r in tokens.roadblocks for p in r[1:]), *tokens.holy()]
    if any(p not in state.board for p in token_places) or \
            any(len(r) != 3 for r in tokens.roadblocks):
        problems.append("a token lies off the map")
    problems += power_problems(state) + hand_problems(state)
    places = [h.card for h in hideouts]
    if len(places) != len(set(places)):
        problems.append("a location card lies twice on the trail")
    if any(p not in state.board and p not in rules.powers for p in places):
        problems.append("a trail card that is neither a place nor a power")
    if len(state.trail) > rules.numbers["trail_spaces"] + 1 or \
            len(state.lairs) > rules.numbers["lair_slots"]:
        problems.append("too many hideouts")
    for seat in HUNTERS:
        hunter = state.hunters.get(seat)
        if hunter is None:
            continue  # holder_problems names it
        sheet = rules.hunters[seat]
        if (hunter.location and hunter.location not in state.board) or \
                (state.rounds and not hunter.location):
            problems.append(f"{seat} stands off the map")
        problems += _in_range(f"hunters.{seat}.damage", hunter.damage, sheet.health)
        problems += _in_range(f"hunters.{seat}.bites", hunter.bites, sheet.bite_spaces)
        if hunter.damage >= sheet.health and not hunter.defeated:
            problems.append(f"hunters.{seat}.damage is {hunter.damage}, {sheet.name}'s "
                            f"health, yet {pronoun(seat, 'he')} is not defeated")
        if (hunter.revealed_item and hunter.revealed_item not in hunter.items) or \
                (hunter.revealed_event and hunter.revealed_event not in hunter.events):
            problems.append(f"{sheet.name} reveals a card "
                            f"{pronoun(seat, 'he')} does not hold")
    if state.rounds and not state.dracula_location:
        problems.append("Dracula is nowhere though the game has begun")
    problems += _in_range("dracula.damage", state.dracula.damage, rules.dracula.health)
    problems += _in_range("influence", state.influence, rules.numbers["influence_max"])
    problems += _in_range("despair", state.despair, rules.numbers["despair_tokens"])
    problems += _in_range("time", state.time, 13)
    problems += _in_range("rounds", state.rounds, None)
    return problems + ending_problems(state)


def _in_range(field: str, value: int, most: int | None) -> list[str]:
    """The refusal of a number outside 0 to ``most`` (None: no upper bound), naming it."""
    if value >= 0 and (most is None or value <= most):
        return []
    allowed = "a whole number from 0" if most is None else f"0 to {most}"
    return [f"{field}: expected {allowed}, got {value}"]


def ending_problems(state: ModernState) -> list[str]:
    """The game is over exactly when the rules end it: Dracula's influence at the last space
    or his damage at his health ends it at once (influence.py, health.py), and an ended game
    waits for nothing."""
    rules = state.rules
    if state.result is not None:
        return ["the game is over (result), yet a decision waits"] if state.stack else []
    problems = []
    if state.influence >= rules.numbers["influence_max"]:
        problems.append(f"influence is {state.influence}, Dracula's win, yet the game is not "
                        "over")
    if state.dracula.damage >= rules.dracula.health:
        problems.append(f"dracula.damage is {state.dracula.damage}, his health, yet the game "
                        "is not over")
    if not state.stack:
        problems.append("nothing is waiting to happen, yet the game is not over")
    return problems


def holder_problems(state: ModernState) -> list[str]:
    """Every card and sheet is where its owner may keep it, named by the field that holds
    it: the four hunters' sheets, each under its own seat; a hunter's events and the
    hunters' ally among the hunters' events, Dracula's events and ally among his (Event
    and Item Cards: "Dracula's event cards" are his, the rest the hunters')."""
    rules = state.rules
    problems = []
    if sorted(state.hunters) != sorted(HUNTERS):
        odd = sorted(set(state.hunters) ^ set(HUNTERS))
        problems.append(f"hunters: the sheets are not the four hunters' ({', '.join(odd)})")
    for seat, hunter in state.hunters.items():
        if hunter.seat != seat:
            problems.append(f"hunters.{seat}.seat is {hunter.seat!r}, not {seat!r}")
        problems += [f"hunters.{seat}.events holds {rules.events[card].name}, one of "
                     "Dracula's events" for card in hunter.events
                     if card in rules.events and rules.events[card].owner == DRACULA]
    problems += [f"dracula.events holds {rules.events[card].name}, one of the hunters' "
                 "events" for card in state.dracula.events
                 if card in rules.events and rules.events[card].owner != DRACULA]
    ally = state.hunter_ally
    if ally in rules.events and rules.events[ally].owner == DRACULA:
        problems.append(f"hunter_ally is {rules.events[ally].name}, one of Dracula's events")
    ally = state.dracula.ally
    if ally in rules.events and rules.events[ally].owner != DRACULA:
        problems.append(f"dracula.ally is {rules.events[ally].name}, one of the hunters' "
                        "events")
    return problems



def power_problems(state: ModernState) -> list[str]:
    """A power card lies beside a trail card only as Wolf Form or Escape as Bat put it there;
    a lair keeps its location card alone (the power slid off with it: dracula.py)."""
    problems = [f"trail[{i}].power is {h.power!r}, not a power card laid beside a location "
                "(Wolf Form, Escape as Bat)"
                for i, h in enumerate(state.trail) if h.power not in BESIDE_A_LOCATION]
    problems += [f"lairs[{i}].power is {h.power!r}: a lair keeps its location card alone"
                 for i, h in enumerate(state.lairs) if h.power]
    return problems


def hand_problems(state: ModernState) -> list[str]:
    """What Are Hand Limits: a hunter over a limit discards down at once, so he holds more
    only while that discard waits (an ``OverLimit`` of his on the stack: one pile at a time,
    the next asked after) or in a trade (the limits are checked when it ends)."""
    waiting = {d.seat for d in state.stack if isinstance(d, OverLimit)} | \
        {s for d in state.stack if isinstance(d, TradeSession) for s in (d.first, d.second)}
    problems = []
    for seat, hunter in state.hunters.items():
        sheet = state.rules.hunters.get(seat)
        if sheet is None or seat in waiting:
            continue
        for pile, held, limit in (("items", hunter.items, sheet.item_limit),
                                  ("events", hunter.events, sheet.event_limit),
                                  ("tickets", hunter.tickets,
                                   state.rules.numbers["ticket_limit"])):
            if len(held) > limit:
                problems.append(f"hunters.{seat}.{pile} holds {len(held)} cards, over "
                                f"{sheet.name}'s limit of {limit} with no discard waiting")
    return problems


def encounter_hand_problems(state: ModernState) -> list[str]:
    """Dracula refills his encounters up to his hand of five and never draws past it, but
    for three ways the public log tells of: Desecrated Soil (three drawn, up to three
    discarded, at his choice), Seduction (a vampire encounter back into his hand) and Dark
    Call (five drawn, a discard down to five waiting). More than those allow no play
    reaches."""
    rules = state.rules
    kinds = Counter(str(shown.get("kind")) for entry in state.events
                    if (shown := entry.for_viewer(PUBLIC)) is not None)
    most = rules.dracula.encounter_hand + 3 * kinds["desecrated_soil"] + kinds["seduction"]
    if any(isinstance(d, DarkCallDiscard) for d in state.stack):
        most += DARK_CALL_DRAWS
    held = len(state.dracula.encounters)
    if held > most:
        return [f"dracula.encounters holds {held} cards, more than the {most} his hand of "
                f"{rules.dracula.encounter_hand} and the log's draws allow"]
    return []
