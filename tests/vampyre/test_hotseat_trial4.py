"""Hot-seat: the looker of Strange Occurrence 10 sees the counter before the keyboard
passes (the fourth new-user trial, G14; the kernel's play loop shows, at a hand-over,
what the last person alone learned from the choice)."""

from __future__ import annotations

import re

import gothic_kernel as gk
from gothic_kernel.testing.sessions import scripted_session

GAME = gk.load_game("vampyre")


def test_the_looker_sees_the_counter_before_the_hand_over_and_the_next_player_does_not(
        ) -> None:
    state = GAME.new_game(seed=37)
    bots = GAME.default_agents(state, 37)
    for _ in range(7):
        seat = state.current_seats()[0]
        state.apply(seat, gk.agent_choice(state, seat, bots[seat], state.legal_actions(seat)))
    assert state.current_seats() == ("harker",) and "look in secret" in state.prompt("harker")
    asked: list[str] = []

    def answer(prompt: str) -> str | None:
        asked.append(prompt)
        return "1" if prompt == "> " and asked.count("> ") == 1 else \
            "" if prompt != "> " else None

    run = scripted_session(GAME, state, ["harker", "mina"], answer, max_steps=2)
    text = run.text
    shown = text.index("Harker, before you pass the keyboard (only you see this):")
    looked = re.search(r"Harker looks at the top counter of Bistritz: (\w[^\n]*)", text)
    assert looked is not None and looked.start() > shown
    assert "Press Enter to hide it. " in asked
    handed = text.index("Pass the keyboard to Mina, then press Enter.")
    assert shown < handed
    assert text.count("Harker looks at the top counter of Bistritz: ") == 1
    for screen in run.of("mina"):
        assert "Harker looks at the top counter of Bistritz: " not in screen


def test_no_extra_stop_at_a_hand_over_when_nothing_secret_was_learned() -> None:
    state = GAME.new_game(seed=2)
    run = scripted_session(GAME, state, state.seats, lambda p: "" if p != "> " else "1",
                           max_steps=6)
    assert "before you pass the keyboard" not in run.text
