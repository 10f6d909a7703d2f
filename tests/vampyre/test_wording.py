"""What each player is asked (``prompt``) and what each choice is called
(``describe_action``), in the rulebook's words; seats by the names the log uses."""

from __future__ import annotations

from gothic_kernel import PUBLIC
from vampyre.actions import (
    FIRE,
    HEAL_WOUND,
    HOLD_FIRE,
    MAKE_CAMP,
    REST,
    SEARCH,
    TAKE_TURN,
    ChooseItem,
    LeadAstray,
    LookAtCounter,
    Move,
)
from vampyre.state import NOSFERATU, PLAYER_WEREWOLF, THE_STANDING_STONES

from .helpers import GAME, QUIET_NIGHT, camp_in, give, new, put, script, turn_of, two_dice
from .test_castle import castle, enter, guardian
from .test_encounters import occurrence
from .test_winning import coffin_search, take_coffins


def labels(state, seat: str) -> list[str]:  # type: ignore[no-untyped-def]
    return [state.describe_action(seat, a) for a in state.legal_actions(seat)]


def test_seats_are_named_as_the_log_names_them() -> None:
    assert [GAME.seat_name(s) for s in GAME.seats] == [
        "Harker", "Mina", "Van Helsing", "Godalming", "Morris", "Seward"]


def test_a_move_prompt_gives_the_roll_and_labels_name_each_end() -> None:
    state = new()
    put(state, "harker", "hex_06_02")
    turn_of(state, "harker", 1)
    assert state.prompt("harker") == "Harker rolled 1: choose where to move"
    assert state.prompt("mina") == "Waiting for Harker."
    assert state.describe_action("harker", Move("bistritz")) == "move to Bistritz"
    assert state.describe_action("harker", Move("hex_07_02")) == \
        "move to the forest hex at 07.02"
    assert "move to Bistritz" in labels(state, "harker")
    assert state.observation(PUBLIC)["pending"]["text"] == state.prompt("harker")


def test_a_nosferatu_flies_and_an_attack_names_the_opponent() -> None:
    state = new()
    put(state, "mina", "hex_09_05")
    put(state, "harker", "hex_10_05")
    state.players["mina"].form = NOSFERATU
    state.players["mina"].bites = 3
    turn_of(state, "mina", 1)
    assert state.prompt("mina") == "Mina, a nosferatu, rolled 1: choose where to fly"
    assert state.describe_action("mina", Move("hex_10_05", "harker")) == \
        "move to the forest hex at 10.05 and attack Harker (vampire hunter)"
    state.players["mina"].form = PLAYER_WEREWOLF
    turn_of(state, "harker", 1)
    assert state.describe_action("harker", Move("hex_09_05", "mina")) == \
        "move to the forest hex at 09.05 and attack Mina (player werewolf)"


def test_a_search_names_the_large_hex() -> None:
    state = new()
    put(state, "harker", "hex_06_02")
    turn_of(state, "harker", 1)
    script(state, [1] * 10)
    state.apply("harker", Move("bistritz"))
    assert state.prompt("harker") == ("Harker has stopped in Bistritz: search it (turn over "
                                      "the top counter) or make camp without searching")
    assert labels(state, "harker") == ["search Bistritz", "make camp without searching"]
    assert state.describe_action("harker", SEARCH) == "search Bistritz"
    assert state.describe_action("harker", MAKE_CAMP) == "make camp without searching"


def test_the_silver_bullet_is_fired_or_kept() -> None:
    state = new()
    give(state, "harker", "silver_bullet")
    camp_in(state, "harker", "evil", [*two_dice(8)])  # werewolf
    assert state.prompt("harker") == ("A werewolf attacks Harker: fire the silver bullet to "
                                      "slay it, or keep the bullet")
    assert labels(state, "harker") == ["fire the silver bullet", "keep the silver bullet"]
    assert state.legal_actions("harker") == [FIRE, HOLD_FIRE]


def test_the_silver_bullet_against_a_player_werewolf_is_declared_before_the_die() -> None:
    state = new()
    give(state, "harker", "silver_bullet")
    put(state, "harker", "hex_09_05")
    put(state, "mina", "hex_10_05")
    state.players["mina"].form = PLAYER_WEREWOLF
    state.players["mina"].bites = 2
    turn_of(state, "harker", 1)
    script(state, [*QUIET_NIGHT, *[1] * 20])
    state.apply("harker", Move("hex_10_05", "mina"))
    assert state.prompt("harker") == ("Harker fights Mina (player werewolf): declare before "
                                      "the combat die is rolled whether the silver bullet is "
                                      "used")


def test_the_lost_player_is_led_astray_by_the_player_on_the_left() -> None:
    state = occurrence(5, [4])
    assert state.prompt("mina") == ("Harker is lost: Mina rolled 4; choose where to move "
                                    "Harker's counter 4 hexes, a walk of 4 that enters no hex "
                                    "twice, so it may end nearer (terrain effects are "
                                    "ignored)")
    first = state.legal_actions("mina")[0]
    assert isinstance(first, LeadAstray)
    assert state.describe_action("mina", first) == \
        f"lead Harker astray to {state.place(first.to)}"


def test_a_secret_look_names_the_hex_never_the_counter() -> None:
    state = occurrence(10)
    assert state.prompt("harker") == ("Harker may look in secret at the top counter of one "
                                      "large hex: choose which")
    assert state.describe_action("harker", LookAtCounter("bistritz")) == \
        "look at the top counter of Bistritz"
    counters = set(state.rules.names[k] for k in state.rules.black_counters.values())
    assert not any(name in label for label in labels(state, "harker") for name in counters)


def test_the_winner_of_the_basic_game_chooses_an_item() -> None:
    state = new(stage="extended")
    take_coffins(state, "harker", 2)
    from .test_searching import stack

    stack(state, "coffin")
    coffin_search(state)
    assert state.prompt("harker") == ("Harker has won the Basic Game: choose a useful item to "
                                      "take into Castle Dracula")
    assert state.describe_action("harker", ChooseItem("the_host")) == "take The Host"
    assert state.describe_action("harker", ChooseItem("knife")) == "take the Knife"


def test_a_wounded_hunter_in_castle_dracula_may_cure_the_wound() -> None:
    state = castle()
    guardian(state, "guardroom", "zombie")
    enter(state, "guardroom", [1])
    turn_of(state, "harker")
    hour = state.observation(PUBLIC)["castle"]["clock_text"]
    assert state.prompt("harker") == (f"At {hour}, Harker is wounded: lose this turn to cure "
                                      "the wound, or ignore it and play on (a second wound "
                                      "kills)")
    assert labels(state, "harker") == ["ignore the wound and play on",
                                       "lose this turn to cure the wound"]
    assert state.describe_action("harker", HEAL_WOUND) == "lose this turn to cure the wound"


def test_castle_moves_give_the_hour_and_name_a_face_down_guardian() -> None:
    state = castle()
    put(state, "harker", "inner_ward_south")
    turn_of(state, "harker", 1)
    hour = state.observation(PUBLIC)["castle"]["clock_text"]
    assert state.prompt("harker") == f"At {hour}, Harker rolled 1: choose where to move"
    assert state.describe_action("harker", Move("guardroom")) == \
        "move to the Guardroom and reveal the guardian there"
    assert state.describe_action("harker", Move("guardroom", "count_dracula")) == \
        "move to the Guardroom and attack Count Dracula"


def test_the_standing_stones_offer_their_cure() -> None:
    state = new()
    state.players["harker"].bites = 1
    put(state, "harker", THE_STANDING_STONES)
    turn_of(state, "harker")
    assert state.prompt("harker") == ("Harker is among The Standing Stones: spend this turn "
                                      "there to be cured of every vampire bite (once a game), "
                                      "or take the turn as usual")
    assert labels(state, "harker") == ["take the turn as usual",
                                       "spend the turn among The Standing Stones to be cured"]
    assert state.legal_actions("harker") == [TAKE_TURN, REST]


def test_a_label_of_an_action_not_listed_is_still_words() -> None:
    state = new()
    turn_of(state, "harker", 1)
    assert state.describe_action("harker", Move("atlantis")) == "move to 'atlantis'"
    assert state.describe_action("harker", Move("bistritz", "dracula")) == \
        "move to Bistritz and attack 'dracula'"
    assert state.describe_action("harker", ChooseItem("sword")) == "take 'sword'"
