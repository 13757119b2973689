"""`dwarfhall review`: reads replay files and save files, picks the seat, prints the review in EN and DE."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from dwarfhall.agents import make_agent, play_game
from dwarfhall.cli import main
from dwarfhall.core import GameRecord, load_game
from dwarfhall.play.coach_texts import coach_catalog
from dwarfhall.play.savefile import HUMAN, SaveFile


def _finished(tmp_path: Path) -> Path:
    game = load_game("duel")
    final = play_game(game, [make_agent("easy", 1), make_agent("normal", 2)], 6)
    record = GameRecord.of(final, players=[HUMAN, "normal"], hints={"allowed": True, "used": {"0": 2}})
    path = tmp_path / "duel-replay.json"
    path.write_text(json.dumps(record.to_json()))
    return path


def _saved(tmp_path: Path) -> Path:
    state = load_game("duel").new_state(8)
    agent = make_agent("normal", 1)
    from dwarfhall.core import PlayerView

    for _ in range(40):
        state.apply(agent.choose(PlayerView(state, state.current_player)))
    save = SaveFile(GameRecord.of(state, players=["normal", HUMAN]), "vs", ["normal", HUMAN], "en")
    return save.write(tmp_path / "duel-save.json")


def test_review_of_a_replay_file_names_the_person_and_marks_and_sums_up(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code = main(["review", str(_finished(tmp_path)), "--iters", "40", "--quiet", "--no-color"])
    out = capsys.readouterr().out
    assert code == 0
    assert out.startswith("Review of Player 0 in The Dwarves: The Duel:")
    assert "Accuracy: " in out and " of 100." in out
    assert "Turning points" in out
    assert "Hints were used in this game by Player 0." in out
    assert "Result: Player 0" in out


def test_review_of_a_save_file_reviews_the_moves_so_far(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["review", str(_saved(tmp_path)), "--iters", "30", "--quiet", "--lang", "de"])
    out = capsys.readouterr().out
    assert code == 0
    assert out.startswith("Analyse von Spieler 1 in ")  # the only person's seat in the save
    assert "Das Spiel ist nicht zu Ende" in out


def test_review_asks_whose_decisions_when_the_file_does_not_say(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game = load_game("duel")
    record = GameRecord.of(play_game(game, [make_agent("random", 1), make_agent("random", 2)], 2))
    path = tmp_path / "r.json"
    path.write_text(json.dumps(record.to_json()))
    assert main(["review", str(path), "--quiet"]) == 2
    assert "--as SEAT (seats 0 to 1)" in capsys.readouterr().err
    assert main(["review", str(path), "--as", "5", "--quiet"]) == 2
    assert "--as 5: duel has seats 0 to 1" in capsys.readouterr().err
    assert main(["review", str(path), "--as", "1", "--iters", "20", "--quiet"]) == 0
    assert "Review of Player 1" in capsys.readouterr().out


def test_every_coach_text_exists_in_both_languages_with_the_same_fields() -> None:
    import re

    messages = coach_catalog().messages  # loading refuses an entry without en or de
    used: set[str] = set()
    for path in (Path(__file__).resolve().parents[2] / "src" / "dwarfhall" / "play").glob("*.py"):
        used |= set(re.findall(r"\b(?:tx|texts)\(\s*[\"']([a-z_]+)[\"']\s*[,)]", path.read_text()))
    used |= {f"mark_{m}" for m in ("inaccuracy", "mistake", "blunder")}
    assert used and sorted(used - set(messages)) == []
    for key, text in messages.items():
        assert set(re.findall(r"\{(\w+)", text["en"])) == set(re.findall(r"\{(\w+)", text["de"])), key
