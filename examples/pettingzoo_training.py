"""Every game as a PettingZoo environment, and one seat as a Gymnasium environment.

1. An AEC loop over Fury of Dracula (1987): every seat picks a random legal action id
   from its ``action_mask``, as PettingZoo's own classic games are played.
2. MaskablePPO-style training in a few lines of numpy: a masked softmax policy learns the
   second seat of Kuhn poker against a random first player (REINFORCE with a baseline),
   through ``gym_env``, whose ``action_masks()`` is what sb3-contrib's MaskablePPO reads.

Needs the ``pettingzoo`` extra (``pip install 'gothic-games[pettingzoo]'``).

Run:  python examples/pettingzoo_training.py     (about 10 seconds)
"""

from __future__ import annotations

import numpy as np

from gothic_kernel import pettingzoo as gpz
from gothic_kernel.reference import KuhnPoker


def random_aec_game(max_steps: int = 3_000) -> None:
    env = gpz.env("fury1987", max_steps=max_steps)
    env.reset(seed=42)
    rng = np.random.default_rng(42)
    totals: dict[str, float] = {}
    for agent in env.agent_iter():
        observation, reward, termination, truncation, _ = env.last()
        totals[agent] = totals.get(agent, 0.0) + reward
        if termination or truncation:
            env.step(None)
            continue
        legal = np.flatnonzero(observation["action_mask"])
        env.step(int(rng.choice(legal)))
    print("fury1987, random legal actions:", env.unwrapped.steps, "actions, returns", totals)


def masked_policy(weights: np.ndarray, observation: dict[str, np.ndarray]) -> np.ndarray:
    """Softmax over the legal action ids only (the mask sets the others to -inf)."""
    logits = weights @ observation["observation"]
    logits = np.where(observation["action_mask"] == 1, logits, -np.inf)
    probabilities = np.exp(logits - logits.max())
    return probabilities / probabilities.sum()


def average_return(env: gpz.GothicGymEnv, weights: np.ndarray, episodes: int,
                   rng: np.random.Generator) -> float:
    total = 0.0
    for _ in range(episodes):
        observation, _ = env.reset(seed=int(rng.integers(2**31)))
        done = False
        while not done:
            action = int(rng.choice(len(weights), p=masked_policy(weights, observation)))
            observation, reward, terminated, truncated, _ = env.step(action)
            total += reward
            done = terminated or truncated
    return total / episodes


def train_kuhn_second_seat(episodes: int = 6_000, rate: float = 0.05) -> None:
    env = gpz.gym_env(KuhnPoker(), "second", opponents="random")
    rng = np.random.default_rng(0)
    weights = np.zeros((env.action_space.n, env.observation_space["observation"].shape[0]))
    before = average_return(env, weights, 2_000, rng)
    baseline = 0.0
    for _ in range(episodes):
        observation, _ = env.reset(seed=int(rng.integers(2**31)))
        steps, reward, done = [], 0.0, False
        while not done:
            p = masked_policy(weights, observation)
            action = int(rng.choice(len(p), p=p))
            steps.append((observation["observation"], p, action))
            observation, reward, terminated, truncated, _ = env.step(action)
            done = terminated or truncated
        advantage = reward - baseline
        baseline += 0.01 * (reward - baseline)
        for features, p, action in steps:       # the gradient of log softmax
            grad = -np.outer(p, features)
            grad[action] += features
            weights += rate * advantage * grad
    after = average_return(env, weights, 2_000, rng)
    print(f"Kuhn poker, second seat against random play: {before:+.2f} chips a hand "
          f"before training, {after:+.2f} after {episodes} hands")


if __name__ == "__main__":
    random_aec_game()
    train_kuhn_second_seat()
