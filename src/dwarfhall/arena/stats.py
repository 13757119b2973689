"""Statistics over stored games: win rates with Wilson intervals, ratings, seats, lengths, components.

Outcomes come from returns: a seat wins with the unique best return, draws when
it shares the best return, and loses otherwise; nothing assumes two players.
Ratings: Elo for two-player games, OpenSkill (Plackett-Luce) for more players.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Callable, Sequence
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


def share_text(successes: float, trials: int) -> str:
    """A share in per cent with its 95 % Wilson interval, as the bench scripts print it ("-" for no trials)."""
    if trials <= 0:
        return "-"
    low, high = wilson(successes, trials)
    return f"{100 * successes / trials:.1f} % [{100 * low:.1f}, {100 * high:.1f}]"


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


MIN_GAMES = 30  # fewer games on either side of a comparison than this: the figure is marked as uncertain


def difference_interval(a: Tally, b: Tally, z: float = Z95) -> tuple[float, float]:
    """95 % interval for win rate(a) - win rate(b): Newcombe's hybrid score method from the two Wilson
    intervals, which keeps its coverage for small samples and rates near 0 or 1 (Newcombe 1998, method 10)."""
    p1, p2 = a.win_rate, b.win_rate
    l1, u1 = wilson(a.wins, a.games, z)
    l2, u2 = wilson(b.wins, b.games, z)
    d = p1 - p2
    return (d - math.hypot(p1 - l1, u2 - p2), d + math.hypot(u1 - p1, p2 - l2))


@dataclass
class ComponentStat:
    """How one card or unit fares: the results of players who used it against those of players who could
    have and did not (players of the same side when sides are known)."""

    component: str  # the key actions carry in payload["component"]
    group: str | None  # the side whose copy this is (the component's own side, else its user's), if known
    uses: int  # times used in total
    with_it: Tally  # (game, player) pairs where the player used it at least once
    without: Tally  # the other (game, player) pairs of the same side

    @property
    def delta(self) -> float:
        """Win rate when used minus win rate when not: the figure that tells whether it helps."""
        return self.with_it.win_rate - self.without.win_rate

    @property
    def delta_ci(self) -> tuple[float, float]:
        return difference_interval(self.with_it, self.without)

    @property
    def few_games(self) -> bool:
        return min(self.with_it.games, self.without.games) < MIN_GAMES

    def to_json(self) -> dict[str, Any]:
        return {
            "component": self.component,
            "group": self.group,
            "uses": self.uses,
            "with": self.with_it.to_json(),
            "without": self.without.to_json(),
            "delta": self.delta,
            "delta_ci": list(self.delta_ci),
            "few_games": self.few_games,
        }


def _no_group(key: str) -> str | None:
    return None


def seat_side(result: GameResult, seat: int) -> str | None:
    """The side a seat played in a game, when it was stored."""
    return result.sides[seat] if seat < len(result.sides) else None


def component_stats(
    results: Sequence[GameResult], group_of: Callable[[str], str | None] = _no_group, alike: bool = False
) -> list[ComponentStat]:
    """Per component and side, sorted from the largest to the smallest difference in win rate between the
    players who used it and those of the same side who did not.

    `group_of` gives a component's own side (a unit that only one side has); a component both sides hold
    (a card with a name on each side) takes the side of the player who used it, unless `alike` (the sides'
    components are the same but for their names): then it is one component compared over every player. A
    player whose side is unknown counts for every side.
    """
    uses: dict[tuple[str, str | None], int] = {}
    with_it: dict[tuple[str, str | None], Tally] = {}
    by_side: dict[str | None, Tally] = {}
    for r in results:
        for seat in range(len(r.returns)):
            outcome, side = r.outcome(seat), seat_side(r, seat)
            by_side.setdefault(side, Tally()).add(outcome)
            used = r.components[seat] if seat < len(r.components) else {}
            for name, count in used.items():
                group = group_of(name) or (None if alike else side)
                if side is not None and group is not None and group != side:
                    continue  # another side's piece in this player's hands: not a comparison we can make
                key = (name, group)
                uses[key] = uses.get(key, 0) + count
                with_it.setdefault(key, Tally()).add(outcome)
    stats = []
    for (name, group), w in with_it.items():
        sides = [s for s in by_side if group is None or s in (group, None)]
        total = Tally()
        for s in sides:
            t = by_side[s]
            total = Tally(total.games + t.games, total.wins + t.wins, total.draws + t.draws, total.losses + t.losses)
        without = Tally(total.games - w.games, total.wins - w.wins, total.draws - w.draws, total.losses - w.losses)
        stats.append(ComponentStat(name, group, uses[(name, group)], w, without))
    stats.sort(key=lambda s: (-s.delta, -s.with_it.games, s.component, s.group or ""))
    return stats


def side_tallies(
    results: Sequence[GameResult], label: Callable[[GameResult, int], str]
) -> dict[str, tuple[Tally, list[float]]]:
    """Win rates and scores by what `label` calls each seat of each game (its side, else "Seat N"),
    in the order labels first appear seat by seat."""
    table: dict[str, tuple[Tally, list[float]]] = {}
    seats = max((len(r.returns) for r in results), default=0)
    for seat in range(seats):
        for r in results:
            if seat < len(r.returns):
                tally, scores = table.setdefault(label(r, seat), (Tally(), []))
                tally.add(r.outcome(seat))
                scores.append(r.scores[seat] if seat < len(r.scores) else 0.0)
    return table


def length_stats(results: Sequence[GameResult]) -> dict[str, float]:
    """Game length in actions (forced ones included)."""
    return _spread([r.length for r in results])


def turn_stats(results: Sequence[GameResult]) -> dict[str, float]:
    """Game length in the game's own turns; empty unless every game has a turn count."""
    turns = [r.turns for r in results]
    if not turns or any(t is None for t in turns):
        return {}
    return _spread([t for t in turns if t is not None])


def _spread(values: Sequence[int]) -> dict[str, float]:
    if not values:
        return {}
    return {
        "mean": statistics.fmean(values),
        "median": float(statistics.median(values)),
        "min": float(min(values)),
        "max": float(max(values)),
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
            {
                "agent": i,
                "spec": spec,
                **tallies[i].to_json(),
                # an agent on several seats of one game (self-play) has a result per seat but played one game
                "seats": tallies[i].games,
                "games": sum(1 for r in results if i in r.seats),
                **({names[0]: ratings[i][0], names[1]: ratings[i][1]} if system != "none" else {}),
            }
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
        "turns": turn_stats(results),
        "scores": [
            statistics.fmean(r.scores[seat] for r in results) if results else 0.0 for seat in range(num_players)
        ],
        "mean_duration": statistics.fmean(r.duration for r in results) if results else 0.0,
        "cut_off": sum(1 for r in results if r.cut_off),
        "components": [c.to_json() for c in component_stats(results)],
    }
