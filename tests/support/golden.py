"""Golden playthroughs of every game (in the manner of OpenSpiel's playthroughs), one writer and one reader.

A file pins one seeded game whose moves are drawn by `Rng(mover).choice(legal ids)`. At every step it holds
the public observation (in full at step 0, then what changed), what each player sees beyond the public view,
and the legal action ids with their English labels; at the end the returns and scores. Observations are
flattened one level where a key holds one dict per player (`players[1].hand`), so diffs stay small.

Regenerate after an intended change, then review the diff:

    .venv/bin/python -m tests.support.golden            # every case
    .venv/bin/python -m tests.support.golden duel       # one game's cases
    DWARFHALL_REGENERATE_GOLDEN=1 .venv/bin/pytest tests/games/duel/test_golden.py
"""

from __future__ import annotations

import json
import os
import re
import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from dwarfhall.core import Rng, load_game

GOLDEN = Path(__file__).resolve().parents[1] / "golden"
_FLAT_KEY = re.compile(r"^(\w+)\[(\d+)\]\.(.+)$")


@dataclass(frozen=True)
class Case:
    """One pinned game: which game, its options and seed, and the seed of the random mover."""

    game: str
    seed: int
    mover: int
    options: Mapping[str, Any] = field(default_factory=dict)

    @property
    def path(self) -> Path:
        return GOLDEN / f"{self.game}_seed{self.seed}.txt"

    @property
    def id(self) -> str:
        return f"{self.game}-seed{self.seed}"


CASES: list[Case] = [
    Case("duel", 2, mover=1002),
    Case("duel", 9, mover=1009, options={"seat0_side": "evil", "first_player": "0"}),
    # short games that cover terrain choice, reinforcements and both wins
    Case("alewar", 2888, mover=2888 ^ 0xA1E),
    Case("alewar", 1399, mover=1399 ^ 0xA1E, options={"hit_rule": "at_least", "terrain_pick": "choose"}),
    # Spring with 2 and 4 players; two eras keep the files small while covering an era's end
    Case("spring", 7, mover=7 ^ 0x5B1, options={"players": 2, "eras": 2}),
    Case(
        "spring", 12, mover=12 ^ 0x5B1,
        options={"players": 4, "first_player": "random", "layout": "balanced", "eras": 2},
    ),
]


def dumps(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"), sort_keys=True)


def flatten(obs: Mapping[str, Any], num_players: int) -> dict[str, Any]:
    """Top-level keys; a list of one dict per player is spelled key[i].field, one entry per field."""
    flat: dict[str, Any] = {}
    for key, value in obs.items():
        per_player = (
            isinstance(value, list) and len(value) == num_players and all(isinstance(v, dict) and v for v in value)
        )
        if per_player:
            for i, entry in enumerate(value):
                for sub, v in entry.items():
                    flat[f"{key}[{i}].{sub}"] = v
        else:
            flat[key] = value
    return flat


def unflatten(flat: Mapping[str, Any]) -> dict[str, Any]:
    """The observation `flatten` was given."""
    obs: dict[str, Any] = {}
    lists: dict[str, dict[int, dict[str, Any]]] = {}
    for key, value in flat.items():
        m = _FLAT_KEY.match(key)
        if m:
            lists.setdefault(m.group(1), {}).setdefault(int(m.group(2)), {})[m.group(3)] = value
        else:
            obs[key] = value
    for key, entries in lists.items():
        obs[key] = [entries[i] for i in range(len(entries))]
    return obs


def _changes(before: Mapping[str, Any], after: Mapping[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in after.items() if k not in before or before[k] != v}


def playthrough(case: Case) -> str:
    game = load_game(case.game, dict(case.options))
    state = game.new_state(case.seed)
    mover = Rng(case.mover)
    n = game.num_players
    lines = [
        f"# golden playthrough: game {case.game}; options: {dumps(game.options.to_dict())}; seed: {case.seed}",
        f"# moves: Rng({case.mover}).choice(legal ids); regenerate: .venv/bin/python -m tests.support.golden",
        "# public: in full at step 0, then what changed; player N: what that player sees beyond the public view",
        "",
    ]
    before: dict[str, Any] = {}
    step = 0
    while True:
        public = flatten(state.observation(None), n)
        lines.append(f"## step {step}")
        lines.append("public: " + dumps(_changes(before, public)))
        removed = sorted(k for k in before if k not in public)
        if removed:
            lines.append("public removed: " + dumps(removed))
        for p in range(n):
            seen = flatten(state.observation(p), n)
            lines.append(f"player {p}: " + dumps(_changes(public, seen)))
            missing = sorted(k for k in public if k not in seen)
            if missing:
                lines.append(f"player {p} without: " + dumps(missing))
        before = public
        if state.is_terminal:
            lines.append(f"returns: {dumps(state.returns())}; scores: {dumps(state.scores())}")
            break
        lines.append(f"legal (player {state.current_player}):")
        lines.extend(f"  {a.id} {a.label('en')}" for a in state.legal_actions())
        action = mover.choice(state.legal_action_ids())
        lines.append(f"chosen: {action}")
        state.apply(action)
        step += 1
    return "\n".join(lines) + "\n"


@dataclass
class Step:
    """One step of a playthrough as data: full observations, legal (id, label) pairs and the chosen id."""

    public: dict[str, Any]
    players: list[dict[str, Any]]
    player: int | None = None
    legal: list[tuple[int, str]] = field(default_factory=list)
    chosen: int | None = None


@dataclass
class Playthrough:
    steps: list[Step]
    returns: list[float]
    scores: list[float]


def read(text: str) -> Playthrough:
    """The content of a file `playthrough` wrote (for tools that compare games, not text)."""
    steps: list[Step] = []
    public: dict[str, Any] = {}
    flat_players: list[dict[str, Any]] = []
    result: tuple[list[float], list[float]] = ([], [])

    def close() -> None:
        if steps:
            steps[-1].players = [unflatten(p) for p in flat_players]

    for line in text.splitlines():
        if line.startswith("## step "):
            close()
            flat_players = []
            steps.append(Step(public={}, players=[]))
        elif line.startswith("public: "):
            public = {**public, **json.loads(line[len("public: ") :])}
            steps[-1].public = unflatten(public)
        elif line.startswith("public removed: "):
            public = {k: v for k, v in public.items() if k not in json.loads(line[len("public removed: ") :])}
            steps[-1].public = unflatten(public)
        elif m := re.match(r"^player (\d+) without: (.*)$", line):
            gone = set(json.loads(m.group(2)))
            flat_players[int(m.group(1))] = {k: v for k, v in flat_players[int(m.group(1))].items() if k not in gone}
        elif m := re.match(r"^player (\d+): (.*)$", line):
            flat_players.append({**public, **json.loads(m.group(2))})
        elif m := re.match(r"^legal \(player (\d+)\):$", line):
            steps[-1].player = int(m.group(1))
        elif line.startswith("  "):
            number, _, label = line.strip().partition(" ")
            steps[-1].legal.append((int(number), label))
        elif line.startswith("chosen: "):
            steps[-1].chosen = int(line[len("chosen: ") :])
        elif line.startswith("returns: "):
            returns, _, scores = line[len("returns: ") :].partition("; scores: ")
            result = (json.loads(returns), json.loads(scores))
    close()
    return Playthrough(steps, *result)


def check(case: Case) -> None:
    """Fails naming the first line where the game now differs from its file (DWARFHALL_REGENERATE_GOLDEN=1
    rewrites the file first, for an intended change)."""
    if os.environ.get("DWARFHALL_REGENERATE_GOLDEN"):
        regenerate([case.game])
    assert case.path.exists(), f"{case.path} is missing; run python -m tests.support.golden {case.game}"
    expected = case.path.read_text(encoding="utf-8")
    actual = playthrough(case)
    for number, (want, got) in enumerate(zip(expected.splitlines(), actual.splitlines(), strict=False), 1):
        assert got == want, f"{case.path.name} line {number} differs; regenerate only for an intended change"
    assert actual == expected, f"{case.path.name}: the game is now longer or shorter than recorded"


def regenerate(games: Sequence[str] = ()) -> list[Path]:
    GOLDEN.mkdir(parents=True, exist_ok=True)
    written = []
    for case in CASES:
        if not games or case.game in games:
            case.path.write_text(playthrough(case), encoding="utf-8")
            written.append(case.path)
    return written


if __name__ == "__main__":
    for path in regenerate(sys.argv[1:]):
        print(f"wrote {path} ({path.stat().st_size // 1024} KiB)")
