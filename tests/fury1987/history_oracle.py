"""An independent check of a secret history against the public record (for tests).

It re-reads the rules in plain Python, move by move, without the tracker's numpy
machinery: a history the tracker or the resampler produces must pass it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from fury1987.board import CASTLE_DRACULA
from fury1987.resample import all_obligations
from fury1987.state import FuryState
from fury1987.tracker import CASTLE_COUNT, MUST_LEAVE, geometry_of


def decode(state: FuryState, code: int) -> tuple[str, str | None, int, int]:
    g = geometry_of(state.board)
    loc, rum, bp, aux = g.decode(np.array([code], dtype=np.int64))
    rumours = None if int(rum[0]) == g.none else g.places[int(rum[0])]
    return g.places[int(loc[0])], rumours, int(bp[0]), int(aux[0])


def problems(state: FuryState, moves: Sequence[int], states: Sequence[int],
             obligations: Sequence[tuple[str, int, int]] | None = None) -> list[str]:
    """Every way the history breaks the rules or the public record (empty if none).

    ``obligations`` are the found Encounters to check (default: all of them)."""
    board = state.board
    clues = state.clues
    found: list[str] = []
    hist = [decode(state, s) for s in states]
    start = clues[0]
    loc, rum, bp, _ = hist[0]
    if not board.is_town(loc) or loc in start["occupied"] or rum is not None or bp != 12:
        found.append(f"bad start {hist[0]}")
    voyage: list[str] = []
    visits: list[tuple[int, str]] = []
    bounds = [*moves, len(clues)]
    for j, k in enumerate(moves):
        before = hist[j]
        after = hist[j + 1]
        # the filters after the move, up to the next one, act on ``after``
        changes, expected_leave, driven = _after_filters(state, clues, k + 1, bounds[j + 1],
                                                         after[0])
        landed = after if driven is None else (driven, after[1], after[2], after[3])
        problem, _, visit = _move(state, clues[k], before, landed, voyage,
                                      changes, expected_leave)
        if problem:
            found.append(f"move at clue {k}: {problem}")
            continue
        if board.is_sea(landed[0]):
            voyage = [*voyage, landed[0]] if board.is_sea(before[0]) \
                else [before[0], landed[0]]
        else:
            voyage = []
        if driven is not None:
            voyage = []
        if visit:
            visits.append((k, after[0]))
        found += _searches(clues, k + 1, bounds[j + 1], landed)
    for town, begin, end in (all_obligations(clues) if obligations is None else obligations):
        if not any(t == town and begin < k <= end for k, t in visits):
            found.append(f"no Action Phase in {town} between clues {begin} and {end}")
    return found


def _after_filters(state: FuryState, clues: Sequence[dict[str, Any]], first: int, stop: int,
                   place: str) -> tuple[list[int], bool, str | None]:
    """(Blood Point changes after the move, whether a Host then fell on ``place``, the
    Sea Sector Stormy Seas drove him out of, if it did)."""
    changes: list[int] = []
    leave = False
    driven: str | None = None
    for clue in clues[first:stop]:
        if clue["k"] == "blood":
            changes.append(int(clue["loss"]))
        elif clue["k"] == "host" and clue["town"] == place:
            leave = True
        elif clue["k"] == "driven":
            driven = clue["from"]
    return changes, leave, driven


def _blood_after(bp: int, changes: Sequence[int]) -> int:
    for loss in changes:
        bp = min(max(bp - loss, -12), 12)
    return bp


def _searches(clues: Sequence[dict[str, Any]], first: int, stop: int,
              after: tuple[str, str | None, int, int]) -> list[str]:
    found = []
    for clue in clues[first:stop]:
        if clue["k"] == "driven":
            after = (clue["to"], after[1], after[2], after[3])
        if clue["k"] == "where" and after[0] not in clue["places"]:
            found.append(f"Dracula was announced in {clue['places']}, not {after[0]}")
        if clue["k"] != "search":
            continue
        town = clue["town"]
        if clue.get("dracula") is True and after[0] != town:
            found.append(f"Dracula was found in {town}")
        if clue.get("dracula") is False and after[0] == town:
            found.append(f"Dracula was not found in {town}")
        if clue.get("rumours") is True and after[1] != town:
            found.append(f"the Local Rumours were found in {town}")
        if clue.get("rumours") is False and after[1] == town:
            found.append(f"the Local Rumours were not found in {town}")
    return found


def _move(state: FuryState, clue: dict[str, Any], before: tuple[str, str | None, int, int],
          after: tuple[str, str | None, int, int], voyage: list[str], changes: list[int],
          leave: bool) -> tuple[str, bool, bool]:
    """(problem, moved, Action Phase without an attack)."""
    board = state.board
    loc, rum, bp, aux = before
    new, new_rum, new_bp, new_aux = after
    hosts = set(clue["hosts"])
    blocked = set(clue.get("blocked", ()))

    def blood_ok(want: int) -> bool:  # the public changes after the move, applied
        return _blood_after(want, changes) == new_bp

    if clue["k"] == "evasion":
        banned = set(clue["occupied"]) | hosts
        if not board.is_town(new) or new in banned or new == loc:
            return f"Evasion cannot take Dracula to {new}", True, False
        want_rum = loc if board.is_town(loc) else rum
        if new_rum != want_rum or not blood_ok(bp):
            return "Evasion changed the Blood Points or misplaced the Rumours", True, False
        return "", True, False
    if clue["k"] == "bat":
        if loc != clue["from"]:
            return f"the bat flew from {clue['from']}, not {loc}", True, False
        options = [t for t in board.road[loc] if t not in hosts]
        if options and (new not in options or new_rum != loc):
            return f"a bat cannot fly from {loc} to {new}", True, False
        return "", True, False
    fleeing = bool(clue["fleeing"])
    at_sea = board.is_sea(loc)
    must_leave = not at_sea and bool(aux & MUST_LEAVE)
    if fleeing and loc == CASTLE_DRACULA:
        return "a fleeing Dracula in the Castle would have hidden", False, False
    moves = _legal_moves(state, loc, rum, bp, voyage, hosts, fleeing, blocked)
    may_stay = not at_sea and not fleeing and not must_leave
    if clue["consumed"]:
        moves = []
        may_stay = may_stay and bp >= 0
    stuck = not moves and not may_stay and not clue["consumed"]
    if new == loc and (may_stay or stuck):
        gain = 2 if clue["consumed"] else 0
        if new_rum != rum or not blood_ok(min(bp + gain, 12)):
            return "a stay changed the Rumours or the Blood Points", False, False
        moved = False
    elif new in moves:
        want_rum = loc if board.is_town(loc) else rum
        want_bp = bp - 1 if board.is_town(loc) and board.is_sea(new) else bp
        if new_rum != want_rum or not blood_ok(max(want_bp, -12)):
            return f"moving {loc}->{new}: Rumours {new_rum}/{want_rum}, " \
                   f"Blood {new_bp}/{want_bp}", True, False
        moved = True
    else:
        return f"{loc}->{new} is not a legal move", False, False
    if leave != bool(new_aux & MUST_LEAVE) and board.is_town(new):
        return "must-leave flag wrong", moved, False
    castle_turns = new_aux & CASTLE_COUNT if new == CASTLE_DRACULA else 0
    if new == CASTLE_DRACULA and not fleeing:
        want = 1 if moved else (aux & CASTLE_COUNT) + 1
        if castle_turns != want or want >= 3:
            return "castle turns wrong", moved, False
    sea = clue.get("sea")
    if sea is not None:  # Shipping Agents
        said = ("sailing" if board.is_sea(loc) else "embarking") if board.is_sea(new) \
            else ("disembarking" if board.is_sea(loc) else "none")
        if said != sea:
            return f"Dracula announced {sea}, not {said}", moved, False
    acting = board.is_town(new) and not (new == loc and stuck)
    could_pass = new == loc and not stuck and not clue["consumed"]
    if clue.get("attack") is not None:
        if new != clue["attack"] or not acting:
            return f"Dracula attacked in {clue['attack']}, not from {new}", moved, False
        return "", moved, False
    if board.is_town(new) and new in clue["occupied"] and not (could_pass or stuck):
        return f"Dracula in {new} with a Hunter would have attacked", moved, False
    visit = acting and new not in clue["occupied"] and new not in clue.get("spared", ())
    return "", moved, visit


def _legal_moves(state: FuryState, loc: str, rum: str | None, bp: int, voyage: list[str],
                 hosts: set[str], fleeing: bool, blocked: set[str] = frozenset()  # type: ignore[assignment]
                 ) -> list[str]:
    board = state.board
    if board.is_sea(loc):
        start = rum
        open_ = [p for p in board.sea[loc] if p not in blocked
                 and (board.is_sea(p) or (p != start and p not in hosts))]
        moves = [p for p in open_ if not board.is_sea(p) or p not in voyage[1:]] or open_
    else:
        moves = [p for p in board.road[loc] if p not in hosts]
        cut_off = board.land_distance(loc, CASTLE_DRACULA) is None
        if board.is_port(loc) and ((cut_off) if fleeing else bp >= 2):
            moves += [p for p in board.sea[loc] if p not in blocked]
    if fleeing and moves:
        dist = board.flee_distances(frozenset(hosts))
        now = dist.get(loc)
        if now is not None:
            closer = [m for m in moves if dist.get(m) == now - 1]
            moves = closer or moves
    return moves


def find_history(state: FuryState, end: int, obligations: Sequence[tuple[str, int, int]],
                 budget: int = 20_000) -> tuple[list[int], list[int]] | str:
    """A depth-first search backwards from hypothesis ``end`` for a history that passes
    :func:`problems`: the history, or "none" (there is none: the search was complete),
    or "budget" (the budget of steps ran out first)."""
    from fury1987.tracker import tracker_of

    tracker = tracker_of(state)
    clues = state.clues
    moves = [k for k, _ in tracker.checkpoints]
    bounds = [*moves, tracker.processed]
    steps = [0]

    def predecessors(j: int, here: int) -> list[int]:
        k, before = tracker.checkpoints[j]
        after, source = tracker._segment(clues, k, bounds[j + 1], before)
        lo, hi = np.searchsorted(after, [here, here + 1])
        return sorted(set(before[source[lo:hi]].tolist()))

    def search(j: int, chain: list[int]) -> list[int] | None:
        steps[0] += 1
        if steps[0] > budget:
            return None
        if j < 0:
            states = list(reversed(chain))
            return states if not problems(state, moves, states, obligations) else None
        for previous in predecessors(j, chain[-1]):
            found = search(j - 1, [*chain, previous])
            if found is not None or steps[0] > budget:
                return found
        return None

    found = search(len(moves) - 1, [end])
    if found is not None:
        return moves, found
    return "budget" if steps[0] > budget else "none"
