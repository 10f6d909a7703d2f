"""Every throughput figure of the project in one table, as ratios against OpenSpiel.

    python benchmarks/run.py                      # the whole table (about ten minutes)
    python benchmarks/run.py --only kuhn,clone    # the rows whose label holds a word
    python benchmarks/run.py --rounds 3 --seconds 0.3 --json figures.json

The machine these run on is shared and noisy, so absolute figures drift; a ratio
against OpenSpiel measured in the same process, right beside ours, does not. Each row
is measured in rounds; in a round, OpenSpiel's pure-Python reference, our figure and
OpenSpiel's C++ reference run one after the other, and the table gives the median of
the rounds. A ratio says how many times faster ours is (above 1: faster; for a cost in
µs, the reference's cost over ours).

Rows and their references:

* random play (legal actions, a uniform choice, apply; new games included), per game
  and variant, **warm** (after a few games in this process) and **cold** (the first
  games of a fresh process, each round a new process): OpenSpiel's tic-tac-toe;
* Kuhn poker on the kernel (new game included): OpenSpiel's Kuhn poker;
* clone of a fury1987 state early and late in a game, and from_json of a fury1987 save
  (mid-game and late): a tic-tac-toe state's clone, and deserialize_game_and_state;
* bot games per second (the default bots), and a hunter's first observation of a
  state loaded from a save (so never built by the tracker): these have no OpenSpiel
  counterpart, so their reference is the yardstick of a random tic-tac-toe game
  (the ratio then moves with our figure only, whatever the machine's load).

Needs the ``open-spiel`` package (the ``openspiel`` extra), a benchmark-only
dependency. Not run in CI; no test asserts a timing.
"""

from __future__ import annotations

import argparse
import gc
import json
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any

import gothic_kernel as gk
from gothic_kernel.agents import play_game

Measure = Callable[[float], float]  # seconds of work -> a rate (per s) or a cost (µs)
MAX_STEPS = 20_000
#: (label, game, options) of every random-play row.
RANDOM_PLAY: list[tuple[str, str, dict[str, Any]]] = [
    ("fury1987", "fury1987", {}),
    ("fury_modern", "fury_modern", {}),
    ("vampyre", "vampyre", {}),
    *((f"draculas_revenge {a}", "draculas_revenge", {"adventure": a})
      for a in ("into_the_breach", "defile_the_coffins", "cross_the_catacombs",
                "rescue_van_helsing", "destroy_dracula")),
]
BOT_GAMES: list[tuple[str, str, dict[str, Any]]] = [
    ("fury1987", "fury1987", {}),
    ("fury_modern", "fury_modern", {}),
    ("vampyre", "vampyre", {}),
    ("draculas_revenge destroy_dracula", "draculas_revenge", {"adventure": "destroy_dracula"}),
]


def load(name: str) -> gk.Game:
    """A game by name (fury_modern may be installed without its entry point)."""
    if name == "fury_modern" and name not in gk.available_games():
        from fury_modern import FuryModernGame

        return FuryModernGame()
    return gk.load_game(name)


# -- measuring ------------------------------------------------------------------------------

def rate(body: Callable[[], int], seconds: float) -> float:
    """Units per second, running ``body`` (which returns the units it did) for a while."""
    done, start = 0, time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds:
        done += body()
    return done / elapsed


def cost(body: Callable[[], object], seconds: float) -> float:
    """Microseconds per call of ``body``, over about ``seconds``."""
    return 1e6 / rate(lambda: (body(), 1)[1], seconds)


# -- OpenSpiel's references -----------------------------------------------------------------

def _spiel(name: str) -> Any:
    import open_spiel.python.games  # noqa: F401  (registers OpenSpiel's Python games)
    import pyspiel

    return pyspiel.load_game(name)


def spiel_random_play(name: str, count: str = "actions") -> Measure:
    """Random play of an OpenSpiel game (chance outcomes drawn by their probabilities):
    actions per second, ``count="players"``: the players' actions only, ``"games"``:
    whole games per second."""
    game, pick = _spiel(name), random.Random(1)

    def one_game() -> int:
        state, actions, moves = game.new_initial_state(), 0, 0
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(pick.choices(outcomes, probs)[0])
            else:
                state.apply_action(pick.choice(state.legal_actions()))
                moves += 1
            actions += 1
        return {"actions": actions, "players": moves, "games": 1}[count]

    return lambda seconds: rate(one_game, seconds)


def spiel_game_cost(name: str) -> Measure:
    """Microseconds per random game of an OpenSpiel game (the yardstick, as a cost)."""
    games = spiel_random_play(name, "games")
    return lambda seconds: 1e6 / games(seconds)


def _spiel_mid_state(name: str) -> Any:
    state = _spiel(name).new_initial_state()
    for action in (4, 0, 8):
        state.apply_action(action)
    return state


def spiel_clone(name: str) -> Measure:
    state = _spiel_mid_state(name)
    return lambda seconds: cost(state.clone, seconds)


def spiel_load(name: str) -> Measure:
    import pyspiel

    text = pyspiel.serialize_game_and_state(_spiel(name), _spiel_mid_state(name))
    return lambda seconds: cost(lambda: pyspiel.deserialize_game_and_state(text), seconds)


# -- our figures ----------------------------------------------------------------------------

def random_play(name: str, options: dict[str, Any], first_seed: int = 0) -> Measure:
    """Actions per second of random play of one of our games, new games included."""
    game, pick, seeds = load(name), random.Random(1), iter(range(first_seed, 10**9))

    def one_game() -> int:
        state, steps = game.new_game(seed=next(seeds), **options), 0
        while not state.is_over and steps < MAX_STEPS:
            seat = state.current_seats()[0]
            state.apply(seat, pick.choice(state.legal_actions(seat)))
            steps += 1
        return steps

    return lambda seconds: rate(one_game, seconds)


def warm_random_play(name: str, options: dict[str, Any]) -> Measure:
    measure = random_play(name, options, first_seed=1000)
    measure(0.0)  # a first game: the caches of a process filled
    return measure


def cold_random_play(label: str) -> Callable[[float], tuple[float, float, float]]:
    """(python, ours, C++) of random play in a fresh process: its first games."""
    def run(seconds: float) -> tuple[float, float, float]:
        out = subprocess.run([sys.executable, __file__, "--cold-child", label,
                              "--seconds", str(seconds)], capture_output=True, text=True,
                             check=True).stdout
        py, ours, cpp = json.loads(out.splitlines()[-1])
        return py, ours, cpp
    return run


def cold_child(label: str, seconds: float) -> None:
    """In a fresh process: OpenSpiel's references, then our first games, printed.

    Each measure starts with the garbage collector emptied (``gc.collect()``): otherwise
    the process's first full collection, which walks what the imports and the reference
    runs left (about 45,000 objects, a third of them OpenSpiel's), falls in whichever
    measure runs when it comes due (25-30 ms, half of a cold row's difference). Our first
    games still pay all their own one-time work: loading and checking the data, caches."""
    _, name, options = next(r for r in RANDOM_PLAY if r[0] == label)
    py, cpp = spiel_random_play("python_tic_tac_toe"), spiel_random_play("tic_tac_toe")
    gc.collect()
    python_rate = py(seconds)
    gc.collect()
    cpp_rate = cpp(seconds)
    gc.collect()
    ours = random_play(name, options)(seconds)
    print(json.dumps([python_rate, ours, cpp_rate]))


def kuhn_random_play() -> Measure:
    """Player actions per second of Kuhn poker on the kernel, the deal included."""
    from gothic_kernel.reference import KuhnPoker

    game, pick, seeds = KuhnPoker(), random.Random(1), iter(range(10**9))

    def one_game() -> int:
        state, steps = game.new_game(seed=next(seeds)), 0
        while not state.is_over:
            seat = state.current_seats()[0]
            state.apply(seat, pick.choice(state.legal_actions(seat)))
            steps += 1
        return steps

    return lambda seconds: rate(one_game, seconds)


def played(name: str, actions: int, seed: int = 3, options: dict[str, Any] | None = None
           ) -> gk.GameState:
    """A state ``actions`` random actions into a game (fewer if it ends first)."""
    state, pick = load(name).new_game(seed=seed, **(options or {})), random.Random(seed)
    for _ in range(actions):
        if state.is_over:
            break
        seat = state.current_seats()[0]
        state.apply(seat, pick.choice(state.legal_actions(seat)))
    return state


def clone_cost(name: str, actions: int) -> Measure:
    state = played(name, actions)
    return lambda seconds: cost(state.clone, seconds)


def load_cost(name: str, actions: int) -> Measure:
    state = played(name, actions)
    game, text = state.game, state.to_json()
    return lambda seconds: cost(lambda: game.from_json(text), seconds)


def bot_games(name: str, options: dict[str, Any]) -> Measure:
    """Whole games per second between the game's default bots."""
    game, seeds = load(name), iter(range(10**9))

    def one_game() -> int:
        play_game(game, next(seeds), options=options, max_steps=50_000)
        return 1

    return lambda seconds: rate(one_game, seconds)


def first_observation(name: str, viewer: str) -> Measure:
    """Microseconds of a hunter's first observation of a state never built by the
    tracker: each one a new game (a new seed), 300 random actions in, saved and loaded
    back (the play and the loading are not timed)."""
    game, seeds = load(name), iter(range(10_000, 10**9))

    def one() -> float:
        while True:
            seed = next(seeds)
            try:
                state = game.from_json(played(name, 300, seed=seed).to_json())
                break
            except gk.CorruptSave as exc:  # a game's bug: said, and the next seed taken
                print(f"({name} seed {seed}: its save does not load: {exc})", file=sys.stderr)
        start = time.perf_counter()
        state.observation(viewer)
        return time.perf_counter() - start

    def measure(seconds: float) -> float:
        spent, looks, start = 0.0, 0, time.perf_counter()
        while time.perf_counter() - start < seconds or looks < 3:
            spent += one()
            looks += 1
        return spent / looks * 1e6

    return measure


# -- the table ------------------------------------------------------------------------------

@dataclass
class Row:
    """One figure: ours beside a pure-Python and a C++ reference."""

    label: str
    unit: str  # "/s" for a rate (higher is better), "µs" for a cost (lower is better)
    ours: Measure
    python: Measure
    cpp: Measure
    reference: str
    samples: list[tuple[float, float, float]] = field(default_factory=list)

    def measure(self, seconds: float) -> None:
        self.samples.append((self.python(seconds), self.ours(seconds), self.cpp(seconds)))

    def ratio(self, ours: float, theirs: float) -> float:
        return ours / theirs if self.unit == "/s" else theirs / ours

    def medians(self) -> tuple[float, float, float, float, float]:
        """(ours, python, ratio to python, C++, ratio to C++), medians of the rounds."""
        py, ours, cpp = (statistics.median(s[i] for s in self.samples) for i in range(3))
        return (ours, py,
                statistics.median(self.ratio(s[1], s[0]) for s in self.samples),
                cpp, statistics.median(self.ratio(s[1], s[2]) for s in self.samples))


class ColdRow(Row):
    """A row measured in a fresh process per round (the three figures at once)."""

    def __init__(self, label: str, run: Callable[[float], tuple[float, float, float]]
                 ) -> None:
        super().__init__(label, "/s", _unused, _unused, _unused, "tic_tac_toe")
        self.run = run

    def measure(self, seconds: float) -> None:
        self.samples.append(self.run(seconds))


def _unused(seconds: float) -> float:
    raise AssertionError("measured in a fresh process")


def rows() -> list[tuple[str, Callable[[], Row]]]:
    """Every row's label and maker (a row is set up only if it is run)."""
    ttt, pyttt = "tic_tac_toe", "python_tic_tac_toe"
    made: list[tuple[str, Callable[[], Row]]] = []

    def add(label: str, unit: str, ours: Callable[[], Measure],
            refs: Callable[[], tuple[Measure, Measure]], reference: str) -> None:
        made.append((label, lambda: Row(label, unit, ours(), *refs(), reference)))

    for label, name, options in RANDOM_PLAY:
        add(f"random play warm: {label}", "/s",
            partial(warm_random_play, name, options),
            lambda: (spiel_random_play(pyttt), spiel_random_play(ttt)), ttt)
        cold = f"random play cold: {label}"
        made.append((cold, partial(ColdRow, cold, cold_random_play(label))))
    add("kuhn poker, new game included", "/s", kuhn_random_play,
        lambda: (spiel_random_play("python_kuhn_poker", "players"),
                 spiel_random_play("kuhn_poker", "players")), "kuhn_poker (player actions)")
    for label, actions in (("early (50 actions)", 50), ("late (2000 actions)", 2000)):
        add(f"clone fury1987 {label}", "µs",
            partial(clone_cost, "fury1987", actions),
            lambda: (spiel_clone(pyttt), spiel_clone(ttt)), "a tic_tac_toe state's clone")
    for label, actions in (("mid-game (300 actions)", 300), ("late (2000 actions)", 2000)):
        add(f"from_json fury1987 {label}", "µs",
            partial(load_cost, "fury1987", actions),
            lambda: (spiel_load(pyttt), spiel_load(ttt)), "deserialize_game_and_state")
    for label, name, options in BOT_GAMES:
        add(f"bot games: {label}", "/s",
            partial(bot_games, name, options),
            lambda: (spiel_random_play(pyttt, "games"), spiel_random_play(ttt, "games")),
            "a random tic_tac_toe game")
    for name in ("fury1987", "fury_modern"):
        add(f"hunter first observation: {name}", "µs",
            partial(first_observation, name, "godalming"),
            lambda: (spiel_game_cost(pyttt), spiel_game_cost(ttt)),
            "a random tic_tac_toe game")
    return made


def _figure(value: float, unit: str) -> str:
    return f"{value:>12,.0f} {unit:2}" if value >= 100 else f"{value:>12.2f} {unit:2}"


def _ratio(value: float) -> str:
    return f"{value:7.2f}" if value >= 0.1 else f"{value:7.2g}"


def print_table(table: list[Row], rounds: int) -> None:
    print(f"median of {rounds} interleaved rounds; ratio > 1: ours is faster")
    print(f"{'figure':52} {'ours':>15} {'OpenSpiel Python':>17} {'ratio':>7} "
          f"{'OpenSpiel C++':>15} {'ratio':>7}  reference")
    for row in table:
        ours, py, py_ratio, cpp, cpp_ratio = row.medians()
        print(f"{row.label:52} {_figure(ours, row.unit)} {_figure(py, row.unit)} "
              f"{_ratio(py_ratio)} {_figure(cpp, row.unit)} {_ratio(cpp_ratio)}  "
              f"{row.reference}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=0.5,
                        help="seconds of each measurement in a round")
    parser.add_argument("--only", default="",
                        help="comma-separated words: run the rows whose label holds one")
    parser.add_argument("--json", metavar="FILE", help="also write the medians there")
    parser.add_argument("--cold-child", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.cold_child:
        cold_child(args.cold_child, args.seconds)
        return
    words = [w.strip() for w in args.only.split(",") if w.strip()]
    table = [make() for label, make in rows() if not words or any(w in label for w in words)]
    for _ in range(args.rounds):
        for row in table:
            row.measure(args.seconds)
    print_table(table, args.rounds)
    if args.json:
        Path(args.json).write_text(json.dumps(
            {row.label: dict(zip(("ours", "python", "python_ratio", "cpp", "cpp_ratio"),
                                 row.medians(), strict=True)) for row in table}, indent=1))


if __name__ == "__main__":
    main()
