"""Encounters: what their matured effects ask of Dracula (encounters.toml)."""

from __future__ import annotations

from fury_modern import DRACULA
from fury_modern.actions import (
    PASS,
    ChooseCombatCard,
    ChooseHunter,
    Discard,
    Keep,
    Mature,
    MoveHunter,
    MoveTo,
)
from fury_modern.combat import Fight
from fury_modern.round import HunterTurns
from fury_modern.state import Hideout, ModernState
from gothic_kernel import PUBLIC

from .helpers import started
from .test_dracula import _six, _to_dracula_phase


def _mature_sixth_with(encounter: str) -> ModernState:
    """The hideout on trail space 6 holds ``encounter``; Dracula moves and matures it with its
    matured effect."""
    state = started(dracula="berlin", hunters=("madrid", "rome", "vienna", "london"))
    sixth = Hideout("paris")
    sixth.add_encounter(encounter)
    _six(state, sixth)
    _to_dracula_phase(state)
    state.apply(DRACULA, MoveTo("leipzig"))
    state.apply(DRACULA, Mature(effects=True))
    return state


# -- Hoax ------------------------------------------------------------------------------------

def test_hoax_matured_dracula_chooses_the_event_he_keeps() -> None:
    """Matured: Dracula takes every Dracula event from the discards, keeps one of his choice
    in secret and shuffles the rest into the event deck."""
    state = started(dracula="berlin", hunters=("madrid", "rome", "vienna", "london"))
    for card in ("enraged", "false_tip", "false_tip", "roadblock"):
        state.event_deck.cards.remove(card)
        state.event_deck.discards.append(card)
    sixth = Hideout("paris")
    sixth.add_encounter("hoax")
    _six(state, sixth)
    _to_dracula_phase(state)
    state.apply(DRACULA, MoveTo("leipzig"))
    state.apply(DRACULA, Mature(effects=True))
    assert state.current_seats() == (DRACULA,)
    assert state.legal_actions(DRACULA) == [Keep("enraged"), Keep("false_tip"),
                                            Keep("roadblock")]
    deck_before = len(state.event_deck.cards)
    state.apply(DRACULA, Keep("roadblock"))
    assert state.dracula.events == ["roadblock"]
    assert not any(state.rules.events[c].owner == DRACULA for c in state.event_deck.discards)
    assert len(state.event_deck.cards) == deck_before + 3
    public = [e["text"] for e in state.log(PUBLIC) if e["kind"] == "hoax_matures"]
    assert public and "Roadblock" not in public[0]


def test_hoax_matured_with_no_dracula_event_in_the_discards_asks_nothing() -> None:
    state = _mature_sixth_with("hoax")
    assert not any(isinstance(a, Keep) for s in state.current_seats()
                   for a in state.legal_actions(s))
    assert any(e["kind"] == "hoax_matures" for e in state.log(PUBLIC))


# -- Szgany Bodyguards -----------------------------------------------------------------------

def _dusk_with_dracula_revealed_beside_mina() -> ModernState:
    """The Szgany Bodyguards matured; the next day Mina, the last to act, stands in Dracula's
    city where he is revealed, and passes: dusk comes, with a combat."""
    state = _mature_sixth_with("szgany_bodyguards")
    while not (isinstance(state.stack[-1], HunterTurns) and not state.stack[-1].night
               and state.current_seats() == ("mina",)):
        seat = state.current_seats()[0]
        legal = state.legal_actions(seat)
        state.apply(seat, PASS if PASS in legal else legal[0])
    state.hunters["mina"].location = state.dracula_location
    state.dracula.revealed = True
    state.invalidate()
    state.apply("mina", PASS)
    return state


def test_szgany_bodyguards_matured_dracula_keeps_it_face_up() -> None:
    state = _mature_sixth_with("szgany_bodyguards")
    assert state.dracula.kept == ["szgany_bodyguards"]
    assert "szgany_bodyguards" not in state.encounter_deck.discards
    assert state.observation(DRACULA)["dracula"]["kept_encounters"] == ["szgany_bodyguards"]


def test_szgany_bodyguards_strike_a_hunter_before_a_combat_with_dracula() -> None:
    """At dawn or dusk, before a combat that involves Dracula, he may pick a hunter in his
    location, apply the effect to him (2 damage; no weapon shown: 2 more and delayed),
    then discard it; the combat follows."""
    state = _dusk_with_dracula_revealed_beside_mina()
    assert state.current_seats() == (DRACULA,)
    assert state.legal_actions(DRACULA) == [ChooseHunter("mina"), PASS]
    state.apply(DRACULA, ChooseHunter("mina"))
    assert state.hunters["mina"].damage == 2
    state.apply("mina", PASS)  # she shows no weapon
    assert state.hunters["mina"].damage == 4 and state.hunters["mina"].delayed
    assert state.dracula.kept == [] and "szgany_bodyguards" in state.encounter_deck.discards
    fight = state.stack[-1]
    assert isinstance(fight, Fight) and fight.hunters == ("mina",) and not fight.vampire
    assert ChooseCombatCard("punch") in state.legal_actions("mina")


def test_szgany_bodyguards_may_be_kept_for_later() -> None:
    state = _dusk_with_dracula_revealed_beside_mina()
    state.apply(DRACULA, PASS)
    assert state.dracula.kept == ["szgany_bodyguards"]
    assert isinstance(state.stack[-1], Fight)


# -- Spy -------------------------------------------------------------------------------------

def _spy_matures_on(victim: str, *, knife: bool) -> ModernState:
    """A Spy matures on trail space 6 and Dracula picks ``victim``, who holds a ticket (and
    a Knife if ``knife``)."""
    state = started(dracula="berlin", hunters=("madrid", "rome", "vienna", "london"))
    hunter = state.hunters[victim]
    hunter.tickets.append(state.tickets.pop())
    if knife:
        hunter.items.append(state.item_deck.take("knife"))
    sixth = Hideout("paris")
    sixth.add_encounter("spy")
    _six(state, sixth)
    _to_dracula_phase(state)
    state.apply(DRACULA, MoveTo("leipzig"))
    state.apply(DRACULA, Mature(effects=True))
    assert state.legal_actions(DRACULA) == [MoveHunter(h) for h in
                                            ("godalming", "seward", "van_helsing", "mina")]
    state.apply(DRACULA, MoveHunter(victim))
    return state


def test_spy_matured_its_victim_may_discard_a_weapon_to_be_rid_of_it() -> None:
    """Matured: "Pick any hunter and apply the effect to him", the effect's "He may instead
    discard a weapon card" included."""
    state = _spy_matures_on("seward", knife=True)
    assert state.current_seats() == ("seward",)
    assert state.legal_actions("seward") == [Discard("knife"), PASS]
    state.apply("seward", Discard("knife"))
    assert state.hunters["seward"].items == [] and len(state.hunters["seward"].tickets) == 1
    assert state.item_deck.discards[-1] == "knife"


def test_spy_matured_its_victim_who_keeps_his_weapon_loses_his_tickets() -> None:
    state = _spy_matures_on("seward", knife=True)
    state.apply("seward", PASS)
    assert state.hunters["seward"].items == ["knife"] and state.hunters["seward"].tickets == []
    assert any(e["kind"] == "spied" for e in state.log(PUBLIC))


def test_spy_matured_its_victim_without_a_weapon_is_spied_on_at_once() -> None:
    state = _spy_matures_on("mina", knife=False)
    assert state.hunters["mina"].tickets == []
    assert not any(isinstance(a, Discard) for s in state.current_seats()
                   for a in state.legal_actions(s))


# -- Wolves ----------------------------------------------------------------------------------

def test_wolves_every_hunter_in_the_city_suffers_4_less_2_for_each_weapon_he_reveals() -> None:
    """Wolves (encounters.toml): "every hunter in the city takes 4 damage, less 2 for each
    weapon card he reveals" - revealed, so the table is told which weapons (a ruling: he
    reveals every one, it only spares him)."""
    from fury_modern.actions import Ambush, Move

    state = started(dracula="berlin", hunters=("zurich", "munich", "rome", "vienna"))
    state.trail = [Hideout("berlin"), Hideout("munich")]
    state.trail[1].add_encounter("wolves")
    state.encounter_deck.cards.remove("wolves")
    state.hunters["seward"].items = ["knife", "pistol"]
    for card in ("knife", "pistol"):
        state.item_deck.take(card)
    state.invalidate()
    state.apply("godalming", Move("munich", "road"))
    state.apply(DRACULA, Ambush(0))
    assert state.hunters["godalming"].damage == 4
    assert state.hunters["seward"].damage == 0
    told = [e["text"] for e in state.log(PUBLIC)]
    assert "Dr. Seward reveals Knife." in told and "Dr. Seward reveals Pistol." in told
    assert "wolves" in state.encounter_deck.discards
