"""Plain-text tables of a run's summary, for the terminal."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .names import TEXTS
from .store import RunInfo


def _pct(tally: Mapping[str, Any]) -> str:
    low, high = tally["ci"]
    return f"{100 * tally['win_rate']:5.1f}% [{100 * low:5.1f}, {100 * high:5.1f}]"


def _table(header: Sequence[str], rows: Sequence[Sequence[str]]) -> list[str]:
    widths = [max(len(str(cell)) for cell in column) for column in zip(header, *rows, strict=True)]
    lines = ["  ".join(str(cell).ljust(w) for cell, w in zip(header, widths, strict=True)).rstrip()]
    lines += ["  ".join(str(cell).ljust(w) for cell, w in zip(row, widths, strict=True)).rstrip() for row in rows]
    return lines


def run_title(info: RunInfo, lang: str = "en") -> str:
    spec = info.spec
    options = " ".join(f"{k}={v}" for k, v in sorted(spec.options.items())) or TEXTS.render("default_options", lang)
    per = TEXTS.render("per_pairing" if spec.kind == "arena" else "in_total", lang)
    fields = {"id": info.id, "kind": spec.kind, "game": spec.game, "seed": spec.seed, "games": spec.games}
    return TEXTS.render("run_title", lang, options=options, per=per, **fields)


def rating_header(summary: Mapping[str, Any]) -> str | None:
    """The rating column's title: Elo for two-player games, OpenSkill for more, none for a single agent."""
    if len(summary["agents"]) < 2:
        return None
    return "OpenSkill μ ± σ" if summary.get("rating") == "openskill" else "Elo ± se"


def rating_cell(summary: Mapping[str, Any], agent: Mapping[str, Any]) -> str:
    if summary.get("rating") == "openskill":
        return f"{agent['mu']:.1f} ± {agent['sigma']:.1f}"
    return f"{agent['elo']:.0f} ± {agent['elo_se']:.0f}"


def format_summary(info: RunInfo, summary: Mapping[str, Any]) -> str:
    lines = [run_title(info), f"games stored: {summary['games']} of {info.planned} planned", ""]
    agents = summary["agents"]
    several = len(agents) > 1
    rating = rating_header(summary)
    seats = any(a.get("seats", a["games"]) != a["games"] for a in agents)
    header = ["agent", "games", *(["seats"] if seats else []), "win rate [95% CI]", "draws", "score"]
    header += [rating] if rating else []
    rows = []
    for a in agents:
        row = [f"{a['agent']} {a['spec']}", str(a["games"]), *([str(a.get("seats", ""))] if seats else [])]
        row += [_pct(a), str(a["draws"]), f"{a['score']:.3f}"]
        if rating:
            row.append(rating_cell(summary, a))
        rows.append(row)
    lines += _table(header, rows)
    if seats:
        lines.append("an agent on several seats of a game: its win rate, draws and score are per seat played")
    if summary.get("rating") == "openskill":
        lines.append(f"{info.num_players} players: a draw is a first place shared.")
        lines.append("OpenSkill (Plackett-Luce) rates each game's ranking by return, starting at 25 ± 8.3.")
    if several and len(summary["pairings"]) > 1:
        fitted = "; Elo fitted on the pairing alone" if summary["pairing_elo"] else ""
        lines += ["", f"pairings (win rate [95% CI] of each agent in the pairing{fitted})"]
        for pairing, row in summary["pairings"].items():
            parts = [f"{agents[int(a)]['spec']} {_pct(t)}" for a, t in row.items()]
            draws = max(t["draws"] for t in row.values())
            ratings = summary["pairing_elo"].get(pairing, {})
            elo = "/".join(f"{ratings[a]:.0f}" for a in row if a in ratings)
            joined = " vs ".join(parts)
            lines.append(f"  {pairing}: {joined}, draws {draws}" + (f", Elo {elo}" if elo else ""))
    rotation = "seats rotate, so every agent sits in each" if info.spec.kind == "arena" else "seats fixed"
    lines += ["", f"by seat ({rotation})"]
    lines += _table(
        ["seat", "win rate [95% CI]", "draws", "mean score"],
        [[str(s), _pct(t), str(t["draws"]), f"{summary['scores'][s]:.2f}"] for s, t in enumerate(summary["seats"])],
    )
    first = summary["first_player"]
    lines.append(f"first player: {_pct(first)} wins, {first['draws']} draws")
    if summary.get("turns"):
        turns = summary["turns"]
        lines.append(
            f"game length (turns): mean {turns['mean']:.1f}, median {turns['median']:.0f}, "
            f"min {turns['min']:.0f}, max {turns['max']:.0f}"
        )
    if summary["length"]:
        length = summary["length"]
        lines.append(
            f"game length (actions): mean {length['mean']:.1f}, median {length['median']:.0f}, "
            f"min {length['min']:.0f}, max {length['max']:.0f}; {summary['mean_duration']:.3f} s per game"
        )
    if summary.get("cut_off"):
        lines.append(
            f"{summary['cut_off']} game(s) had not ended at the game's declared length and were scored as draws"
        )
    if summary["components"]:
        lines.append(f"{len(summary['components'])} components tracked: see `dwarfhall report` for their impact")
    return "\n".join(lines)


def format_runs(runs: Sequence[RunInfo], counts: Sequence[int]) -> str:
    if not runs:
        return "no runs stored yet"
    rows = [
        [str(r.id), r.spec.kind, r.spec.game, f"{n}/{r.planned}", " ".join(r.spec.specs), r.updated]
        for r, n in zip(runs, counts, strict=True)
    ]
    return "\n".join(_table(["run", "kind", "game", "games", "agents", "updated"], rows))
