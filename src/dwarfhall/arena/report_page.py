"""The report's HTML: its tables (agents, pairings, sides, components, a game's own statistics), its notes,
and the page that puts them together with the plots."""

from __future__ import annotations

import html
import statistics as pystats
from collections.abc import Mapping, Sequence
from typing import Any

from .gamestats import Figure
from .names import Names
from .results import GameResult
from .stats import MIN_GAMES, ComponentStat, Tally, agent_tallies, first_player_tallies, pairing_tallies
from .tables import rating_cell, rating_header

CSS = """
body { font-family: sans-serif; margin: 2em auto; max-width: 1000px; color: #222; }
table { border-collapse: collapse; margin: 1em 0; font-size: 0.9em; }
th, td { border: 1px solid #ccc; padding: 0.25em 0.6em; text-align: left; }
th { background: #eef2f6; }
img { max-width: 100%; display: block; margin: 1em 0; }
.note { color: #555; font-size: 0.9em; }
"""

Sides = Mapping[str, tuple[Tally, list[float]]]


def pct(t: Tally) -> str:
    low, high = t.ci
    return f"{100 * t.win_rate:.1f}% [{100 * low:.1f}, {100 * high:.1f}]"


def html_table(header: Sequence[str], rows: Sequence[Sequence[Any]]) -> str:
    head = "".join(f"<th>{html.escape(str(h))}</th>" for h in header)
    body = "".join("<tr>" + "".join(f"<td>{html.escape(str(c))}</td>" for c in row) + "</tr>" for row in rows)
    return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def note(text: str) -> str:
    return f"<p class='note'>{html.escape(text, quote=False)}</p>"


def heading(level: int, text: str) -> str:
    return f"<h{level}>{html.escape(text)}</h{level}>"


# -- agents -----------------------------------------------------------------------------------------------
def agents_part(summary: Mapping[str, Any], results: Sequence[GameResult], specs: Sequence[str], names: Names) -> str:
    """The agents' table (games, seats when an agent held several, win rate, draws, score, rating, places),
    the pairings' table, and the note on the rating (or on a single agent)."""
    t, players = names.t, len(results[0].returns) if results else 0
    rating = rating_header(summary)
    several_seats = any(a["seats"] != a["games"] for a in summary["agents"])
    place_titles = [t("place", n=p + 1) for p in range(players)] if players > 2 else []
    header = [t("col_agent"), t("col_spec"), t("col_games"), *([t("col_seats")] if several_seats else [])]
    header += [t("col_win_rate"), t("col_draws"), t("col_score"), *([rating] if rating else []), *place_titles]
    rows = [
        [
            a["agent"],
            a["spec"],
            a["games"],
            *([a["seats"]] if several_seats else []),
            pct(tally),
            a["draws"],
            f"{a['score']:.3f}",
            *([rating_cell(summary, a)] if rating else []),
            *(summary["placings"][a["agent"]] if players > 2 else []),
        ]
        for a, tally in zip(summary["agents"], agent_tallies(results, len(specs)), strict=True)
    ]
    if len(specs) < 2:
        rating_note = t("note_one_agent")
    elif summary["rating"] == "openskill":
        rating_note = t("note_openskill", n=players)
    else:
        rating_note = t("note_elo")
    return html_table(header, rows) + pairings_part(summary, results, specs, names) + note(rating_note)


def pairings_part(summary: Mapping[str, Any], results: Sequence[GameResult], specs: Sequence[str], names: Names) -> str:
    if len(specs) < 2 or len(summary["pairings"]) < 2:
        return ""
    t = names.t
    in_pairing = [t("col_pairing_elo")] if summary["pairing_elo"] else []
    rows = []
    for pairing, row in pairing_tallies(results).items():
        ratings = summary["pairing_elo"].get(pairing, {})
        for agent, tally in sorted(row.items()):
            elo = ratings.get(str(agent))
            rows.append([pairing, f"{agent} {specs[agent]}", tally.games, pct(tally), tally.draws,
                         *(["" if elo is None else f"{elo:.0f}"] if in_pairing else [])])  # fmt: skip
    header = [t("col_pairing"), t("col_agent"), t("col_games"), t("col_win_rate"), t("col_draws"), *in_pairing]
    return heading(3, t("h_pairings")) + html_table(header, rows)


# -- sides and turn order -----------------------------------------------------------------------------------
def sides_part(sides: Sides, results: Sequence[GameResult], players: int, names: Names) -> str:
    """Win rate and mean score by side, the note on the side furthest from the fair share, and the first
    player against the others."""
    t = names.t
    table = html_table(
        [t("col_side"), t("col_games"), t("col_win_rate"), t("col_draws"), t("col_mean_score")],
        [
            [label, tally.games, pct(tally), tally.draws, f"{sum(scores) / max(1, len(scores)):.2f}"]
            for label, (tally, scores) in sides.items()
        ],
    )
    first, others = first_player_tallies(results)
    turn = html_table(
        ["", t("col_win_rate"), t("col_draws")],
        [[t("first_player"), pct(first), first.draws], [t("others"), pct(others), others.draws]],
    )
    return table + advantage_note(sides, players, names) + turn


def seat_advantage(sides: Sides, players: int) -> tuple[str, float, tuple[float, float]] | None:
    """The seat (or side) furthest from the fair win share: its label, its distance in points of win rate, and
    its win rate's 95 % interval in percent."""
    if not sides:
        return None
    label, (tally, _) = max(sides.items(), key=lambda item: abs(item[1][0].win_rate - 1 / players))
    low, high = tally.ci
    return label, 100 * (tally.win_rate - 1 / players), (100 * low, 100 * high)


def advantage_note(sides: Sides, players: int, names: Names) -> str:
    """Which side is furthest from the fair share, and whether its interval includes that share."""
    advantage = seat_advantage(sides, players)
    if advantage is None:
        return ""
    seat, gap, (low, high) = advantage
    fair = 100 / players
    verdict = names.t("fair_inside" if low <= fair <= high else "fair_outside")
    fields = {"fair": f"{fair:.1f}", "seat": seat, "d": f"{gap:+.1f}", "low": f"{low:.1f}", "high": f"{high:.1f}"}
    return note(names.t("note_advantage", verdict=verdict, **fields))


# -- length ---------------------------------------------------------------------------------------------
def length_line(unit: str, spread: Mapping[str, float], own: Sequence[tuple[str, list[float]]], names: Names) -> str:
    """The game length in actions (or turns), then in each of the game's own units (rounds, eras)."""
    t = names.t
    stats = {"mean": f"{spread['mean']:.1f}", "median": f"{spread['median']:.0f}"}
    span = {"low": f"{spread['min']:.0f}", "high": f"{spread['max']:.0f}"}
    parts = [t("length_line", unit=t(f"unit_{unit}"), **stats, **span)]
    for label, values in own:
        if values:
            shown = {"mean": f"{pystats.fmean(values):.1f}", "median": f"{pystats.median(values):g}"}
            parts.append(t("length_own", label=label, low=f"{min(values):g}", high=f"{max(values):g}", **shown))
    return " ".join(parts)


# -- components ---------------------------------------------------------------------------------------------
def verdict(stat: ComponentStat, names: Names) -> str:
    """'helps' / 'hurts' when the difference's interval leaves out zero; 'few games' when too few to say."""
    low, high = stat.delta_ci
    said = names.t("helps") if low > 0 else names.t("hurts") if high < 0 else ""
    if stat.few_games:
        return f"{said}, {names.t('few_games')}" if said else names.t("few_games")
    return said


def delta_text(stat: ComponentStat) -> str:
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
            pct(s.with_it),
            pct(s.without),
            delta_text(s),
            verdict(s, names),
        ]
        for s in stats
    ]


def components_part(
    groups: Mapping[str | None, list[ComponentStat]],
    common: Sequence[ComponentStat],
    images: Mapping[str | None, str],
    alike: bool,
    names: Names,
) -> str:
    """Per group: its plot and its table; the notes on how to read them, on sides alike, and on the components
    nearly every player used (folded into one line)."""
    t = names.t
    if not groups and not common:
        return note(t("note_no_components"))
    notes = note(t("note_components", min=MIN_GAMES)) + (note(t("note_alike")) if alike else "")
    header = [t("col_component"), "", t("col_uses"), t("col_games_played"), t("col_rate_played")]
    header += [t("col_rate_not"), t("col_delta"), ""]
    parts = []
    for group, members in groups.items():
        header[1] = t("col_side") if group is None else t("col_group")
        title = heading(3, names.side(group)) if group is not None else ""
        parts.append(title + images.get(group, "") + html_table(header, component_rows(members, names)))
    if common:
        shown = ", ".join(names.component(s.component, s.group) for s in common)
        parts.append(note(t("note_common", share=f"{100 * NEARLY_ALL:.0f}", names=shown)))
    return notes + "".join(parts)


NEARLY_ALL = 0.95  # a component this share of its possible players used leaves too few to compare with


def nearly_everyone(stat: ComponentStat) -> bool:
    """True when nearly every player who could have used the component did: its comparison is noise."""
    total = stat.with_it.games + stat.without.games
    return total > 0 and stat.with_it.games >= NEARLY_ALL * total


# -- a game's own statistics --------------------------------------------------------------------------------
def figure_rows(shown: Sequence[Figure], lang: str) -> list[list[str]]:
    """The statistics table: label, value with interval, aim, whether it is met."""
    return [[f.statistic.label_in(lang), f.value_text(), f.statistic.aim_text(lang), f.verdict(lang)] for f in shown]


def statistics_part(
    figures: Sequence[Figure], replayed: int, skipped: int, images: str, names: Names, cut_off: int = 0
) -> str:
    if not figures:
        return ""
    t = names.t
    replay_note = " " + t("note_not_replayed", n=skipped) if skipped else ""
    replay_note += " " + t("note_cut_off", n=cut_off) if cut_off else ""
    header = [t("col_statistic"), t("col_value"), t("col_aim"), ""]
    return (
        heading(2, t("h_statistics"))
        + note(t("note_statistics", n=replayed) + replay_note)
        + html_table(header, figure_rows(figures, names.lang))
        + images
    )


# -- the page ------------------------------------------------------------------------------------------------
def page(title: str, lines: Sequence[str], sections: Sequence[tuple[str, str]], lang: str) -> str:
    """The whole page: its title, the lines under it, and each section (a heading, then its HTML)."""
    body = "".join(heading(2, name) + part if name else part for name, part in sections)
    top = "<br>".join(html.escape(line) for line in lines)
    return f"""<!DOCTYPE html>
<html lang="{html.escape(lang)}"><head><meta charset="utf-8">
<title>{html.escape(title)}</title><style>{CSS}</style></head>
<body>
<h1>{html.escape(title)}</h1>
<p>{top}</p>
{body}
</body></html>
"""
