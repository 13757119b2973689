"""Actions as people and programs see them: a JSON-ready payload and labels in English and German.

Card names are those of the side that owns the card (the acting side for cards it plays).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from dwarfhall.core.actions import Action

from . import dice
from .damage import credited_ally
from .layout import (
    AXE,
    DRAW_ALL,
    DRAW_ONE,
    END_TURN,
    KEEP_DICE,
    NPAY,
    PASS,
    PLAY_BASE,
    REROLL_BASE,
    ROLL,
    SHORT_REST_BASE,
    SRC_AXE,
    SRC_WILD,
    pay_parts,
)
from .payments import naturals
from .phases import CANCEL, PILE
from .tables import A_EXTRA_DRAW, A_REROLL

if TYPE_CHECKING:
    from .state import DuelState


def face_json(face: int) -> int | str:
    return "axe" if face == AXE else face


def face_text(face: int, lang: str) -> str:
    if face == AXE:
        return "Axt" if lang == "de" else "axe"
    return str(face)


def describe(s: DuelState, a: int) -> Action:
    actor = s.to_act if s.to_act >= 0 else s.active
    window = bool(s.stack)
    layout = s.t.layout
    if a == PASS:
        cancel = window and s.stack[-1][1] == CANCEL
        en, de = ("Pass (let the damage through)", "Passen (Schaden hinnehmen)") if cancel else ("Pass", "Passen")
        return Action(a, {"move": "pass", "window": True, "damage_pending": cancel}, {"en": en, "de": de})
    if a == END_TURN:
        return Action(a, {"move": "end_turn"}, {"en": "End the turn", "de": "Zug beenden"})
    if a == ROLL:
        n = dice.dice_to_roll(s, s.active)
        return Action(a, {"move": "roll", "dice": n}, {"en": f"Roll {n} dice", "de": f"{n} Würfel werfen"})
    if a == KEEP_DICE:
        return Action(a, {"move": "keep_dice"}, {"en": "Keep the dice", "de": "Würfel behalten"})
    if a in (DRAW_ONE, DRAW_ALL):
        return _draw(s, a)
    if REROLL_BASE <= a < REROLL_BASE + 6:
        face = a - REROLL_BASE + 1
        key = _support_key(s, actor, A_REROLL)
        return Action(
            a,
            {"move": "reroll", "face": face_json(face), "component": key},
            {"en": f"Re-roll a die showing {_face_en(face)}", "de": f"Einen Würfel mit {_face_de(face)} neu werfen"},
        )
    if SHORT_REST_BASE <= a < PLAY_BASE:
        face = a - SHORT_REST_BASE + 1
        name = _names(s, actor, s.effect)
        return Action(
            a,
            {"move": "short_rest", "face": face, "component": s.t.keys[s.effect]},
            {
                "en": f"{name['en']}: a die showing {face} counts as the axe",
                "de": f"{name['de']}: ein Würfel mit {face} zählt als Axt",
            },
        )
    if a < layout.banish_base:
        return _play(s, a, actor, window)
    if a < layout.recover_base:
        return _banish(s, a, actor)
    if a < layout.damage_base:
        kind = a - layout.recover_base
        name, card = _names(s, actor, s.effect), _names(s, actor, kind)
        return Action(
            a,
            {"move": "recover", "component": s.t.keys[s.effect], "card": s.t.keys[kind]},
            {
                "en": f"{name['en']}: take {card['en']} back into the hand",
                "de": f"{name['de']}: {card['de']} zurück auf die Hand",
            },
        )
    return _damage(s, a, actor, window)


def _draw(s: DuelState, a: int) -> Action:
    p = s.active
    extra = dice.support_total(s, p, A_EXTRA_DRAW)
    if a == DRAW_ONE:
        return Action(a, {"move": "draw", "cards": 1}, {"en": "Draw 1 card", "de": "1 Karte ziehen"})
    n = 1 + extra
    return Action(
        a,
        {"move": "draw", "cards": n, "component": _support_key(s, p, A_EXTRA_DRAW)},
        {"en": f"Draw {n} cards (with the extra cards)", "de": f"{n} Karten ziehen (mit den zusätzlichen)"},
    )


def _play(s: DuelState, a: int, actor: int, window: bool) -> Action:
    t = s.t
    kind, pay = divmod(a - PLAY_BASE, NPAY)
    value, axes, wilds = pay_parts(pay)
    natural = naturals(t.cost_kind[kind], t.cost_count[kind], value, axes, wilds)
    name = _names(s, actor, kind)
    parts_en = [str(value)] * natural + ["axe"] * axes + ["Wild Card"] * wilds
    parts_de = [str(value)] * natural + ["Axt"] * axes + ["Jokerkarte"] * wilds
    if parts_en:
        en = f"Play {name['en']}, paying {'-'.join(parts_en)}"
        de = f"Spiele {name['de']}, zahle {'-'.join(parts_de)}"
    else:
        en, de = f"Play {name['en']} (free)", f"Spiele {name['de']} (kostenlos)"
    payload: dict[str, Any] = {
        "move": "play",
        "component": t.keys[kind],
        "card": t.keys[kind],
        "payment": {"value": value, "dice": natural, "axes": axes, "wild_cards": wilds},
        "window": window,
    }
    return Action(a, payload, {"en": en, "de": de})


def _banish(s: DuelState, a: int, actor: int) -> Action:
    layout = s.t.layout
    kind, dmg = divmod(a - layout.banish_base, layout.depth)
    other = 1 - actor
    target = _card_target(s, other, kind, dmg)
    name = _names(s, actor, s.effect)
    victim = _names(s, other, kind)
    return Action(
        a,
        {"move": "banish", "component": s.t.keys[s.effect], "target": target},
        {
            "en": f"{name['en']}: put {victim['en']}{_dmg_en(dmg)} on the discard pile",
            "de": f"{name['de']}: {victim['de']}{_dmg_de(dmg)} auf den Ablagestapel",
        },
    )


def _damage(s: DuelState, a: int, actor: int, window: bool) -> Action:
    t = s.t
    layout = t.layout
    src, target = divmod(a - layout.damage_base, layout.targets)
    other = 1 - actor
    payload: dict[str, Any] = {"move": "damage", "window": window}
    if target == 0:
        payload["target"] = {"player": other, "pile": True}
        to_en, to_de = "the opponent's draw pile", "den Nachziehstapel des Gegners"
    else:
        kind, dmg = layout.target_parts(target)
        payload["target"] = _card_target(s, other, kind, dmg)
        victim = _names(s, other, kind)
        to_en, to_de = victim["en"] + _dmg_en(dmg), victim["de"] + _dmg_de(dmg)
    if src >= layout.first_throw_src:
        kind = t.throw_kinds[src - layout.first_throw_src]
        name = _names(s, actor, kind)
        payload.update(component=t.keys[kind], source="twist")
        en = f"Play {name['en']}: 1 damage to {to_en}"
        return Action(a, payload, {"en": en, "de": f"Spiele {name['de']}: 1 Schaden auf {to_de}"})
    if src < SRC_AXE:
        face = src + 1
        payload.update(source="die", face=face)
        with_en, with_de = f"with a {face}", f"mit einer {face}"
    elif src == SRC_AXE:
        face = 0
        payload["source"] = "axe"
        with_en, with_de = "with an axe face", "mit einer Axt"
    else:
        face = 0
        payload["source"] = "wild_card"
        with_en, with_de = "with a Wild Card", "mit einer Jokerkarte"
    assert src <= SRC_WILD
    ally = credited_ally(s, actor, face)
    name = _names(s, actor, ally)
    payload["component"] = t.keys[ally]
    return Action(
        a,
        payload,
        {"en": f"{name['en']}: 1 damage {with_en} to {to_en}", "de": f"{name['de']}: 1 Schaden {with_de} auf {to_de}"},
    )


def _card_target(s: DuelState, player: int, kind: int, dmg: int) -> dict[str, Any]:
    slot = next(
        (i for i, (k, d) in enumerate(zip(s.disp[player], s.dmg[player], strict=True)) if k == kind and d == dmg), PILE
    )
    return {"player": player, "card": s.t.keys[kind], "damage": dmg, "slot": slot}


def _names(s: DuelState, player: int, kind: int) -> dict[str, str]:
    card = s.t.cards.kinds[kind]
    side = s.sides[player]
    return {"en": card.name(side, "en"), "de": card.name(side, "de")}


def _support_key(s: DuelState, player: int, ability: int) -> str | None:
    t = s.t
    return next((t.keys[k] for k in s.disp[player] if t.ability[k] == ability), None)


def _face_en(face: int) -> str:
    return "the axe" if face == AXE else str(face)


def _face_de(face: int) -> str:
    return "der Axt" if face == AXE else str(face)


def _dmg_en(dmg: int) -> str:
    return f" ({dmg} damage this turn)" if dmg else ""


def _dmg_de(dmg: int) -> str:
    return f" (bereits {dmg} Schaden)" if dmg else ""


__all__ = ["describe", "face_json", "face_text"]
