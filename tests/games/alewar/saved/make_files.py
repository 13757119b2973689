"""Writes the Ale War save, replay and state files that test_saved_files.py loads.

The committed files were written by the code before the kit (commit 3f8979a), so the tests show that files
saved then still load and replay the same:

    PYTHONPATH=<checkout of 3f8979a>/src .venv/bin/python tests/games/alewar/saved/make_files.py
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from dwarfhall.core import GameRecord, Rng, State, load_game
from dwarfhall.play.savefile import SaveFile

HERE = Path(__file__).resolve().parent


def _play(state: State, rng: Rng, steps: int) -> State:
    for _ in range(steps):
        if state.is_terminal:
            break
        state.apply(rng.choice(state.legal_action_ids()))
    return state


def _seen(state: State) -> dict[str, Any]:
    """What the tests compare: the full state, the public observation and the legal actions with labels."""
    return {
        "state": state.to_json(),
        "observation": state.observation(None),
        "legal": [a.to_json() for a in state.legal_actions()],
    }


def _write(name: str, data: Any) -> None:
    (HERE / name).write_text(json.dumps(data, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")


def main() -> int:
    # an unfinished game saved from the terminal, with terrain chosen by the players
    game = load_game("alewar", {"terrain_pick": "choose"})
    state = _play(game.new_state(7), Rng(70), 60)
    save = SaveFile(GameRecord.of(state, ["human", "human"]), "hotseat", ["human", "human"], "de")
    _write("save_v1.json", save.to_json())
    _write("save_v1.expected.json", _seen(state))

    # a finished game's record, for replays
    game = load_game("alewar", {"hit_rule": "at_least"})
    state = _play(game.new_state(3), Rng(30), 100_000)
    _write("record_v1.json", GameRecord.of(state, ["random", "heuristic"]).to_json())
    _write("record_v1.expected.json", _seen(state))

    # a game begun from a hand-written position: its record carries the start position's JSON
    game = load_game("alewar")
    state = game.scenario_from_dict(
        {"units": {"axeman": "c4", "scout": "d5", "brute": "c3", "warrior": "e2"}, "barrels": ["a1", "f1"],
         "terrain": {"b2": "hill", "c5": "lake"}, "rng": 11}
    )
    state.start = state.to_json()
    _play(state, Rng(110), 25)
    _write("scenario_record_v1.json", GameRecord.of(state).to_json())
    _write("scenario_record_v1.expected.json", _seen(state))
    return 0


if __name__ == "__main__":
    sys.exit(main())
