"""What each seat is asked and how its choices read: the rulebook's words, printed names,
labels distinct within a list, and nothing a seat may not know."""

from __future__ import annotations

from fury1987 import prompts
from fury1987.actions import (
    ACTION_TYPES,
    CATCH_TRAIN,
    DO_NOTHING,
    ENCOUNTER_VAMPIRE,
    KEEP_GARLIC,
    PASS,
    STAY_PUT,
    ChooseChit,
    ChooseResult,
    DeclareTarget,
    FormGroup,
    MoveTo,
    PlaceEncounter,
    PlayEvent,
    StartIn,
    SwapWeapons,
    TeamUp,
)
from fury1987.combat_round import Engagement
from fury1987.labels import label
from fury1987.pending import PENDING_TYPES, Combat
from fury1987.state import FuryState
from gothic_kernel import Dice, Outcome

from .helpers import GAME, act, dracula_turn, kind, rig, started


def words(state: FuryState, seat: str) -> tuple[str, list[str]]:
    """The seat's prompt and the labels of its legal actions."""
    return state.prompt(seat), [state.describe_action(seat, a)
                                for a in state.legal_actions(seat)]


def test_seats_go_by_the_names_in_the_rulebook() -> None:
    assert [GAME.seat_name(s) for s in GAME.seats] == [
        "Dracula", "Lord Godalming", "Dr Seward", "Van Helsing"]


def test_starting_the_game() -> None:
    state = GAME.new_game(seed=1)
    asked, labels = words(state, "godalming")
    assert state.hunters["godalming"].weapons == ["dogs"]  # drawn at Set-Up (ruling 84)
    assert asked == ("Lord Godalming: choose the Town to start in (you may first reveal "
                     "your Dogs) (Starting the Game).")
    assert labels[:2] == ["start in Alicante", "start in Amsterdam"]
    assert labels[-1] == "reveal Dogs"
    state.apply("godalming", StartIn("paris"))
    asked, labels = words(state, "seward")
    assert state.hunters["seward"].weapons != ["dogs"]
    assert asked == "Dr Seward: choose the Town to start in (Starting the Game)."
    assert "reveal Dogs" not in labels
    assert state.prompt("dracula") == "Waiting for Dr Seward."
    state = started(dracula="athens")
    for seat in ("godalming", "seward", "van_helsing"):
        assert state.prompt(seat) == "Waiting for Dracula."


def test_a_hunters_movement_phase() -> None:
    state = started(godalming="paris", dracula="athens")
    dracula_turn(state, STAY_PUT)
    asked, labels = words(state, "godalming")
    assert asked == "Lord Godalming (in Paris): choose your Movement Phase move (Movement)."
    assert "move to Brussels by Road" in labels
    assert state.describe_action("godalming", CATCH_TRAIN) == \
        "take the train (roll on the Railway Station Chart)"
    assert state.describe_action("godalming", PASS) == "Pass (and swap Weapon Chits)"
    assert state.describe_action("godalming", STAY_PUT) == "stay in Paris"


def test_a_hunter_at_sea_sails_on_or_disembarks() -> None:
    state = started(godalming="le_havre", dracula="athens")
    dracula_turn(state, STAY_PUT)
    assert state.describe_action("godalming", MoveTo("english_channel")) == \
        "sail to the English Channel"
    act(state, "godalming", MoveTo("english_channel"))
    for seat in ("seward", "van_helsing"):
        while state.current_seats() == (seat,):
            act(state, seat, STAY_PUT if kind(state) == "hunter_movement"
                else state.legal_actions(seat)[0])
    dracula_turn(state, STAY_PUT)
    asked, labels = words(state, "godalming")
    assert asked == ("Lord Godalming (in the English Channel): sail on or disembark at a "
                     "Port; no one may stay at Sea (Movement).")
    assert "disembark at London" in labels


def test_dracula_is_told_his_own_secrets_in_his_prompts() -> None:
    state = started(dracula="paris", godalming="madrid", seward="vienna",
                    van_helsing="rome")
    asked, labels = words(state, "dracula")
    assert asked == ("Dracula (in Paris, 12 Blood Points): choose your Movement Phase move "
                     "in secret: by Road or Sea, Pass, stay, or consume a Vampire.")
    assert "move to Brussels by Road" in labels and "stay in Paris" in labels
    assert "Pass (and exchange Encounter Chits)" in labels
    act(state, "dracula", MoveTo("brussels"))
    asked, labels = words(state, "dracula")
    assert asked == ("Dracula (in Brussels): place an Encounter from your Encounter Set, "
                     "or do nothing (Dracula's Action Phase).")
    chit = state.dracula.encounter_set[0]
    name = state.rules.encounters.name(chit)
    assert f"place {name} in Brussels" in labels or \
        not state.rules.encounters.may_place(chit, "brussels", state.board)
    assert labels[-1] == "do nothing" and state.legal_actions("dracula")[-1] == DO_NOTHING


def test_dracula_exchanging_chits_after_passing() -> None:
    state = started(dracula="brussels")
    act(state, "dracula", PASS)
    asked, labels = words(state, "dracula")
    assert asked.startswith("Dracula: you Passed; choose the Encounter Chits to exchange")
    assert labels[0] == "exchange no Encounter Chits"
    assert all(label.startswith("exchange ") for label in labels)


def dracula_attacks_a_group() -> FuryState:
    """Dracula (Claw) against Lord Godalming (Fist) and Dr Seward (Rifle) in Naples."""
    state = started(dracula="rome", godalming="naples", seward="naples",
                    van_helsing="london")
    state.hunters["godalming"].weapons = []
    state.hunters["seward"].weapons = ["rifle"]
    rig(state, [5, 1, 6])  # Night; initiative: Dracula 1, the Hunters 6
    act(state, "dracula", MoveTo("naples"))
    act(state, "godalming", KEEP_GARLIC)
    act(state, "seward", KEEP_GARLIC)
    return state


def test_combat_chits_targets_and_results() -> None:
    state = dracula_attacks_a_group()
    asked, labels = words(state, "seward")
    assert asked == ("Dr Seward: choose your combat chit for round 1 against Dracula, in "
                     "secret (Escape, Fist, Rifle).")
    assert labels == ["choose the Escape chit", "choose the Fist chit",
                      "choose the Rifle chit"]
    asked, _ = words(state, "dracula")
    assert asked.startswith("Dracula: choose your combat chit for round 1 against Lord "
                            "Godalming and Dr Seward, in secret (Claw, ")
    act(state, "godalming", ChooseChit("godalming", "fist"))
    act(state, "seward", ChooseChit("seward", "rifle"))
    act(state, "dracula", ChooseChit("dracula", "claw"))
    asked, labels = words(state, "dracula")
    assert asked == "Dracula: declare whom you attack this round (Hunter Groups - Group " \
                    "Combat)."
    assert labels == ["attack Lord Godalming", "attack Dr Seward"]
    act(state, "dracula", DeclareTarget("dracula", "seward"))
    assert state.current_seats() == ("godalming",)  # the Hunters won: they pick the result
    asked, labels = words(state, "godalming")
    assert asked.startswith("Lord Godalming: your side outnumbers its foe: choose which "
                            "result to apply")
    assert labels == [
        "apply Lord Godalming's Fist against Dracula's Claw: parried, no effect",
        "apply Dr Seward's Rifle against Dracula's Claw: Dr Seward repels Dracula"]
    assert state.legal_actions("godalming") == [ChooseResult(0, 0), ChooseResult(0, 1)]


def test_a_hunter_whose_foe_fell_teams_up() -> None:
    state = started(godalming="naples", seward="naples", dracula="athens")
    fight = Combat("agents", "naples", ("godalming", "seward"), ("agent_1", "agent_2"),
                   "dracula", agent_chits={"agent_2": ("dodge", "fist")},
                   engagements=(Engagement.duel("seward", "agent_2"),), stage="team_up",
                   hunters_standing_by=("godalming",), team_up=("godalming",))
    state.stack.append(fight)
    state.invalidate()
    asked, labels = words(state, "godalming")
    assert asked == ("Lord Godalming: your foe has fallen; choose the fight to join "
                     "(Hunter Groups - Group Combat).")
    assert state.legal_actions("godalming") == [TeamUp("godalming", "0")]
    assert labels == ["Lord Godalming joins the fight against Agent 2"]


def test_a_group_meets_a_vampire() -> None:
    state = started(godalming="paris", seward="paris", van_helsing="london", dracula="athens")
    state.chart["brussels"] = state.encounter_pool.take("vampire")
    state.invalidate()
    dracula_turn(state, STAY_PUT)
    act(state, "godalming", FormGroup(("godalming", "seward")))
    asked, labels = words(state, "godalming")
    assert asked == ("Lord Godalming (in Paris, in a group with Dr Seward): choose the "
                     "group's Movement Phase move (Movement).")
    act(state, "godalming", MoveTo("brussels"))
    asked, labels = words(state, "godalming")
    assert asked == ("Lord Godalming and Dr Seward: a Vampire is found in Brussels; "
                     "encounter it or leave it (Encounters).")
    assert labels == ["encounter the Vampire", "leave the Vampire be"]
    act(state, "godalming", ENCOUNTER_VAMPIRE)
    asked, labels = words(state, "dracula")
    assert asked == "Dracula: choose the Hunter your Vampire in Brussels attacks (Encounters)."
    assert labels == ["the Vampire attacks Lord Godalming", "the Vampire attacks Dr Seward"]


def test_an_event_card_and_the_choices_it_asks_for() -> None:
    state = started(godalming="paris", dracula="athens")
    state.hunters["godalming"].events.append(state.event_deck.cards.pop(
        state.event_deck.cards.index("hired_scouts")))
    state.invalidate()
    dracula_turn(state, STAY_PUT)
    assert state.describe_action("godalming", PlayEvent("hired_scouts")) == "play Hired Scouts"
    act(state, "godalming", PlayEvent("hired_scouts"))
    while state.current_seats() == ("dracula",):  # his answer: Devilish Power, or none
        assert state.prompt("dracula").startswith(
            "Dracula: play an Event Card in answer to Hired Scouts")
        act(state, "dracula", state.legal_actions("dracula")[0])
    asked, labels = words(state, "godalming")
    assert asked == ("Lord Godalming: Hired Scouts: choose a Town for the Hired Scouts to "
                     "search (1 of 2).")
    assert "scout Brussels" in labels


def test_every_decision_kind_and_action_type_has_its_words() -> None:
    deciding = {cls.KIND for cls in PENDING_TYPES} - {
        "hunter_action", "card_played", "play_at_once", "pending_bite", "train_attempt",
        "end_turn", "die_roll"}  # the rules' own steps: nobody is asked
    assert set(prompts._PROMPTS) == deciding
    labelled = set(prompts._LABELS) | {type(a) for a in prompts._FIXED}
    assert labelled == set(ACTION_TYPES)


def test_random_games_are_worded_throughout() -> None:
    """Every prompt is one sentence naming the seat; every label is words (no ids, no
    repr), distinct within its list."""
    for seed in range(3):
        state = GAME.new_game(seed=seed)
        dice = Dice(seed + 40)
        while not state.is_over:
            for seat in state.current_seats():
                asked, labels = words(state, seat)
                assert asked.startswith(GAME.seat_name(seat)) or "Harker" in asked \
                    or " and " in asked.split(":")[0], asked
                assert asked.endswith(".") and "_" not in asked and "\n" not in asked
                assert len(set(labels)) == len(labels), labels
                assert all("_" not in label and label[:1] != "(" for label in labels)
            seat = dice.choice(state.current_seats())
            state.apply(seat, dice.choice(state.legal_actions(seat)))


def test_a_hunters_words_never_tell_dracula_secrets() -> None:
    """In states a Hunter cannot tell apart (Dracula's secrets redrawn), his prompt and
    the labels of his choices are the same."""
    state = GAME.new_game(seed=8)
    dice = Dice(8)
    checked = 0
    while not state.is_over and checked < 60:
        hunters = [s for s in state.current_seats() if s != "dracula"]
        for seat in hunters:
            asked, labels = words(state, seat)
            for seed in range(2):
                twin = state.resample(seat, seed)
                assert twin.prompt(seat) == asked
                assert [twin.describe_action(seat, a) for a in state.legal_actions(seat)] \
                    == labels
            checked += 1
        seat = dice.choice(state.current_seats())
        state.apply(seat, dice.choice(state.legal_actions(seat)))
    assert checked == 60


def test_placing_an_encounter_is_labelled_with_its_printed_name() -> None:
    state = started(dracula="brussels")
    act(state, "dracula", STAY_PUT)
    state.dracula.encounter_set[0] = "szgany_pistol_knife"
    state.invalidate()
    assert state.describe_action("dracula", PlaceEncounter("szgany_pistol_knife")) == \
        "place Szgany (Pistol, Knife) in Brussels"


def test_every_modules_docstring_examples_run() -> None:
    """The examples in the package's docstrings (prompts, data files, combat...) hold."""
    import doctest
    import importlib
    import pkgutil

    import fury1987

    for module in pkgutil.iter_modules(fury1987.__path__):
        if module.name != "__main__":  # (that one plays a demo game)
            found = doctest.testmod(importlib.import_module(f"fury1987.{module.name}"))
            assert found.failed == 0, module.name


def test_the_outcome_is_said_once_in_the_rules_words() -> None:
    game = GAME
    won = Outcome(("godalming", "seward", "van_helsing"), "minor",
                     "The Hunters win a Minor Victory: Dracula fled to Castle Dracula")
    assert game.outcome_sentence(won) == ("The Hunters win a Minor Victory: Dracula fled to "
                                          "Castle Dracula.")
    assert game.outcome_sentence(Outcome((), "stalemate", "")) == "Nobody wins (stalemate)."


def test_a_weapon_swap_is_labelled_by_the_chits_given_up() -> None:
    """Movement - Passing: the swap names the chits discarded, or says none is."""
    state = started()
    assert label(state, "godalming", SwapWeapons()) == "swap no Weapon Chits"
    assert label(state, "godalming", SwapWeapons(("knife", "knife", "pistol"))) == \
        "swap 2 Knife and Pistol"
