"""The sixty Event Cards: the data agrees with every statement the rulebook makes about
them (Components, Event Cards, Hunter Groups, Reference 4 and 5, the examples)."""

from __future__ import annotations

import doctest
from pathlib import Path

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import fury1987.event_cards as event_cards
from fury1987.combat_round import (
    DRACULA,
    ChitHistory,
    ChoiceConditions,
    CombatSituation,
    Engagement,
    HunterInCombat,
    combat_time,
    escapes_barred_through,
    hunters_initiative_modifier,
    legal_chits,
    opponent_initiative_modifier,
    resolve_round,
)
from fury1987.event_cards import (
    CONDITIONS,
    GROUP_SCOPES,
    TIMINGS,
    EventDataError,
    cancel_each_other,
    cards_over_hand_limit,
    default_events,
    devilish_power_cancels,
    effective_draws,
    hypnosis_works,
    load_events,
    may_play,
    superstitious_carriers_loss,
    surviving_cards,
)
from gothic_kernel import Reshuffle, ScriptedDice
from gothic_kernel.dice import Dice

CARDS = default_events()
DATA = Path(event_cards.__file__).parent / "data" / "events.toml"

# Every card the rulebook names: the Reference 4 notes, plus Dawn Raid and Devilish
# Power (An Example of Combat), Good Luck (Event Cards) and Customs Search (Reference 5).
REFERENCE_4 = [
    "ADVANCE PLANNING", "CHARTERED CARRIAGE", "CONTROL STORMS", "ESCAPE ROUTE", "EVASION",
    "EXCELLENT WEATHER", "FALSE TIP-OFF", "GREAT STRENGTH", "HEAVENLY HOST", "HEROIC LEAP",
    "HIRED SCOUTS", "HOUR OF DARKNESS", "HYPNOSIS", "JONATHAN HARKER", "MISHAP",
    "NEWSPAPER REPORTS", "PRE-WARNED", "RAGE", "RE-EQUIP", "SEDUCTION", "SENSATIONALIST PRESS",
    "SENSE OF EMERGENCY", "SHIPPING AGENTS", "STORMY SEAS", "SUPERSTITIOUS CARRIERS",
    "SZGANY REINFORCEMENTS", "TRAP", "VAMPIRIC INFLUENCE", "WALPURGIS NACHT", "WILD HORSES",
]
NAMED_ELSEWHERE = ["Dawn Raid", "Devilish Power", "Good Luck", "Customs Search"]
REFERENCE_5 = {
    "chartered_carriage": "whole_group", "customs_search": "whole_group",
    "escape_route": "whole_group", "excellent_weather": "group_sailing_together",
    "false_tip_off": "whole_group", "mishap": "whole_group", "pre_warned": "whole_group",
    "seduction": "one_member_dracula_chooses", "sense_of_emergency": "whole_group",
    "szgany_reinforcements": "each_member_separately", "wild_horses": "whole_group",
}


def effect(card: str) -> dict[str, object]:
    return dict(CARDS[card].effect)


def test_doctests() -> None:
    assert doctest.testmod(event_cards).failed == 0


# ---------------------------------------------------------------------------------------
# The deck (Components - Event Cards; Event Cards)
# ---------------------------------------------------------------------------------------
def test_sixty_event_cards_with_crosses_and_bats() -> None:
    assert len(CARDS.deck_list()) == 60 and CARDS.deck.total == 60
    assert CARDS.owned_by("hunter") and CARDS.owned_by("dracula")
    assert {c.owner for c in CARDS} == {"hunter", "dracula"}
    for card in CARDS:
        assert card.owner == ("hunter" if card.back == "cross" else "dracula")


def test_every_card_the_rulebook_names_is_in_the_deck() -> None:
    names = {card.name.upper() for card in CARDS}
    assert set(REFERENCE_4) | {n.upper() for n in NAMED_ELSEWHERE} == names


def test_every_card_records_its_provenance() -> None:
    for card in CARDS:
        assert card.provenance == "rulebook" and card.section
        assert "count" in card.reconstructed or "count" in card.derived
        for field in (*card.derived, *card.reconstructed):
            head, _, rest = field.partition(".")
            assert (rest in card.effect) if head == "effect" else hasattr(card, head)


def test_reference_4_notes_are_transcribed_verbatim() -> None:
    candidates = [Path(p).resolve() / "rulebooks" / "fury_of_dracula_1987.txt" for p in (
        "/work/shared", Path(__file__).parents[2] / "shared",
        Path(__file__).parents[3] / "shared")]
    rulebook = next((p for p in candidates if p.exists()), None)
    if rulebook is None:
        pytest.skip("the rulebook (shared/rulebooks) is not beside this checkout")
    text = rulebook.read_text()
    for card in CARDS:
        if card.notes:
            assert f"{card.name.upper()} - {card.notes}" in text
        if card.group is not None:
            assert f"- {card.name.upper()} - {card.group.note}" in text
    assert CARDS["hypnosis"].text in text


def test_keep_cards_and_play_at_once_cards() -> None:
    at_once = {c.id for c in CARDS if c.play_at_once}
    assert at_once == {"jonathan_harker", "mishap", "sense_of_emergency",
                       "superstitious_carriers"}
    for card in CARDS:
        assert (card.timing == "on_draw") == card.play_at_once


def test_timings_conditions_and_group_scopes_are_documented() -> None:
    for card in CARDS:
        assert card.timing in TIMINGS
        assert set(card.conditions) <= set(CONDITIONS)
        if card.group is not None:
            assert card.group.scope in GROUP_SCOPES


def test_hand_limit_of_three() -> None:
    # "Dracula and each of the Hunters may never have more than three Event Cards".
    assert CARDS.deck.hand_limit == 3
    assert cards_over_hand_limit(3) == 0 and cards_over_hand_limit(5) == 2


def test_draw_from_the_bottom_top_card_never_taken_then_reshuffle() -> None:
    assert CARDS.deck.draw_from == "bottom" and CARDS.deck.bat_cards_unseen
    dice = Dice(3)
    pile = CARDS.new_draw_pile(dice)
    assert pile.reshuffle is Reshuffle.KEEP_TOP_CARD
    top, bottom = pile.peek_top(), pile.cards[:5]
    drawn = [pile.draw_bottom(dice) for _ in range(5)]
    assert drawn == bottom and pile.peek_top() == top
    for card in drawn:
        pile.discard(card)
    while len(pile.cards) > 2:
        pile.draw_bottom(dice)
    assert pile.cards[-1] == top
    pile.draw_bottom(dice)  # the last card under the top one: the top card is reached
    # "Once it is reached it and the discards are shuffled to form a new Draw Pile."
    assert len(pile.cards) == 6 and not pile.discards and top in pile.cards


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10_000), draws=st.integers(0, 200))
def test_every_event_card_is_in_exactly_one_place(seed: int, draws: int) -> None:
    dice = Dice(seed)
    pile = CARDS.new_draw_pile(dice)
    hands: list[str] = []
    for i in range(draws):
        if not pile.can_draw():
            break
        hands.append(pile.draw_bottom(dice))
        if len(hands) > 3 or i % 2:
            pile.discard(hands.pop(0))
    assert sorted([*pile, *hands]) == sorted(CARDS.deck_list())


# ---------------------------------------------------------------------------------------
# Who may play what
# ---------------------------------------------------------------------------------------
def test_hunters_play_crosses_dracula_plays_bats() -> None:
    assert may_play("dawn_raid", "hunter") and not may_play("dawn_raid", "dracula")
    assert may_play("trap", "dracula") and not may_play("trap", "hunter")


def test_only_hypnosis_and_good_luck_for_another_hunter() -> None:
    assert {c.id for c in CARDS if c.for_another_hunter} == {"hypnosis", "good_luck"}
    assert may_play("good_luck", "hunter", for_another_hunter=True)
    assert not may_play("advance_planning", "hunter", for_another_hunter=True)


# ---------------------------------------------------------------------------------------
# Cancelling pairs and Devilish Power
# ---------------------------------------------------------------------------------------
def test_hour_of_darkness_and_dawn_raid_cancel_each_other() -> None:
    # Event Cards example: "Neither card affects play, and the die for the time of day is
    # rolled as normal. Both cards are discarded."
    assert cancel_each_other("hour_of_darkness", "dawn_raid")
    assert cancel_each_other("dawn_raid", "hour_of_darkness")
    assert surviving_cards(["hour_of_darkness", "dawn_raid"]) == ()
    left = surviving_cards(["hour_of_darkness", "dawn_raid", "dawn_raid"])
    assert left == ("dawn_raid",)
    survivors = surviving_cards(["hour_of_darkness", "dawn_raid"])
    time = combat_time(ScriptedDice([6]), dawn_raid="dawn_raid" in survivors,
                       hour_of_darkness="hour_of_darkness" in survivors)
    assert time.roll == 6


def test_chartered_carriage_and_false_tip_off_cancel_each_other() -> None:
    assert surviving_cards(["chartered_carriage", "false_tip_off"]) == ()
    assert effect("chartered_carriage")["replaces_railway_roll"] is True
    assert not cancel_each_other("chartered_carriage", "dawn_raid")


def test_only_the_two_pairs_cancel() -> None:
    pairs = {frozenset((c.id, o)) for c in CARDS for o in c.cancels}
    assert pairs == {frozenset(("hour_of_darkness", "dawn_raid")),
                     frozenset(("chartered_carriage", "false_tip_off"))}


def test_devilish_power_cancels_the_dawn_raid_in_an_example_of_combat() -> None:
    assert devilish_power_cancels("dawn_raid")
    # With Dawn Raid cancelled "The die roll must be made as normal, and the result is a '5'".
    time = combat_time(ScriptedDice([5]), dawn_raid=False)
    assert time.roll == 5 and not time.daytime


def test_devilish_power_negates_heroic_leap_and_discards_shipping_agents() -> None:
    assert devilish_power_cancels("heroic_leap")
    assert effect("devilish_power")["heroic_leap_still_committed"] is True
    assert devilish_power_cancels("shipping_agents")
    assert effect("shipping_agents")["discarded_by"] == "devilish_power"
    assert not devilish_power_cancels("trap")


# ---------------------------------------------------------------------------------------
# Combat cards
# ---------------------------------------------------------------------------------------
def test_advance_planning_and_trap_in_an_example_of_combat() -> None:
    for card in ("advance_planning", "trap"):
        assert CARDS[card].timing == "before_initiative"
        assert effect(card)["cumulative"] is True and effect(card)["amount"] == 1
    assert effect("advance_planning")["side"] == "hunters"
    assert effect("trap")["side"] == "dracula"
    # "he plays his Advance Planning event Card, which gives him a +1 (effectively
    # cancelling his -1) ... Dracula decides to play both his Trap cards. +2".
    plus = int(effect("advance_planning")["amount"])  # type: ignore[call-overload]
    traps = 2 * int(effect("trap")["amount"])  # type: ignore[call-overload]
    assert hunters_initiative_modifier([HunterInCombat("godalming")], "dracula", 1,
                                       event_bonus=plus) == 0
    assert opponent_initiative_modifier("dracula", event_bonus=traps) == 2


def test_dawn_raid_and_hour_of_darkness_set_the_time() -> None:
    assert effect("dawn_raid")["daytime"] is True
    assert effect("hour_of_darkness")["daytime"] is False
    assert effect("hour_of_darkness")["no_effect_against_agents"] is True
    for card in ("dawn_raid", "hour_of_darkness"):
        assert CARDS[card].timing == "start_of_combat"
        assert "before_daytime_roll" in CARDS[card].conditions


def test_rage_snatches_a_weapon_and_bars_escapes_unless_garlic_was_played() -> None:
    rage = effect("rage")
    assert rage["snatch_weapons"] == 1 and rage["escape_barred_rounds"] == "die_roll"
    assert "no_garlic_played" in CARDS["rage"].conditions
    barred = escapes_barred_through(rage_played_in_round=1, rage_roll=4)
    options = legal_chits("dracula", ("claw", "escape_mist", "fang"), "dracula",
                          conditions=ChoiceConditions(4, escapes_barred_through_round=barred))
    assert "escape_mist" not in options


def test_great_strength_stops_bites_only() -> None:
    strength = effect("great_strength")
    assert strength["against"] == ["Bite", "Hyp", "seduction"]
    assert strength["hyp_still_discards_weapons"] and strength["hyp_still_ends_combat"]
    assert strength["bite_combat_continues"]
    assert effect("seduction")["great_strength_prevents_bite"] is True


def test_heroic_leap() -> None:
    leap = effect("heroic_leap")
    assert CARDS["heroic_leap"].timing == "hunter_attacks_dracula"
    assert "hunter_is_attacking" in CARDS["heroic_leap"].conditions
    assert leap["replaces_combat"] and leap["no_initiative"] and leap["no_daytime"]
    assert leap["destroys_at_or_below"] == 0 and leap["valour_points"] == 15
    assert leap["both_survive"] == "no_further_combat_same_town"


def test_szgany_reinforcements_is_a_new_combat() -> None:
    reinforcements = effect("szgany_reinforcements")
    assert reinforcements["new_combat"] and reinforcements["first_round_modifiers_again"]
    assert reinforcements["pre_warned_does_not_avoid"]
    assert effect("pre_warned")["szgany_reinforcements_still_faced"] is True
    # "the combatants may choose as their first round strategy the same combat chit used
    # in the last round of the previous combat": a new combat starts a fresh history.
    szgany = ("dodge", "fist", "pistol", "knife")
    assert "pistol" in legal_chits("agent", szgany, "agents", ChitHistory(None),
                                   ChoiceConditions(1))
    assert hunters_initiative_modifier([HunterInCombat("godalming")], "agents", 1) == 1


def test_jonathan_harker_fights_dracula() -> None:
    harker = effect("jonathan_harker")
    assert CARDS["jonathan_harker"].play_at_once and CARDS["jonathan_harker"].owner == "hunter"
    assert harker["wounds_at_start"] == 6 and harker["weapons_from_pool"] == 3
    assert harker["basic_chits"] == ["dodge", "fist"] and harker["may_escape"] is False
    assert harker["initiative_modifiers"] is False and harker["hunter_events_allowed"] is False
    assert harker["dracula_events_allowed"] is True and harker["weapons_return_to_pool"]
    assert harker["loses_if"] == ["Bite", "Hyp", "killed"]
    held = (*harker["basic_chits"], "stake", "knife", "rifle")  # type: ignore[misc]
    assert "escape" not in legal_chits("hunter", held, "dracula", conditions=ChoiceConditions(2))
    assert hunters_initiative_modifier([HunterInCombat("harker")], "dracula", 1) == 0
    # Six wounds at the start: a 3W result is survived once, then he dies at twelve.
    fight = (Engagement.duel("harker", DRACULA),)
    outcome = resolve_round("dracula", fight, {"harker": "fist", DRACULA: "claw"}, "dracula",
                            CombatSituation(wounds={"harker": 10}), ScriptedDice([]))
    assert outcome.killed_hunters == ("harker",)


def test_hypnosis_card() -> None:
    card = CARDS["hypnosis"]
    assert card.keep and card.back == "cross" and card.played_by == "any_hunter"
    assert card.timing == "hunter_turn_start"
    assert {"target_bitten", "target_agrees"} <= set(card.conditions)
    assert [r for r in range(1, 7) if hypnosis_works(r)] == [3, 4, 5, 6]
    hyp = effect("hypnosis")
    assert hyp["target_misses_turn"] and not hyp["player_misses_turn"]
    assert hyp["reveals"] == ["location", "next_move", "vampires_on_smc"]


# ---------------------------------------------------------------------------------------
# Movement and information cards
# ---------------------------------------------------------------------------------------
def test_mishap_and_sense_of_emergency_extras_are_ignored() -> None:
    assert effective_draws(["mishap", "mishap"]) == ("mishap",)
    assert effective_draws(["sense_of_emergency", "sense_of_emergency", "trap"]) == (
        "sense_of_emergency", "trap")
    assert effective_draws(["trap", "trap"]) == ("trap", "trap")
    assert effect("mishap")["turns"] == 1 and effect("sense_of_emergency")["turns"] == 1


def test_superstitious_carriers_roll() -> None:
    losses = [superstitious_carriers_loss(r) for r in range(1, 7)]
    assert losses[0] == 0 and max(losses) > 0  # "may or may not ... lose Blood Points"
    assert effect("superstitious_carriers")["reveals_location"] is False
    assert CARDS["superstitious_carriers"].play_at_once


def test_heavenly_host_card() -> None:
    host = effect("heavenly_host")
    assert host["forbidden"] == ["castle_dracula", "galatz", "klausenberg"]
    assert host["use_bonus_marker_if_none"] and host["dracula_present"] == "reveal_and_leave"


def test_stormy_seas_card() -> None:
    seas = effect("stormy_seas")
    assert "sea_sector_without_hunter" in CARDS["stormy_seas"].conditions
    assert seas["forces_into_adjacent_port"] and seas["dracula_piece_on_map"]
    assert seas["blocks_until"] == "start_of_players_second_next_movement_phase"


def test_sea_cards() -> None:
    assert effect("control_storms")["max_sea_moves"] == 3
    assert effect("control_storms")["ends_in_port"] and effect("control_storms")[
        "action_phase_after"]
    assert effect("excellent_weather")["max_sea_moves"] == 4
    assert effect("shipping_agents")["announcements"] == ["sailing", "disembarking",
                                                          "embarking"]


def test_dracula_movement_cards() -> None:
    evasion = effect("evasion")
    assert evasion["played_openly"] and evasion["secret"]
    assert evasion["local_rumours_to_vacated_town"] and evasion["destination"] == "any_town"
    walpurgis = effect("walpurgis_nacht")
    assert walpurgis["takes_whole_turn"] and walpurgis["no_attack_even_with_hunter"]
    wild = effect("wild_horses")
    assert wild["into_sea"] is False and wild["encounter_immediately"] and wild[
        "then_take_items"]
    assert effect("vampiric_influence")["rail_route_towns"] == 3


def test_encounter_cards() -> None:
    route = effect("escape_route")
    assert route["encounter_stays"] and route["dracula_stays"]
    assert route["may_fight_next_dracula_action_phase"]
    assert effect("pre_warned")["valour_points"] == 0
    seduction = effect("seduction")
    assert seduction["ignores_weapons"] and seduction["vampire_returns_to_encounter_set"]
    assert seduction["hunter_vampire_stays_in_town"]
    for card in ("escape_route", "pre_warned", "seduction", "szgany_reinforcements"):
        assert CARDS[card].timing == "encounter_revealed"


def test_reveal_cards() -> None:
    assert effect("newspaper_reports")["dracula_piece_on_map"] is True
    press = effect("sensationalist_press")
    assert press["towns"] == 2 and press["dracula_piece_on_map"] is False
    scouts = effect("hired_scouts")
    assert scouts["reveals_dracula"] is False and scouts["reveals_local_rumours"] is False
    assert effect("re_equip")["take_from_pool"] == "choice"
    assert effect("re_equip")["discard_to"] == "weapon_discards"


# ---------------------------------------------------------------------------------------
# Reference 5 - Group Events
# ---------------------------------------------------------------------------------------
def test_reference_5_group_events() -> None:
    groups = {c.id: c.group.scope for c in CARDS if c.group is not None}
    assert groups == REFERENCE_5
    assert CARDS["escape_route"].group.extra == {"take_items": False}  # type: ignore[union-attr]
    assert effect("customs_search") == {"kind": "customs_search", "discard_all_weapons": True,
                                        "miss_turns": 1}


# ---------------------------------------------------------------------------------------
# A user's own card file
# ---------------------------------------------------------------------------------------
def write_variant(tmp_path: Path, old: str, new: str) -> Path:
    text = DATA.read_text()
    assert old in text
    path = tmp_path / "events.toml"
    path.write_text(text.replace(old, new, 1))
    return path


def test_a_user_may_supply_the_printed_cards(tmp_path: Path) -> None:
    path = write_variant(tmp_path, 'id = "trap"\nname = "Trap"\ncount = 3',
                         'id = "trap"\nname = "Trap"\ncount = 2')
    path.write_text(path.read_text().replace("total = 60", "total = 59"))
    cards = load_events(path)
    assert cards["trap"].count == 2 and len(cards.deck_list()) == 59


@pytest.mark.parametrize("old, new, message", [
    ("total = 60", "total = 61", "add up to 60"),
    ('timing = "before_initiative"', 'timing = "whenever"', "unknown timing"),
    ('cancels = ["false_tip_off"]', "cancels = []", "does not cancel it back"),
    ('conditions = ["in_combat"]', 'conditions = ["full_moon"]', "unknown condition"),
    ('keep = false', 'keep = true', "not Keep"),
    ('reconstructed = ["count", "text"]', 'reconstructed = ["count", "colour"]', "missing field"),
])
def test_the_loader_rejects_cards_that_make_no_sense(tmp_path: Path, old: str, new: str,
                                                     message: str) -> None:
    with pytest.raises(EventDataError, match=message):
        load_events(write_variant(tmp_path, old, new))


def test_the_loader_reports_unknown_cards_and_unreadable_files(tmp_path: Path) -> None:
    with pytest.raises(EventDataError, match="no Event Card"):
        CARDS["holy_grail"]
    with pytest.raises(EventDataError, match="cannot read"):
        load_events(tmp_path / "missing.toml")
    with pytest.raises(EventDataError, match="unknown timing window"):
        CARDS.playable_in("teatime")
    assert {c.id for c in CARDS.playable_in("before_initiative", "dracula")} == {"trap"}
    assert attrs.evolve(load_events(DATA), source=CARDS.source) == CARDS
