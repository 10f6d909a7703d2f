"""The words the game prints: Mina Harker is "she", counts agree with their nouns (never
"(s)", never "its 0 ..."), the screen says what a ticket's numbers are and starts its
sentences with a capital."""

from __future__ import annotations

import re

import pytest

import gothic_kernel as gk
from fury_modern.arrival import AmbushChoice
from fury_modern.trail import encounters_discarded
from gothic_kernel.play import screen_text

from .helpers import GAME, played, started

MASCULINE = re.compile(r"\b(he|his|him|himself)\b", re.IGNORECASE)
HUNTER_NAMES = ("Lord Godalming", "Dr. Seward", "Van Helsing")


def _games() -> list[gk.GameState]:
    return [played(seed, 700) for seed in (1, 2, 3)]


GAMES = _games()


def test_mina_harker_is_she_in_the_log() -> None:
    """Every entry about Mina alone (no other hunter, not Dracula) speaks of her as a woman."""
    about_her = [e["text"] for state in GAMES for e in state.log(gk.PUBLIC)
                 if "Mina Harker" in e["text"] and "Dracula" not in e["text"]
                 and not any(name in e["text"] for name in HUNTER_NAMES)]
    assert any("Mina Harker ends her move in" in t for t in about_her)
    assert [t for t in about_her if MASCULINE.search(t)] == []


def test_draculas_ambush_prompt_speaks_of_mina_as_her() -> None:
    state = started()
    prompt = AmbushChoice("mina", "madrid").prompt(state, "dracula")
    assert prompt == ("Dracula: Mina Harker ends her move in Madrid; ambush her with an "
                      "encounter, or let her be.")
    assert "ends his move in Paris; ambush him" in \
        AmbushChoice("godalming", "paris").prompt(state, "dracula")


def test_no_count_is_printed_with_a_bracketed_plural() -> None:
    for state in GAMES:
        for seat in (*GAME.seats, gk.PUBLIC):
            assert [e["text"] for e in state.log(seat) if "(s)" in e["text"]] == []
            if seat != gk.PUBLIC:
                assert "(s)" not in screen_text(state, seat)


def test_a_hideout_cleared_says_nothing_of_encounters_when_it_held_none() -> None:
    assert encounters_discarded(0) == ""
    assert encounters_discarded(1) == "; its encounter is discarded"
    assert encounters_discarded(2) == "; its 2 encounters are discarded"
    told = [e["text"] for state in GAMES for e in state.log(gk.PUBLIC)
            if e["kind"] in ("hideout_cleared", "matured")]
    assert told and not [t for t in told if re.search(r"\b0 encounter", t)]


def test_the_screen_says_what_a_tickets_numbers_are() -> None:
    state = started()
    state.hunters["mina"].tickets.append(state.tickets.pop())
    state.invalidate()
    assert "tickets (white/yellow railways): " in " ".join(screen_text(state, "mina").split())


def test_the_hunters_ally_starts_its_sentence_with_a_capital() -> None:
    state = started()
    state.hunter_ally = state.event_deck.take("jonathan_harker")
    state.invalidate()
    lines = [line.strip() for line in screen_text(state, "dracula").splitlines()]
    assert any(line.startswith("The hunters' ally: Jonathan Harker.") for line in lines)
    assert not any(line.startswith("the hunters' ally") for line in lines)


def test_supply_and_rest_labels_say_what_they_do_where_the_hunter_stands() -> None:
    """trial s26 F15: at a hospital Supply still read "draw an event card, and an item in a
    large city" though it draws an item only; Rest read "recover 1 damage" in Dr. Seward's
    city, where a hunter recovers 2."""
    from fury_modern.actions import Rest, Supply

    state = started(hunters=("paris", "rome", "zagreb", "zagreb"))
    label = state.describe_action
    assert label("godalming", Supply()) == "supply (draw an event card and 2 item cards)"
    assert label("van_helsing", Supply()) == \
        "supply (draw an event card; items only in a large city)"
    assert label("van_helsing", Rest()) == "rest (recover 1 damage)"
    state.hunters["van_helsing"].location = "rome"
    assert label("van_helsing", Rest()) == "rest (recover 2 damage: Dr. Seward's city)"
    assert label("van_helsing", Supply()) == "supply (draw an event card and an item card)"
    state.hunters["van_helsing"].location = "madrid_hospital"
    assert label("van_helsing", Supply()) == \
        "supply (draw an item card: at a hospital, items only)"


def test_every_log_entry_starts_with_a_capital() -> None:
    """trial s26 F19: "trail space 6 (a face-down card) is cleared (the Reckless Vampire
    matured); ..." started in lower case, where every other line starts with a capital."""
    cleared = 0
    for state in (*GAMES, played(2, 900)):
        for viewer in (gk.PUBLIC, "dracula", "mina"):
            for entry in state.log(viewer):
                assert not entry["text"][:1].islower(), entry["text"]
                cleared += entry["kind"] == "hideout_cleared"
    assert cleared  # the entries that began in lower case are among them


def test_any_action_is_labelled_for_any_viewer_or_refused_with_illegal_action() -> None:
    """trial s27 G-r: describe_action of an action not listed raised a bare AssertionError
    (while Mina chose the item card she keeps revealed) and KeyError '' (a rail move with
    no ticket). Random actions of every kind, for every seat and the public, get a label
    or IllegalAction; a seat's own listed actions keep the decision's words."""
    from fury_modern.hands import RevealCard

    state = played(3, 0)
    agents = GAME.default_agents(state, 3)
    actions = gk.encoding_for(state).actions
    dice = gk.Dice(3)
    revealing = 0
    for step in range(200):
        if state.is_over:
            break
        revealing += isinstance(state.stack[-1], RevealCard)
        if step % 5 == 0 or isinstance(state.stack[-1], RevealCard):
            for viewer in (*state.seats, gk.PUBLIC):
                for _ in range(25):
                    action = actions.decode(dice.index(actions.num_distinct_actions))
                    try:
                        label = state.describe_action(viewer, action)
                    except gk.IllegalAction:
                        continue
                    assert label.strip() and "\n" not in label
        seat = state.current_seats()[0]
        state.apply(seat, gk.agent_choice(state, seat, agents[seat],
                                          state.legal_actions(seat)))
    assert revealing
    no_ticket = {"type": "move", "to": "geneva", "by": "rail", "ticket": ""}
    with pytest.raises(gk.IllegalAction, match="no ticket called ''"):
        state.describe_action("mina", no_ticket)
