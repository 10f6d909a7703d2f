"""Action labels in the rulebook's words, for menus and logs ("move to Paris by road")."""

from __future__ import annotations

from typing import TYPE_CHECKING

from gothic_kernel import ACTION_FORMAT, Action, IllegalAction
from gothic_kernel.actions import bad_field_refusal

from . import actions as a

if TYPE_CHECKING:
    from .state import ModernState


def describe(state: ModernState, seat: str, action: Action) -> str:
    """A short label for ``action`` (names printed, never ids)."""
    name = state.name
    if isinstance(action, a.Start):
        return f"start in {name(action.city)}"
    if isinstance(action, a.Move):
        return _move(state, action)
    if isinstance(action, a.ReserveTicket):
        if action.discard:
            return f"reserve a ticket, giving up a {ticket_label(state, action.discard)} ticket"
        return "reserve a ticket"
    if isinstance(action, a.Trade):
        return f"trade with {name(action.partner)}"
    if isinstance(action, a.Give):
        return f"give {card_name(state, action.card)} to {name(action.to)}"
    if isinstance(action, a.Discard):
        return f"discard {name(action.card)}"
    if isinstance(action, a.MoveTo):
        return _dracula_move(state, action)
    if isinstance(action, a.Ambush):
        return "ambush the hunter with an encounter of this hideout"
    if isinstance(action, a.PlaceEncounter):
        return f"place {name(action.encounter)}"
    if isinstance(action, a.Mature):
        if action.lair:
            cleared = f", clearing lair {action.clear + 1}" if action.clear >= 0 else ""
            return f"turn it into a lair{cleared}"
        return "mature it with its matured effects" if action.effects else \
            "mature it (no matured effect)"
    if isinstance(action, a.ChooseHospital):
        return f"send the hunter to {name(action.hospital)}"
    if isinstance(action, a.MoveHunter):
        return f"move the hunter to {name(action.to)}"
    if isinstance(action, a.Roadblock):
        verb = "remove the roadblock from" if action.remove else "block"
        return f"{verb} the {action.kind} {name(action.a)} - {name(action.b)}"
    if isinstance(action, a.RemoveStorm):
        return f"remove the storm from {name(action.sea)}"
    if isinstance(action, a.Reveal):
        return f"reveal {name(action.card)}"
    if isinstance(action, a.Delay):
        return "become delayed" if action.accept else "do not"
    if isinstance(action, a.Keep):
        return f"keep {name(action.card)}"
    if isinstance(action, a.AvoidCombat):
        return "avoid the combat" if action.avoid else "fight"
    if isinstance(action, a.ChooseHunter):
        return f"pick {name(action.hunter)}"
    if isinstance(action, a.PlayCard):
        return f"play {name(action.card)}"
    if isinstance(action, a.ChoosePlace):
        return f"name {name(action.place)}"
    if isinstance(action, a.ChooseMode):
        return action.mode.replace("_", " ")
    if isinstance(action, a.NoCard):
        return "play no card"
    return _SIMPLE.get(action.TYPE, action.TYPE.replace("_", " "))


#: The hunters the log speaks of as "she" (the rest as "he").
WOMEN = frozenset({"mina"})
_HER = {"he": "she", "his": "her", "him": "her", "himself": "herself", "He": "She",
        "His": "Her"}


def pronoun(seat: str, word: str) -> str:
    """``word`` ("he", "his", "him", "himself") for ``seat``: Mina Harker's are "she",
    "her", "herself"."""
    return _HER[word] if seat in WOMEN else word


def counted(n: int, noun: str, *, none: str = "") -> str:
    """``n`` with its noun agreeing, in words for none and one ("no encounters", "one
    encounter", "2 encounters"; ``none`` in place of the first)."""
    if n == 0:
        return none or f"no {noun}s"
    return f"one {noun}" if n == 1 else f"{n} {noun}s"


def plural(n: int, noun: str) -> str:
    """``n`` and its noun agreeing, for counts on a screen: "1 bite", "0 bites"."""
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def ticket_label(state: ModernState, kind: str) -> str:
    """A ticket token by its values: "2/3", or "1/-" without a yellow number (an action
    naming no ticket of the game is refused)."""
    ticket = state.rules.tickets.get(kind)
    if ticket is None:
        raise IllegalAction(f"there is no ticket called {kind!r}", rule=ACTION_FORMAT)
    return f"{ticket.white}/{ticket.yellow or '-'}"


def card_name(state: ModernState, card: str) -> str:
    """An item card by its name, a ticket by its values."""
    if card in state.rules.tickets:
        return f"a {ticket_label(state, card)} ticket"
    return state.name(card)


_SIMPLE = {
    "search": "search this city (resolve its encounters)",
    "supply": "supply (draw an event card, and an item in a large city)",
    "end_trade": "end the trade",
    "rest": "rest (recover 1 damage)",
    "pass": "pass",
}


def supply_label(items: int, *, hospital: bool, large: bool) -> str:
    """Supply as it is where the hunter stands (``items``: how many item cards it draws in a
    large city or at a hospital): an event card unless at a hospital, and the items."""
    drawn = counted(items, "item card").replace("one ", "an ")
    if hospital:
        return f"supply (draw {drawn}: at a hospital, items only)"
    if large:
        return f"supply (draw an event card and {drawn})"
    return "supply (draw an event card; items only in a large city)"


def rest_label(amount: int) -> str:
    """Rest, with what it recovers there ("2 damage: Dr. Seward's city")."""
    where = ": Dr. Seward's city" if amount > 1 else ""
    return f"rest (recover {amount} damage{where})"


def _move(state: ModernState, move: a.Move) -> str:
    to = state.name(move.to)
    if move.by == "rail":
        return f"take the train to {to} with a {ticket_label(state, move.ticket)} ticket"
    if move.by == "sea":
        return f"sail to {to}" if state.board.is_sea(move.to) else f"land at {to}"
    if move.by == "hospital":
        return f"leave the hospital for {to}"
    return f"move to {to} by road"


def _dracula_move(state: ModernState, move: a.MoveTo) -> str:
    to = state.name(move.place)
    if not move.power:
        return f"go to {to}"
    power = state.name(move.power)
    if move.power == "wolf_form":
        return f"play {power}: run to {to}"
    if move.power == "misdirect":
        return f"play {power} on trail space {move.space}, then go to {to}"
    return f"play {power} (stay in {to})"


#: What each action field names, in the rulebook's words (an unlisted field: its name).
FIELD_NOUNS = {"city": "city", "to": "place", "by": "way to travel", "ticket": "ticket",
               "discard": "ticket to give up", "partner": "hunter to trade with",
               "card": "card", "place": "location", "power": "power card",
               "space": "trail space", "encounter": "encounter", "index": "encounter",
               "lair": "lair choice", "effects": "matured effects", "clear": "lair to clear",
               "hospital": "hospital", "hunter": "hunter", "hunters": "hunters",
               "kind": "token", "a": "first place", "b": "second place",
               "remove": "token to remove", "sea": "sea", "accept": "answer",
               "avoid": "answer", "mode": "effect"}
#: Fields whose noun depends on the action: a card given goes to a hunter.
ACTION_FIELD_NOUNS = {("give", "to"): "hunter to give it to",
                      ("move_hunter", "to"): "city"}


def bad_field(state: ModernState, seat: str, action: Action, *,
              any_value: bool) -> str | None:
    """Why ``action`` is refused when a field holds a value no action of its kind open to
    ``seat`` now has (``bad_field_refusal``), in players' words with ``seat``'s own choices;
    None if there is none, and the decision says why."""
    def noun(name: str) -> str:
        return ACTION_FIELD_NOUNS.get((action.TYPE, name)) or \
            FIELD_NOUNS.get(name, name.replace("_", " "))
    return bad_field_refusal(action, state.legal_actions(seat), state.name(seat),
                             lambda word: _word(state, word), noun,
                             any_value=any_value or _of_another_kind(state, action))


def _of_another_kind(state: ModernState, action: Action) -> bool:
    """Whether a field of a hunter's Move holds a word it can never take (a place as the
    way to travel, a ticket as the city): the field is then named, not the move refused
    as out of reach."""
    if not isinstance(action, a.Move):
        return False
    return action.by not in WAYS or action.to not in state.board.places or \
        (action.ticket != "" and action.ticket not in state.rules.tickets)


#: The ways a hunter travels (``Move.by``), named as players say them.
WAYS = {"road": "road", "sea": "sea", "rail": "rail", "hospital": "from the hospital"}


def _word(state: ModernState, word: str) -> str | None:
    """A word of the game as players read it: a ticket by its values, a way to travel, a
    printed name; None if the game has no such word."""
    if word in state.rules.tickets:
        return f"the {ticket_label(state, word)} ticket"
    return WAYS.get(word) or state.rules.printed.get(word)
