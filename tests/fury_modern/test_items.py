"""Item cards in combat (Combat; items.toml): each item with a banner chosen through
``apply``, its icons against Dracula's card, its effect, and what Dracula sees of it before
the reveal."""

from __future__ import annotations

import json

import pytest

from fury_modern.actions import ChooseCombatCard

from .helpers import act, public_texts
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


def test_items_without_a_banner_are_never_combat_cards() -> None:
    state = _fight_mina(HAND, night=False, items=("stake", "dogs", "fast_horses"))
    assert {a.card for a in state.legal_actions("mina") if isinstance(a, ChooseCombatCard)} \
        == {"punch", "dodge", "escape"}


def test_dracula_does_not_see_the_item_chosen_before_the_reveal() -> None:
    state = _fight_mina(HAND, night=False, items=("knife",))
    act(state, "mina", ChooseCombatCard("knife"))
    assert "knife" not in json.dumps(state.observation("dracula"))
    assert "knife" in json.dumps(state.observation("mina"))
