"""Balance report of a stored run: PNG plots and one self-contained HTML page embedding them.

Component impact reads the components each player used, recorded from
`describe_action(id).payload["component"]` while playing (see docs/arena.md).
"""

from __future__ import annotations

import base64
import html
import io
import math
import re
from collections.abc import Callable, Mapping, Sequence
from functools import partial
from pathlib import Path
from typing import Any

from .errors import ArenaError
from .gamestats import Figure, replay_run
from .gamestats import figures as figures_of
from .names import Names, agents_title
from .results import GameResult
from .stats import (
    MIN_GAMES,
    ComponentStat,
    Tally,
    agent_tallies,
    component_stats,
    first_player_tallies,
    pairing_tallies,
    placings,
    side_tallies,
    summarize,
)
from .store import RunInfo
from .tables import rating_cell, rating_header, run_title

MAX_COMPONENT_BARS = 60  # beyond this a bar chart is unreadable; the HTML table lists them all


def _pyplot() -> Any:
    import matplotlib

    matplotlib.use("Agg")  # files only, no display needed
    import matplotlib.pyplot as plt

    return plt


def _bars_with_ci(
    ax: Any, labels: Sequence[str], tallies: Sequence[Tally], baseline: float | None, names: Names
) -> None:
    rates = [t.win_rate for t in tallies]
    low = [max(0.0, t.win_rate - t.ci[0]) for t in tallies]  # rounding can put a bound a hair past the rate
    high = [max(0.0, t.ci[1] - t.win_rate) for t in tallies]
    ax.bar(range(len(labels)), rates, yerr=[low, high], capsize=6, color="#6a8caf", edgecolor="#2f4b66")
    ax.set_xticks(range(len(labels)), labels, rotation=15 if max(map(len, labels)) > 12 else 0, ha="right")
    ax.set_ylim(0, 1)
    ax.set_ylabel(names.t("axis_win_rate"))
    if baseline is not None:
        share = f"{baseline:.2f}"
        ax.axhline(baseline, color="#b0413e", linestyle="--", linewidth=1, label=names.t("fair_share", share=share))
        ax.legend(loc="upper right")
    for i, t in enumerate(tallies):
        ax.text(i, 0.02, f"n={t.games}", ha="center", va="bottom", fontsize=8, color="white")


def _title(names: Names, key: str, specs: Sequence[str], games: int, **fields: Any) -> str:
    """A plot's title: what it shows, then who played how many games."""
    return f"{names.t(key, **fields)}\n{agents_title(specs, games, names.lang)}"


def plot_agents(results: Sequence[GameResult], specs: Sequence[str], names: Names) -> Any:
    plt = _pyplot()
    fig, ax = plt.subplots(figsize=(max(5, 1.4 * len(specs)), 4))
    _bars_with_ci(ax, [f"{i} {s}" for i, s in enumerate(specs)], agent_tallies(results, len(specs)), None, names)
    ax.set_title(_title(names, "plot_agents", specs, len(results)))
    return fig


def plot_placings(results: Sequence[GameResult], specs: Sequence[str], num_players: int, names: Names) -> Any:
    """Stacked bars: the share of each agent's games it finished 1st, 2nd, ... (games of more than two)."""
    plt = _pyplot()
    table = placings(results, len(specs), num_players)
    fig, ax = plt.subplots(figsize=(max(5, 1.4 * len(specs)), 4))
    bottoms = [0.0] * len(specs)
    for place in range(num_players):
        shares = [row[place] / max(1, sum(row)) for row in table]
        ax.bar(range(len(specs)), shares, bottom=bottoms, label=names.t("place", n=place + 1))
        bottoms = [b + v for b, v in zip(bottoms, shares, strict=True)]
    labels = [f"{i} {s}" for i, s in enumerate(specs)]
    ax.set_xticks(range(len(specs)), labels, rotation=15 if max(map(len, labels)) > 12 else 0, ha="right")
    ax.set_ylim(0, 1)
    ax.set_ylabel(names.t("axis_share"))
    ax.set_title(_title(names, "plot_placings", specs, len(results)))
    ax.legend(loc="upper left", bbox_to_anchor=(1.0, 1.0), fontsize=8)
    return fig


def plot_seats(results: Sequence[GameResult], specs: Sequence[str], num_players: int, names: Names) -> Any:
    """Win rate by side (each seat named by the side it played in each game; "Seat N" without sides)."""
    plt = _pyplot()
    table = side_tallies(results, names.seat)
    fig, ax = plt.subplots(figsize=(max(4, 1.6 * len(table)), 4))
    _bars_with_ci(ax, list(table), [tally for tally, _ in table.values()], 1 / num_players, names)
    ax.set_title(_title(names, "plot_seats", specs, len(results)))
    return fig


def plot_first_player(results: Sequence[GameResult], specs: Sequence[str], num_players: int, names: Names) -> Any:
    plt = _pyplot()
    first, others = first_player_tallies(results)
    fig, ax = plt.subplots(figsize=(4.5, 4))
    labels = [names.t("first_player"), names.t("other_players")]
    _bars_with_ci(ax, labels, [first, others], 1 / num_players, names)
    ax.set_title(_title(names, "plot_first", specs, len(results)), fontsize=10)
    return fig


def game_lengths(results: Sequence[GameResult]) -> tuple[str, list[int]]:
    """("turns", lengths) when every game has the game's own turn count, else ("actions", lengths)."""
    turns = [r.turns for r in results]
    if turns and all(t is not None for t in turns):
        return "turns", [t for t in turns if t is not None]
    return "actions", [r.length for r in results]


def plot_lengths(results: Sequence[GameResult], specs: Sequence[str], names: Names) -> Any:
    plt = _pyplot()
    unit, lengths = game_lengths(results)
    unit_text = names.t(f"unit_{unit}")
    fig, ax = plt.subplots(figsize=(6, 4))
    low, high = min(lengths), max(lengths)
    bins = list(range(low, high + 2)) if high - low < 60 else min(50, len(set(lengths)))
    ax.hist(lengths, bins=bins, color="#6a8caf", edgecolor="#2f4b66", align="left" if high - low < 60 else "mid")
    ax.set_xlabel(names.t("axis_length", unit=unit_text) + (names.t("turns_note") if unit == "turns" else ""))
    ax.set_ylabel(names.t("axis_games"))
    ax.xaxis.get_major_locator().set_params(integer=True)  # whole turns and whole games
    ax.yaxis.get_major_locator().set_params(integer=True)
    ax.set_title(_title(names, "plot_length", specs, len(results), unit=unit_text))
    return fig


def plot_scores(results: Sequence[GameResult], specs: Sequence[str], names: Names) -> Any:
    plt = _pyplot()
    fig, ax = plt.subplots(figsize=(6, 4))
    table = side_tallies(results, names.seat)
    values = [scores for _, scores in table.values()]
    everything = [v for side in values for v in side]
    bins = min(40, max(1, len(set(everything))))
    ax.hist(values, bins=bins, label=list(table), histtype="step", linewidth=1.5)
    ax.set_xlabel(names.t("axis_score"))
    ax.set_ylabel(names.t("axis_games"))
    ax.set_title(_title(names, "plot_scores", specs, len(results)))
    ax.legend()
    return fig


def component_label(stat: ComponentStat, names: Names, with_group: bool = True) -> str:
    """A plot row: the component's name and side (unless the plot is of one group), its games, and a mark when
    there are too few."""
    few = ", " + names.t("few_games") if stat.few_games else ""
    name = names.component(stat.component, stat.group if with_group else None)
    return f"{name} (n={stat.with_it.games}/{stat.without.games}{few})"


def plot_components(stats: Sequence[ComponentStat], names: Names, title: str, with_group: bool = True) -> Any:
    """Per component: win rate when played minus win rate when not, with its 95 % interval; sorted by it."""
    plt = _pyplot()
    shown = list(stats[:MAX_COMPONENT_BARS])
    fig, ax = plt.subplots(figsize=(9, max(3, 0.3 * len(shown) + 1.4)))
    deltas = [s.delta for s in shown]
    intervals = [s.delta_ci for s in shown]
    low = [max(0.0, d - ci[0]) for d, ci in zip(deltas, intervals, strict=True)]
    high = [max(0.0, ci[1] - d) for d, ci in zip(deltas, intervals, strict=True)]
    colours = [_verdict_colour(s) for s in shown]
    y = list(range(len(shown)))
    bars = ax.barh(y, deltas, xerr=[low, high], capsize=3, color=colours, edgecolor="#2f4b66")
    for bar, stat in zip(bars, shown, strict=True):
        if stat.few_games:
            bar.set_hatch("//")
            bar.set_alpha(0.5)
    ax.set_yticks(y, [component_label(s, names, with_group) for s in shown], fontsize=8)
    ax.invert_yaxis()  # the most helpful on top
    reach = max([0.1, *(abs(v) for ci in intervals for v in ci if math.isfinite(v))])
    ax.set_xlim(-min(1.0, reach * 1.05), min(1.0, reach * 1.05))
    ax.axvline(0, color="#b0413e", linewidth=1)
    ax.set_xlabel(names.t("axis_delta"))
    heading = names.t("plot_components")
    if len(stats) > len(shown):
        heading += names.t("top_of", shown=len(shown), total=len(stats))
    ax.set_title(f"{heading}\n{title}")
    fig.tight_layout()
    return fig


def plot_figures(shown: Sequence[Figure], chart: str, names: Names, title: str) -> Any:
    """One of the game's charts: each statistic's mean (or share) with its 95 % interval and its aim."""
    plt = _pyplot()
    fig, ax = plt.subplots(figsize=(9, max(2.5, 0.4 * len(shown) + 1.4)))
    share = all(f.statistic.share for f in shown)
    scale = 100.0 if share else 1.0
    means = [scale * f.mean for f in shown]
    low = [max(0.0, scale * (f.mean - f.interval[0])) for f in shown]
    high = [max(0.0, scale * (f.interval[1] - f.mean)) for f in shown]
    colours = ["#4f8f5b" if f.met else "#b0413e" if f.met is False else "#6a8caf" for f in shown]
    y = list(range(len(shown)))
    ax.barh(y, means, xerr=[low, high], capsize=3, color=colours, edgecolor="#2f4b66", zorder=2)
    for i, f in enumerate(shown):
        if f.statistic.aim is not None:
            lo, hi = f.statistic.aim
            ax.plot([scale * (lo or 0.0), scale * (hi if hi is not None else (1.0 if share else max(means)))], [i, i],
                    color="#222", linewidth=14, alpha=0.15, solid_capstyle="butt", zorder=1)  # fmt: skip
    ax.set_yticks(y, [f.statistic.label_in(names.lang) for f in shown], fontsize=8)
    ax.invert_yaxis()
    ax.set_xlabel(names.t("axis_share_aim") if share else names.t("axis_mean_aim"))
    if share:
        ax.set_xlim(0, 100)
    ax.set_title(f"{chart}\n{title}")
    fig.tight_layout()
    return fig


def figure_rows(shown: Sequence[Figure], lang: str) -> list[list[str]]:
    """The statistics table: label, value with interval, aim, whether it is met."""
    return [
        [f.statistic.label_in(lang), f.value_text(), f.statistic.aim_text(lang), f.verdict(lang)] for f in shown
    ]


def component_groups(stats: Sequence[ComponentStat], names: Names) -> dict[str | None, list[ComponentStat]]:
    """Components by the group the game gives them (`component_group`), in order of first appearance; one
    group None when the game groups none of them."""
    own = names.game.component_group if names.game is not None else (lambda key: None)
    if not any(own(s.component) is not None for s in stats):
        return {None: list(stats)}
    groups: dict[str | None, list[ComponentStat]] = {}
    for s in stats:
        groups.setdefault(own(s.component), []).append(s)
    return dict(sorted(groups.items(), key=lambda item: item[0] or ""))


def _slug(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9_-]+", "_", text).strip("_") or "group"


def seat_advantage(sides: Mapping[str, tuple[Tally, list[float]]], players: int) -> tuple[str, float] | None:
    """The seat (or side) furthest from the fair win share, and its distance in points of win rate."""
    if not sides:
        return None
    label, (tally, _) = max(sides.items(), key=lambda item: abs(item[1][0].win_rate - 1 / players))
    return label, 100 * (tally.win_rate - 1 / players)


def _verdict(stat: ComponentStat, names: Names) -> str:
    """'helps' / 'hurts' when the difference's interval leaves out zero; 'few games' when too few to say."""
    low, high = stat.delta_ci
    verdict = names.t("helps") if low > 0 else names.t("hurts") if high < 0 else ""
    if stat.few_games:
        return f"{verdict}, {names.t('few_games')}" if verdict else names.t("few_games")
    return verdict


def _verdict_colour(stat: ComponentStat) -> str:
    low, high = stat.delta_ci
    return "#4f8f5b" if low > 0 else "#b0413e" if high < 0 else "#9aa7b4"


def _png(fig: Any) -> bytes:
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=110, bbox_inches="tight")
    _pyplot().close(fig)
    return buffer.getvalue()


def _pct(t: Tally) -> str:
    low, high = t.ci
    return f"{100 * t.win_rate:.1f}% [{100 * low:.1f}, {100 * high:.1f}]"


def _html_table(header: Sequence[str], rows: Sequence[Sequence[Any]]) -> str:
    head = "".join(f"<th>{html.escape(str(h))}</th>" for h in header)
    body = "".join("<tr>" + "".join(f"<td>{html.escape(str(c))}</td>" for c in row) + "</tr>" for row in rows)
    return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


CSS = """
body { font-family: sans-serif; margin: 2em auto; max-width: 1000px; color: #222; }
table { border-collapse: collapse; margin: 1em 0; font-size: 0.9em; }
th, td { border: 1px solid #ccc; padding: 0.25em 0.6em; text-align: left; }
th { background: #eef2f6; }
img { max-width: 100%; display: block; margin: 1em 0; }
.note { color: #555; font-size: 0.9em; }
"""


def _rating_note(summary: dict[str, Any], players: int, names: Names) -> str:
    if summary["rating"] == "openskill":
        return names.t("note_openskill", n=players)
    return names.t("note_elo")


def _d(stat: ComponentStat) -> str:
    low, high = stat.delta_ci
    return f"{100 * stat.delta:+.1f} [{100 * low:+.1f}, {100 * high:+.1f}]"


def component_rows(stats: Sequence[ComponentStat], names: Names) -> list[list[str]]:
    """The component table as shown: by name and side, never by internal key."""
    return [
        [
            names.game.component_name(s.component, names.lang, s.group) if names.game else s.component,
            names.side(s.group) if s.group is not None else "",
            str(s.uses),
            str(s.with_it.games),
            _pct(s.with_it),
            _pct(s.without),
            _d(s),
            _verdict(s, names),
        ]
        for s in stats
    ]


def write_report(
    info: RunInfo,
    results: Sequence[GameResult],
    out: Path,
    names: Names | None = None,
    show_progress: bool = False,
) -> list[Path]:
    """Writes the PNG files and report.html into `out`; returns the paths written. `names` gives the game's
    names for components and sides in a language (default: internal keys, seats by number). A game with its
    own statistics (`Game.statistics`) has every stored game replayed for them, with a progress bar on stderr
    when `show_progress`."""
    if not results:
        raise ArenaError(f"run {info.id} has no finished games yet; play some before asking for a report")
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise ArenaError(f"cannot create report directory {out}: {exc.strerror}") from exc
    names = names if names is not None else Names(None)
    results = names.with_sides(results)
    specs, players = info.spec.specs, info.num_players
    declared = names.game.statistics() if names.game is not None else ()
    game_figures: list[Figure] = []
    skipped = 0
    if names.game is not None and declared:
        replayed = replay_run(names.game, results, show_progress)
        results, skipped = replayed.results, replayed.skipped
        game_figures = figures_of(declared, replayed.values, players)
    title = agents_title(specs, len(results), names.lang)
    t = names.t
    summary = summarize(results, specs, players)
    group_of = names.game.component_group if names.game is not None else (lambda key: None)
    components = component_stats(results, group_of)
    sides = side_tallies(results, names.seat)
    figures: list[tuple[str, str, Callable[[], Any]]] = []
    if len(specs) > 1:
        figures.append(("agents.png", t("fig_agents"), lambda: plot_agents(results, specs, names)))
        if players > 2:
            figures.append(("placings.png", t("fig_placings"), lambda: plot_placings(results, specs, players, names)))
    figures += [
        ("seats.png", t("fig_seats"), lambda: plot_seats(results, specs, players, names)),
        ("first_player.png", t("fig_first"), lambda: plot_first_player(results, specs, players, names)),
        ("length.png", t("fig_length"), lambda: plot_lengths(results, specs, names)),
        ("scores.png", t("fig_scores"), lambda: plot_scores(results, specs, names)),
    ]
    groups = component_groups(components, names)
    for group, members in groups.items() if components else ():
        filename = "components.png" if group is None else f"components-{_slug(group)}.png"
        heading = title if group is None else f"{names.side(group)}: {title}"
        plot = partial(plot_components, members, names, heading, group is None)
        figures.append((filename, t("fig_components"), plot))
    charts: dict[str, list[Figure]] = {}
    for f in game_figures:
        chart = f.statistic.chart_in(names.lang)
        if chart is not None:
            charts.setdefault(chart, []).append(f)
    chart_files = {chart: f"statistics-{i + 1}.png" for i, chart in enumerate(charts)}
    for chart, shown in charts.items():
        figures.append((chart_files[chart], chart, partial(plot_figures, shown, chart, names, title)))
    written: list[Path] = []
    sections: dict[str, str] = {}
    for filename, heading, draw in figures:
        data = _png(draw())
        path = out / filename
        path.write_bytes(data)
        written.append(path)
        encoded = base64.b64encode(data).decode("ascii")
        alt = html.escape(f"{heading}: {title}")
        sections[filename] = f'<img alt="{alt}" src="data:image/png;base64,{encoded}">'
    rating = rating_header(summary) or t("col_rating")
    place_titles = [t("place", n=p + 1) for p in range(players)] if players > 2 else []
    columns = ["col_agent", "col_spec", "col_games", "col_win_rate", "col_draws", "col_score"]
    agents = _html_table(
        [*map(t, columns), rating, *place_titles],
        [
            [
                a["agent"],
                a["spec"],
                a["games"],
                _pct(t),
                a["draws"],
                f"{a['score']:.3f}",
                rating_cell(summary, a),
                *(summary["placings"][a["agent"]] if players > 2 else []),
            ]
            for a, t in zip(summary["agents"], agent_tallies(results, len(specs)), strict=True)
        ],
    )
    pairings = ""
    if len(specs) > 1 and len(summary["pairings"]) > 1:
        in_pairing = [t("col_pairing_elo")] if summary["pairing_elo"] else []
        rows = []
        for pairing, row in pairing_tallies(results).items():
            ratings = summary["pairing_elo"].get(pairing, {})
            for agent, tally in sorted(row.items()):
                elo = ratings.get(str(agent))
                rows.append([pairing, f"{agent} {specs[agent]}", tally.games, _pct(tally), tally.draws,
                             *(["" if elo is None else f"{elo:.0f}"] if in_pairing else [])])  # fmt: skip
        pairings = f"<h3>{html.escape(t('h_pairings'))}</h3>" + _html_table(
            [t("col_pairing"), t("col_agent"), t("col_games"), t("col_win_rate"), t("col_draws"), *in_pairing], rows
        )
    seats = _html_table(
        [t("col_side"), t("col_games"), t("col_win_rate"), t("col_draws"), t("col_mean_score")],
        [
            [label, tally.games, _pct(tally), tally.draws, f"{sum(scores) / max(1, len(scores)):.2f}"]
            for label, (tally, scores) in sides.items()
        ],
    )
    first, others = first_player_tallies(results)
    turn = _html_table(
        ["", t("col_win_rate"), t("col_draws")],
        [[t("first_player"), _pct(first), first.draws], [t("others"), _pct(others), others.draws]],
    )
    if components:
        component_part = (
            f"<p class='note'>{html.escape(t('note_components', min=MIN_GAMES), quote=False)}</p>"
            + "".join(
                (f"<h3>{html.escape(names.side(group))}</h3>" if group is not None else "")
                + sections.get("components.png" if group is None else f"components-{_slug(group)}.png", "")
                + _html_table(
                    [
                        t("col_component"),
                        t("col_side") if group is None else t("col_group"),
                        t("col_uses"),
                        t("col_games_played"),
                        t("col_rate_played"),
                        t("col_rate_not"),
                        t("col_delta"),
                        "",
                    ],
                    component_rows(members, names),
                )
                for group, members in groups.items()
            )
        )
    else:
        component_part = f"<p class='note'>{html.escape(t('note_no_components'), quote=False)}</p>"
    statistics_part = ""
    if game_figures:
        replay_note = " " + t("note_not_replayed", n=skipped) if skipped else ""
        statistics_part = (
            f"<h2>{html.escape(t('h_statistics'))}</h2><p class='note'>"
            + html.escape(t("note_statistics", n=len(results) - skipped) + replay_note, quote=False)
            + "</p>"
            + _html_table(
                [t("col_statistic"), t("col_value"), t("col_aim"), ""], figure_rows(game_figures, names.lang)
            )
            + "".join(sections[chart_files[chart]] for chart in charts)
        )
    advantage = seat_advantage(sides, players)
    advantage_note = (
        "<p class='note'>"
        + html.escape(t("note_advantage", fair=f"{100 / players:.1f}", seat=advantage[0], d=f"{advantage[1]:+.1f}"))
        + "</p>"
        if advantage is not None
        else ""
    )
    unit, _ = game_lengths(results)
    length = summary["turns"] if unit == "turns" else summary["length"]
    stats = {"mean": f"{length['mean']:.1f}", "median": f"{length['median']:.0f}"}
    span = {"low": f"{length['min']:.0f}", "high": f"{length['max']:.0f}"}
    game_title = html.escape(_game_title(info, names))
    page = f"""<!DOCTYPE html>
<html lang="{html.escape(names.lang)}"><head><meta charset="utf-8">
<title>{game_title}: {html.escape(title)}</title><style>{CSS}</style></head>
<body>
<h1>{game_title}: {html.escape(title)}</h1>
<p>{html.escape(run_title(info, names.lang))}<br>{html.escape(t("stored", n=len(results), planned=info.planned))}
{html.escape(t("length_line", unit=t(f"unit_{unit}"), **stats, **span))}</p>
<h2>{html.escape(t("h_agents"))}</h2>{agents}{pairings}
<p class='note'>{html.escape(_rating_note(summary, players, names))}</p>
{sections.get("agents.png", "")}{sections.get("placings.png", "")}
<h2>{html.escape(t("h_sides"))}</h2>{seats}{advantage_note}{turn}
{sections["seats.png"]}{sections["first_player.png"]}
<h2>{html.escape(t("h_length"))}</h2>
{sections["length.png"]}{sections["scores.png"]}
{statistics_part}
<h2>{html.escape(t("h_components"))}</h2>{component_part}
</body></html>
"""
    page_path = out / "report.html"
    page_path.write_text(page, encoding="utf-8")
    written.append(page_path)
    return written


def _game_title(info: RunInfo, names: Names) -> str:
    """The game's own title in the report's language, else its registered name."""
    titles = getattr(names.game, "title", None)
    if isinstance(titles, Mapping):
        return str(titles.get(names.lang) or titles.get("en") or info.spec.game)
    return info.spec.game
