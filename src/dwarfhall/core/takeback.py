"""Whether a move may be taken back: the rule of the table, for every game alike.

A person may take back their own moves of the current turn, never once a move used chance, showed anyone
something hidden, or passed the decision to somebody else. The check compares states before and after the
move; drivers (the server, the terminal) call it once per person's move, never a search.
"""

from __future__ import annotations

from typing import Any

from .errors import DwarfhallError
from .game import State
from .rng import Rng

TURN = "turn"  # the move passed the decision to another player (or ended the game)
CHANCE = "chance"  # the move rolled dice, shuffled or drew from the game's random numbers
REVEALED = "revealed"  # the move showed somebody something that was hidden from them

SAMPLES = 3  # deals re-sampled from the mover's knowledge: a hidden card drawn differs in one of them


def undo_block(before: State[Any], action: int, after: State[Any]) -> str | None:
    """Why the move `action` (played in `before`, giving `after`) cannot be taken back, or None when it can."""
    mover = before.current_player
    if after.is_terminal or after.current_player != mover:
        return TURN
    if after.rng.state != before.rng.state:
        return CHANCE
    if _mover_learnt(before, action, after, mover):
        return REVEALED
    public_before, public_after = before.observation(None), after.observation(None)
    public = _changed(public_before, public_after)
    for p in range(before.num_players):
        if p == mover:
            continue
        seen_before, seen_after = before.observation(p), after.observation(p)
        changed = _changed(seen_before, seen_after)
        private = _changed(seen_before, public_before) | _changed(seen_after, public_after)
        if _overlap(changed, private) or not _within(changed, public):
            return REVEALED  # p now sees something that only p sees, or that the public view does not show
    return None


def _overlap(paths: set[str], others: set[str]) -> bool:
    return any(a == b or a.startswith(b + "/") or b.startswith(a + "/") for a in paths for b in others)


def _within(paths: set[str], others: set[str]) -> bool:
    return all(_overlap({a}, others) for a in paths)


def _mover_learnt(before: State[Any], action: int, after: State[Any], mover: int) -> bool:
    """In deals the mover cannot tell apart from the real one, the move shows the mover something else."""
    seen = after.observation(mover)
    rng = Rng(len(before.history) + 1)
    for _ in range(SAMPLES):
        sample = before.determinize(mover, rng)
        try:
            sample.apply(action)
        except DwarfhallError:
            return True
        if sample.observation(mover) != seen:
            return True
    return False


def _changed(before: Any, after: Any, path: str = "") -> set[str]:
    """The paths of a JSON view whose values differ between two moments (hidden parts' paths differ by viewer
    only in what they show, so a path is the same in every player's view and the public one)."""
    if isinstance(before, dict) and isinstance(after, dict):
        out: set[str] = set()
        for key in before.keys() | after.keys():
            if key == "viewer":
                continue
            out |= _changed(before.get(key), after.get(key), f"{path}/{key}")
        return out
    if isinstance(before, list) and isinstance(after, list) and len(before) == len(after):
        out = set()
        for i, (b, a) in enumerate(zip(before, after, strict=True)):
            out |= _changed(b, a, f"{path}/{i}")
        return out
    return set() if before == after else {path}
