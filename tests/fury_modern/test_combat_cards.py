"""Cards played around a combat, when a hunter is in peril and when he is ambushed, each
through ``apply``: Lucy's Revenge, Planned Ambush, Enraged, Holy Bullets, Great Strength,
Forewarned, Dogs (its effect, its window, and what each seat sees of it)."""

from __future__ import annotations

import ast
from pathlib import Path

import attrs

import fury_modern
from fury_modern.actions import (
    NO_CARD,
    PASS,
    SEARCH,
    Ambush,
    ChooseCard,
    ChooseCombatCard,
    ChooseHunter,
    ChoosePlace,
    Engage,
    Move,
    MoveTo,
    PlaceEncounter,
    PlayCard,
)
from fury_modern.cards import CardWindow, Timing
from fury_modern.combat import Fight, Stage, start_fight
from fury_modern.invariants import decision_problems, problems_of
from fury_modern.item_cards import road_reach
from fury_modern.perils import Peril
from fury_modern.rules import DRACULA
from fury_modern.state import ModernState
from gothic_kernel import PUBLIC, Action

from .helpers import GAME, act, public_texts, started, trail_of
from .test_cards import _give, _texts

HAND = ("claws", "fangs", "mesmerize", "plotting", "strength")


def _fight(hunters: tuple[str, ...], hand: tuple[str, ...] = HAND, *, night: bool = False,
           cards: dict[str, tuple[str, ...]] | None = None) -> ModernState:
    """``hunters`` fight Dracula in Munich, holding ``cards``; he holds ``hand``. The combat
    start window is left open."""
    state = started(seed=5, dracula="munich")
    for seat in hunters:
        state.hunters[seat].location = "munich"
    for seat, held in (cards or {}).items():
        _give(state, seat, *held)
    start_fight(state, hunters, "munich", night=night)
    i = next(i for i, d in enumerate(state.stack) if isinstance(d, Fight))
    fight = state.stack[i]
    assert isinstance(fight, Fight)
    deck = [*state.combat_deck.cards, *fight.hand]
    for card in hand:
        deck.remove(card)
    state.combat_deck.cards = deck
    state.stack[i] = attrs.evolve(fight, hand=tuple(sorted(hand)))
    state.invalidate()
    return state


def _pass_window(state: ModernState) -> None:
    while isinstance(state.stack[-1], CardWindow):
        act(state, state.current_seats()[0], NO_CARD)


def _round(state: ModernState, his: str, **mine: str) -> None:
    for seat, card in mine.items():
        act(state, seat, ChooseCombatCard(card))
    act(state, "dracula", ChooseCombatCard(his))
    top = state.stack[-1]
    if isinstance(top, Fight) and top.stage is Stage.ENGAGE:
        act(state, "dracula", Engage(next(iter(mine))))


def _fight_of(state: ModernState) -> Fight:
    return next(d for d in reversed(state.stack) if isinstance(d, Fight))


def _escape_allowed(state: ModernState) -> None:
    state.despair = state.rules.dracula.pride_needs  # Pride lets him escape at once


# -- Lucy's Revenge -------------------------------------------------------------------------------

def test_lucys_revenge_is_played_by_godalming_as_a_combat_starts_and_lies_before_him() -> None:
    state = _fight(("godalming", "seward"), cards={"godalming": ("lucys_revenge",),
                                                   "seward": ("money_trail",)})
    window = state.stack[-1]
    assert isinstance(window, CardWindow) and window.timing is Timing.COMBAT_START
    assert state.legal_actions("godalming") == [NO_CARD, PlayCard("lucys_revenge")]
    act(state, "godalming", PlayCard("lucys_revenge"))
    assert _fight_of(state).lucy
    assert "lucys_revenge" in state.event_deck.discards  # face up; its effect on the combat
    assert "Lucy's Revenge lies before Lord Godalming for this combat." in public_texts(state)
    assert state.legal_actions("seward") == [NO_CARD]
    act(state, "seward", NO_CARD)
    assert state.legal_actions("godalming") == [NO_CARD]  # once is enough
    for viewer in ("dracula", "mina", PUBLIC):
        assert state.observation(viewer)["combat"]["lucys_revenge"] is True
    assert problems_of(state) == [] and decision_problems(state) == []


def test_lucys_revenge_is_not_offered_outside_a_combat_godalming_is_in() -> None:
    state = _fight(("seward",), cards={"seward": ("money_trail",)})
    state.hunters["godalming"].events.append("lucys_revenge")
    state.event_deck.take("lucys_revenge")
    assert state.legal_actions("seward") == [NO_CARD]
    window = state.stack[-1]
    assert isinstance(window, CardWindow) and window.seats == ("seward",)


def test_lucys_revenge_cancels_draculas_escape_card() -> None:
    state = _fight(("godalming",), ("escape_as_mist", *HAND[:4]),
                   cards={"godalming": ("lucys_revenge",)})
    _escape_allowed(state)
    act(state, "godalming", PlayCard("lucys_revenge"))
    _pass_window(state)
    _round(state, "escape_as_mist", godalming="punch")
    assert state.current_seats() == ("godalming",)
    assert state.legal_actions("godalming") == [NO_CARD, PlayCard("lucys_revenge")]
    assert state.legal_actions("dracula") == []
    assert [state.describe_action("godalming", a) for a in state.legal_actions("godalming")] \
        == ["keep Lucy's Revenge", "use Lucy's Revenge: cancel Escape as Mist"]
    act(state, "godalming", PlayCard("lucys_revenge"))
    fight = _fight_of(state)
    assert fight.round == 2 and not fight.lucy  # the combat goes on
    assert state.dracula.damage == 1  # his Punch resolves
    assert "Lucy's Revenge cancels Escape as Mist." in public_texts(state)


def test_lucys_revenge_kept_lets_the_escape_end_the_combat() -> None:
    state = _fight(("godalming",), ("escape_as_bat", *HAND[:4]),
                   cards={"godalming": ("lucys_revenge",)})
    _escape_allowed(state)
    act(state, "godalming", PlayCard("lucys_revenge"))
    _pass_window(state)
    _round(state, "escape_as_bat", godalming="punch")
    act(state, "godalming", NO_CARD)
    assert not any(isinstance(d, Fight) for d in state.stack)


def test_lucys_revenge_does_not_serve_once_godalming_has_left_the_combat() -> None:
    state = _fight(("godalming", "seward"), ("escape_as_mist", *HAND[:4]),
                   cards={"godalming": ("lucys_revenge",)})
    _escape_allowed(state)
    act(state, "godalming", PlayCard("lucys_revenge"))
    _pass_window(state)
    _round(state, "plotting", godalming="escape", seward="punch")  # Escape shows Plotting
    assert _fight_of(state).hunters == ("seward",)
    _round(state, "escape_as_mist", seward="dodge")
    assert not any(isinstance(d, Fight) for d in state.stack)  # he escapes: nobody asked


def test_without_lucys_revenge_an_escape_card_asks_nobody() -> None:
    state = _fight(("godalming",), ("escape_as_mist", *HAND[:4]))
    _escape_allowed(state)
    _round(state, "escape_as_mist", godalming="punch")
    assert not any(isinstance(d, Fight) for d in state.stack)


def test_lucys_revenge_prevents_a_defeat_by_damage_godalming_would_suffer() -> None:
    state = _fight(("godalming",), cards={"godalming": ("lucys_revenge",)})
    health = state.rules.hunters["godalming"].health
    state.hunters["godalming"].damage = health - 1
    act(state, "godalming", PlayCard("lucys_revenge"))
    _pass_window(state)
    _round(state, "claws", godalming="punch")  # Punch's banner lacks Claws
    peril = state.stack[-1]
    assert isinstance(peril, Peril) and peril.hunter == "godalming" and peril.damage == 2
    assert state.legal_actions("godalming") == [NO_CARD, PlayCard("lucys_revenge")]
    assert "use Lucy's Revenge" in [state.describe_action("godalming", a)
                                    for a in state.legal_actions("godalming")]
    act(state, "godalming", PlayCard("lucys_revenge"))
    assert state.hunters["godalming"].damage == health - 1
    assert not state.hunters["godalming"].defeated and not _fight_of(state).lucy
    said = "Lucy's Revenge prevents the 2 damage Lord Godalming would suffer (Claws)."
    assert said in _texts(state, "dracula") and said in _texts(state, "mina")
    assert state.dracula.damage == 1  # the combat went on: his Punch


def test_lucys_revenge_prevents_a_bite_but_fangs_still_takes_him_out_and_advances() -> None:
    """A ruling: only the bite is prevented; Fangs' other effects stand (the photograph
    says the influence advances even then)."""
    state = _fight(("godalming",), night=True, cards={"godalming": ("lucys_revenge",)})
    act(state, "godalming", PlayCard("lucys_revenge"))
    _pass_window(state)
    _round(state, "mesmerize", godalming="dodge")  # Dodge lacks Mesmerize: mesmerized
    influence = state.influence
    _round(state, "fangs", godalming="punch")
    act(state, "godalming", PlayCard("lucys_revenge"))
    assert state.hunters["godalming"].bites == 0
    assert state.influence == influence + 1
    assert not any(isinstance(d, Fight) for d in state.stack)  # he left: nobody fights


def test_lucys_revenge_is_not_offered_when_another_hunter_is_in_peril() -> None:
    state = _fight(("godalming", "seward"), cards={"godalming": ("lucys_revenge",)})
    act(state, "godalming", PlayCard("lucys_revenge"))
    _pass_window(state)
    state.hunters["seward"].damage = state.rules.hunters["seward"].health - 1
    _round(state, "claws", seward="punch", godalming="punch")  # Seward engaged
    assert state.hunters["seward"].defeated  # nobody asked: Godalming holds no card
    assert _fight_of(state).lucy


# -- Great Strength -------------------------------------------------------------------------------

def test_great_strength_from_a_hunter_not_in_the_combat_prevents_a_defeat() -> None:
    state = _fight(("mina",), cards={"seward": ("great_strength",),
                                     "van_helsing": ("money_trail",)})
    health = state.rules.hunters["mina"].health
    state.hunters["mina"].damage = health - 2
    _round(state, "claws", mina="punch")
    peril = state.stack[-1]
    assert isinstance(peril, Peril)
    assert peril.seats == ("seward", "van_helsing")  # Mina holds nothing: not asked
    prompt = state.prompt("seward")
    assert "Mina Harker would be defeated by 2 damage (Claws)" in prompt
    assert state.legal_actions("seward") == [NO_CARD, PlayCard("great_strength")]
    act(state, "seward", PlayCard("great_strength"))
    assert state.hunters["mina"].damage == health - 2 and not state.hunters["mina"].defeated
    assert "great_strength" in state.event_deck.discards
    assert "Great Strength prevents the 2 damage Mina Harker would suffer (Claws)." in \
        _texts(state, "dracula")
    assert isinstance(state.stack[-1], Fight) and state.dracula.damage == 1


def test_a_hunter_holding_no_fitting_card_is_asked_all_the_same_and_the_harm_happens() -> None:
    state = _fight(("mina",), cards={"van_helsing": ("money_trail",)})
    state.hunters["mina"].damage = state.rules.hunters["mina"].health - 2
    _round(state, "claws", mina="punch")
    assert state.current_seats() == ("van_helsing",)
    assert state.legal_actions("van_helsing") == [NO_CARD]
    act(state, "van_helsing", NO_CARD)
    assert state.hunters["mina"].defeated


def test_the_harm_waits_until_every_seat_asked_has_played_none() -> None:
    state = _fight(("mina",), cards={"seward": ("money_trail",), "van_helsing": ("hired_scouts",)})
    state.hunters["mina"].damage = state.rules.hunters["mina"].health - 2
    _round(state, "claws", mina="punch")
    act(state, "seward", NO_CARD)
    assert not state.hunters["mina"].defeated and state.current_seats() == ("van_helsing",)
    act(state, "van_helsing", NO_CARD)
    assert state.hunters["mina"].defeated


def test_no_peril_window_when_the_damage_does_not_defeat() -> None:
    state = _fight(("mina",), cards={"seward": ("great_strength",)})
    _round(state, "claws", mina="punch")
    assert isinstance(state.stack[-1], Fight) and state.hunters["mina"].damage == 2


def test_great_strength_prevents_a_bite() -> None:
    state = _fight(("godalming",), night=True, cards={"seward": ("great_strength",)})
    _round(state, "mesmerize", godalming="dodge")
    _round(state, "fangs", godalming="punch")
    peril = state.stack[-1]
    assert isinstance(peril, Peril) and peril.bite
    act(state, "seward", PlayCard("great_strength"))
    assert state.hunters["godalming"].bites == 0


# -- Planned Ambush -------------------------------------------------------------------------------

def test_planned_ambush_lets_the_hunter_swap_his_revealed_card_in_round_one() -> None:
    state = _fight(("godalming",), cards={"godalming": ("planned_ambush", "knife")})
    act(state, "godalming", PlayCard("planned_ambush"))
    assert "planned_ambush" in state.event_deck.discards
    assert state.observation("godalming")["combat"]["revealed_cards"] == {}
    assert state.observation("dracula")["combat"]["planned_ambush"] == ["godalming"]
    _pass_window(state)
    act(state, "godalming", ChooseCombatCard("punch"))
    assert state.observation("dracula")["combat"]["revealed_cards"] == {}  # still face down
    act(state, "dracula", ChooseCombatCard("claws"))
    fight = _fight_of(state)
    assert fight.stage is Stage.SWAP and state.current_seats() == ("godalming",)
    for seat in ("godalming", "dracula", PUBLIC):  # the revealed cards are face up to all
        assert state.observation(seat)["combat"]["revealed_cards"] == \
            {"godalming": "punch", "dracula": "claws"}
        for seed in range(5):  # resampling keeps a card that lies face up
            twin = state.resample(seat, seed).observation(seat)
            assert twin["combat"]["revealed_cards"]["dracula"] == "claws"
    assert state.legal_actions("godalming") == [NO_CARD, *(ChooseCombatCard(c) for c in
                                                          ("dodge", "escape", "knife"))]
    assert [state.describe_action("godalming", a) for a in state.legal_actions("godalming")] \
        == ["keep the card", "swap for Dodge", "swap for Escape", "swap for Knife"]
    act(state, "godalming", ChooseCombatCard("dodge"))  # Dodge shows Claws: cancelled
    assert state.hunters["godalming"].damage == 0
    assert "Lord Godalming swaps his Punch for Dodge (Planned Ambush)." in public_texts(state)
    _round(state, "fangs", godalming="punch")  # round 2: no swap
    assert _fight_of(state).round == 3


def test_planned_ambush_kept_card_resolves() -> None:
    state = _fight(("godalming",), cards={"godalming": ("planned_ambush",)})
    act(state, "godalming", PlayCard("planned_ambush"))
    _pass_window(state)
    _round(state, "claws", godalming="punch")
    act(state, "godalming", NO_CARD)
    assert state.hunters["godalming"].damage == 2 and state.dracula.damage == 1


# -- Plotting -------------------------------------------------------------------------------------

def test_plotting_takes_any_card_of_his_deck_and_stays_face_up() -> None:
    """Plotting: "Dracula searches his combat deck for any one card, takes it into hand,
    and shuffles the deck. He keeps Plotting face up until the combat ends"."""
    state = _fight(("godalming",))
    _pass_window(state)
    _round(state, "plotting", godalming="dodge")  # Dodge shows no Plotting icon
    assert state.current_seats() == (DRACULA,)
    deck = sorted(set(state.combat_deck.cards))
    assert state.legal_actions(DRACULA) == [ChooseCard(c) for c in deck]
    act(state, DRACULA, ChooseCard("escape_as_bat"))
    fight = _fight_of(state)
    assert "escape_as_bat" in fight.hand and fight.face_up == ("plotting",)
    assert "Dracula takes a card from his combat deck and shuffles it." in public_texts(state)
    assert "escape_as_bat" not in " ".join(public_texts(state))


def test_plotting_turned_down_cancels_a_dodge_before_the_icons_are_compared() -> None:
    """Plotting, face up from an earlier round, may be turned face down once "to cancel the
    involved hunter's Punch, Dodge or Escape" (a ruling: before the icons are compared, so
    a cancelled Dodge blocks nothing, else cancelling it would do nothing)."""
    state = _fight(("godalming",))
    _pass_window(state)
    _round(state, "plotting", godalming="dodge")
    act(state, DRACULA, ChooseCard(sorted(set(state.combat_deck.cards))[0]))
    _round(state, "fangs", godalming="punch")
    assert state.legal_actions(DRACULA) == [ChooseCard("plotting"), PASS]
    act(state, DRACULA, PASS)  # kept face up: Fangs resolves, then the Punch
    assert state.hunters["godalming"].damage == 2
    _round(state, "claws", godalming="dodge")
    assert state.legal_actions(DRACULA) == [ChooseCard("plotting"), PASS]
    act(state, DRACULA, ChooseCard("plotting"))
    assert state.hunters["godalming"].damage == 4  # the cancelled Dodge did not block Claws
    fight = _fight_of(state)
    assert fight.plotting_used and "plotting" not in fight.face_up
    _round(state, "strength", godalming="punch")  # once only: no more Plotting to turn
    assert state.current_seats() != (DRACULA,) or PASS not in state.legal_actions(DRACULA)


def test_plotting_turned_down_cancels_a_punch_which_deals_nothing() -> None:
    state = _fight(("godalming",))
    _pass_window(state)
    _round(state, "plotting", godalming="dodge")
    act(state, DRACULA, ChooseCard(sorted(set(state.combat_deck.cards))[0]))
    damage = state.dracula.damage
    _round(state, "claws", godalming="punch")
    act(state, DRACULA, ChooseCard("plotting"))
    assert state.dracula.damage == damage and state.hunters["godalming"].damage == 2


def test_claws_at_night_strikes_a_hunter_still_in_the_combat_not_one_it_defeated() -> None:
    """Claws at night: "Dracula picks any hunter in this combat; that hunter takes 2": the
    engaged hunter its first 2 defeat is out of the combat (Combat: defeated hunters are
    no longer in it), so the other suffers the 2 and Dracula is not asked."""
    state = _fight(("godalming", "seward"), night=True)
    state.hunters["godalming"].damage = 9
    _pass_window(state)
    _round(state, "claws", godalming="punch", seward="punch")
    assert state.hunters["godalming"].defeated
    assert state.hunters["seward"].damage == 2


# -- Enraged --------------------------------------------------------------------------------------

def test_enraged_keeps_a_cancelled_card_and_forbids_escapes_for_the_rest_of_the_combat() -> None:
    state = _fight(("mina",), ("escape_as_mist", *HAND[:4]),
                   cards={"dracula": ("enraged",)})
    _escape_allowed(state)
    _round(state, "claws", mina="dodge")  # Dodge shows Claws
    window = state.stack[-1]
    assert isinstance(window, CardWindow) and window.timing is Timing.COMBAT_CARD_CANCELLED
    assert state.legal_actions("dracula") == [NO_CARD, PlayCard("enraged")]
    act(state, "dracula", PlayCard("enraged"))
    act(state, "dracula", NO_CARD)
    assert state.hunters["mina"].damage == 2  # Claws resolved after all
    assert "Enraged: Claws is not cancelled" in " ".join(public_texts(state))
    fight = _fight_of(state)
    assert fight.enraged and ChooseCombatCard("escape_as_mist") not in \
        state.legal_actions("dracula")
    assert state.observation("mina")["combat"]["enraged"] is True


def test_dracula_holding_another_event_is_asked_when_his_card_is_cancelled() -> None:
    state = _fight(("mina",), cards={"dracula": ("roadblock",)})
    _round(state, "claws", mina="dodge")
    assert state.legal_actions("dracula") == [NO_CARD]
    act(state, "dracula", NO_CARD)
    assert state.hunters["mina"].damage == 0


def test_enraged_is_not_offered_when_an_escape_card_is_cancelled() -> None:
    """A ruling: Enraged would forbid the very card it saves. Neither icons nor Lucy's
    Revenge cancelling an escape card open its window."""
    state = _fight(("godalming",), ("escape_as_mist", *HAND[:4]),
                   cards={"dracula": ("enraged",), "godalming": ("lucys_revenge",)})
    _escape_allowed(state)
    act(state, "godalming", PlayCard("lucys_revenge"))
    _pass_window(state)
    _round(state, "escape_as_mist", godalming="punch")
    act(state, "godalming", PlayCard("lucys_revenge"))
    assert isinstance(state.stack[-1], Fight) and "enraged" in state.dracula.events


# -- Holy Bullets ---------------------------------------------------------------------------------

def test_holy_bullets_after_a_pistol_deal_three_more_once_per_combat() -> None:
    state = _fight(("seward",), cards={"seward": ("pistol", "holy_bullets", "holy_bullets")})
    _pass_window(state)
    _round(state, "claws", seward="pistol")  # Pistol shows Claws: 2 damage to him
    window = state.stack[-1]
    assert isinstance(window, CardWindow) and window.timing is Timing.COMBAT_AFTER_CARD
    assert state.legal_actions("seward") == [NO_CARD, PlayCard("holy_bullets")]
    act(state, "seward", PlayCard("holy_bullets"))
    assert state.dracula.damage == 5
    assert "holy_bullets" in state.item_deck.discards
    assert state.legal_actions("seward") == [NO_CARD]  # not the second one he holds
    assert state.observation("dracula")["combat"]["holy_bullets_used"] is True
    act(state, "seward", NO_CARD)
    _round(state, "fangs", seward="dodge")  # Dodge shows Fangs: nothing happens
    _round(state, "plotting", seward="pistol")  # Pistol shows Plotting: 2 more
    assert isinstance(state.stack[-1], Fight)  # one per combat: no window any more
    assert state.dracula.damage == 5 + 2


def test_holy_bullets_are_not_asked_after_a_knife() -> None:
    state = _fight(("seward",), cards={"seward": ("knife", "holy_bullets")})
    _pass_window(state)
    _round(state, "claws", seward="knife")
    assert isinstance(state.stack[-1], Fight) and state.dracula.damage == 3


def test_a_vampire_destroyed_mid_round_takes_no_more_cards_and_no_holy_bullets() -> None:
    """Fighting Vampires: at its health the vampire is defeated and discarded: Dr. Seward's
    Pistol, resolving after Lord Godalming's killing Knife, deals nothing, and no Holy
    Bullets are asked for."""
    state = _fight(("godalming", "seward"),
                   cards={"godalming": ("knife",), "seward": ("pistol", "holy_bullets")})
    state.encounter_deck.take("reckless_vampire")
    i = next(i for i, d in enumerate(state.stack) if isinstance(d, Fight))
    state.stack[i] = attrs.evolve(state.stack[i], vampire="reckless_vampire", wounds=1)
    state.invalidate()
    _pass_window(state)
    _round(state, "fangs", godalming="knife", seward="pistol")  # the Knife shows Fangs
    assert not any(isinstance(d, Fight) for d in state.stack)
    assert not any(isinstance(d, CardWindow) for d in state.stack)
    assert "holy_bullets" in state.hunters["seward"].items
    texts = " ".join(public_texts(state))
    assert "Lord Godalming's Knife): 4 of 4" in texts and "Pistol" not in texts.split(
        "4 of 4")[1]
    assert "reckless_vampire" in state.encounter_deck.discards


# -- Forewarned and Dogs, when ambushed ---------------------------------------------------------

def _ambushed(encounter: str, cards: tuple[str, ...]) -> ModernState:
    """Lord Godalming, holding ``cards``, moves into Brussels, a hideout holding
    ``encounter``; Dracula ambushes him with it."""
    state = started(dracula="berlin")
    trail_of(state, "berlin", "brussels")
    state.trail[1].add_encounter(encounter)
    state.encounter_deck.cards.remove(encounter)
    state.hunters["godalming"].location = "paris"
    _give(state, "godalming", *cards)
    act(state, "godalming", Move("brussels", "road"))
    act(state, "dracula", Ambush(0))
    return state


def test_forewarned_discards_an_ambushing_encounter_unresolved() -> None:
    state = _ambushed("rats", ("forewarned",))
    window = state.stack[-1]
    assert isinstance(window, CardWindow) and window.timing is Timing.WHEN_AMBUSHED
    assert window.seats == ("godalming",)
    assert state.legal_actions("godalming") == [NO_CARD, PlayCard("forewarned")]
    act(state, "godalming", PlayCard("forewarned"))
    act(state, "godalming", NO_CARD)
    assert state.hunters["godalming"].damage == 0  # no Rats
    assert "rats" in state.encounter_deck.discards and "forewarned" in state.event_deck.discards
    said = "Forewarned: the Rats is discarded without being resolved."
    assert said in _texts(state, "dracula") and said in _texts(state, "seward")
    assert problems_of(state) == []


def test_forewarned_is_not_offered_against_a_vampire_but_the_hunter_is_asked() -> None:
    state = _ambushed("new_vampire", ("forewarned",))
    assert state.legal_actions("godalming") == [NO_CARD]
    act(state, "godalming", NO_CARD)
    assert any(isinstance(d, Fight) for d in state.stack)  # the vampire fights him


def test_an_ambushed_hunter_who_declines_meets_the_encounter() -> None:
    state = _ambushed("rats", ("forewarned",))
    act(state, "godalming", NO_CARD)
    assert state.hunters["godalming"].damage == 2 and "forewarned" in \
        state.hunters["godalming"].events


def test_forewarned_is_not_offered_during_a_search() -> None:
    state = started(dracula="berlin", hunters=("brussels", "madrid", "rome", "vienna"))
    trail_of(state, "berlin", "brussels")
    state.trail[1].revealed = True
    state.trail[1].add_encounter("saboteur")
    state.encounter_deck.cards.remove("saboteur")
    _give(state, "godalming", "forewarned")
    act(state, "godalming", SEARCH)
    assert not any(isinstance(d, CardWindow) and d.timing is Timing.WHEN_AMBUSHED
                   for d in state.stack)
    assert "forewarned" in state.hunters["godalming"].events


def test_dogs_discarded_when_ambushed_by_rats_drive_them_off() -> None:
    state = _ambushed("rats", ("dogs",))
    assert state.legal_actions("godalming") == [NO_CARD, PlayCard("dogs")]
    act(state, "godalming", PlayCard("dogs"))
    act(state, "godalming", NO_CARD)
    assert state.hunters["godalming"].damage == 0 and "dogs" not in \
        state.hunters["godalming"].items
    assert "dogs" in state.item_deck.discards and "rats" in state.encounter_deck.discards
    assert "Dogs: the Rats is discarded without being resolved." in public_texts(state)


def test_dogs_are_not_offered_against_an_encounter_they_do_not_scare() -> None:
    state = _ambushed("szgany_mob", ("dogs",))
    assert state.legal_actions("godalming") == [NO_CARD]


# -- the peril window outside a combat ----------------------------------------------------------

def test_sense_of_emergency_rides_only_after_the_peril_it_opens() -> None:
    """The ride waits under the peril: prevented, he rides; not, he is defeated and stays."""
    for prevent in (True, False):
        state = started()
        _give(state, "godalming", "sense_of_emergency")
        _give(state, "seward", "great_strength")
        state.hunters["godalming"].damage = state.rules.hunters["godalming"].health - 2
        act(state, "godalming", PlayCard("sense_of_emergency"))
        assert isinstance(state.stack[-1], Peril) and state.current_seats() == ("seward",)
        act(state, "seward", PlayCard("great_strength") if prevent else NO_CARD)
        hunter = state.hunters["godalming"]
        assert hunter.defeated is not prevent
        riding = [a.place for a in state.legal_actions("godalming")
                  if isinstance(a, ChoosePlace)]
        assert riding == (road_reach(state, "godalming", 3) if prevent else [])


def test_rats_that_would_defeat_wait_for_the_peril_before_their_firearm_step() -> None:
    state = started(dracula="berlin")
    trail_of(state, "berlin", "brussels")
    state.trail[1].add_encounter("rats")
    state.encounter_deck.cards.remove("rats")
    state.hunters["godalming"].location = "paris"
    state.hunters["godalming"].damage = state.rules.hunters["godalming"].health - 2
    _give(state, "seward", "great_strength")
    act(state, "godalming", Move("brussels", "road"))
    act(state, "dracula", Ambush(0))
    assert isinstance(state.stack[-1], Peril)
    act(state, "seward", NO_CARD)
    assert state.hunters["godalming"].defeated
    assert state.trail[1].encounters == ["rats"]  # put back, no firearm asked of him
    assert "godalming" not in state.current_seats()


# -- saves ---------------------------------------------------------------------------------------

def _reloads(state: ModernState) -> None:
    text = state.to_json()
    twin = GAME.from_json(text)
    assert twin.to_json() == text
    for seat in state.current_seats():
        assert twin.legal_actions(seat) == state.legal_actions(seat)


def test_a_save_in_a_peril_a_swap_a_cancelled_card_or_an_ambush_window_reloads() -> None:
    state = _fight(("mina",), cards={"seward": ("great_strength",)})
    state.hunters["mina"].damage = state.rules.hunters["mina"].health - 2
    _round(state, "claws", mina="punch")
    assert isinstance(state.stack[-1], Peril)
    _reloads(state)
    state = _fight(("godalming",), cards={"godalming": ("planned_ambush", "lucys_revenge")})
    act(state, "godalming", PlayCard("planned_ambush"))
    act(state, "godalming", PlayCard("lucys_revenge"))
    _pass_window(state)
    _round(state, "claws", godalming="punch")
    assert _fight_of(state).stage is Stage.SWAP and _fight_of(state).lucy
    _reloads(state)
    state = _fight(("mina",), cards={"dracula": ("enraged",)})
    _round(state, "claws", mina="dodge")
    _reloads(state)
    state = started(dracula="cologne")  # played, so that the public record holds
    _give(state, "godalming", "forewarned")
    state.encounter_deck.take("rats")
    state.dracula.encounters.append("rats")
    state.invalidate()
    _until(state, DRACULA)
    act(state, DRACULA, MoveTo("brussels"))
    act(state, DRACULA, PlaceEncounter("rats"))
    _until(state, "godalming", Move("brussels", "road"))
    act(state, "godalming", Move("brussels", "road"))
    act(state, DRACULA, next(a for a in state.legal_actions(DRACULA) if isinstance(a, Ambush)))
    assert state.legal_actions("godalming") == [NO_CARD, PlayCard("forewarned")]
    _reloads(state)


def _until(state: ModernState, seat: str, action: Action | None = None) -> None:
    while seat not in state.current_seats() or (
            action is not None and action not in state.legal_actions(seat)):
        who = state.current_seats()[0]
        legal = state.legal_actions(who)
        act(state, who, PASS if PASS in legal else NO_CARD if NO_CARD in legal else legal[0])


def test_the_rules_hurt_and_bite_hunters_through_the_peril_window() -> None:
    """Only ``perils`` calls ``health.hurt_hunter`` and ``health.bite_hunter``: a rule that
    called them itself would harm a hunter without asking for Great Strength."""
    package = Path(fury_modern.__file__).parent
    for path in package.glob("*.py"):
        if path.stem in ("perils", "health"):
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module == "health":
                names = {a.name for a in node.names}
                assert not names & {"hurt_hunter", "bite_hunter"}, path.name


def test_a_garlic_wreath_burns_fangs_even_when_the_blow_is_then_prevented() -> None:
    """A ruling: the wreath answers Fangs as it strikes; Great Strength, played after,
    prevents the damage but does not take the wreath's 4 back."""
    state = _fight(("seward",), cards={"seward": ("garlic_wreath",),
                                       "godalming": ("great_strength",)})
    act(state, "seward", PlayCard("garlic_wreath"))
    _pass_window(state)
    state.hunters["seward"].damage = state.rules.hunters["seward"].health - 2
    _round(state, "fangs", seward="punch")
    act(state, "godalming", PlayCard("great_strength"))
    assert not state.hunters["seward"].defeated
    assert state.dracula.damage == 4 + 1  # the wreath, then his Punch


def test_a_single_point_of_damage_that_would_defeat_opens_the_peril_window() -> None:
    state = started(hunters=("paris", "paris", "rome", "vienna"))
    state.hunters["seward"].bites = 1
    state.hunters["godalming"].damage = state.rules.hunters["godalming"].health - 1
    _give(state, "godalming", "blood_transfusion")
    _give(state, "mina", "great_strength")
    act(state, "godalming", PlayCard("blood_transfusion"))
    act(state, "godalming", ChooseHunter("seward"))
    peril = state.stack[-1]
    assert isinstance(peril, Peril) and peril.damage == 1
    assert peril.seats == ("mina",)  # Lord Godalming played his only card
    act(state, "mina", PlayCard("great_strength"))
    assert not state.hunters["godalming"].defeated and state.hunters["seward"].bites == 0
