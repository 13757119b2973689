"""A game's own balance figures over a stored run: every game's record replayed through the game's
`statistics` hook (dwarfhall.core.statistics), then averaged with 95 % intervals and held against the aims.

The replay also recounts the components each player used with the current code's action payloads, so a run
stored before a game named more components in its payloads still shows them.
"""

from __future__ import annotations

import math
import statistics as pystats
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn

from dwarfhall.core.errors import DwarfhallError
from dwarfhall.core.game import Game, State
from dwarfhall.core.record import GameRecord
from dwarfhall.core.statistics import Statistic

from .names import TEXTS
from .results import GameResult
from .stats import Z95, wilson


@dataclass
class Replayed:
    """What the replay of a run gave: the figures of each game that replays, every result (with recounted
    components where it replays), how many games no longer replay to their stored outcome, and how many were cut
    off at the game's declared length (scored as draws, without figures of their own)."""

    values: list[Mapping[str, float]] = field(default_factory=list)
    results: list[GameResult] = field(default_factory=list)
    skipped: int = 0
    cut_off: int = 0


@dataclass(frozen=True)
class Figure:
    """One statistic over a run: its mean (a share for shares) and 95 % interval."""

    statistic: Statistic
    games: int
    mean: float
    interval: tuple[float, float]

    @property
    def met(self) -> bool | None:
        return self.statistic.meets(self.mean)

    def value_text(self) -> str:
        """ "18.3 % [16.7, 20.0]" for a share, "3.80 [3.64, 3.96]" otherwise."""
        low, high = self.interval
        if self.statistic.share:
            return f"{100 * self.mean:.1f} % [{100 * low:.1f}, {100 * high:.1f}]"
        return f"{self.mean:.2f} [{low:.2f}, {high:.2f}]"

    def verdict(self, lang: str = "en") -> str:
        """ "met", "not met", or "" without an aim (in German "erreicht", "nicht erreicht")."""
        if self.met is None:
            return ""
        return TEXTS.render("aim_met" if self.met else "aim_not_met", lang)


def _start(game: Game[Any], record: GameRecord) -> State:
    """The record's first position with the run's game (loaded once, not once per game)."""
    if record.start is not None:
        state = game.state_from_json(record.start)
        state.start = record.start
        return state
    if record.seed is None:
        raise DwarfhallError("record has neither a seed nor a start position")
    return game.new_state(record.seed)


def replay_one(game: Game[Any], result: GameResult) -> tuple[Mapping[str, float], list[dict[str, int]]] | None:
    """(figures, components per seat) of one stored game; None when it does not replay to its stored returns."""
    try:
        record = GameRecord.from_json(result.record)
        state = _start(game, record)
        actors: list[int] = []
        used: list[dict[str, int]] = [{} for _ in result.returns]
        for action in record.actions:
            player = state.current_player
            actors.append(player)
            for key in state.action_components(action):
                used[player][key] = used[player].get(key, 0) + 1
            state.apply(action)
    except (DwarfhallError, ValueError, IndexError):
        return None
    if result.cut_off:  # replays to where it was cut off, but has no outcome for the game's own figures
        return None
    if not state.is_terminal or [float(v) for v in state.returns()] != [float(v) for v in result.returns]:
        return None
    return game.game_statistics(state, actors), used


def replay_run(game: Game[Any], results: Sequence[GameResult], show_progress: bool = True) -> Replayed:
    """Every stored game replayed, with a progress bar on stderr (thousands of games take a while)."""
    out = Replayed()
    columns = (
        TextColumn("replaying games"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        TextColumn("left"),
        TimeRemainingColumn(),
    )
    with Progress(*columns, console=Console(stderr=True), disable=not show_progress) as bar:
        task = bar.add_task("replay", total=len(results))
        for result in results:
            replayed = None if result.cut_off else replay_one(game, result)
            if result.cut_off:
                out.cut_off += 1
                out.results.append(result)
            elif replayed is None:
                out.skipped += 1
                out.results.append(result)  # its outcome still counts; its components stay as stored
            else:
                values, used = replayed
                out.values.append(values)
                out.results.append(replace(result, components=used))
            bar.advance(task)
    return out


def figures(declared: Sequence[Statistic], values: Sequence[Mapping[str, float]], players: int) -> list[Figure]:
    """Each statistic's mean over the games with its 95 % interval: Wilson for shares (over games, or over
    players for a share of players), mean +- 1.96 standard errors otherwise."""
    out = []
    for stat in declared:
        column = [float(v[stat.key]) for v in values if stat.key in v]
        if not column:
            continue
        mean = pystats.fmean(column)
        if stat.share:
            weight = players if stat.per_player else 1
            interval = wilson(round(sum(column) * weight), len(column) * weight)
        elif len(column) > 1:
            half = Z95 * pystats.stdev(column) / math.sqrt(len(column))
            floor = 0.0 if min(column) >= 0 else -math.inf  # counts and points have no negative interval
            interval = (max(floor, mean - half), mean + half)
        else:
            interval = (mean, mean)
        out.append(Figure(stat, len(column), mean, interval))
    return out
