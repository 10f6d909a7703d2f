"""The contract made exact: apply accepts exactly what legal_actions lists, what is handed
out is a copy, prompts and labels, seeds and seats, agents and unfinished games."""

from __future__ import annotations

import gc
import json
import sys
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

import attrs
import pytest

import gothic_kernel as gk
from gothic_kernel.game import same_form
from gothic_kernel.reference import KuhnPoker
from gothic_kernel.testing import check_game

from .toy_game import Rest, Step, ToyRace


@pytest.fixture
def toy() -> Iterator[gk.Game]:
    gk.register_game("toy_race", ToyRace)
    yield gk.load_game("toy_race")
    gk.unregister_game("toy_race")


@pytest.fixture
def kuhn() -> Iterator[gk.Game]:
    gk.register_game("kuhn_poker", KuhnPoker)
    yield gk.load_game("kuhn_poker")
    gk.unregister_game("kuhn_poker")


def test_the_toy_game_conforms(toy: gk.Game) -> None:
    check_game(toy, seeds=range(5))


# -- 1. apply accepts exactly what legal_actions lists -------------------------------------

def test_every_listed_action_applies_and_equal_copies_do_too(toy: gk.Game) -> None:
    state = toy.new_game(seed=1)
    for action in state.legal_actions("north"):
        trial = state.clone()
        trial.apply("north", toy.parse_action(json.loads(json.dumps(action.to_json()))))
    state.apply("north", Step((1, 2)))  # built by hand, equal to a listed one
    assert state.observation(gk.PUBLIC)["squares"] == {"north": 2, "south": 0}


@pytest.mark.parametrize("look_alike", [
    Step([1]),  # type: ignore[arg-type]  # a list where a tuple belongs
    Step((1.0,)),  # a float where an int belongs
    Rest(1),  # type: ignore[arg-type]  # 1 is not True
    Rest(0),  # type: ignore[arg-type]
    Step((True,)),  # True is not 1
])
def test_a_look_alike_is_refused_as_malformed_and_changes_nothing(
        toy: gk.Game, look_alike: gk.Action) -> None:
    state = toy.new_game(seed=1)
    before = state.to_json()
    with pytest.raises(gk.IllegalAction) as refused:
        state.apply("north", look_alike)
    assert refused.value.rule == gk.ACTION_FORMAT
    assert state.to_json() == before


def test_an_action_that_is_not_listed_is_refused_with_the_games_reason(toy: gk.Game) -> None:
    state = toy.new_game(seed=1)
    before = state.to_json()
    for unlisted in (Step((3,)), Step((1, 3)), Step(())):
        with pytest.raises(gk.IllegalAction) as refused:
            state.apply("north", unlisted)
        assert refused.value.rule == gk.LEGAL_ACTIONS
        assert "North's legal actions" in refused.value.message
    assert state.to_json() == before


def test_membership_of_listed_is_exact(toy: gk.Game) -> None:
    listed = toy.new_game(seed=1).listed("north")
    assert Step((1,)) in listed and Rest(True) in listed
    assert Rest(1) not in listed  # type: ignore[arg-type]
    assert Step([1]) not in listed  # type: ignore[arg-type]
    assert "rest" not in listed and None not in listed


def test_legal_actions_is_a_fresh_plain_list(toy: gk.Game) -> None:
    state = toy.new_game(seed=1)
    first = state.legal_actions("north")
    assert type(first) is list
    first.clear()
    assert len(state.legal_actions("north")) == 4
    assert state.legal_actions("south") == []


def test_the_cache_is_forgotten_after_apply_and_on_invalidate(toy: gk.Game) -> None:
    state = toy.new_game(seed=1)
    state.apply("north", Rest(False))
    assert state.legal_actions("north") == [] and len(state.legal_actions("south")) == 4
    state.squares["south"] = 2  # type: ignore[attr-defined]  # a test's scenario set-up
    state.invalidate()
    assert Step((3,)) in state.legal_actions("south")


# -- 2. what agents and viewers are handed ----------------------------------------------------

def test_editing_a_returned_log_changes_nothing(toy: gk.Game) -> None:
    state = toy.new_game(seed=1)
    state.apply("north", Step((1,)))
    log = state.log(gk.PUBLIC)
    log[0]["squares"]["north"] = 99
    log[0]["text"] = "forged"
    assert state.log(gk.PUBLIC)[0]["squares"]["north"] == 1
    assert "forged" not in state.to_json()


def test_an_outcome_is_read_only(toy: gk.Game) -> None:
    outcome = gk.Outcome(("north",), scores={"north": 1.0})
    with pytest.raises(TypeError):
        outcome.scores["south"] = 5.0  # type: ignore[index]
    assert outcome == gk.Outcome.from_data(outcome.to_data())
    assert outcome.sentence() == "North wins."
    assert gk.Outcome(("north",), "win", "south fell").sentence() == "North wins: south fell."
    assert gk.Outcome(("north",), "major victory").sentence(str.upper) == \
        "NORTH wins (major victory)."


class _Recorder:
    def __init__(self) -> None:
        self.seen: list[Any] = []

    def choose(self, seat: str, observation: Mapping[str, Any],
               legal_actions: Sequence[gk.Action]) -> gk.Action:
        self.seen.append(observation)
        return legal_actions[0]


def test_agents_are_handed_a_plain_dict_with_no_way_back(kuhn: gk.Game) -> None:
    spy = _Recorder()
    gk.play_game(kuhn, 5, agents={"first": spy, "second": _Recorder()})
    for observation in spy.seen:
        assert type(observation) is dict
        assert json.loads(json.dumps(observation)) == observation
        assert not hasattr(observation, "_state") and not hasattr(observation, "__dict__")


def test_an_agent_that_reads_no_observation_gets_an_empty_mapping(kuhn: gk.Game) -> None:
    class Blind(_Recorder):
        reads_observation = False

    blind = Blind()
    gk.play_game(kuhn, 5, agents={"first": blind, "second": blind})
    assert blind.seen and all(len(o) == 0 for o in blind.seen)


class _Lazy:
    """Reads the observation only when it has a choice; keeps every observation read."""

    lazy_observation = True

    def __init__(self) -> None:
        self.handed = 0
        self.kept: list[tuple[dict[str, Any], Mapping[str, Any]]] = []

    def choose(self, seat: str, observation: Mapping[str, Any],
               legal_actions: Sequence[gk.Action]) -> gk.Action:
        self.handed += 1
        if len(legal_actions) > 1:
            self.kept.append((dict(observation), observation))
        return legal_actions[0]


def _reachable(root: object) -> Iterator[object]:
    seen, todo = {id(root)}, [root]
    while todo:
        item = todo.pop()
        yield item
        for inner in gc.get_referents(item):
            if id(inner) not in seen and not isinstance(inner, type):
                seen.add(id(inner))
                todo.append(inner)


def test_a_lazy_agent_reads_the_same_observation_worked_out_only_when_read(
        toy: gk.Game, monkeypatch: pytest.MonkeyPatch) -> None:
    """``lazy_observation = True``: a read-only Mapping equal to the seat's observation at
    the decision; a decision taken unread (here every other one is handed a single legal
    action) never works it out; kept, it holds the data only (nothing reachable from it
    is a state); and a game is the same as with plain dicts."""
    cls = type(toy.new_game(seed=1))
    real = cls.observation
    worked_out: list[str] = []

    def counted(state: gk.GameState, viewer: str) -> dict[str, Any]:
        worked_out.append(viewer)
        return real(state, viewer)

    monkeypatch.setattr(cls, "observation", counted)
    lazy = _Lazy()
    state = toy.new_game(seed=4)
    for step in range(6):
        seat = state.current_seats()[0]
        legal = state.legal_actions(seat)[: 1 + step % 2]
        before = len(worked_out)
        action = gk.agent_choice(state, seat, lazy, legal)
        assert len(worked_out) - before == (1 if len(legal) > 1 else 0)
        state.apply(seat, action)
    assert len(lazy.kept) == 3 and lazy.handed == 6
    for copied, observation in lazy.kept:
        assert isinstance(observation, gk.Observation) and observation == copied
        assert dict(observation.items()) == copied and len(observation) == len(copied)
        with pytest.raises(TypeError):
            observation["turn"] = 0  # type: ignore[index]
        assert not any(isinstance(x, gk.GameState) for x in _reachable(observation))
    monkeypatch.undo()
    eager = type("Eager", (_Lazy,), {"lazy_observation": False})
    _, eager_record = gk.play_game(toy, 4, agents={"north": eager(), "south": eager()})
    _, lazy_record = gk.play_game(toy, 4, agents={"north": _Lazy(), "south": _Lazy()})
    assert lazy_record.actions == eager_record.actions


def test_a_lazy_observation_kept_unread_is_the_one_of_its_decision(toy: gk.Game) -> None:
    """An agent may keep the observation and read it later: it reads what it was handed,
    not the state as it is now, and nothing reachable from it is a state."""
    handed: list[Mapping[str, Any]] = []

    class Keeper:
        lazy_observation = True

        def choose(self, seat: str, observation: Mapping[str, Any],
                   legal_actions: Sequence[gk.Action]) -> gk.Action:
            handed.append(observation)
            return legal_actions[0]

    state = toy.new_game(seed=2)
    seat = state.current_seats()[0]
    then = state.observation(seat)
    state.apply(seat, gk.agent_choice(state, seat, Keeper(), state.legal_actions(seat)))
    assert state.observation(seat) != then
    assert not any(isinstance(x, gk.GameState) for x in _reachable(handed[0]))
    assert handed[0] == then


# -- 3. the same questions of any game ------------------------------------------------------

def test_prompts_say_who_is_asked_and_who_is_waited_for(toy: gk.Game) -> None:
    state = toy.new_game(seed=1)
    assert state.prompt("north") == "North, on square 0: step or rest."
    assert state.prompt("south") == "Waiting for North."
    assert state.prompt(gk.PUBLIC) == "Waiting for North."
    assert state.describe_action("north", Step((1, 2))) == "step to square 2"
    with pytest.raises(gk.UnknownSeat):
        state.prompt("west")
    for ask in (state.legal_actions, state.listed):
        with pytest.raises(gk.UnknownSeat, match="west"):
            ask("west")
    state.apply("north", Step((1, 2)))
    state.apply("south", Rest(False))
    state.apply("north", Step((3, 4)))
    assert state.prompt("south") == "The game is over. North wins: reached the goal."


def test_describe_action_takes_the_json_form_and_refuses_a_malformed_one(
        toy: gk.Game) -> None:
    """docs/kernel.md: describe_action labels any action, as an object or its JSON form
    (like apply); a malformed one is an IllegalAction, never another error."""
    state = toy.new_game(seed=1)
    assert state.describe_action("south", {"type": "step", "path": [1, 2]}) == \
        state.describe_action("south", Step((1, 2)))
    bad: dict[str, object]
    for bad in ({}, {"type": "fly"}, {"type": "step"}, {"type": "step", "path": "x"}):
        with pytest.raises(gk.IllegalAction):
            state.describe_action("north", bad)


def test_an_unknown_seat_is_the_same_error_from_every_call(toy: gk.Game) -> None:
    """trial s27 G-d: apply('zorro', a) raised IllegalAction, every other call UnknownSeat.
    Every call raises UnknownSeat, which is an IllegalAction too (a front end catching
    either catches it); the state is unchanged, and it pickles whole."""
    import pickle

    state = toy.new_game(seed=1)
    before = state.to_json()
    calls = [lambda: state.apply("zorro", Step((1, 2))),
             lambda: state.apply("zorro", {"type": "step", "path": [1, 2]}),
             lambda: state.legal_actions("zorro"), lambda: state.observation("zorro"),
             lambda: state.describe_action("zorro", Step((1, 2))),
             lambda: state.resample("zorro", 1)]
    for call in calls:
        with pytest.raises(gk.UnknownSeat, match="no seat called 'zorro'") as raised:
            call()
        assert isinstance(raised.value, gk.IllegalAction) and raised.value.rule == "seats"
    assert state.to_json() == before
    copy = pickle.loads(pickle.dumps(raised.value))
    assert type(copy) is gk.UnknownSeat and str(copy) == str(raised.value)
    with pytest.raises(gk.IllegalAction, match="never acts") as watching:
        state.apply(gk.PUBLIC, Step((1, 2)))
    assert not isinstance(watching.value, gk.UnknownSeat)


def test_seats_for_works_before_any_state() -> None:
    import vampyre

    game = vampyre.VampyreGame()
    assert game.seats_for(hunters=("mina", "harker")) == ("mina", "harker")
    assert list(game.seats_for()) == game.describe()["default_seats"]
    with pytest.raises(gk.BadOption):
        game.seats_for(no_such_option=1)


# -- 4. play_game, simulate and unfinished games ---------------------------------------------

def test_a_partial_agents_mapping_is_filled_with_the_default_bots(toy: gk.Game) -> None:
    spy = _Recorder()
    state, _ = gk.play_game(toy, 3, agents={"north": spy})
    assert state.is_over and spy.seen


def test_agents_for_a_seat_that_does_not_play_are_refused(toy: gk.Game) -> None:
    with pytest.raises(gk.BadOption, match="east"):
        gk.play_game(toy, 3, agents={"east": _Recorder()})


@pytest.mark.parametrize("given", ["random", None, 5, "module:factory"])
def test_a_seat_given_no_agent_is_refused_before_play(toy: gk.Game, given: object) -> None:
    """trial s27 G-k: agents={'north': 'random'} (or None, 5) crashed with AttributeError
    when North first acted. It is a BadOption naming the seat and what it takes."""
    with pytest.raises(gk.BadOption, match=r"agents\['north'\] is .*not an agent: it takes "
                                           r"an object with choose\("):
        gk.play_game(toy, 3, agents={"north": given})
    five: Any = 5
    with pytest.raises(gk.BadOption, match="not 5"):
        gk.play_game(toy, 3, agents=five)


def test_a_game_stopped_by_max_steps_is_reported_unfinished(toy: gk.Game) -> None:
    state, record = gk.play_game(toy, 3, agents="random", max_steps=1)
    assert not state.is_over and not record.finished and record.outcome is None
    assert record.steps == 1


def test_simulate_counts_unfinished_games(toy: gk.Game) -> None:
    sim = gk.simulate("toy_race", 6, seed=2, max_steps=1)
    assert sim.unfinished == 6
    assert sim.outcome_table() == [("(unfinished)", "", 6, 1.0)]


def rest_then_run(state: gk.GameState, seed: int) -> dict[str, gk.Agent]:
    """A factory for simulate: north always takes the first listed action."""
    return {"north": _First()}


class _First:
    def choose(self, seat: str, observation: Mapping[str, Any],
               legal_actions: Sequence[gk.Action]) -> gk.Action:
        return legal_actions[0]


@pytest.mark.parametrize("workers", [1, 2])
def test_simulate_takes_custom_agents_by_name_or_as_a_factory(toy: gk.Game,
                                                               workers: int) -> None:
    by_name = gk.simulate("toy_race", 8, seed=4, workers=workers,
                          agents=f"{__name__}:rest_then_run", keep_results=True)
    as_factory = gk.simulate("toy_race", 8, seed=4, workers=workers, agents=rest_then_run,
                             keep_results=True)
    assert by_name.results == as_factory.results
    assert by_name.unfinished == 0


@pytest.mark.parametrize(("kwargs", "problem"), [
    ({"games": 0}, "games must be"), ({"workers": 0}, "workers must be"),
    ({"max_steps": 0}, "max_steps must be"), ({"seed": -5}, "seed must be 0 or more"),
    ({"seed": "7"}, "seed must be a whole number"),
    ({"agents": "no_such_module:bots"}, "no_such_module"), ({"agents": "bots"}, "module:factory"),
])
def test_simulate_refuses_bad_arguments(toy: gk.Game, kwargs: dict[str, Any],
                                        problem: str) -> None:
    args: dict[str, Any] = {"games": 2, "seed": 1, **kwargs}
    with pytest.raises(gk.BadOption, match=problem):
        gk.simulate("toy_race", args.pop("games"), args.pop("seed"), **args)


# -- 5. bad input -----------------------------------------------------------------------------

@pytest.mark.parametrize("seed", ["7", 7.0, True, -1, [7], 2**128, 2**128 + 5])
def test_a_seed_that_is_not_a_whole_number_from_0_is_a_bad_option(toy: gk.Game,
                                                                   seed: Any) -> None:
    with pytest.raises(gk.BadOption, match="seed"):
        toy.new_game(seed=seed)
    with pytest.raises(gk.BadOption, match="seed"):
        gk.play_game(toy, seed)


def test_the_largest_seed_plays_and_one_beyond_is_refused_not_folded(toy: gk.Game) -> None:
    """The dice hold 128 bits: seed 2**128 + 5 played as seed 5 without a word (trial s26
    F20); it is refused, and 2**128 - 1 plays."""
    toy.new_game(seed=2**128 - 1)
    with pytest.raises(gk.BadOption, match=r"at most 2\*\*128 - 1"):
        toy.new_game(seed=2**128 + 5)


def test_the_module_is_importable_by_name() -> None:
    assert sys.modules[__name__].rest_then_run is rest_then_run


@attrs.frozen
class _Aim(gk.Action):
    at: float
    marks: tuple[object, ...] = ()


@pytest.mark.parametrize(("one", "other", "same"), [
    (Step((1, 2)), Step((1, 2)), True),
    (Step((1, 1)), Step((1, True)), False),  # equal, but True is written true
    (_Aim(0.5, ("a", (1,))), _Aim(0.5, ("a", (1,))), True),
    (_Aim(0.0), _Aim(-0.0), False),  # equal floats, different texts: the texts decide
    (_Aim(1.0, (1,)), _Aim(1.0, (1.0,)), False),
])
def test_same_form_compares_the_json_texts_of_equal_actions(
        one: gk.Action, other: gk.Action, same: bool) -> None:
    assert one == other
    assert same_form(one, other) is same


def test_an_option_of_the_wrong_kind_names_the_kind_in_words() -> None:
    """`--option players=abc` is told the option takes "a whole number", not "a int"."""
    with pytest.raises(gk.BadOption, match=r"option 'players' takes a whole number, not 'abc'"):
        gk.load_game("vampyre").new_game(seed=1, players="abc")
