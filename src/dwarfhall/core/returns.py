"""What `State.returns()` gives at the end of a game of N players.

Returns always sum to zero. A sole winner gets +1 and every other player -1/(N-1); tied winners share the
winners' total equally (so with two players a win is exactly +1/-1 and a draw 0/0, which the zero-sum
OpenSpiel game type and ISMCTS's values rely on); when everybody ties, everybody gets 0.
"""

from __future__ import annotations

from collections.abc import Sequence


def winner_returns(num_players: int, winners: Sequence[int]) -> list[float]:
    """Returns for a game won by `winners` (several on a tie; empty or all players: a draw)."""
    if num_players < 1:
        raise ValueError(f"a game has at least one player, got {num_players}")
    won = sorted(set(winners))
    for p in won:
        if not 0 <= p < num_players:
            raise ValueError(f"winner {p} is not a player of a {num_players}-player game")
    if not won or len(won) == num_players:
        return [0.0] * num_players
    if num_players == 2:
        return [1.0, -1.0] if won[0] == 0 else [-1.0, 1.0]
    loss = -1.0 / (num_players - 1)
    share = -loss * (num_players - len(won)) / len(won)
    return [share if p in won else loss for p in range(num_players)]


def ranked_winners(scores: Sequence[float]) -> list[int]:
    """The players with the highest score (several on a tie); games with a tie-break apply it first."""
    best = max(scores)
    return [p for p, v in enumerate(scores) if v == best]
