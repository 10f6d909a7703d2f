"""Prompts, action labels and seat names in the rulebook's words, revealing nothing
hidden; legal actions in an order that depends only on what the seat knows."""

from __future__ import annotations

import random
from typing import Any

import pytest
from dr_helpers import OPEN_8, no_dice

import gothic_kernel as gk
from draculas_revenge import narration as say
from draculas_revenge.actions import (
    ChooseSecretRoom,
    CloseAttack,
    CloseDoor,
    Decline,
    Defile,
    DoneRecruiting,
    EndMove,
    Enter,
    FaceAttacker,
    Feed,
    Leave,
    Mesmerize,
    Move,
    OpenDoor,
    Pass,
    Place,
    PlaceVanHelsing,
    PlayCard,
    RangedAttack,
    Recruit,
    SettleMist,
    Turn,
    TurnSolid,
    TurnToMist,
    Wake,
)
from draculas_revenge.scenario import sandbox
from gothic_kernel import ScriptedDice

GAME = gk.load_game("draculas_revenge")
FOUR = [{"id": "she_wolf_a", "square": (0, 0), "facing": "s"},
        {"id": "nosferatu_a", "square": (1, 0), "facing": "s"},
        {"id": "staker_1", "square": (0, 7), "facing": "n"},
        {"id": "crossbow_1", "square": (1, 7), "facing": "n"}]
HANDS = {"vampires": ["nosferatu_a", "she_wolf_a"], "hunters": ["crossbow_1", "staker_1"]}


def labels(st: Any, seat: str) -> list[str]:
    return [st.describe_action(seat, a) for a in st.legal_actions(seat)]


def test_seat_names_are_the_sides_and_the_multiplayer_places() -> None:
    assert (GAME.seat_name("vampires"), GAME.seat_name("hunters")) == ("Vampires", "Hunters")
    seats = GAME.seats_for(adventure="custom", multiplayer=("vampires", "hunters", "hunters"))
    assert [GAME.seat_name(s) for s in seats] == [
        "Player 1 (Vampires)", "Player 2 (Hunters)", "Player 3 (Hunters)"]


# -- the Action Timeline ----------------------------------------------------------------------
def test_the_timeline_asks_to_play_an_action_card_or_pass() -> None:
    st = no_dice(figures=FOUR, hands=HANDS)
    assert st.prompt("vampires") == ("Vampires: play an Action Card or pass (2 in your hand; "
                                     "0 cards in the Action Timeline).")
    assert labels(st, "vampires") == ["play Nosferatu A's Action Card",
                                      "play She-wolf A's Action Card", "pass"]
    assert st.prompt("hunters") == "Waiting for Vampires."
    st.apply("vampires", PlayCard("she_wolf_a"))
    assert st.prompt("hunters").endswith("(2 in your hand; 1 card in the Action Timeline).")


def test_a_forced_play_says_why_a_card_must_be_played() -> None:
    st = no_dice(figures=FOUR, hands=HANDS)
    st.apply("vampires", Pass())
    st.apply("hunters", Pass())
    assert st.prompt("vampires") == ("Vampires: both players passed with the Action Timeline "
                                     "empty, so you must play an Action Card (2 in your hand).")
    assert "pass" not in labels(st, "vampires")


# -- a move -------------------------------------------------------------------------------
def test_the_active_character_is_asked_for_its_action_with_its_points_left() -> None:
    st = sandbox(OPEN_8, figures=[{"id": "van_helsing", "square": (4, 4), "facing": "n"}],
                 active="van_helsing", reaction_rolls={"hunters": 1, "vampires": 2})
    assert st.prompt("hunters") == ("Hunters: Van Helsing has 6 Action Points left (you have "
                                    "7 Reaction Points); choose his action or end his move.")
    st.apply("hunters", Move("van_helsing", "n", "e"))
    st.apply("hunters", Turn("van_helsing", "s"))
    assert st.prompt("hunters").startswith("Hunters: Van Helsing has 4 Action Points left")


def test_without_reaction_dice_no_reaction_points_are_mentioned() -> None:
    st = no_dice(figures=[{"id": "she_wolf_a", "square": (4, 4)}], active="she_wolf_a")
    assert st.prompt("vampires") == ("Vampires: She-wolf A has 9 Action Points left; choose "
                                     "her action or end her move.")


def test_an_off_board_character_must_enter() -> None:
    st = sandbox(adventure="into_the_breach", active="staker_1", reaction_dice=False,
                 figures=[{"id": "staker_1", "entrance": "hunter_entrance"}])
    assert st.prompt("hunters") == ("Hunters: Staker 1 has 6 Action Points left and must "
                                    "enter the board on its first move; choose its action.")
    assert "bring Staker 1 on to the board at (0, 2), facing east" in labels(st, "hunters")
    assert "end Staker 1's move" not in labels(st, "hunters")


def test_an_unconscious_active_character_can_only_end_its_move() -> None:
    st = no_dice(figures=[{"id": "van_helsing", "square": (2, 2), "unconscious": True}],
                 active="van_helsing")
    assert st.prompt("hunters") == ("Hunters: Van Helsing lies unconscious and cannot act; "
                                    "announce the end of his move.")
    assert labels(st, "hunters") == ["end Van Helsing's move"]


def test_after_feeding_the_move_is_over() -> None:
    st = no_dice(figures=[{"id": "she_wolf_a", "square": (2, 2), "facing": "s"},
                          {"id": "staker_1", "square": (2, 3), "facing": "s"}],
                 active="she_wolf_a", dice=ScriptedDice([6, 1]))
    st.apply("vampires", CloseAttack("she_wolf_a", "staker_1"))
    assert st.prompt("vampires") == (
        "Vampires: She-wolf A killed a hunter with a close attack and may feed, becoming a "
        "Nosferatu (her move is then over).")
    assert labels(st, "vampires") == ["feed: She-wolf A becomes a Nosferatu", "do not feed"]
    st.apply("vampires", Feed(True))
    assert st.prompt("vampires") == ("Vampires: She-wolf A's move is over; react with a "
                                     "character that may, or announce the end of the move.")
    assert labels(st, "vampires") == ["end She-wolf A's move"]


def test_a_reaction_window_names_the_action_and_the_points_left() -> None:
    st = sandbox(OPEN_8, figures=[{"id": "staker_1", "square": (3, 6), "facing": "n"},
                                  {"id": "she_wolf_a", "square": (3, 1), "facing": "s"}],
                 active="staker_1", reaction_rolls={"hunters": 3, "vampires": 2})
    st.apply("hunters", Move("staker_1", "n", "n"))
    assert st.prompt("vampires") == (
        "Vampires: Staker 1 moves north to (3, 5), facing north; react with one character "
        "that saw it or was affected (you have 8 Reaction Points left), or decline.")
    said = labels(st, "vampires")
    assert "move She-wolf A south to (3, 2), facing east [reaction, 1 Reaction Point]" in said
    assert "turn She-wolf A (mist)" not in said and said[-1] == "decline: do not react"


def test_points_beyond_the_action_points_are_labelled_reaction_points() -> None:
    st = sandbox(OPEN_8, figures=[{"id": "crossbow_1", "square": (0, 6), "facing": "n"},
                                  {"id": "nosferatu_a", "square": (0, 2), "facing": "e"}],
                 active="crossbow_1", reaction_rolls={"hunters": 1, "vampires": 1})
    st.ap_left = 1
    st.invalidate()
    assert "shoot Nosferatu A with Crossbow 1's crossbow (ranged attack) [1 Reaction Point]" \
        in labels(st, "hunters")
    assert "move Crossbow 1 north to (0, 5), facing north" in labels(st, "hunters")


# -- every action type labelled ---------------------------------------------------------------
@pytest.mark.parametrize(("action", "label"), [
    (Move("staker_1", "ne", "e"), "move Staker 1 north-east to (4, 3), facing east"),
    (Turn("staker_1", "w"), "turn Staker 1 in place to face west"),
    (Enter("crossbow_1", (0, 2), "e"), "bring Crossbow 1 on to the board at (0, 2), facing east "
     "[reaction, 1 Reaction Point]"),
    (Leave("staker_1"), "move Staker 1 off the board"),
    (TurnToMist("she_wolf_a"), "turn She-wolf A to mist [reaction, 4 Reaction Points]"),
    (TurnSolid("she_wolf_a", "s"),
     "turn She-wolf A solid, facing south [reaction, 4 Reaction Points]"),
    (OpenDoor("staker_1"), "open the door at (3, 3) in front of Staker 1"),
    (CloseDoor("staker_1"), "close the door at (3, 3) in front of Staker 1"),
    (CloseAttack("staker_1", "she_wolf_a"), "attack She-wolf A with Staker 1 (close attack)"),
    (CloseAttack("priest_1", "minion_1", save=True),
     "save Minion 1 (a minion) with Priest 1's crucifix (close attack) "
     "[reaction, 1 Reaction Point]"),
    (RangedAttack("crossbow_1", "she_wolf_a"),
     "shoot She-wolf A with Crossbow 1's crossbow (ranged attack) "
     "[reaction, 2 Reaction Points]"),
    (Mesmerize("nosferatu_a", "staker_1"), "mesmerize Staker 1 with Nosferatu A "
     "[reaction, 2 Reaction Points]"),
    (Defile("staker_1"), "defile the coffins here with Staker 1"),
    (Wake("priest_1"), "wake Van Helsing with Priest 1 [reaction, 3 Reaction Points]"),
    (EndMove(), "end Staker 1's move"),
    (Decline(), "decline: do not react"),
    (FaceAttacker("staker_1", "s"), "turn Staker 1 to face south"),
    (FaceAttacker("staker_1", ""), "keep Staker 1 facing north"),
    (Feed(False), "do not feed"),
    (Place("she_wolf_a", (2, 1), "w"), "place She-wolf A at (2, 1), facing west"),
    (PlaceVanHelsing((5, 5), "w"), "place Van Helsing at (5, 5), facing west"),
    (SettleMist("she_wolf_a", (1, 1), "n"), "turn She-wolf A solid at (1, 1), facing north"),
    (Recruit("staker"), "recruit a Staker (3 points)"),
    (Recruit("dracula"), "recruit Dracula (12 points)"),
    (PlayCard("vampiress_b"), "play Vampiress B's Action Card"),
    (Pass(), "pass"),
])
def test_every_action_has_a_label(action: Any, label: str) -> None:
    """Staker 1 is the active character; the others' actions would be reactions."""
    st = no_dice(["......", "......", "......", "...d..", "......"],
                 figures=[{"id": "staker_1", "square": (3, 4), "facing": "n"},
                          {"id": "she_wolf_a", "square": (0, 0)}], active="staker_1")
    assert st.describe_action("hunters", action) == label


def test_recruiting_and_the_secret_room_are_labelled() -> None:
    st = GAME.new_game(seed=1, adventure="custom", points=20)
    assert st.prompt("hunters") == ("Hunters: build your own forces totalling 20 points or "
                                    "less: recruit a character or finish (0 points spent).")
    assert labels(st, "hunters")[-1] == "finish recruiting: your forces are complete (0 of " \
        "20 points)"
    rescue = GAME.new_game(seed=1, adventure="rescue_van_helsing")
    assert rescue.prompt("vampires") == ("Vampires: secretly record which tinted room Van "
                                         "Helsing lies unconscious in.")
    assert labels(rescue, "vampires") == ["record that Van Helsing lies in the north chamber",
                                          "record that Van Helsing lies in the east chamber"]
    assert ChooseSecretRoom("chamber_one_door_a") in rescue.legal_actions("vampires")
    own = GAME.new_game(seed=1, adventure="into_the_breach", own_forces=True)
    assert "for the same total points value as the listed forces (12)" in own.prompt("hunters")
    assert DoneRecruiting() not in own.legal_actions("hunters")


def test_placing_and_facing_an_attacker_are_asked_in_the_rulebooks_words() -> None:
    st = GAME.new_game(seed=1, adventure="defile_the_coffins")
    assert st.prompt("vampires") == (
        "Vampires: place She-wolf A anywhere on the vampire starting areas (one vampire on "
        "each tinted tile), facing any direction you like.")
    fight = no_dice(figures=[{"id": "she_wolf_a", "square": (2, 2), "facing": "s"},
                             {"id": "staker_1", "square": (2, 3), "facing": "e"}],
                    active="she_wolf_a", dice=ScriptedDice([1, 6]))
    fight.apply("vampires", CloseAttack("she_wolf_a", "staker_1"))
    assert fight.prompt("hunters") == ("Hunters: Staker 1 may turn to face She-wolf A for free "
                                       "(no points, not an action).")
    assert labels(fight, "hunters") == ["turn Staker 1 to face north",
                                        "keep Staker 1 facing east"]


# -- nothing hidden ---------------------------------------------------------------------------
def _played_games() -> list[Any]:
    states = []
    for i, adventure in enumerate(("into_the_breach", "rescue_van_helsing", "destroy_dracula")):
        st = GAME.new_game(seed=20 + i, adventure=adventure, turn_limit=3)
        rng = random.Random(i)
        for _ in range(rng.randrange(40, 160)):
            if st.is_over:
                break
            seat = st.current_seats()[0]
            st.apply(seat, rng.choice(st.legal_actions(seat)))
            states.append(st.clone())
    return states


def test_prompts_labels_and_the_order_of_legal_actions_show_nothing_hidden() -> None:
    """Resampled for a seat (the others' cards, dice and the secret room redrawn), a state
    gives that seat the same prompt, the same legal actions in the same order, and the
    same labels; the other side's cards never appear in its words."""
    for n, st in enumerate(_played_games()[::7]):
        for seat in st.seats:
            twin = st.resample(seat, n)
            mine = st.legal_actions(seat)
            assert twin.prompt(seat) == st.prompt(seat)
            assert [a.to_json() for a in twin.legal_actions(seat)] == [a.to_json() for a in mine]
            assert [twin.describe_action(seat, a) for a in mine] == labels(st, seat)
            hidden = {say.character(c) for s, h in st.hands.items() if s != seat for c in h}
            hidden |= {say.character(c) for _, s, c in st.timeline if s != seat}
            words = " ".join([st.prompt(seat), *labels(st, seat)])
            assert not any(f"{name}'s Action Card" in words for name in hidden)
