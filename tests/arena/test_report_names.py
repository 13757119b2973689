"""Reports a designer can read: components and seats by name and side, lengths in turns (Duel and Ale War)."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest

from dwarfhall.agents.base import make_agent
from dwarfhall.agents.runner import play_game
from dwarfhall.arena.backends import InlineBackend
from dwarfhall.arena.names import TEXTS, Names, agents_title
from dwarfhall.arena.report import (
    component_rows,
    game_lengths,
    plot_first_player,
    plot_lengths,
    plot_seats,
    write_report,
)
from dwarfhall.arena.report_page import nearly_everyone
from dwarfhall.arena.results import GameResult
from dwarfhall.arena.stats import Tally, component_stats, difference_interval, side_tallies
from dwarfhall.arena.store import open_store
from dwarfhall.cli import main
from dwarfhall.core.game import State
from dwarfhall.core.registry import load_game

from .helpers import play, stored


def test_duel_cards_are_named_by_side_and_language() -> None:
    duel = load_game("duel")
    assert duel.component_name("ally_ones", "en", "good") == "Bavragor"
    assert duel.component_name("ally_ones", "en", "evil") == "Bogglin"
    assert duel.component_name("ally_threes", "de", "good") == "Zwergischer Axtkämpfer"
    assert duel.component_name("ally_twos", "en") == "Dwarf Crossbowman / Orc Raider"  # no side: both names
    assert duel.component_name("no_such_card", "en", "good") == "no_such_card"  # a card of another cards file
    assert duel.group_name("good", "en") == "Forces of Good" and duel.group_name("evil", "de") == "Mächte des Bösen"
    assert [duel.seat_name(s, "en") for s in (0, 1)] == ["Forces of Good", "Forces of Evil"]
    swapped = load_game("duel", {"seat0_side": "evil"})
    assert [swapped.seat_group(s) for s in (0, 1)] == ["evil", "good"]


def test_alewar_units_and_sides_come_from_its_data_and_the_roll_off() -> None:
    alewar = load_game("alewar")
    assert alewar.component_name("axeman", "en") == "Dwarf Axeman"
    assert alewar.component_name("axeman", "de") == "Zwergen-Axtkämpfer"
    assert (alewar.component_group("axeman"), alewar.component_group("spearman")) == ("dwarves", "goblins")
    assert alewar.seat_name(0, "en") == "Seat 0" and alewar.seat_name(1, "de") == "Platz 1"  # the roll-off decides
    fixed = load_game("alewar", {"dwarf_seat": 1})
    assert [fixed.seat_name(s, "de") for s in (0, 1)] == ["Goblins", "Zwerge"]
    sides_seen = set()
    for seed in range(6):  # after the roll-off the state says who plays the Dwarves
        final = play_game(alewar, [make_agent("random", seed), make_agent("random", seed + 1)], seed)
        dwarves = final.dwarf_seat  # type: ignore[attr-defined]
        assert alewar.seat_group(dwarves, final) == "dwarves" and alewar.seat_group(1 - dwarves, final) == "goblins"
        sides_seen.add(dwarves)
    assert sides_seen == {0, 1}


def _active_changes(game_name: str, seed: int) -> tuple[State, int]:
    game = load_game(game_name)
    changes, last = 0, None

    def note(state: State, action: int) -> None:
        nonlocal changes, last
        active = state.active  # type: ignore[attr-defined]
        changes += last is not None and active != last
        last = active

    final = play_game(game, [make_agent("random", seed), make_agent("random", seed + 1)], seed, on_action=note)
    return final, changes


def test_duel_turns_count_each_players_turn() -> None:
    assert load_game("duel").new_state(1).turn_count == 1
    final, changes = _active_changes("duel", 3)
    assert final.turn_count == 1 + changes  # a new turn is exactly a change of the active player
    assert final.turn_count < len(final.history)


def test_alewar_turns_are_the_turns_its_turn_limit_counts() -> None:
    game = load_game("alewar", {"turn_limit": 3, "dwarf_seat": 0})
    final = play_game(game, [make_agent("random", 1), make_agent("random", 2)], 5)
    assert final.turn_count is not None and 1 <= final.turn_count <= 3
    if final.returns() == [0.0, 0.0]:  # rulebook option: a draw once the turn limit is reached
        assert final.turn_count == 3


def test_newcombe_interval_for_a_difference_of_win_rates() -> None:
    # Newcombe (1998), method 10, worked example: 56/70 against 48/80 gives 0.0524 to 0.3339
    low, high = difference_interval(Tally(70, 56, 0, 14), Tally(80, 48, 0, 32))
    assert low == pytest.approx(0.0524, abs=1e-4) and high == pytest.approx(0.3339, abs=1e-4)


def _game(index: int, returns: list[float], used: list[dict[str, int]], sides: list[str | None]) -> GameResult:
    return GameResult("0-1", index, (0, 1), index, returns, [0.0, 0.0], 10, 0, {}, used, turns=4, sides=sides)


def test_components_compare_players_of_the_same_side_and_sort_by_the_difference() -> None:
    good_wins, evil_wins = [1.0, -1.0], [-1.0, 1.0]
    games = [
        _game(0, good_wins, [{"card": 1}, {"card": 2}], ["good", "evil"]),
        _game(1, good_wins, [{"card": 1}, {}], ["good", "evil"]),
        _game(2, evil_wins, [{}, {"card": 1}], ["good", "evil"]),
        _game(3, evil_wins, [{}, {"unit": 1}], ["evil", "good"]),
    ]
    stats = {(s.component, s.group): s for s in component_stats(games, {"unit": "good"}.get)}
    good = stats[("card", "good")]  # a card both sides hold takes its player's side
    assert (good.with_it.games, good.with_it.wins, good.without.games, good.without.wins) == (2, 2, 2, 1)
    assert good.delta == 0.5 and good.few_games
    evil = stats[("card", "evil")]  # compared with Evil players only: 2 of 2 won with it, 0 of 2 without
    assert (evil.with_it.games, evil.with_it.wins, evil.without.games, evil.without.wins) == (2, 1, 2, 0)
    unit = stats[("unit", "good")]  # a unit of one side
    assert (unit.with_it.games, unit.without.games, unit.without.wins) == (1, 3, 2)
    assert unit.delta == pytest.approx(1 - 2 / 3)
    order = [(s.component, s.group) for s in component_stats(games, {"unit": "good"}.get)]
    assert order == [("card", "evil"), ("card", "good"), ("unit", "good")]  # by the difference, largest first


@pytest.fixture(scope="module")
def duel_run(tmp_path_factory: pytest.TempPathFactory) -> Path:
    db = tmp_path_factory.mktemp("duel") / "duel.sqlite"
    play(db, InlineBackend(), "duel", ("random", "heuristic"), 2, 4)
    return db


def test_duel_games_store_their_turns_and_sides(duel_run: Path) -> None:
    results = stored(duel_run)
    assert len(results) == 4
    for r in results:
        final = load_game("duel").new_state(r.seed)
        assert r.turns is not None and 1 <= r.turns < r.length
        assert r.sides == ["good", "evil"] and final.turn_count == 1


def test_duel_report_names_cards_sides_agents_and_turns(duel_run: Path, tmp_path: Path) -> None:
    names = Names(load_game("duel"), "en")
    with open_store(duel_run) as store:
        info, results = store.run(1), store.results(1)
        write_report(info, results, tmp_path / "en", names)
    page = (tmp_path / "en" / "report.html").read_text(encoding="utf-8")
    assert agents_title(("random", "heuristic"), 4) == "random vs heuristic, 4 games"
    assert "The Dwarves: The Duel: random vs heuristic, 4 games" in page
    assert "<td>Forces of Good</td>" in page and "<td>Forces of Evil</td>" in page
    # the two decks are alike but for their names: a card is one row, with both names
    every = component_stats(names.with_sides(results), alike=True)
    stats = [s for s in every if not nearly_everyone(s)]
    assert all(s.group is None for s in every)
    rows = component_rows(stats, names)
    assert all(" / " in row[0] for row in rows)
    shown = {row[0] for row in rows}
    keys = {s.component for s in stats}
    assert shown and not shown & keys  # every card by its name, none by its key
    assert all(f"<td>{html.escape(name)}</td>" in page for name in shown)
    assert not any(f"<td>{key}</td>" in page for key in keys)
    deltas = [s.delta for s in stats]
    assert deltas == sorted(deltas, reverse=True)
    assert "few games" in page  # four games are too few to tell anything
    unit, lengths = game_lengths(results)
    assert unit == "turns" and lengths == [r.turns for r in results]
    assert "mean" in page and " turns" in page
    sides = side_tallies(names.with_sides(results), names.seat)
    assert list(sides) == ["Forces of Good", "Forces of Evil"] and all(t.games == 4 for t, _ in sides.values())


def test_report_command_in_german(duel_run: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["report", "--db", str(duel_run), "--out", str(tmp_path / "de"), "--lang", "de"]) == 0
    page = (tmp_path / "de" / "report-de.html").read_text(encoding="utf-8")
    assert '<html lang="de">' in page and "Die Zwerge – Das Duell" in page
    assert "<td>Mächte des Guten</td>" in page and "<td>Mächte des Bösen</td>" in page
    assert "Zwergischer" in page or "Ork" in page or "Troll" in page  # German card names


def _english_fragments() -> dict[str, str]:
    """Per catalog key, the longest stretch of its English text between placeholders (where it is prose)."""
    out = {}
    for key, texts in TEXTS.messages.items():
        if texts["en"] == texts["de"]:
            continue
        longest = max(re.split(r"\{[^}]*\}", texts["en"]), key=len).strip(" ,.():")
        if len(longest) >= 6:
            out[key] = longest
    return out


def test_a_german_report_has_german_prose_and_none_of_the_english(duel_run: Path, tmp_path: Path) -> None:
    """Every heading, note, table header and verdict comes from the report's catalog in the reader's language."""
    names = Names(load_game("duel"), "de")
    with open_store(duel_run) as store:
        info, results = store.run(1), store.results(1)
        write_report(info, results, tmp_path / "de", names)
    page = (tmp_path / "de" / "report-de.html").read_text(encoding="utf-8")
    text = re.sub(r'src="data:[^"]*"', "", page)  # the pictures' bytes are no prose
    for heading in ("Agenten", "Seiten und Zugreihenfolge", "Partielänge und Punkte", "Komponenten"):
        assert f"<h2>{heading}</h2>" in text
    assert "<th>Siegquote [95-%-Intervall]</th>" in text and "<th>Komponente</th>" in text
    assert "wenige Partien" in text and "Lauf 1: arena duel" in text and "Partielänge: im Mittel" in text
    english = {key: part for key, part in _english_fragments().items() if part in text}
    assert not english, english
    assert len(_english_fragments()) > 40  # the check covers the catalog, not a handful of words


def test_german_plots_have_german_titles_and_axes(duel_run: Path) -> None:
    names = Names(load_game("duel"), "de")
    with open_store(duel_run) as store:
        results = names.with_sides(store.results(1))
    specs = ("random", "heuristic")
    (ax,) = plot_first_player(results, specs, 2, names).axes
    assert ax.get_title() == "Siegquote nach Zugreihenfolge\nrandom gegen heuristic, 4 Partien"
    assert ax.get_ylabel() == "Siegquote (95-%-Wilson-Intervall)"
    assert [label.get_text() for label in ax.get_xticklabels()] == ["Startspieler", "andere Spieler"]
    (ax,) = plot_lengths(results, specs, names).axes
    assert ax.get_xlabel() == "Züge pro Partie (jeder Zug eines Spielers zählt eins)" and ax.get_ylabel() == "Partien"
    (ax,) = plot_seats(results, specs, 2, names).axes
    assert ax.get_title().startswith("Siegquote nach Seite\n")
    assert [label.get_text() for label in ax.get_xticklabels()] == ["Mächte des Guten", "Mächte des Bösen"]
