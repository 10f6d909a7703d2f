"""Prompts, screens and `map WHAT` in plain words (the fourth new-user trial: G15, G16,
G18)."""

from __future__ import annotations

from gothic_kernel.play import screen_text
from vampyre.actions import LeadAstray

from .helpers import GAME, new
from .test_encounters import occurrence


def test_the_lead_astray_prompt_says_a_walk_of_the_roll_which_may_end_nearer() -> None:
    # G15: "3 hexes away" while hexes 1 and 2 away were listed (ruling 17: a walk of the roll)
    state = occurrence(5, [3])
    prompt = state.prompt("mina")
    assert "3 hexes, a walk of 3 that enters no hex twice, so it may end nearer" in prompt
    assert "away" not in prompt
    here = state.players["harker"].location
    ends = [a.to for a in state.legal_actions("mina") if isinstance(a, LeadAstray)]
    assert any(state.world.transylvania.distance(here, to) < 3 for to in ends)


def test_a_hunter_cured_once_and_bitten_since_reads_without_contradiction() -> None:
    # G18: "bites: 2; cured of the bites"
    state = new()
    mina = state.players["mina"]
    mina.bites, mina.cured = 2, True
    state.invalidate()
    text = " ".join(screen_text(state, "harker", width=400).split())
    assert "bites: 2; has used The Standing Stones' cure (no second cure)" in text
    assert "cured of the bites" not in text


def test_map_answers_a_small_hex_by_its_printed_number() -> None:
    # G16: the menus name small hexes "the clear hex at 01.05"; map could not find them
    state = GAME.new_game(seed=11, players=6)
    session_screen = GAME.text_screen()
    observation = state.observation("godalming")
    board = state.world.transylvania
    small = next(h for h in board.hexes if not board.is_large(h) and h in board.road_hexes)
    col, row = board.offset[small]
    name = board.name(small)
    for query in (f"{col:02d}.{row:02d}", name, f"{col},{row}", small):
        lines = session_screen.map(observation, "godalming", query)
        said = " ".join(" ".join(lines).split())
        assert said == f"{name[:1].upper()}{name[1:]}; a road runs through it. Here: nobody.", \
            query
    abbey = next(h for h, n in board.large_hex_names.items() if n == "The Old Abbey")
    col, row = board.offset[abbey]
    said = " ".join(session_screen.map(observation, "godalming", f"{col:02d}.{row:02d}"))
    assert "The Old Abbey" in said
    where = state.players["godalming"].location
    assert where is not None
    col, row = board.offset[where]
    assert "Godalming" in " ".join(session_screen.map(observation, "godalming",
                                                      f"{col:02d}.{row:02d}"))
