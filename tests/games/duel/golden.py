"""Golden playthroughs of the Duel (in the manner of OpenSpiel's playthroughs).

Each file pins a seeded random game: at every step what changed in the public observation (the
first step shows it whole), the part of each player's observation that differs from the public one
(their own hand), and the legal actions with their English labels.

Regenerate after an intended rules change, then review the diff:

    .venv/bin/python -m tests.games.duel.golden
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from dwarfhall.core import Rng, load_game

GOLDEN = Path(__file__).resolve().parents[2] / "golden"
# (seed, options): one game per file, tests/golden/duel_seed<seed>.txt
GAMES: list[tuple[int, dict[str, Any]]] = [(2, {}), (9, {"seat0_side": "evil", "first_player": "0"})]


def path_of(seed: int) -> Path:
    return GOLDEN / f"duel_seed{seed}.txt"


def _dumps(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"), sort_keys=True)


def _flat(obs: dict[str, Any]) -> dict[str, Any]:
    """Top-level keys, with each player's keys spelled players[i].key so diffs stay small."""
    flat = {k: v for k, v in obs.items() if k != "players"}
    for i, player in enumerate(obs["players"]):
        for k, v in player.items():
            flat[f"players[{i}].{k}"] = v
    return flat


def _diff(before: dict[str, Any], after: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in after.items() if k not in before or before[k] != v}


def playthrough(seed: int, options: dict[str, Any]) -> str:
    game = load_game("duel", options)
    state = game.new_state(seed)
    chooser = Rng(seed + 1000)
    lines = [
        "# The Dwarves: The Duel - golden playthrough",
        f"# game: duel; options: {_dumps(game.options.to_dict())}; seed: {seed}",
        f"# moves: Rng({seed + 1000}).choice(legal ids)",
        "# regenerate: .venv/bin/python -m tests.games.duel.golden",
        "",
    ]
    before: dict[str, Any] = {}
    step = 0
    while True:
        public = _flat(state.observation(None))
        lines.append(f"## step {step}")
        lines.append(("public: " if not before else "public changes: ") + _dumps(_diff(before, public)))
        for p in range(2):
            lines.append(f"seat {p} also sees: " + _dumps(_diff(public, _flat(state.observation(p)))))
        before = public
        if state.is_terminal:
            lines.append(f"returns: {state.returns()}; scores: {state.scores()}")
            break
        legal = state.legal_actions()
        lines.append(f"legal (seat {state.current_player}): " + " | ".join(f"{a.id} {a.label('en')}" for a in legal))
        action = chooser.choice(state.legal_action_ids())
        lines.append(f"chosen: {action} {state.describe_action(action).label('en')}")
        state.apply(action)
        step += 1
    return "\n".join(lines) + "\n"


def main() -> None:
    GOLDEN.mkdir(parents=True, exist_ok=True)
    for seed, options in GAMES:
        text = playthrough(seed, options)
        path_of(seed).write_text(text, encoding="utf-8")
        print(f"wrote {path_of(seed)} ({len(text) // 1024} KiB)")


if __name__ == "__main__":
    main()
