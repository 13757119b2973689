"""Golden playthroughs of Spring: every decision of two seeded random games (2 and 4 players), with the legal
actions' count and digest, the chosen action's label, and the public view at the start of every era.

Regenerate after an intended change of rules, labels or observations, then review the diff:

    .venv/bin/python -m tests.games.spring.golden
    # or: DWARFHALL_REGENERATE_GOLDEN=1 .venv/bin/pytest tests/games/spring/test_golden.py
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path
from typing import Any

from dwarfhall.core import Rng
from dwarfhall.games.spring.game import SpringGame

GOLDEN_DIR = Path(__file__).resolve().parents[2] / "golden"
CASES: dict[int, dict[str, Any]] = {
    7: {"players": 2},
    12: {"players": 4, "first_player": "random", "layout": "balanced"},
}
MOVER_SALT = 0x5B1  # the moves come from Rng(seed ^ MOVER_SALT), uniformly among the legal ids


def golden_path(seed: int) -> Path:
    return GOLDEN_DIR / f"spring_seed{seed}.txt"


def _dump(value: Any) -> str:
    return json.dumps(value, sort_keys=True, ensure_ascii=False, separators=(",", ":"))


def playthrough(seed: int, options: dict[str, Any]) -> str:
    game = SpringGame(options)
    state = game.new_state(seed)
    mover = Rng(seed ^ MOVER_SALT)
    lines = [
        f"# Spring golden playthrough: seed {seed}, options {_dump(game.options.to_dict())}",
        f"# moves: Rng({seed} ^ {MOVER_SALT:#x}).choice(legal ids); regenerate: python -m tests.games.spring.golden",
        "# per decision: step, player, number of legal ids and their digest, the chosen id and its label",
        "",
        "public at the start: " + _dump(state.observation(None)),
    ]
    era = state.era
    step = 0
    while not state.is_terminal:
        if state.era != era:
            era = state.era
            lines.append(f"== era {era} == public: " + _dump(state.observation(None)))
        legal = state.legal_action_ids()
        digest = hashlib.sha1(_dump(list(legal)).encode()).hexdigest()[:10]
        choice = mover.choice(legal)
        label = state.describe_action(choice).label("en")
        lines.append(f"{step} p{state.current_player} [{len(legal)} {digest}] {choice} {label}")
        state.apply(choice)
        step += 1
    lines.append("== over == public: " + _dump(state.observation(None)))
    for player in range(game.num_players):
        lines.append(f"player {player} sees: " + _dump(state.observation(player)["faerie_hand"][player]))
    lines.append(f"returns {_dump(state.returns())} scores {_dump(state.scores())}")
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
