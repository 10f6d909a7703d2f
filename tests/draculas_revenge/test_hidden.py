"""Hidden information: Reaction Dice, face-down cards, hands, the secret room."""

from __future__ import annotations

import json
import random

import gothic_kernel as gk
from draculas_revenge.actions import ChooseSecretRoom, Move, PlayCard
from draculas_revenge.scenario import sandbox

GAME = gk.load_game("draculas_revenge")


def to_timeline(st: gk.GameState) -> None:
    while st.phase != "timeline":  # type: ignore[attr-defined]
        seat = st.current_seats()[0]
        st.apply(seat, st.legal_actions(seat)[0])


def test_observations_hide_dice_and_cards_of_others() -> None:
    st = GAME.new_game(seed=11)
    to_timeline(st)
    seat = st.current_seats()[0]
    card = next(a for a in st.legal_actions(seat) if isinstance(a, PlayCard))
    st.apply(seat, card)
    other = "hunters" if seat == "vampires" else "vampires"
    seen = st.observation(other)
    assert seen["timeline"][0]["card"] is None
    assert seen["reaction_points"][seat]["die"] is None
    assert seen["hands"][seat]["cards"] is None
    assert st.observation(seat)["timeline"][0]["card"] == card.card


def test_resample_redraws_hidden_cards_and_dice_consistently() -> None:
    st = GAME.new_game(seed=12)
    to_timeline(st)
    rng = random.Random(1)
    for _ in range(6):
        seat = st.current_seats()[0]
        if st.phase != "timeline":
            break
        cards = [a for a in st.legal_actions(seat) if isinstance(a, PlayCard)]
        if cards:
            st.apply(seat, rng.choice(cards))
    varied = False
    for seed in range(30):
        twin = st.resample("hunters", seed)
        assert twin.observation("hunters") == st.observation("hunters")
        assert twin.log("hunters") == st.log("hunters")
        def cards(x: gk.GameState) -> list[str]:
            return sorted(x.hands["vampires"]  # type: ignore[attr-defined]
                          + [c for _, s, c in x.timeline if s == "vampires"])  # type: ignore[attr-defined]
        assert cards(twin) == cards(st)
        assert twin.reaction_points("vampires") >= twin.rp_spent["vampires"]
        varied |= twin.to_json() != st.to_json()
        assert twin.hands["hunters"] == st.hands["hunters"]
        assert twin.rp_die["hunters"] == st.rp_die["hunters"]
    assert varied


def test_resample_redraws_the_secret_room_but_not_for_the_vampires() -> None:
    st = GAME.new_game(seed=3, adventure="rescue_van_helsing")
    st.apply("vampires", ChooseSecretRoom("chamber_one_door_a"))
    rooms = {st.resample("hunters", s).secret_room for s in range(20)}
    assert rooms == {"chamber_one_door_a", "chamber_one_door_b"}
    assert {st.resample("vampires", s).secret_room for s in range(5)} == {"chamber_one_door_a"}
    st.van_helsing_found = True  # a hunter entered a room: the vampires placed him
    assert {st.resample("hunters", s).secret_room for s in range(10)} == {"chamber_one_door_a"}


def refusals(state: gk.GameState, seat: str, actions: list[gk.Action]) -> list[str]:
    """What ``seat`` is told for each action: "" where it is legal, else the refusal."""
    out = []
    for action in actions:
        try:
            state.clone().apply(seat, action)
            out.append("")
        except gk.IllegalAction as exc:
            out.append(f"{exc} [{exc.rule}]")
    return out


def hidden_from(state: gk.GameState, viewer: str) -> tuple[object, ...]:
    """What ``viewer`` may not know: the others' hands, face-down cards and dice, and the
    secret room."""
    return (sorted((s, sorted(h)) for s, h in state.hands.items() if s != viewer),  # type: ignore[attr-defined]
            [(p, s, c) for p, s, c in state.timeline if s != viewer],  # type: ignore[attr-defined]
            {s: d for s, d in state.rp_die.items() if s != viewer},  # type: ignore[attr-defined]
            state.secret_room if viewer != "vampires" else "")  # type: ignore[attr-defined]


def check_refusals_reveal_nothing_hidden(state: gk.GameState) -> int:
    """Every action a seat could try (anything legal for any seat in this state or in a
    state the seat cannot tell from it, and every card of the box played) is refused in
    the same words in all of them; returns how many states differed in what was hidden."""
    cards = sorted(state.rules.kind_of_card)  # type: ignore[attr-defined]
    varied = 0
    for viewer in state.seats:
        twins = [state.resample(viewer, seed) for seed in range(6)]
        tried = {a for x in (state, *twins) for s in x.seats for a in x.legal_actions(s)}
        tried |= {PlayCard(c) for c in cards} | {ChooseSecretRoom(r) for r in ROOMS}
        actions = sorted(tried, key=lambda a: json.dumps(a.to_json(), sort_keys=True))
        told = refusals(state, viewer, actions)
        assert any(told), "nothing was refused: the check proves nothing"
        for twin in twins:
            assert refusals(twin, viewer, actions) == told
            varied += hidden_from(twin, viewer) != hidden_from(state, viewer)
    return varied


ROOMS = ("chamber_one_door_a", "chamber_one_door_b")


def test_error_messages_reveal_nothing_hidden() -> None:
    """A refusal reads the same whatever the viewer cannot know: the other side's hand and
    face-down cards, its Reaction Die, the secret room (states redrawn by ``resample``):
    cards laid and held on the Action Timeline, a chance to react, Rescue Van Helsing."""
    varied = 0
    for adventure, until in (
            ("into_the_breach", lambda s: s.phase == "timeline" and len(s.timeline) >= 3
             and all(s.hands.values())),
            ("destroy_dracula", lambda s: bool(s.windows) and s.current_seats() != ()),
            ("rescue_van_helsing", lambda s: s.phase == "timeline" and len(s.timeline) >= 2)):
        state = GAME.new_game(seed=13, adventure=adventure)
        rng = random.Random(1)
        while not until(state):
            seat = state.current_seats()[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
        varied += check_refusals_reveal_nothing_hidden(state)
    assert varied  # the hidden parts were redrawn: the check could have failed


def test_observation_gives_a_front_end_the_board_figures_turn_and_timeline() -> None:
    st = GAME.new_game(seed=11)
    to_timeline(st)
    seat = st.current_seats()[0]
    card = next(a for a in st.legal_actions(seat) if isinstance(a, PlayCard))
    st.apply(seat, card)
    other = "hunters" if seat == "vampires" else "vampires"
    for viewer in (seat, other, gk.PUBLIC):
        obs = st.observation(viewer)
        board = obs["board"]
        assert len(board["rows"]) == board["height"] and len(board["rows"][0]) == board["width"]
        assert set(board["doors"]) == set(obs["doors"])
        assert set(board["areas"]) == {"vampire_starting_area", "hunter_entrance"}
        assert all({"id", "name", "square", "facing", "seat", "misted"} <= set(f)
                   for f in obs["figures"])
        assert {f["name"] for f in obs["figures"]} >= {"She-wolf A", "Nosferatu A", "Staker 1"}
        assert obs["to_act"] == list(st.current_seats()) and obs["phase"] == "timeline"
        assert obs["turn"] == 1 and obs["turn_limit"] == 4
        assert [t["play"] for t in obs["timeline"]] == [1]
        mine = viewer == seat
        assert (obs["timeline"][0]["card"] == card.card) == mine
        assert (obs["hands"][seat]["cards"] is not None) == mine
        rp = obs["reaction_points"][seat]
        assert rp["spent"] == 0 and (rp["left"] is not None) == mine
        assert (rp["left"] == st.reaction_points(seat)) == mine


def test_the_last_action_is_shown_with_its_squares_the_first_square_too() -> None:
    """What every player saw last (Reactions: a character may react to what it saw): the
    actor, where it began and ended, as [column, row]; the board's first square, [0, 0],
    is a square like the others, and no target shows as None."""
    st = sandbox(["........"] * 8, reaction_dice=False, active="staker_1", figures=[
        {"id": "staker_1", "square": (1, 0), "facing": "w"},
        {"id": "she_wolf_a", "square": (7, 7), "facing": "n"}])
    st.apply("hunters", Move("staker_1", "w", "w"))
    for viewer in ("hunters", "vampires", gk.PUBLIC):
        assert st.observation(viewer)["last_action"] == {
            "actor": "staker_1", "from_square": [1, 0], "square": [0, 0], "target": "",
            "target_square": None}
