"""The parts of Spring's table as text: an empire board (short or full), the expedition area, the supply,
the scores. Each reads one observation; a faerie hand is named only where the observation names it."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from dwarfhall.core import Name
from dwarfhall.core.i18n import pick
from dwarfhall.core.textkit import clip, strip_ansi, visible_len, wrap_parts, wrap_words

from .textmap import paint
from .viewdata import MARK, RESOURCES, Cards, label_of, reconstructed

RESOURCES_PER_VP = 7  # rulebook: 1 VP for every 7 resources (as scoring.py counts them)


def who(cards: Cards, obs: Mapping[str, Any], seat: int, lang: str) -> str:
    key = "tv_you" if obs.get("viewer") == seat else "tv_player"
    return cards.t(key, lang, n=seat)


def score_parts(cards: Cards, obs: Mapping[str, Any], seat: int) -> dict[str, int]:
    """Victory points by source, from public information only (the heroes deck, nest, lines, fortress, treasury)."""
    comps = cards.comps
    player = obs["players"][seat]
    deck = obs["heroes"][seat]["cards"] or []
    quests = sum(cards.quests[k].vp for k in deck if k in cards.quests)
    monsters = sum(cards.monsters[k].vp for k in deck if k in cards.monsters)
    dragons = sum(cards.dragons[d["dragon"]].levels[d["level"] - 1].vp for d in player["nest"] if d["level"] >= 2)
    lines = sum(line.complete_vp for line in comps.lines if player["line_left"][line.resource] == 0)
    fortress = comps.fortress["vp"] if player["fortress"] else 0
    resources = sum(player["treasury"].values()) // RESOURCES_PER_VP
    return {
        "quests": quests,
        "monsters": monsters,
        "dragons": dragons,
        "lines": lines,
        "fortress": fortress,
        "resources": resources,
    }


def score(cards: Cards, obs: Mapping[str, Any], seat: int) -> int:
    return sum(score_parts(cards, obs, seat).values())


def treasury(cards: Cards, player: Mapping[str, Any], lang: str) -> str:
    return ", ".join(f"{cards.resource(r, lang)} {player['treasury'][r]}" for r in RESOURCES)


def spots_used(cards: Cards, player: Mapping[str, Any], lang: str) -> str:
    used = player["spots_used"]
    return ", ".join(cards.t(f"tv_spot_{s}", lang) for s in used) if used else cards.t("tv_none", lang)


def nest(cards: Cards, player: Mapping[str, Any], lang: str, short: bool = False) -> str:
    parts = []
    for d in player["nest"]:
        name = cards.name(d["dragon"], lang, level=d["level"])
        state = cards.t("tv_exhausted" if d["exhausted"] else "tv_ready", lang)
        parts.append(f"{name} ({d['level']}{', ' + state if d['exhausted'] or not short else ''})")
    return ", ".join(parts) if parts else cards.t("tv_none", lang)


def hand(cards: Cards, obs: Mapping[str, Any], seat: int, lang: str) -> str:
    """The faerie hand: named for its owner (the observation names it), otherwise only its size."""
    zone = obs["faerie_hand"][seat]
    if zone["cards"] is None:
        return cards.t("tv_hand_hidden", lang, n=zone["size"])
    counts = Counter(zone["cards"])
    names = [cards.name(k, lang) + (f" x{n}" if n > 1 else "") for k, n in sorted(counts.items())]
    return cards.t("tv_hand", lang, n=zone["size"], cards=", ".join(names) if names else cards.t("tv_none", lang))


def lines_left(cards: Cards, player: Mapping[str, Any], lang: str) -> str:
    return ", ".join(f"{cards.resource(r, lang)} {player['line_left'][r]}" for r in RESOURCES)


def production(cards: Cards, player: Mapping[str, Any], lang: str) -> str:
    """What the player's production lines give at the start of each era (the icons their settlements uncovered)."""
    gains: Counter[str] = Counter()
    for line in cards.comps.lines:
        taken = len(line.positions) - player["line_left"][line.resource]
        for icons in line.positions[:taken]:
            gains.update(icons)
    return ", ".join(f"+{gains[r]} {cards.resource(r, lang)}" for r in RESOURCES if gains[r]) or "0"


def _opening(cards: Cards, obs: Mapping[str, Any], seat: int, lang: str, color: bool) -> list[str]:
    """How a short board begins: the player with their VP, their treasury, their dwarfs at home."""
    player = obs["players"][seat]
    title = paint(who(cards, obs, seat, lang), f"p{seat}", color)
    return [
        title + " " + cards.t("tv_vp", lang, n=score(cards, obs, seat)),
        treasury(cards, player, lang),
        cards.t("tv_home", lang, n=player["home"]),
    ]


def short_board(cards: Cards, obs: Mapping[str, Any], seat: int, lang: str, color: bool, width: int) -> list[str]:
    """A board in three or four lines (for 24 rows): treasury, dwarfs at home, successes, VP; lines, spots used,
    nest (cut to the width: `board` shows it all); the faerie hand (two lines at most)."""
    player = obs["players"][seat]
    t = cards.t
    first = [
        *_opening(cards, obs, seat, lang, color),
        t("tv_successes", lang, axe=player["successes"]["axe"], pack=player["successes"]["backpack"]),
    ]
    second = [
        t("tv_lines_left", lang, lines=lines_left(cards, player, lang)),
        t("tv_used", lang, spots=spots_used(cards, player, lang)),
        t("tv_nest", lang, dragons=nest(cards, player, lang, short=True)),
    ]
    third = [hand(cards, obs, seat, lang)]
    if player["fortress"]:
        third.append(t("tv_fortress_at", lang, spot=label_of(player["fortress"])))
    if player["faerie_power"] > 1:
        third.append(t("tv_power", lang, n=player["faerie_power"]))
    out = [_clip_painted(" · ".join(first), width), _clip_painted(" · ".join(second), width)]
    out += wrap_parts(" · ".join(third).split(", "), "", ", ", width, rest="  ")[:2]
    return out


def _clip_painted(text: str, width: int) -> str:
    """A line cut to the width (a cut line loses its colour)."""
    if visible_len(text) <= width:
        return text
    return clip(strip_ansi(text), width)


def full_board(cards: Cards, obs: Mapping[str, Any], seat: int, lang: str, color: bool, width: int) -> list[str]:
    """Everything on one empire board and the player's pieces on the map."""
    player = obs["players"][seat]
    comps = cards.comps
    t = cards.t
    parts = score_parts(cards, obs, seat)
    head = t("tv_board_title", lang, player=who(cards, obs, seat, lang), n=sum(parts.values()))
    out = [paint(head, f"p{seat}", color)]
    add = out.append
    add(t("tv_treasury", lang, resources=treasury(cards, player, lang), cap=comps.limits["warehouse"]))
    on_map = " ".join(label_of(d) for d in player["dwarfs"]) or t("tv_none", lang)
    add(t("tv_bastion", lang, n=player["home"], total=comps.pieces["dwarfs"], where=on_map))
    complete = sum(1 for r in RESOURCES if player["line_left"][r] == 0)
    add(t("tv_lines_full", lang, lines=lines_left(cards, player, lang), complete=complete))
    add(t("tv_production", lang, gains=production(cards, player, lang), mark=MARK))
    free = [s.id for s in comps.spots if s.id not in player["spots_used"]]
    free_text = ", ".join(t(f"tv_spot_{s}", lang) for s in free) or t("tv_none", lang)
    add(t("tv_spots_full", lang, used=spots_used(cards, player, lang), free=free_text))
    if player["fortress"]:
        add(t("tv_fortress_built", lang, spot=label_of(player["fortress"])))
    else:
        add(t("tv_fortress_not", lang, cost=comps.fortress["cost"]))
    limit = comps.limits["nest_with_fortress" if player["fortress"] else "nest"]
    add(t("tv_nest_full", lang, n=len(player["nest"]), limit=limit, dragons=nest(cards, player, lang)))
    add(
        t(
            "tv_successes_full",
            lang,
            axe=player["successes"]["axe"],
            pack=player["successes"]["backpack"],
            power=player["faerie_power"],
            defeated=player["defeated"],
        )
    )
    deck = Counter(obs["heroes"][seat]["cards"] or [])
    names = [cards.name(k, lang) + (f" x{n}" if n > 1 else "") for k, n in sorted(deck.items())]
    add(t("tv_heroes", lang, n=sum(deck.values()), cards=", ".join(names)))
    add(hand(cards, obs, seat, lang))
    settlements = " ".join(label_of(s) for s in player["settlements"]) or t("tv_none", lang)
    add(t("tv_settlements", lang, spots=settlements))
    vp = ", ".join(f"{t('tv_vp_' + k, lang)} {v}" for k, v in parts.items() if v)
    add(t("tv_vp_parts", lang, parts=vp or "0"))
    return [line for text in out for line in _wrap(text, width)]


def board_summary(cards: Cards, obs: Mapping[str, Any], seat: int, lang: str, color: bool, width: int) -> list[str]:
    """Another player's board in two lines (for the side of a wide screen)."""
    player = obs["players"][seat]
    t = cards.t
    first = [*_opening(cards, obs, seat, lang, color), hand(cards, obs, seat, lang)]
    second = [
        t("tv_lines_left", lang, lines=lines_left(cards, player, lang)),
        t("tv_nest_count", lang, n=len(player["nest"])),
        t("tv_successes", lang, axe=player["successes"]["axe"], pack=player["successes"]["backpack"]),
    ]
    return wrap_parts(first, "", " · ", width, rest="  ") + wrap_parts(second, "  ", " · ", width, rest="  ")


def where_monster(obs: Mapping[str, Any], key: str) -> str | None:
    return next((tile for tile, card in obs.get("monsters", {}).items() if card == key), None)


def expedition(cards: Cards, obs: Mapping[str, Any], lang: str, width: int, short: bool = False) -> list[str]:
    """The face-up expedition cards: monsters (axes, VP, where they stand, what they do) and quests."""
    t = cards.t
    area = obs["expedition_area"]["cards"] or []
    out = [t("tv_expedition_title", lang, n=len(area), deck=obs["expedition_deck"]["size"])]
    wildlands = {w.id: Name(w.name).form(lang) for w in cards.comps.wildlands}
    for i, key in enumerate(area, 1):
        if key in cards.monsters:
            monster = cards.monsters[key]
            kind = cards.monster_kind(key)
            tile = where_monster(obs, key)
            text = t(
                "tv_monster_card",
                lang,
                i=i,
                name=cards.name(key, lang),
                axes=monster.axes,
                vp=monster.vp,
                where=wildlands.get(tile or "", "-"),
                mark=MARK if reconstructed(monster) else "",
            )
            if not short:
                text += " " + pick(kind.text, lang)
        else:
            quest = cards.quests[key]
            text = t(
                "tv_quest_card",
                lang,
                i=i,
                id=key,
                vp=quest.vp,
                text=pick(quest.text, lang),
                mark=MARK if reconstructed(quest) else "",
            )
        out += _wrap(text, width, short)
    return out


def supply(cards: Cards, obs: Mapping[str, Any], lang: str, width: int) -> list[str]:
    """Piles (their sizes only), the played faerie cards, the cards back in the box, the webs."""
    t = cards.t
    discard = Counter(obs["faerie_discard"]["cards"] or [])
    played = ", ".join(cards.name(k, lang) + (f" x{n}" if n > 1 else "") for k, n in sorted(discard.items()))
    removed = ", ".join(cards.name(k, lang) for k in obs["removed"]["cards"] or [])
    webs = obs.get("webs", {})
    out = [
        t("tv_supply_title", lang),
        t(
            "tv_piles",
            lang,
            expedition=obs["expedition_deck"]["size"],
            eggs=obs["egg_pile"]["size"],
            faeries=obs["faerie_deck"]["size"],
            unused=obs["unused_monsters"]["size"],
        ),
        t("tv_discard", lang, n=obs["faerie_discard"]["size"], cards=played or t("tv_none", lang)),
        t("tv_removed", lang, cards=removed or t("tv_none", lang)),
        t(
            "tv_webs",
            lang,
            n=len(webs),
            left=cards.comps.web_tokens - len(webs),
            spots=" ".join(label_of(w) for w in sorted(webs)) or t("tv_none", lang),
        ),
        t("tv_footnote", lang),
    ]
    return [line for text in out for line in _wrap(text, width)]


def scores(cards: Cards, obs: Mapping[str, Any], lang: str, width: int) -> list[str]:
    t = cards.t
    out = [t("tv_scores_title", lang)]
    for seat in range(len(obs["players"])):
        parts = score_parts(cards, obs, seat)
        text = ", ".join(f"{t('tv_vp_' + k, lang)} {v}" for k, v in parts.items())
        out += _wrap(f"  {who(cards, obs, seat, lang)}: {sum(parts.values())} ({text})", width)
    out += _wrap(t("tv_scores_note", lang), width)
    return out


def _wrap(text: str, width: int, cut: bool = False) -> list[str]:
    if cut:
        return [clip(text, width)]
    return wrap_words(text, "", width, rest="    ") or [""]
