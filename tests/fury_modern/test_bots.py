"""The default bots of modern Fury: they finish seeded games, play the cards, replay from
their seed, and take the obvious choice in scripted positions (each test fails when the
rule of the bot it names is broken)."""

from __future__ import annotations

from collections import Counter

import pytest

import gothic_kernel as gk
from fury_modern.actions import (
    NO_CARD,
    ChooseCombatCard,
    ChooseMode,
    Discard,
    Move,
    MoveHunter,
    MoveTo,
    NoCard,
    PlaceEncounter,
    PlayCard,
    Search,
)
from fury_modern.bot_cards import Situation, default_value, play_value
from fury_modern.bots import DraculaBot, HunterBot
from fury_modern.combat import Fight, start_fight
from fury_modern.dracula_bot import DraculaView
from fury_modern.hunter_bot import HunterView
from fury_modern.state import Hideout, ModernState

from .helpers import GAME, played, started

SEEDS = range(20)


def _bot_game(seed: int) -> tuple[gk.GameState, gk.GameRecord]:
    return gk.play_game(GAME, seed, max_steps=20_000)


def test_the_bots_finish_twenty_seeded_games_playing_cards_in_their_windows() -> None:
    kinds: Counter[str] = Counter()
    winners: Counter[str] = Counter()
    for seed in SEEDS:
        state, record = _bot_game(seed)
        assert state.is_over, seed
        outcome = state.outcome
        assert outcome is not None
        winners["dracula" if outcome.winners == ("dracula",) else "hunters"] += 1
        for seat, data in record.actions:
            kinds[f"{'dracula' if seat == 'dracula' else 'hunter'}:{data['type']}"] += 1
    # both sides play cards in windows and as actions, and decline some
    assert kinds["hunter:play_card"] > 20 and kinds["dracula:play_card"] > 5, kinds
    assert kinds["hunter:no_card"] > 0 and kinds["dracula:no_card"] > 0, kinds
    assert kinds["hunter:choose_combat_card"] > 0 and kinds["dracula:choose_combat_card"] > 0
    assert kinds["hunter:search"] > 0 and kinds["dracula:place_encounter"] > 0
    # a contest: each side wins some of these games
    assert winners["dracula"] >= 3 and winners["hunters"] >= 3, winners


def test_a_bot_game_replays_exactly_from_its_seed() -> None:
    first = _bot_game(4)[1]
    again = _bot_game(4)[1]
    other = _bot_game(5)[1]
    assert first.actions == again.actions and first.public_log == again.public_log
    assert first.actions != other.actions


def test_the_bots_beat_random_play() -> None:
    for seed in range(3):
        state = GAME.new_game(seed=seed)
        versus_random = {s: gk.RandomAgent(seed + i) for i, s in enumerate(state.seats)
                         if s != "dracula"}
        played, _ = gk.play_game(GAME, seed, agents=versus_random, max_steps=20_000)
        assert played.outcome is not None and played.outcome.winners == ("dracula",)
        dracula_random = {"dracula": gk.RandomAgent(seed)}
        played, _ = gk.play_game(GAME, seed, agents=dracula_random, max_steps=20_000)
        assert played.outcome is not None and played.outcome.winners != ("dracula",)


# -- scripted positions -------------------------------------------------------------------------
def _fight(state: ModernState, hunters: tuple[str, ...], *, hand: tuple[str, ...],
           items: dict[str, list[str]], night: bool = False, vampire: str = "") -> None:
    """A combat in Berlin between ``hunters`` and Dracula, past its start window."""
    for seat in hunters:
        state.hunters[seat].location = "berlin"
        state.hunters[seat].items = list(items.get(seat, []))
    start_fight(state, hunters, "berlin", night=night)
    while state.stack[-1].KIND == "card_window":
        state.apply(state.current_seats()[0], NO_CARD)
    fight = state.stack[-1]
    assert isinstance(fight, Fight)
    state.combat_deck.cards += list(fight.hand)
    for card in hand:
        state.combat_deck.cards.remove(card)
    state.stack[-1] = Fight(night, hunters, "berlin", vampire, hand=tuple(sorted(hand)),
                            hands={h: ("punch", "dodge", "escape", *sorted(items.get(h, [])))
                                   for h in hunters})
    state.invalidate()


def _choices(bot: HunterBot | DraculaBot, state: ModernState, seat: str,
             tries: int = 1) -> Counter[gk.Action]:
    """What the bot chooses in this position (a fresh bot per try for mixed choices)."""
    found: Counter[gk.Action] = Counter()
    for seed in range(tries):
        player = type(bot)(seed)
        found[player.choose(seat, state.observation(seat), state.legal_actions(seat))] += 1
    return found


def test_a_hunter_strikes_the_killing_blow_with_his_knife() -> None:
    state = started(seed=3)
    state.dracula.damage = 12  # three left: the Knife's 3 defeats him
    _fight(state, ("godalming",), hand=("claws", "fangs", "mesmerize", "plotting", "strength"),
           items={"godalming": ["knife"]})
    chosen = _choices(HunterBot(0), state, "godalming", tries=20)
    assert chosen[ChooseCombatCard("knife")] >= 18, chosen


def test_a_hunter_near_defeat_avoids_the_blows_a_fit_one_takes() -> None:
    state = started(seed=3)
    _fight(state, ("godalming",), hand=("claws", "fangs", "mesmerize", "plotting", "strength"),
           items={"godalming": ["pistol"]}, night=True)
    fit = _choices(HunterBot(0), state, "godalming", tries=40)
    state.hunters["godalming"].damage = 9  # two left of eleven
    state.invalidate()
    weak = _choices(HunterBot(0), state, "godalming", tries=40)
    attack = (ChooseCombatCard("pistol"), ChooseCombatCard("punch"))
    assert sum(fit[c] for c in attack) > sum(weak[c] for c in attack), (fit, weak)
    assert weak[ChooseCombatCard("escape")] + weak[ChooseCombatCard("dodge")] >= 30, weak


def test_dracula_escapes_when_the_next_blow_would_defeat_him() -> None:
    state = started(seed=3)
    state.dracula.damage = 14
    state.despair = 3  # Pride lets him escape at once
    _fight(state, ("godalming", "seward"),
           hand=("claws", "escape_as_mist", "fangs", "mesmerize", "strength"),
           items={"godalming": ["knife"], "seward": ["rifle"]})
    assert ChooseCombatCard("escape_as_mist") in state.legal_actions("dracula")
    chosen = _choices(DraculaBot(0), state, "dracula", tries=20)
    assert chosen[ChooseCombatCard("escape_as_mist")] >= 18, chosen


def test_a_hunter_walks_into_the_city_where_dracula_stands_revealed() -> None:
    state = started(seed=3, hunters=("hamburg", "madrid", "rome", "vienna"), dracula="berlin")
    state.dracula.revealed = True
    state.invalidate()
    assert state.current_seats() == ("godalming",)
    chosen = HunterBot(0).choose("godalming", state.observation("godalming"),
                                 state.legal_actions("godalming"))
    assert isinstance(chosen, Move) and chosen.to == "berlin", chosen


def _far_from_a_narrow_trail(state: gk.GameState) -> bool:
    """A hunter's day action, the tracker down to a few places, all two steps or more
    from him."""
    assert isinstance(state, ModernState)
    seats = state.current_seats()
    if not seats or seats[0] == "dracula" or state.night or \
            state.stack[-1].KIND != "hunter_turns" or state.dracula.revealed or \
            not any(isinstance(x, Move) for x in state.legal_actions(seats[0])):
        return False
    possible = state.observation(seats[0])["possible_locations"]
    here = state.hunters[seats[0]].location
    geo = HunterBot(0).geo
    return 0 < len(possible) <= 4 and min(geo.hunter_steps(here, p) for p in possible) >= 2


def test_a_hunter_closes_in_on_the_few_places_dracula_may_be() -> None:
    state = played(1, 5000, bots=True, until=_far_from_a_narrow_trail)
    assert isinstance(state, ModernState) and _far_from_a_narrow_trail(state)
    seat = state.current_seats()[0]
    bot = HunterBot(0)
    possible = state.observation(seat)["possible_locations"]
    here = state.hunters[seat].location
    chosen = bot.choose(seat, state.observation(seat), state.legal_actions(seat))
    assert isinstance(chosen, Move), chosen
    before = min(bot.geo.hunter_steps(here, p) for p in possible)
    assert min(bot.geo.hunter_steps(chosen.to, p) for p in possible) < before


def test_a_hunter_searches_a_face_up_hideout_holding_encounters() -> None:
    state = started(seed=3, hunters=("munich", "madrid", "rome", "vienna"), dracula="berlin")
    state.trail = [Hideout("berlin"), Hideout("munich", revealed=True)]
    state.trail[1].add_encounter("new_vampire")
    state.invalidate()
    assert Search() in state.legal_actions("godalming")
    chosen = HunterBot(0).choose("godalming", state.observation("godalming"),
                                 state.legal_actions("godalming"))
    assert chosen == Search()


def test_dracula_breeds_a_vampire_far_from_the_hunters_and_ambushers_near_them() -> None:
    bot = DraculaBot(0)
    state = started(seed=3, hunters=("lisbon", "madrid", "cadiz", "granada"), dracula="berlin")
    state.dracula.encounters = ["new_vampire", "wolves"]
    state.invalidate()
    view_far = _dracula_view(bot, state)
    assert view_far.placement_value("new_vampire") > view_far.placement_value("wolves")
    for seat in ("godalming", "seward"):
        state.hunters[seat].location = "hamburg"
    state.invalidate()
    view_near = _dracula_view(bot, state)
    assert view_near.placement_value("wolves") > view_near.placement_value("new_vampire")


def _dracula_view(bot: DraculaBot, state: ModernState) -> DraculaView:
    return DraculaView(bot, state.observation("dracula"))


def test_dracula_moves_away_from_a_hunter_next_door() -> None:
    state = started(seed=3, hunters=("hamburg", "madrid", "rome", "lisbon"), dracula="berlin")
    while "dracula" not in state.current_seats():
        seat = state.current_seats()[0]
        legal = state.legal_actions(seat)
        state.apply(seat, next((x for x in legal if x.to_json()["type"] in ("pass", "no_card")),
                               legal[0]))
    legal = state.legal_actions("dracula")
    chosen = DraculaBot(0).choose("dracula", state.observation("dracula"), legal)
    assert isinstance(chosen, MoveTo)
    geo = DraculaBot(0).geo
    hunters = [h.location for h in state.hunters.values()]
    def nearest(place: str) -> int:
        return min(geo.hunter_steps(h, place) for h in hunters)

    # the farthest from every hunter he can get (Wolf Form to Vienna, three steps away)
    assert nearest(chosen.place) == max(nearest(m.place) for m in legal
                                        if isinstance(m, MoveTo)) == 3, chosen


# -- cards --------------------------------------------------------------------------------------
@pytest.mark.parametrize("side", ["hunters", "dracula"])
def test_a_card_the_bots_do_not_know_is_played_in_a_window_not_before_a_good_action(
        side: str) -> None:
    window = Situation(side=side)
    assert play_value("a_card_added_later", window) == default_value(window) > 0
    action = Situation(side=side, as_action=True)
    assert 0 < play_value("a_card_added_later", action) < 0.5  # below a step closer


def test_renewed_vigour_is_kept_for_a_day_that_has_one() -> None:
    hot = Situation(side="hunters", dracula_revealed=True)
    assert play_value("renewed_vigour", hot) > 0
    assert play_value("renewed_vigour", Situation(side="hunters", darkness=True)) < 0


def test_a_hunter_bot_plays_a_known_card_in_its_window_and_declines_a_useless_one() -> None:
    bot = HunterBot(0)
    state = started(seed=3)
    state.dracula.revealed = True
    state.invalidate()
    view = HunterView(bot, "godalming", state.observation("godalming"))
    assert view.score(PlayCard("renewed_vigour")) > view.score(NoCard())
    assert view.score(PlayCard("money_trail")) < view.score(NoCard())  # nothing face down


def test_dracula_bot_plays_a_card_it_does_not_know_when_offered() -> None:
    state = started(seed=3)
    view = DraculaView(DraculaBot(0), state.observation("dracula"))
    assert view.score(PlayCard("a_card_added_later")) > view.score(NoCard())


def test_placing_an_encounter_is_judged_by_the_encounter() -> None:
    state = started(seed=3, hunters=("lisbon", "madrid", "cadiz", "granada"), dracula="berlin")
    view = DraculaView(DraculaBot(0), state.observation("dracula"))
    assert view.score(PlaceEncounter("aristocratic_vampire")) > view.score(PlaceEncounter("rats"))


def test_dracula_stays_put_only_while_the_hunters_are_not_closing_in() -> None:
    state = started(seed=3, hunters=("hamburg", "madrid", "rome", "lisbon"), dracula="berlin")
    bot = DraculaBot(0)
    hide = MoveTo("berlin", "hide")
    calm = DraculaView(bot, state.observation("dracula")).move_value(hide)
    bot.spread_before = 40  # the hunters stood far off when he last moved
    view = DraculaView(bot, state.observation("dracula"))
    assert view.closing_in()
    assert view.move_value(hide) < calm - 2


def test_dracula_keeps_away_from_a_hideout_the_hunters_saw_mature() -> None:
    state = started(seed=3, hunters=("lisbon", "madrid", "cadiz", "granada"), dracula="berlin")
    bot = DraculaBot(0)
    before = DraculaView(bot, state.observation("dracula"))
    assert before.known_from() is None
    unseen = before.place_value("leipzig") - before.place_value("hamburg")
    bot.moves, bot.seen_at = 7, ("hamburg", 5)  # seen in Hamburg two moves ago
    view = DraculaView(bot, state.observation("dracula"))
    assert view.known_from() == ("hamburg", 2)
    assert view.place_value("leipzig") - view.place_value("hamburg") > unseen + 1


def test_behind_the_veil_discards_draculas_best_encounter_and_a_hunter_his_own_least() -> None:
    state = started(seed=3)
    state.hunters["godalming"].items = ["knife", "fast_horses"]
    state.invalidate()
    view = HunterView(HunterBot(0), "godalming", state.observation("godalming"))
    assert view.score(Discard("new_vampire")) > view.score(Discard("hoax"))  # Dracula's
    assert view.score(Discard("fast_horses")) > view.score(Discard("knife"))  # his own


def test_the_spy_spies_on_the_hunter_holding_most_cards() -> None:
    state = started(seed=3)
    state.hunters["seward"].items = ["knife", "pistol", "rifle"]
    state.invalidate()
    view = DraculaView(DraculaBot(0), state.observation("dracula"))
    assert view.score(MoveHunter("seward")) > view.score(MoveHunter("mina"))


def test_customs_search_costs_a_fit_hunter_damage_and_a_weak_one_his_items() -> None:
    state = started(seed=3)
    state.hunters["godalming"].items = ["knife", "heavenly_host"]
    state.invalidate()
    fit = HunterView(HunterBot(0), "godalming", state.observation("godalming"))
    assert fit.score(ChooseMode("suffer_damage")) > fit.score(ChooseMode("discard_items"))
    state.hunters["godalming"].damage = 9  # two left: three damage would defeat him
    state.invalidate()
    weak = HunterView(HunterBot(0), "godalming", state.observation("godalming"))
    assert weak.score(ChooseMode("discard_items")) > weak.score(ChooseMode("suffer_damage"))


def test_dracula_keeps_wild_horses_for_a_hunter_on_his_trail() -> None:
    state = started(seed=3, hunters=("lisbon", "madrid", "cadiz", "granada"), dracula="berlin")
    view = DraculaView(DraculaBot(0), state.observation("dracula"))
    assert view.score(PlayCard("wild_horses")) < view.score(NoCard())
    state.hunters["godalming"].location = "berlin"
    state.invalidate()
    view = DraculaView(DraculaBot(0), state.observation("dracula"))
    assert view.score(PlayCard("wild_horses")) > view.score(NoCard())


def _great_strength_offered(state: gk.GameState) -> bool:
    seats = state.current_seats()
    return bool(seats) and isinstance(state, ModernState) and \
        state.stack[-1].KIND == "peril" and \
        PlayCard("great_strength") in state.legal_actions(seats[0])


def _great_strength_against_a_bite(state: gk.GameState) -> bool:
    return _great_strength_offered(state) and \
        "would be bitten" in state.prompt(state.current_seats()[0])


def test_a_hunter_saves_a_fellow_from_a_bite_with_great_strength() -> None:
    state = played(705, 5000, bots=True, until=_great_strength_against_a_bite)
    assert _great_strength_against_a_bite(state), "no bite with Great Strength: another seed"
    seat = state.current_seats()[0]
    chosen = HunterBot(0).choose(seat, state.observation(seat), state.legal_actions(seat))
    assert chosen == PlayCard("great_strength")
