"""fury_modern: a field holding a value nothing open to the seat has is refused naming
that field and value in players' words (no raw ids), with its choices; state unchanged."""

from __future__ import annotations

import re

import attrs
import pytest

import gothic_kernel as gk
from gothic_kernel.testing.fields import bad_field_refusals

from .helpers import GAME, started

#: Raw ids: a seat's id or a word joined by underscores (besides the bad value itself).
RAW_ID = re.compile(r"\b(dracula|godalming|seward|van_helsing|mina)\b|"
                    r"\b(?!zzz_bogus\b)[a-z]+_[a-z_]+\b")


def test_a_bad_field_value_is_named_with_its_field_in_players_words() -> None:
    said = {**bad_field_refusals(GAME, 5, 300), **bad_field_refusals(GAME, 23, 300)}
    assert {("place_encounter", "encounter"), ("start", "city"), ("move", "to")} <= set(said)
    for (kind, field), message in said.items():
        assert "'zzz_bogus'" in message and f"(field {field!r})" in message, (kind, message)
        assert not RAW_ID.search(message), (kind, message)


def test_the_trials_start_city_is_named_with_its_field() -> None:
    state = GAME.new_game(seed=3)
    with pytest.raises(gk.IllegalAction, match=r"^Lord Godalming may not choose 'zzz_bogus': "
                       r"the city \(field 'city'\) must be one of Alicante, "):
        state.apply("godalming", GAME.parse_action({"type": "start", "city": "zzz_bogus"}))


def test_a_real_card_not_held_is_named_where_the_decision_gives_no_reason() -> None:
    """Giving a card one does not hold (a trade): the card is named with the field."""
    state = started()
    state.hunters["godalming"].items = ["knife"]
    state.hunters["seward"].location = state.hunters["godalming"].location
    state.invalidate()
    state.apply("godalming", GAME.parse_action({"type": "trade", "partner": "seward"}))
    seat = state.current_seats()[0]
    give = next(a for a in state.legal_actions(seat) if a.to_json()["type"] == "give")
    before = state.to_json()
    with pytest.raises(gk.IllegalAction, match=r"may not choose Stake: the card \(field 'card'\)"):
        state.apply(seat, GAME.parse_action({**give.to_json(), "card": "stake"}))
    assert state.to_json() == before


def test_an_action_of_another_step_is_refused_with_what_the_hunter_is_asked() -> None:
    """The Round - Hunter Actions: a hunter choosing his action who sends one of another
    step (ending a trade he is not in) is told what he is asked now."""
    state = started()
    with pytest.raises(gk.IllegalAction) as refused:
        state.apply("godalming", GAME.parse_action({"type": "end_trade"}))
    assert str(refused.value) == ("Lord Godalming may not do that now: Lord Godalming (Paris, "
                                  "Monday day): choose your action. "
                                  "[rule: The Round - Hunter Actions]")


def test_a_ticket_and_a_way_to_travel_read_as_players_say_them() -> None:
    """A move by a way or with a ticket a hunter does not have now is refused by the rule it
    breaks, the way to travel said as a word, never as an id ('rail', ticket_1_1)."""
    state = started()
    state.hunters["godalming"].tickets = ["ticket_2_2"]
    state.invalidate()
    road = GAME.parse_action({"type": "move", "to": "brussels", "by": "road", "ticket": ""})
    assert road in state.legal_actions("godalming")
    for by, ticket in (("rail", ""), ("rail", "ticket_1_1"), ("sea", "")):
        with pytest.raises(gk.IllegalAction) as refused:
            state.apply("godalming", attrs.evolve(road, by=by, ticket=ticket))
        assert str(refused.value).startswith(
            f"Lord Godalming cannot reach Brussels by {by} from Paris"), refused.value


@pytest.mark.parametrize(("field", "value", "said"), [
    ("by", "madrid", "Lord Godalming may not choose Madrid: the way to travel (field 'by')"),
    ("by", "ticket_1_1", "may not choose the 1/1 ticket: the way to travel (field 'by')"),
    ("by", "", "may not choose '': the way to travel (field 'by')"),
    ("to", "ticket_1_1", "may not choose the 1/1 ticket: the place (field 'to')"),
    ("to", "", "may not choose '': the place (field 'to')"),
    ("ticket", "madrid", "may not choose Madrid: the ticket (field 'ticket')"),
])
def test_a_move_field_holding_a_word_it_can_never_take_is_named(field: str, value: str,
                                                                said: str) -> None:
    """A place as the way to travel, a ticket as the city, a place as the ticket were
    refused as "cannot reach Berlin by madrid" (trial s26 F5); the field is named, and the
    state is unchanged."""
    state = started()
    road = GAME.parse_action({"type": "move", "to": "brussels", "by": "road", "ticket": ""})
    assert road in state.legal_actions("godalming")
    before = state.to_json()
    with pytest.raises(gk.IllegalAction) as refused:
        state.apply("godalming", attrs.evolve(road, **{field: value}))
    assert said in str(refused.value), refused.value
    assert "cannot reach" not in str(refused.value) and state.to_json() == before


def test_an_action_that_is_no_start_at_the_start_asks_for_the_start_city() -> None:
    """trial s26 F17: a pass, rest or supply at the start-city prompt was refused with "Lord
    Godalming starts in a city other than Castle Dracula", a sentence about another
    mistake; a start in Castle Dracula keeps that one."""
    state = GAME.new_game(seed=1)
    before = state.to_json()
    for kind in ("pass", "rest", "supply"):
        with pytest.raises(gk.IllegalAction, match=r"^Lord Godalming must first choose the "
                                                   r"city where he starts \[rule: Set-up\]"):
            state.apply("godalming", GAME.parse_action({"type": kind}))
    with pytest.raises(gk.IllegalAction, match="starts in a city other than Castle Dracula"):
        state.apply("godalming", GAME.parse_action({"type": "start",
                                                    "city": "castle_dracula"}))
    assert state.to_json() == before
