"""Statistics over stored games: win rates with Wilson intervals, ratings, seats, lengths, components.

Outcomes come from returns: a seat wins with the unique best return, draws when
it shares the best return, and loses otherwise; nothing assumes two players.
Ratings: Elo for two-player games, OpenSkill (Plackett-Luce) for more players.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from openskill.models import PlackettLuce

from .results import GameResult

Z95 = 1.959964  # two-sided 95 % normal quantile
ELO_MEAN = 1500.0
ELO_SCALE = 400.0 / math.log(10)  # Elo points per unit of natural-log strength


def wilson(successes: float, trials: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval for a proportion; sensible even at 0 or n successes and for small n."""
    if trials <= 0:
        return (0.0, 1.0)
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


@dataclass
class Tally:
    games: int = 0
    wins: int = 0
    draws: int = 0
    losses: int = 0

    def add(self, outcome: str) -> None:
        self.games += 1
        if outcome == "win":
            self.wins += 1
        elif outcome == "draw":
            self.draws += 1
        else:
            self.losses += 1

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def ci(self) -> tuple[float, float]:
        return wilson(self.wins, self.games)

    @property
    def score(self) -> float:
        """Points per game with a draw as half a win, as chess counts."""
        return (self.wins + 0.5 * self.draws) / self.games if self.games else 0.0

    def to_json(self) -> dict[str, Any]:
        low, high = self.ci
        return {
            "games": self.games,
            "wins": self.wins,
            "draws": self.draws,
            "losses": self.losses,
            "win_rate": self.win_rate,
            "ci": [low, high],
            "score": self.score,
        }


def agent_tallies(results: Sequence[GameResult], num_agents: int) -> list[Tally]:
    tallies = [Tally() for _ in range(num_agents)]
    for r in results:
        for seat, agent in enumerate(r.seats):
            tallies[agent].add(r.outcome(seat))
    return tallies


def pairing_tallies(results: Sequence[GameResult]) -> dict[str, dict[int, Tally]]:
    table: dict[str, dict[int, Tally]] = {}
    for r in results:
        row = table.setdefault(r.pairing, {})
        for seat, agent in enumerate(r.seats):
            row.setdefault(agent, Tally()).add(r.outcome(seat))
    return table


def seat_tallies(results: Sequence[GameResult], num_players: int) -> list[Tally]:
    tallies = [Tally() for _ in range(num_players)]
    for r in results:
        for seat in range(num_players):
            tallies[seat].add(r.outcome(seat))
    return tallies


def placings(results: Sequence[GameResult], num_agents: int, num_players: int) -> list[list[int]]:
    """Per agent, how often it finished 1st, 2nd, ...: place = 1 + seats ahead by return, then by the game's score
    (returns tell only the winners apart when the losers share a return; scores order the others)."""
    table = [[0] * num_players for _ in range(num_agents)]
    for r in results:
        keys = [(value, r.scores[seat] if seat < len(r.scores) else 0.0) for seat, value in enumerate(r.returns)]
        for seat, agent in enumerate(r.seats):
            table[agent][sum(k > keys[seat] for k in keys)] += 1
    return table


def first_player_tallies(results: Sequence[GameResult]) -> tuple[Tally, Tally]:
    """(the player who decided first, every other player) over all games."""
    first, others = Tally(), Tally()
    for r in results:
        for seat in range(len(r.returns)):
            (first if seat == r.first_player else others).add(r.outcome(seat))
    return first, others


def elo(results: Sequence[GameResult], num_agents: int) -> list[tuple[float, float]]:
    """(rating, approximate standard error) per agent, by maximum likelihood.

    Every game is split into pairwise results between seats of different agents
    (the better return wins, equal returns are half a win each) and the
    Bradley-Terry model P(a beats b) = 1 / (1 + 10^((Rb - Ra) / 400)) is fitted by
    Hunter's MM iterations. Each agent also gets one virtual draw against a fixed
    reference, which keeps ratings finite when an agent never (or always) wins and
    matters little after a few dozen games. Ratings are shifted to average 1500.
    """
    wins = [[0.0] * num_agents for _ in range(num_agents)]
    played = [[0] * num_agents for _ in range(num_agents)]
    for r in results:
        for s in range(len(r.seats)):
            for t in range(s + 1, len(r.seats)):
                a, b = r.seats[s], r.seats[t]
                if a == b:
                    continue
                score = 1.0 if r.returns[s] > r.returns[t] else 0.5 if r.returns[s] == r.returns[t] else 0.0
                wins[a][b] += score
                wins[b][a] += 1.0 - score
                played[a][b] += 1
                played[b][a] += 1
    gamma = [1.0] * num_agents
    for _ in range(10_000):
        new = []
        for a in range(num_agents):
            total_wins = sum(wins[a]) + 0.5
            denominator = 1.0 / (gamma[a] + 1.0) + sum(
                played[a][b] / (gamma[a] + gamma[b]) for b in range(num_agents) if played[a][b]
            )
            new.append(total_wins / denominator)
        change = max(abs(math.log(n / g)) for n, g in zip(new, gamma, strict=True))
        gamma = new
        if change < 1e-10:
            break
    logs = [math.log(g) for g in gamma]
    shift = ELO_MEAN - ELO_SCALE * statistics.fmean(logs)
    out = []
    for a in range(num_agents):
        p_ref = gamma[a] / (gamma[a] + 1.0)
        information = p_ref * (1 - p_ref)
        for b in range(num_agents):
            if played[a][b]:
                p = gamma[a] / (gamma[a] + gamma[b])
                information += played[a][b] * p * (1 - p)
        out.append((shift + ELO_SCALE * logs[a], ELO_SCALE / math.sqrt(information)))
    return out


def pairing_elo(results: Sequence[GameResult]) -> dict[str, dict[int, float]]:
    """Elo fitted inside each pairing alone (its agents average 1500): the head-to-head strength gap."""
    groups: dict[str, list[GameResult]] = {}
    for r in results:
        groups.setdefault(r.pairing, []).append(r)
    table = {}
    for pairing, games in sorted(groups.items()):
        agents = sorted({a for r in games for a in r.seats})
        if len(agents) < 2:
            continue
        local = {a: i for i, a in enumerate(agents)}
        renumbered = [replace(r, seats=tuple(local[a] for a in r.seats)) for r in games]
        ratings = elo(renumbered, len(agents))
        table[pairing] = {a: ratings[local[a]][0] for a in agents}
    return table


def openskill_ratings(results: Sequence[GameResult], num_agents: int) -> list[tuple[float, float]]:
    """(mu, sigma) per agent from OpenSkill's Plackett-Luce model, for games of more than two players.

    Each game ranks its seats by return (equal returns share a rank) and updates the ratings of the agents
    in it, in the stored order (by pairing and game index), so the same games always give the same ratings.
    Ratings start at mu 25, sigma 25/3; a game with one agent in several seats says nothing and is skipped.
    """
    model = PlackettLuce()
    ratings = [model.rating() for _ in range(num_agents)]
    for r in results:
        if len(set(r.seats)) < len(r.seats):
            continue
        ranks = [float(-value) for value in r.returns]  # a lower rank is better
        new = model.rate([[ratings[a]] for a in r.seats], ranks=ranks)
        for a, (rating,) in zip(r.seats, new, strict=True):
            ratings[a] = rating
    return [(float(x.mu), float(x.sigma)) for x in ratings]


def ratings_of(
    results: Sequence[GameResult], num_agents: int, num_players: int
) -> tuple[str, list[tuple[float, float]]]:
    """The rating system for the table size and (rating, its uncertainty) per agent: Elo with its standard
    error for two players, OpenSkill's mu and sigma for more."""
    if num_agents < 2:
        return "none", [(ELO_MEAN, 0.0)] * num_agents
    if num_players <= 2:
        return "elo", elo(results, num_agents)
    return "openskill", openskill_ratings(results, num_agents)


@dataclass
class ComponentStat:
    """How one card or unit fares: games in which a player used it, and that player's results."""

    component: str
    uses: int  # times used in total
    with_it: Tally  # (game, player) pairs where the player used it at least once
    without: Tally  # every other (game, player) pair

    def to_json(self) -> dict[str, Any]:
        return {
            "component": self.component,
            "uses": self.uses,
            "with": self.with_it.to_json(),
            "without": self.without.to_json(),
            "delta": self.with_it.win_rate - self.without.win_rate,
        }


def component_stats(results: Sequence[GameResult]) -> list[ComponentStat]:
    """Per component, sorted from the best to the worst win rate of the players who used it."""
    uses: dict[str, int] = {}
    with_it: dict[str, Tally] = {}
    overall = Tally()
    for r in results:
        for used in r.components:
            for name, count in used.items():
                uses[name] = uses.get(name, 0) + count
                with_it.setdefault(name, Tally())
    names = sorted(uses)
    totals = {name: Tally() for name in names}
    for r in results:
        for seat in range(len(r.returns)):
            outcome = r.outcome(seat)
            overall.add(outcome)
            used = r.components[seat] if seat < len(r.components) else {}
            for name in used:
                with_it[name].add(outcome)
            for name in names:
                totals[name].add(outcome)
    stats = []
    for name in names:
        w, t = with_it[name], totals[name]
        without = Tally(t.games - w.games, t.wins - w.wins, t.draws - w.draws, t.losses - w.losses)
        stats.append(ComponentStat(name, uses[name], w, without))
    stats.sort(key=lambda s: (-s.with_it.win_rate, -s.with_it.games, s.component))
    return stats


def length_stats(results: Sequence[GameResult]) -> dict[str, float]:
    lengths = [r.length for r in results]
    if not lengths:
        return {}
    return {
        "mean": statistics.fmean(lengths),
        "median": float(statistics.median(lengths)),
        "min": float(min(lengths)),
        "max": float(max(lengths)),
    }


def summarize(results: Sequence[GameResult], specs: Sequence[str], num_players: int) -> dict[str, Any]:
    """Everything the CLI prints and the run table stores, as JSON-ready data."""
    tallies = agent_tallies(results, len(specs))
    system, ratings = ratings_of(results, len(specs), num_players)
    first, others = first_player_tallies(results)
    names = ("elo", "elo_se") if system in ("elo", "none") else ("mu", "sigma")
    return {
        "games": len(results),
        "rating": system,
        "agents": [
            {"agent": i, "spec": spec, **tallies[i].to_json(), names[0]: ratings[i][0], names[1]: ratings[i][1]}
            for i, spec in enumerate(specs)
        ],
        "pairings": {
            pairing: {str(agent): tally.to_json() for agent, tally in sorted(row.items())}
            for pairing, row in sorted(pairing_tallies(results).items())
        },
        "pairing_elo": (
            {p: {str(a): v for a, v in row.items()} for p, row in pairing_elo(results).items()}
            if num_players <= 2
            else {}
        ),
        "placings": placings(results, len(specs), num_players),
        "seats": [t.to_json() for t in seat_tallies(results, num_players)],
        "first_player": first.to_json(),
        "other_players": others.to_json(),
        "length": length_stats(results),
        "scores": [
            statistics.fmean(r.scores[seat] for r in results) if results else 0.0 for seat in range(num_players)
        ],
        "mean_duration": statistics.fmean(r.duration for r in results) if results else 0.0,
        "components": [c.to_json() for c in component_stats(results)],
    }
