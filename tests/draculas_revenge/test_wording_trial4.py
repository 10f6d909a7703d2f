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


def test_picture_titles_say_who_sees_it_in_good_grammar() -> None:
    # G22: "as everyone (spectators) see it", "as vampires see it"
    state = GAME.new_game(seed=1)
    public, vampires = gk.picture(state, gk.PUBLIC), gk.picture(state, "vampires")
    assert public.count("as everyone sees it") == 2
    assert vampires.count("as the vampire player sees it") == 2
    assert " see it" not in public + vampires


def test_one_reaction_point_and_a_characters_own_pronoun_on_the_screen() -> None:
    # G21: "1 Reaction Points spent"; "She-wolf B: its actions" under "choose her action"
    from draculas_revenge.screen import RevengeScreen

    rp = {"reaction_points": {"vampires": {"die": None, "spent": 1}}}
    assert RevengeScreen.reaction(rp, "vampires", False) == \
        "their Reaction Die hidden behind the Die Screen, 1 Reaction Point spent"
    observation = GAME.new_game(seed=8).observation("vampires")
    screen = RevengeScreen(GAME)
    for ident, his in (("she_wolf_b", "her"), ("minion_1", "its")):
        heading = screen.group({"type": "turn", "character": ident}, "turn", observation,
                               "vampires")
        assert heading.endswith(f": {his} actions")


def test_map_answers_a_square_as_the_menus_name_it() -> None:
    # G16: "map (12, 2)" and "map 3,5" found nothing
    from draculas_revenge.screen import RevengeScreen

    state = GAME.new_game(seed=3)
    screen = RevengeScreen(GAME)
    observation = state.observation("hunters")

    def said(query: str) -> str:
        return " ".join(" ".join(screen.map(observation, "hunters", query)).split())

    assert said("(12, 2)") == said("12,2") == (
        "(12, 2) in the north-east chamber: a door (closed) over (12, 2) and (12, 3); part "
        "of the vampire starting area. Here: nobody.")
    assert said("(0, 0)") == "(0, 0) in the north-west hallway: a wall. Here: nobody."
    assert said("(40, 1)") == "(40, 1) is off the map, which runs from (0, 0) to (17, 11)."
    wolf = bot_steps(state, 3, lambda s: s.figures["she_wolf_a"].pos >= 0)
    x, y = wolf.rules.board.xy(wolf.figures["she_wolf_a"].pos)
    text = " ".join(" ".join(screen.map(wolf.observation("hunters"), "hunters",
                                        f"({x}, {y})")).split())
    assert f"Here: W She-wolf A at ({x}, {y}), facing" in text


def test_one_earlier_log_entry_is_counted_in_the_singular() -> None:
    # G21: "(1 earlier entries: type log to read them)"
    from gothic_kernel.play import RECENT

    state = bot_steps(GAME.new_game(seed=3), 3, lambda s: len(s.log("hunters")) > RECENT + 2
                      and s.current_seats() == ("hunters",))
    seen = len(state.log("hunters")) - RECENT - 1
    assert "(1 entry earlier: type log to read them)" in screen_text(state, "hunters",
                                                                      since=seen)
    assert "(2 entries earlier: type log" in screen_text(state, "hunters", since=seen - 1)
