"""A played game told for people: what ``gothic demo fury1987`` and ``python -m fury1987``
print (:meth:`fury1987.FuryGame.report`).

The account follows the public log, as the players at the table heard it, turn by
turn: under each turn's heading, where the Hunters stand and how many places Dracula
may be in (the Hunters' tracker), and what is known on the map when it changed; then
the turn's events, with the small draws and repeats folded and each combat round told
in one line, in words. The end says who won, why, and where every side stands; only
then is the SM Screen lifted: Dracula's secret trail, from his own log.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from gothic_kernel import PUBLIC, GothicError

from .seats import DRACULA, HUNTERS
from .state import FuryState, counted
from .wording import place_name, printed, seat_name

if TYPE_CHECKING:
    from gothic_kernel.agents import GameRecord

Entry = Mapping[str, Any]
Board = Mapping[str, Any]

#: Entries the account leaves out: each item drawn repeats the line declaring them.
DROPPED = frozenset({"weapon_drawn", "event_drawn", "turn_begins", "encounter_set"})
#: Entries told as a note on the line before them, one and several.
NOTES = {"event_to_dracula": ("an Event Card with a Bat on its back went to Dracula unseen",
                              "{n} Event Cards with a Bat on their backs went to Dracula "
                              "unseen")}
#: Entries of a combat round, told together in one line.
ROUND = frozenset({"initiative", "chits_revealed", "combat_result"})
WINNERS = {"hunters": "the Hunters win the initiative", "dracula": "Dracula wins the initiative",
           "agents": "the Agents win the initiative"}
LEVELS = {"supreme": "a Supreme Victory", "major": "a Major Victory",
          "minor": "a Minor Victory"}


def report(state: FuryState, record: GameRecord) -> list[str]:
    """The account of a played game: lines of text."""
    boards = _boards(state, record)
    lines = [f"Dracula against {_names(HUNTERS)} (seed {record.seed}).",
             "Each Hunter takes a Weapon Chit and Dracula takes five Encounter Chits."]
    lines += _account(state, record.public_log, boards)
    lines += ["", "== The end ==", *_summary(state, record)]
    lines += ["", "== Behind the SM Screen: Dracula's secret trail ==", *_trail(state)]
    return lines


def _names(seats: Sequence[str]) -> str:
    said = [seat_name(s) for s in seats]
    return said[0] if len(said) == 1 else ", ".join(said[:-1]) + " and " + said[-1]


# -- the board at the start of each turn --------------------------------------------------------
def _boards(state: FuryState, record: GameRecord) -> dict[int, Board]:
    """The public observation at the start of each turn, by turn number (the record
    replayed; empty if it does not replay)."""
    game = state.game
    boards: dict[int, Board] = {}
    try:
        replay = game.new_game(seed=record.seed, **record.options)
        assert isinstance(replay, FuryState)
        for seat, data in record.actions:
            written = len(replay.events)
            replay.apply(seat, game.parse_action(data))
            fresh = itertools.islice(replay.events, written, None)
            if any(entry.event.get("kind") == "turn_begins" for entry in fresh):
                boards[replay.seq.round] = replay.observation(PUBLIC)
    except GothicError:
        return {}
    return boards


def _where(state: FuryState, board: Board) -> list[str]:
    """Where each Hunter stands, and where Dracula may be."""
    hunters = []
    for seat in HUNTERS:
        h = board["hunters"][seat]
        if h["status"] != "alive":
            hunters.append(f"{seat_name(seat)} {'dead' if h['status'] == 'dead' else 'a Vampire'}")
            continue
        place = h["location"]
        at = "at Sea in" if place and state.board.is_sea(place) else "in"
        notes = [counted(h["wounds"], "Wound")] if h["wounds"] else []
        notes += ["bitten"] if h["bitten"] else []
        hunters.append(f"{seat_name(seat)} {at} {place_name(state, place)}"
                       + (f" ({', '.join(notes)})" if notes else ""))
    lines = ["  Hunters: " + "; ".join(hunters) + "."]
    shown = board["dracula"]["shown_at"]
    if shown:
        lines.append(f"  Dracula's piece stands in {place_name(state, shown)}.")
        return lines
    places = [place_name(state, p) for p in board.get("possible_dracula_locations", ())]
    if len(places) == 1:
        lines.append(f"  The Hunters have tracked Dracula down: he is in {places[0]}.")
    elif 1 < len(places) <= 4:
        lines.append(f"  The Hunters' clues put Dracula in {', '.join(places[:-1])} or "
                     f"{places[-1]}.")
    else:
        lines.append(f"  The Hunters' clues leave Dracula any of {len(places)} places.")
    return lines


def _known(state: FuryState, board: Board) -> str:
    """What lies known on the map: Fog and Storms, Heavenly Hosts, what the Hunters saw
    remain in Town boxes."""
    known = [f"{printed(state, chit)} over {place_name(state, town)}"
             for town, chit in board["on_the_map"].items()]
    known += [f"a Heavenly Host over {place_name(state, town)}" for town in board["host_markers"]]
    known += [f"{printed(state, chit)} seen in {place_name(state, town)}"
              for town, chit in board["sightings"].items()]
    return "; ".join(known) if known else "nothing"


# -- the account ------------------------------------------------------------------------------
def _account(state: FuryState, log: Sequence[Entry], boards: Mapping[int, Board]
             ) -> list[str]:
    lines: list[str] = []
    known = "nothing"
    for turn, entries in _turns(log):
        if turn:
            lines += ["", f"-- Turn {turn} --"]
        board = boards.get(turn)
        if board is not None:
            lines += _where(state, board)
            now = _known(state, board)
            if now != known:
                lines.append(f"  On the map: {now}.")
                known = now
        lines += _folded(_told(state, entries))
    return lines


def _turns(log: Sequence[Entry]) -> Iterator[tuple[int, list[Entry]]]:
    """The log cut at each turn's start (turn 0: the set-up and the starting Towns)."""
    turn, entries = 0, list[Entry]()
    for entry in log:
        if entry["kind"] == "turn_begins":
            yield turn, entries
            turn, entries = int(entry.get("turn", turn + 1)), []
        entries.append(entry)
    yield turn, entries


def _told(state: FuryState, entries: Sequence[Entry]) -> Iterator[str]:
    """One line per event; a combat's rounds one line each, and what they do, indented
    under the line that starts the fight."""
    fighting = False
    for line in _lines(state, entries):
        if line.startswith("    Round "):
            fighting = True
        elif line.startswith("  The combat in "):
            fighting = False
        elif fighting:
            line = "  " + line
        yield line


def _lines(state: FuryState, entries: Sequence[Entry]) -> Iterator[str]:
    """One line per event, a combat round in one line, notes added to the line before."""
    pending: str | None = None
    round_entries: list[Entry] = []
    rounds = notes = 0
    for entry in entries:
        kind = entry["kind"]
        if kind in ROUND:
            if kind == "initiative" and round_entries:
                rounds += 1
                yield from _flush(pending, _round(state, rounds, round_entries))
                pending, round_entries = None, []
            round_entries.append(entry)
            continue
        if round_entries:
            rounds += 1
            yield from _flush(pending, _round(state, rounds, round_entries))
            pending, round_entries = None, []
        if kind == "combat_over":
            rounds = 0
        if kind in DROPPED:
            continue
        if kind in NOTES and pending is not None:
            pending, notes = _noted(pending, NOTES[kind], notes)
            continue
        notes = 0
        if pending is not None:
            yield pending
        pending = f"  {entry['text']}"
    if round_entries:
        yield from _flush(pending, _round(state, rounds + 1, round_entries))
        pending = None
    if pending is not None:
        yield pending


def _flush(pending: str | None, line: str) -> Iterator[str]:
    if pending is not None:
        yield pending
    yield line


def _noted(line: str, note: tuple[str, str], count: int) -> tuple[str, int]:
    """``line`` with ``note`` added (the ``count``-th such note on it), and the count."""
    one, several = note
    if count:
        line = line[:line.rindex(" (")]
    said = one if count == 0 else several.format(n=count + 1)
    return f"{line} ({said})", count + 1


def _round(state: FuryState, number: int, entries: Sequence[Entry]) -> str:
    """A combat round in one line: who won the initiative, and each result in words."""
    winner = next((WINNERS.get(e.get("winner", ""), "") for e in entries
                   if e["kind"] == "initiative"), "")
    results = [str(e["text"]) for e in entries if e["kind"] == "combat_result"]
    if not results:
        chits: Mapping[str, str] = next((e.get("chits", {}) for e in entries
                                         if e["kind"] == "chits_revealed"), {})
        fighters = list(chits)
        results = [f"{seat_name(h)}'s {printed(state, chits[h])} against "
                   f"{seat_name(o)}'s {printed(state, chits[o])}: no effect"
                   for h in fighters if h in (*HUNTERS, "harker")
                   for o in fighters if o not in (*HUNTERS, "harker")][:1] or ["no effect"]
    head = f"    Round {number}" + (f" ({winner})" if winner else "")
    return f"{head}: " + "; ".join(results)


def _folded(lines: Iterable[str]) -> list[str]:
    """Repeated lines in a row told once, with how many times ("(twice)", "(3 times)")."""
    folded: list[str] = []
    last, count = "", 0
    for line in lines:
        if folded and line == last:
            count += 1
            folded[-1] = f"{line} ({'twice' if count == 2 else f'{count} times'})"
            continue
        last, count = line, 1
        folded.append(line)
    return folded


# -- the end ----------------------------------------------------------------------------------
def _summary(state: FuryState, record: GameRecord) -> list[str]:
    outcome = state.outcome
    turns = state.seq.round
    if outcome is None:
        return [f"Unfinished: stopped after {record.steps} decisions, in turn {turns}."]
    lines = [_verdict(outcome.winners, outcome.level, outcome.reason),
             f"The game lasted {turns} turns ({record.steps} decisions)."]
    for seat in HUNTERS:
        lines.append(_hunter_end(state, seat))
    lines.append(_dracula_end(state))
    bravest = max(HUNTERS, key=lambda s: (state.hunters[s].valour, -HUNTERS.index(s)))
    lines.append(f"The bravest Hunter: {seat_name(bravest)}, with "
                 f"{counted(state.hunters[bravest].valour, 'Valour Point')}.")
    return lines


def _verdict(winners: Sequence[str], level: str | None, reason: str) -> str:
    why = reason.split(": ", 1)[1] if ": " in reason else reason
    if not winners:
        return f"Nobody wins: a Stalemate ({why})."
    who = "Dracula wins" if tuple(winners) == (DRACULA,) else \
        f"The Hunters ({_names(winners)}) win"
    return f"{who} {LEVELS.get(level or '', 'the game')}: {why}."


def _hunter_end(state: FuryState, seat: str) -> str:
    h = state.hunters[seat]
    where = place_name(state, h.location or "")
    fate = {"alive": f"alive in {where}", "dead": f"dead (he fell in {where})",
            "vampire": f"a Vampire (turned in {where})"}[h.status]
    notes = [counted(h.wounds, "Wound")] if h.alive else []
    notes += ["bitten"] if h.bitten else []
    notes.append(counted(h.valour, "Valour Point"))
    return f"  {seat_name(seat)}: {fate}; " + ", ".join(notes) + "."


def _dracula_end(state: FuryState) -> str:
    d = state.dracula
    enc = state.rules.encounters
    vampires = sum(1 for chit in state.chart.values() if enc.is_vampire(chit))
    blood = counted(d.blood, "Blood Point") if d.blood >= 0 \
        else f"the Blood Death Marker in the {-d.blood} box"
    flight = ", fleeing to his Castle" if d.fleeing else ""
    return (f"  Dracula: in {place_name(state, d.location or '')}{flight}, with {blood}; "
            f"{counted(vampires, 'Vampire')} on his Chart, "
            f"{counted(state.vampires_destroyed, 'Vampire')} destroyed by the Hunters, "
            f"{d.consumed} consumed.")


#: Dracula's cards played instead of his Movement Phase (the trail tells them).
INSTEAD_OF_MOVING = frozenset({"walpurgis_nacht", "evasion"})
#: What the secret trail tells of Dracula's own log.
TRAIL = frozenset({"dracula_start", "dracula_moves", "encounter_placed", "encounters_swapped",
                   "bat_flight", "evasion", "encounter_returned", "vampire_consumed"})


def _trail(state: FuryState) -> list[str]:
    """Dracula's own log: his start, every move with his Blood Points, every Encounter he
    laid or exchanged, his flights and the cards he played instead of moving."""
    lines: list[str] = []
    for turn, entries in _turns(state.log(DRACULA)):
        told = [_trail_line(e) for e in entries if e["kind"] in TRAIL
                or (e["kind"] == "event_played" and e.get("card") in INSTEAD_OF_MOVING)]
        for i, line in enumerate(told):
            head = ("Start:" if turn == 0 else f"Turn {turn}:") if i == 0 else ""
            lines.append(f"  {head:<10}{line}")
    chart = ", ".join(f"{printed(state, chit)} in {place_name(state, town)}"
                      for town, chit in sorted(state.chart.items())) or "nothing"
    lines.append(f"  Left on the Strategy & Movement Chart: {chart}.")
    return lines


def _trail_line(entry: Entry) -> str:
    if entry["kind"] == "dracula_moves" and "blood" in entry:
        return f"{entry['text']} ({counted(entry['blood'], 'Blood Point')})"
    return str(entry["text"])
