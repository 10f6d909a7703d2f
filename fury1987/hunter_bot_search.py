"""The Hunters' bot closing in together: when the possible-location tracker has narrowed
Dracula down to a few places, the Hunters who have yet to move are placed jointly.

Each destination of the Hunter deciding is valued by the best the Hunters still to move
could make of it together (every one of them may stay or go one Road or Sea move): the
weighted chance that one of them ends in Dracula's box (found this turn), and, where not,
the share of his ways on (a Road or Sea move, or staying) that some Hunter would reach
next turn (blocked). A Hunter scoring his moves alone counts his fellows where they
stand, not where they will go; planned together, the three close the net instead of
crowding the same side of it. Everything here is read from the observation: the
tracker's places and weights, the Hunters' places and who has moved.

Also here: closing in on a narrowed trail (:data:`CONVERGE`, off), the race for
Dracula's Vampires once he has consumed one (:data:`STALEMATE_RACE_PULL`, on: after that a
Stalemate is the Hunters' Minor Victory, Victory - Stalemate), and the suspicion read from
the trail backwards (:class:`TrailMemory`, :data:`SMOOTHED_SUSPICION`, off: it finds his
Vampires, and the Stalemates it brings end games the Hunters would have won).
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from .bot_common import FAR, Geography
from .victory import STALEMATE_VAMPIRES

JOINT_PLACES = 16       # possible places up to which the Hunters place themselves jointly
BLOCK_SHARE = 0.5       # worth of a possible place all of whose ways on they reach
RUMOURS_SHARE = 0.0     # worth of finding the Local Rumours, against finding him


def hunters_still_to_move(obs: Mapping[str, Any], members: Sequence[str]
                          ) -> tuple[list[str], list[list[str]]]:
    """The places of the other Hunters who have moved (or passed) this turn, and the
    other Hunters yet to move, each group as one (they move together)."""
    hunters = obs["hunters"]
    fixed: list[str] = []
    units: list[list[str]] = []
    grouped = {m: g for g in obs.get("groups", []) for m in g}
    seen: set[str] = set(members)
    for seat, h in hunters.items():
        if seat in seen or h["status"] != "alive" or not h["location"]:
            continue
        unit = [m for m in grouped.get(seat, [seat]) if m in hunters]
        seen.update(unit)
        if h["moved"] or h["passed"]:
            fixed.append(h["location"])
        else:
            units.append(unit)
    return fixed, units


def joint_catch(geo: Geography, obs: Mapping[str, Any], members: Sequence[str],
                candidates: Sequence[str], targets: Sequence[str],
                weights: np.ndarray[Any, np.dtype[np.float64]],
                behind: Mapping[str, float] | None = None) -> dict[str, float]:
    """For each of ``candidates`` (this Hunter's, or group's, destinations), the best
    weighted share of Dracula's possible places (``targets``, ``weights``) that the
    Hunters still to move find this turn or block for the next (:data:`BLOCK_SHARE`),
    and, :data:`RUMOURS_SHARE` as much, of the places he may have left this turn
    (``behind``: the Local Rumours lie there, one Town behind him)."""
    dist = geo.dist
    cols = np.array(geo.rows(list(targets)), dtype=np.intp)
    mine = [c for c in candidates if c in geo.index]
    if not len(cols) or not mine:
        return {}
    w = weights / max(float(weights.sum()), 1e-9)
    fixed, units = hunters_still_to_move(obs, members)
    base = np.full(dist.shape[1], FAR, dtype=dist.dtype)
    for row in geo.rows(fixed):
        base = np.minimum(base, dist[row])
    hunters = obs["hunters"]
    options = [np.flatnonzero(dist[geo.index[hunters[u[0]]["location"]]] <= 1)
               for u in units if hunters[u[0]]["location"] in geo.index]
    if options:
        combos = np.array(list(itertools.product(*options)), dtype=np.intp)
        others = dist[combos].min(axis=1)          # (combos, places)
        others = np.minimum(others, base)
    else:
        others = base[None, :]
    near, mask = geo.ways_on(cols)                  # (targets, k)
    reach = np.minimum(dist[geo.rows(mine)][:, None, :], others[None, :, :])
    found = reach[:, :, cols] == 0                  # (mine, combos, targets)
    ways = reach[:, :, near] <= 1                   # (mine, combos, targets, k)
    blocked = (ways & mask).sum(axis=-1) / mask.sum(axis=-1)
    value = found + BLOCK_SHARE * (~found) * blocked
    total = value @ w
    if behind and RUMOURS_SHARE:
        left = [p for p in behind if p in geo.index]
        bw = np.array([behind[p] for p in left])
        if len(left) and float(bw.sum()) > 0:
            at = reach[:, :, geo.rows(left)] == 0
            total = total + RUMOURS_SHARE * (at @ (bw / float(bw.sum())))
    best = total.max(axis=1)
    return dict(zip(mine, best.tolist(), strict=True))


# ---------------------------------------------------------------------------------------
# Where Dracula is likely to be: his own way of moving, foreseen
# ---------------------------------------------------------------------------------------
FORESIGHT = 0.0         # the share of the Hunters' weights drawn from foreseeing his moves
FORESIGHT_SPREAD = 1.0  # how loosely he is foreseen to pick the safest way on
SUSPICION_FORESIGHT = 0.0  # the share of the suspicion (where he has been) foreseen


def dracula_safety(geo: Geography, hunters: Sequence[str]) -> np.ndarray[Any, Any]:
    """Each place's safety from the Hunters at ``hunters``, reckoned as Dracula's bot
    reckons it (:meth:`fury1987.dracula_bot.DraculaView.safety`): far from every Hunter,
    out of a Road or Sea move's reach, out of a train's."""
    rows = geo.rows(list(hunters))
    if not rows:
        return np.zeros(len(geo.places))
    d = geo.dist[rows].astype(np.float64)
    score = np.minimum(d, 5.0) - 3.0 * (d <= 1) - 1.0 * ((d > 1) & geo.rail_within_three[rows])
    safety: np.ndarray[Any, Any] = score.sum(axis=0) / len(rows) * 1.5
    return safety


class Foresight:
    """A Hunter's belief of where Dracula is, kept from turn to turn: each turn he is
    foreseen to take, from every place he may have been, one of its ways on, the safer
    from the Hunters (where they stood when he moved) the likelier; the tracker's set of
    possible places then crosses off the rest (it knows every search, Rumour and clue)."""

    def __init__(self, geo: Geography) -> None:
        self.geo = geo
        self.belief: np.ndarray[Any, Any] | None = None
        self.turn = -1
        self.hunters_at: dict[str, str] = {}

    def update(self, obs: Mapping[str, Any], possible: Sequence[str],
               shown_at: str | None) -> np.ndarray[Any, Any]:
        """The belief over the map's places (summing to 1) for this observation."""
        geo = self.geo
        turn = int(obs.get("turn", 0))
        hunters = {s: h for s, h in obs["hunters"].items()
                   if h["status"] == "alive" and h["location"]}
        if turn != self.turn and self.belief is not None:
            # He has moved since: from where the Hunters stood (before their own moves)
            at = [self.hunters_at.get(s, h["location"]) if h["moved"] else h["location"]
                  for s, h in hunters.items()]
            self.belief = self._moved(self.belief, dracula_safety(geo, at))
        self.turn = turn
        self.hunters_at = {s: h["location"] for s, h in hunters.items()}
        support = np.zeros(len(geo.places))
        if shown_at is not None and shown_at in geo.index:
            support[geo.index[shown_at]] = 1.0
        else:
            support[geo.rows(list(possible))] = 1.0
        belief = support if self.belief is None else self.belief * support
        if float(belief.sum()) <= 1e-12:
            belief = support
        self.belief = belief / max(float(belief.sum()), 1e-12)
        return self.belief

    def _moved(self, belief: np.ndarray[Any, Any], safety: np.ndarray[Any, Any]
               ) -> np.ndarray[Any, Any]:
        ways, mask = self.geo.ways_on(np.arange(len(belief)))
        logits = np.where(mask, safety[ways] / FORESIGHT_SPREAD, -np.inf)
        logits -= logits.max(axis=1, keepdims=True)
        odds = np.exp(logits)
        odds /= odds.sum(axis=1, keepdims=True)
        moved = np.zeros(len(belief))
        np.add.at(moved, ways[mask], (belief[:, None] * odds)[mask])
        return moved


# -- closing in on a narrowed trail, and the race once a Stalemate is theirs ---------------
CONVERGE = 0.0          # narrowed to 3 Towns or fewer: worth lost per move of mean distance
STALEMATE_RACE_PULL = 40.0  # the Vampire pull once a Stalemate is theirs (0: as before it)


def mean_distance(geo: Geography, place: str, cols: Sequence[int],
                  weights: np.ndarray[Any, np.dtype[np.float64]]) -> float:
    """The weighted mean number of moves from ``place`` to Dracula's possible places
    (``cols``, weighted ``weights`` of mean 1): with the trail narrowed to a few Towns,
    the Hunters close in on all of them, so that whichever he is in, one is at hand."""
    row = geo.index[place]
    return float(geo.dist[row, list(cols)] @ weights) / len(cols)


HOLD_HOT_STALEMATE = False  # the last Vampire of a Stalemate left while the hunt is hot


def stalemate_held(obs: Mapping[str, Any], hot: bool) -> bool:
    """Victory - Stalemate: with one Vampire short of six destroyed, and the Stalemate not
    theirs (Dracula has consumed none), the next one destroyed ends the game in a draw.
    While the hunt is ``hot`` (his piece on the map, or his trail narrowed to three
    Towns) the Hunters leave it where it is, known, and go on for the win; the game is a
    draw only once the hunt has cooled."""
    return (HOLD_HOT_STALEMATE and hot
            and int(obs.get("vampires_destroyed", 0)) >= STALEMATE_VAMPIRES - 1
            and not stalemate_is_won(obs))


def stalemate_is_won(obs: Mapping[str, Any]) -> bool:
    """Victory - Stalemate: once Dracula has consumed one of his Vampires (public, as he
    regains Blood Points), six Vampires destroyed is the Hunters' Minor Victory, so every
    Vampire destroyed is a step to a win, not only to a draw."""
    return bool(obs["dracula"].get("vampires_consumed"))


# -- the trail read backwards: where he has been, in the light of where he is now --------
SMOOTHED_SUSPICION = 0.0  # the share of the suspicion read from the trail smoothed backwards
TRAIL_WINDOW = 10         # turns read again; older ones are kept as last read


class TrailMemory:
    """Dracula's possible places turn by turn, read again in the light of later turns.

    The tracker's weights for a past turn knew only the clues up to that turn; a later
    find or search narrows where he can have been since (he moves one Road or Sea move a
    turn, or stays). Each turn's weights are multiplied by the chance that, from each of
    its places, a walk of such moves (each way on equally likely) reaches the places he
    may be in now through the places he might have been in between: the places he was in
    when he laid his Encounters, read with everything the Hunters know now. The last
    :data:`TRAIL_WINDOW` turns are read again; an older turn's reading is kept as it was
    when it left them (a clue that far ahead says little more of it)."""

    def __init__(self, geo: Geography) -> None:
        self.geo = geo
        near = (geo.dist <= 1).astype(np.float64)
        self.step = near / near.sum(axis=1, keepdims=True)
        n = len(geo.places)
        self.turns: list[int] = []                       # the turns of the window
        self.weights = np.zeros((0, n))                  # their possible places' weights
        self.quiet = np.zeros((0, n))                    # the Town-far multiplier
        self.cleared = np.full(n, -1)                    # last turn a Hunter stood in each
        self.kept = np.zeros(n)                          # the older turns, as last read
        self._smoothed: np.ndarray[Any, Any] | None = None  # the window, read anew when
        #                                                      a turn's weights change
        self._total: np.ndarray[Any, Any] | None = None     # the suspicion, until a
        #                                                      weight or a Hunter moves

    def see(self, turn: int, places: Sequence[str], weights: Mapping[str, float],
            quiet: np.ndarray[Any, Any], occupied: Sequence[str],
            towns: np.ndarray[Any, np.dtype[np.bool_]]) -> None:
        """This turn's possible places and weights (the latest seen stand for the turn),
        the multiplier of the Towns far from the Hunters, the places they stand in."""
        w = np.zeros(len(self.geo.places))
        rows = self.geo.rows(list(places))
        w[rows] = [float(weights.get(p, 1)) for p in places if p in self.geo.index]
        if self.turns and self.turns[-1] == turn:
            if not np.array_equal(self.weights[-1], w):
                self.weights[-1] = w
                self._smoothed = None
        else:
            if len(self.turns) >= TRAIL_WINDOW:
                oldest = self.window(towns)[0] * (self.cleared < self.turns[0])
                self.kept += oldest
                self.turns, self.weights, self.quiet = \
                    self.turns[1:], self.weights[1:], self.quiet[1:]
            self.turns.append(turn)
            self.weights = np.vstack([self.weights, w])
            self.quiet = np.vstack([self.quiet, quiet])
            self._smoothed = None
        occupied_rows = self.geo.rows(list(occupied))
        if self._smoothed is None or bool((self.cleared[occupied_rows] != turn).any()):
            self._total = None
        self.cleared[occupied_rows] = turn
        self.kept[occupied_rows] = 0.0

    def suspicion(self, towns: np.ndarray[Any, np.dtype[np.bool_]]) -> np.ndarray[Any, Any]:
        """Each place's suspicion: over the turns since a Hunter last stood in it, the
        smoothed chance that Dracula was there (each turn's chances over the Towns summing
        to one), times that turn's multiplier of the Towns far from the Hunters."""
        if self._total is None:
            fresh = self.cleared[None, :] < np.array(self.turns)[:, None]
            self._total = self.kept + (self.window(towns) * fresh).sum(axis=0)
        return self._total

    def window(self, towns: np.ndarray[Any, np.dtype[np.bool_]]) -> np.ndarray[Any, Any]:
        """The window's turns read again: each turn's chances over the Towns, given every
        later turn's possible places, times its Town-far multiplier."""
        if self._smoothed is None:
            out = np.zeros_like(self.weights)
            ahead = np.ones(len(self.geo.places))   # the chance of the later turns' clues
            for index in range(len(self.turns) - 1, -1, -1):
                w = self.weights[index]
                message = ahead if index == len(self.turns) - 1 else self.step @ ahead
                smoothed = w * message * towns
                mass = float(smoothed.sum())
                if mass > 0.0:
                    out[index] = smoothed / mass
                ahead = (w > 0) * message
                top = float(ahead.max())
                ahead = ahead / top if top > 0.0 else np.ones(len(ahead))
            self._smoothed = out * self.quiet
        return self._smoothed
