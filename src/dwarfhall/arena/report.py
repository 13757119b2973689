"""Balance report of a stored run: PNG plots and one self-contained HTML page embedding them.

Component impact reads the components each player used, recorded from
`describe_action(id).payload["component"]` while playing (see docs/arena.md).
"""

from __future__ import annotations

import base64
import html
import io
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from .errors import ArenaError
from .results import GameResult
from .stats import (
    ComponentStat,
    Tally,
    agent_tallies,
    component_stats,
    first_player_tallies,
    pairing_tallies,
    placings,
    seat_tallies,
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


def _bars_with_ci(ax: Any, labels: Sequence[str], tallies: Sequence[Tally], baseline: float | None) -> None:
    rates = [t.win_rate for t in tallies]
    low = [t.win_rate - t.ci[0] for t in tallies]
    high = [t.ci[1] - t.win_rate for t in tallies]
    ax.bar(range(len(labels)), rates, yerr=[low, high], capsize=6, color="#6a8caf", edgecolor="#2f4b66")
    ax.set_xticks(range(len(labels)), labels, rotation=15 if max(map(len, labels)) > 12 else 0, ha="right")
    ax.set_ylim(0, 1)
    ax.set_ylabel("win rate (95% Wilson CI)")
    if baseline is not None:
        ax.axhline(baseline, color="#b0413e", linestyle="--", linewidth=1, label=f"fair share {baseline:.2f}")
        ax.legend(loc="upper right")
    for i, t in enumerate(tallies):
        ax.text(i, 0.02, f"n={t.games}", ha="center", va="bottom", fontsize=8, color="white")


def plot_agents(results: Sequence[GameResult], specs: Sequence[str]) -> Any:
    plt = _pyplot()
    fig, ax = plt.subplots(figsize=(max(5, 1.4 * len(specs)), 4))
    _bars_with_ci(ax, [f"{i} {s}" for i, s in enumerate(specs)], agent_tallies(results, len(specs)), None)
    ax.set_title("win rate by agent")
    return fig


def plot_placings(results: Sequence[GameResult], specs: Sequence[str], num_players: int) -> Any:
    """Stacked bars: the share of each agent's games it finished 1st, 2nd, ... (games of more than two)."""
    plt = _pyplot()
    table = placings(results, len(specs), num_players)
    fig, ax = plt.subplots(figsize=(max(5, 1.4 * len(specs)), 4))
    bottoms = [0.0] * len(specs)
    for place in range(num_players):
        shares = [row[place] / max(1, sum(row)) for row in table]
        ax.bar(range(len(specs)), shares, bottom=bottoms, label=f"place {place + 1}")
        bottoms = [b + v for b, v in zip(bottoms, shares, strict=True)]
    labels = [f"{i} {s}" for i, s in enumerate(specs)]
    ax.set_xticks(range(len(specs)), labels, rotation=15 if max(map(len, labels)) > 12 else 0, ha="right")
    ax.set_ylim(0, 1)
    ax.set_ylabel("share of the agent's games")
    ax.set_title("finishing places by agent (by return, then score)")
    ax.legend(loc="upper left", bbox_to_anchor=(1.0, 1.0), fontsize=8)
    return fig


def plot_seats(results: Sequence[GameResult], num_players: int) -> Any:
    plt = _pyplot()
    fig, ax = plt.subplots(figsize=(max(4, 1.4 * num_players), 4))
    _bars_with_ci(ax, [f"seat {s}" for s in range(num_players)], seat_tallies(results, num_players), 1 / num_players)
    ax.set_title("win rate by seat")
    return fig


def plot_first_player(results: Sequence[GameResult], num_players: int) -> Any:
    plt = _pyplot()
    first, others = first_player_tallies(results)
    fig, ax = plt.subplots(figsize=(4.5, 4))
    _bars_with_ci(ax, ["first player", "other players"], [first, others], 1 / num_players)
    ax.set_title("win rate by turn order")
    return fig


def plot_lengths(results: Sequence[GameResult]) -> Any:
    plt = _pyplot()
    lengths = [r.length for r in results]
    fig, ax = plt.subplots(figsize=(6, 4))
    bins = min(50, max(1, len(set(lengths))))
    ax.hist(lengths, bins=bins, color="#6a8caf", edgecolor="#2f4b66")
    ax.set_xlabel("actions per game")
    ax.set_ylabel("games")
    ax.set_title(f"game length (n={len(lengths)})")
    return fig


def plot_scores(results: Sequence[GameResult], num_players: int) -> Any:
    plt = _pyplot()
    fig, ax = plt.subplots(figsize=(6, 4))
    values = [[r.scores[s] for r in results] for s in range(num_players)]
    everything = [v for seat in values for v in seat]
    bins = min(40, max(1, len(set(everything))))
    ax.hist(values, bins=bins, label=[f"seat {s}" for s in range(num_players)], histtype="step", linewidth=1.5)
    ax.set_xlabel("final score (the game's own points)")
    ax.set_ylabel("games")
    ax.set_title("score distribution by seat")
    ax.legend()
    return fig


def plot_components(stats: Sequence[ComponentStat], baseline: float) -> Any:
    plt = _pyplot()
    shown = list(stats[:MAX_COMPONENT_BARS])
    fig, ax = plt.subplots(figsize=(8, max(3, 0.28 * len(shown) + 1.2)))
    rates = [s.with_it.win_rate for s in shown]
    low = [s.with_it.win_rate - s.with_it.ci[0] for s in shown]
    high = [s.with_it.ci[1] - s.with_it.win_rate for s in shown]
    y = list(range(len(shown)))
    ax.barh(y, rates, xerr=[low, high], capsize=3, color="#6a8caf", edgecolor="#2f4b66")
    ax.set_yticks(y, [f"{s.component} (n={s.with_it.games})" for s in shown], fontsize=8)
    ax.invert_yaxis()  # strongest on top
    ax.set_xlim(0, 1)
    ax.axvline(baseline, color="#b0413e", linestyle="--", linewidth=1, label=f"all players {baseline:.2f}")
    ax.set_xlabel("win rate of the player who used it (95% Wilson CI)")
    title = "component impact"
    if len(stats) > len(shown):
        title += f" (top {len(shown)} of {len(stats)})"
    ax.set_title(title)
    ax.legend(loc="lower right")
    fig.tight_layout()
    return fig


def _verdict(stat: ComponentStat, baseline: float) -> str:
    low, high = stat.with_it.ci
    if low > baseline:
        return "wins more"
    if high < baseline:
        return "wins less"
    return ""


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


def _rating_note(summary: dict[str, Any], players: int) -> str:
    if summary["rating"] == "openskill":
        return (
            f"{players} players: a draw is a shared first place. OpenSkill: Plackett-Luce ratings updated game by "
            "game from each game's ranking, starting at mu 25, sigma 8.3; see docs/arena.md."
        )
    return "Elo: Bradley-Terry maximum likelihood over all games, mean 1500; see docs/arena.md."


def write_report(info: RunInfo, results: Sequence[GameResult], out: Path) -> list[Path]:
    """Writes the PNG files and report.html into `out`; returns the paths written."""
    if not results:
        raise ArenaError(f"run {info.id} has no finished games yet; play some before asking for a report")
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise ArenaError(f"cannot create report directory {out}: {exc.strerror}") from exc
    specs, players = info.spec.specs, info.num_players
    summary = summarize(results, specs, players)
    components = component_stats(results)
    seats_all = seat_tallies(results, players)
    baseline = sum(t.wins for t in seats_all) / max(1, sum(t.games for t in seats_all))
    figures: list[tuple[str, str, Callable[[], Any]]] = []
    if len(specs) > 1:
        figures.append(("agents.png", "Win rate by agent", lambda: plot_agents(results, specs)))
        if players > 2:
            figures.append(("placings.png", "Finishing places", lambda: plot_placings(results, specs, players)))
    figures += [
        ("seats.png", "Win rate by seat", lambda: plot_seats(results, players)),
        ("first_player.png", "Win rate by turn order", lambda: plot_first_player(results, players)),
        ("length.png", "Game length", lambda: plot_lengths(results)),
        ("scores.png", "Scores", lambda: plot_scores(results, players)),
    ]
    if components:
        figures.append(("components.png", "Component impact", lambda: plot_components(components, baseline)))
    written: list[Path] = []
    sections: dict[str, str] = {}
    for filename, title, draw in figures:
        data = _png(draw())
        path = out / filename
        path.write_bytes(data)
        written.append(path)
        encoded = base64.b64encode(data).decode("ascii")
        sections[filename] = (
            f'<h2>{html.escape(title)}</h2><img alt="{html.escape(title)}" src="data:image/png;base64,{encoded}">'
        )
    rating = rating_header(summary) or "rating"
    place_titles = [f"place {p + 1}" for p in range(players)] if players > 2 else []
    agents = _html_table(
        ["agent", "spec", "games", "win rate [95% CI]", "draws", "score", rating, *place_titles],
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
        in_pairing = ["Elo in the pairing"] if summary["pairing_elo"] else []
        rows = []
        for pairing, row in pairing_tallies(results).items():
            ratings = summary["pairing_elo"].get(pairing, {})
            for agent, tally in sorted(row.items()):
                elo = ratings.get(str(agent))
                rows.append([pairing, f"{agent} {specs[agent]}", tally.games, _pct(tally), tally.draws,
                             *(["" if elo is None else f"{elo:.0f}"] if in_pairing else [])])  # fmt: skip
        pairings = "<h3>Pairings</h3>" + _html_table(
            ["pairing", "agent", "games", "win rate [95% CI]", "draws", *in_pairing], rows
        )
    seats = _html_table(
        ["seat", "win rate [95% CI]", "draws", "mean score"],
        [[s, _pct(t), t.draws, f"{summary['scores'][s]:.2f}"] for s, t in enumerate(seats_all)],
    )
    first, others = first_player_tallies(results)
    turn = _html_table(
        ["", "win rate [95% CI]", "draws"],
        [["first player", _pct(first), first.draws], ["others", _pct(others), others.draws]],
    )
    if components:
        component_part = (
            f"<p class='note'>For each component: how often it was used, and the results of the player who used it "
            f"in that game, next to the results of players who did not. All players together win {baseline:.1%} "
            f"of their games; a component whose interval lies wholly above that is marked 'wins more'. Strong "
            f"players use some cards more often, so compare components within one agent pairing.</p>"
            + _html_table(
                [
                    "component",
                    "uses",
                    "games used",
                    "win rate when used [95% CI]",
                    "win rate otherwise",
                    "difference",
                    "",
                ],
                [
                    [
                        s.component,
                        s.uses,
                        s.with_it.games,
                        _pct(s.with_it),
                        _pct(s.without),
                        f"{100 * (s.with_it.win_rate - s.without.win_rate):+.1f} pts",
                        _verdict(s, baseline),
                    ]
                    for s in components
                ],
            )
        )
    else:
        component_part = (
            "<p class='note'>No component data: this game's actions carry no payload key \"component\" "
            "(see docs/arena.md).</p>"
        )
    length = summary["length"]
    page = f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>dwarfhall report: run {info.id}</title><style>{CSS}</style></head>
<body>
<h1>{html.escape(info.spec.game)}: run {info.id}</h1>
<p>{html.escape(run_title(info))}<br>{len(results)} of {info.planned} planned games stored.
Game length: mean {length["mean"]:.1f} actions
(median {length["median"]:.0f}, {length["min"]:.0f}-{length["max"]:.0f}).</p>
<h2>Agents</h2>{agents}{pairings}
<p class='note'>{html.escape(_rating_note(summary, players))}</p>
{sections.get("agents.png", "")}{sections.get("placings.png", "")}
<h2>Seats and turn order</h2>{seats}{turn}
{sections["seats.png"]}{sections["first_player.png"]}
{sections["length.png"]}{sections["scores.png"]}
<h2>Components</h2>{component_part}
{sections.get("components.png", "")}
</body></html>
"""
    page_path = out / "report.html"
    page_path.write_text(page, encoding="utf-8")
    written.append(page_path)
    return written
