"""Save files: what they hold, and a clear error naming the problem for every broken one."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from dwarfhall.core import GameRecord
from dwarfhall.play.savefile import FORMAT, HUMAN, SaveFile, SaveFileError, load_record, load_save

from ..support.kuhn import BET, PASS
from ..support.kuhn_text import KuhnTextGame


def good_save(game: KuhnTextGame) -> dict[str, Any]:
    state = game.new_state(5)
    state.apply(PASS)
    save = SaveFile(GameRecord.of(state, players=[HUMAN, "random"]), "vs", [HUMAN, "random"], "de")
    return save.to_json()


def test_save_file_contents(kuhn_text: KuhnTextGame, tmp_path: Path) -> None:
    data = good_save(kuhn_text)
    assert data["format"] == FORMAT and data["version"] == 1 and data["game"] == "kuhn"
    assert data["settings"] == {"mode": "vs", "seats": [HUMAN, "random"], "lang": "de", "auto_forced": False}
    assert data["record"]["seed"] == 5 and data["record"]["actions"] == [PASS]
    path = tmp_path / "s.json"
    path.write_text(json.dumps(data))
    save = load_save(path)
    assert save.restore().history == [PASS] and save.lang == "de"


def broken(data: dict[str, Any], key: str, value: Any) -> dict[str, Any]:
    """A copy with data[key] (dotted path) set to value, or removed when value is ...."""
    copy = json.loads(json.dumps(data))
    *parents, last = key.split(".")
    target = copy
    for part in parents:
        target = target[part]
    if value is ...:
        del target[last]
    else:
        target[last] = value
    return copy


@pytest.mark.parametrize(
    ("key", "value", "message"),
    [
        ("format", "something-else", "format: expected 'dwarfhall-save'"),
        ("version", 99, "version 99 is newer than this dwarfhall reads"),
        ("version", ..., "version: missing"),
        ("record", ..., "record: missing or not an object"),
        ("record.actions", [PASS, "x"], "record: actions: every entry must be an integer"),
        ("record.actions", [PASS, BET, BET, PASS], "does not replay"),
        ("record.game", "nosuch", "game: 'kuhn' does not match the record's game 'nosuch'"),
        ("record.options", {"speed": 3}, "unknown option(s) speed"),
        ("settings", ..., "settings: missing"),
        ("settings.mode", "online", "settings.mode: 'online' is not one of vs, hotseat"),
        ("settings.seats", [HUMAN], "settings.seats: kuhn has 2 players, the file lists 1"),
        ("settings.seats", [HUMAN, "wizard"], "settings.seats[1]: unknown agent 'wizard'"),
        ("settings.seats", ["random", "random"], "no seat is played by a person"),
        ("settings.lang", "fr", "settings.lang: 'fr' is not one of en, de"),
    ],
)
def test_broken_save_files_are_named(
    kuhn_text: KuhnTextGame, tmp_path: Path, key: str, value: Any, message: str
) -> None:
    data = good_save(kuhn_text)
    bad = broken(data, key, value)
    if key == "record.options":
        bad["options"] = bad["record"]["options"]
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(bad))
    with pytest.raises(SaveFileError) as err:
        load_save(path)
    assert str(err.value).startswith(f"{path}: ")
    assert message in str(err.value)


def test_unreadable_files(kuhn_text: KuhnTextGame, tmp_path: Path) -> None:
    cases = {
        "cut.json": (json.dumps(good_save(kuhn_text))[:50], "broken JSON at line 1"),
        "list.json": ("[1, 2]", "expected a JSON object"),
        "empty.json": ("", "broken JSON"),
    }
    for name, (text, message) in cases.items():
        (tmp_path / name).write_text(text)
        with pytest.raises(SaveFileError, match=message):
            load_save(tmp_path / name)
    (tmp_path / "bin.json").write_bytes(b"\xff\xfe\x00")
    with pytest.raises(SaveFileError, match="not text"):
        load_save(tmp_path / "bin.json")
    with pytest.raises(SaveFileError, match="no such file"):
        load_save(tmp_path / "missing.json")
    with pytest.raises(SaveFileError, match="is a folder"):
        load_save(tmp_path)


def test_record_is_not_a_save_but_replays(kuhn_text: KuhnTextGame, tmp_path: Path) -> None:
    state = kuhn_text.new_state(5)
    state.apply(BET)
    path = tmp_path / "r.json"
    GameRecord.of(state).save(path)
    with pytest.raises(SaveFileError, match="finished game's record; watch it with `dwarfhall replay"):
        load_save(path)
    assert load_record(path).actions == [BET]
    save_path = tmp_path / "s.json"
    save_path.write_text(json.dumps(good_save(kuhn_text)))
    assert load_record(save_path).actions == [PASS]  # a save file replays too
    bad = GameRecord.of(state).to_json() | {"actions": [BET, BET, BET]}
    path.write_text(json.dumps(bad))
    with pytest.raises(SaveFileError, match=r"r\.json: action #2 \(1\) does not replay"):
        load_record(path)
