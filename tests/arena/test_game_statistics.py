"""A game's own statistics in the report (Game.statistics): Spring's §12.3 figures and one component plot per
group from a small simulate run; a game without statistics (the Duel) reports as before."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from dwarfhall.arena.gamestats import figures, replay_one
from dwarfhall.arena.store import open_store
from dwarfhall.cli import main
from dwarfhall.core import Statistic, load_game


def test_spring_report_has_the_statistics_table_and_a_plot_per_group(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "spring.sqlite"
    args = ["simulate", "spring", "--options", "players=3", "--agents", "random", "--games", "10", "--workers", "1",
            "--db", str(db), "--quiet"]  # fmt: skip
    assert main(args) == 0
    out = tmp_path / "rep"
    assert main(["report", "--db", str(db), "--out", str(out), "--lang", "de"]) == 0
    _, err = capsys.readouterr()
    assert "10/10" in err  # the replay's progress bar
    written = {p.name for p in out.iterdir()}
    groups = {"actions", "quests", "dragons", "monsters", "faeries"}
    # a German report's files are named by its language, so it never overwrites the English one
    assert {f"components-{g}-de.png" for g in groups} <= written and "components-de.png" not in written
    assert {"statistics-1-de.png", "statistics-2-de.png"} <= written  # points by source; dwarf actions used
    assert "report.html" not in written
    page = (out / "report-de.html").read_text(encoding="utf-8")
    # the length in the game's own units beside the actions (Game.length_statistics: rounds and eras)
    assert re.search(r"gespielte Runden: im Mittel [\d.]+ \(Median [\d.]+, [\d.]+-[\d.]+\)", page)
    assert re.search(r"gespielte Ären: im Mittel [\d.]+", page)
    # a German report says it all in German (docs/arena.md)
    assert "Die eigenen Kennzahlen des Spiels" in page and "nachgespielt wird (10 Partien)" in page
    # German labels, each with its value, interval and aim
    row = re.search(r"<tr><td>[^<]+</td><td>([\d.]+) % \[[\d.]+, [\d.]+\]</td>"
                    r"<td>[^<]*20 %[^<]*</td><td>(erreicht|nicht erreicht)</td></tr>", page)  # fmt: skip
    assert row is not None
    # R50: with 3 players the monster count has no aim, so no verdict either
    assert re.search(r"<tr><td>besiegte Monster pro Spiel \(von 9\)</td><td>([\d.]+) \[[\d.]+, [\d.]+\]</td>"
                     r"<td></td><td></td></tr>", page)  # fmt: skip
    assert "<h3>Zwergenaktionen</h3>" in page and "<td>Fee rufen</td>" in page
    # seat shares of all three seats with intervals, and the seat furthest from the fair share
    for seat in range(3):
        assert re.search(rf"<td>Platz {seat}</td><td>10</td><td>[\d.]+% \[[\d.]+, [\d.]+\]</td>", page)
    assert "Am weitesten vom fairen Siegesanteil 33.3 % entfernt" in page


def test_a_replayed_game_gives_the_figures_of_its_final_state(tmp_path: Path) -> None:
    """The report's replay calls the hook with who chose each action; a game that no longer replays is left out."""
    db = tmp_path / "short.sqlite"
    assert main(["simulate", "spring", "--options", "players=2", "eras=1", "--agents", "random", "--games", "2",
                 "--workers", "1", "--db", str(db), "--quiet"]) == 0  # fmt: skip
    with open_store(db) as store:
        result = store.results(1)[0]
    game = load_game("spring", {"players": 2, "eras": 1})
    replayed = replay_one(game, result)
    assert replayed is not None
    values, used = replayed
    assert values["eras"] == 1 and sum(used[0].values()) > 0
    broken = type(result)(**{**result.__dict__, "returns": [r + 1 for r in result.returns]})
    assert replay_one(game, broken) is None


def test_figures_give_shares_of_players_with_wilson_intervals() -> None:
    used = Statistic("used", {"en": "used", "de": "genutzt"}, share=True, per_player=True, aim=(0.2, None))
    points = Statistic("points", {"en": "points", "de": "Punkte"}, aim=(1, 2))
    shown = figures([used, points], [{"used": 0.5, "points": 1.0}, {"used": 0.0, "points": 3.0}], players=4)
    share, mean = shown
    assert share.mean == 0.25 and share.interval[0] < 0.25 < share.interval[1] and share.met is True
    assert share.value_text().startswith("25.0 %")
    assert mean.mean == 2.0 and mean.met is True and mean.interval[0] >= 0.0
    assert used.aim_text("de") == "mindestens 20 %" and points.aim_text() == "1-2"


def test_duel_without_statistics_reports_as_before(tmp_path: Path) -> None:
    db = tmp_path / "duel.sqlite"
    assert load_game("duel").statistics() == ()
    assert main(["simulate", "duel", "--agents", "random", "--games", "6", "--workers", "1", "--db", str(db),
                 "--quiet"]) == 0  # fmt: skip
    out = tmp_path / "duel"
    assert main(["report", "--db", str(db), "--out", str(out), "--quiet"]) == 0
    written = {p.name for p in out.iterdir()}
    assert written == {"seats.png", "first_player.png", "length.png", "scores.png", "components.png", "report.html"}
    page = (out / "report.html").read_text(encoding="utf-8")
    assert "own statistics" not in page and "<h2>Components</h2>" in page
