"""The arena at a table of more than two (Relay, 4 players): seat rotation, the OpenSkill rating, the summary
table, the report and the command line; two-player tables keep their Elo."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from dwarfhall.arena.backends import InlineBackend
from dwarfhall.arena.plan import lineups
from dwarfhall.arena.report import write_report
from dwarfhall.arena.results import GameResult
from dwarfhall.arena.stats import openskill_ratings, placings, summarize
from dwarfhall.arena.store import open_store
from dwarfhall.arena.tables import format_summary
from dwarfhall.cli import main

from ..support.kuhn import KuhnGame
from ..support.relay_play import RelayPlayGame
from .helpers import play, stored

FOUR = ("random", "heuristic", "ismcts:iters=20", "random")


def _game(seats: tuple[int, ...], returns: list[float], scores: list[float] | None = None) -> GameResult:
    return GameResult("p", 0, seats, 1, returns, scores or [0.0] * len(seats), 10, 0, {})


@pytest.mark.parametrize("specs", [4, 5, 6])
def test_seat_rotation_gives_every_agent_every_seat_of_every_table(specs: int) -> None:
    for pairing, orders in lineups("arena", specs, 4).items():
        agents = [int(a) for a in pairing.split("-")]
        assert len(orders) == 4
        for agent in agents:
            assert sorted(order.index(agent) for order in orders) == [0, 1, 2, 3]


def test_a_four_player_run_rotates_seats_and_rates_with_openskill(relay: RelayPlayGame, tmp_path: Path) -> None:
    db = tmp_path / "r.sqlite"
    outcome = play(db, InlineBackend(), "relay", FOUR, 5, 24)
    results = stored(db)
    assert len(results) == 24 and {len(r.returns) for r in results} == {4}
    seats = Counter((agent, seat) for r in results for seat, agent in enumerate(r.seats))
    assert set(seats.values()) == {6}  # 24 games: each of 4 agents in each of 4 seats 6 times
    summary = outcome.summary
    assert summary["rating"] == "openskill" and summary["pairing_elo"] == {}
    assert all("mu" in a and "sigma" in a and "elo" not in a for a in summary["agents"])
    assert [sum(row) for row in summary["placings"]] == [24] * 4
    text = format_summary(outcome.run, summary)
    assert "OpenSkill μ ± σ" in text and "Elo" not in text
    assert [line.split()[0] for line in text.splitlines() if line[:2] in ("0 ", "1 ", "2 ", "3 ")][-4:] == list("0123")


def test_two_player_tables_keep_their_elo(kuhn: KuhnGame, tmp_path: Path) -> None:
    outcome = play(tmp_path / "k.sqlite", InlineBackend(), "kuhn", ("random", "ismcts:iters=20"), 1, 10)
    assert outcome.summary["rating"] == "elo" and "elo" in outcome.summary["agents"][0]
    assert "Elo ± se" in format_summary(outcome.run, outcome.summary)


def test_openskill_puts_the_agent_that_always_wins_first_and_repeats_exactly() -> None:
    games = []
    for r in range(20):
        seats = tuple((a + r) % 4 for a in range(4))
        returns = [1.0 if a == 2 else -1 / 3 for a in seats]
        games.append(_game(seats, returns))
    ratings = openskill_ratings(games, 4)
    assert max(range(4), key=lambda a: ratings[a][0]) == 2
    assert ratings[2][0] > 25 > ratings[0][0] and ratings[2][1] < 25 / 3
    assert openskill_ratings(games, 4) == ratings


def test_summary_of_more_than_two_players_uses_openskill_even_for_five_agents() -> None:
    games = [_game((0, 1, 2), [1.0, -0.5, -0.5]), _game((3, 4, 0), [-0.5, -0.5, 1.0])]
    summary = summarize(games, ["a", "b", "c", "d", "e"], 3)
    assert summary["rating"] == "openskill" and len(summary["agents"]) == 5
    assert summary["agents"][0]["mu"] > summary["agents"][1]["mu"]


def test_placings_order_the_losers_by_score() -> None:
    """Returns tell only the winner apart (+1, the rest -1/3 each); the game's scores order the rest."""
    table = placings([_game((0, 1, 2, 3), [1.0, -1 / 3, -1 / 3, -1 / 3], [9.0, 3.0, 7.0, 3.0])], 4, 4)
    assert table == [[1, 0, 0, 0], [0, 0, 1, 0], [0, 1, 0, 0], [0, 0, 1, 0]]


def test_the_report_of_a_four_player_run_shows_places_ratings_and_every_seat(
    relay: RelayPlayGame, tmp_path: Path
) -> None:
    db = tmp_path / "r.sqlite"
    play(db, InlineBackend(), "relay", FOUR, 2, 8)
    with open_store(db) as store:
        written = write_report(store.run(1), store.results(1), tmp_path / "out")
    assert "placings.png" in {p.name for p in written}
    page = (tmp_path / "out" / "report.html").read_text(encoding="utf-8")
    assert "OpenSkill μ ± σ" in page and "<th>place 4</th>" in page and "Elo in the pairing" not in page
    for seat in range(4):
        assert f"<tr><td>{seat}</td><td>" in page  # one row per seat in the seat table


def test_arena_command_takes_four_agents_for_a_four_player_game(
    relay: RelayPlayGame, db: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    args = ["arena", "relay", "--agents", "random", "heuristic", "ismcts:iters=10", "random:", "--games", "8",
            "--workers", "1", "--db", str(db), "--quiet"]  # fmt: skip
    assert main(args) == 0
    out, _ = capsys.readouterr()
    assert "games stored: 8 of 8 planned" in out and "OpenSkill μ ± σ" in out
    assert main(["arena", "relay", "--agents", "random", "heuristic", "--db", str(db)]) == 2
    _, err = capsys.readouterr()
    assert "4-player game needs one spec (self-play) or at least 4 specs, got 2" in err
