"""The Hunters' bot's search aids (fury1987/hunter_bot_search.py): foreseeing Dracula's
moves as his bot makes them, and placing the Hunters still to move together. Both are
read from a crafted observation only."""

from __future__ import annotations

import copy
from typing import Any

import numpy as np
import pytest

import fury1987.hunter_bot as hb
import fury1987.hunter_bot_search as search
from fury1987.bots import HunterBot
from fury1987.hunter_bot import HunterView

from .helpers import started

STATE = started()  # Godalming in Paris, Seward in Vienna, Van Helsing in Madrid
RULES = STATE.rules
PARIS_AND_ITS_WAYS = ["paris", "brussels", "clermont_ferrand", "geneva", "le_havre", "nantes",
                      "strasbourg"]


def hunter_obs(turn: int, **where: str) -> dict[str, Any]:
    obs = copy.deepcopy(STATE.observation("godalming"))
    obs["turn"] = turn
    for seat, place in where.items():
        obs["hunters"][seat]["location"] = place
    return obs


def test_dracula_is_foreseen_taking_the_way_on_safest_from_the_hunters() -> None:
    """Found in Paris with Hunters to the north-east (Amsterdam, Cologne, Zurich), he is
    foreseen next turn in Nantes or Le Havre rather than Brussels or Strasbourg, where the
    Hunters could reach him: his bot's own reckoning of safety."""
    geo = HunterBot(RULES, 1).geo
    foresight = search.Foresight(geo)
    hunters = {"godalming": "amsterdam", "seward": "cologne", "van_helsing": "zurich"}
    found = foresight.update(hunter_obs(5, **hunters), ["paris"], "paris")
    assert found[geo.index["paris"]] == 1.0
    belief = foresight.update(hunter_obs(6, **hunters), PARIS_AND_ITS_WAYS, None)
    at = {p: float(belief[geo.index[p]]) for p in PARIS_AND_ITS_WAYS}
    assert abs(float(belief.sum()) - 1.0) < 1e-9
    assert min(at["nantes"], at["le_havre"]) > max(at["brussels"], at["strasbourg"])
    assert float(belief[geo.index["amsterdam"]]) == 0.0  # not a way on from Paris


def test_the_tracker_crosses_off_a_foreseen_place() -> None:
    """A place the tracker no longer holds possible (a Hunter searched it) is dropped from
    the belief, which is spread again over the places left."""
    geo = HunterBot(RULES, 1).geo
    foresight = search.Foresight(geo)
    hunters = {"godalming": "amsterdam", "seward": "cologne", "van_helsing": "zurich"}
    foresight.update(hunter_obs(5, **hunters), ["paris"], "paris")
    foresight.update(hunter_obs(6, **hunters), PARIS_AND_ITS_WAYS, None)
    left = [p for p in PARIS_AND_ITS_WAYS if p != "nantes"]
    belief = foresight.update(hunter_obs(6, **hunters), left, None)
    assert float(belief[geo.index["nantes"]]) == 0.0
    assert abs(float(belief.sum()) - 1.0) < 1e-9
    assert float(belief[geo.index["le_havre"]]) > float(belief[geo.index["brussels"]])


def test_the_hunters_foresight_weights_the_places_to_cover(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """With the foresight on, a Hunter weights Dracula's possible places by it, not by the
    tracker's count of hypotheses alone."""
    monkeypatch.setattr(search, "FORESIGHT", 1.0)
    bot = HunterBot(RULES, 1)
    hunters = {"godalming": "amsterdam", "seward": "cologne", "van_helsing": "zurich"}
    found = hunter_obs(5, **hunters)
    found["dracula"]["shown_at"] = "paris"
    HunterView(bot, "godalming", found)
    obs = hunter_obs(6, **hunters)
    obs["possible_dracula_locations"] = PARIS_AND_ITS_WAYS
    obs["possible_dracula_weights"] = dict.fromkeys(PARIS_AND_ITS_WAYS, 1)
    view = HunterView(bot, "godalming", obs)
    weight = dict(zip([bot.geo.places[c] for c in view.cols], view.col_weight.tolist(),
                      strict=True))
    assert weight["nantes"] > weight["brussels"]
    assert abs(float(np.mean(view.col_weight)) - 1.0) < 1e-9


def test_the_hunters_still_to_move_are_placed_together(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Dracula is in Brussels or Le Havre. Godalming (Paris) reaches both; Seward
    (Amsterdam), yet to move, reaches Brussels only. Placed together, Godalming takes Le
    Havre and leaves Brussels to Seward: both places searched this turn."""
    monkeypatch.setattr(hb, "JOINT_WEIGHT", 30.0)
    obs = hunter_obs(6, godalming="paris", seward="amsterdam", van_helsing="athens")
    obs["hunters"]["van_helsing"]["moved"] = True
    targets = ["brussels", "le_havre"]
    obs["possible_dracula_locations"] = targets
    obs["possible_dracula_weights"] = dict.fromkeys(targets, 1)
    bot = HunterBot(RULES, 1)
    joint = search.joint_catch(bot.geo, obs, ["godalming"], ["brussels", "le_havre", "paris"],
                               targets, np.ones(2))
    assert joint["le_havre"] == pytest.approx(1.0)
    assert joint["brussels"] < joint["le_havre"]
    view = HunterView(bot, "godalming", obs)
    planned = {p: view._place_worth(p, True) for p in targets}
    monkeypatch.setattr(hb, "JOINT_WEIGHT", 0.0)
    view = HunterView(bot, "godalming", obs)
    alone = {p: view._place_worth(p, True) for p in targets}
    assert planned["le_havre"] == pytest.approx(alone["le_havre"])
    assert planned["brussels"] == pytest.approx(
        alone["brussels"] - 30.0 * (joint["le_havre"] - joint["brussels"]))


def test_the_local_rumours_are_sought_where_he_was_the_turn_before(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The Rumours lie one Town behind him: a Hunter keeps the places Dracula could be in
    the turn before, less a Town a Hunter has since moved into and found empty."""
    bot = HunterBot(RULES, 1)
    before = hunter_obs(5)
    before["possible_dracula_weights"] = {"brussels": 2, "le_havre": 1}
    bot.remember_behind(before)
    assert bot.behind == {}
    now = hunter_obs(6, seward="brussels")
    now["hunters"]["seward"]["moved"] = True
    bot.remember_behind(now)
    assert bot.behind == {"le_havre": 1}
    obs = hunter_obs(6, godalming="paris", seward="amsterdam", van_helsing="athens")
    def joint() -> dict[str, float]:
        return search.joint_catch(bot.geo, obs, ["godalming"], ["le_havre", "nantes"],
                                  ["nantes", "strasbourg"], np.ones(2), bot.behind)
    without = joint()
    monkeypatch.setattr(search, "RUMOURS_SHARE", 1.0)
    assert joint()["le_havre"] == pytest.approx(without["le_havre"] + 1.0)
    assert joint()["nantes"] == pytest.approx(without["nantes"])


def test_the_hunters_close_in_on_a_narrowed_trail(monkeypatch: pytest.MonkeyPatch) -> None:
    """With Dracula narrowed to three Towns or fewer, a place loses CONVERGE per move of
    weighted mean distance to them (not only to the nearest): Brussels, between his two
    possible Towns, gains on Cologne, next to one of them only."""
    obs = hunter_obs(6, godalming="paris", seward="athens", van_helsing="lisbon")
    targets = ["amsterdam", "le_havre"]
    obs["possible_dracula_locations"] = targets
    obs["possible_dracula_weights"] = dict.fromkeys(targets, 1)
    bot = HunterBot(RULES, 1)
    places = ["brussels", "cologne"]
    monkeypatch.setattr(search, "CONVERGE", 0.0)
    view = HunterView(bot, "godalming", obs)
    assert view.narrowed
    alone = {p: view._place_worth(p, True) for p in places}
    monkeypatch.setattr(search, "CONVERGE", 1.0)
    view = HunterView(bot, "godalming", obs)
    closing = {p: view._place_worth(p, True) for p in places}
    for p in places:
        far = np.mean([bot.geo.distance(p, t) for t in targets])
        assert closing[p] == pytest.approx(alone[p] - far)
    assert closing["brussels"] - closing["cologne"] > alone["brussels"] - alone["cologne"]
    wide = ["amsterdam", "le_havre", "madrid", "rome"]  # not narrowed: no closing in
    obs["possible_dracula_locations"] = wide
    obs["possible_dracula_weights"] = dict.fromkeys(wide, 1)
    closing_wide = HunterView(bot, "godalming", obs)._place_worth("brussels", True)
    monkeypatch.setattr(search, "CONVERGE", 0.0)
    assert closing_wide == pytest.approx(
        HunterView(bot, "godalming", obs)._place_worth("brussels", True))


def vampire_left_in_munich(consumed: int, weapon: str = "knife") -> dict[str, Any]:
    """Godalming in Paris holds ``weapon`` and a Rifle, no Crucifix; a Vampire was seen
    and left in Munich; Dracula has consumed ``consumed`` Vampires."""
    obs = hunter_obs(8, godalming="paris", seward="athens", van_helsing="lisbon")
    obs["hunters_secrets"]["godalming"]["weapons"] = [weapon, "rifle"]
    obs["sightings"] = {"munich": "vampire"}
    obs["dracula"]["vampires_consumed"] = consumed
    return obs


def test_once_dracula_has_consumed_a_vampire_the_hunters_race_for_his_vampires(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Victory - Stalemate: after Dracula consumed a Vampire, six destroyed is the
    Hunters' Minor Victory. A Vampire seen and left then pulls STALEMATE_RACE_PULL (not
    VAMPIRE_PULL), and a Knife faces it though its holder is exposed to the bite. The
    bots play so by default."""
    assert search.STALEMATE_RACE_PULL == 40.0
    monkeypatch.setattr(search, "STALEMATE_RACE_PULL", 40.0)
    bot = HunterBot(RULES, 1)
    d = bot.geo.distance("paris", "munich")
    before = HunterView(bot, "godalming", vampire_left_in_munich(0))
    after = HunterView(bot, "godalming", vampire_left_in_munich(1))
    assert before._vampire_pull("paris") == 0.0  # a Knife, exposed: not worth going back
    assert after._vampire_pull("paris") == pytest.approx(40.0 / (1 + d))
    staked = HunterView(bot, "godalming", vampire_left_in_munich(0, "stake"))
    assert staked._vampire_pull("paris") == pytest.approx(hb.VAMPIRE_PULL / (1 + d))
    staked = HunterView(bot, "godalming", vampire_left_in_munich(1, "stake"))
    assert staked._vampire_pull("paris") == pytest.approx(40.0 / (1 + d))
    assert before.exposed() == ["godalming"]
    assert not before.should_face_vampire()
    assert after.should_face_vampire()
    monkeypatch.setattr(search, "STALEMATE_RACE_PULL", 0.0)
    unchanged = HunterView(bot, "godalming", vampire_left_in_munich(1))
    assert not unchanged.should_face_vampire()
    unchanged = HunterView(bot, "godalming", vampire_left_in_munich(1, "stake"))
    assert unchanged._vampire_pull("paris") == pytest.approx(hb.VAMPIRE_PULL / (1 + d))


def test_the_suspicion_is_read_again_in_the_light_of_a_later_find(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Munich and Lisbon were equally possible on turn 5; on turn 6 he is found in
    Nuremberg, a move from Munich and five from Lisbon. Read backwards, he was in Munich
    on turn 5 (where he laid that turn's Encounter): Munich is suspect, Lisbon is not.
    The suspicion as the turns add it holds them equal; a Town a Hunter then stands in is
    cleared."""
    monkeypatch.setattr(search, "SMOOTHED_SUSPICION", 1.0)
    bot = HunterBot(RULES, 1)
    row = bot.geo.index
    assert bot.geo.distance("munich", "nuremberg") == 1
    assert bot.geo.distance("lisbon", "nuremberg") == 5
    before = hunter_obs(5)
    before["possible_dracula_locations"] = ["lisbon", "munich"]
    before["possible_dracula_weights"] = {"lisbon": 1, "munich": 1}
    bot.remember(before, ["lisbon", "munich"])
    assert bot.suspicion[row["munich"]] == bot.suspicion[row["lisbon"]] > 0.0
    found = hunter_obs(6)
    found["dracula"]["shown_at"] = "nuremberg"
    found["possible_dracula_locations"] = ["nuremberg"]
    found["possible_dracula_weights"] = {"nuremberg": 1}
    bot.remember(found, ["nuremberg"])
    assert bot._plain[row["munich"]] == bot._plain[row["lisbon"]]
    assert bot.suspicion[row["lisbon"]] == 0.0
    assert bot.suspicion[row["munich"]] > 0.9
    searched = hunter_obs(6, godalming="munich")
    searched["dracula"]["shown_at"] = "nuremberg"
    searched["possible_dracula_locations"] = ["nuremberg"]
    searched["possible_dracula_weights"] = {"nuremberg": 1}
    bot.remember(searched, ["nuremberg"])
    assert bot.suspicion[row["munich"]] == 0.0
    assert bot.suspicion[row["nuremberg"]] > 0.9


def test_without_the_trail_read_backwards_the_suspicion_is_as_the_turns_add_it() -> None:
    """Off (the default: it turned Hunters' wins into Stalemates, docs/fury1987.md, the
    seventh stop), no trail is kept and the suspicion is the one the turns add."""
    bot = HunterBot(RULES, 1)
    obs = hunter_obs(5)
    obs["possible_dracula_locations"] = ["lisbon", "munich"]
    bot.remember(obs, ["lisbon", "munich"])
    assert bot.trail is None and bot.suspicion is bot._plain


def test_the_vampire_that_would_end_the_game_in_a_draw_waits_while_the_hunt_is_hot(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Victory - Stalemate: with five Vampires destroyed and none consumed, the sixth
    destroyed ends the game in a draw. With Dracula's piece on the map (the hunt hot),
    Godalming with a Stake leaves a Vampire where it is, and is not drawn back to the one
    seen in Munich; once the hunt has cooled, or with four destroyed, or once Dracula has
    consumed one (the Stalemate theirs), he destroys it."""
    monkeypatch.setattr(search, "HOLD_HOT_STALEMATE", True)
    bot = HunterBot(RULES, 1)

    def view(destroyed: int, consumed: int = 0, shown_at: str | None = "vienna") -> HunterView:
        obs = vampire_left_in_munich(consumed, "stake")
        obs["vampires_destroyed"] = destroyed
        obs["dracula"]["shown_at"] = shown_at
        return HunterView(bot, "godalming", obs)

    assert not view(5).should_face_vampire()
    assert view(5)._vampire_pull("paris") == 0.0
    assert view(5, shown_at=None).should_face_vampire()  # (the trail wide open)
    assert view(4).should_face_vampire()
    assert view(5, consumed=1).should_face_vampire()
    monkeypatch.setattr(search, "HOLD_HOT_STALEMATE", False)
    assert view(5).should_face_vampire()
