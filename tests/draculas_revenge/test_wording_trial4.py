"""Words on the screens, labels and log (the fourth new-user trial: G6, G17 and the rest
of its wording findings)."""

from __future__ import annotations

from typing import Any

from dr_helpers import no_dice

import gothic_kernel as gk
from draculas_revenge.actions import OpenDoor
from gothic_kernel.play import screen_text

GAME = gk.load_game("draculas_revenge")


def bot_steps(state: Any, seed: int, until: Any) -> Any:
    agents = GAME.default_agents(state, seed)
    while not until(state):
        seat = state.current_seats()[0]
        state.apply(seat, gk.agent_choice(state, seat, agents[seat], state.legal_actions(seat)))
    return state


def test_the_room_van_helsing_is_held_in_is_named_as_the_board_names_it() -> None:
    # G6: "chamber one door b" was the tile's id
    state = bot_steps(GAME.new_game(seed=5, adventure="rescue_van_helsing"), 5,
                      lambda s: bool(s.secret_room))
    tiles = {t["tile"]: t["name"] for t in state.observation("vampires")["board"]["tiles"]}
    text = screen_text(state, "vampires")
    assert f"Van Helsing is held in {tiles[state.secret_room]} (not yet found)." in text
    assert "chamber one" not in text


def test_a_door_is_named_by_the_square_in_front_of_the_character() -> None:
    # G17: a door fills two squares; Staker 1 faces the second, (2, 1)
    rows = [".....", "#dd##", "....."]
    st = no_dice(rows, figures=[{"id": "staker_1", "square": (2, 2), "facing": "n"}],
                 active="staker_1")
    assert st.describe_action("hunters", OpenDoor("staker_1")) == \
        "open the door at (2, 1) in front of Staker 1"
    st.apply("hunters", OpenDoor("staker_1"))
    assert st.log(gk.PUBLIC)[-1]["text"] == "Staker 1 opens the door at (2, 1)."
