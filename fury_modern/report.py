"""A played game told for people (``gothic demo fury_modern``, ``python -m fury_modern``).

The account follows the public log, as the players at the table heard it, round by
round: under each round's heading the tracks and where the hunters stand, and how many
places the public record leaves Dracula (the hunters' tracker); then the round's events,
the small draws left out and Dracula's card and its encounter told in one line. The end
says who won, why, and where everyone stands; only then is Dracula's trail shown, face up.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from typing import TYPE_CHECKING, Any

from gothic_kernel import PUBLIC, GothicError

from .rules import DRACULA, HUNTERS
from .state import ModernState
from .wording import plural

if TYPE_CHECKING:
    from gothic_kernel import GameState

Entry = Mapping[str, Any]

#: Log lines too small to print one by one: each draw is in the Supply line that follows,
#: a secret choice of combat card is told when the cards are revealed.
QUIET = frozenset({"combat_card_chosen", "item_drawn", "event_drawn", "ticket",
                   "event_to_dracula"})
#: What dawn brings, told before the round's tracks (they are read after it).
DAWN = frozenset({"dawn", "despair", "influence", "hospital"})
#: How many places the round's heading names (more are only counted).
NAMED = 4


def report(state: GameState, record: Any) -> list[str]:
    assert isinstance(state, ModernState)
    lines = ["Dracula moves in secret across Europe, leaving a trail of face-down cards and "
             "encounters; Lord Godalming, Dr. Seward, Van Helsing and Mina Harker hunt him. "
             "He wins when his influence reaches 13; they win by defeating him.", ""]
    boards = _boards(state, record)
    lines += _account(state, record.public_log, boards)
    lines += ["", *summary(state)]
    return lines


def _boards(state: ModernState, record: Any) -> dict[int, Entry]:
    """The public observation at the start of each round, by round (the record replayed;
    empty if it does not replay)."""
    game, boards = state.game, dict[int, Entry]()
    try:
        replay = game.new_game(seed=record.seed, **record.options)
        assert isinstance(replay, ModernState)
        for seat, data in record.actions:
            before = replay.rounds
            replay.apply(seat, game.parse_action(data))
            if replay.rounds != before and not replay.is_over:
                boards[replay.rounds] = replay.observation(PUBLIC)
    except GothicError:
        return {}
    return boards


def _account(state: ModernState, log: Iterable[Entry], boards: Mapping[int, Entry]
             ) -> Iterator[str]:
    rounds, status = 0, False
    yield "-- Set-up --"
    for entry in _joined(log):
        kind = entry.get("kind", "")
        if kind in QUIET:
            continue
        if kind == "dawn":
            rounds, status = rounds + 1, True
            yield f"-- Round {rounds} --"
        elif status and kind not in DAWN:  # the tracks as dawn leaves them
            status = False
            yield from _where(state, boards[rounds]) if rounds in boards else ()
        yield f"  {entry['text']}"
        if kind == "dracula_start":  # the first round has no dawn
            rounds, status = 1, True
            yield "-- Round 1 --"


def _joined(log: Iterable[Entry]) -> Iterator[Entry]:
    """The log, with Dracula's card and the encounter he puts on it told as one line."""
    held: Entry | None = None
    for entry in log:
        if held is not None:
            if entry.get("kind") == "encounter_placed":
                entry = {**held, "text": held["text"].rstrip(".") + ", with an encounter on it."}
                held = None
                yield entry
                continue
            yield held
            held = None
        if entry.get("kind") == "dracula_moves":
            held = entry
            continue
        yield entry
    if held is not None:
        yield held


def _where(state: ModernState, board: Entry) -> list[str]:
    """The tracks, the hunters' places, and where Dracula may be."""
    dracula = board["dracula"]
    said = [f"  Influence {board['influence']} of 13, despair tokens {board['despair']}; "
            f"Dracula's damage {dracula['damage']} of {state.rules.dracula.health}."]
    hunters = []
    for seat in HUNTERS:
        h = board["hunters"][seat]
        notes = [f"{h['damage']} damage"] if h["damage"] else []
        notes += [plural(h["bites"], "bite")] if h["bites"] else []
        notes += ["defeated"] if h["defeated"] else []
        hunters.append(f"{state.name(seat)} in {state.name(h['location'])}"
                       + (f" ({', '.join(notes)})" if notes else ""))
    said.append("  Hunters: " + "; ".join(hunters) + ".")
    if dracula["revealed"]:
        said.append(f"  Dracula is revealed in {state.name(dracula['location'])}.")
        return said
    places = [state.name(p) for p in board.get("possible_locations", ())]
    if len(places) == 1:
        said.append(f"  The public record leaves Dracula one place: {places[0]}.")
    elif len(places) <= NAMED:
        said.append(f"  The public record puts Dracula in {', '.join(places[:-1])} or "
                    f"{places[-1]}.")
    else:
        said.append(f"  The public record leaves Dracula any of {len(places)} places.")
    return said


def summary(state: Any) -> list[str]:
    outcome = state.outcome
    lines = ["== The end ==",
             state.game.outcome_sentence(outcome) if outcome else "The game did not finish.",
             f"Influence {state.influence} of 13; {plural(state.despair, 'despair token')}; "
             f"Dracula has suffered {state.dracula.damage} of {state.rules.dracula.health} "
             f"damage; {plural(state.rounds, 'round')} played."]
    public = state.observation(PUBLIC)
    for seat in HUNTERS:
        hunter = public["hunters"][seat]
        place = hunter["location"]
        fate = "defeated" if hunter["defeated"] else \
            "at sea" if state.board.is_sea(place) else "standing"
        where = f"in the {state.name(place)}" if state.board.is_sea(place) else \
            f"in {state.name(place)}"
        lines.append(f"  {state.name(seat):<15} {fate} {where}, "
                     f"{hunter['damage']} damage, {plural(hunter['bites'], 'bite')}")
    mine = state.observation(DRACULA)
    first = mine["trail_first_space"]
    cards = [f"{i + first}: {state.name(h['card'])}" for i, h in enumerate(mine["trail"])]
    cards += [f"lair {i + 1}: {state.name(h['card'])}" for i, h in enumerate(mine["lairs"])]
    if first > 1:
        cards.insert(0, "1: empty (the game ended as the trail slid)")
    lines += ["", "== Dracula's trail, turned face up at the end ==",
              "  " + ("; ".join(cards) or "empty") + "."]
    return lines
