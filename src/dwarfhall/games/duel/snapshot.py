"""The full state as JSON (the body of `State.to_json`); `scenario.parse` reads it back."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .dice import face_json
from .phases import ANSWER_MASK, ANSWER_NAMES, ANSWERS_UNKNOWN, CANCEL, FRESH_SHIFT, GONE, PHASE_NAMES, PILE

if TYPE_CHECKING:
    from .state import DuelState


def dump(s: DuelState) -> dict[str, Any]:
    keys = s.game.tables.keys
    players = []
    for p in (0, 1):
        players.append(
            {
                "side": s.sides[p],
                "hand": [keys[k] for k, n in enumerate(s.hand[p]) for _ in range(n)],
                "known_in_hand": [keys[k] for k, n in enumerate(s.known[p]) for _ in range(n)],
                "pile": [keys[k] for k in reversed(s.pile[p])],
                "display": [{"card": keys[k], "damage": d} for k, d in zip(s.disp[p], s.dmg[p], strict=True)],
                "discard": [keys[k] for k in s.discard[p]],
                "wild_cards": s.wild[p],
                "bonus_dice": s.bonus[p],
            }
        )
    return {
        "active": s.active,
        "turn": s.turn,
        "phase": PHASE_NAMES[s.phase],
        "players": players,
        "dice": [{"face": face_json(f), "used": u} for f, u in zip(s.dice, s.spent, strict=True)],
        "rerolls_left": s.rerolls,
        "used_a_die": s.used_die,
        "fresh_wild_cards": s.fresh,
        "effect": None if s.effect < 0 else keys[s.effect],
        "windows": [_frame(s, f) for f in s.stack],
        "over": s.is_terminal,
        "end_reason": s.reason,
    }


def _frame(s: DuelState, frame: tuple[int, int, int, int]) -> dict[str, Any]:
    owner, kind, slot, source = frame
    if kind != CANCEL:
        frame_data: dict[str, Any] = {"player": owner, "kind": "response"}
        if slot & ANSWER_MASK != ANSWERS_UNKNOWN:
            frame_data["answers"] = ANSWER_NAMES[slot & ANSWER_MASK]
            frame_data["source"] = s.game.tables.keys[source] if source >= 0 else None
        if slot >> FRESH_SHIFT:  # the any-die Ally whose play this window still answers
            frame_data["fresh_ally"] = s.game.tables.keys[(slot >> FRESH_SHIFT) - 1]
        return frame_data
    target: str | int = "pile" if slot == PILE else "gone" if slot == GONE else slot
    card = s.game.tables.keys[source] if source >= 0 else None
    return {"player": owner, "kind": "cancel", "target": target, "source": card}
