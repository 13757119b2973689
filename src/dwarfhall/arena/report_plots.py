"""The report's plots (matplotlib, drawn off screen): win rates with their intervals, places, lengths, scores,
the components' differences in win rate and a game's own statistics."""

from __future__ import annotations

import io
import math
from collections.abc import Sequence
from typing import Any

from .gamestats import Figure
from .names import Names, agents_title
from .results import GameResult
from .stats import ComponentStat, Tally, agent_tallies, first_player_tallies, placings, side_tallies

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
    ax.yaxis.get_major_locator().set_params(integer=True)  # whole games
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
    # in points of win rate (percentage points), as the axis and the table say
    deltas = [100 * s.delta for s in shown]
    intervals = [(100 * s.delta_ci[0], 100 * s.delta_ci[1]) for s in shown]
    low = [max(0.0, d - ci[0]) for d, ci in zip(deltas, intervals, strict=True)]
    high = [max(0.0, ci[1] - d) for d, ci in zip(deltas, intervals, strict=True)]
    colours = [verdict_colour(s) for s in shown]
    y = list(range(len(shown)))
    bars = ax.barh(y, deltas, xerr=[low, high], capsize=3, color=colours, edgecolor="#2f4b66")
    for bar, stat in zip(bars, shown, strict=True):
        if stat.few_games:
            bar.set_hatch("//")
            bar.set_alpha(0.5)
    ax.set_yticks(y, [component_label(s, names, with_group) for s in shown], fontsize=8)
    ax.invert_yaxis()  # the most helpful on top
    reach = max([10.0, *(abs(v) for ci in intervals for v in ci if math.isfinite(v))])
    ax.set_xlim(-min(100.0, reach * 1.05), min(100.0, reach * 1.05))
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


def verdict_colour(stat: ComponentStat) -> str:
    low, high = stat.delta_ci
    return "#4f8f5b" if low > 0 else "#b0413e" if high < 0 else "#9aa7b4"


def png(fig: Any) -> bytes:
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=110, bbox_inches="tight")
    _pyplot().close(fig)
    return buffer.getvalue()
