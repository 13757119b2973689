"""Balance report of a stored run: PNG plots and one self-contained HTML page embedding them.

Component impact reads the components each player used, recorded from
`describe_action(id).payload["component"]` while playing (see docs/arena.md). The plots are drawn in
report_plots.py, the page's tables and notes in report_page.py; this module decides what goes in and writes
the files, each named by the report's language (English without a mark, others with `-LANG`).
"""

from __future__ import annotations

import base64
import html
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any

from . import report_page as page_parts
from .errors import ArenaError
from .gamestats import Figure, replay_run
from .gamestats import figures as figures_of
from .names import Names, agents_title
from .report_page import component_rows, nearly_everyone, seat_advantage
from .report_plots import (
    game_lengths,
    plot_agents,
    plot_components,
    plot_figures,
    plot_first_player,
    plot_lengths,
    plot_placings,
    plot_scores,
    plot_seats,
    png,
)
from .results import GameResult
from .stats import ComponentStat, component_stats, side_tallies, summarize
from .store import RunInfo
from .tables import run_title

__all__ = [
    "component_groups",
    "component_rows",
    "file_name",
    "game_lengths",
    "plot_first_player",
    "plot_lengths",
    "plot_seats",
    "seat_advantage",
    "write_report",
]

ENGLISH = "en"  # the language whose files carry no mark


def file_name(base: str, lang: str) -> str:
    """`report.html` in English, `report-de.html` in German: reports in two languages share a folder."""
    if lang == ENGLISH:
        return base
    stem, dot, suffix = base.rpartition(".")
    return f"{stem}-{lang}{dot}{suffix}"


@dataclass
class Run:
    """What a report is made of: the run, its games (replayed when the game has statistics), and the names."""

    info: RunInfo
    results: list[GameResult]
    names: Names
    game_figures: list[Figure] = field(default_factory=list)
    own_lengths: list[tuple[str, list[float]]] = field(default_factory=list)
    skipped: int = 0
    cut_off: int = 0

    @property
    def specs(self) -> Sequence[str]:
        return self.info.spec.specs

    @property
    def players(self) -> int:
        return self.info.num_players

    @property
    def title(self) -> str:
        return agents_title(self.specs, len(self.results), self.names.lang)


def gather(info: RunInfo, results: Sequence[GameResult], names: Names, show_progress: bool) -> Run:
    """The run's results with sides, and (for a game with its own statistics) every game replayed for them."""
    run = Run(info, names.with_sides(results), names)
    game = names.game
    declared = game.statistics() if game is not None else ()
    if game is None or not declared:
        return run
    replayed = replay_run(game, run.results, show_progress)
    run.results, run.skipped, run.cut_off = replayed.results, replayed.skipped, replayed.cut_off
    run.game_figures = figures_of(declared, replayed.values, run.players)
    labels = {s.key: s.label_in(names.lang) for s in declared}
    run.own_lengths = [
        (labels.get(key, key), [v[key] for v in replayed.values if key in v]) for key in game.length_statistics()
    ]
    return run


def components_of(run: Run) -> tuple[dict[str | None, list[ComponentStat]], list[ComponentStat], bool]:
    """The components by group, those nearly every player used (shown as one note, not compared), and whether
    the game's sides hold the same components (then each is one row for every side)."""
    game = run.names.game
    group_of = game.component_group if game is not None else (lambda key: None)
    alike = game.components_alike_on_every_side() if game is not None else False
    stats = component_stats(run.results, group_of, alike)
    common = [s for s in stats if nearly_everyone(s)]
    return component_groups([s for s in stats if not nearly_everyone(s)], run.names), common, alike


def component_groups(stats: Sequence[ComponentStat], names: Names) -> dict[str | None, list[ComponentStat]]:
    """Components by the group the game gives them (`component_group`), in order of first appearance; one
    group None when the game groups none of them."""
    own = names.game.component_group if names.game is not None else (lambda key: None)
    if not any(own(s.component) is not None for s in stats):
        return {None: list(stats)} if stats else {}
    groups: dict[str | None, list[ComponentStat]] = {}
    for s in stats:
        groups.setdefault(own(s.component), []).append(s)
    return dict(sorted(groups.items(), key=lambda item: item[0] or ""))


def _slug(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9_-]+", "_", text).strip("_") or "group"


def component_file(group: str | None) -> str:
    return "components.png" if group is None else f"components-{_slug(group)}.png"


Plot = tuple[str, str, Callable[[], Any]]  # file name, heading (the image's alt text), drawing


def plots(run: Run, groups: Mapping[str | None, list[ComponentStat]]) -> tuple[list[Plot], dict[str, str]]:
    """Every plot of the report in page order, and the file of each of the game's own charts."""
    results, specs, players, names, t = run.results, run.specs, run.players, run.names, run.names.t
    drawn: list[Plot] = []
    if len(specs) > 1:
        drawn.append(("agents.png", t("fig_agents"), lambda: plot_agents(results, specs, names)))
        if players > 2:
            drawn.append(("placings.png", t("fig_placings"), lambda: plot_placings(results, specs, players, names)))
    drawn += [
        ("seats.png", t("fig_seats"), lambda: plot_seats(results, specs, players, names)),
        ("first_player.png", t("fig_first"), lambda: plot_first_player(results, specs, players, names)),
        ("length.png", t("fig_length"), lambda: plot_lengths(results, specs, names)),
        ("scores.png", t("fig_scores"), lambda: plot_scores(results, specs, names)),
    ]
    for group, members in groups.items():
        heading = run.title if group is None else f"{names.side(group)}: {run.title}"
        plot = partial(plot_components, members, names, heading, group is None)
        drawn.append((component_file(group), t("fig_components"), plot))
    charts: dict[str, list[Figure]] = {}
    for f in run.game_figures:
        chart = f.statistic.chart_in(names.lang)
        if chart is not None:
            charts.setdefault(chart, []).append(f)
    chart_files = {chart: f"statistics-{i + 1}.png" for i, chart in enumerate(charts)}
    for chart, shown in charts.items():
        drawn.append((chart_files[chart], chart, partial(plot_figures, shown, chart, names, run.title)))
    return drawn, chart_files


def draw(drawn: Sequence[Plot], out: Path, run: Run) -> tuple[list[Path], dict[str, str]]:
    """Writes each plot as a PNG (named by the language) and returns the paths and an <img> tag per plot."""
    written: list[Path] = []
    images: dict[str, str] = {}
    for filename, heading, plot in drawn:
        data = png(plot())
        path = out / file_name(filename, run.names.lang)
        path.write_bytes(data)
        written.append(path)
        encoded = base64.b64encode(data).decode("ascii")
        alt = html.escape(f"{heading}: {run.title}")
        images[filename] = f'<img alt="{alt}" src="data:image/png;base64,{encoded}">'
    return written, images


def write_report(
    info: RunInfo,
    results: Sequence[GameResult],
    out: Path,
    names: Names | None = None,
    show_progress: bool = False,
) -> list[Path]:
    """Writes the PNG files and report.html (report-LANG.html in another language) into `out`; returns the
    paths written. `names` gives the game's names for components and sides in a language (default: internal
    keys, seats by number). A game with its own statistics (`Game.statistics`) has every stored game replayed
    for them, with a progress bar on stderr when `show_progress`."""
    if not results:
        raise ArenaError(f"run {info.id} has no finished games yet; play some before asking for a report")
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise ArenaError(f"cannot create report directory {out}: {exc.strerror}") from exc
    run = gather(info, results, names if names is not None else Names(None), show_progress)
    groups, common, alike = components_of(run)
    drawn, chart_files = plots(run, groups)
    written, images = draw(drawn, out, run)
    page_path = out / file_name("report.html", run.names.lang)
    page_path.write_text(render(run, groups, common, alike, images, chart_files), encoding="utf-8")
    written.append(page_path)
    return written


def render(
    run: Run,
    groups: Mapping[str | None, list[ComponentStat]],
    common: Sequence[ComponentStat],
    alike: bool,
    images: Mapping[str, str],
    chart_files: Mapping[str, str],
) -> str:
    """The report page: the run and its length on top, then agents, sides, length, statistics, components."""
    results, names, t = run.results, run.names, run.names.t
    summary = summarize(results, run.specs, run.players)
    sides = side_tallies(results, names.seat)
    unit, _ = game_lengths(results)
    spread = summary["turns"] if unit == "turns" else summary["length"]
    lines = [
        run_title(run.info, names.lang),
        t("stored", n=len(results), planned=run.info.planned),
        page_parts.length_line(unit, spread, run.own_lengths, names),
    ]
    component_images = {group: images.get(component_file(group), "") for group in groups}
    chart_images = "".join(images[file] for file in chart_files.values())
    sections = [
        (t("h_agents"), page_parts.agents_part(summary, results, run.specs, names)
         + images.get("agents.png", "") + images.get("placings.png", "")),
        (t("h_sides"), page_parts.sides_part(sides, results, run.players, names)
         + images["seats.png"] + images["first_player.png"]),
        (t("h_length"), images["length.png"] + images["scores.png"]),
        ("", page_parts.statistics_part(run.game_figures, len(results) - run.skipped - run.cut_off, run.skipped,
                                        chart_images, names, cut_off=run.cut_off)),
        (t("h_components"), page_parts.components_part(groups, common, component_images, alike, names)),
    ]  # fmt: skip
    return page_parts.page(f"{_game_title(run.info, names)}: {run.title}", lines, sections, names.lang)


def _game_title(info: RunInfo, names: Names) -> str:
    """The game's own title in the report's language, else its registered name."""
    titles = getattr(names.game, "title", None)
    if isinstance(titles, Mapping):
        return str(titles.get(names.lang) or titles.get("en") or info.spec.game)
    return info.spec.game
