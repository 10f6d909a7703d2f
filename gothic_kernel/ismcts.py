"""Information-set Monte Carlo tree search for every game, with no game code.

:class:`ISMCTSAgent` is single-observer ISMCTS (Cowling, Powley and Whitehouse, "Information
Set Monte Carlo Tree Search", IEEE TCIAIG 2012): each simulation draws a world its seat
cannot tell from the real one (``resample``), walks one shared tree of actions in it (UCB,
counting how often each action was available), plays the rest of the game out, and backs
up who won. It needs only the contract: ``resample``, ``clone``, ``legal_actions``,
``apply``, ``outcome``.

**What it sees.** Like every agent it is handed its seat's observation and legal actions.
It also needs a state to search from, and it must not be handed the real one: an agent
class that sets ``searches = True`` is handed, by :func:`~gothic_kernel.play_game` and
:func:`~gothic_kernel.simulate`, a keyword ``sample=state.resample(seat, seed)``, a state
its seat cannot tell from the real one, hidden parts redrawn and the dice reseeded (the
seeds come from the play loop's own stream, not from the game's dice). By the contract of
``resample`` it holds nothing the seat may not know. Called any other way, give it
``sample=`` yourself.

    agent = gk.ISMCTSAgent(simulations=200, seed=1)
    state, record = gk.play_game(game, seed=3, agents={"dracula": agent})
"""

from __future__ import annotations

import math
import time
from collections.abc import Mapping, Sequence
from typing import Any

from .actions import Action
from .agents import agent_choice
from .dice import Dice
from .errors import BadOption
from .game import GameState, Outcome

__all__ = ["ISMCTSAgent"]

ROLLOUTS = ("random", "default")


class _Node:
    """A node of the tree: the action that led here (chosen by ``mover``), its statistics,
    and the actions tried from here."""

    __slots__ = ("available", "children", "mover", "suggested", "total", "visits")

    def __init__(self, mover: str) -> None:
        self.mover = mover
        self.visits = 0
        self.total = 0.0
        self.available = 0
        self.children: dict[Action, _Node] = {}
        #: The action the mover's bot suggested here (tried first), if any.
        self.suggested: Action | None = None

    @property
    def mean(self) -> float:
        return self.total / self.visits if self.visits else 0.0

    def lower_bound(self, z: float) -> float:
        """The mean less ``z`` standard errors (of a result in [0, 1], at worst 1/2)."""
        return self.mean - z * 0.5 / math.sqrt(self.visits) if self.visits else -math.inf


def _values(outcome: Outcome | None, seats: Sequence[str]) -> dict[str, float]:
    """Each seat's result in [0, 1]: 1 for a winner, 0 for a loser, 0.5 when nobody won or
    the playout stopped unfinished."""
    if outcome is None or not outcome.winners:
        return dict.fromkeys(seats, 0.5)
    return {seat: 1.0 if seat in outcome.winners else 0.0 for seat in seats}


class ISMCTSAgent:
    """Information-set MCTS on ``resample`` and ``clone``, for any game.

    ``simulations`` (or ``seconds``, a time budget per decision) bounds each search;
    ``exploration`` is the UCB constant (results are in [0, 1]). Playouts follow
    ``rollout``: ``"default"`` (the game's own bots, ``game.default_agents``) or
    ``"random"`` (uniform legal actions), for at most ``rollout_steps`` actions, after
    which an unfinished playout counts as half a win for everyone. With ``guide`` (the
    default with the bots' playouts), the game's bots suggest the first action tried at
    each node, and the agent plays its own bot's move unless the search finds another
    clearly better: one whose lower confidence bound (``confidence`` standard errors
    below its mean result) is above the bot's move's mean. A node visited n times tries
    at most ``widening * sqrt(n)`` of its actions (progressive widening), so that a small budget
    is spent on a few actions rather than one playout each of a hundred moves. ``seed``
    makes it repeatable (with a budget in simulations).
    """

    reads_observation = False
    #: Play loops hand this agent ``sample=state.resample(seat, seed)``.
    searches = True

    def __init__(self, simulations: int | None = 200, *, seconds: float | None = None,
                 seed: int | None = None, exploration: float = 0.7, rollout: str = "default",
                 rollout_steps: int = 200, widening: float = 1.0,
                 confidence: float = 2.0, guide: bool | None = None) -> None:
        if simulations is None and seconds is None:
            raise BadOption("give ISMCTSAgent a budget: simulations or seconds")
        if simulations is not None and (isinstance(simulations, bool) or simulations < 1):
            raise BadOption(f"simulations must be a whole number from 1, not {simulations!r}")
        if seconds is not None and seconds <= 0:
            raise BadOption(f"seconds must be more than 0, not {seconds!r}")
        if rollout not in ROLLOUTS:
            raise BadOption(f"rollout must be one of {', '.join(ROLLOUTS)}, not {rollout!r}")
        self.simulations = simulations
        self.seconds = seconds
        self.exploration = exploration
        self.rollout = rollout
        self.rollout_steps = rollout_steps
        self.widening = widening
        self.confidence = confidence
        self.guide = rollout == "default" if guide is None else guide
        self._dice = Dice(seed)
        #: Statistics of the last search: simulations run, the bot's suggestion at the
        #: root (None unguided) and the root's children (action -> visits, mean result).
        self.last_search: dict[str, Any] = {}

    def choose(self, seat: str, observation: Mapping[str, Any],
               legal_actions: Sequence[Action], *, sample: GameState | None = None) -> Action:
        """The most visited of ``legal_actions`` after searching from worlds resampled from
        ``sample`` (a state ``seat`` cannot tell from the real one)."""
        if len(legal_actions) == 1:
            return legal_actions[0]
        if sample is None:
            raise BadOption("ISMCTSAgent searches from a state its seat cannot tell from the "
                            "real one: play it through gk.play_game or gk.simulate, or pass "
                            "sample=state.resample(seat, seed)")
        root = self._search(sample, seat, legal_actions)
        return self._best(root, legal_actions)

    def _best(self, root: _Node, legal: Sequence[Action]) -> Action:
        """The most visited action; where the game's bot suggested one, its move unless
        another's result is clearly better (its lower confidence bound, ``confidence``
        standard errors down, above the suggestion's mean)."""
        best = max(legal, key=lambda a: _rank(root.children.get(a)))
        suggested = root.suggested
        if suggested is None or suggested not in root.children or suggested not in legal:
            return best
        kept = root.children[suggested]
        tried = [a for a in legal if a in root.children and a != suggested]
        if not tried:
            return suggested
        rival = max(tried, key=lambda a: root.children[a].lower_bound(self.confidence))
        if root.children[rival].lower_bound(self.confidence) > kept.mean:
            return rival
        return suggested

    # -- the search -----------------------------------------------------------------------
    def _search(self, sample: GameState, seat: str, legal: Sequence[Action]) -> _Node:
        root = _Node(seat)
        bots = None
        if self.rollout == "default" or self.guide:
            bots = sample.game.default_agents(sample, self._dice.index(2**31))
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        runs = 0
        while True:
            if self.simulations is not None and runs >= self.simulations:
                break
            if deadline is not None and runs > 0 and time.perf_counter() >= deadline:
                break
            world = sample.resample(seat, self._dice.index(2**31))
            self._simulate(root, world, bots if self.guide else None,
                           bots if self.rollout == "default" else None)
            runs += 1
        self.last_search = {
            "simulations": runs, "suggested": root.suggested,
            "children": {a: (n.visits, n.total / n.visits if n.visits else 0.0)
                         for a, n in root.children.items() if a in legal}}
        return root

    def _simulate(self, root: _Node, world: GameState, guides: Mapping[str, Any] | None,
                  bots: Mapping[str, Any] | None) -> None:
        node = root
        path: list[_Node] = [root]
        while not world.is_over:
            mover = world.current_seats()[0]
            actions = world.legal_actions(mover)
            tried = [a for a in actions if a in node.children]
            # Progressive widening: a node visited n times has tried about sqrt(n) actions.
            width = max(1, math.ceil(self.widening * math.sqrt(node.visits + 1)))
            if len(tried) < min(width, len(actions)):
                action = self._untried(world, mover, actions, node, guides)
                child = node.children[action] = _Node(mover)
                child.available += 1
                path.append(child)
                world.apply(mover, action)
                break
            action = self._select(node, tried)
            node = node.children[action]
            path.append(node)
            world.apply(mover, action)
        self._play_out(world, bots)
        values = _values(world.outcome, world.seats)
        root.visits += 1
        for step in path[1:]:
            step.visits += 1
            step.total += values[step.mover]

    def _untried(self, world: GameState, mover: str, actions: Sequence[Action], node: _Node,
                 bots: Mapping[str, Any] | None) -> Action:
        """The next action to add at ``node``: with the game's bots as guides, the first
        is the one the mover's bot would choose; the others at random."""
        if bots is not None and not node.children:
            bot = bots[mover]
            suggested: Action = agent_choice(world, mover, bot, actions)
            if suggested in actions:
                node.suggested = suggested
                return suggested
        return self._dice.choice([a for a in actions if a not in node.children])

    def _select(self, node: _Node, actions: Sequence[Action]) -> Action:
        """UCB over the tried actions available in this world (each counted available)."""
        best, best_score = actions[0], -math.inf
        for action in actions:
            child = node.children[action]
            child.available += 1
            score = child.total / child.visits + self.exploration * math.sqrt(
                math.log(child.available) / child.visits)
            if score > best_score:
                best, best_score = action, score
        return best

    def _play_out(self, world: GameState, bots: Mapping[str, Any] | None) -> None:
        for _ in range(self.rollout_steps):
            if world.is_over:
                return
            mover = world.current_seats()[0]
            actions = world.legal_actions(mover)
            if bots is None:
                world.apply(mover, self._dice.choice(actions))
                continue
            bot = bots[mover]
            world.apply(mover, agent_choice(world, mover, bot, actions))


def _rank(node: _Node | None) -> tuple[int, float]:
    if node is None or node.visits == 0:
        return (0, 0.0)
    return (node.visits, node.total / node.visits)
