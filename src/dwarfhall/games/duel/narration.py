"""The Duel's game log: what came of a move, read from two observations of one viewer.

Only the viewer's observations are compared, so a line can never name a card the viewer may not see (the
opponent's drawn cards are a number, the viewer's own are named).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from dwarfhall.core import Action

from .components import CardType
from .words import CardWords, face_text, msg


def narrate(
    view: CardWords, before: Mapping[str, Any], action: Action | None, after: Mapping[str, Any], lang: str
) -> list[str]:
    viewer = after.get("viewer")
    lines: list[str] = []

    def say(key: str, seat: int, **fields: Any) -> None:
        you = seat == viewer
        lines.append(msg(key + ("_you" if you else ""), lang, player=msg("player", lang, n=seat), **fields))

    played = action.payload.get("component") if action is not None else None
    move = action.payload.get("move") if action is not None else None
    # the dice: a new roll, or faces changed by a re-roll or an effect
    old_faces = [d["face"] for d in before.get("dice", [])]
    new_faces = [d["face"] for d in after.get("dice", [])]
    if new_faces and new_faces != old_faces:
        shown = " ".join(f"[{face_text(f, lang)}]" for f in new_faces)
        fresh = not old_faces or before.get("turn") != after.get("turn")
        say("log_rolled" if fresh else "log_dice_now", after["active"], dice=shown)
    for seat in (0, 1):
        was, now = before["players"][seat], after["players"][seat]
        # cards drawn or taken into the hand: named for their owner, counted for the other
        if now["hand"] is not None and was["hand"] is not None:
            gained = Counter(now["hand"]) - Counter(was["hand"])
            if gained:
                cards = ", ".join(view.name(k, _side(after, seat), lang) for k in sorted(gained.elements()))
                say("log_hand_gain", seat, cards=cards)
        elif now["hand_size"] > was["hand_size"]:
            say("log_hand_count", seat, n=now["hand_size"] - was["hand_size"])
        # damage in the display, and cards that left it
        lost = Counter(c["card"] for c in was["display"]) - Counter(c["card"] for c in now["display"])
        hurt = _damage(now) - _damage(was)
        for key, points in sorted(hurt.items()):
            if key not in lost:
                card = next(c for c in now["display"] if c["card"] == key)
                say(
                    "log_damage",
                    seat,
                    card=view.noun(key, _side(after, seat)),
                    n=points,
                    left=max(0, (card["health"] or 0) - card["damage"]),
                )
        for key in sorted(lost.elements()):
            say("log_defeated", seat, card=view.noun(key, _side(after, seat)))
        # new cards on the discard pile: an effect played, or the top of the draw pile hit by damage
        new = now["discard"][len(was["discard"]) :] if now["discard"][: len(was["discard"])] == was["discard"] else []
        milled = max(0, was["pile_size"] - now["pile_size"] - (now["hand_size"] - was["hand_size"]))
        for key in new:
            if lost[key]:
                lost[key] -= 1
                continue
            kind = view.kind(key)
            name = view.name(key, _side(after, seat), lang)
            if key == played and move in ("play", "damage") and kind.type in (CardType.EVENT, CardType.TWIST):
                lines.append(msg("log_effect", lang, card=name, effect=view.effect(kind, lang)))
            elif milled:
                milled -= 1
                say("log_milled", seat, card=name)
        if now["wild_cards"] > was["wild_cards"]:
            say("log_wild_taken", seat, n=now["wild_cards"])
        elif now["wild_cards"] < was["wild_cards"]:
            say("log_wild_spent", seat, n=now["wild_cards"])
        if now["bonus_dice"] > was["bonus_dice"]:
            say("log_bonus", seat, n=now["bonus_dice"])
        if now["vp"] != was["vp"]:
            say("log_vp", seat, n=now["vp"])
    if after.get("turn") != before.get("turn") and after.get("result") is None:
        say("log_turn", after["active"], turn=after["turn"])
    return lines


def _side(obs: Mapping[str, Any], seat: int) -> str:
    return str(obs["players"][seat]["side"])


def _damage(player: Mapping[str, Any]) -> Counter[str]:
    total: Counter[str] = Counter()
    for card in player["display"]:
        total[card["card"]] += card["damage"]
    return total
