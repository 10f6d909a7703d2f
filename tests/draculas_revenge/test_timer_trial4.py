"""`gothic play` with the optional Timer rule says what it does and does not do (the fourth
new-user trial, G7)."""

from __future__ import annotations

import gothic_kernel as gk
from gothic_kernel.play import screen_text

GAME = gk.load_game("draculas_revenge")


def test_the_screen_states_the_timer_and_that_the_table_keeps_the_stopwatch() -> None:
    state = GAME.new_game(seed=3, timer_seconds=60)
    agents = GAME.default_agents(state, 3)
    while not (state.phase == "activation" and state.current_seats() == (state.active_seat,)
               and not state.windows and not state.queue):
        seat = state.current_seats()[0]
        state.apply(seat, gk.agent_choice(state, seat, agents[seat], state.legal_actions(seat)))
    name = state.observation(state.active_seat)["timer"]["character"]
    assert name == state.active
    for seat in state.seats:
        text = " ".join(screen_text(state, seat, width=400).split())
        assert "Timer (optional rule): 60 seconds for each character's move (" in text
        assert ("This screen keeps no stopwatch: time the move at the table, and when the time "
                "is up end the character's move.") in text


def test_no_timer_line_without_the_option() -> None:
    assert "Timer" not in screen_text(GAME.new_game(seed=3), "hunters")
