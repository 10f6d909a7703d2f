"""Sequence of Play: who decides next, and the rules' own steps in between.

Each pending record kind has its rules in the module of its rulebook section;
this module dispatches to them and runs the automatic steps (a search, the
initiative rolls) until some seat must decide or the game is over.

Sequence of Play: each turn, Dracula's Movement and Action Phases, then each
Hunter's, in the order Lord Godalming, Dr Seward, Van Helsing.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from . import dracula, encounters, events, fight, hunters, items, movement, setup
from .actions import PlayEvent
from .pending import Combat, EventDiscard, Pending

if TYPE_CHECKING:
    from gothic_kernel import Action

    from .state import FuryState

Legal = Callable[["FuryState", Pending, str], "list[Action]"]
Apply = Callable[["FuryState", Pending, str, "Action"], None]
Run = Callable[["FuryState", Pending], None]
Explain = Callable[["FuryState", Pending, str, "Action"], str]


def _legal_table() -> dict[str, Legal]:
    return {
        "choose_start": lambda s, r, seat: setup.start_choices(s, seat),
        "dracula_movement": lambda s, r, seat: [
            *events.declared_moves(s, seat, dracula.movement_options(s)),
            *events.dracula_cards(s)],
        "dracula_swap": lambda s, r, seat: dracula.swap_options(s),
        "dracula_action": lambda s, r, seat: dracula.placement_options(s),
        "bat_flight": lambda s, r, seat: dracula.bat_flight_options(s, r),  # type: ignore[arg-type]
        "hunter_movement": lambda s, r, seat: [
            *movement.movement_options(s, r, seat),  # type: ignore[arg-type]
            *events.movement_cards(s, r, seat)],  # type: ignore[arg-type]
        "train_ride": movement.train_options,  # type: ignore[dict-item]
        "weapon_swap": movement.swap_options,  # type: ignore[dict-item]
        "vampire_choice": encounters.vampire_choice_options,  # type: ignore[dict-item]
        "vampire_victim": encounters.victim_options,  # type: ignore[dict-item]
        "bats_chase": encounters.bats_options,  # type: ignore[dict-item]
        "fight_choice": lambda s, r, seat: [
            *hunters.fight_options(s, r, seat),  # type: ignore[arg-type]
            *events.fight_cards(s, r, seat)],  # type: ignore[arg-type]
        "item_choice": items.item_options,  # type: ignore[dict-item]
        "new_weapons": items.new_weapons_options,  # type: ignore[dict-item]
        "event_discard": items.event_discard_options,  # type: ignore[dict-item]
        "combat": fight.options,  # type: ignore[dict-item]
        "event_window": events.window_options,  # type: ignore[dict-item]
        "card_step": events.step_options,  # type: ignore[dict-item]
    }


def _apply_table() -> dict[str, Apply]:
    return {
        "choose_start": setup.apply_start,  # type: ignore[dict-item]
        "dracula_movement": dracula.apply_movement,  # type: ignore[dict-item]
        "dracula_swap": dracula.apply_swap,  # type: ignore[dict-item]
        "dracula_action": dracula.apply_placement,  # type: ignore[dict-item]
        "bat_flight": dracula.apply_bat_flight,  # type: ignore[dict-item]
        "hunter_movement": movement.apply_movement,  # type: ignore[dict-item]
        "train_ride": movement.apply_train,  # type: ignore[dict-item]
        "weapon_swap": movement.apply_swap,  # type: ignore[dict-item]
        "vampire_choice": encounters.apply_vampire_choice,  # type: ignore[dict-item]
        "vampire_victim": encounters.apply_victim,  # type: ignore[dict-item]
        "bats_chase": encounters.apply_bats,  # type: ignore[dict-item]
        "fight_choice": hunters.apply_fight_choice,  # type: ignore[dict-item]
        "item_choice": items.apply_items,  # type: ignore[dict-item]
        "new_weapons": items.apply_new_weapons,  # type: ignore[dict-item]
        "event_discard": items.apply_event_discard,  # type: ignore[dict-item]
        "combat": fight.apply,  # type: ignore[dict-item]
        "event_window": events.apply_window,  # type: ignore[dict-item]
        "card_step": events.apply_step,  # type: ignore[dict-item]
    }


def _run_table() -> dict[str, Run]:
    return {
        "dracula_action": dracula.run_action_phase,  # type: ignore[dict-item]
        "hunter_action": hunters.run_action_phase,  # type: ignore[dict-item]
        "combat": fight.run,  # type: ignore[dict-item]
        "card_played": events.run_card_played,  # type: ignore[dict-item]
        "play_at_once": events.run_play_at_once,  # type: ignore[dict-item]
        "pending_bite": events.run_pending_bite,  # type: ignore[dict-item]
        "train_attempt": events.run_train_attempt,  # type: ignore[dict-item]
        "end_turn": events.run_end_turn,  # type: ignore[dict-item]
        "die_roll": events.run_die_roll,  # type: ignore[dict-item]
        "event_discard": items.run_event_discard,  # type: ignore[dict-item]
    }


LEGAL = _legal_table()
APPLY = _apply_table()
RUN = _run_table()


def deciders(state: FuryState, record: Pending) -> tuple[str, ...]:
    if isinstance(record, Combat):
        return fight.deciders(state, record)
    if isinstance(record, EventDiscard) and not items.over_the_limit(state, record.seat):
        return ()
    return record.deciders()


def legal_actions(state: FuryState, record: Pending, seat: str) -> list[Action]:
    return LEGAL[record.KIND](state, record, seat)


def apply_action(state: FuryState, record: Pending, seat: str, action: Action) -> None:
    if isinstance(action, PlayEvent) and record.KIND in OWN_CARD_KINDS:
        events.play_own(state, seat, action)  # a card played in the seat's own decision
    else:
        APPLY[record.KIND](state, record, seat, action)
    settle(state)


#: Decisions in which the deciding seat may also play one of his Event Cards.
OWN_CARD_KINDS = frozenset({"hunter_movement", "dracula_movement", "fight_choice"})


def explain_illegal(state: FuryState, record: Pending, seat: str,
                    action: Action) -> tuple[str, str]:
    """Why ``action`` is refused, in words ``seat`` may read (nothing it may not know)."""
    if record.KIND == "choose_start":
        return setup.explain_start(state, seat, action), record.RULE
    if record.KIND == "hunter_movement":
        return movement.explain(state, record, seat, action), record.RULE  # type: ignore[arg-type]
    if record.KIND == "dracula_movement":
        return dracula.explain_movement(state, action), record.RULE
    if isinstance(record, Combat):
        return fight.explain(state, record, seat, action), record.RULE
    return (f"{seat} may not play {action.TYPE} now; the game waits for "
            f"{record.KIND.replace('_', ' ')}", record.RULE)


def settle(state: FuryState) -> None:
    """Run the rules' own steps until a seat must decide or the game ends."""
    while state.outcome is None:
        if not state.stack:
            enter_phase(state)
            continue
        record = state.stack[-1]
        if deciders(state, record):
            return
        RUN[record.KIND](state, record)


def enter_phase(state: FuryState) -> None:
    """Begin the Movement Phase of the seat the sequencer names."""
    seat = state.seq.seat
    if seat == "dracula":
        dracula.begin_turn(state)
    else:
        movement.begin_movement_phase(state, seat)
