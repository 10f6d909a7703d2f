"""The Action Timeline ("Action Cards", "Action Card Sequence", "Killed Characters",
"New Characters"), every example played through."""

from __future__ import annotations

import pytest
from dr_helpers import no_dice

import gothic_kernel as gk
from draculas_revenge.actions import EndMove, Pass, PlayCard
from gothic_kernel import IllegalAction

FOUR = [{"id": "she_wolf_a", "square": (0, 0), "facing": "s"},
        {"id": "nosferatu_a", "square": (1, 0), "facing": "s"},
        {"id": "staker_1", "square": (0, 7), "facing": "n"},
        {"id": "crossbow_1", "square": (1, 7), "facing": "n"}]
HANDS = {"vampires": ["nosferatu_a", "she_wolf_a"], "hunters": ["crossbow_1", "staker_1"]}


def lugosi_and_cushing() -> gk.GameState:
    return no_dice(figures=FOUR, hands=HANDS)


def test_action_cards_first_example_both_pass_turns_over_the_last_card() -> None:
    st = lugosi_and_cushing()
    assert st.current_seats() == ("vampires",)  # a tie: the vampire player goes first
    st.apply("vampires", PlayCard("she_wolf_a"))   # card #1
    st.apply("hunters", PlayCard("staker_1"))      # card #2
    st.apply("vampires", Pass())
    st.apply("hunters", PlayCard("crossbow_1"))    # card #3
    st.apply("vampires", Pass())
    # Cushing passes: with no card left his pass is automatic; both passed in a row
    assert st.active == "crossbow_1" and st.current_seats() == ("hunters",)
    assert [c for _, _, c in st.timeline] == ["she_wolf_a", "staker_1"]


def test_action_cards_second_example_automatic_passes() -> None:
    st = lugosi_and_cushing()
    for seat, action in [("vampires", PlayCard("she_wolf_a")), ("hunters", PlayCard("staker_1")),
                         ("vampires", Pass()), ("hunters", PlayCard("crossbow_1")),
                         ("vampires", Pass()), ("hunters", EndMove())]:
        st.apply(seat, action)
    # Lugosi's turn to play or pass; Cushing has no cards and passes automatically.
    assert st.current_seats() == ("vampires",)
    st.apply("vampires", Pass())
    # Ruling: the rule turns over the LAST card of the timeline (card #2, Staker 1);
    # the printed example's "(card #1)" contradicts the rule it illustrates.
    assert st.active == "staker_1"
    st.apply("hunters", EndMove())
    assert st.current_seats() == ("vampires",)
    st.apply("vampires", Pass())
    assert st.active == "she_wolf_a"


def test_action_cards_third_example_forced_play_with_an_empty_timeline() -> None:
    st = lugosi_and_cushing()
    script = [("vampires", PlayCard("she_wolf_a")), ("hunters", PlayCard("staker_1")),
              ("vampires", Pass()), ("hunters", PlayCard("crossbow_1")), ("vampires", Pass()),
              ("hunters", EndMove()), ("vampires", Pass()),
              ("hunters", EndMove()), ("vampires", Pass()), ("vampires", EndMove())]
    for seat, action in script:
        st.apply(seat, action)
    # Once She-Wolf A is done it is Cushing's turn: he has no cards and passes; Lugosi
    # passes too; Cushing cannot play, so Lugosi must play his last card.
    assert st.current_seats() == ("vampires",)
    st.apply("vampires", Pass())
    assert st.legal_actions("vampires") == [PlayCard("nosferatu_a")]
    with pytest.raises(IllegalAction):
        st.apply("vampires", Pass())
    st.apply("vampires", PlayCard("nosferatu_a"))
    assert st.active == "nosferatu_a"  # both pass again: it is turned over
    # "After Nosferatu A is done ... The turn is over."
    st.apply("vampires", EndMove())
    assert st.turn == 2


def test_the_player_with_most_cards_is_first() -> None:
    st = no_dice(figures=FOUR, hands={"vampires": ["she_wolf_a"],
                                      "hunters": ["crossbow_1", "staker_1"]})
    assert st.current_seats() == ("hunters",)


def test_ruling_each_turn_begins_with_the_player_with_most_cards() -> None:
    """Ruling 33: the first player is worked out again as each turn begins (the most cards,
    a tie to the vampire player), not carried over from the turn before, whose last move
    (Nosferatu A's, card #1) made the hunter player the next first player."""
    st = lugosi_and_cushing()
    while st.turn == 1:
        seat = st.current_seats()[0]
        legal = st.legal_actions(seat)
        cards = [a for a in legal if isinstance(a, PlayCard)]
        st.apply(seat, EndMove() if EndMove() in legal else cards[0] if cards else Pass())
    turned = [e["card"] for e in st.log(gk.PUBLIC) if e["kind"] == "activate"]
    assert turned == ["staker_1", "she_wolf_a", "crossbow_1", "nosferatu_a"]
    assert st.current_seats() == ("vampires",)
    first = [e for e in st.log(gk.PUBLIC) if e["kind"] == "first_player"]
    assert [e["seat"] for e in first] == ["vampires", "vampires"]


def test_a_killed_characters_card_is_discarded_when_it_appears() -> None:
    st = lugosi_and_cushing()
    del st.figures["staker_1"]  # killed earlier this turn: its card is still used normally
    st.dead.append("staker_1")
    st.changed()
    st.apply("vampires", Pass())
    st.apply("hunters", PlayCard("staker_1"))
    st.apply("vampires", Pass())
    st.apply("hunters", Pass())
    assert st.active == "" and any(e["kind"] == "discard" for e in st.log(gk.PUBLIC))
    # the next player after the card's owner (the vampires) plays next
    assert st.current_seats() == ("vampires",)


def test_cards_are_face_down_to_the_opponent_and_visible_to_the_owner() -> None:
    st = lugosi_and_cushing()
    st.apply("vampires", PlayCard("she_wolf_a"))
    assert st.observation("vampires")["timeline"][0]["card"] == "she_wolf_a"
    assert st.observation("hunters")["timeline"][0]["card"] is None
    assert st.observation("hunters")["hands"]["vampires"]["cards"] is None
    assert st.observation("hunters")["hands"]["vampires"]["count"] == 1
    texts = [e["text"] for e in st.log("hunters")]
    assert not any("she_wolf_a" in t and "plays" in t for t in texts)


def test_one_active_character_at_a_time_and_its_move_ends_for_good() -> None:
    st = lugosi_and_cushing()
    for seat, action in [("vampires", Pass()), ("hunters", PlayCard("staker_1")),
                         ("vampires", Pass()), ("hunters", Pass())]:
        st.apply(seat, action)
    assert st.active == "staker_1"
    assert all(getattr(a, "character", "staker_1") == "staker_1"
               for a in st.legal_actions("hunters"))
    st.apply("hunters", EndMove())
    assert st.active == "" and "staker_1" not in st.hands["hunters"]


def test_a_sandbox_saves_and_loads() -> None:
    st = lugosi_and_cushing()
    st.apply("vampires", PlayCard("she_wolf_a"))
    game = gk.load_game("draculas_revenge")
    twin = game.from_json(st.to_json())
    assert twin.to_json() == st.to_json()
    assert twin.legal_actions("hunters") == st.legal_actions("hunters")
    assert twin.rules.board.width == 8


def test_cards_turned_over_this_turn_are_public_and_kept_until_the_next_turn() -> None:
    st = lugosi_and_cushing()
    for seat, action in [("vampires", PlayCard("she_wolf_a")), ("hunters", PlayCard("staker_1")),
                         ("vampires", Pass()), ("hunters", Pass())]:
        st.apply(seat, action)
    assert st.active == "staker_1"
    for viewer in ("vampires", gk.PUBLIC):
        assert st.observation(viewer)["discards"] == {"vampires": [], "hunters": ["staker_1"]}
    st.apply("hunters", EndMove())
    assert st.discards["hunters"] == ["staker_1"] and "staker_1" not in st.hands["hunters"]
