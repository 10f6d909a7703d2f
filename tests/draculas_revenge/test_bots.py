"""The bots: legal, observation-only, and better than chance."""

from __future__ import annotations

from typing import Any

import pytest

import gothic_kernel as gk
from draculas_revenge.actions import (
    CloseAttack,
    Decline,
    EndMove,
    FaceAttacker,
    Mesmerize,
    Pass,
    TurnToMist,
)
from draculas_revenge.board import FACINGS
from draculas_revenge.bot_tactics import (
    Dangers,
    Table,
    danger,
    distances,
    p_beats,
    p_within,
    shelter_squares,
)
from draculas_revenge.bots import RevengeBot
from draculas_revenge.movement import destinations
from draculas_revenge.scenario import sandbox
from gothic_kernel import RandomAgent
from gothic_kernel.agents import play_game

GAME = gk.load_game("draculas_revenge")


def test_default_agents_are_revenge_bots_and_finish_every_adventure() -> None:
    for adventure in ("into_the_breach", "defile_the_coffins", "cross_the_catacombs",
                      "rescue_van_helsing", "destroy_dracula", "custom"):
        state, _ = play_game(GAME, 3, options={"adventure": adventure}, max_steps=20_000)
        assert state.is_over, adventure
    agents = GAME.default_agents(GAME.new_game(seed=1), 1)
    assert all(isinstance(a, RevengeBot) for a in agents.values())


def test_the_bot_only_reads_its_observation() -> None:
    seen: list[Any] = []

    class Spy(RevengeBot):
        def choose(self, seat, observation, legal_actions):  # type: ignore[no-untyped-def]
            seen.append(dict(observation))
            return super().choose(seat, observation, legal_actions)

    def agents(state: gk.GameState, seed: int) -> dict[str, Any]:
        return {"vampires": Spy(1), "hunters": Spy(2)}

    play_game(GAME, 5, agents=agents, max_steps=300)
    assert seen and all("to_act" in o for o in seen)


def test_bots_beat_random_play() -> None:
    wins = 0
    for seed in range(12):
        def agents(state: gk.GameState, s: int) -> dict[str, Any]:
            return {"vampires": RandomAgent(s), "hunters": RevengeBot(s)}
        state, _ = play_game(GAME, seed, agents=agents, max_steps=20_000)
        wins += state.outcome is not None and state.outcome.winners == ("hunters",)
    assert wins >= 8


def test_timer_observation_for_a_front_end() -> None:
    state = GAME.new_game(seed=2, timer_seconds=60)
    timer = state.observation("hunters")["timer"]
    assert timer["limit_seconds"] == 60 and timer["enabled"]
    assert timer["on_expiry"] == {"type": "end_move"}
    while state.phase != "activation":  # type: ignore[attr-defined]
        seat = state.current_seats()[0]
        state.apply(seat, state.legal_actions(seat)[0])
    timer = state.observation("vampires")["timer"]
    assert timer["character"] == state.active and timer["running"]  # type: ignore[attr-defined]


def on_map(figures: list[dict[str, Any]], active: str, rolls: list[int], *,
           adventure: str = "custom", **kw: Any) -> Any:
    """A position on the adventure's map (the bots read the map by its name); the top
    left room of your own adventure's map is open floor from (0, 0) to (5, 5)."""
    return sandbox(figures=figures, active=active, dice=gk.ScriptedDice(rolls),
                   adventure=adventure, reaction_dice=False, **kw)


def bot_move(state: Any, seat: str, limit: int = 30) -> list[Any]:
    """The actions a bot takes for ``seat`` until its move ends (the other side keeps
    still: it declines, and keeps its facing)."""
    bot, taken = RevengeBot(1), []
    for _ in range(limit):
        if state.is_over:
            break
        other = state.current_seats()[0]
        if other != seat:
            state.apply(other, state.legal_actions(other)[-1])
            continue
        action = bot.choose(seat, state.observation(seat), state.legal_actions(seat))
        taken.append(action)
        state.apply(seat, action)
        if isinstance(action, EndMove):
            break
    return taken


def test_a_vampire_bot_strikes_and_turns_to_mist_while_mist_is_allowed() -> None:
    """"They can turn to mist to escape harm": a She-wolf beside two Stakers attacks and
    then turns to mist out of their reach (night); by day it cannot and does not try."""
    figures = [{"id": "she_wolf_a", "square": (3, 3), "facing": "s"},
               {"id": "staker_1", "square": (3, 4), "facing": "n"},
               {"id": "staker_2", "square": (4, 5), "facing": "n"}]
    night = on_map(figures, "she_wolf_a", [1, 6] * 8)
    taken = bot_move(night, "vampires")
    assert any(isinstance(a, CloseAttack) for a in taken)
    assert TurnToMist("she_wolf_a") in taken and night.figures["she_wolf_a"].misted
    day = on_map(figures, "she_wolf_a", [1, 6] * 9, rules={"daylight": True})
    assert not any(isinstance(a, TurnToMist) for a in bot_move(day, "vampires"))


def test_a_vampire_bot_keeps_a_crucifix_holder_out_of_its_arc() -> None:
    """A vampire that survives a priest's attack does not turn to face him (facing him, it
    could neither attack nor approach him: The Crucifix), but faces any other attacker."""
    for attacker, keeps in (("priest_1", True), ("staker_1", False)):
        state = on_map([{"id": attacker, "square": (3, 4), "facing": "n"},
                        {"id": "she_wolf_a", "square": (3, 3), "facing": "e"}], attacker, [1, 6])
        state.apply("hunters", CloseAttack(attacker, "she_wolf_a"))
        legal = state.legal_actions("vampires")
        choice = RevengeBot(1).choose("vampires", state.observation("vampires"), legal)
        assert isinstance(choice, FaceAttacker) and (choice.facing == "") is keeps, attacker


def test_dracula_fights() -> None:
    """Dracula is not parked while his brood fights: near a lone Staker he attacks it or
    mesmerizes it."""
    state = on_map([{"id": "dracula", "square": (14, 8), "facing": "s"},
                    {"id": "staker_1", "square": (14, 9), "facing": "e"},
                    {"id": "she_wolf_a", "square": (20, 8)}], "dracula", [6, 1],
                   adventure="destroy_dracula")
    assert any(isinstance(a, (CloseAttack, Mesmerize)) and a.target == "staker_1"
               for a in bot_move(state, "vampires"))


def test_a_priest_bot_saves_a_mesmerized_hunter() -> None:
    """A crucifix holder beside a mesmerized Staker saves it rather than killing it."""
    state = on_map([{"id": "priest_1", "square": (3, 4), "facing": "n"},
                    {"id": "staker_1", "kind": "minion", "seat": "vampires",
                     "minion_card": "minion_1", "square": (3, 3), "facing": "e"}],
                   "priest_1", [6, 1])
    assert CloseAttack("priest_1", "staker_1", save=True) in bot_move(state, "hunters")


def test_dracula_shelters_in_a_corner_of_his_lair_in_destroy_dracula() -> None:
    """Destroying Dracula wins Destroy Dracula for the hunters: he does not go to meet
    them but heads for a corner of his lair (where fewest squares let a hunter strike
    him), where a She-wolf in his place walks toward a distant Staker (both fight what
    they reach)."""
    board = GAME.new_game(seed=1, adventure="destroy_dracula").rules.board  # type: ignore[attr-defined]
    corners = shelter_squares(board, "vampire_starting_areas")
    assert sorted(board.xy(s) for s in corners) == [(12, 6), (12, 17), (17, 17), (23, 6),
                                                    (23, 11)]
    to_corner = distances(board, corners)
    for vampire, shelters in (("dracula", True), ("she_wolf_a", False)):
        state = on_map([{"id": vampire, "square": (14, 8), "facing": "s"},
                        {"id": "staker_1", "square": (0, 8), "facing": "e"}], vampire,
                       [6, 1] * 5, adventure="destroy_dracula")
        start = state.figures[vampire].pos
        bot_move(state, "vampires")
        end = state.figures[vampire].pos
        staker = board.index(0, 8)
        if shelters:  # the nearest corner, (12, 6), is 2 steps away
            assert to_corner[start] == 2 and end in corners
        else:
            assert board.distance(end, staker) < board.distance(start, staker)
            assert to_corner[end] >= to_corner[start]


def test_each_side_weighs_danger_by_its_task() -> None:
    """How much of its worth times its danger a character counts as lost: more for the
    vampires holding Dracula's lair against greater numbers, less for the guards of the
    coffins, the crossing and Van Helsing's room, and for the hunters who need only two
    across the catacombs (the figures the docs' Bots section gives)."""
    expected = {("destroy_dracula", "vampires"): 1.2, ("destroy_dracula", "hunters"): 0.6,
                ("defile_the_coffins", "vampires"): 0.3, ("defile_the_coffins", "hunters"): 0.6,
                ("cross_the_catacombs", "vampires"): 0.3,
                ("cross_the_catacombs", "hunters"): 0.4,
                ("rescue_van_helsing", "vampires"): 0.7, ("rescue_van_helsing", "hunters"): 0.6}
    for (adventure, side), risk in expected.items():
        state = GAME.new_game(seed=1, adventure=adventure)
        assert Table(state.observation(side), side).risk == risk, (adventure, side)
    # the side that must destroy the other within the turn limit: less and less to lose
    for adventure, side in (("custom", "vampires"), ("into_the_breach", "hunters")):
        obs = dict(GAME.new_game(seed=1, adventure=adventure).observation(side))
        limit = obs["turn_limit"]
        for turn in (0, limit - 1):
            obs["turn"] = turn
            assert Table(obs, side).risk == pytest.approx(0.45 * (limit - turn) / limit)


def test_hunters_with_nothing_to_fight_clear_van_helsings_way_out_of_a_room() -> None:
    """Every vampire gone, Van Helsing awake in the small room east of door 2 and boxed in
    by his own hunters: the priest beside him, who has no farther square to go to in the
    room, goes out through the door and round, so that Van Helsing can get out (a seeded
    game of the hunter bots against random vampires once stood still for 880 turns)."""
    hunters = {"staker_1": (13, 8), "staker_2": (14, 8), "priest_3": (13, 9),
               "priest_1": (14, 9), "crossbow_1": (14, 7), "van_helsing": (13, 10)}
    state = on_map([{"id": h, "square": xy, "facing": "w"} for h, xy in hunters.items()],
                   "priest_3", [6, 1] * 5, adventure="rescue_van_helsing")
    state.doors_open = {door: True for door in state.doors_open}
    state.van_helsing_found = True
    state.changed()
    board = state.rules.board
    way_out = {board.index(12, 9), board.index(13, 9)}

    def his_steps() -> set[int]:
        return {square for _, square in destinations(state, state.figures["van_helsing"])}

    assert not his_steps() & way_out
    bot_move(state, "hunters")
    assert state.figures["priest_3"].pos != board.index(13, 9)
    assert his_steps() & way_out


def test_the_lesser_vampires_guard_dracula_in_destroy_dracula() -> None:
    """Destroying Dracula wins Destroy Dracula for the hunters: a She-wolf with nothing to
    attack closes round him (blocking a square a hunter would strike him from) rather than
    walking toward a distant Staker; with Dracula gone it seeks the hunters out (the test
    above)."""
    state = on_map([{"id": "she_wolf_a", "square": (14, 8), "facing": "e"},
                    {"id": "dracula", "square": (20, 10), "facing": "w"},
                    {"id": "staker_1", "square": (0, 8), "facing": "e"}], "she_wolf_a",
                   [6, 1] * 5, adventure="destroy_dracula")
    bot_move(state, "vampires")
    board = state.rules.board
    assert board.distance(state.figures["she_wolf_a"].pos, state.figures["dracula"].pos) == 1


def test_dracula_reckons_with_where_a_crossbow_could_aim_from() -> None:
    """A Crossbow at (2, 8) in the west corridor of Destroy Dracula, with 6 Action Points,
    can shoot down the corridor but not into the hallway north of it (walls hide (8, 3)
    from every square it can walk to and still shoot: "Ranged Attacks"); Dracula, six
    squares from it on either, fears its bolts only where it could aim."""
    state = on_map([{"id": "crossbow_1", "square": (2, 8), "facing": "e"},
                    {"id": "dracula", "square": (20, 10), "facing": "w"}], "dracula",
                   [6, 1], adventure="destroy_dracula")
    t = Table(state.observation("vampires"), "vampires")
    board = state.rules.board
    corridor, hallway = board.index(8, 8), board.index(8, 3)
    aim = t.geo.aim(board.index(2, 8), 6)
    assert (aim >> corridor) & 1 and not (aim >> hallway) & 1
    me = t.pieces["dracula"]
    east, south = FACINGS.index("e"), FACINGS.index("s")  # neither faces the Crossbow
    in_sight, hidden = danger(t, me, corridor, east), danger(t, me, hallway, south)
    assert hidden == pytest.approx(p_beats(1 - 3 + 1))  # one close attack (outflanking)
    assert in_sight == pytest.approx(p_within(p_beats(1 - 3), 2))  # two bolts
    both = Dangers(t, me).of([corridor, hallway], [east, south], [-1, -1])
    assert both.tolist() == pytest.approx([in_sight, hidden])


def test_the_bot_reads_no_observation_for_a_decision_without_a_choice() -> None:
    """The bots ask for lazy observations: declining with nothing to react with, or
    passing with no card to play, works none out (the kernel's ``gk.Observation``)."""
    def unreadable() -> dict[str, Any]:
        raise AssertionError("the observation was read")

    assert RevengeBot.lazy_observation
    bot = RevengeBot(1)
    assert bot.choose("hunters", gk.Observation(unreadable), [Decline()]) == Decline()
    assert bot.choose("vampires", gk.Observation(unreadable), [Pass()]) == Pass()
