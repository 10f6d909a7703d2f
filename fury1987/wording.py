"""The wording of the log: the ids in a sentence become the names printed in the game.

The engine writes its sentences with ids (``le_havre``, ``escape_human``,
``heavenly_host``) because ids are what it works with; a player reads the names on the
board, the chits and the cards ("Le Havre", "Escape (Human)", "Heavenly Host"). Every
log sentence goes through :func:`in_print` once, when it is written, so the text of the
log is always the printed one while its data fields keep the ids. A game's names are a
:class:`PrintedNames`, which remembers the sentences it has worded (the same few hundred
come back all game long), so a sentence is searched for ids only the first time.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from typing import TYPE_CHECKING

from gothic_kernel import Action
from gothic_kernel.actions import bad_field_refusal

from .board import Board
from .combat_round import Pairing
from .combat_tables import (
    BITE,
    BLOOD,
    DRACULA_ESCAPES,
    HUNTER_DODGES,
    HUNTER_ESCAPES,
    HYPNOSIS,
    MORTAL_WOUND,
    PARRIED,
    REPEL,
    SNATCHED,
    WOUNDS,
    ChitData,
)
from .encounter_chits import EncounterData, hunter_vampire_id, hunter_vampire_name
from .event_cards import EventCards
from .seats import DRACULA, HARKER, HUNTER_NAMES, HUNTERS

if TYPE_CHECKING:
    from .state import FuryState

#: A run of lowercase letters, digits and underscores: the shape of every id.
_ID = re.compile(r"\b[a-z][a-z0-9_]*\b")


def printed_names(board: Board, encounters: EncounterData, chits: ChitData,
                  events: EventCards) -> PrintedNames:
    """Every id a log sentence may name, with the name printed for it."""
    printed = {place: board.name(place) for place in board.places}
    printed.update({c: chit.name for c, chit in encounters.chits.items()})
    printed.update({hunter_vampire_id(h): hunter_vampire_name(hunter_vampire_id(h))
                    for h in HUNTERS})
    for chit_set in ("dracula", "agent", "hunter"):
        printed.update({c: chit.name for c, chit in chits.chits_of(chit_set).items()})
    printed.update({c: card.name for c, card in events.cards.items()})
    return PrintedNames(printed)


#: How many worded sentences a :class:`PrintedNames` remembers before it starts afresh
#: (a few megabytes at most; forty random games say some 14,000 different sentences).
_SENTENCES_KEPT = 32768


class PrintedNames(Mapping[str, str]):
    """The printed name of every id (read-only), and the sentences worded with them."""

    __slots__ = ("_ids", "_names", "_sentences", "_words")

    def __init__(self, names: Mapping[str, str]) -> None:
        self._names = dict(names)
        #: The names of the ids :data:`_ID` can find whole.
        self._ids = {i: name for i, name in self._names.items() if _ID.fullmatch(i)}
        self._sentences: dict[str, str] = {}
        #: The words of the sentences worded so far, in print (a new sentence is mostly
        #: words seen before: names, numbers, "Dracula's").
        self._words: dict[str, str] = {}

    def __getitem__(self, ident: str) -> str:
        return self._names[ident]

    def __iter__(self) -> Iterator[str]:
        return iter(self._names)

    def __len__(self) -> int:
        return len(self._names)

    def sentence(self, text: str) -> str:
        """``text`` in print (:func:`in_print`), worded once and remembered."""
        worded = self._sentences.get(text)
        if worded is None:
            if len(self._sentences) >= _SENTENCES_KEPT:
                self._sentences.clear()
            worded = self._sentences[text] = self._word_by_word(text)
        return worded

    def _word_by_word(self, text: str) -> str:
        """:func:`in_print` a word at a time, each word worded once and remembered."""
        words = text.split(" ")
        known = self._words
        for i, word in enumerate(words):
            printed = known.get(word)
            if printed is None:
                if len(known) >= _SENTENCES_KEPT:
                    known.clear()
                printed = known[word] = self._word(word)
            words[i] = printed
        return " ".join(words)

    def _word(self, word: str) -> str:
        """One word in print: a word that is all letters, digits and underscores is an id
        whole or not at all, so only the others (with punctuation) need the search."""
        if word.isidentifier():
            return self._ids.get(word, word)
        return _worded(word, self._names) if word else word


def in_print(text: str, printed: Mapping[str, str]) -> str:
    """``text`` with each id replaced by its printed name (the other words left alone:
    the engine's own words are never lowercase ids - a test checks it)."""
    if isinstance(printed, PrintedNames):
        return printed.sentence(text)
    return _worded(text, printed)


def _worded(text: str, printed: Mapping[str, str]) -> str:
    return _ID.sub(lambda found: printed.get(found[0], found[0]), text)


def fighter_name(fighter: str) -> str:
    """A fighter as the log names him: "Dracula", "Dr Seward", "Jonathan Harker",
    "Agent 2"."""
    if fighter == DRACULA:
        return "Dracula"
    if fighter == HARKER:
        return "Jonathan Harker"
    if fighter in HUNTER_NAMES:
        return HUNTER_NAMES[fighter]
    return "Agent " + fighter.rsplit("_", 1)[-1]


def _plural(n: int, noun: str) -> str:
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def result_in_words(printed: Mapping[str, str], pairing: Pairing) -> str:
    """A box of the Combat Action Board in words, for the two fighters it names (the
    Combat Results Key): "Dracula loses 4 Blood Points (the Holy Water is used up)",
    never the chart's code ("*4Bld*")."""
    result = pairing.result
    hunter, foe = fighter_name(pairing.hunter), fighter_name(pairing.opponent)
    weapon = printed.get(pairing.hunter_chit, pairing.hunter_chit)
    said = {
        PARRIED: "parried, no effect",
        HUNTER_DODGES: f"{hunter} dodges",
        HUNTER_ESCAPES: f"{hunter} escapes",
        DRACULA_ESCAPES: f"{foe} escapes",
        SNATCHED: f"{foe} snatches {hunter}'s {weapon} and smashes it",
        MORTAL_WOUND: f"{hunter} mortally wounds {foe}",
        BITE: f"{foe} bites {hunter}",
        HYPNOSIS: f"{foe} hypnotises {hunter}",
        REPEL: f"{hunter} repels {foe}",
        BLOOD: f"{foe} loses {_plural(result.amount, 'Blood Point')}",
        WOUNDS: f"{hunter} suffers {_plural(result.amount, 'Wound')}",
    }.get(result.code, result.code)
    if result.used_up and result.code != SNATCHED:
        said += f" (the {weapon} is used up)"
    return said


# -- names in prompts, labels and the log ----------------------------------------------------
def seat_name(seat: str) -> str:
    """A seat (or a fighter) as the rulebook names it: "Dracula", "Lord Godalming", "Dr
    Seward", "Jonathan Harker", "Agent 2"."""
    if seat in (DRACULA, HARKER, *HUNTER_NAMES) or seat.startswith("agent_"):
        return fighter_name(seat)
    return seat.replace("_", " ").title()


def names(members: Sequence[str]) -> str:
    """Hunters as a log sentence names them: "Lord Godalming and Dr Seward"."""
    return " and ".join(HUNTER_NAMES[m] for m in members)


def seat_list(seats: Sequence[str]) -> str:
    """Seats as a prompt names them: "Lord Godalming", "A and B", "A, B and C"."""
    said = [seat_name(s) for s in seats]
    return said[0] if len(said) == 1 else ", ".join(said[:-1]) + " and " + said[-1]


def printed(state: FuryState, thing: str) -> str:
    """The printed name of a place, chit or card id."""
    return state.rules.printed.get(thing) or thing.replace("_", " ").title()


def place_name(state: FuryState, place: str) -> str:
    """A place as a sentence names it: "Paris", "the North Sea"."""
    name = printed(state, place)
    board = state.board
    return f"the {name}" if place in board and board.is_sea(place) else name


def listing(state: FuryState, things: Sequence[str]) -> str:
    """Printed names joined with commas and "and", counted when repeated."""
    counts = Counter(things)
    parts = [printed(state, t) if n == 1 else f"{n} {printed(state, t)}"
             for t, n in counts.items()]
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


#: What each action field names, in the rulebook's words (an unlisted field: its name).
FIELD_NOUNS = {"town": "Town", "to": "place", "place": "place", "route": "route",
               "chit": "Encounter Chit", "weapon": "Weapon Chit",
               "weapons": "Hunters who receive the Weapon Chits",
               "events": "Hunters who receive the Event Cards", "card": "Event Card",
               "discard": "chit to discard",
               "back": "Weapon Chit given back",
               "fighter": "fighter", "hunter": "Hunter", "giver": "Hunter who gives",
               "taker": "Hunter who takes", "holder": "Hunter", "target": "target",
               "members": "Hunters", "join": "Hunter to join", "move": "move"}


def bad_field(state: FuryState, seat: str, action: Action, *, any_value: bool) -> str | None:
    """Why ``action`` is refused when a field holds a value no action of its kind open to
    ``seat`` now has (``bad_field_refusal``), in players' words with ``seat``'s own choices;
    None if there is none, and the decision says why."""
    return bad_field_refusal(action, state.legal_actions(seat), seat_name(seat),
                             lambda word: _word(state, word),
                             lambda name: FIELD_NOUNS.get(name, name.replace("_", " ")),
                             any_value=any_value)


def _word(state: FuryState, word: str) -> str | None:
    """A word of the game as players read it (a seat, a name it prints); None if none."""
    if word in (DRACULA, HARKER, *HUNTER_NAMES):
        return seat_name(word)
    return state.rules.printed.get(word)
