"""Rules the mutation run (benchmarks/mutation.py, docs/fury_modern.md "Mutation testing")
found that no test checked: each test is named after the rule the surviving mutant broke,
fails on that mutant and passes on the code."""

from __future__ import annotations

from fury_modern.actions import (
    END_TRADE,
    SEARCH,
    ChooseMode,
    Delay,
    Give,
    Move,
    MoveTo,
    PlayCard,
    Roadblock,
    Trade,
)
from fury_modern.dracula import Maturing, misdirect_spaces
from fury_modern.rules import DRACULA
from fury_modern.tokens import RoadblockPlacement
from fury_modern.tracker import tracker_of

from .helpers import act, public_texts, started, trail_of
from .test_cards import _dracula_receives
from .test_combat_cards import _fight, _fight_of, _pass_window, _round
from .test_dracula import _to_dracula_phase
from .test_tracker import HUNTER_CITIES, begin, dracula_moves, modern, truth_in
from .test_window_cards import _give, _ticket


def test_maturing_encounters_a_record_without_marks_holds_face_down_unwounded_encounters() -> None:
    """Maturing Encounters: a hideout pushed off the sixth space whose record names no marks
    (``shown`` and ``wounds`` left out: their defaults) comes back with its
    encounters face down and unwounded."""
    record = Maturing("munich", ("wolves", "rats"))
    hideout = record.hideout
    assert hideout.encounters == ["wolves", "rats"]
    assert hideout.shown == [False, False]
    assert hideout.wounds == [0, 0]
    marked = Maturing("munich", ("wolves", "rats"), shown=(True,), wounds=(2,)).hideout
    assert marked.shown == [True, False] and marked.wounds == [2, 0]


def test_combat_a_cancel_holds_for_its_round_only() -> None:
    """Combat, step 2: Dracula's card is cancelled when the engaged hunter's card shows its
    icon, for that round: the fight's ``blocked`` (read by Enraged and the Crucifix) is set
    again at each reveal, so Fangs cancelled in round 1 leaves round 2's Claws uncancelled.
    (The Crucifix cancels both cards it punishes, so no damage tells this apart today; a save
    and the decision record do.)"""
    state = _fight(("godalming",))
    _pass_window(state)
    _round(state, "fangs", godalming="dodge")  # Dodge shows Fangs: cancelled
    assert _fight_of(state).blocked and state.hunters["godalming"].damage == 0
    _round(state, "claws", godalming="punch")  # Punch does not: Claws resolves
    fight = _fight_of(state)
    assert fight.round == 3 and not fight.blocked
    assert state.hunters["godalming"].damage == 2


def test_roadblock_places_three_tokens_and_no_more_than_the_supply_holds() -> None:
    """Roadblock: three roadblock tokens, then Dracula's phase goes on; with six of the eight
    on the board already, only the two left."""
    state = started()
    _dracula_receives(state, "roadblock")
    act(state, "dracula", PlayCard("roadblock"))
    for _ in range(3):
        assert isinstance(state.stack[-1], RoadblockPlacement)
        act(state, "dracula", state.legal_actions("dracula")[0])
    assert len(state.tokens.roadblocks) == 3
    assert not any(isinstance(d, RoadblockPlacement) for d in state.stack)

    state = started()
    _dracula_receives(state, "roadblock")
    links = [d for d in state.board.links if d.kind in ("road", "rail")][:6]
    state.tokens.roadblocks = [[d.kind, d.a, d.b] for d in links]
    state.invalidate()
    act(state, "dracula", PlayCard("roadblock"))
    assert sum(isinstance(d, RoadblockPlacement) for d in state.stack) == 2


def test_good_luck_offers_to_cancel_false_tip_among_its_effects_only_while_it_waits() -> None:
    """Good Luck: cancelling a False Tip is one of its effects while the hunters answer that
    False Tip (chosen with the others in its effect choice), and not in a hunter's own turn."""
    state = started()
    state.tokens.roadblocks = [["road", "le_havre", "paris"]]
    _ticket(state, "godalming", "ticket_3_2")
    _give(state, "dracula", "false_tip")
    _give(state, "seward", "good_luck")
    act(state, "godalming", Move("berlin", "rail", "ticket_3_2"))
    act(state, "dracula", PlayCard("false_tip"))
    act(state, "seward", PlayCard("good_luck"))
    assert state.legal_actions("seward") == [ChooseMode("remove_roadblock"),
                                             ChooseMode("cancel_false_tip")]
    act(state, "seward", ChooseMode("cancel_false_tip"))
    assert "Good Luck cancels False Tip." in public_texts(state)

    state = started()
    state.tokens.roadblocks = [["road", "le_havre", "paris"]]
    _give(state, "godalming", "good_luck")
    state.invalidate()
    act(state, "godalming", PlayCard("good_luck"))  # one effect in his turn: no choice asked
    assert state.tokens.roadblocks == [["road", "le_havre", "paris"]]
    assert state.legal_actions("godalming") == [Roadblock("road", "le_havre", "paris",
                                                          remove=True)]


def test_vampire_encounters_each_hunter_alongside_in_turn_may_be_delayed_to_join() -> None:
    """New and Reckless Vampires: the hunters in the city are asked in turn order whether to
    be delayed to join the fight; each one asked, the ones who accept fight too."""
    state = started(dracula="berlin", hunters=("brussels", "brussels", "brussels", "vienna"))
    trail_of(state, "berlin", "brussels")
    state.trail[1].revealed = True
    state.trail[1].add_encounter("new_vampire", shown=True)
    state.encounter_deck.cards.remove("new_vampire")
    state.invalidate()
    act(state, "godalming", SEARCH)
    assert state.current_seats() == ("seward",)
    assert state.legal_actions("seward") == [Delay(True), Delay(False)]
    act(state, "seward", Delay(False))
    assert state.current_seats() == ("van_helsing",)
    act(state, "van_helsing", Delay(True))
    fight = _fight_of(state)
    assert fight.vampire == "new_vampire" and fight.hunters == ("godalming", "van_helsing")
    assert state.hunters["van_helsing"].delayed and not state.hunters["seward"].delayed


def test_misdirect_may_not_clear_the_sixth_space_which_slides_off_before_it_is_placed() -> None:
    """powers.toml, Misdirect: it clears a hideout of his trail but not the sixth, which
    leaves the trail in the slide before Misdirect is placed (nor his location)."""
    state = started(dracula="berlin", hunters=("madrid", "rome", "vienna", "london"))
    trail_of(state, "berlin", "hamburg", "cologne", "amsterdam", "brussels", "paris")
    _to_dracula_phase(state)
    assert misdirect_spaces(state) == [2, 3, 4, 5]
    misdirects = {a.space for a in state.legal_actions(DRACULA)
                  if isinstance(a, MoveTo) and a.power == "misdirect"}
    assert misdirects == {2, 3, 4, 5}


def test_table_talk_trade_the_traders_know_the_card_handed_over_when_hands_are_redrawn() -> None:
    """Table Talk - Trade: the two traders see the card change hands, so every position
    Lord Godalming cannot tell apart (resampling, as a bot's search does) has the Knife he
    gave in Dr. Seward's hand; the others at the table saw only "a card"."""
    state = started(hunters=("paris", "paris", "rome", "london"))
    state.hunters["godalming"].items = ["knife"]
    state.item_deck.take("knife")
    state.invalidate()
    act(state, "godalming", Trade("seward"))
    act(state, "godalming", Give("knife", "seward"))
    act(state, "seward", END_TRADE)
    act(state, "godalming", END_TRADE)
    for seed in range(1, 13):
        assert modern(state.resample("godalming", seed)).hunters["seward"].items == ["knife"]
    drawn = {tuple(modern(state.resample("van_helsing", s)).hunters["seward"].items)
             for s in range(1, 13)}
    assert drawn != {("knife",)}  # a hunter outside the trade knows only that a card moved


def test_feed_played_unhurt_heals_nothing_and_the_table_still_counts_it_possible() -> None:
    """powers.toml, Feed: Dracula stays and recovers 1 damage. Played unhurt (his first
    move, at night) it recovers nothing, so no damage is logged, and the hunters'
    reckoning of his trail (``tracker``), which knows him unhurt from the start, keeps
    Feed among the cards he may have played."""
    state = begin(HUNTER_CITIES, "munich")
    dracula_moves(state, MoveTo("munich", "feed"))
    assert state.dracula.damage == 0 and [h.card for h in state.trail] == ["feed", "munich"]
    assert truth_in(state, tracker_of(state))
    assert "munich" in state.observation("godalming")["possible_locations"]
