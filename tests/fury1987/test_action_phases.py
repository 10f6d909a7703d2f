"""The Hunters' Action Phases: Searching, Meeting Dracula, New Weapons and Events."""

from __future__ import annotations

from collections import Counter

import pytest

from fury1987.actions import (
    ATTACK_DRACULA,
    KEEP_WEAPONS,
    LET_DRACULA_BE,
    STAY_PUT,
    DiscardEvent,
    DiscardWeapon,
    MoveTo,
    TakeItems,
)
from gothic_kernel import PUBLIC

from .helpers import act, dracula_turn, hunters_stay, kind, quiet_turn, started


def godalming_moves(state, to: str) -> None:  # type: ignore[no-untyped-def]
    dracula_turn(state, STAY_PUT)
    act(state, "godalming", MoveTo(to))


def test_searching_reveals_the_encounter_to_everyone() -> None:
    state = started(godalming="paris", dracula="athens", seward="madrid",
                    van_helsing="london")
    state.chart["brussels"] = "hoax"
    state.encounter_pool.bag.remove("hoax")
    state.invalidate()
    godalming_moves(state, "brussels")
    found = [e for e in state.log(PUBLIC) if e["kind"] == "encounter_found"]
    assert found[-1]["chit"] == "hoax" and found[-1]["town"] == "brussels"


def test_meeting_dracula_the_piece_goes_on_the_map_and_combat_is_optional() -> None:
    state = started(godalming="paris", dracula="brussels", seward="madrid",
                    van_helsing="london")
    dracula_turn(state, STAY_PUT)
    act(state, "godalming", MoveTo("brussels"))
    assert state.observation(PUBLIC)["dracula"]["shown_at"] == "brussels"
    assert state.legal_actions("godalming") == [ATTACK_DRACULA, LET_DRACULA_BE]
    act(state, "godalming", LET_DRACULA_BE)
    assert kind(state) == "item_choice"  # he may still take items
    act(state, "godalming", TakeItems())
    assert state.current_seats() == ("seward",)
    assert state.observation(PUBLIC)["dracula"]["shown_at"] == "brussels"
    hunters_stay(state)
    # Back on the Strategy & Movement Chart at his next Movement Phase.
    assert state.current_seats() == ("dracula",)
    assert state.observation(PUBLIC)["dracula"]["shown_at"] is None


def test_meeting_the_local_rumours() -> None:
    state = started(godalming="le_havre", dracula="paris", seward="madrid",
                    van_helsing="london")
    dracula_turn(state, MoveTo("brussels"))
    act(state, "godalming", MoveTo("paris"))
    assert any(e["kind"] == "rumours_found" for e in state.log(PUBLIC))


def test_an_empty_town() -> None:
    state = started(godalming="paris", dracula="athens", seward="madrid",
                    van_helsing="london")
    godalming_moves(state, "brussels")
    assert state.log(PUBLIC)[-1]["kind"] == "town_empty"


def test_items_one_in_a_small_town_two_in_a_large_town() -> None:
    state = started(godalming="paris", dracula="athens", seward="madrid",
                    van_helsing="london")
    godalming_moves(state, "clermont_ferrand")  # a small Town
    sizes = {len(a.weapons) + len(a.events) for a in state.legal_actions("godalming")}
    assert sizes == {0, 1}
    state = started(godalming="paris", dracula="athens", seward="madrid",
                    van_helsing="london")
    godalming_moves(state, "brussels")  # a large Town
    options = state.legal_actions("godalming")
    assert {len(a.weapons) + len(a.events) for a in options} == {0, 1, 2}
    assert TakeItems(("godalming",), ("godalming",)) in options


def test_items_weapons_at_random_and_events_from_the_bottom() -> None:
    state = started(godalming="paris", dracula="athens", seward="madrid",
                    van_helsing="london")
    godalming_moves(state, "brussels")
    bottom = state.event_deck.cards[0]
    act(state, "godalming", TakeItems(("godalming",), ("godalming",)))
    assert len(state.hunters["godalming"].weapons) == 2
    back = state.rules.events[bottom].back
    holder = state.dracula.events if back == "bat" else state.hunters["godalming"].events
    assert holder == [bottom]
    assert kind(state) == "new_weapons"
    act(state, "godalming", KEEP_WEAPONS)


def test_a_bat_card_goes_to_dracula_unseen() -> None:
    state = started(godalming="paris", dracula="athens", seward="madrid",
                    van_helsing="london")
    bat = next(c for c in state.event_deck.cards if state.rules.events[c].back == "bat")
    state.event_deck.cards.remove(bat)
    state.event_deck.cards.insert(0, bat)
    godalming_moves(state, "clermont_ferrand")
    act(state, "godalming", TakeItems((), ("godalming",)))
    assert state.dracula.events == [bat] and state.hunters["godalming"].events == []
    assert bat not in str(state.log("godalming")[-2:])
    assert state.observation("godalming")["dracula"]["event_cards"] == 1


def test_items_only_once_per_visit_and_not_after_not_moving() -> None:
    state = started(godalming="paris", dracula="athens", seward="madrid",
                    van_helsing="london")
    godalming_moves(state, "brussels")
    act(state, "godalming", TakeItems())
    hunters_stay(state)
    dracula_turn(state, STAY_PUT)
    act(state, "godalming", STAY_PUT)
    assert kind(state) != "item_choice"  # "he cannot take any items in later Action Phases"


def test_items_never_in_castle_dracula() -> None:
    state = started(godalming="klausenberg", dracula="athens", seward="madrid",
                    van_helsing="london")
    godalming_moves(state, "castle_dracula")
    assert kind(state) != "item_choice"
    assert state.hunters["godalming"].valour == 3  # entering the Castle, first time


def test_never_more_than_three_weapon_chits_the_hunter_chooses() -> None:
    state = started(godalming="paris", dracula="athens", seward="madrid",
                    van_helsing="london")
    hunter = state.hunters["godalming"]
    state.weapons_pool.bag.extend(hunter.weapons)
    hunter.weapons = [state.weapons_pool.take(w) for w in ("knife", "pistol", "rifle")]
    state.invalidate()
    godalming_moves(state, "brussels")
    act(state, "godalming", TakeItems(("godalming", "godalming"), ()))
    assert len(hunter.weapons) == 5
    assert KEEP_WEAPONS not in state.legal_actions("godalming")
    first, second = "pistol", hunter.weapons[-1]
    act(state, "godalming", DiscardWeapon(first))
    act(state, "godalming", DiscardWeapon(second))
    assert len(hunter.weapons) == 3
    assert Counter(state.weapons_pool.aside) == Counter([first, second])  # put aside
    act(state, "godalming", KEEP_WEAPONS)


def test_discarded_weapons_are_remixed_when_the_pool_runs_out() -> None:
    state = started()
    state.weapons_pool.aside.extend(state.weapons_pool.bag)
    state.weapons_pool.bag.clear()
    state.public_weapon_discards.extend(["stake"])
    drawn = state.draw_weapon_chit()
    assert drawn is not None and state.weapons_pool.aside == []
    assert state.public_weapon_discards == []


def test_never_more_than_three_event_cards() -> None:
    state = started(godalming="paris", dracula="athens", seward="madrid",
                    van_helsing="london")
    crosses = [c for c in state.event_deck.cards if state.rules.events[c].back == "cross"
               and state.rules.events[c].keep]
    for card in crosses[:3]:
        state.event_deck.cards.remove(card)
        state.hunters["godalming"].events.append(card)
    nxt = crosses[3]
    state.event_deck.cards.remove(nxt)
    state.event_deck.cards.insert(0, nxt)
    state.invalidate()
    godalming_moves(state, "clermont_ferrand")
    act(state, "godalming", TakeItems((), ("godalming",)))
    assert kind(state) == "event_discard"
    act(state, "godalming", DiscardEvent(nxt))
    assert len(state.hunters["godalming"].events) == 3
    assert state.event_deck.discards == [nxt]


def test_the_top_card_of_the_draw_pile_is_never_taken() -> None:
    state = started(godalming="paris", dracula="athens", seward="madrid",
                    van_helsing="london")
    deck = state.event_deck
    top = deck.cards[-1]
    del deck.cards[:-1]  # only the top card is left, and there are no discards
    assert not deck.can_draw()
    godalming_moves(state, "clermont_ferrand")
    act(state, "godalming", TakeItems((), ("godalming",)))
    assert deck.cards == [top] and state.hunters["godalming"].events == []
    assert state.log(PUBLIC)[-1]["kind"] == "no_event"


def test_at_sea_no_action_phase() -> None:
    state = started(godalming="amsterdam", dracula="athens", seward="madrid",
                    van_helsing="london")
    godalming_moves(state, "north_sea")
    assert state.current_seats() == ("seward",)


@pytest.mark.parametrize("town", ["paris", "vienna"])
def test_a_hunter_who_passed_has_no_action_phase(town: str) -> None:
    state = started(godalming=town, dracula="athens", seward="madrid", van_helsing="london")
    dracula_turn(state, STAY_PUT)
    quiet_turn(state, "godalming", state.legal_actions("godalming")[-2])  # Pass
    while state.current_seats() == ("godalming",):
        act(state, "godalming", state.legal_actions("godalming")[0])
    assert state.current_seats() == ("seward",)


def test_sequence_of_play_dracula_then_godalming_seward_van_helsing() -> None:
    state = started(godalming="paris", dracula="athens", seward="madrid",
                    van_helsing="london")
    order = []
    for _ in range(2):
        assert state.current_seats() == ("dracula",)
        dracula_turn(state, STAY_PUT)
        for seat in ("godalming", "seward", "van_helsing"):
            order.append(state.current_seats())
            quiet_turn(state, seat)
    assert order == [("godalming",), ("seward",), ("van_helsing",)] * 2
    assert state.current_seats() == ("dracula",)


def test_entering_castle_dracula_earns_valour_the_first_time_only() -> None:
    state = started(godalming="klausenberg", dracula="athens", seward="madrid",
                    van_helsing="london")
    godalming_moves(state, "castle_dracula")
    hunters_stay(state)
    godalming_moves(state, "galatz")
    act(state, "godalming", TakeItems())
    hunters_stay(state)
    godalming_moves(state, "castle_dracula")
    assert state.hunters["godalming"].valour == 3  # "only given the first time"


def test_the_encounter_pool_is_remixed_from_the_discards_when_it_runs_out() -> None:
    state = started()
    pool = state.encounter_pool
    seen = list(pool.bag)
    pool.aside.extend(pool.bag)
    state.public_encounter_discards.extend(pool.bag)
    pool.bag.clear()
    drawn = state.draw_encounter_chit()
    assert drawn is not None and pool.aside == [] and len(pool.bag) == len(seen) - 1
    # (behind the SM Screen: the record of what the Hunters saw discarded stays: ruling 75)
    assert state.public_encounter_discards == seen


def test_not_moving_a_hunter_still_faces_the_encounter() -> None:
    state = started(godalming="brussels", dracula="athens", seward="madrid",
                    van_helsing="london")
    state.chart["brussels"] = state.encounter_pool.take("hoax")
    state.invalidate()
    dracula_turn(state, STAY_PUT)
    act(state, "godalming", STAY_PUT)
    assert "brussels" not in state.chart  # he "must face any Encounters that are present"
    assert any(e["kind"] == "hoax" for e in state.log(PUBLIC))

