"""Item cards in combat (Combat; items.toml): each item with a banner chosen through
``apply``, its icons against Dracula's card, its effect, and what Dracula sees of it before
the reveal."""

from __future__ import annotations

import json

import attrs
import pytest

from fury_modern.actions import (
    NO_CARD,
    SEARCH,
    ChooseCombatCard,
    ChooseHunters,
    ChoosePlace,
    Engage,
    PlayCard,
)
from fury_modern.combat import Fight, start_fight
from fury_modern.round import HunterTurns
from fury_modern.state import ModernState

from .helpers import act, public_texts, started, trail_of
from .test_supplement import _fight_mina, _fighting, _round

HAND = ("claws", "fangs", "mesmerize", "plotting", "strength")


@pytest.mark.parametrize(("item", "damage"), [("knife", 3), ("pistol", 2), ("rifle", 2)])
def test_a_weapon_deals_its_damage(item: str, damage: int) -> None:
    state = _fight_mina(HAND, night=False, items=(item,))
    _round(state, item, "claws")  # Pistol's and Rifle's banners show Claws, Knife's not
    blocked = "claws" in state.rules.hunter_cards[item].icons
    assert state.dracula.damage == damage
    assert state.hunters["mina"].damage == (0 if blocked else 2)


def test_a_mesmerized_hunters_weapon_deals_one_less() -> None:
    state = _fight_mina(HAND, night=False, items=("knife",))
    _round(state, "dodge", "mesmerize")  # Dodge's banner lacks Mesmerize: she is mesmerized
    assert "Mina Harker is mesmerized" in " ".join(public_texts(state))
    _round(state, "knife", "claws")
    assert state.dracula.damage == 2  # Knife's 3, one less


def test_strength_at_night_cancels_a_weapon_and_discards_it() -> None:
    state = _fight_mina(HAND, night=True, items=("knife",))
    _round(state, "knife", "strength")  # Knife's banner (Fangs, Escape as Bat) lacks Strength
    assert state.dracula.damage == 0 and state.hunters["mina"].damage == 2
    assert "knife" not in state.hunters["mina"].items
    assert state.item_deck.discards[-1] == "knife"


def test_strength_by_day_cancels_a_weapon_but_it_stays() -> None:
    state = _fight_mina(HAND, night=False, items=("knife",))
    _round(state, "knife", "strength")
    assert state.dracula.damage == 0 and "knife" in state.hunters["mina"].items


def test_a_banner_icon_cancels_draculas_card() -> None:
    state = _fight_mina(HAND, night=True, items=("knife",))
    _round(state, "knife", "fangs")  # Knife shows Fangs: cancelled, no bite, no damage to her
    assert state.hunters["mina"].damage == 0 and state.hunters["mina"].bites == 0
    assert state.dracula.damage == 3


def test_crucifix_cancelling_fangs_deals_three() -> None:
    state = _fight_mina(HAND, night=False, items=("crucifix",))
    _round(state, "crucifix", "fangs")
    assert state.dracula.damage == 3 and state.hunters["mina"].damage == 0


def test_crucifix_not_cancelling_deals_nothing() -> None:
    state = _fight_mina(HAND, night=False, items=("crucifix",))
    _round(state, "crucifix", "claws")
    assert state.dracula.damage == 0 and state.hunters["mina"].damage == 2


def test_garlic_against_fangs_deals_two() -> None:
    state = _fight_mina(HAND, night=False, items=("garlic",))
    _round(state, "garlic", "fangs")
    assert state.dracula.damage == 2 and state.hunters["mina"].damage == 0


def test_heavenly_host_not_against_fangs_deals_four_and_is_discarded() -> None:
    state = _fight_mina(HAND, night=False, items=("heavenly_host",))
    _round(state, "heavenly_host", "claws")
    assert state.dracula.damage == 4
    assert "heavenly_host" not in state.hunters["mina"].items
    assert state.item_deck.discards[-1] == "heavenly_host"


def test_holy_circle_takes_the_hunter_out_and_is_discarded() -> None:
    state = _fight_mina(HAND, night=False, items=("holy_circle",))
    _round(state, "holy_circle", "claws")  # its banner shows every icon: Claws cancelled
    assert state.hunters["mina"].damage == 0
    assert not _fighting(state)
    assert state.item_deck.discards[-1] == "holy_circle"


def _holy_circle_with_seward() -> ModernState:
    """Lord Godalming (with Holy Circle) and Dr. Seward fight Dracula in Berlin by day; Dracula
    engages Godalming, whose Holy Circle cancels Claws; Seward plays Punch."""
    state = started(seed=2)
    for seat in ("godalming", "seward"):
        state.hunters[seat].location = "berlin"
    state.hunters["godalming"].items.append(state.item_deck.take("holy_circle"))
    start_fight(state, ("godalming", "seward"), "berlin", night=False)
    while state.stack[-1].KIND == "card_window":
        state.apply(state.current_seats()[0], NO_CARD)
    fight = state.stack[-1]
    assert isinstance(fight, Fight)
    state.combat_deck.cards += list(fight.hand)
    hand = ("claws", "fangs", "mesmerize", "plotting", "strength")
    for card in hand:
        state.combat_deck.take(card)
    state.stack[-1] = attrs.evolve(fight, hand=hand)
    state.invalidate()
    act(state, "godalming", ChooseCombatCard("holy_circle"))
    act(state, "seward", ChooseCombatCard("punch"))
    act(state, "dracula", ChooseCombatCard("claws"))
    act(state, "dracula", Engage("godalming"))
    return state


def test_holy_circle_chooses_one_or_more_hunters_of_the_combat() -> None:
    state = _holy_circle_with_seward()
    assert state.current_seats() == ("godalming",)
    assert state.legal_actions("godalming") == [
        ChooseHunters(("godalming",)), ChooseHunters(("seward",)),
        ChooseHunters(("godalming", "seward"))]
    assert "holy_circle" not in state.item_deck.discards  # discarded after the round


def test_holy_circle_may_take_the_companion_out_and_leave_its_player_fighting() -> None:
    state = _holy_circle_with_seward()
    act(state, "godalming", ChooseHunters(("seward",)))
    fight = state.stack[-1]
    assert isinstance(fight, Fight) and fight.hunters == ("godalming",)
    assert state.dracula.damage == 0  # Seward left before his Punch resolved
    assert state.item_deck.discards[-1] == "holy_circle"


def test_holy_circle_may_take_every_hunter_out_ending_the_combat() -> None:
    state = _holy_circle_with_seward()
    act(state, "godalming", ChooseHunters(("godalming", "seward")))
    assert not _fighting(state)
    assert "Dr. Seward leaves the combat (Holy Circle)." in public_texts(state)


def test_items_without_a_banner_are_never_combat_cards() -> None:
    state = _fight_mina(HAND, night=False, items=("stake", "dogs", "fast_horses"))
    assert {a.card for a in state.legal_actions("mina") if isinstance(a, ChooseCombatCard)} \
        == {"punch", "dodge", "escape"}


def test_dracula_does_not_see_the_item_chosen_before_the_reveal() -> None:
    state = _fight_mina(HAND, night=False, items=("knife",))
    act(state, "mina", ChooseCombatCard("knife"))
    assert "knife" not in json.dumps(state.observation("dracula"))
    assert "knife" in json.dumps(state.observation("mina"))


# -- items without a banner -------------------------------------------------------------------

def test_garlic_wreath_at_the_start_of_a_combat_punishes_each_fangs() -> None:
    state = started(dracula="prague", hunters=("berlin", "paris", "rome", "vienna"))
    state.hunters["godalming"].items.append(state.item_deck.take("garlic_wreath"))
    state.invalidate()
    start_fight(state, ("godalming",), "berlin", night=False)
    assert state.legal_actions("godalming") == [NO_CARD, PlayCard("garlic_wreath")]
    act(state, "godalming", PlayCard("garlic_wreath"))
    act(state, "godalming", NO_CARD)
    fight = state.stack[-1]
    assert isinstance(fight, Fight) and fight.wreaths == ("godalming",)
    assert state.item_deck.discards[-1] == "garlic_wreath"
    hand = ("claws", "fangs", "mesmerize", "plotting", "strength")
    _set_hand(state, hand)
    act(state, "godalming", ChooseCombatCard("escape"))  # Escape's banner lacks Fangs
    act(state, "dracula", ChooseCombatCard("fangs"))
    assert state.hunters["godalming"].damage == 2
    assert "Dracula suffers 4 damage (Lord Godalming's Garlic Wreath)" in \
        " ".join(public_texts(state))


def test_garlic_wreath_is_torn_away_by_claws() -> None:
    state = started(dracula="prague", hunters=("berlin", "paris", "rome", "vienna"))
    state.hunters["godalming"].items.append(state.item_deck.take("garlic_wreath"))
    state.invalidate()
    start_fight(state, ("godalming",), "berlin", night=False)
    act(state, "godalming", PlayCard("garlic_wreath"))
    act(state, "godalming", NO_CARD)
    _set_hand(state, ("claws", "fangs", "mesmerize", "plotting", "strength"))
    act(state, "godalming", ChooseCombatCard("punch"))
    act(state, "dracula", ChooseCombatCard("claws"))
    fight = state.stack[-1]
    assert isinstance(fight, Fight) and fight.wreaths == ()


def _set_hand(state: ModernState, hand: tuple[str, ...]) -> None:
    fight = state.stack[-1]
    assert isinstance(fight, Fight)
    deck = [*state.combat_deck.cards, *fight.hand]
    for card in hand:
        deck.remove(card)
    state.combat_deck.cards = deck
    state.stack[-1] = attrs.evolve(fight, hand=tuple(sorted(hand)))
    state.invalidate()


def test_fast_horses_ride_up_to_the_yellow_value_and_come_back_to_hand() -> None:
    state = started()  # Godalming in Paris, by day
    state.hunters["godalming"].items.append(state.item_deck.take("fast_horses"))
    state.tickets = ["ticket_3_2"]
    state.invalidate()
    act(state, "godalming", PlayCard("fast_horses"))
    assert "ride up to 2 roads" in state.prompt("godalming")
    reach = {a.place for a in state.legal_actions("godalming") if isinstance(a, ChoosePlace)}
    assert "brussels" in reach and "amsterdam" in reach and "paris" not in reach
    act(state, "godalming", ChoosePlace("amsterdam"))
    assert state.hunters["godalming"].location == "amsterdam"
    assert state.hunters["godalming"].items == ["fast_horses"]
    assert state.tickets == ["ticket_3_2"]
    assert "Lord Godalming rides (Fast Horses) to Amsterdam." in public_texts(state)
    assert state.current_seats() == ("seward",)


def test_fast_horses_with_no_yellow_value_ride_one_road_and_are_discarded() -> None:
    state = started()
    state.hunters["godalming"].items.append(state.item_deck.take("fast_horses"))
    state.tickets = ["ticket_1"]
    state.invalidate()
    act(state, "godalming", PlayCard("fast_horses"))
    assert {a.place for a in state.legal_actions("godalming")} == set(state.board.roads("paris"))
    act(state, "godalming", ChoosePlace("brussels"))
    assert "fast_horses" not in state.hunters["godalming"].items
    assert state.item_deck.discards[-1] == "fast_horses"


def test_fast_horses_are_a_day_action_only() -> None:
    state = started()
    state.hunters["godalming"].items.append(state.item_deck.take("fast_horses"))
    state.stack[-1] = HunterTurns(night=True)
    state.invalidate()
    assert PlayCard("fast_horses") not in state.legal_actions("godalming")


def _search_meeting(encounter: str, item: str) -> ModernState:
    state = started(dracula="berlin", hunters=("brussels", "madrid", "rome", "vienna"))
    trail_of(state, "berlin", "brussels")
    state.trail[1].revealed = True
    state.trail[1].add_encounter(encounter)
    state.encounter_deck.cards.remove(encounter)
    state.hunters["godalming"].items.append(state.item_deck.take(item))
    state.invalidate()
    act(state, "godalming", SEARCH)
    return state


def test_dogs_revealed_before_a_search_drive_off_the_wolves() -> None:
    state = _search_meeting("wolves", "dogs")
    assert state.hunters["godalming"].damage == 0
    assert state.hunters["godalming"].items == ["dogs"]  # Dogs are kept
    assert state.encounter_deck.discards[-1] == "wolves"
    assert "Lord Godalming reveals Dogs: the Wolves is driven off and discarded." in \
        public_texts(state)


def test_a_stake_discarded_destroys_a_vampire_a_search_turns_up() -> None:
    state = _search_meeting("new_vampire", "stake")
    assert not any(isinstance(d, Fight) for d in state.stack)
    assert state.hunters["godalming"].items == []
    assert state.item_deck.discards[-1] == "stake"
    assert state.encounter_deck.discards[-1] == "new_vampire"
    assert state.trail[1].encounters == []


def test_dogs_do_nothing_against_a_vampire() -> None:
    state = _search_meeting("new_vampire", "dogs")
    assert any(isinstance(d, Fight) for d in state.stack)


def test_sister_agatha_as_an_ally_hurts_dracula_when_he_plays_fangs() -> None:
    state = _fight_mina(HAND, night=False)
    state.hunter_ally = "sister_agatha"
    state.event_deck.take("sister_agatha")
    state.invalidate()
    _round(state, "dodge", "fangs")  # cancelled by Dodge, but played all the same
    assert state.dracula.damage == 2
    assert "Dracula suffers 2 damage (Sister Agatha)" in " ".join(public_texts(state))


def test_sister_agatha_ruling_in_a_vampires_fight_dracula_suffers_the_two() -> None:
    """A ruling: Sister Agatha punishes "Dracula" who "plays" the card; in a vampire's fight
    he plays it too, so he suffers the 2, not the vampire."""
    state = _fight_mina(HAND, night=False)
    state.hunter_ally = "sister_agatha"
    state.event_deck.take("sister_agatha")
    if "new_vampire" in state.encounter_deck.cards:
        state.encounter_deck.take("new_vampire")
    else:
        state.dracula.encounters.remove("new_vampire")
    state.stack[-1] = attrs.evolve(state.stack[-1], vampire="new_vampire", wounds=1)
    state.invalidate()
    _round(state, "dodge", "fangs")  # cancelled by Dodge, but played all the same
    assert state.dracula.damage == 2
    fight = next(d for d in state.stack if isinstance(d, Fight))
    assert fight.wounds == 1


def test_sister_agatha_leaves_claws_alone() -> None:
    state = _fight_mina(HAND, night=False)
    state.hunter_ally = "sister_agatha"
    state.event_deck.take("sister_agatha")
    state.invalidate()
    _round(state, "dodge", "claws")
    assert state.dracula.damage == 0
