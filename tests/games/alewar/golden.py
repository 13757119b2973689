"""Golden playthroughs of Ale War: every state, observation and legal action of two seeded random games.

Regenerate after an intended change of rules, labels or observations, then review the diff:

    .venv/bin/python -m tests.games.alewar.golden
    # or: DWARFHALL_REGENERATE_GOLDEN=1 .venv/bin/pytest tests/games/alewar/test_golden.py
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from dwarfhall.core import Rng, load_game

GOLDEN_DIR = Path(__file__).resolve().parents[2] / "golden"
# seed -> options; picked to be short and to cover terrain choice, reinforcements and both wins
CASES: dict[int, dict[str, Any]] = {
    2888: {},
    1399: {"hit_rule": "at_least", "terrain_pick": "choose"},
}
MOVER_SALT = 0xA1E  # the moves come from Rng(seed ^ MOVER_SALT), uniformly among the legal ids


def golden_path(seed: int) -> Path:
    return GOLDEN_DIR / f"alewar_seed{seed}.txt"


def _dump(value: Any) -> str:
    return json.dumps(value, sort_keys=True, ensure_ascii=False, separators=(",", ":"))


def playthrough(seed: int, options: dict[str, Any]) -> str:
    """The text of one game: per step the public observation, each player's, and the legal actions."""
    game = load_game("alewar", options)
    state = game.new_state(seed)
    mover = Rng(seed ^ MOVER_SALT)
    lines = [
        f"# Ale War golden playthrough: seed {seed}, options {_dump(game.options.to_dict())}",
        f"# moves: Rng({seed} ^ {MOVER_SALT:#x}).choice(legal ids); regenerate: python -m tests.games.alewar.golden",
        "# each player's observation is listed by what differs from the public one",
        "",
    ]
    step = 0
    while True:
        public = state.observation(None)
        lines.append(f"== step {step} ==")
        lines.append("public: " + _dump(public))
        for player in range(game.num_players):
            seen = state.observation(player)
            differs = {k: v for k, v in seen.items() if public.get(k) != v}
            missing = sorted(k for k in public if k not in seen)
            without = f" without {missing}" if missing else ""
            lines.append(f"player {player}: public except {_dump(differs)}{without}")
        if state.is_terminal:
            lines.append(f"over: returns {_dump(state.returns())} scores {_dump(state.scores())}")
            break
        lines.append(f"legal for player {state.current_player}:")
        lines.extend(f"  {a.id:4d} {a.label('en')}" for a in state.legal_actions())
        choice = mover.choice(state.legal_action_ids())
        lines.append(f"chosen: {choice}")
        state.apply(choice)
        step += 1
    return "\n".join(lines) + "\n"


def regenerate() -> list[Path]:
    GOLDEN_DIR.mkdir(parents=True, exist_ok=True)
    written = []
    for seed, options in CASES.items():
        path = golden_path(seed)
        path.write_text(playthrough(seed, options), encoding="utf-8")
        written.append(path)
    return written


def main(argv: list[str]) -> int:
    del argv
    for path in regenerate():
        print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
