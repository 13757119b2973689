"""Spring's game log: what came of a move, read from two observations of one viewer.

Only the viewer's observations are compared, so no line can name a card the viewer may not see: another
player's drawn faerie cards are a number, the viewer's own are named; a played faerie card is named because
it lies face up on the discard pile.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from dwarfhall.core import Action, Name
from dwarfhall.core.i18n import pick

from .textboards import score, who
from .viewdata import RESOURCES, Cards, MapLabels, label_of

SPOT_LINES = {
    "start_settlement": "log_at_settlement",
    "build": "log_at_settlement",
    "fortress": "log_at_fortress",
    "explore": "log_at_explore",
}


def narrate(
    cards: Cards, before: Mapping[str, Any], action: Action | None, after: Mapping[str, Any], lang: str
) -> list[str]:
    t = cards.t
    lines: list[str] = []
    move = action.payload.get("move") if action is not None else None
    actor = before.get("to_act")
    new_era = after["era"] != before["era"]
    revealed = reveal_line(before, after, lang, cards)
    if revealed is not None:
        lines.append(revealed)
    elif move == "fight" and isinstance(actor, int):
        lines += _fight(cards, before, after, actor, lang)  # an observation from before the reveal record
    spot = action.payload.get("spot") if action is not None else None
    if move in SPOT_LINES and isinstance(actor, int) and isinstance(spot, str):
        # the action's label names the spot by its long id; this names it as the map draws it
        lines.append(t(SPOT_LINES[move], lang, player=who(cards, after, actor, lang), label=label_of(spot)))
    for seat in range(len(after["players"])):
        lines += _player_changes(cards, before, after, seat, lang, new_era, move)
    lines += _table_changes(cards, before, after, lang)
    if new_era and after["phase"] != "over":
        lines.append(t("log_era", lang, era=after["era"], first=who(cards, after, after["first"], lang)))
        lines += _production(cards, before, after, lang)
    if after["phase"] == "over" and before["phase"] != "over":
        totals = ", ".join(
            f"{who(cards, after, s, lang)} {score(cards, after, s)}" for s in range(len(after["players"]))
        )
        lines.append(t("log_over", lang, scores=totals))
    return lines


def reveal_line(before: Mapping[str, Any], after: Mapping[str, Any], lang: str, cards: Cards) -> str | None:
    """The cards a fight or gathering between two observations turned face up (R14), with the totals, or None.

    The record is public (`last_reveal` in every observation), so any viewer's pair of observations will do.
    """
    last = after.get("last_reveal") or {}
    earlier = before.get("last_reveal") or {}
    t = cards.t
    if not last or last.get("number") == earlier.get("number"):
        if last and earlier.get("result") == "open" and last["result"] != "open":  # an open fight decided (R10)
            key = "log_fight_won" if last["result"] == "won" else "log_fight_lost"
            player = who(cards, after, last["seat"], lang)
            return t(key, lang, player=player, monster=cards.name(last["monster"], lang, "acc"))
        return None
    shown = ", ".join(_revealed_card(cards, key, lang) for key in last["cards"]) or "-"
    player = who(cards, after, last["seat"], lang)
    if last["action"] == "gather":
        where = Name(cards.comps.wildland(last["wildland"]).name).form(lang, "dat")
        return t("log_reveal_gather", lang, player=player, where=where, cards=shown, packs=last["backpacks"])
    monster = last["monster"]
    spent = t("log_reveal_spent", lang, n=last["successes"]) if last["successes"] else ""
    return t(
        {"won": "log_reveal_won", "open": "log_reveal_open"}.get(last["result"], "log_reveal_lost"),
        lang,
        player=player,
        monster=cards.name(monster, lang, "acc"),
        need=cards.monsters[monster].axes,
        cards=shown,
        axes=last["axes"],
        spent=spent,
    )


def _revealed_card(cards: Cards, key: str, lang: str) -> str:
    """A revealed card with the symbols it shows: 'Scout (1 axe, 1 backpack)'; the names are what the verb takes."""
    hero = cards.heroes.get(key)
    symbols = []
    if hero is not None and hero.axes:
        symbols.append(cards.t("log_reveal_axes", lang, n=hero.axes))
    if hero is not None and hero.backpacks:
        symbols.append(cards.t("log_reveal_packs", lang, n=hero.backpacks))
    text = ", ".join(symbols) or cards.t("log_reveal_blank", lang)
    return cards.t("log_reveal_card", lang, card=cards.name(key, lang, "acc"), symbols=text)


def _fight(cards: Cards, before: Mapping[str, Any], after: Mapping[str, Any], actor: int, lang: str) -> list[str]:
    spot = before["pending"][-1][1] if before.get("pending") else None
    fought = None
    if spot is not None:
        tile = _wildland_tile_at(cards, before, spot)
        fought = before.get("monsters", {}).get(tile) if tile else None
    if fought is None:
        return []
    won = fought not in after.get("monsters", {}).values()
    key = "log_fight_won" if won else "log_fight_lost"
    return [cards.t(key, lang, player=who(cards, after, actor, lang), monster=cards.name(fought, lang, "acc"))]


def _wildland_tile_at(cards: Cards, obs: Mapping[str, Any], location: int) -> str | None:
    """The wildland tile id at a pending decision's location index (the pending list holds location indices)."""
    labels = MapLabels(cards.comps, obs["map"])
    wildland = labels.world.wildland_of(location)
    return wildland.id if wildland is not None else None


def _player_changes(
    cards: Cards,
    before: Mapping[str, Any],
    after: Mapping[str, Any],
    seat: int,
    lang: str,
    new_era: bool,
    move: Any,
) -> list[str]:
    t = cards.t
    was, now = before["players"][seat], after["players"][seat]
    name = who(cards, after, seat, lang)
    out: list[str] = []
    # cards joining the heroes deck: a defeated monster or a quest taken
    gained = Counter(after["heroes"][seat]["cards"] or []) - Counter(before["heroes"][seat]["cards"] or [])
    for key in sorted(gained.elements()):
        if key in cards.quests:
            out.append(
                t(
                    "log_quest",
                    lang,
                    player=name,
                    quest=key,
                    vp=cards.quests[key].vp,
                    text=pick(cards.quests[key].text, lang),
                )
            )
        elif key in cards.monsters and move != "fight":
            out.append(t("log_defeated", lang, player=name, monster=cards.name(key, lang, "acc")))
    lost = Counter(before["heroes"][seat]["cards"] or []) - Counter(after["heroes"][seat]["cards"] or [])
    for key in sorted(lost.elements()):
        out.append(t("log_trimmed", lang, player=name, card=cards.name(key, lang, "acc")))
    # dragons: a new egg, a trained dragon
    old_nest, new_nest = was["nest"], now["nest"]
    for i, dragon in enumerate(new_nest):
        if i >= len(old_nest):
            out.append(t("log_egg", lang, player=name, dragon=cards.name(dragon["dragon"], lang, "acc")))
        elif dragon["level"] > old_nest[i]["level"]:
            out.append(
                t(
                    "log_trained",
                    lang,
                    player=name,
                    old=cards.name(dragon["dragon"], lang, "acc", level=old_nest[i]["level"]),
                    new=cards.name(dragon["dragon"], lang, level=dragon["level"]),
                )
            )
        elif dragon["exhausted"] and not old_nest[i]["exhausted"]:
            out.append(
                t(
                    "log_commanded",
                    lang,
                    player=name,
                    dragon=cards.name(dragon["dragon"], lang, "acc", level=dragon["level"]),
                )
            )
    # a faerie card played: it lies face up on the discard pile now
    old_discard, new_discard = before["faerie_discard"]["cards"] or [], after["faerie_discard"]["cards"] or []
    if move == "play_faerie" and seat == before.get("to_act") and len(new_discard) > len(old_discard):
        key = new_discard[-1]
        faerie = cards.faeries[key]
        out.append(
            t(
                "log_faerie",
                lang,
                player=name,
                faerie=cards.name(key, lang, "acc"),
                text=pick(faerie.text, lang),
            )
        )
    # faerie cards drawn: named only in the viewer's own hand
    old_hand, new_hand = before["faerie_hand"][seat], after["faerie_hand"][seat]
    if new_hand["size"] > old_hand["size"]:
        if new_hand["cards"] is not None and old_hand["cards"] is not None:
            drawn = Counter(new_hand["cards"]) - Counter(old_hand["cards"])
            names = ", ".join(cards.name(k, lang) for k in sorted(drawn.elements()))
            out.append(t("log_drew_named", lang, player=name, n=new_hand["size"] - old_hand["size"], cards=names))
        else:
            out.append(t("log_drew", lang, player=name, n=new_hand["size"] - old_hand["size"]))
    if new_era:
        return out
    # resources and successes gained or spent (production at an era's start has its own line)
    changes = [
        f"{now['treasury'][r] - was['treasury'][r]:+d} {cards.resource(r, lang)}"
        for r in RESOURCES
        if now["treasury"][r] != was["treasury"][r]
    ]
    for kind in ("axe", "backpack"):
        diff = now["successes"][kind] - was["successes"][kind]
        if diff:
            changes.append(t(f"log_{kind}", lang, n=f"{diff:+d}"))
    if changes:
        key = "log_gathered" if move in ("gather", "add_backpacks") and seat == before.get("to_act") else "log_changes"
        out.append(t(key, lang, player=name, changes=", ".join(changes)))
    return out


def _table_changes(cards: Cards, before: Mapping[str, Any], after: Mapping[str, Any], lang: str) -> list[str]:
    t = cards.t
    out = []
    wildlands = {w.id: Name(w.name) for w in cards.comps.wildlands}
    old_area = Counter(before["expedition_area"]["cards"] or [])
    for key in after["expedition_area"]["cards"] or []:
        if old_area[key]:
            old_area[key] -= 1
            continue
        if key in cards.monsters:
            tile = next((w for w, c in after.get("monsters", {}).items() if c == key), None)
            where = wildlands[tile].form(lang, "dat") if tile else "-"
            out.append(t("log_monster_appears", lang, monster=cards.name(key, lang), where=where))
        else:
            quest = cards.quests[key]
            out.append(
                t("log_quest_revealed", lang, quest=key, vp=quest.vp, text=pick(quest.text, lang))
            )
    old_webs, new_webs = set(before.get("webs", {})), set(after.get("webs", {}))
    if new_webs - old_webs:
        out.append(t("log_webs", lang, spots=" ".join(label_of(w) for w in sorted(new_webs - old_webs))))
    if old_webs - new_webs:
        out.append(t("log_webs_gone", lang, spots=" ".join(label_of(w) for w in sorted(old_webs - new_webs))))
    return out


def _production(cards: Cards, before: Mapping[str, Any], after: Mapping[str, Any], lang: str) -> list[str]:
    parts = []
    for seat in range(len(after["players"])):
        was, now = before["players"][seat]["treasury"], after["players"][seat]["treasury"]
        gains = [f"{now[r] - was[r]:+d} {cards.resource(r, lang)}" for r in RESOURCES if now[r] != was[r]]
        parts.append(f"{who(cards, after, seat, lang)} {' '.join(gains) if gains else '0'}")
    return [cards.t("log_production", lang, players="; ".join(parts))]
