from __future__ import annotations

import base64
from pathlib import Path

import pytest

from dwarfhall.arena.backends import InlineBackend
from dwarfhall.arena.errors import ArenaError
from dwarfhall.arena.report import write_report
from dwarfhall.arena.store import open_store

from .games import ComponentKuhnGame
from .helpers import play, stored

PNG = b"\x89PNG\r\n\x1a\n"


def test_report_writes_plots_and_a_page_that_embeds_them(ckuhn: ComponentKuhnGame, tmp_path: Path) -> None:
    db = tmp_path / "r.sqlite"
    play(db, InlineBackend(), "ckuhn", ("random", "heuristic", "ismcts:iters=20"), 1, 20)
    with open_store(db) as store:
        written = write_report(store.run(1), store.results(1), tmp_path / "out")
    names = sorted(p.name for p in written)
    assert names == sorted(
        ["agents.png", "seats.png", "first_player.png", "length.png", "scores.png", "components.png", "report.html"]
    )
    page = (tmp_path / "out" / "report.html").read_text(encoding="utf-8")
    for path in written:
        if path.suffix == ".png":
            data = path.read_bytes()
            assert data.startswith(PNG) and len(data) > 2000
            assert base64.b64encode(data).decode() in page  # embedded, so the page stands alone
    # component impact: every card-and-move combination, with its win rate
    for component in ("bet-with-3", "pass-with-1"):
        assert f"<td>{component}</td>" in page
    assert "<td>bet-with-3</td>" in page and "<td>helps" in page  # holding the best card wins clearly
    assert "<h3>Pairings</h3>" in page and "<td>1-2</td>" in page


def test_simulation_report_without_components(kuhn: object, tmp_path: Path) -> None:
    db = tmp_path / "s.sqlite"
    play(db, InlineBackend(), "kuhn", ("random",), 2, 30, kind="simulate")
    assert len(stored(db)) == 30
    with open_store(db) as store:
        written = write_report(store.run(1), store.results(1), tmp_path / "sim")
    assert "agents.png" not in {p.name for p in written} and "components.png" not in {p.name for p in written}
    assert 'payload key "component"' in (tmp_path / "sim" / "report.html").read_text(encoding="utf-8")


def test_report_of_an_empty_run_is_refused(kuhn: object, tmp_path: Path) -> None:
    from dwarfhall.arena.plan import RunSpec

    with open_store(tmp_path / "e.sqlite") as store:
        info = store.open_run(RunSpec("arena", "kuhn", {}, ("random",), 1, 5), 5, 2)
        with pytest.raises(ArenaError, match="no finished games yet"):
            write_report(info, [], tmp_path / "none")
