"""Files written before the kit (save files, replay records, a saved start position) still load and replay to
the same positions, observations and labels. The files in saved/ were made by the code of commit 3f8979a
(saved/make_files.py tells how)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from dwarfhall.core import GameRecord, State, load_game
from dwarfhall.play.savefile import load_record, load_save

SAVED = Path(__file__).resolve().parent / "saved"


def _expected(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((SAVED / f"{name}.expected.json").read_text(encoding="utf-8"))
    return data


def _same(state: State, expected: dict[str, Any]) -> None:
    assert state.to_json() == expected["state"]
    assert state.observation(None) == expected["observation"]
    assert [a.to_json() for a in state.legal_actions()] == expected["legal"]


def test_an_old_save_file_resumes_where_it_stopped() -> None:
    save = load_save(SAVED / "save_v1.json")
    assert save.mode == "hotseat" and save.lang == "de"
    _same(save.restore(), _expected("save_v1"))


@pytest.mark.parametrize("name", ["record_v1", "scenario_record_v1", "save_v1"])
def test_old_records_replay_to_the_same_positions(name: str) -> None:
    record = load_record(SAVED / f"{name}.json")
    final = record.final_state()
    _same(final, _expected(name))
    states = list(record.states())
    assert len(states) == len(record.actions) + 1 and states[-1].to_json() == final.to_json()


def test_an_old_saved_state_loads() -> None:
    """A full state written by `to_json` (as scenario files and record start positions hold it)."""
    expected = _expected("scenario_record_v1")
    state = load_game("alewar").state_from_json(expected["state"])
    _same(state, expected)
    record = GameRecord.from_json(json.loads((SAVED / "scenario_record_v1.json").read_text(encoding="utf-8")))
    assert record.start is not None
    start = load_game("alewar").state_from_json(record.start)
    assert start.legal_action_ids() == record.initial_state().legal_action_ids()
