"""Resampling: a state the viewer cannot tell from this one, its hidden parts redrawn.

For a Hunter (or the public) Dracula's secrets are redrawn: a whole secret history
is drawn backwards through the possible-location tracker (every move consistent
with every public clue, every Encounter found placed by him in its window), and
from it his Town box, the Local Rumours, his Blood Points, his voyage, his trail,
the Encounters hidden in Town boxes he had an Action Phase in since the Hunters
last looked, his Encounter Set and his Event Cards. For Dracula (or the public)
the Hunters' Weapon Chits and Event Cards that he has not seen are redrawn. The
pools' hidden order and a secret combat chit not yet revealed are redrawn too.

Log entries hidden from the viewer describe the old secrets; in the copy they
keep their public form and say only that they were redrawn. If no consistent
history is found in a few tries, Dracula's position and history stay as they
were (the rest is still redrawn): the copy remains one the viewer cannot tell
apart, only less varied.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from gothic_kernel import PUBLIC, Dice, Log, LogEntry

from . import chart_history
from .board import CASTLE_DRACULA
from .dracula import DraculaAction, DraculaStage, DraculaSwap
from .fight import Combat
from .fighters import Stage, chit_options
from .records import evolve
from .seats import DRACULA, HUNTERS
from .tracker import CASTLE_COUNT, MUST_LEAVE, geometry_of, tracker_of
from .victory import fallen_hunters

if TYPE_CHECKING:
    from .state import FuryState

TRIES = 1
SEARCH_BUDGET = 120
DEALS = 60


def resample(state: FuryState, viewer: str, seed: int) -> FuryState:
    if viewer != DRACULA:
        tracker_of(state)  # kept on the original: the next resample starts from it
    twin = state.clone()
    twin.dice = state.dice.reseeded(seed)
    rng = Dice(seed ^ 0x5EED5)
    if viewer != DRACULA and not state.is_over:
        _redraw_dracula(twin, rng)
    if viewer not in HUNTERS and not state.is_over:
        _redraw_hunters(twin, rng)
    rng.shuffle(twin.encounter_pool.bag)
    rng.shuffle(twin.weapons_pool.bag)
    _redraw_secret_chits(twin, viewer, rng)
    twin.events = _redacted(twin.events, viewer)
    twin.invalidate()
    return twin


# -- Dracula's secrets --------------------------------------------------------------------
def _redraw_dracula(twin: FuryState, rng: Dice) -> None:
    _redraw_consumed_sightings(twin, rng)
    if twin.dracula.location is None:
        _redraw_encounters(twin, rng, hidden_chart=[])
        _redraw_dracula_cards(twin, rng)
        return
    obligations = all_obligations(twin.clues)
    history = _draw_history(twin, rng, obligations)
    if history is not None:
        moves, states = history
        _adopt_history(twin, moves, states)
        phases = action_phases(twin, moves, states)
        towns = _hidden_placements(twin, phases, rng)
        since_harker = _placed_since_harker(twin, phases)
        hidden = [t for t in twin.chart if t not in twin.sightings]
        announced = chart_history.AnnouncedVampires(twin, phases, sorted({*towns, *hidden}))
        for _ in range(DEALS if announced.said else 1):
            # (dealt again until the Vampires Dracula announced are possible)
            _redraw_encounters(twin, rng, hidden_chart=towns, since_harker=since_harker)
            if announced.allows(twin.chart):
                break
    else:
        _redraw_encounters(twin, rng, hidden_chart=None)
    _redraw_dracula_cards(twin, rng)


def _redraw_consumed_sightings(twin: FuryState, rng: Dice) -> None:
    """Regaining Blood Points: Dracula may consume any Vampire on his Chart, and all
    Vampire chits look alike, so the Hunters do not learn which one went. A Vampire they
    saw and left before he consumed one may be gone: which of those boxes are empty is
    drawn afresh (as many as truly are)."""
    last = max((i for i, c in enumerate(twin.clues) if c["k"] == "turn" and c["consumed"]),
               default=-1)
    if last < 0:
        return
    seen_at = _last_seen(twin)
    enc = twin.rules.encounters
    towns = [t for t, c in twin.sightings.items()
             if enc.is_vampire(c) and c in enc.chits and seen_at.get(t, last) < last
             and twin.chart.get(t) in (None, c)]
    gone = [t for t in towns if t not in twin.chart]
    if not gone or len(gone) == len(towns):
        return
    chits = {t: twin.sightings[t] for t in towns}
    rng.shuffle(towns)
    for town in towns:
        twin.chart.pop(town, None)
    for town in towns[len(gone):]:
        twin.chart[town] = chits[town]


def _draw_history(twin: FuryState, rng: Dice, obligations: Sequence[tuple[str, int, int]]
                  ) -> tuple[list[int], list[int]] | None:
    """A secret history consistent with everything public: a few quick backward walks,
    then a search from a random present hypothesis, then one from the present Dracula
    really is in (his past, at least, is drawn afresh)."""
    tracker = tracker_of(twin)
    for _ in range(TRIES):
        moves, states = tracker.sample_history(twin.clues, rng.index, obligations)
        if states and _fits(twin, moves, states, obligations):
            return moves, states
    codes = tracker.rows.codes
    if len(codes):
        end = int(codes[rng.index(len(codes))])
        moves, states = tracker.search_history(
            twin.clues, rng.index, obligations,
            lambda m, s: _fits(twin, m, s, obligations), end, budget=SEARCH_BUDGET)
        if states:
            return moves, states
    # Keep his true past, draw his last few moves afresh.
    for length in (8, 4, 2):
        moves, states = tracker.redraw_suffix(
            twin.clues, twin.dracula.history, rng.index,
            lambda m, s: _fits(twin, m, s, obligations), 1 + rng.index(length))
        if states:
            return moves, states
    return None


def all_obligations(clues: Sequence[Mapping[str, Any]]) -> list[tuple[str, int, int]]:
    """Every Encounter found that Dracula placed: (Town, window start, clue found)."""
    last: dict[str, tuple[int, str]] = {}
    found: list[tuple[str, int, int]] = []
    for i, clue in enumerate(clues):
        if clue["k"] == "search":
            box = clue.get("box")
            town = clue["town"]
            if box and not box.endswith("_vampire"):
                start, after = last.get(town, (0, ""))
                if not after:
                    found.append((town, start, i))
            if box == "":
                last[town] = (i, "")
        elif clue["k"] == "box":
            last[clue["town"]] = (i, clue["after"])
    return found


def _decode(twin: FuryState, code: int) -> tuple[str, str | None, int, int]:
    g = geometry_of(twin.board)
    loc, rum, bp, aux = g.decode(np.array([code], dtype=np.int64))
    rumours = None if int(rum[0]) == g.none else g.places[int(rum[0])]
    return g.places[int(loc[0])], rumours, int(bp[0]), int(aux[0])


def action_phases(twin: FuryState, moves: Sequence[int],
                  states: Sequence[int]) -> list[tuple[int, str]]:
    """(move clue, Town) for every move after which Dracula may have had an Action
    Phase with nobody to attack: where he may have placed an Encounter."""
    g = geometry_of(twin.board)
    loc, _, _, aux = g.decode(np.array(states, dtype=np.int64))
    found: list[tuple[int, str]] = []
    for j, k in enumerate(moves):
        clue = twin.clues[k]
        if clue["k"] != "turn" or clue.get("attack") is not None:
            continue
        town = g.places[int(loc[j + 1])]
        if g.is_sea[loc[j + 1]] or town in clue["occupied"] or town in clue.get("spared", ()):
            continue
        stayed = loc[j] == loc[j + 1]
        if stayed and (clue["fleeing"] or int(aux[j]) & MUST_LEAVE):
            continue  # a forced Pass: no Action Phase
        found.append((k, town))
    return found


def _fits(twin: FuryState, moves: Sequence[int], states: Sequence[int],
          obligations: Sequence[tuple[str, int, int]]) -> bool:
    """The history places every Encounter found, and fits the decision now pending."""
    visits = action_phases(twin, moves, states)
    for town, start, end in obligations:
        if not any(t == town and start < k <= end for k, t in visits):
            return False
    top = twin.stack[-1] if twin.stack else None
    here = _decode(twin, states[-1])[0]
    if isinstance(top, DraculaSwap):  # he Passed: he stayed, in a Town
        last = twin.clues[moves[-1]] if moves else None
        if not moves or last is None or last["k"] != "turn" \
                or last["consumed"] or _decode(twin, states[-2])[0] != here \
                or twin.board.is_sea(here):
            return False
    if isinstance(top, DraculaAction):
        if top.stage == DraculaStage.IDLE and not twin.board.is_sea(here):
            return False
        if top.stage == DraculaStage.PLACE and (twin.board.is_sea(here) or here in twin.sightings):
            return False
    return True


def _adopt_history(twin: FuryState, moves: Sequence[int], states: Sequence[int]) -> None:
    d = twin.dracula
    place, rumours, blood, aux = _decode(twin, states[-1])
    d.location, d.rumours, d.blood = place, rumours, blood
    g = geometry_of(twin.board)
    d.trail = tuple(g.places[int(i)] for i in g.decode(np.array(states, dtype=np.int64))[0])
    d.history = tuple(states[:-1])
    d.voyage = []
    if twin.board.is_sea(place):
        seas: list[str] = []
        for code in reversed(states):
            here = _decode(twin, code)[0]
            if not twin.board.is_sea(here):
                break
            seas.append(here)
        d.voyage = [rumours or place, *reversed(seas)]
    else:
        d.castle_turns = aux & CASTLE_COUNT if place == CASTLE_DRACULA and not d.fleeing else 0
        d.must_leave = bool(aux & MUST_LEAVE)
    top = twin.stack[-1] if twin.stack else None
    d.passed = isinstance(top, DraculaSwap)
    d.moved = bool(moves) and len(states) > 1 and _decode(twin, states[-2])[0] != place


def _last_seen(twin: FuryState) -> dict[str, int]:
    """The clue at which the Hunters last looked into each Town box."""
    seen: dict[str, int] = {}
    for i, clue in enumerate(twin.clues):
        if clue["k"] in ("search", "box") and (clue["k"] == "box" or clue.get("box") is not None):
            seen[clue["town"]] = i
    return seen


def _hidden_placements(twin: FuryState, phases: Sequence[tuple[int, str]],
                       rng: Dice) -> list[str]:
    """Town boxes that may hold an Encounter the Hunters have not seen: Towns where the
    history gave Dracula an Action Phase since the box was last looked into."""
    seen = _last_seen(twin)
    candidates = sorted({town for k, town in phases
                         if k > seen.get(town, -1) and town not in twin.sightings})
    top = twin.stack[-1] if twin.stack else None
    if isinstance(top, DraculaAction) and top.stage == DraculaStage.PLACE:
        candidates = [t for t in candidates if t != twin.dracula.location]
    hidden = [t for t in twin.chart if t not in twin.sightings]
    count = min(len(hidden), len(candidates))
    rng.shuffle(candidates)
    return candidates[:count]


def _placed_since_harker(twin: FuryState, phases: Sequence[tuple[int, str]]) -> set[str]:
    """Towns where the history gives Dracula an Action Phase after Jonathan Harker became
    a Vampire: where the Harker - Vampire chit may have been placed."""
    turned = next((i for i, clue in enumerate(twin.clues) if clue["k"] == "harker_vampire"),
                  None)
    if turned is None:
        return set()
    return {town for k, town in phases if k > turned}


def _redraw_encounters(twin: FuryState, rng: Dice, hidden_chart: list[str] | None,
                       since_harker: set[str] | None = None) -> None:
    """Deal the chits the viewer has not seen: the Encounter Set, the hidden Town boxes
    (``hidden_chart``, or the same boxes as before if None), the Pool. A placed
    Harker - Vampire chit goes to one of ``since_harker`` (Towns where it may have been
    placed)."""
    enc = twin.rules.encounters
    d = twin.dracula
    pool = twin.encounter_pool
    # The chits seen discarded that still lie aside stay there (ruling 75: the Hunters do
    # not see when the discards go back into the Pool; keeping them is the true case).
    public_aside = Counter(twin.public_encounter_discards) & Counter(pool.aside)
    hidden_aside = list((Counter(pool.aside) - public_aside).elements())
    old_hidden = {t: c for t, c in twin.chart.items() if t not in twin.sightings}
    # Chits from outside the Pool (the Harker - Vampire chit) never go to the Pool: one
    # in the Encounter Set stays there; one in a hidden Town box goes to one of the
    # redrawn hidden boxes (its Town is as secret as any other).
    specials = [c for c in d.encounter_set if c not in enc.chits]
    placed_specials = [c for c in old_hidden.values() if c not in enc.chits]
    unseen = [*d.encounter_set, *old_hidden.values(), *pool.bag, *hidden_aside]
    unseen = [c for c in unseen if c in enc.chits]
    towns = list(old_hidden) if hidden_chart is None else hidden_chart[:len(old_hidden)]
    rng.shuffle(towns)
    if placed_specials:
        eligible = [t for t in towns if t in (since_harker or ())]
        if hidden_chart is None or len(eligible) < len(placed_specials):  # as they were
            towns, eligible = list(old_hidden), [t for t, c in old_hidden.items()
                                                 if c not in enc.chits]
        towns = [*eligible[:len(placed_specials)],
                 *(t for t in towns if t not in eligible[:len(placed_specials)])]
    for _ in range(TRIES):
        rng.shuffle(unseen)
        deal = list(unseen)
        chart = dict(zip(towns, placed_specials, strict=False))
        ok = True
        for town in towns[len(placed_specials):]:
            pick = next((i for i, c in enumerate(deal) if enc.may_place(c, town, twin.board)),
                        None)
            if pick is None:
                ok = False
                break
            chart[town] = deal.pop(pick)
        if not ok or not _no_victory(twin, chart):
            continue
        size = len(d.encounter_set) - len(specials)
        new_set, rest = [*specials, *deal[:size]], deal[size:]
        for town in old_hidden:
            del twin.chart[town]
        twin.chart.update(chart)
        d.encounter_set = new_set
        bag_size = len(pool.bag) + len(old_hidden) - len(chart)
        pool.bag = rest[:bag_size]
        pool.aside = [*rest[bag_size:], *public_aside.elements()]
        return


def _no_victory(twin: FuryState, hidden: Mapping[str, str]) -> bool:
    """The redrawn Chart must not already hold a victory (the game would have ended)."""
    if twin.dracula.fleeing:
        return True
    enc = twin.rules.encounters
    vampires = sum(1 for t, c in twin.chart.items() if t in twin.sightings and enc.is_vampire(c))
    vampires += sum(1 for c in hidden.values() if enc.is_vampire(c))
    return vampires < 6 and not (vampires >= 3 and fallen_hunters(twin) >= 2)


def _redraw_dracula_cards(twin: FuryState, rng: Dice) -> None:
    """Dracula's cards: bat cards among those the viewer has not seen."""
    deck, d = twin.event_deck, twin.dracula
    unseen = [*deck.cards, *d.events]
    bats = [i for i, c in enumerate(unseen) if twin.rules.events[c].back == "bat"]
    rng.shuffle(bats)
    chosen = set(bats[:len(d.events)])
    d.events = [unseen[i] for i in sorted(chosen)]
    rest = [c for i, c in enumerate(unseen) if i not in chosen]
    rng.shuffle(rest)
    deck.cards = rest


# -- the Hunters' secrets -----------------------------------------------------------------
def _redraw_hunters(twin: FuryState, rng: Dice) -> None:
    """Weapon Chits Dracula has not seen, and the Hunters' Event Cards."""
    pool = twin.weapons_pool
    public_aside = Counter(twin.public_weapon_discards)
    hidden_aside = list((Counter(pool.aside) - public_aside).elements())
    alive = [s for s in HUNTERS if twin.hunters[s].alive]
    hidden = {s: twin.hunters[s].hidden_weapons() for s in alive}
    unseen = [w for s in alive for w in hidden[s]] + list(pool.bag) + hidden_aside
    rng.shuffle(unseen)
    for seat in alive:
        hunter = twin.hunters[seat]
        count = len(hidden[seat])
        hunter.weapons = [*hunter.shown, *unseen[:count]]
        unseen = unseen[count:]
    pool.bag = unseen[:len(pool.bag)]
    pool.aside = [*unseen[len(pool.bag):], *public_aside.elements()]
    _redraw_hunter_cards(twin, rng)


def _redraw_hunter_cards(twin: FuryState, rng: Dice) -> None:
    deck = twin.event_deck
    holders = [s for s in HUNTERS if twin.hunters[s].events]
    unseen = [*deck.cards, *(c for s in holders for c in twin.hunters[s].events)]
    crosses = [i for i, c in enumerate(unseen) if twin.rules.events[c].back == "cross"]
    rng.shuffle(crosses)
    taken: set[int] = set()
    for seat in holders:
        count = len(twin.hunters[seat].events)
        mine = crosses[:count]
        crosses = crosses[count:]
        taken.update(mine)
        twin.hunters[seat].events = [unseen[i] for i in mine]
    rest = [c for i, c in enumerate(unseen) if i not in taken]
    rng.shuffle(rest)
    deck.cards = rest


# -- secret chits on the Combat Action Board, log entries ---------------------------------
def _redraw_secret_chits(twin: FuryState, viewer: str, rng: Dice) -> None:
    """A combat chit placed face down by the other side is drawn afresh among its options."""
    for i, record in enumerate(twin.stack):
        if not isinstance(record, Combat) or record.stage != Stage.CHOOSE:
            continue
        chosen = dict(record.chosen)
        for fighter in list(chosen):
            dracula_side = fighter == DRACULA or fighter.startswith("agent_")
            hidden = viewer == PUBLIC or (dracula_side != (viewer == DRACULA))
            if hidden:
                options = chit_options(twin, record, fighter)
                chosen[fighter] = options[rng.index(len(options))]
        twin.stack[i] = evolve(record, chosen=chosen)


def _redacted(log: Log, viewer: str) -> Log:
    """Hidden entries describing redrawn secrets keep only their public form."""
    return Log(entry if entry.scope.visible_to(viewer) or entry.scope.kind == "nobody"
               else _secret_redrawn(entry) for entry in log)


def _secret_redrawn(entry: LogEntry) -> LogEntry:
    return LogEntry({"kind": entry.event.get("kind", "secret"),
                     "text": "(a secret, redrawn by resampling)"}, entry.scope, entry.public)
