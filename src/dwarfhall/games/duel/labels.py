"""Actions as people and programs see them: a JSON-ready payload and a label.

A label is a message key of the Duel's messages file (messages.toml, the `act_*` keys) with its fields; the
text is rendered in a language only when asked. Card names are `Name`s of the side that owns the card (the
acting side for cards it plays), so a language can inflect them. Which label an id gets follows its block of
the action space (kit.action_space).
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from dwarfhall.core.actions import Action
from dwarfhall.core.messages import Catalog, Message, Name, msg

from . import dice
from .damage import credited_ally
from .dice import face_json
from .layout import AXE, SRC_AXE, SRC_WILD, pay_parts
from .payments import naturals
from .phases import CANCEL, PILE
from .tables import A_EXTRA_DRAW, A_REROLL

if TYPE_CHECKING:
    from .state import DuelState

MESSAGES = Path(__file__).with_name("messages.toml")


@cache
def catalog() -> Catalog:
    """The Duel's messages, read once."""
    return Catalog.load(MESSAGES)


def describe(s: DuelState, action_id: int) -> Action:
    actor = s.to_act if s.to_act >= 0 else s.active
    block, index = s.game.tables.layout.space.decode(action_id)
    payload, text = _BY_BLOCK[block](s, actor, index)
    return Action(action_id, payload, text, catalog())


_Label = tuple[dict[str, Any], Message]


def _pass(s: DuelState, actor: int, index: tuple[int, ...]) -> _Label:
    cancel = bool(s.stack) and s.stack[-1][1] == CANCEL
    return {"move": "pass", "window": True, "damage_pending": cancel}, msg("act_pass_damage" if cancel else "act_pass")


def _end_turn(s: DuelState, actor: int, index: tuple[int, ...]) -> _Label:
    return {"move": "end_turn"}, msg("act_end_turn")


def _roll(s: DuelState, actor: int, index: tuple[int, ...]) -> _Label:
    n = dice.dice_to_roll(s, s.active)
    # the pre-roll is a window for one's own Twists: whether one could be played depends on the hidden hand
    return {"move": "roll", "dice": n, "window": True}, msg("act_roll", n=n)


def _keep_dice(s: DuelState, actor: int, index: tuple[int, ...]) -> _Label:
    return {"move": "keep_dice"}, msg("act_keep_dice")


def _draw_one(s: DuelState, actor: int, index: tuple[int, ...]) -> _Label:
    return {"move": "draw", "cards": 1}, msg("act_draw_one")


def _draw_all(s: DuelState, actor: int, index: tuple[int, ...]) -> _Label:
    p = s.active
    n = 1 + dice.support_total(s, p, A_EXTRA_DRAW)
    return {"move": "draw", "cards": n, "component": _support_key(s, p, A_EXTRA_DRAW)}, msg("act_draw_all", n=n)


def _reroll(s: DuelState, actor: int, index: tuple[int, ...]) -> _Label:
    face = index[0] + 1
    payload = {"move": "reroll", "face": face_json(face), "component": _support_key(s, actor, A_REROLL)}
    return payload, msg("act_reroll", face=msg("act_the_axe") if face == AXE else face)


def _short_rest(s: DuelState, actor: int, index: tuple[int, ...]) -> _Label:
    face = index[0] + 1
    payload = {"move": "short_rest", "face": face, "component": s.game.tables.keys[s.effect]}
    return payload, msg("act_short_rest", card=_noun(s, actor, s.effect), face=face)


def _play(s: DuelState, actor: int, index: tuple[int, ...]) -> _Label:
    t = s.game.tables
    kind, pay = index
    value, axes, wilds = pay_parts(pay)
    natural = naturals(t.cost_kind[kind], t.cost_count[kind], value, axes, wilds)
    payload: dict[str, Any] = {
        "move": "play",
        "component": t.keys[kind],
        "card": t.keys[kind],
        "payment": {"value": value, "dice": natural, "axes": axes, "wild_cards": wilds},
        "window": bool(s.stack),
    }
    card = _noun(s, actor, kind)
    parts: list[Any] = [value] * natural + [msg("act_pay_axe")] * axes + [msg("act_pay_wild")] * wilds
    if not parts:
        return payload, msg("act_play_free", card=card)
    payment = parts[-1]
    for part in reversed(parts[:-1]):  # "4-4-axe": each part joined to the rest
        payment = msg("act_pay_more", first=part, rest=payment)
    return payload, msg("act_play", card=card, payment=payment)


def _banish(s: DuelState, actor: int, index: tuple[int, ...]) -> _Label:
    kind, dmg = index
    other = 1 - actor
    payload = {"move": "banish", "component": s.game.tables.keys[s.effect], "target": _card_target(s, other, kind, dmg)}
    text = msg("act_banish", card=_noun(s, actor, s.effect), target=_noun(s, other, kind), damage=_so_far(dmg))
    return payload, text


def _recover(s: DuelState, actor: int, index: tuple[int, ...]) -> _Label:
    kind = index[0]
    payload = {"move": "recover", "component": s.game.tables.keys[s.effect], "card": s.game.tables.keys[kind]}
    return payload, msg("act_recover", card=_noun(s, actor, s.effect), target=_noun(s, actor, kind))


def _damage(s: DuelState, actor: int, index: tuple[int, ...]) -> _Label:
    t = s.game.tables
    src, target = index
    other = 1 - actor
    payload: dict[str, Any] = {"move": "damage", "window": bool(s.stack)}
    fields: dict[str, Any] = {}
    if target == 0:
        payload["target"] = {"player": other, "pile": True}
    else:
        kind, dmg = t.layout.target_parts(target)
        payload["target"] = _card_target(s, other, kind, dmg)
        fields.update(target=_noun(s, other, kind), damage=_so_far(dmg))
    on = "card" if target else "pile"
    if src >= t.layout.first_throw_src:
        kind = t.throw_kinds[src - t.layout.first_throw_src]
        payload.update(component=t.keys[kind], source="twist")
        return payload, msg(f"act_throw_{on}", card=_noun(s, actor, kind), **fields)
    if src < SRC_AXE:
        face = src + 1
        payload.update(source="die", face=face)
        fields["with"] = msg("act_with_die", face=face)
    elif src == SRC_AXE:
        face = 0
        payload["source"] = "axe"
        fields["with"] = msg("act_with_axe")
    else:
        face = 0
        payload["source"] = "wild_card"
        fields["with"] = msg("act_with_wild")
    assert src <= SRC_WILD
    ally = credited_ally(s, actor, face)
    payload["component"] = t.keys[ally]
    return payload, msg(f"act_ally_{on}", card=_noun(s, actor, ally), **fields)


_BY_BLOCK = {
    "pass": _pass,
    "end_turn": _end_turn,
    "roll": _roll,
    "keep_dice": _keep_dice,
    "draw_one": _draw_one,
    "draw_all": _draw_all,
    "reroll": _reroll,
    "short_rest": _short_rest,
    "play": _play,
    "banish": _banish,
    "recover": _recover,
    "damage": _damage,
}


def _card_target(s: DuelState, player: int, kind: int, dmg: int) -> dict[str, Any]:
    slot = next(
        (i for i, (k, d) in enumerate(zip(s.disp[player], s.dmg[player], strict=True)) if k == kind and d == dmg), PILE
    )
    return {"player": player, "card": s.game.tables.keys[kind], "damage": dmg, "slot": slot}


def _noun(s: DuelState, player: int, kind: int) -> Name:
    """A card's name as the side of `player` calls it."""
    return s.game.tables.cards.kinds[kind].faces[s.sides[player]].noun


def _so_far(dmg: int) -> Message | str:
    """The damage a card took this turn, shown after its name when there is some."""
    return msg("act_damage_so_far", n=dmg) if dmg else ""


def _support_key(s: DuelState, player: int, ability: int) -> str | None:
    t = s.game.tables
    return next((t.keys[k] for k in s.disp[player] if t.ability[k] == ability), None)


__all__ = ["catalog", "describe"]
