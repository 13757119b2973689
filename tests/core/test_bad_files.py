"""Bad input files: not UTF-8, nested too deeply, fields of the wrong type. One line naming the file, no traceback."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from dwarfhall.cli import main
from dwarfhall.core import GameRecord, load_game
from dwarfhall.core.datafile import MAX_DEPTH, read_toml
from dwarfhall.core.errors import DataError, RecordError, ScenarioError
from dwarfhall.games.duel.components import DEFAULT_CARDS
from dwarfhall.play.savefile import SaveFileError, load_record, load_save

DEEP_JSON = "[" * 100_000 + "]" * 100_000
DEEP_TOML = "x = " + "[" * 100_000 + "]" * 100_000 + "\n"
LATIN1 = "# Ale War – components\n".encode("cp1252")  # an en dash in cp1252 is byte 0x96, not UTF-8


def cli(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], argv: list[str]) -> tuple[int, str]:
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    monkeypatch.setenv("DWARFHALL_DELAY", "0")
    code = main(argv)
    captured = capsys.readouterr()
    return code, captured.err


def assert_one_clean_line(err: str, path: Path, problem: str) -> None:
    assert "Traceback" not in err
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert str(path) in lines[0] and problem in lines[0], err


def test_data_file_not_in_utf8_names_the_file(tmp_path: Path) -> None:
    path = tmp_path / "cards.toml"
    path.write_bytes(LATIN1)
    with pytest.raises(DataError, match=r"cards file .*cards\.toml is not text in UTF-8 \(byte 0x96"):
        read_toml(path, "cards file")


def test_deeply_nested_toml_data_file_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "cards.toml"
    path.write_text(DEEP_TOML)
    with pytest.raises(DataError, match=f"nests lists/tables more than {MAX_DEPTH} levels deep"):
        read_toml(path, "cards file")
    # just inside the limit parses; one level more does not (the limit is the data's depth, tables included)
    path.write_text("x = " + "[" * (MAX_DEPTH - 1) + "]" * (MAX_DEPTH - 1) + "\n")
    assert read_toml(path, "cards file")["x"]
    path.write_text("x = " + "[" * MAX_DEPTH + "]" * MAX_DEPTH + "\n")
    with pytest.raises(DataError, match="levels deep"):
        read_toml(path, "cards file")


def test_cli_duel_cards_file_not_in_utf8(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "cards.toml"
    path.write_bytes(DEFAULT_CARDS.read_bytes().replace("Boïndil".encode(), "Boïndil".encode("latin-1")))
    code, err = cli(monkeypatch, capsys, ["play", "duel", "--cards", str(path)])
    assert code == 2
    assert_one_clean_line(err, path, "is not text in UTF-8")


def test_cli_alewar_components_file_not_in_utf8_or_too_deep(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "components.toml"
    path.write_bytes(LATIN1)
    code, err = cli(monkeypatch, capsys, ["play", "alewar", "--components", str(path)])
    assert code == 2
    assert_one_clean_line(err, path, "is not text in UTF-8")
    path.write_text(DEEP_TOML)
    code, err = cli(monkeypatch, capsys, ["play", "alewar", "--components", str(path)])
    assert code == 2
    assert_one_clean_line(err, path, "levels deep")


@pytest.mark.parametrize(("suffix", "text"), [(".json", DEEP_JSON), (".toml", DEEP_TOML)])
def test_deeply_nested_scenario_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], suffix: str, text: str
) -> None:
    path = tmp_path / f"deep{suffix}"
    path.write_text(text)
    with pytest.raises(ScenarioError, match="levels deep"):
        load_game("duel").load_scenario(path)
    code, err = cli(monkeypatch, capsys, ["play", "duel", "--scenario", str(path), "--save-dir", str(tmp_path)])
    assert code == 2
    assert_one_clean_line(err, path, "levels deep")


def test_scenario_not_in_utf8(tmp_path: Path) -> None:
    path = tmp_path / "s.json"
    path.write_bytes(b'{"seed": 1, "note": "\xe9"}')
    with pytest.raises(ScenarioError, match=r"s\.json is not text in UTF-8"):
        load_game("duel").load_scenario(path)


def _record(tmp_path: Path) -> dict[str, object]:
    final = load_game("duel").new_state(4)
    return GameRecord.of(final, players=["you", "random"]).to_json()


@pytest.mark.parametrize(
    ("field", "value", "problem"),
    [
        ("players", 7, "players: must be a list"),
        ("players", {"a": 1}, "players: must be a list"),
        ("meta", [1, 2], "meta: must be an object"),
        ("meta", 3, "meta: must be an object"),
        ("seed", -5, "seed must be in 0.."),
        ("seed", "7", "seed must be a whole number"),
        ("options", [], "options: missing or not a dict"),
    ],
)
def test_replay_file_with_a_field_of_the_wrong_type(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    field: str,
    value: object,
    problem: str,
) -> None:
    data = _record(tmp_path)
    data[field] = value
    path = tmp_path / "replay.json"
    path.write_text(json.dumps(data))
    with pytest.raises(SaveFileError, match=problem):
        load_record(path)
    with pytest.raises(RecordError, match=problem):
        GameRecord.load(path)
    code, err = cli(monkeypatch, capsys, ["replay", str(path)])
    assert code == 2
    assert_one_clean_line(err, path, problem)


@pytest.mark.parametrize(
    ("field", "value", "problem"),
    [("players", "abc", "players: must be a list"), ("meta", "abc", "meta: must be an object")],
)
def test_save_file_whose_record_has_a_field_of_the_wrong_type(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    field: str,
    value: object,
    problem: str,
) -> None:
    # a real save, made by quitting a game at once
    code, _ = cli(monkeypatch, capsys, ["play", "duel", "--seed", "3", "--save-dir", str(tmp_path)])
    (path,) = tmp_path.glob("*.json")
    data = json.loads(path.read_text())
    data["record"][field] = value
    path.write_text(json.dumps(data))
    with pytest.raises(SaveFileError, match=problem):
        load_save(path)
    code, err = cli(monkeypatch, capsys, ["play", "--resume", str(path)])
    assert code == 2
    assert_one_clean_line(err, path, problem)


@pytest.mark.parametrize("name", ["save.json", "replay.json"])
def test_deeply_nested_or_binary_save_and_replay_files(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], name: str
) -> None:
    path = tmp_path / name
    for content, problem in ((DEEP_JSON.encode(), "levels deep"), (b"\xff\xfe{}", "not text in UTF-8")):
        path.write_bytes(content)
        with pytest.raises(SaveFileError, match=problem):
            load_record(path)
        with pytest.raises(RecordError, match=problem):
            GameRecord.load(path)
        argv = ["play", "--resume", str(path)] if name == "save.json" else ["replay", str(path)]
        code, err = cli(monkeypatch, capsys, argv)
        assert code == 2
        assert_one_clean_line(err, path, problem)
