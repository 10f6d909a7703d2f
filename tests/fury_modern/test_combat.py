"""Combat, and the supplement's Combat Example reproduced round by round."""

from __future__ import annotations

import attrs
import pytest

from fury_modern.actions import NO_CARD, ChooseCombatCard, Engage, MoveTo
from fury_modern.combat import Fight, Stage, start_fight
from fury_modern.state import Hideout, ModernState

from .helpers import act, public_texts, started


def _fight(state: ModernState) -> Fight:
    while state.stack[-1].KIND == "card_window":  # nobody plays a card at its start
        state.apply(state.current_seats()[0], NO_CARD)
    top = state.stack[-1]
    assert isinstance(top, Fight)
    return top


def _mina_at_dusk_in_the_second_week(hand: tuple[str, ...]) -> ModernState:
    """Dracula and Mina in Munich at dusk, one despair token; Dracula holds ``hand``."""
    state = started(seed=5)
    state.despair = 1
    state.time = 3  # Tuesday night: the dusk of the second week
    state.hunters["mina"].location = "munich"
    state.hunters["mina"].items = ["pistol"]
    start_fight(state, ("mina",), "munich", night=True)
    fight = _fight(state)
    state.combat_deck.cards += [c for c in fight.hand]
    for card in hand:
        state.combat_deck.cards.remove(card)
    state.stack[-1] = Fight(True, ("mina",), "munich", hand=tuple(sorted(hand)),
                            hands={"mina": ("punch", "dodge", "escape", "pistol")})
    state.invalidate()
    return state


def test_combat_example_round_by_round() -> None:
    """Combat Example: Claws against Punch, Strength against Dodge, then an escape card."""
    state = _mina_at_dusk_in_the_second_week(
        ("claws", "strength", "escape_as_mist", "fangs", "plotting"))
    # Round 1: no icon on Punch's banner matches Claws; at night Mina suffers four damage;
    # then her Punch deals Dracula one.
    assert ChooseCombatCard("escape_as_mist") not in state.legal_actions("dracula")  # Pride
    act(state, "mina", ChooseCombatCard("punch"))
    act(state, "dracula", ChooseCombatCard("claws"))
    assert state.hunters["mina"].damage == 4
    assert state.dracula.damage == 1
    fight = _fight(state)
    assert fight.round == 2 and fight.played == ("claws",)
    assert len(fight.hand) == 5  # he drew one combat card
    assert ChooseCombatCard("punch") not in state.legal_actions("mina")  # Punch stays out
    # Round 2: Dodge's banner matches Strength, which is cancelled; Dodge has no effect.
    assert ChooseCombatCard("escape_as_mist") not in state.legal_actions("dracula")
    act(state, "mina", ChooseCombatCard("dodge"))
    act(state, "dracula", ChooseCombatCard("strength"))
    assert state.hunters["mina"].damage == 4 and state.dracula.damage == 1
    assert "Dodge cancels Strength." in public_texts(state)
    fight = _fight(state)
    assert fight.round == 3 and ChooseCombatCard("punch") in state.legal_actions("mina")
    # Round 3: with one despair token Pride lets him escape now (two cards played before);
    # the combat ends at once, before Mina can resolve her Pistol.
    assert ChooseCombatCard("escape_as_mist") in state.legal_actions("dracula")
    act(state, "mina", ChooseCombatCard("pistol"))
    act(state, "dracula", ChooseCombatCard("escape_as_mist"))
    assert not any(isinstance(d, Fight) for d in state.stack)
    assert state.dracula.damage == 1  # the Pistol never resolved
    assert any("The combat in Munich ends: Dracula escapes" in t for t in public_texts(state))


@pytest.mark.parametrize(("despair", "cards_before_escape"), [(0, 3), (1, 2), (2, 1), (3, 0)])
def test_pride_needs_three_minus_despair_combat_cards_played(despair: int,
                                                              cards_before_escape: int) -> None:
    """Dracula's Pride: an escape card only after 3 minus the despair tokens cards."""
    state = _mina_at_dusk_in_the_second_week(
        ("escape_as_mist", "fangs", "strength", "claws", "plotting"))
    state.despair = despair
    for played, card in enumerate(("fangs", "strength", "claws")):
        may_escape = ChooseCombatCard("escape_as_mist") in state.legal_actions("dracula")
        assert may_escape == (played >= cards_before_escape)
        act(state, "mina", ChooseCombatCard("dodge" if played % 2 == 0 else "punch"))
        act(state, "dracula", ChooseCombatCard(card))


def test_a_vampire_may_escape_only_with_three_combat_cards_in_play() -> None:
    state = _mina_at_dusk_in_the_second_week(
        ("escape_as_mist", "fangs", "strength", "claws", "plotting"))
    state.despair = 3  # Dracula's Pride would let him escape at once; his vampires may not
    fight = _fight(state)
    state.stack[-1] = Fight(True, fight.hunters, fight.city, vampire="new_vampire",
                            hand=fight.hand, hands=fight.hands)
    state.invalidate()
    for played, card in enumerate(("fangs", "strength", "claws")):
        assert (ChooseCombatCard("escape_as_mist") in state.legal_actions("dracula")) \
            == (played >= 3)
        act(state, "mina", ChooseCombatCard("dodge" if played % 2 == 0 else "punch"))
        act(state, "dracula", ChooseCombatCard(card))
    assert ChooseCombatCard("escape_as_mist") in state.legal_actions("dracula")


def test_several_hunters_dracula_names_the_engaged_hunter_who_alone_may_block() -> None:
    state = started(seed=2)
    for seat in ("godalming", "seward"):
        state.hunters[seat].location = "berlin"
    start_fight(state, ("godalming", "seward"), "berlin", night=False)
    state.stack[-1] = Fight(False, ("godalming", "seward"), "berlin",
                            hand=("claws", "fangs", "mesmerize", "plotting", "strength"),
                            hands={"godalming": ("punch", "dodge", "escape"),
                                   "seward": ("punch", "dodge", "escape")})
    state.invalidate()
    assert set(state.current_seats()) == {"godalming", "seward", "dracula"}
    act(state, "godalming", ChooseCombatCard("punch"))
    act(state, "seward", ChooseCombatCard("dodge"))
    act(state, "dracula", ChooseCombatCard("claws"))
    assert _fight(state).stage is Stage.ENGAGE and state.current_seats() == ("dracula",)
    act(state, "dracula", Engage("godalming"))
    # Seward's Dodge would block Claws, but only the engaged hunter may block.
    assert state.hunters["godalming"].damage == 2 and state.hunters["seward"].damage == 0
    assert state.dracula.damage == 1  # Godalming's Punch still resolves


# -- Escape as Bat ---------------------------------------------------------------------------

def _bat_at_night(trail: list[Hideout], lairs: list[Hideout]) -> ModernState:
    """Mina fights Dracula in Munich at night; he plays Escape as Bat (three despair
    tokens: Pride lets him at once) and is asked where he flies."""
    state = _mina_at_dusk_in_the_second_week(
        ("escape_as_bat", "fangs", "strength", "claws", "plotting"))
    state.despair = 3
    state.trail, state.lairs = trail, lairs
    state.dracula.revealed = True
    state.invalidate()
    act(state, "mina", ChooseCombatCard("dodge"))
    act(state, "dracula", ChooseCombatCard("escape_as_bat"))
    assert _fight(state).stage is Stage.BAT
    return state


def test_escape_as_bat_never_lands_on_a_lairs_city() -> None:
    """A city whose card lies in a lair is out of his location deck, as one on the trail:
    the flight may not end there (it would put the same card down twice)."""
    state = _bat_at_night([Hideout("munich", revealed=True), Hideout("nuremburg")],
                          [Hideout("zurich")])
    flights = {a.place for a in state.legal_actions("dracula") if isinstance(a, MoveTo)}
    assert "vienna" in flights
    assert "zurich" not in flights and "nuremburg" not in flights


def test_escape_as_bat_clears_his_own_hideout_behind_a_power_card() -> None:
    """With Hide on trail space 1 (he stayed in Munich), flying off still clears his Munich
    hideout; the new card goes on space 1 with Escape as Bat beside it."""
    state = _bat_at_night([Hideout("hide"), Hideout("munich", revealed=True),
                           Hideout("nuremburg")], [])
    act(state, "dracula", MoveTo("vienna"))
    assert [(h.card, h.power) for h in state.trail] == [
        ("vienna", "escape_as_bat"), ("hide", ""), ("nuremburg", "")]
    assert "Trail space 2 (Munich) is cleared (Escape as Bat)" in " ".join(
        e["text"] for e in state.log("dracula"))


def test_escape_as_bat_clears_his_own_hideout_on_space_one() -> None:
    state = _bat_at_night([Hideout("munich", revealed=True), Hideout("nuremburg")], [])
    act(state, "dracula", MoveTo("vienna"))
    assert [(h.card, h.power) for h in state.trail] == [
        ("vienna", "escape_as_bat"), ("nuremburg", "")]


def test_escape_as_bat_ruling_beside_the_card_is_a_mark_the_card_goes_back_to_his_deck() -> None:
    """A ruling: Combat ("Dracula shuffles all Dracula combat cards into his deck" after the
    combat) wins over the photograph's "face up beside it": the Escape as Bat beside the new
    card marks it, and the card itself is shuffled back with the others."""
    state = _bat_at_night([Hideout("munich", revealed=True), Hideout("nuremburg")], [])
    act(state, "dracula", MoveTo("vienna"))
    assert not any(isinstance(d, Fight) for d in state.stack)
    assert state.combat_deck.cards.count("escape_as_bat") == 2
    assert len(state.combat_deck.cards) == 13


def test_refresh_hands_a_second_copy_of_the_card_played_stays_in_the_hunters_hand() -> None:
    """Refresh Hands: "the combat card the hunter played during the previous round is
    returned to his hand" - the card played is out for one round, not every copy of it:
    Mina, holding two Pistols, fires the second in round 2."""
    state = _mina_at_dusk_in_the_second_week(
        ("claws", "strength", "escape_as_mist", "fangs", "plotting"))
    state.hunters["mina"].items = ["pistol", "pistol"]
    state.item_deck.take("pistol")
    fight = _fight(state)
    state.stack[-1] = Fight(False, ("mina",), "munich", hand=fight.hand,
                            hands={"mina": ("punch", "dodge", "escape", "pistol", "pistol")})
    state.invalidate()
    act(state, "mina", ChooseCombatCard("pistol"))
    act(state, "dracula", ChooseCombatCard("fangs"))
    assert _fight(state).round == 2  # (no Holy Bullets after the Pistol)
    assert state.dracula.damage == 2
    assert _fight(state).round == 2
    assert ChooseCombatCard("pistol") in state.legal_actions("mina")
    assert _fight(state).hands["mina"].count("pistol") == 1


def test_refresh_hands_the_card_played_is_out_for_the_next_round_only() -> None:
    """The other side of Refresh Hands: with a single Pistol, it is out in round 2 and back
    in round 3."""
    state = _mina_at_dusk_in_the_second_week(
        ("claws", "strength", "escape_as_mist", "fangs", "plotting"))
    act(state, "mina", ChooseCombatCard("pistol"))
    act(state, "dracula", ChooseCombatCard("fangs"))
    assert _fight(state).round == 2  # (no Holy Bullets after the Pistol)
    assert ChooseCombatCard("pistol") not in state.legal_actions("mina")
    act(state, "mina", ChooseCombatCard("dodge"))
    act(state, "dracula", ChooseCombatCard("strength"))
    assert ChooseCombatCard("pistol") in state.legal_actions("mina")


def _mina_against_the_reckless_vampire(hand: tuple[str, ...]) -> ModernState:
    state = started(seed=5)
    state.hunters["mina"].location = "munich"
    state.encounter_deck.take("reckless_vampire")
    start_fight(state, ("mina",), "munich", night=False, vampire="reckless_vampire")
    fight = _fight(state)
    state.combat_deck.cards += list(fight.hand)
    for card in hand:
        state.combat_deck.cards.remove(card)
    state.stack[-1] = Fight(False, ("mina",), "munich", vampire="reckless_vampire",
                            hand=tuple(sorted(hand)),
                            hands={"mina": ("punch", "dodge", "escape")})
    state.invalidate()
    return state


def test_reckless_vampire_each_fangs_played_advances_influence_even_when_cancelled() -> None:
    """Reckless Vampire (encounters.toml, the [PFE] photograph): "each time Fangs is played
    in that combat the influence track advances 1" - played, so a Fangs that Dodge cancels
    counts too (as Sister Agatha's "when he plays it")."""
    state = _mina_against_the_reckless_vampire(
        ("fangs", "claws", "strength", "plotting", "mesmerize"))
    act(state, "mina", ChooseCombatCard("dodge"))
    act(state, "dracula", ChooseCombatCard("fangs"))
    assert "Dodge cancels Fangs." in public_texts(state)
    assert state.hunters["mina"].damage == 0
    assert state.influence == 1


def test_reckless_vampire_a_fangs_that_resolves_advances_influence_once() -> None:
    state = _mina_against_the_reckless_vampire(
        ("fangs", "claws", "strength", "plotting", "mesmerize"))
    act(state, "mina", ChooseCombatCard("punch"))
    act(state, "dracula", ChooseCombatCard("fangs"))
    assert state.hunters["mina"].damage == 2
    assert state.influence == 1
    act(state, "mina", ChooseCombatCard("dodge"))
    act(state, "dracula", ChooseCombatCard("claws"))
    assert state.influence == 1  # only Fangs counts


def test_a_vampire_destroyed_is_said_destroyed_once() -> None:
    """The end of the combat says the vampire is destroyed; the next entry says where it
    goes, not the same again."""
    state = _mina_against_the_reckless_vampire(
        ("fangs", "claws", "strength", "plotting", "mesmerize"))
    state.stack[-1] = attrs.evolve(_fight(state), wounds=3)
    state.invalidate()
    act(state, "mina", ChooseCombatCard("punch"))
    act(state, "dracula", ChooseCombatCard("claws"))
    told = public_texts(state)
    assert "Combat in Munich (day): Mina Harker against the Reckless Vampire." in told
    assert told[-2:] == ["The combat in Munich ends: the Reckless Vampire is destroyed.",
                         "The Reckless Vampire is discarded."]
    assert sum("is destroyed" in t for t in told) == 1


def test_strength_and_mesmerize_say_which_hunters_card_they_cancel() -> None:
    """trial s26 F11: Strength cancelling a hunter's Punch, Crucifix or weapon (and
    Mesmerize cancelling her card) said nothing, where an icon's cancel is said ("Dodge
    cancels Strength."); at night the weapon is discarded too."""
    state = _mina_at_dusk_in_the_second_week(
        ("claws", "strength", "escape_as_mist", "fangs", "mesmerize"))
    act(state, "mina", ChooseCombatCard("pistol"))
    act(state, "dracula", ChooseCombatCard("strength"))
    assert public_texts(state)[-1] == "Strength cancels Mina Harker's Pistol and it is " \
                                      "discarded."
    state = _mina_at_dusk_in_the_second_week(
        ("claws", "strength", "escape_as_mist", "fangs", "mesmerize"))
    act(state, "mina", ChooseCombatCard("pistol"))  # no icon of it blocks Mesmerize
    act(state, "dracula", ChooseCombatCard("mesmerize"))
    assert "Mesmerize cancels Mina Harker's Pistol." in public_texts(state)


def test_the_combat_prompt_names_the_vampire_with_its_article() -> None:
    """trial s26 F11: "combat round 1 against Reckless Vampire", where every other line
    says "the Reckless Vampire"."""
    state = _mina_against_the_reckless_vampire(
        ("fangs", "claws", "strength", "plotting", "mesmerize"))
    assert state.prompt("mina") == "Mina Harker: combat round 1 against the Reckless " \
                                   "Vampire - choose a card with a banner, face down."
