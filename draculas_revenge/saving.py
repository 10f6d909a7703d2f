"""Saves: reading back the state ``DRState.to_data`` wrote, with what the rules guarantee
checked.

A save holds the state once; the kernel keeps the log beside it (``LoggedState``). The
stack is saved as the phase, the reaction windows and the pending decisions
(``{"kind", "seat", "figure", "other"}``, each read back into its class); the flow's
records are rebuilt from them (``turn.stack_for``).
Loading refuses (``CorruptSave``) whatever the rules could not have produced, so a
damaged file fails when it is read, never with a KeyError or a stuck game later:

* every field has its type, and every count its range (the turn within the turn limit,
  Action Points within a character's, Reaction Points spent within the die's total,
  the Reaction Die 1-6 once rolled);
* figures are known Character Cards of their own type (or minions with a free Minion
  card in the stand), on the side their type fights for, on open squares of the map,
  one solid character to a square and none in a closed doorway;
* Action Cards: each card at most once among the hands, the Action Timeline and the
  cards turned over this turn, and every character in play with a card this turn has
  its card there ("Action Cards", "Killed Characters", "New Characters"); every card
  played this turn (``plays``) is in the timeline or turned over, so a card turned over
  cannot go back to a hand (its character would act twice in the turn);
* names point at what they name: a figure's entrance is an area of the map, the last
  action (``witness``) names figures of the game;
* the Action Timeline is numbered in the order played; the phase agrees with the active
  character, the reaction windows and the pending decisions;
* unless the game is over, some seat is asked something and has a legal action.

Sandboxes (``scenario.sandbox``) are positions set up by hand: their hands need not hold
their characters' cards, so the card accounting and the set-up checks are skipped.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from gothic_kernel import PUBLIC, CorruptSave, Dice, Outcome

from . import narration as say
from .adventures import ON_THE_BOARD, cap, spent
from .characters import GONE, OFF_BOARD, Figure
from .decisions import Pending, Phase, pending_kinds
from .movement import mist_allowed
from .rules import rules_for
from .scenario import sandbox_rules
from .state import DRState
from .turn import stack_for
from .victory import check_victory, turn_limit

if TYPE_CHECKING:
    from . import DraculasRevengeGame

PHASES = tuple(p.value for p in Phase)
_DECISION_KEYS = ("kind", "seat", "figure", "other")


def need(ok: bool, what: str) -> None:
    """Refuse the save unless ``ok``."""
    if not ok:
        raise CorruptSave(f"draculas_revenge save: {what}")


# -- reading, field by field ---------------------------------------------------------------
def _get(data: Mapping[str, Any], key: str, where: str = "the state") -> Any:
    need(key in data, f"{where} has no {key!r}")
    return data[key]


def _whole(value: Any, what: str, low: int = 0, high: int | None = None) -> int:
    need(isinstance(value, int) and not isinstance(value, bool),
         f"{what} must be a whole number, not {value!r}")
    need(value >= low and (high is None or value <= high),
         f"{what} must be from {low}" + ("" if high is None else f" to {high}") +
         f", not {value}")
    return int(value)


def _text(value: Any, what: str) -> str:
    need(isinstance(value, str), f"{what} must be a word, not {value!r}")
    return str(value)


def _flag(value: Any, what: str) -> bool:
    need(isinstance(value, bool), f"{what} must be true or false, not {value!r}")
    return bool(value)


def _texts(value: Any, what: str) -> list[str]:
    need(isinstance(value, list) and all(isinstance(v, str) for v in value),
         f"{what} must be a list of words, not {value!r}")
    return list(value)


def _object(value: Any, what: str) -> dict[str, Any]:
    need(isinstance(value, dict), f"{what} must be an object, not {value!r}")
    return dict(value)


def _per_seat(value: Any, seats: tuple[str, ...], what: str) -> dict[str, Any]:
    found = _object(value, what)
    need(sorted(found) == sorted(seats), f"{what} must name the seats {', '.join(seats)}")
    return {s: found[s] for s in seats}


def from_data(game: DraculasRevengeGame, dice: Dice, d: Any) -> DRState:
    """The state ``DRState.to_data`` wrote (options already checked by the game), every
    field typed, its stack rebuilt from the phase, the active player, the reaction windows
    and the pending decisions; ``check`` then holds it to the rules."""
    d = _object(d, "the state")
    options = dict(_get(d, "options"))
    sandbox = d.get("sandbox")
    if sandbox is not None:
        rules = _sandbox_rules(game, options, sandbox)
    else:
        rules = rules_for(options["adventure"], game.map_for(options), options["data_dir"])
    seat_sides = _object(_get(d, "seat_sides"), "seat_sides")
    need(seat_sides == game.seat_sides(options), "the seats do not match the options")
    state = DRState(game, dice, rules, options, seat_sides)
    state.sandbox = sandbox
    phase_name = _text(_get(d, "phase"), "phase")
    need(phase_name in PHASES, f"unknown phase {phase_name!r}")
    phase = Phase(phase_name)
    _read_counters(state, d)
    _read_lists(state, d)
    _read_figures(state, _get(d, "figures"))
    _read_cards(state, d)
    windows = _texts(_get(d, "windows"), "windows")
    need(not windows or phase is Phase.ACTIVATION,
         f"reaction windows outside a character's move ({phase} phase)")
    queue = _get(d, "queue")
    need(isinstance(queue, list), f"the pending decisions must be a list, not {queue!r}")
    state.result = _outcome(_get(d, "result"), state.seats)
    need((phase is Phase.OVER) == (state.result is not None),
         "the game is over exactly when it has a result")
    state.stack = stack_for(phase, state.active_seat, windows, [_decision(q) for q in queue])
    return state


def _sandbox_rules(game: DraculasRevengeGame, options: dict[str, Any], spec: Any) -> Any:
    spec = _object(spec, "sandbox")
    rows = _get(spec, "rows", "sandbox")
    need(rows is None or (isinstance(rows, list) and bool(rows) and all(
        isinstance(r, str) and len(r) == len(rows[0]) and set(r) <= set(".#do") for r in rows)),
        f"the sandbox's rows must be equal rows of '.#do', not {rows!r}")
    _text(_get(spec, "map", "sandbox"), "sandbox map")
    _object(_get(spec, "rules", "sandbox"), "sandbox rules")
    return sandbox_rules(game, options, spec)


def _read_counters(state: DRState, d: dict[str, Any]) -> None:
    n = len(state.seats)
    state.turn = _whole(_get(d, "turn"), "turn")
    state.plays = _whole(_get(d, "plays"), "plays")
    state.tl_seat = _whole(_get(d, "tl_seat"), "tl_seat", 0, n - 1)
    state.tl_first = _whole(_get(d, "tl_first"), "tl_first", 0, n - 1)
    state.tl_passes = _whole(_get(d, "tl_passes"), "tl_passes", 0, n)
    state.tl_forced = _flag(_get(d, "tl_forced"), "tl_forced")
    state.active = _text(_get(d, "active"), "active")
    state.active_seat = _text(_get(d, "active_seat"), "active_seat")
    top_ap = max(t.ap for t in state.rules.types.values())
    state.ap_left = _whole(_get(d, "ap_left"), "ap_left (Action Points)", 0, top_ap)
    state.move_over = _flag(_get(d, "move_over"), "move_over")
    state.activations = _whole(_get(d, "activations"), "activations")
    state.last_reactor = _text(_get(d, "last_reactor"), "last_reactor")
    state.secret_room = _text(_get(d, "secret_room"), "secret_room")
    state.van_helsing_found = _flag(_get(d, "van_helsing_found"), "van_helsing_found")
    witness = _get(d, "witness")
    need(isinstance(witness, list) and len(witness) == 5,
         "the last action (witness) must list 5 values")
    size = state.rules.board.size
    state.witness = (_text(witness[0], "the last action's actor"),
                     _whole(witness[1], "a square of the last action", -1, size - 1),
                     _whole(witness[2], "a square of the last action", -1, size - 1),
                     _text(witness[3], "the last action's target"),
                     _whole(witness[4], "a square of the last action", -1, size - 1))
    die = 6  # the Reaction Die
    state.rp_die = {s: _whole(v, f"{say.players(s)} Reaction Die", 0, die)
                    for s, v in _per_seat(_get(d, "rp_die"), state.seats, "rp_die").items()}
    state.rp_spent = {s: _whole(v, f"{say.players(s)} Reaction Points spent")
                      for s, v in _per_seat(_get(d, "rp_spent"), state.seats, "rp_spent").items()}
    doors = _object(_get(d, "doors_open"), "doors_open")
    need(sorted(doors) == sorted(state.rules.board.doors), "the doors do not match the map")
    state.doors_open = {door: _flag(doors[door], f"door {door}")
                        for door in state.rules.board.doors}


def _read_lists(state: DRState, d: dict[str, Any]) -> None:
    state.dead = _texts(_get(d, "dead"), "dead")
    state.exited = _texts(_get(d, "exited"), "exited")
    state.defiled = _texts(_get(d, "defiled"), "defiled")
    state.rooms_entered = _texts(_get(d, "rooms_entered"), "rooms_entered")
    timeline = _get(d, "timeline")
    need(isinstance(timeline, list), "the Action Timeline must be a list")
    state.timeline = []
    for entry in timeline:
        need(isinstance(entry, list) and len(entry) == 3,
             f"an Action Timeline entry must be [play, seat, card], not {entry!r}")
        state.timeline.append((_whole(entry[0], "a card's play number", 1),
                               _text(entry[1], "a card's seat"), _text(entry[2], "a card")))
    state.no_card = set(_texts(_get(d, "no_card"), "no_card"))
    state.recruits = {s: _texts(v, f"{s}'s recruits")
                      for s, v in _per_seat(_get(d, "recruits"), state.seats, "recruits").items()}


def _read_figures(state: DRState, figures: Any) -> None:
    need(isinstance(figures, list), "the figures must be a list")
    state.figures = {}
    for f in figures:
        f = _object(f, "a figure")
        fid = _text(_get(f, "id", "a figure"), "a figure's id")
        need(fid not in state.figures, f"the figure {fid} is listed twice")
        state.figures[fid] = Figure(
            fid, _text(_get(f, "kind", fid), f"{fid}'s kind"),
            _text(_get(f, "seat", fid), f"{fid}'s seat"),
            _whole(_get(f, "pos", fid), f"{fid}'s square", GONE, state.rules.board.size - 1),
            _whole(_get(f, "facing", fid), f"{fid}'s facing", 0, 3),
            born=_text(_get(f, "born", fid), f"{fid}'s type when it entered play"),
            misted=_flag(_get(f, "misted", fid), f"{fid}'s mist"),
            unconscious=_flag(_get(f, "unconscious", fid), f"{fid}'s unconsciousness"),
            minion_card=_text(_get(f, "minion_card", fid), f"{fid}'s minion card"),
            entrance=_text(_get(f, "entrance", fid), f"{fid}'s entrance"))


def _read_cards(state: DRState, d: dict[str, Any]) -> None:
    state.hands = {s: _texts(v, f"{s}'s hand")
                   for s, v in _per_seat(_get(d, "hands"), state.seats, "hands").items()}
    discards = d["discards"] if "discards" in d else _discards_before_dedup(state, d)
    state.discards = {s: _texts(v, f"{s}'s turned-over cards")
                      for s, v in _per_seat(discards, state.seats, "discards").items()}


def _discards_before_dedup(state: DRState, d: dict[str, Any]) -> dict[str, list[str]]:
    """Saves written before the log was kept once (the state held its own copy, and no
    ``discards``): the cards turned over this turn, read from that copy of the log."""
    log = d["log"] if "log" in d else _get(d, "discards")
    need(isinstance(log, list), "the log must be a list")
    found: dict[str, list[str]] = {s: [] for s in state.seats}
    for entry in log:
        need(isinstance(entry, dict), f"a log entry must be an object, not {entry!r}")
        event = entry.get("event", entry)
        need(isinstance(event, dict), f"a log entry must be an object, not {entry!r}")
        if event.get("kind") == "turn":
            found = {s: [] for s in state.seats}
        elif event.get("kind") in ("activate", "discard"):
            seat, card = event.get("seat"), event.get("card")
            need(seat in found and isinstance(card, str), f"a turned-over card {event!r}")
            found[str(seat)].append(str(card))
    return found


def _decision(q: Any) -> Pending:
    """A pending decision, saved as ``{"kind", "seat", "figure", "other"}``, as its class."""
    q = _object(q, "a pending decision")
    need(sorted(q) == sorted(_DECISION_KEYS),
         f"a pending decision has the keys {', '.join(_DECISION_KEYS)}, not {sorted(q)}")
    decision = {k: _text(q[k], f"a pending decision's {k}") for k in _DECISION_KEYS}
    kind = pending_kinds().get(decision["kind"])
    need(kind is not None, f"unknown decision {decision['kind']!r}")
    record = Pending.from_data(decision)
    assert isinstance(record, Pending)
    return record


def _outcome(data: Any, seats: tuple[str, ...]) -> Outcome | None:
    if data is None:
        return None
    data = _object(data, "the result")
    winners = _texts(_get(data, "winners", "the result"), "the winners")
    need(all(w in seats for w in winners) and len(set(winners)) == len(winners),
         f"the winners {winners} are not seats of this game")
    level = _get(data, "level", "the result")
    need(level is None or isinstance(level, str), f"the result's level {level!r}")
    reason = _text(_get(data, "reason", "the result"), "the result's reason")
    scores = _object(_get(data, "scores", "the result"), "the scores")
    need(all(s in seats and isinstance(v, (int, float)) and not isinstance(v, bool)
             for s, v in scores.items()), "the scores must be numbers per seat")
    return Outcome(tuple(winners), level, reason, scores)


# -- what the rules guarantee ----------------------------------------------------------------
def check(state: DRState) -> None:
    """Refuse a loaded state that breaks the game's invariants (``CorruptSave``)."""
    strict = state.sandbox is None
    _check_phase(state, strict)
    _check_figures(state, strict)
    _check_cards(state, strict)
    _check_reactions(state, strict)
    _check_witness(state)
    _check_decisions(state)
    _check_adventure(state, strict)
    _check_someone_is_asked(state)


def check_loaded(state: DRState) -> None:
    """What the state and its log must allow together: the vampires hold a hunter's Action
    Card only of a character their side mesmerized ("Mesmerize": it becomes a minion
    under their control and its card is dealt to them), as the public log tells."""
    _check_dead_were_killed(state)
    held = [(field, card) for seat in state.seats if state.side(seat) == "vampires"
            for field, card in _held(state, seat) if _side_of_card(state, card) != "vampires"]
    if not held:
        return  # the usual case: the log is not read
    mesmerized = {e.get("figure") for e in state.log(PUBLIC) if e.get("kind") == "mesmerized"}
    for field, card in held:
        need(card in mesmerized, f"{field} holds {say.character(card, state.rules.data_dir)}"
             "'s Action Card, of the other side")


def _check_dead_were_killed(state: DRState) -> None:
    """A killed character's card returns to the box and may come back (a vampire feeding,
    reinforcements), so a card in ``dead`` may be on the board again: only if the log
    shows it killed as often as ``dead`` lists it."""
    back = set(state.dead) & set(state.figures)
    if not back:
        return  # the usual case: the log is not read
    killed = Counter(e.get("figure") for e in state.log(PUBLIC) if e.get("kind") == "killed")
    for fid in sorted(back):
        need(killed[fid] == state.dead.count(fid),
             f"field 'dead' lists {fid}, which is on the board and was never killed "
             f"{'so often' if killed[fid] else ''}".rstrip())


def _held(state: DRState, seat: str) -> list[tuple[str, str]]:
    """The Action Cards a seat holds, played into the timeline or turned over this turn,
    each with the field of the save that holds it."""
    return [*((f"hands.{seat}", c) for c in state.hands[seat]),
            *((f"discards.{seat}", c) for c in state.discards[seat]),
            *((f"timeline (by {seat})", c) for _, s, c in state.timeline if s == seat)]


def _side_of_card(state: DRState, card: str) -> str | None:
    return state.rules.side_of.get(state.rules.kind_of_card.get(card, ""))


def _check_phase(state: DRState, strict: bool) -> None:
    phase, seats = state.phase, state.seats
    if strict:
        need((phase == "setup") == (state.turn == 0), f"turn {state.turn} in the {phase} phase")
        limit = turn_limit(state)
        need(not limit or state.turn <= limit, f"turn {state.turn} is past the turn limit {limit}")
        need(phase not in ("setup", "between") or bool(state.queue),
             f"nothing is pending in the {phase} phase")
    if phase == "activation":
        need(state.active in state.rules.kind_of_card and state.active_seat in seats,
             f"the active character {state.active!r} of {state.active_seat!r} is unknown")
        _check_active_is_theirs(state)
        after = state.seats_after(state.active_seat)
        need(state.windows == [s for s in after if s in state.windows] and
             len(set(state.windows)) == len(state.windows),
             "the reaction windows must follow the active player's left, each seat once")
    elif phase != "over":
        need(state.active == state.active_seat == "" and state.ap_left == 0 and not state.move_over
             and not state.windows, f"an active character outside a move ({phase} phase)")
    need(state.last_reactor in ("", *seats), f"unknown seat {state.last_reactor!r} reacted last")
    plays = [p for p, _, _ in state.timeline]
    need(plays == sorted(set(plays)) and all(p <= state.plays for p in plays),
         "the Action Timeline must be numbered in the order the cards were played")
    need(all(s in seats for _, s, _ in state.timeline), "a timeline card of no seat")
    need(not state.tl_forced or not state.timeline, "a forced play with cards in the timeline")
    if phase == "timeline" and not state.queue:
        need(bool(state.hands[seats[state.tl_seat]]) and state.tl_passes < len(seats),
             "the player to play an Action Card or pass has no card")


def _check_active_is_theirs(state: DRState) -> None:
    """The active character is one of the active player's ("Activation Phase"), unless it
    changed sides during its own move (a hunter mesmerized, or saved back, ends its move)."""
    fig = state.figures.get(state.active)
    if fig is None or fig.seat == state.active_seat:
        return  # still theirs, or killed or fed during its move
    turned = state.move_over and state.rules.side_of.get(fig.born) == "hunters"
    need(turned, f"field 'active': the active character {state.active} is not "
         f"{say.players(state.active_seat)} (active_seat {state.active_seat!r}) but "
         f"{say.players(fig.seat)}")


def _check_figures(state: DRState, strict: bool) -> None:
    rules = state.rules
    solid: set[int] = set()
    stands = Counter(f.minion_card for f in state.figures.values() if f.minion_card)
    need(all(n == 1 for n in stands.values()), "a Minion card is in two stands")
    for fid, fig in state.figures.items():
        need(rules.kind_of_card.get(fid) == fig.born and fig.kind in rules.types,
             f"{fid} is not a {fig.born} card of the box (kind {fig.kind!r})")
        need(fig.kind in (fig.born, "minion"), f"{fid} entered play as a {fig.born}, "
             f"cannot be a {fig.kind}")
        mesmerized = fig.kind == "minion" and fig.born != "minion"
        need(mesmerized == bool(fig.minion_card), f"{fid}'s stand does not match its type")
        need(not fig.minion_card or (rules.kind_of_card.get(fig.minion_card) == "minion"
                                     and fig.minion_card not in state.figures),
             f"{fid}'s stand holds {fig.minion_card!r}, not a free Minion card")
        need(fig.seat in state.seats, f"{fid} belongs to no seat")
        side = "vampires" if fig.kind == "minion" else rules.side_of.get(fig.kind)
        need(state.side(fig.seat) == side, f"{fid} fights for the {side}, not {fig.seat}")
        _check_square(state, fig, solid, strict)
    exited = state.exited
    need(len(set(exited)) == len(exited) and all(
        f in state.figures and state.figures[f].pos == GONE for f in exited),
        "the characters that left the board must be figures off the table, each once")
    need(all(c in rules.kind_of_card for c in state.dead), "a killed character is unknown")
    if strict:
        gone = [f for f, fig in state.figures.items() if fig.pos == GONE and f not in exited]
        need(not gone or state.phase in ("setup", "over"),
             f"{', '.join(gone)} is not on the table yet the set-up is over")


def _check_square(state: DRState, fig: Figure, solid: set[int], strict: bool) -> None:
    board = state.rules.board
    need(fig.entrance in ("", *board.areas),
         f"{fig.id}'s entrance {fig.entrance!r} is no area of the map")
    if fig.pos == OFF_BOARD:
        need(fig.entrance in board.areas, f"{fig.id} waits at no entrance of the map")
    if fig.misted:
        need(fig.pos >= 0 and state.is_vampire(fig), f"{fig.id} cannot be mist")
        need(mist_allowed(state) or not strict, f"{fig.id} is mist in daylight")
    if fig.unconscious:
        need((fig.kind == "van_helsing" and fig.pos >= 0) or not strict,
             f"{fig.id} cannot be unconscious")
    if fig.pos < 0:
        return
    need(bool(board.open[fig.pos]), f"{fig.id} stands in a wall")
    if fig.misted:
        return
    need(fig.pos not in solid, f"two solid characters share {board.xy(fig.pos)}")
    solid.add(fig.pos)
    door = board.door_of.get(fig.pos)
    need(door is None or state.doors_open[door], f"{fig.id} stands in a closed doorway")


def _check_cards(state: DRState, strict: bool) -> None:
    """Each Action Card once among the hands, the timeline and the cards turned over."""
    known = state.rules.kind_of_card
    piles = {s: [*state.hands[s], *state.discards[s]] for s in state.seats}
    for _, seat, card in state.timeline:
        piles[seat].append(card)
    every = [c for pile in piles.values() for c in pile]
    need(all(c in known for c in every), "an Action Card of no character")
    need(len(set(every)) == len(every), "an Action Card lies in two places")
    need(all(c in known for c in state.no_card), "a void Action Card of no character")
    for seat in state.seats:
        for field, card in _held(state, seat):
            name = say.character(card, state.rules.data_dir)
            if state.side(seat) == "hunters":
                need(_side_of_card(state, card) == "hunters",
                     f"{field} holds {name}'s Action Card, of the other side")
            else:  # a mesmerized hunter's card (check_loaded asks the log)
                need(_side_of_card(state, card) == "vampires" or card in state.figures
                     or card in state.dead,
                     f"{field} holds {name}'s Action Card, of the other side")
    if not strict:
        return
    if state.phase == "setup":
        need(not every, "Action Cards are dealt before the set-up is over")
    elif state.phase == "between":
        need(not state.timeline and not any(state.hands.values()), "cards left after the turn")
    if state.phase in ("timeline", "activation", "between"):
        _check_played(state)
        dealt = set(every)
        missing = [f for f in state.figures if f not in state.no_card and f not in state.exited
                   and f not in dealt]
        need(not missing, f"the Action Card of {', '.join(missing)} is nowhere")


def _check_played(state: DRState) -> None:
    """Every card played this turn is still in the timeline or turned over ("Action
    Timeline": a card turned over stays turned over until the turn ends)."""
    turned = sum(len(cards) for cards in state.discards.values())
    need(len(state.timeline) + turned == state.plays,
         f"{state.plays} cards were played this turn (plays), but the timeline holds "
         f"{len(state.timeline)} and the turned-over cards (discards) {turned}")


def _check_witness(state: DRState) -> None:
    """The last action's actor and target are cards of the box (or none): the actor may
    have fed since, or a saved minion become a staker, so its card is off the board."""
    actor, _, _, target, _ = state.witness
    for what, fid in (("actor", actor), ("target", target)):
        need(fid == "" or fid in state.rules.kind_of_card,
             f"the last action's {what} (witness) {fid!r} is no figure of the game")


def _check_reactions(state: DRState, strict: bool) -> None:
    dice = bool(state.options["reaction_dice"])
    rolled = dice and state.phase in ("timeline", "activation", "between")
    for seat in state.seats:
        die, spent = state.rp_die[seat], state.rp_spent[seat]
        if not dice:
            need(die == 0, "Reaction Dice without the Reaction Dice rule")
        elif rolled and strict:
            need(die >= 1, f"{say.players(seat)} Reaction Die is not rolled")
        need(spent <= state.reaction_points(seat), f"{say.player(seat)} spent more Reaction "
             "Points than rolled")


def _check_decisions(state: DRState) -> None:
    for d in state.queue:
        seat, fid = d.seat, d.figure
        need(seat in state.seats, f"a decision for no seat ({seat!r})")
        fig = state.figures.get(fid)
        kind = d.KIND
        if kind == "place":
            need(fig is not None and fig.seat == seat and fig.pos == GONE
                 and (d.other in state.rules.board.areas
                      or (d.other == ON_THE_BOARD and state.rules.adventure["goal"] == "custom")),
                 f"{fid} cannot be placed")
            per_tile = state.rules.adventure.get(state.side(seat), {}).get("one_per_tile")
            need(not per_tile or d.other in state.rules.board.area_tiles,
                 f"{fid} must be placed on a tinted tile")
        elif kind in ("recruit", "secret_room"):
            need(state.phase == "setup", f"a {kind} decision after the set-up")
        elif kind == "place_van_helsing":
            need(state.van_helsing_found and "van_helsing" not in state.figures
                 and d.other == state.secret_room, "Van Helsing cannot be placed")
        elif kind == "face":
            need(fig is not None and fig.seat == seat and fig.pos >= 0,
                 f"{fid} cannot turn to face its attacker")
        elif kind == "feed":
            _check_feed(state, seat, fig)
        elif kind == "sunrise":
            need(any(f.misted and f.seat == seat for f in state.figures.values()),
                 f"{seat} has no misted vampire to turn solid at sunrise")


def _check_feed(state: DRState, seat: str, fig: Figure | None) -> None:
    if fig is None:
        return  # the vampire is gone: declining is all that is left
    stronger = state.ctype(fig).feeds_into
    need(fig.seat == seat and state.is_vampire(fig) and stronger is not None
         and bool(state.free_card(stronger)), f"{fig.id} cannot feed")


def _check_adventure(state: DRState, strict: bool) -> None:
    adv, board = state.rules.adventure, state.rules.board
    rooms = board.area_tiles.get(adv.get("secret_room", ""), ())
    need(state.secret_room in ("", *rooms), f"{state.secret_room!r} is not a tinted room")
    need(all(r in rooms for r in state.rooms_entered) and len(state.rooms_entered) <= 1,
         "the rooms entered are not the tinted rooms")
    need(not state.van_helsing_found or bool(state.secret_room), "Van Helsing found in no room")
    coffins = board.area_tiles.get(adv.get("coffins", ""), ())
    need(all(t in coffins for t in state.defiled) and len(set(state.defiled)) == len(state.defiled),
         "the defiled tiles are not tinted tiles, each once")
    _check_recruits(state)
    if not strict or not rooms:
        return
    need(state.phase == "setup" or bool(state.secret_room), "the secret room was never recorded")
    need(state.van_helsing_found or "van_helsing" not in state.figures,
         "Van Helsing is on the table before a hunter found him")


def _check_recruits(state: DRState) -> None:
    bought: Counter[str] = Counter()
    for seat, kinds in state.recruits.items():
        need(all(state.rules.side_of.get(k) == state.side(seat) for k in kinds),
             f"{seat} recruited a character of another side")
        bought.update(kinds)
        need(not kinds or spent(state, seat) <= cap(state, seat),
             f"{seat} spent more than its points value")
    need(all(n <= state.rules.types[k].box for k, n in bought.items()),
         "more characters recruited than the box holds")


def _check_someone_is_asked(state: DRState) -> None:
    if state.result is not None:
        return
    due = None if state.phase is Phase.SETUP else check_victory(state)
    need(due is None, f"the game is not over, yet it is won ({due.reason if due else ''}): "
                      "victory is judged after every action")
    seats = state.current_seats()
    need(bool(seats), "nobody is asked anything, yet the game is not over")
    need(bool(state.legal_actions(seats[0])), f"{seats[0]} is asked but has no legal action")
    state.invalidate()


__all__ = ["PHASES", "check", "from_data"]
