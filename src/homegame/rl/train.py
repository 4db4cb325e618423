"""A short learning example: a linear softmax policy trained by REINFORCE against the random bot.

The learner is seat 0 or 1 of heads-up fixed-limit Three-Hole (:class:`homegame.rl.gym_env.HomegameEnv`);
its policy is ``softmax(W @ observation)`` over the legal ids only (the action mask), updated after every
hand with the hand's payoff minus a running baseline. ``python -m homegame.rl.train`` draws
``docs/img/rl-training.png``.

>>> curve = train(episodes=200, seed=1, every=100)
>>> len(curve)
2
"""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np

from homegame.rl.gym_env import HomegameEnv


def train(episodes: int = 3000, seed: int = 0, every: int = 250, game: str = "three-hole",
          opponent: str = "random", rate: float = 0.02) -> list[tuple[int, float]]:
    """Train for ``episodes`` hands; the mean payoff (chips/hand) of each block of ``every`` hands."""
    rng = np.random.default_rng(seed)
    envs = [HomegameEnv(game, opponents=[opponent], seat=s) for s in (0, 1)]
    size, actions = envs[0].table.size, envs[0].table.actions.size
    weights = np.zeros((actions, size + 1))
    baseline, curve, block = 0.0, [], []
    for episode in range(episodes):
        env = envs[episode % 2]
        obs, info = env.reset(seed=int(rng.integers(2**31)))
        steps: list[tuple[np.ndarray, np.ndarray, int]] = []
        done, total = False, 0.0
        while not done:
            x = np.append(obs, 1.0)
            legal = np.flatnonzero(info["action_mask"])
            logits = weights[legal] @ x
            p = np.exp(logits - logits.max())
            p /= p.sum()
            k = int(rng.choice(len(legal), p=p))
            steps.append((x, legal, k))
            obs, reward, done, _, info = env.step(int(legal[k]))
            total += reward
        advantage = total - baseline
        baseline += 0.01 * (total - baseline)
        for x, legal, k in steps:  # the policy gradient of log softmax over the legal ids
            logits = weights[legal] @ x
            p = np.exp(logits - logits.max())
            p /= p.sum()
            grad = -p
            grad[k] += 1.0
            weights[legal] += rate * advantage * np.outer(grad, x) / 10.0
        block.append(total)
        if len(block) == every:
            curve.append((episode + 1, float(np.mean(block))))
            block = []
    return curve


def main(argv: list[str]) -> None:
    """Train and chart the learning curve next to an untrained (uniform over legal ids) policy."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    episodes = int(argv[0]) if argv else 4000
    learned = train(episodes, seed=0)
    untrained = train(episodes, seed=0, rate=0.0)
    fig, ax = plt.subplots(figsize=(7, 4))
    ax.plot(*zip(*learned, strict=True), marker="o", label="REINFORCE (linear softmax)")
    ax.plot(*zip(*untrained, strict=True), marker="s", label="untrained: uniform over legal actions")
    ax.axhline(0, color="grey", lw=0.8)
    ax.set_xlabel("hands played")
    ax.set_ylabel("chips per hand (mean of 250) vs the random bot")
    ax.set_title("Heads-up fixed-limit Three-Hole (ante 1, bets 2/4, stacks 20)")
    ax.legend()
    fig.tight_layout()
    out = Path(__file__).resolve().parents[3] / "docs/img/rl-training.png"
    out.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(out, dpi=110)
    print("learned", learned, "\nuntrained", untrained)


if __name__ == "__main__":
    main(sys.argv[1:])
