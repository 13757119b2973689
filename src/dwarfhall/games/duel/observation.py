"""What a player sees: everything public, their own hand, never the deck order or the Rng.

The keys are documented in docs/rules/duel.md (front ends and the heuristic read them). The hidden parts
(hands, pile contents) come through the zones (kit.zones), which decide who sees them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .dice import dice_to_roll, face_json
from .kit import WILD_CARDS
from .phases import ANSWER_MASK, ANSWER_NAMES, ANSWERS_UNKNOWN, CANCEL, GONE, PHASE_NAMES, PILE, PREROLL

if TYPE_CHECKING:
    from .state import DuelState


def observe(s: DuelState, viewer: int | None) -> dict[str, Any]:
    t = s.game.tables
    keys = t.keys
    zones = s.game.zones
    assert zones is not None
    players = []
    for p in (0, 1):
        players.append(
            {
                "side": s.sides[p],
                "hand": zones.cards(s, "hand", p, viewer),
                "hand_size": s.hand_n[p],
                "known_in_hand": zones.known_cards(s, "hand", p),
                "pile_size": zones.size(s, "pile", p),
                "display": [
                    {"card": keys[k], "damage": d, "health": t.health[k] or None, "vp": t.vp[k]}
                    for k, d in zip(s.disp[p], s.dmg[p], strict=True)
                ],
                "discard": zones.cards(s, "discard", p, viewer),
                "wild_cards": s.wild[p],
                "bonus_dice": s.bonus[p],
                "vp": s.vp(p),
            }
        )
    active = s.active
    return {
        "game": "duel",
        "viewer": viewer,
        "turn": s.turn,
        "active": active,
        "to_act": s.to_act,
        "phase": PHASE_NAMES[s.phase],
        "players": players,
        "dice": [{"face": face_json(f), "used": u} for f, u in zip(s.dice, s.spent, strict=True)],
        "dice_to_roll": dice_to_roll(s, active) if s.phase <= PREROLL and not s.is_terminal else None,
        "rerolls_left": s.rerolls,
        "used_a_die": s.used_die,
        "wild_cards_middle": WILD_CARDS - s.wild[0] - s.wild[1],
        "wild_cards_usable": s.wild[active] - s.fresh,
        "effect": None if s.effect < 0 else {"player": active, "card": keys[s.effect]},
        "windows": [_frame(s, frame) for frame in s.stack],
        "result": _result(s),
    }


def _frame(s: DuelState, frame: tuple[int, int, int, int]) -> dict[str, Any]:
    owner, kind, slot, source = frame
    keys = s.game.tables.keys
    if kind != CANCEL:
        answers = None
        if slot & ANSWER_MASK != ANSWERS_UNKNOWN:  # public: a roll, an ended turn or a card laid open
            what = ANSWER_NAMES[slot & ANSWER_MASK]
            answers = {"player": 1 - owner, "what": what, "card": keys[source] if source >= 0 else None}
        return {"player": owner, "kind": "response", "damage": None, "answers": answers}
    target: dict[str, Any]
    if slot == PILE:
        target = {"player": owner, "pile": True}
    elif slot == GONE:
        target = {"player": owner, "gone": True}
    else:
        target = {"player": owner, "card": keys[s.disp[owner][slot]], "slot": slot}
    return {
        "player": owner,
        "kind": "cancel",
        "damage": {"dealer": 1 - owner, "source": keys[source] if source >= 0 else None, "target": target},
    }


def _result(s: DuelState) -> dict[str, Any] | None:
    if not s.is_terminal:
        return None
    w = s.winner()
    return {"winner": None if w < 0 else w, "reason": s.reason, "vp": [s.vp(0), s.vp(1)]}
