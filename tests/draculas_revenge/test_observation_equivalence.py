"""The observation built the faster way is the observation built plainly (issue 13: the
bots' observations cheaper, exactly equal in content, no seat seeing more): the plain
form below is ``views.observation`` as it was before (main at e09ef4b), compared with
the one handed out at every step of seeded random and bot games, for every seat and the
public."""

from __future__ import annotations

import random
from typing import Any

import pytest

import gothic_kernel as gk
from draculas_revenge import narration as say
from draculas_revenge import views
from draculas_revenge.grid import FACINGS
from draculas_revenge.movement import mist_allowed
from draculas_revenge.state import DRState
from draculas_revenge.victory import points_left_by_seat, turn_limit
from gothic_kernel.agents import seat_agents


def _plain_observation(state: DRState, viewer: str) -> dict[str, Any]:
    """``views.observation``'s plain form: every part worked out where it is needed."""
    board = state.rules.board
    data_dir = state.rules.data_dir
    sides, exited, width = state.seat_sides, state.exited, board.width
    figures = [{"id": f.id, "name": say.character(f.id, data_dir), "kind": f.kind,
                "born": f.born, "seat": f.seat, "side": sides[f.seat],
                "square": [f.pos % width, f.pos // width] if f.pos >= 0 else None,
                "off_board": f.pos == -1, "exited": f.id in exited,
                "facing": FACINGS[f.facing], "misted": f.misted,
                "unconscious": f.unconscious, "entrance": f.entrance}
               for f in state.figures.values()]
    hidden = views.dice_hidden(state)
    shown = {s: s == viewer or not hidden for s in state.seats}
    rp = {s: {"spent": state.rp_spent[s],
              "die": state.rp_die[s] if shown[s] else None,
              "total": state.reaction_points(s) if shown[s] else None,
              "left": state.rp_left(s) if shown[s] else None}
          for s in state.seats}
    queue = state.queue
    pending = queue[0].view(state, viewer) if queue else None
    active = None
    if state.active:
        active = {"character": state.active, "seat": state.active_seat,
                  "action_points_left": state.ap_left, "move_over": state.move_over}
    actor, afrom, apos, target, tpos = state.witness

    def square(pos: int) -> list[int] | None:
        return list(board.xy(pos)) if pos >= 0 else None

    vh_room = state.secret_room if viewer == "vampires" or state.van_helsing_found else None
    return {
        "adventure": state.rules.adventure_id, "title": state.rules.adventure.get("title", ""),
        "map": board.name, "board": views.board_view(board),
        "options": {k: list(v) if isinstance(v, tuple) else v for k, v in state.options.items()},
        "data_dir": state.options["data_dir"], "turn": state.turn,
        "turn_limit": turn_limit(state),
        "phase": state.phase.value, "seats": list(state.seats), "sides": dict(state.seat_sides),
        "to_act": list(state.current_seats()), "daylight": not mist_allowed(state),
        "figures": figures, "dead": list(state.dead), "exited": list(state.exited),
        "doors": dict(state.doors_open),
        "hands": {s: {"count": len(state.hands[s]),
                      "cards": sorted(state.hands[s]) if s == viewer else None,
                      "names": [say.character(c, data_dir) for c in sorted(state.hands[s])]
                      if s == viewer else None}
                  for s in state.seats},
        "discards": {s: list(cards) for s, cards in state.discards.items()},
        "timeline": [{"play": p, "seat": s, "card": c if s == viewer else None,
                      "name": say.character(c, data_dir) if s == viewer else None}
                     for p, s, c in state.timeline],
        "first_player": state.seats[state.tl_first], "forced_play": state.tl_forced,
        "passes_in_a_row": state.tl_passes,
        "void_cards": sorted(state.no_card),
        "reaction_points": rp,
        "active": active,
        "reaction_windows": list(state.windows), "last_reactor": state.last_reactor,
        "last_action": {"actor": actor, "from_square": square(afrom),
                        "square": square(apos), "target": target,
                        "target_square": square(tpos)},
        "pending": pending,
        "defiled": list(state.defiled),
        "van_helsing": {"found": state.van_helsing_found, "room": vh_room},
        "recruits": {s: list(k) for s, k in state.recruits.items()},
        "points_left": points_left_by_seat(state),
        "timer": views.timer(state),
        "outcome": None if state.result is None else state.result.to_data(),
    }


def _check_every_viewer(state: gk.GameState) -> None:
    assert isinstance(state, DRState)
    for viewer in (*state.seats, gk.PUBLIC):
        assert state.observation(viewer) == _plain_observation(state, viewer)


@pytest.mark.parametrize("adventure", ["destroy_dracula", "rescue_van_helsing", "custom"])
def test_observations_of_random_play_are_the_plain_ones(adventure: str) -> None:
    game = gk.load_game("draculas_revenge")
    state = game.new_game(seed=7, adventure=adventure, turn_limit=3)
    rng = random.Random(7)
    steps = 0
    while not state.is_over:
        _check_every_viewer(state)
        seat = state.current_seats()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        steps += 1
    _check_every_viewer(state)
    assert steps > 50


def test_observations_of_a_bot_game_are_the_plain_ones() -> None:
    game = gk.load_game("draculas_revenge")
    state = game.new_game(seed=3, adventure="destroy_dracula", turn_limit=2)
    agents = seat_agents(game, state, 3, None)
    while not state.is_over:
        _check_every_viewer(state)
        seat = state.current_seats()[0]
        legal = state.legal_actions(seat)
        state.apply(seat, agents[seat].choose(seat, state.observation(seat), legal))
    _check_every_viewer(state)


def test_each_observation_is_a_copy_of_its_own() -> None:
    """The parts kept from one observation to the next (the card names) are never handed
    out: editing what one observation holds leaves the next as it was."""
    game = gk.load_game("draculas_revenge")
    state = game.new_game(seed=5, adventure="destroy_dracula")
    assert isinstance(state, DRState)
    rng = random.Random(5)
    while not any(state.hands.values()):
        seat = state.current_seats()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    seat = next(s for s in state.seats if state.hands[s])
    first = state.observation(seat)
    first["hands"][seat]["names"].clear()
    first["figures"][0]["name"] = "edited"
    first["board"]["rows"].clear()
    again = state.observation(seat)
    assert again["hands"][seat]["names"] and again["figures"][0]["name"] != "edited"
    assert again == _plain_observation(state, seat)
