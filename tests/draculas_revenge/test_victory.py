"""Who wins, adventure by adventure ("The Adventures", "Your Own Adventures"): every way
each side's briefing names to win, played on the adventure's own map, and the turn
limits the briefings print."""

from __future__ import annotations

from typing import Any

import pytest

import gothic_kernel as gk
from draculas_revenge.actions import (
    CloseAttack,
    Decline,
    EndMove,
    Leave,
    Mesmerize,
    Move,
    Pass,
    RangedAttack,
)
from draculas_revenge.scenario import sandbox
from draculas_revenge.victory import turn_limit
from gothic_kernel import ScriptedDice

GAME = gk.load_game("draculas_revenge")
HIT = (6, 1)  # the attacker rolls 6, the defender 1


def on_map(adventure: str, figures: list[dict[str, Any]], active: str, *, rolls: tuple[int, ...]
           = HIT, turn: int = 1, **kw: Any) -> Any:
    """A position on the adventure's map, judged by the adventure's own victory rules."""
    return sandbox(adventure=adventure, rules={"goal": adventure, **kw.pop("rules", {})},
                   figures=figures, active=active, reaction_dice=False,
                   dice=ScriptedDice(list(rolls)), turn=turn, **kw)


def quietly(st: Any, until: Any = lambda s: False, limit: int = 5000) -> None:
    """Everyone does as little as allowed until ``until(st)`` or the end."""
    for _ in range(limit):
        if st.is_over or until(st):
            return
        seat = st.current_seats()[0]
        legal = st.legal_actions(seat)
        quiet = next((q for q in (Decline(), EndMove(), Pass()) if q in legal), legal[0])
        st.apply(seat, quiet)


def won(st: Any, side: str, reason: str) -> None:
    assert st.outcome is not None and st.outcome.winners == (side,), st.outcome
    assert reason in st.outcome.reason, st.outcome.reason


# -- the turn limits as printed -------------------------------------------------------------
@pytest.mark.parametrize(("adventure", "limit"), [
    ("into_the_breach", 4),       # "within 4 turns"; "After 4 turns, the sun sets"
    ("defile_the_coffins", 0), ("cross_the_catacombs", 0), ("rescue_van_helsing", 0),
    ("destroy_dracula", 0),       # no limit printed: play until someone wins
    ("custom", 5),                # "within 5 turns"
])
def test_each_adventure_has_the_turn_limit_its_text_prints(adventure: str, limit: int) -> None:
    st = GAME.new_game(seed=1, adventure=adventure)
    assert turn_limit(st) == limit
    assert st.observation(gk.PUBLIC)["turn_limit"] == limit
    if not limit:  # the turn_limit option only ends an adventure printing none, as a draw
        assert turn_limit(GAME.new_game(seed=1, adventure=adventure, turn_limit=9)) == 9
    else:
        assert turn_limit(GAME.new_game(seed=1, adventure=adventure, turn_limit=9)) == limit


# -- Into the Breach ------------------------------------------------------------------------
def test_into_the_breach_hunters_win_destroying_the_last_vampire_in_turn_four() -> None:
    st = on_map("into_the_breach",
                [{"id": "staker_1", "square": (5, 3), "facing": "n"},
                 {"id": "she_wolf_a", "square": (5, 2), "facing": "n"}],
                "staker_1", turn=4, rules={"turn_limit": 4})
    st.apply("hunters", CloseAttack("staker_1", "she_wolf_a"))
    won(st, "hunters", "every vampire destroyed")


def test_into_the_breach_vampires_win_destroying_every_hunter() -> None:
    st = on_map("into_the_breach",
                [{"id": "she_wolf_a", "square": (5, 2), "facing": "s"},
                 {"id": "staker_1", "square": (5, 3), "facing": "n"},
                 {"id": "nosferatu_a", "square": (14, 2)}],
                "she_wolf_a")
    st.apply("vampires", CloseAttack("she_wolf_a", "staker_1"))
    won(st, "vampires", "every hunter destroyed")


def test_into_the_breach_vampires_escape_when_the_sun_sets_after_turn_four() -> None:
    st = on_map("into_the_breach",
                [{"id": "staker_1", "square": (5, 3), "facing": "n"},
                 {"id": "she_wolf_a", "square": (14, 2)}],
                "staker_1", turn=3, rules={"turn_limit": 4})
    quietly(st, lambda s: s.turn == 4)
    assert st.outcome is None  # turn 4 is still played
    quietly(st)
    won(st, "vampires", "the sun sets")
    assert st.turn == 4


def test_into_the_breach_a_mesmerized_last_hunter_is_gone() -> None:
    """Ruling 18: "all of the hunters" are the hunter player's hunters; a mesmerized one
    is the vampires' minion."""
    st = on_map("into_the_breach",
                [{"id": "nosferatu_a", "square": (8, 7), "facing": "s"},
                 {"id": "crossbow_1", "square": (8, 9), "facing": "n"}],
                "nosferatu_a")
    st.apply("vampires", Mesmerize("nosferatu_a", "crossbow_1"))
    won(st, "vampires", "every hunter destroyed")


# -- Defile the Coffins ---------------------------------------------------------------------
def test_defile_the_coffins_vampires_win_when_no_hunter_is_left_to_defile() -> None:
    st = on_map("defile_the_coffins",
                [{"id": "nosferatu_a", "square": (5, 8), "facing": "s"},
                 {"id": "priest_1", "square": (5, 9), "facing": "e"},
                 {"id": "she_wolf_a", "square": (1, 1)}],
                "nosferatu_a")
    st.defiled = ["chamber_one_door_a", "chamber_one_door_b", "chamber_two_doors_a", "crypt"]
    st.apply("vampires", CloseAttack("nosferatu_a", "priest_1"))
    won(st, "vampires", "no hunter is left to defile")


def test_defile_the_coffins_the_game_goes_on_while_a_hunter_may_defile() -> None:
    st = on_map("defile_the_coffins",
                [{"id": "nosferatu_a", "square": (5, 8), "facing": "s"},
                 {"id": "priest_1", "square": (5, 9), "facing": "e"},
                 {"id": "staker_1", "square": (9, 9), "facing": "e"},
                 {"id": "she_wolf_a", "square": (1, 1)}],
                "nosferatu_a")
    st.apply("vampires", CloseAttack("nosferatu_a", "priest_1"))
    assert st.outcome is None


# -- Cross the Catacombs --------------------------------------------------------------------
def test_cross_the_catacombs_van_helsing_counts_as_one_of_the_two() -> None:
    st = on_map("cross_the_catacombs",
                [{"id": "van_helsing", "square": (23, 9), "facing": "e"},
                 {"id": "staker_1", "square": (5, 9)},
                 {"id": "dracula", "square": (14, 3)}],
                "van_helsing")
    st.exited.append("priest_1")  # a priest left the board earlier
    st.figures["priest_1"] = type(st.figures["staker_1"])("priest_1", "priest", "hunters", -2)
    st.apply("hunters", Leave("van_helsing"))
    won(st, "hunters", "2 hunters crossed")


def test_cross_the_catacombs_vampires_win_by_killing_all_but_one() -> None:
    st = on_map("cross_the_catacombs",
                [{"id": "dracula", "square": (5, 8), "facing": "s"},
                 {"id": "staker_1", "square": (5, 9), "facing": "n"},
                 {"id": "staker_2", "square": (2, 9), "facing": "e"}],
                "dracula")
    st.apply("vampires", CloseAttack("dracula", "staker_1"))
    won(st, "vampires", "can no longer get two across")


# -- Rescue Van Helsing ---------------------------------------------------------------------
def rescue(figures: list[dict[str, Any]], active: str, found: bool = True, **kw: Any) -> Any:
    st = on_map("rescue_van_helsing", figures, active, **kw)
    st.secret_room = "chamber_one_door_b"
    st.van_helsing_found = found
    return st


def test_rescue_van_helsing_vampires_win_killing_the_others_before_he_is_found() -> None:
    st = rescue([{"id": "she_wolf_a", "square": (5, 8), "facing": "s"},
                 {"id": "staker_1", "square": (5, 9), "facing": "n"}],
                "she_wolf_a", found=False)
    st.apply("vampires", CloseAttack("she_wolf_a", "staker_1"))
    won(st, "vampires", "Van Helsing is kept from getting away")


def test_rescue_van_helsing_vampires_win_killing_the_others_while_he_lies_unconscious() -> None:
    st = rescue([{"id": "she_wolf_a", "square": (5, 8), "facing": "s"},
                 {"id": "staker_1", "square": (5, 9), "facing": "n"},
                 {"id": "van_helsing", "square": (14, 8), "unconscious": True}],
                "she_wolf_a")
    st.apply("vampires", CloseAttack("she_wolf_a", "staker_1"))
    won(st, "vampires", "Van Helsing is kept from getting away")


def test_rescue_van_helsing_awake_alone_he_may_still_get_away() -> None:
    st = rescue([{"id": "she_wolf_a", "square": (5, 8), "facing": "s"},
                 {"id": "staker_1", "square": (5, 9), "facing": "n"},
                 {"id": "van_helsing", "square": (14, 8), "facing": "w"}],
                "she_wolf_a")
    st.apply("vampires", CloseAttack("she_wolf_a", "staker_1"))
    assert st.outcome is None
    # ... until a close attack renders him unconscious: then nobody can wake him
    st2 = rescue([{"id": "she_wolf_a", "square": (13, 8), "facing": "e"},
                  {"id": "van_helsing", "square": (14, 8), "facing": "n"}],
                 "she_wolf_a")
    st2.apply("vampires", CloseAttack("she_wolf_a", "van_helsing"))
    won(st2, "vampires", "Van Helsing is kept from getting away")


def test_rescue_van_helsing_mesmerized_with_every_priest_gone_the_vampires_win() -> None:
    """"If they mesmerize him (once he's awake) and kill or mesmerize all the priests,
    they effectively win": mesmerizing him with a priest left does not end the game."""
    figures = [{"id": "nosferatu_a", "square": (3, 8), "facing": "e"},  # beyond his crucifix
               {"id": "van_helsing", "square": (7, 8), "facing": "w"},
               {"id": "staker_1", "square": (2, 9), "facing": "n"}]
    st = rescue([*figures, {"id": "priest_1", "square": (10, 9), "facing": "w"}],
                "nosferatu_a")
    st.apply("vampires", Mesmerize("nosferatu_a", "van_helsing"))
    assert st.figures["van_helsing"].kind == "minion" and st.outcome is None
    st2 = rescue(figures, "nosferatu_a")
    st2.apply("vampires", Mesmerize("nosferatu_a", "van_helsing"))
    won(st2, "vampires", "no priest is left to save him")


def test_rescue_van_helsing_mesmerized_without_saving_the_hunters_cannot_win() -> None:
    """With No Feeding or Saving nobody can save a mesmerized Van Helsing: he can never get
    off the board, so the vampires have won (ruling 18)."""
    st = rescue([{"id": "nosferatu_a", "square": (3, 8), "facing": "e"},
                 {"id": "van_helsing", "square": (7, 8), "facing": "w"},
                 {"id": "priest_1", "square": (10, 9), "facing": "w"}],
                "nosferatu_a", feeding_and_saving=False)
    st.apply("vampires", Mesmerize("nosferatu_a", "van_helsing"))
    won(st, "vampires", "no one can save him")


# -- Destroy Dracula ------------------------------------------------------------------------
def test_destroy_dracula_hunters_win_destroying_every_other_vampire() -> None:
    st = on_map("destroy_dracula",
                [{"id": "crossbow_1", "square": (2, 8), "facing": "e"},
                 {"id": "vampiress_a", "square": (6, 8), "facing": "e"},
                 {"id": "minion_1", "square": (4, 9), "facing": "e"},
                 {"id": "dracula", "square": (20, 8)}],
                "crossbow_1")
    st.apply("hunters", RangedAttack("crossbow_1", "vampiress_a"))
    won(st, "hunters", "every other vampire is destroyed")  # his minions do not count


def test_destroy_dracula_vampires_win_destroying_every_hunter() -> None:
    st = on_map("destroy_dracula",
                [{"id": "dracula", "square": (5, 8), "facing": "s"},
                 {"id": "van_helsing", "square": (5, 9), "facing": "s"},  # his back turned
                 {"id": "she_wolf_a", "square": (20, 8)}],
                "dracula")
    st.apply("vampires", CloseAttack("dracula", "van_helsing"))
    won(st, "vampires", "every hunter destroyed")


# -- Your Own Adventures --------------------------------------------------------------------
def test_your_own_adventure_vampires_win_killing_or_mesmerizing_every_hunter() -> None:
    st = on_map("custom",
                [{"id": "nosferatu_a", "square": (4, 8), "facing": "e"},
                 {"id": "staker_1", "square": (7, 8), "facing": "w"},
                 {"id": "staker_2", "square": (5, 9), "facing": "w"}],
                "nosferatu_a", rolls=(6, 1, 6, 1), turn=5, rules={"turn_limit": 5})
    st.apply("vampires", Mesmerize("nosferatu_a", "staker_1"))
    assert st.outcome is None
    st.apply("vampires", Move("nosferatu_a", "e", "s"))  # Staker 2 now in front
    st.apply("vampires", CloseAttack("nosferatu_a", "staker_2"))
    won(st, "vampires", "every hunter killed or mesmerized")


def test_your_own_adventure_hunters_win_holding_out_five_turns() -> None:
    st = on_map("custom",
                [{"id": "staker_1", "square": (5, 9), "facing": "n"},
                 {"id": "she_wolf_a", "square": (14, 8)}],
                "staker_1", turn=5, rules={"turn_limit": 5})
    quietly(st)
    won(st, "hunters", "held out for 5 turns")
    assert st.turn == 5
