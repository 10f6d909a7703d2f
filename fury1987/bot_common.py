"""What both of fury1987's bots share: the printed map measured once (distances and
closeness), the initiative odds, and the bot base class (the seeded tie-breaking die, the
mixed choice of a combat chit, a chit's expected value on the Combat Action Board).

The bots themselves are :mod:`fury1987.hunter_bot` and :mod:`fury1987.dracula_bot`;
:mod:`fury1987.bots` describes how they play.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from gothic_kernel import Dice
from gothic_kernel.memo import per_object

from .actions import ChooseChit

if TYPE_CHECKING:
    from gothic_kernel import Action

    from .board import Board
    from .game import Rules

#: Weapons that can hurt Dracula himself.
HURTS_DRACULA = frozenset({"stake", "holy_water", "sacred_bullets", "knife"})
#: Weapons that protect from a Vampire's bite (a Host only while not placed).
PROTECTS = frozenset({"crucifix", "heavenly_host"})
FAR = 30
WOUNDS_TO_DIE = 12
BASIC = ("fist", "dodge", "escape")
DRACULA_DAY_CHITS = ("claw", "dodge", "escape_human")
DRACULA_ESCAPE_CHITS = ("escape_bat", "escape_human", "escape_mist")
GARLIC_ROUNDS = 3
MIX_TEMPERATURE = 0.5   # how widely Dracula mixes his combat chits (expected-value points)
LONG_FIGHT = 5          # after this many rounds, escaping grows more attractive


# ---------------------------------------------------------------------------------------
# The printed map, measured once per board
# ---------------------------------------------------------------------------------------
class Geography:
    """Distances on the printed map (Road and Sea moves), shared by all bots of a board."""

    def __init__(self, board: Board) -> None:
        self.board = board
        self.places: tuple[str, ...] = tuple(board.places)
        self.index = {p: i for i, p in enumerate(self.places)}
        n = len(self.places)
        dist = np.full((n, n), FAR, dtype=np.int16)
        for a, start in enumerate(self.places):
            dist[a, a] = 0
            frontier = [start]
            d = 0
            while frontier:
                d += 1
                nxt: list[str] = []
                for here in frontier:
                    for there in (*board.road[here], *board.sea[here]):
                        b = self.index[there]
                        if dist[a, b] == FAR and b != a:
                            dist[a, b] = d
                            nxt.append(there)
                frontier = nxt
        self.dist = dist
        self._table: list[list[int]] = dist.tolist()  # read per place: no numpy scalars
        self._lookup: dict[str | None, int] = {p: i for i, p in enumerate(self.places)}
        #: Closeness weights: how well a Hunter at row covers a place at column.
        self.cover = 1.0 / (1.0 + dist.astype(np.float64)) ** 2
        self.centrality = {p: float(dist[i].mean()) for i, p in enumerate(self.places)}
        # Each place's ways on (itself and its Road and Sea neighbours), padded to a table.
        ways = [np.flatnonzero(dist[i] <= 1) for i in range(n)]
        widest = max(len(w) for w in ways)
        self._ways = np.array([np.pad(w, (0, widest - len(w)), constant_values=w[0])
                               for w in ways], dtype=np.intp)
        self._ways_mask = np.array([[k < len(w) for k in range(widest)] for w in ways])
        #: Whether a train of three Towns could carry a Hunter from row to column.
        self.rail_within_three = np.zeros((n, n), dtype=bool)
        for a, start in enumerate(self.places):
            if board.is_town(start) and start in board.places:
                self.rail_within_three[a, self.rows(board.rail_reach(start, 3))] = True

    def ways_on(self, rows: np.ndarray[Any, np.dtype[np.intp]]
                ) -> tuple[np.ndarray[Any, np.dtype[np.intp]],
                           np.ndarray[Any, np.dtype[np.bool_]]]:
        """The places one Road or Sea move (or none) from each of ``rows``: a padded
        table of rows and the mask of its true entries."""
        return self._ways[rows], self._ways_mask[rows]

    def distance(self, a: str | None, b: str | None) -> int:
        row, col = self._lookup.get(a), self._lookup.get(b)
        if row is None or col is None:
            return FAR
        return self._table[row][col]

    def rows(self, places: Sequence[str]) -> list[int]:
        return [self.index[p] for p in places if p in self.index]


@per_object
def geography_of(board: Board) -> Geography:
    """The board's distances, computed once per process."""
    return Geography(board)


def initiative_odds(hunter_modifier: int, opponent_modifier: int) -> float:
    """The chance that the Hunters win initiative (a die each, ties rerolled)."""
    wins = losses = 0
    for opp in range(1, 7):
        for hunter in range(1, 7):
            a, b = hunter + hunter_modifier, opp + opponent_modifier
            wins += a > b
            losses += a < b
    return wins / (wins + losses) if wins + losses else 0.5


# ---------------------------------------------------------------------------------------
# Shared machinery
# ---------------------------------------------------------------------------------------
class Bot:
    """The components both sides may read, and a seeded die for ties."""

    #: the play loops hand an observation worked out only when read (a decision with one
    #: legal action never reads it)
    lazy_observation = True

    def __init__(self, rules: Rules, seed: int) -> None:
        self.rules = rules
        self.board = rules.board
        self.geo = geography_of(rules.board)
        self.tables = rules.tables
        self.dice = Dice(seed)
        self.initiative = rules.chits.initiative
        self.temperature = MIX_TEMPERATURE

    def pick(self, scored: Sequence[tuple[float, Action]]) -> Action:
        """The best-scored action, ties broken by the die."""
        best = max(score for score, _ in scored)
        top = [action for score, action in scored if score >= best - 1e-9]
        return top[self.dice.index(len(top))] if len(top) > 1 else top[0]

    def choose(self, seat: str, observation: Mapping[str, Any],
               legal_actions: Sequence[Action]) -> Action:
        if len(legal_actions) == 1:
            return legal_actions[0]  # nothing to decide: the observation is not even read
        scored = self.score_all(seat, observation, legal_actions)
        if all(isinstance(a, ChooseChit) for a in legal_actions):
            return self.mix(scored)
        return self.pick(scored)

    def mix(self, scored: Sequence[tuple[float, Action]]) -> Action:
        """A secret, simultaneous choice is a mixed strategy: each chit is chosen with a
        weight that falls off with how much worse than the best it is expected to do
        (a predictable fighter is an easy one, and two of them could trade the same
        chits for ever)."""
        best = max(score for score, _ in scored)
        weights = [float(np.exp((score - best) / self.temperature)) for score, _ in scored]
        return self.dice.weighted([action for _, action in scored], weights)

    def score_all(self, seat: str, observation: Mapping[str, Any],
                  legal_actions: Sequence[Action]) -> list[tuple[float, Action]]:
        raise NotImplementedError

    def _expected(self, side: str, chit: str, foe_chits: Mapping[str, float],
                  hunters_win: float, value: Any, hunter_side: bool) -> float:
        """The mean value of a chit against a weighted spread of the foe's chits."""
        winner_foe = "dracula" if side == "dracula" else "agents"
        total = sum(foe_chits.values()) or 1.0
        mean = 0.0
        for foe, weight in foe_chits.items():
            mine, theirs = (chit, foe) if hunter_side else (foe, chit)
            try:
                won = self.tables.lookup(side, "hunters", mine, theirs)  # type: ignore[arg-type]
                lost = self.tables.lookup(side, winner_foe, mine, theirs)  # type: ignore[arg-type]
            except Exception:  # a chit the printed board does not list: no effect
                continue
            mean += weight * (hunters_win * value(won, mine)
                              + (1 - hunters_win) * value(lost, mine))
        return mean / total



def unknown_value(action: Action) -> float:
    """A decision of a kind these bots do not know: a small nudge towards playing a held
    Event Card (most help their holder), otherwise indifference (the die decides)."""
    kind = getattr(action, "TYPE", "")
    if kind == "play_event":
        return 0.2
    return 0.0
