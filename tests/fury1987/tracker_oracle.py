"""The tracker's Movement Phase in its first, plain form: a test oracle.

``PlainTracker`` is :class:`fury1987.tracker.Tracker` with ``_turn`` as it was first
written (every hypothesis expanded along every road and sea, one numpy operation after
another). The tracker's own ``_turn`` is a faster rewriting of the same rules; tests
check that both give the same hypotheses, checkpoints and secret-history segments.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from fury1987.tracker import (
    CASTLE_COUNT,
    CASTLE_TURNS_LIMIT,
    CONSUME_GAIN,
    MUST_LEAVE,
    Array,
    Obligation,
    Rows,
    Tracker,
)


def _expand(sources: Array, table: Array) -> tuple[Array, Array]:
    """For each source position, every edge leaving its place, in order: (position
    index, target)."""
    if not len(sources):
        empty = np.zeros(0, dtype=np.int64)
        return empty, empty
    neighbours = table[sources]
    edge = neighbours >= 0
    pos: Array = np.nonzero(edge)[0]
    targets: Array = neighbours[edge]
    return pos, targets


class PlainTracker(Tracker):
    """The tracker with its first, plain Movement Phase."""

    def _turn(self, clue: Mapping[str, Any], rows: Rows, obligations: Sequence[Obligation],
              i: int) -> Rows:
        """One of Dracula's Movement Phases, and his Action Phase's public face."""
        g = self.geometry
        loc, rum, bp, aux = g.decode(rows.codes)
        flags = rows.flags
        fleeing = bool(clue["fleeing"])
        hosts = g.mask(clue["hosts"])
        occupied = g.mask(clue["occupied"])
        no_placing = occupied | g.mask(clue.get("spared", ()))  # ruling 6
        attack = clue.get("attack")
        consumed = bool(clue["consumed"])
        if fleeing:  # a fleeing Dracula already in the Castle would have hidden: game over
            alive = loc != g.castle
            loc, rum, bp, aux, flags = (x[alive] for x in (loc, rum, bp, aux, flags))
        at_sea = g.is_sea[loc]
        must_leave = ~at_sea & ((aux & MUST_LEAVE) > 0)  # on land only: aux holds seas at Sea
        moves = self._moves(loc, rum, bp, aux, at_sea, hosts, fleeing, clue, consumed)
        mv_src, mv_to, mv_rum, mv_bp, mv_aux = moves
        # Staying: Passing, not moving, or consuming a Vampire.
        may_stay = ~at_sea & ~must_leave & (not fleeing)
        if consumed:
            may_stay &= bp >= 0
        st_src = np.flatnonzero(may_stay)
        st_bp = np.minimum(bp[st_src] + CONSUME_GAIN, 12) if consumed else bp[st_src]
        # Hemmed in on every side (no move, no stay allowed): the fallback Pass.
        options = np.bincount(mv_src, minlength=len(loc)) + may_stay.astype(np.int64)
        # (a Vampire consumed means he stayed in a Town by choice: never hemmed in)
        stuck = np.flatnonzero(options == 0) if not consumed else np.zeros(0, dtype=np.int64)
        n_mv, n_st = len(mv_src), len(st_src)
        src = np.concatenate([mv_src, st_src, stuck])
        new_loc = np.concatenate([mv_to, loc[st_src], loc[stuck]])
        new_rum = np.concatenate([mv_rum, rum[st_src], rum[stuck]])
        new_bp = np.concatenate([mv_bp, st_bp, bp[stuck]])
        new_aux = np.concatenate([mv_aux, aux[st_src] & ~MUST_LEAVE,
                                  np.where(at_sea[stuck], aux[stuck], aux[stuck] & ~MUST_LEAVE)])
        kind = np.concatenate([np.zeros(n_mv, dtype=np.int8), np.ones(n_st, dtype=np.int8),
                               np.full(len(stuck), 2, dtype=np.int8)])
        moved, voluntary, hemmed = kind == 0, kind == 1, kind == 2
        # Castle Dracula: successive turns there (not fleeing); a third ends the game.
        castle = new_loc == g.castle
        count = np.where(moved, 0, new_aux & CASTLE_COUNT) + 1
        new_aux = np.where(castle, 0 if fleeing else count, new_aux)
        alive = ~(castle & (not fleeing) & (count >= CASTLE_TURNS_LIMIT))
        # His Action Phase: after a move into a Town, or staying without Passing.
        town = ~g.is_sea[new_loc]
        may_pass = not consumed  # (ruling 76: the Hunters never know he may not Pass)
        acting = town & (moved | voluntary)            # he may have had an Action Phase
        passing = (voluntary & may_pass) | hemmed      # he may have had none
        if attack is not None:
            alive &= acting & (new_loc == g.index[attack])
        else:
            # With a Hunter there he must attack, unless he had no Action Phase.
            alive &= ~(town & occupied[new_loc]) | passing
        new_flags = flags[src]
        for b, o in enumerate(obligations):
            if o.start < i <= o.end and attack is None:
                placed = acting & (new_loc == g.index[o.town]) & ~no_placing[new_loc]
                new_flags = np.where(placed, new_flags | (1 << b), new_flags)
        sea = clue.get("sea")
        if sea is not None:  # Shipping Agents: what he announced of his Sea Movement
            from_sea, to_sea = g.is_sea[loc[src]], g.is_sea[new_loc]
            kinds = {"embarking": ~from_sea & to_sea, "sailing": from_sea & to_sea,
                     "disembarking": from_sea & ~to_sea, "none": ~from_sea & ~to_sea}
            alive &= kinds[sea]
        codes = g.encode(new_loc[alive], new_rum[alive], new_bp[alive], new_aux[alive])
        return Rows(codes, new_flags[alive])

    def _moves(self, loc: Array, rum: Array, bp: Array, aux: Array,
               at_sea: np.ndarray[Any, np.dtype[np.bool_]],
               hosts: np.ndarray[Any, np.dtype[np.bool_]], fleeing: bool,
               clue: Mapping[str, Any], consumed: bool
               ) -> tuple[Array, Array, Array, Array, Array]:
        """Every move by Road or Sea: (source row, place, Rumours, Blood Points, aux)."""
        g = self.geometry
        parts: list[tuple[Array, Array, Array, Array, Array]] = []
        blocked = g.mask(clue.get("blocked", ()))  # Stormy Seas
        if not consumed:
            land = np.flatnonzero(~at_sea)
            pos, to = _expand(loc[land], g.road_table)
            s = land[pos]
            ok = ~hosts[to]
            s, to = s[ok], to[ok]
            parts.append((s, to, loc[s], bp[s], np.zeros(len(s), dtype=np.int64)))
            # Embarking: two Blood Points, or fleeing from the British Isles.
            may = ~at_sea & g.is_port[loc]
            may &= g.cut_off[loc] if fleeing else bp >= 2
            ports = np.flatnonzero(may)
            pos, to = _expand(loc[ports], g.sea_table)
            s = ports[pos]
            ok = ~blocked[to]
            s, to = s[ok], to[ok]
            parts.append((s, to, loc[s], np.maximum(bp[s] - 1, -12), g.sea_bit[to]))
            # At Sea: sail to a Sector not yet visited, or disembark at another Port.
            seas = np.flatnonzero(at_sea)
            pos, to = _expand(loc[seas], g.sea_table)
            s = seas[pos]
            to_sea = g.is_sea[to]
            open_ = np.where(to_sea, ~blocked[to], (to != rum[s]) & ~hosts[to])
            ok = open_ & (~to_sea | ((aux[s] & g.sea_bit[to]) == 0))
            # Ruling 2: stranded, he may sail into a Sector he has crossed.
            stranded = np.bincount(s[ok], minlength=len(loc))[s] == 0
            ok |= stranded & open_
            s, to, to_sea = s[ok], to[ok], to_sea[ok]
            parts.append((s, to, rum[s], bp[s], np.where(to_sea, aux[s] | g.sea_bit[to], 0)))
        if not parts:
            empty = np.zeros(0, dtype=np.int64)
            return empty, empty, empty, empty, empty
        mv = tuple(np.concatenate([p[k] for p in parts]) for k in range(5))
        src, to = mv[0], mv[1]
        if fleeing and len(src):
            dist = g.distances(clue["hosts"])
            closer = dist[to] == dist[loc[src]] - 1
            any_closer = np.bincount(src, weights=closer, minlength=len(loc)) > 0
            keep = closer | ~any_closer[src]
            mv = tuple(x[keep] for x in mv)
        return mv[0], mv[1], mv[2], mv[3], mv[4]
