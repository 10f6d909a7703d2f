"""Every game as an OpenSpiel game: load one, check it with OpenSpiel's own test, and let
OpenSpiel's ISMCTS bot play Dracula's Revenge against a random bot.

Needs the ``openspiel`` extra (``pip install 'gothic-games[openspiel]'``).

Run:  python examples/openspiel_games.py        (about 15 seconds)
"""

from __future__ import annotations

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

from gothic_kernel import openspiel


class NoPlayout(mcts.Evaluator):  # type: ignore[misc]
    """Leaves are worth 0 to everyone: a cheap evaluator, so the example stays short."""

    def evaluate(self, state: pyspiel.State) -> np.ndarray:
        return np.zeros(state.get_game().num_players())

    def prior(self, state: pyspiel.State) -> list[tuple[int, float]]:
        legal = state.legal_actions()
        return [(action, 1.0 / len(legal)) for action in legal]


def main(simulations: int = 8) -> None:
    names = openspiel.register()          # gothic_draculas_revenge, gothic_fury1987, ...
    print("registered:", ", ".join(names))
    for name in names:
        game = pyspiel.load_game(name, {"max_game_length": 100})
        pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)
        print(f"  {name}: {game.num_players()} players, {game.num_distinct_actions()} "
              f"action ids, observation tensor {game.observation_tensor_shape()}: "
              "random_sim_test passed")

    game = pyspiel.load_game("gothic_draculas_revenge")    # Into the Breach
    rng = np.random.RandomState(7)
    bots = [ismcts.ISMCTSBot(game, NoPlayout(), 2.0, max_simulations=simulations,
                               random_state=rng),
            pyspiel.make_uniform_random_bot(1, 7)]          # vampires: ISMCTS; hunters: random
    state = game.new_initial_state()
    while not state.is_terminal():
        bot = bots[state.current_player()]
        action = bot.step(state)
        state.apply_action(action)
    inner = openspiel.spiel_state(state)                    # the gothic state inside
    print(f"Dracula's Revenge, ISMCTS vampires against random hunters, "
          f"{len(state.history())} actions: returns {state.returns()}")
    print(" ", inner.game.outcome_sentence(inner.outcome) if inner.outcome else "unfinished")


if __name__ == "__main__":
    main()
