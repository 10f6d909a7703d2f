"""A played game told for people: what ``gothic demo vampyre`` and ``python -m vampyre`` print.

:func:`report` reads the game's record (seed, options, actions, public log) and its final
state, and writes, for a reader who has never seen the rulebook:

* who hunts, and the object of the adventure (three coffins; then Castle Dracula);
* the public log under stage and round headings, with combat results in words (not the
  tables' code letters), each coffin counted for its finder, and a line repeated at
  once folded into one ("... (3 times)");
* where everyone stands at the end of the Basic Game (with the map of Transylvania and
  the players on it) before the hunters enter Castle Dracula;
* at the end, who won and why, in the characters' names, and where everyone stands.

Everything it prints is public: the log as the public reads it, and public observations.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from gothic_kernel import PUBLIC, GothicError

from .state import CASTLE, TRANSYLVANIA, VampyreState, clock_text
from .winning import CASTLE_ALONE, EXTENDED_GAME

if TYPE_CHECKING:
    from gothic_kernel import GameRecord

    from . import VampyreGame

INDENT = "  "
#: A combat result from the vampire hunter's side, in words ("Combat Code Letters").
RESULT_WORDS = {"V": "victory", "W": "a wound", "N": "no result", "S": "salvation",
                "B": "a bite", "P": "possession", "F": "fear", "I": "paralysis"}
ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth")
FORM_NAMES = {"hunter": "vampire hunter", "nosferatu": "nosferatu",
              "player_werewolf": "player werewolf"}
OUT_WORDS = {"dead": "dead of two wounds", "saved": "destroyed as a nosferatu, the soul saved",
             "slain": "slain by a silver bullet"}


def report(game: VampyreGame, state: VampyreState, record: GameRecord) -> list[str]:
    """The account of ``record`` (a game of ``game`` ending in ``state``) as lines of text."""
    standings = _standings_when_the_basic_game_ends(game, record)
    lines = [*_cast(state), *_objective(state), ""]
    lines += _fold(_narration(state, record.public_log, standings))
    lines += ["", *_summary(state, record)]
    return lines


# -- the opening ------------------------------------------------------------------------------

def _cast(state: VampyreState) -> list[str]:
    hunters = [f"{state.name(s)} ({state.rules.hunter_names[s]})" for s in state.seats]
    if len(hunters) == 1:
        return [f"One vampire hunter, alone against the board (solitaire): {hunters[0]}."]
    return [f"{_count_words(len(hunters)).capitalize()} vampire hunters: "
            f"{_and(hunters)}."]


def _objective(state: VampyreState) -> list[str]:
    stage = state.options["stage"]
    rules = state.rules
    coffins = sum(rules.black_categories[k] == "coffin" for k in rules.black_counters.values())
    castle = (f"{_count_words(len(rules.red_counters)).capitalize()} guardians lie face down "
              "in the green areas of Castle Dracula and the clock starts at noon; a vampire "
              "hunter who turns over Count Dracula must fight him, and whoever defeats him wins "
              "the game. If every hunter falls, the forces of darkness prevail.")
    if stage == "castle":
        return [f"The object: to destroy Count Dracula in his castle. {castle}"]
    basic = (f"The object: to find and destroy three of Count Dracula's hidden coffins. "
             f"{len(rules.black_counters)} counters lie face down, three in each large hex but "
             f"Klausenburg, {_count_words(coffins)} of them coffins; the first hunter to burn "
             "three wins the Basic Game (if every coffin is found first, the one with the most "
             "wins).")
    if stage == "basic":
        return [basic]
    return [basic, "Then the Extended Game: the winner chooses a useful item and every hunter "
                   f"storms Castle Dracula to destroy the Count. {castle}"]


# -- the narration ----------------------------------------------------------------------------

def _narration(state: VampyreState, log: Sequence[Mapping[str, Any]],
               standings: list[str]) -> Iterator[str]:
    coffins: dict[str, int] = {}
    yield "The Basic Game: Transylvania" if state.options["stage"] != "castle" \
        else "Castle Dracula"
    for entry in log:
        kind = entry.get("kind")
        if kind == "round":
            yield f"Round {entry.get('round')}"
            continue
        if kind == "castle_dracula" and state.options["stage"] != "castle":
            yield ""
            yield from standings
            yield ""
            yield "The Extended Game: Castle Dracula"
        yield INDENT + _line(state, entry, coffins)


def _line(state: VampyreState, entry: Mapping[str, Any], coffins: dict[str, int]) -> str:
    """One log entry in words: combat results without code letters, coffins counted."""
    text = str(entry.get("text", ""))
    kind = entry.get("kind")
    if kind == "combat_roll" and str(entry.get("result")) in RESULT_WORDS:
        said = text.rsplit(": ", 1)[0]
        words = RESULT_WORDS[str(entry["result"])]
        hunter = str(entry.get("hunter", ""))
        if entry.get("roller") != hunter and hunter in state.players:
            words = f"{words} for {state.name(hunter)}"
        return f"{said}: {words}"
    if kind == "search" and entry.get("counter") == "coffin":
        seat = str(entry.get("seat", ""))
        coffins[seat] = coffins.get(seat, 0) + 1
        nth = coffins[seat]
        which = ORDINALS[nth - 1] if nth <= len(ORDINALS) else f"{nth}th"
        found, sep, rest = text.partition("; ")
        return f"{found} ({state.name(seat)}'s {which} coffin){sep}{rest}"
    return text


def _fold(lines: Iterator[str]) -> list[str]:
    """A line repeated at once is printed once, with the number of times."""
    folded: list[str] = []
    last, times = None, 0
    for line in [*lines, None]:
        if line == last and line is not None and line.strip():
            times += 1
            continue
        if last is not None:
            folded.append(last if times == 1 else f"{last} ({times} times)")
        last, times = line, 1
    return folded


# -- standings ----------------------------------------------------------------------------------

def _standings_when_the_basic_game_ends(game: VampyreGame,
                                        record: GameRecord) -> list[str]:
    """Where everyone stands when the Basic Game is won (extended games): the record is
    played again to that point. Empty if it is not an extended game that got that far."""
    if record.options.get("stage") != "extended":
        return []
    try:
        state = game.new_game(seed=record.seed, **record.options)
        for seat, action in record.actions:
            state.apply(seat, action)
            if isinstance(state, VampyreState) and state.basic_winner:
                return ["Where everyone stands as the Basic Game ends:", *standing(state)]
    except GothicError:
        return []
    return []


def standing(state: VampyreState) -> list[str]:
    """Where every player stands, what each carries and has found, and (in Transylvania)
    the map with the players on it and the counters left in the large hexes."""
    view = state.observation(PUBLIC)
    numbered = {seat: str(i + 1) for i, seat in enumerate(state.seats)}
    lines = [INDENT + _player_line(state, seat, view["players"][seat], numbered[seat])
             for seat in state.seats]
    if state.stage == CASTLE:
        lines += [INDENT + _castle(state, view)]
    else:
        lines += [INDENT + _large_hexes(view)]
        marks: dict[str, str] = {}
        for seat, player in view["players"].items():
            if player["location"] is not None:
                marks[player["location"]] = "+" if player["location"] in marks \
                    else numbered[seat]
        legend = ", ".join(f"{n} {state.name(s)}" for s, n in numbered.items())
        lines += [INDENT + f"The map: the number after a hex is who stands there ({legend}; "
                           "+ several); . clear, f forest, ^ mountain, ~ evil influence, "
                           "= road, large hexes by their initials:"]
        lines += [INDENT * 2 + row for row in state.world.transylvania.render(marks)]
    return lines


def _player_line(state: VampyreState, seat: str, player: Mapping[str, Any],
                 number: str) -> str:
    name = f"{number} {state.name(seat)}" if state.stage == TRANSYLVANIA else state.name(seat)
    coffins = [] if state.options["stage"] == "castle" \
        else [_count(player["coffins"], "coffin")]
    if player["out"]:
        return f"{name}: " + "; ".join([OUT_WORDS[player["out"]], *coffins])
    form = FORM_NAMES[player["form"]]
    if player["possessed"]:
        form += ", possessed"
    where = f"in {player['place']}" if player["place"] else _away(player["reappear"])
    parts = [f"{form} {where}", *coffins]
    if player["items"]:
        parts.append("carries " + ", ".join(state.name(i) for i in player["items"]))
    if player["bites"] and player["form"] == "hunter":
        parts.append("bitten " + ("once" if player["bites"] == 1 else "twice"))
    if player["wounds"]:
        parts.append("wounded")
    return f"{name}: " + "; ".join(parts)


def _away(reappear: int) -> str:
    """A converted player off the board: back at the start of the next turn, or sated."""
    if reappear <= 0:
        return "off the board until the next turn"
    return f"off the board, sated, for {_count_words(reappear)} more " + \
        ("turn" if reappear == 1 else "turns")


def _large_hexes(view: Mapping[str, Any]) -> str:
    left = [f"{h['name']} {h['counters']}" for h in view["large_hexes"].values()
            if h["counters"]]
    clean = [h["name"] for h in view["large_hexes"].values() if h["clean"]]
    said = "Counters still face down: " + (", ".join(left) or "none")
    return said + (f"; searched clean: {', '.join(clean)}" if clean else "")


def _castle(state: VampyreState, view: Mapping[str, Any]) -> str:
    castle = view["castle"]
    face_down = sum(castle["face_down"].values())
    said = f"The clock: {castle['clock_text']}; {_count(face_down, 'guardian')} face down"
    count = [space for space, kind in castle["revealed"].items() if kind == "count_dracula"]
    return said + (f"; Count Dracula face up in {state.place(count[0])}" if count else "")


# -- the end ------------------------------------------------------------------------------------

def _summary(state: VampyreState, record: GameRecord) -> list[str]:
    outcome = state.outcome
    rounds = state.rounds
    where = "in Castle Dracula" if state.stage == CASTLE else "in Transylvania"
    length = f"{_count(record.steps, 'decision')}, round {rounds} {where}"
    if outcome is None:
        return ["The game was stopped unfinished "
                f"({length}).", "Where everyone stands:", *standing(state)]
    winners = [state.name(w) for w in outcome.winners]
    if not winners:
        said = "Nobody has won: no vampire hunter is left, and the forces of darkness prevail."
    elif outcome.level in (EXTENDED_GAME, CASTLE_ALONE):
        said = (f"{_and(winners)} has won: Count Dracula is destroyed, a stake through his heart "
                f"at {clock_text(state.clock)}.")
    elif outcome.reason.startswith("three"):
        said = f"{_and(winners)} has won the Basic Game, the first to destroy three coffins."
    else:
        said = (f"{_and(winners)} has won the Basic Game: every coffin was found and none "
                "destroyed more.")
    return [f"The end ({length})", INDENT + said, "Where everyone stands:", *standing(state)]


# -- words ---------------------------------------------------------------------------------------

_NUMBER_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine",
                 "ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen")


def _count_words(n: int) -> str:
    return _NUMBER_WORDS[n] if 0 <= n < len(_NUMBER_WORDS) else str(n)


def _count(n: int, thing: str) -> str:
    return f"{n or 'no'} {thing}" + ("" if n == 1 else "s")


def _and(names: Sequence[str]) -> str:
    if len(names) <= 1:
        return "".join(names)
    return f"{', '.join(names[:-1])} and {names[-1]}"

