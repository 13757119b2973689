"""A report a reader can trust: files named by language, one agent's games counted once and not rated, a
game's own length units, whole-number axes, differences in percentage points, twin components merged, the
seat gap's interval held against the fair share, and components nearly everyone used folded into one line."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from dwarfhall.arena.names import Names
from dwarfhall.arena.report_page import advantage_note, components_part, nearly_everyone
from dwarfhall.arena.report_plots import plot_components, plot_lengths, plot_scores
from dwarfhall.arena.results import GameResult
from dwarfhall.arena.stats import Tally, component_stats, summarize
from dwarfhall.cli import main
from dwarfhall.core.registry import load_game


def _game(index: int, returns: list[float], used: list[dict[str, int]], sides: list[str | None]) -> GameResult:
    return GameResult("0-1", index, (0, 1), index, returns, [float(index), 0.0], 10 + index, 0, {}, used,
                      turns=4, sides=sides)  # fmt: skip


def _simulate(db: Path, agents: list[str], games: int) -> None:
    args = ["simulate", "kuhn", "--agents", *agents, "--games", str(games), "--workers", "1", "--db", str(db)]
    assert main([*args, "--quiet"]) == 0


def test_a_german_report_without_out_keeps_the_english_one(
    kuhn: object, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """`report --lang de` writes into the same folder as the English report, its files marked `-de`."""
    monkeypatch.chdir(tmp_path)
    _simulate(tmp_path / "runs.sqlite", ["random"], 6)
    assert main(["report", "--db", "runs.sqlite", "--quiet"]) == 0
    assert main(["report", "--db", "runs.sqlite", "--quiet", "--lang", "de"]) == 0
    folder = tmp_path / "reports" / "run-1"
    names = set(os.listdir(folder))
    assert {"report.html", "report-de.html", "seats.png", "seats-de.png"} <= names
    assert '<html lang="en">' in (folder / "report.html").read_text(encoding="utf-8")
    assert '<html lang="de">' in (folder / "report-de.html").read_text(encoding="utf-8")
    printed = capsys.readouterr().out
    assert str(Path("reports/run-1/report-de.html")) in printed


def test_one_agent_counts_its_games_once_and_has_no_rating(
    kuhn: object, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A one-agent simulate of 8 two-player games: 8 games (16 seats played), and no 'rating 1500 ± 0'."""
    capsys.readouterr()
    _simulate(tmp_path / "runs.sqlite", ["random"], 8)
    printed = capsys.readouterr().out
    row = next(line for line in printed.splitlines() if line.startswith("0 random"))
    assert row.split()[2:4] == ["8", "16"], row
    assert "1500" not in printed and "Elo" not in printed
    assert main(["report", "--db", str(tmp_path / "runs.sqlite"), "--out", str(tmp_path / "r"), "--quiet"]) == 0
    page = (tmp_path / "r" / "report.html").read_text(encoding="utf-8")
    assert "<td>0</td><td>random</td><td>8</td><td>16</td>" in page
    assert "1500" not in page and "Elo" not in page and "One agent on every seat" in page


def test_two_agents_keep_their_rating_and_games() -> None:
    games = [_game(i, [1.0, -1.0] if i % 2 else [-1.0, 1.0], [{}, {}], [None, None]) for i in range(6)]
    summary = summarize(games, ["a", "b"], 2)
    assert [a["games"] for a in summary["agents"]] == [6, 6] and all("elo" in a for a in summary["agents"])


def test_game_counts_on_axes_are_whole_numbers() -> None:
    names = Names(None)
    games = [_game(i, [1.0, -1.0], [{}, {}], [None, None]) for i in range(3)]
    for figure in (plot_scores(games, ["a", "b"], names), plot_lengths(games, ["a", "b"], names)):
        ticks = figure.axes[0].get_yticks()
        assert all(float(t).is_integer() for t in ticks), ticks


def test_component_differences_are_drawn_in_percentage_points() -> None:
    games = [_game(i, [1.0, -1.0] if i < 20 else [-1.0, 1.0], [{"card": 1} if i < 25 else {}, {}],
                   ["good", "evil"]) for i in range(40)]  # fmt: skip
    stat = component_stats(games)[0]
    figure = plot_components([stat], Names(None), "title")
    axis = figure.axes[0]
    assert "percentage points" in axis.get_xlabel()
    bar = axis.patches[0]
    assert bar.get_width() == pytest.approx(100 * stat.delta) and abs(bar.get_width()) > 1
    assert axis.get_xlim()[1] > 10  # ticks in points, not fractions of one


def test_twin_cards_of_the_duel_are_one_component() -> None:
    """The Duel's decks are the same cards under two names (its hook says so): one row per card, its players
    compared with every player who did not play it, whichever side."""
    assert load_game("duel").components_alike_on_every_side()
    assert not load_game("alewar").components_alike_on_every_side()  # its sides hold different units
    games = [
        _game(0, [1.0, -1.0], [{"ally_ones": 1}, {"ally_ones": 1}], ["good", "evil"]),
        _game(1, [1.0, -1.0], [{"ally_ones": 1}, {}], ["good", "evil"]),
        _game(2, [-1.0, 1.0], [{}, {}], ["good", "evil"]),
    ]
    apart = component_stats(games)
    assert {(s.component, s.group) for s in apart} == {("ally_ones", "good"), ("ally_ones", "evil")}
    (merged,) = component_stats(games, alike=True)
    assert merged.group is None and (merged.with_it.games, merged.without.games) == (3, 3)
    names = Names(load_game("duel"), "en")
    assert names.component(merged.component, merged.group) == "Bavragor / Bogglin"


def test_the_seat_gap_says_whether_its_interval_includes_the_fair_share() -> None:
    names = Names(None)
    close = {"Seat 0": (Tally(20, 11, 0, 9), [0.0]), "Seat 1": (Tally(20, 9, 0, 11), [0.0])}
    text = advantage_note(close, 2, names)
    assert "includes the fair share, so the gap may be chance" in text and "[" in text
    far = {"Seat 0": (Tally(200, 180, 0, 20), [0.0]), "Seat 1": (Tally(200, 20, 0, 180), [0.0])}
    assert "leaves out the fair share" in advantage_note(far, 2, names)


def test_components_nearly_everyone_used_are_folded_into_one_line() -> None:
    games = [_game(i, [1.0, -1.0] if i % 2 else [-1.0, 1.0], [{"axe": 1, "rare": i % 3}, {"axe": 1}],
                   [None, None]) for i in range(40)]  # fmt: skip
    stats = component_stats(games)
    common = [s for s in stats if nearly_everyone(s)]
    kept = [s for s in stats if not nearly_everyone(s)]
    assert [s.component for s in common] == ["axe"] and [s.component for s in kept] == ["rare"]
    html = components_part({None: kept}, common, {}, False, Names(None))
    assert "<td>rare</td>" in html and "<td>axe</td>" not in html
    assert "Used by nearly every player (95% or more of the players who could)" in html and "axe" in html
