"""The kernel's words for a refused field value: which field, how a value reads, the choices."""

from __future__ import annotations

import re

import attrs
import pytest

import gothic_kernel as gk
from gothic_kernel import Action
from gothic_kernel.actions import (
    bad_field_refusal,
    field_refusal,
    known_value,
    must_be,
    shown_value,
    unlisted_field,
)
from gothic_kernel.testing.fields import bad_field_refusals, stale_refusals


@attrs.frozen
class Go(Action):
    to: str
    fast: bool = False


LISTED = [Go("paris"), Go("rome"), Go("rome", True)]
KNOWN = {"paris", "rome", "oslo"}.__contains__


def test_unlisted_field_names_the_first_field_no_listed_action_has() -> None:
    assert unlisted_field(Go("zzz"), LISTED, KNOWN) == ("to", "zzz", ["paris", "rome"])
    assert unlisted_field(Go("paris"), LISTED, KNOWN) is None
    # a real word not open now is left to the decision, unless any value is to be named
    assert unlisted_field(Go("oslo"), LISTED, KNOWN) is None
    assert unlisted_field(Go("oslo"), LISTED, KNOWN, any_value=True) == \
        ("to", "oslo", ["paris", "rome"])
    assert unlisted_field(Go("zzz"), [], KNOWN) is None  # no action of its kind is open


def test_must_be_lists_at_most_eight_choices() -> None:
    assert must_be(["Paris"]) == "Paris"
    assert must_be(["Paris", "Rome"]) == "one of Paris, Rome"
    assert must_be([str(n) for n in range(10)]) == "one of 0, 1, 2, 3, 4, 5, 6, 7 or 2 more"


def test_shown_value_reads_printed_names_words_and_quotes_the_rest() -> None:
    printed = {"van_helsing": "Van Helsing"}.get
    assert shown_value("van_helsing", printed) == "Van Helsing"
    assert shown_value("new_york", printed) == "'new_york'"
    assert shown_value("new_york", printed, known=True) == "new york"
    assert shown_value(("van_helsing", ""), printed, known=True) == "Van Helsing and none"
    assert shown_value((), printed) == "none"
    assert shown_value(True, printed, known=True) == "yes"
    assert shown_value(False, printed) == "no"
    assert shown_value(3, printed) == "3"


def test_known_value_and_field_refusal() -> None:
    assert known_value(("paris", ""), KNOWN) and known_value(3, KNOWN)
    assert not known_value(("paris", "zzz"), KNOWN)
    assert field_refusal("North", "'zzz'", "city", "to", ["Paris", "Rome"]) == \
        "North may not choose 'zzz': the city (field 'to') must be one of Paris, Rome"


def test_bad_field_refusal_reads_values_through_the_games_words() -> None:
    """The one refusal both Fury games give: the value and the choices read through the
    game's words (an unknown value quoted), the field named by the game's noun."""
    word = {"paris": "Paris", "rome": "Rome"}.get
    def noun(name: str) -> str:
        return {"to": "city"}.get(name, name)
    assert bad_field_refusal(Go("zzz"), LISTED, "North", word, noun) == \
        "North may not choose 'zzz': the city (field 'to') must be one of Paris, Rome"
    assert bad_field_refusal(Go("paris"), LISTED, "North", word, noun) is None
    assert bad_field_refusal(Go("paris", True), LISTED[:2], "North", word, noun,
                             any_value=True) == \
        "North may not choose yes: the fast (field 'fast') must be no"


@pytest.mark.parametrize("name", ["fury1987", "fury_modern", "vampyre", "draculas_revenge"])
def test_every_game_refuses_a_bad_field_value_and_stays_unchanged(name: str) -> None:
    """The probe raises if a game accepts a field value no listed action has, or changes
    its state refusing it."""
    said = bad_field_refusals(gk.load_game(name), 5, 200)
    assert said and all(message for message in said.values())


#: A raw id in a refusal: a snake_case word, or a quoted lower-case word (a field's own
#: name, "(field 'x')", is the one quoted word a refusal may hold).
RAW_WORD = re.compile(r"\b[a-z]+_[a-z0-9_]+\b|'[a-z_]+'")


@pytest.mark.parametrize("name", ["fury1987", "fury_modern", "vampyre", "draculas_revenge"])
def test_every_game_refuses_an_earlier_action_in_players_words(name: str) -> None:
    """An action that was legal earlier (a misclick, a stale menu) is refused, the state
    unchanged, in words: no ids such as 'rail', make_camp or ticket_1_1."""
    said = stale_refusals(gk.load_game(name), seed=3, steps=250)
    assert len(said) > 10
    for message in said:
        assert not RAW_WORD.search(re.sub(r"\(field '\w+'\)", "", message)), message
