"""Dwar7s Spring on the web page: the map, every empire board, the expedition area, the viewer's faerie hand.

It reads only an observation (public table plus the viewer's own hand) and the viewer's own legal moves. A
move is clicked on what it acts on: a map place, a spot of the viewer's board, a card in the expedition area,
the hand or the heroes deck, a dragon in the nest, a resource of the treasury.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Mapping, Sequence
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

from dwarfhall.core import Action, Catalog, WebView
from dwarfhall.core.i18n import LANGUAGES, pick
from dwarfhall.core.webview import MoveUi, action_attr, esc

from . import webmap, webmoves
from .components import Components, Faerie, MonsterKind, Quest, Sourced, name_form
from .narration import reveal_line
from .phases import WILD_CHOICE
from .scoring import RESOURCES_PER_VP
from .viewdata import Cards
from .webfacts import Facts
from .webhelp import Help, attrs
from .webmap import RECONSTRUCTED, MapDrawing, world_of

STYLESHEET = Path(__file__).with_name("webview.css")
RESOURCES = ("wood", "food", "gold")
MESSAGES = Path(__file__).with_name("messages.toml")


def icon(resource: str, lang: str) -> str:
    """A resource as a small coloured badge with its initial."""
    letter = _t(f"letter_{resource}", lang)
    return f'<span class="rico r-{resource}">{letter}</span>'


@cache
def _catalog() -> Catalog:
    return Catalog.load(MESSAGES)


def _t(key: str, lang: str, /, **fields: Any) -> str:
    """The page's text `key` (messages.toml's web_<key>) in `lang`; the shipped languages' texts are kept, since a
    page asks for the same few hundred again on every render (a language pack's are read fresh)."""
    if lang in LANGUAGES:
        items = tuple(sorted(fields.items()))
        try:
            return _kept(key, lang, items)
        except TypeError:  # a field that is a mapping (a card's text): not kept
            pass
    return _catalog().render(f"web_{key}", lang, **fields)


@lru_cache(maxsize=8192)
def _kept(key: str, lang: str, items: tuple[tuple[str, Any], ...]) -> str:
    return _catalog().render(f"web_{key}", lang, **dict(items))


def _mark(item: Sourced, *fields: str) -> str:
    """° when any of the named values of a component is reconstructed."""
    return RECONSTRUCTED if any(item.sources.get(f) == "reconstructed" for f in fields) else ""


def _effect(item: MonsterKind | Quest | Faerie, lang: str) -> str:
    """A card's effect text, marked when it is reconstructed."""
    return f'<div class="sc-fx">{esc(pick(item.text, lang))}{_mark(item, "text")}</div>'


class SpringWebView(WebView):
    def __init__(self, components: Components, messages: Catalog) -> None:
        self.comps = components
        self.cards = Cards(components, messages)  # the terminal's names, for the log's reveal lines
        self.monsters = {m.id: m for m in components.monsters}
        self.quests = {q.id: q for q in components.quests}
        self.heroes = {h.id: h for h in components.heroes}
        self.dragons = {d.id: d for d in components.dragons}
        self.faeries = {f.id: f for f in components.faeries}

    def stylesheet(self) -> str:
        return STYLESHEET.read_text(encoding="utf-8")

    def picture(self, slot: str, lang: str) -> str:
        return _picture(self, slot, lang)

    # -- names --------------------------------------------------------------------------------
    def player(self, seat: int, lang: str) -> str:
        return _t("player", lang, seat=seat)

    def card_name(self, key: str, lang: str) -> str:
        if key in self.monsters:
            return name_form(self.comps.monster_kinds[self.monsters[key].kind].name, lang)
        if key in self.heroes:
            return name_form(self.heroes[key].name, lang)
        if key in self.faeries:
            return name_form(self.faeries[key].name, lang)
        if key in self.quests:
            return _t("quest", lang, key=key)
        return key

    def dragon_name(self, key: str, level: int, lang: str, case: str = "nom") -> str:
        return name_form(self.dragons[key].levels[level - 1].name, lang, case)

    def score(self, obs: Mapping[str, Any], seat: int) -> int:
        """Victory points from the public table (R36): quests and monsters held, trained dragons, complete lines,
        the fortress, 1 per 7 resources."""
        player = obs["players"][seat]
        total = 0
        for key in obs["heroes"][seat]["cards"] or []:
            if key in self.quests:
                total += self.quests[key].vp
            elif key in self.monsters:
                total += self.monsters[key].vp
        for entry in player["nest"]:
            if entry["level"] >= 2:
                total += self.dragons[entry["dragon"]].levels[entry["level"] - 1].vp
        for line in self.comps.lines:
            if player["line_left"][line.resource] == 0:
                total += line.complete_vp
        if player["fortress"]:
            total += self.comps.fortress["vp"]
        return total + sum(player["treasury"].values()) // RESOURCES_PER_VP

    # -- the log --------------------------------------------------------------------------------
    def outcome(self, before: Mapping[str, Any], after: Mapping[str, Any], lang: str) -> str:
        """Monsters defeated, quests taken, cards revealed, resources gained (gathering, production), faerie
        cards drawn, dragons hatched or trained, the start of an era and the final scores: from public views."""
        parts: list[str] = []
        revealed = reveal_line(before, after, lang, self.cards)
        if revealed:
            parts.append(revealed)
        for seat, (old, new) in enumerate(zip(before["players"], after["players"], strict=True)):
            who = self.player(seat, lang)
            won = Counter(after["heroes"][seat]["cards"] or []) - Counter(before["heroes"][seat]["cards"] or [])
            for key in sorted(won):
                if key in self.monsters:
                    parts.append(_t("defeats", lang, who=who, card=self.card_name(key, lang), key=key))
                elif key in self.quests:
                    vp = self.quests[key].vp
                    parts.append(_t("takes_quest", lang, who=who, key=key, vp=vp))
            gained = [
                f"{new['treasury'][r] - old['treasury'][r]:+d} {self.resource(r, lang)}"
                for r in RESOURCES
                if new["treasury"][r] != old["treasury"][r]
            ]
            if gained and after["era"] == before["era"]:
                parts.append(f"{who}: {', '.join(gained)}")
            drawn = after["faerie_hand"][seat]["size"] - before["faerie_hand"][seat]["size"]
            if drawn > 0:
                parts.append(_t("draws", lang, who=who, n=drawn))
            old_nest = {e["dragon"]: e["level"] for e in old["nest"]}
            for entry in new["nest"]:
                level = old_nest.get(entry["dragon"])
                name = self.dragon_name(entry["dragon"], entry["level"], lang, "acc")
                if level is None:
                    parts.append(_t("hatches", lang, who=who, dragon=name))
                elif entry["level"] > level:
                    parts.append(_t("trains", lang, who=who, dragon=name, level=entry["level"]))
        pending = before.get("pending") or []
        if pending and pending[-1][0] == WILD_CHOICE:
            place = world_of(self.comps, before["map"]).geometry.locations[pending[-1][1]].id
            tile = next(
                (
                    t
                    for t, c in after["monsters"].items()
                    if c == before["monsters"].get(t) and self._at(after, t) == place
                ),
                None,
            )
            if tile is not None:
                card = after["monsters"][tile]
                parts.append(_t("stays", lang, card=self.card_name(card, lang), place=place))
        area_before = Counter(before["expedition_area"]["cards"] or [])
        new_cards = Counter(after["expedition_area"]["cards"] or []) - area_before
        if new_cards:
            shown = ", ".join(
                self.card_name(k, lang) + ("" if k in self.quests else f" ({k})") for k in sorted(new_cards)
            )
            parts.append(_t("revealed", lang, cards=shown))
        if after["era"] != before["era"] and after["phase"] != "over":
            made = []
            for seat, (old, new) in enumerate(zip(before["players"], after["players"], strict=True)):
                diff = [
                    f"{new['treasury'][r] - old['treasury'][r]:+d} {self.resource(r, lang)}"
                    for r in RESOURCES
                    if new["treasury"][r] != old["treasury"][r]
                ]
                if diff:
                    made.append(f"{self.player(seat, lang)} {' '.join(diff)}")
            parts.append(_t("era_starts", lang, era=after["era"], made=", ".join(made) or "-"))
        if after["phase"] == "over" and before["phase"] != "over":
            scores = [self.score(after, s) for s in range(len(after["players"]))]
            shown = ", ".join(f"{self.player(s, lang)} {v}" for s, v in enumerate(scores))
            parts.append(_t("scores", lang, scores=shown))
        return "; ".join(part.rstrip(".") for part in parts)  # one sentence: no ".;" where two notes meet

    def _at(self, obs: Mapping[str, Any], tile: str) -> str | None:
        """The location id of the wildland tile `tile` on this map."""
        world = world_of(self.comps, obs["map"])
        place = next(i for i, p in enumerate(obs["map"]) if p["tile"] == tile)
        where = world.geometry.wildland_at[place]
        return None if where is None else world.geometry.locations[where].id

    def resource(self, key: str, lang: str) -> str:
        return name_form(self.comps.resources[key].name, lang)

    # -- the page --------------------------------------------------------------------------------
    def move_ui(self, observation: Mapping[str, Any], actions: Sequence[Action], lang: str) -> Mapping[int, MoveUi]:
        return webmoves.move_ui(self.comps, observation, actions, lambda key, **f: _t(key, lang, **f), lang)

    def render(self, observation: Mapping[str, Any], actions: Sequence[Action], lang: str) -> str:
        return _Page(self, observation, actions, lang).draw()


class _Page:
    def __init__(self, view: SpringWebView, obs: Mapping[str, Any], actions: Sequence[Action], lang: str) -> None:
        self.view = view
        self.comps = view.comps
        self.obs = obs
        self.lang = lang
        self.viewer: int | None = obs.get("viewer")
        self.targets: dict[str, list[int]] = defaultdict(list)
        self.loose: list[Action] = []
        self.takeable = {str(a.payload["quest"]) for a in actions if a.payload.get("move") == "quest"}
        facts = Facts(view.comps, obs)
        self.help = Help(facts, self.t, lang, lambda effects: webmoves.effects_text(self.comps, effects, self.t, lang))
        self._index(actions)

    def _index(self, actions: Sequence[Action]) -> None:
        """Which thing each legal move acts on: map places by id, board things by a prefixed key."""
        pending = self.obs.get("pending") or []
        wild = None
        if pending and pending[-1][0] == WILD_CHOICE:
            wild = world_of(self.comps, self.obs["map"]).geometry.locations[pending[-1][1]].id
        for a in actions:
            p = a.payload
            move = p.get("move")
            spot = p.get("spot")
            if isinstance(spot, str):
                self.targets[spot].append(a.id)
            elif move == "dragon_spot":
                self.targets[f"spot:dragon{spot}"].append(a.id)
            elif move == "quest":
                self.targets[f"card:{p['quest']}"].append(a.id)
                self.targets[f"spot:expedition{spot}"].append(a.id)
            elif move == "summon_faerie":
                self.targets["spot:faerie"].append(a.id)
            elif move in ("fight", "gather") and wild is not None:
                self.targets[wild].append(a.id)
            elif move in ("command", "train"):
                self.targets[f"dragon:{p['dragon']}"].append(a.id)
            elif move == "choose_resource":
                self.targets[f"res:{p['resource']}"].append(a.id)
            elif move == "add_backpacks":
                self.targets["succ:backpack"].append(a.id)
            elif move == "trim":
                self.targets[f"hero:{p['card']}"].append(a.id)
            elif move == "play_faerie":
                self.targets[f"faerie:{p['faerie']}"].append(a.id)
            else:
                self.loose.append(a)

    def on(self, key: str) -> str:
        return action_attr(self.targets.get(key, []))

    def t(self, key: str, /, **fields: Any) -> str:
        return _t(key, self.lang, **fields)

    def spot_legend(self) -> str:
        """The spot kinds by colour, and how a place a move can go to is marked."""
        kinds = "".join(
            f'<li><span class="sw k-{key}"></span>{esc(name_form(kind.name, self.lang))}</li>'
            for key, kind in self.comps.spot_kinds.items()
        )
        target = f'<li><span class="sw target"></span>{esc(self.view.cards.t("wv_legend_target", self.lang))}</li>'
        title = esc(self.view.cards.t("wv_legend", self.lang))
        return f'<ul class="spring-legend" aria-label="{title}">{kinds}{target}</ul>'

    def place_about(self, location: str, label: str) -> str:
        """A map place's thing key, help, rules section and moves."""
        wild = self.help.facts.world.slots[self.help.facts.index[location]] is None
        text = self.help.wildland(location, label) if wild else self.help.spot(location, label)
        rules = "fights" if wild else "setup" if self.obs["phase"] == "placing" else "actions"
        # the ways to finish a move on a place (a line, the bastion's dwarf, the fortress) are listed, not preselected
        return attrs(location, text, rules, self.targets.get(location, [])) + ' data-pick="list"'

    def monster_about(self, card: str) -> str:
        return attrs(f"monster:{card}", self.help.monster_card(card), "fights")

    def draw(self) -> str:
        drawing = MapDrawing(
            self.comps, self.obs, self.targets, self.lang, self._monster_label, self.t("map"),
            about=self.place_about, monster_about=self.monster_about,
        )
        boards = "".join(self.board(seat) for seat in self._board_order())
        return (
            f'<div class="spring">{self.status()}'
            f'<div class="spring-top"><div class="spring-mapbox zoomable">{drawing.draw()}'
            f'{self.spot_legend()}<p class="dim small">{esc(self.t("legend"))} {esc(self.t("map_note"))}</p></div>'
            f'<div class="spring-table">{self.hand()}{self.expedition()}</div></div>'
            f'<div class="spring-boards">{boards}</div></div>'
        )

    def _board_order(self) -> list[int]:
        n = len(self.obs["players"])
        start = self.viewer if self.viewer is not None else 0
        return [(start + k) % n for k in range(n)]

    def _monster_label(self, key: str) -> tuple[str, str]:
        m = self.view.monsters[key]
        return self.view.card_name(key, self.lang), f"{m.axes}{_mark(m, 'axes')}"

    def status(self) -> str:
        obs = self.obs
        to_act = obs["to_act"]
        if obs["phase"] == "over":
            scores = [self.view.score(obs, s) for s in range(len(obs["players"]))]
            best = max(scores)
            head = f"{self.t('over')}: " + ", ".join(
                f"{self.view.player(s, self.lang)} {v} {self.t('score')}" + (" ★" if v == best else "")
                for s, v in enumerate(scores)
            )
        else:
            when = (
                self.t("placing")
                if obs["phase"] == "placing"
                else self.t("era", era=obs["era"], round=obs["round"])
            )
            mine = to_act == self.viewer
            who = self.t("your_turn") if mine else self.t("to_act", player=self.view.player(to_act, self.lang))
            era = attrs("era", self.help.era(), "era")
            head = f'<span{era}>{when}</span> · <b class="p{to_act}c">{esc(who)}</b>'
            return self._status_box(head)
        return self._status_box(esc(head))

    def _status_box(self, head: str) -> str:
        buttons = "".join(
            f'<button type="button" class="sp-loose"{action_attr([a.id])}>{esc(a.label(self.lang))}</button>'
            for a in self.loose
        )
        return f'<div class="spring-status" role="status"><span>{head}</span>{buttons}</div>'

    def card(self, key: str, thing: str = "", ids: Sequence[int] = (), count: int = 1) -> str:
        """A card face: monster, quest, hero or faerie; with a thing key, it carries help and its moves."""
        lang = self.lang
        name = self.view.card_name(key, lang)
        times = f'<span class="times">×{count}</span>' if count > 1 else ""
        if key in self.view.monsters:
            m = self.view.monsters[key]
            kind = self.comps.monster_kinds[m.kind]
            body = f'<div class="sc-stats">⚔ {m.axes}{_mark(m, "axes")} · ★ {m.vp}{_mark(m, "vp")}</div>'
            body += _effect(kind, lang)
            cls, rules = "monster", "fights"
        elif key in self.view.quests:
            q = self.view.quests[key]
            body = f'<div class="sc-stats">★ {q.vp}{_mark(q, "vp")}</div>' + _effect(q, lang)
            cls, rules = "quest", "actions"
        elif key in self.view.heroes:
            h = self.view.heroes[key]
            body = f'<div class="sc-stats">⚔ {h.axes} · ▣ {h.backpacks}{_mark(h, "axes", "backpacks")}</div>'
            cls, rules = "hero", "fights"
        elif key in self.view.faeries:
            f = self.view.faeries[key]
            body = _effect(f, lang)
            cls, rules = "faerie", "free"
        else:
            body, cls, rules = "", "other", "goal"
        # with help its popup names the card; without (the rules page's pictures) the browser's tooltip does
        about = f' title="{esc(name)}"'
        if thing:
            about = attrs(thing, self.help.card(key, key in self.takeable), rules, ids)
        return (
            f'<div class="scard {cls}" data-card="{esc(key)}"{about}>'
            f'<div class="sc-name">{esc(name)} <small>{esc(key)}</small>{times}</div>{body}</div>'
        )

    def hand(self) -> str:
        if self.viewer is None:
            return ""
        cards = self.obs["faerie_hand"][self.viewer]["cards"] or []
        shown = (
            "".join(
                self.card(key, f"faerie:{key}", self.targets.get(f"faerie:{key}", []), n)
                for key, n in sorted(Counter(cards).items())
            )
            or f'<span class="dim">{self.t("empty")}</span>'
        )
        return (
            f'<section class="sp-panel"><h4>{self.t("hand")} ({len(cards)})</h4>'
            f'<div class="scards">{shown}</div></section>'
        )

    def expedition(self) -> str:
        obs = self.obs
        cards = "".join(
            self.card(k, f"card:{k}", self.targets.get(f"card:{k}", []))
            for k in obs["expedition_area"]["cards"] or []
        )
        piles = " · ".join(
            f'<span{attrs(f"pile:{zone}", self.help.counter(helped, n=obs[zone]["size"]), rules)}>'
            f"{self.t(label)}: <b>{obs[zone]['size']}</b></span>"
            for label, zone, helped, rules in (
                ("deck", "expedition_deck", "deck", "end"),
                ("eggs", "egg_pile", "eggs", "free"),
                ("faeries", "faerie_deck", "faerie_deck", "free"),
                ("discard", "faerie_discard", "discard", "free"),
            )
        )
        return (
            f'<section class="sp-panel"><h4>{self.t("expedition")}</h4><div class="scards">{cards}</div>'
            f'<p class="dim small">{piles}</p></section>'
        )

    def board(self, seat: int) -> str:
        return _EmpireBoard(self, seat).draw()


class _EmpireBoard:
    """One player's empire board on the page: treasury, lines, board spots, nest, successes and heroes deck, each
    element with its help; the viewer's own carry their moves."""

    def __init__(self, page: _Page, seat: int) -> None:
        self.page = page
        self.seat = seat

    def draw(self) -> str:
        page = self.page
        seat = self.seat
        obs = page.obs
        lang = page.lang
        player = obs["players"][seat]
        mine = seat == page.viewer
        helper = page.help

        def about(key: str, text: str, rules: str) -> str:
            """Help on a board element; the viewer's own carry its thing key and moves, others' a key by seat."""
            if mine:
                return attrs(key, text, rules, page.targets.get(key, []))
            return attrs(f"{key}@{seat}", text, rules)

        who = page.view.player(seat, lang) + (f" ({page.t('you')})" if mine else "")
        active = " active" if obs["to_act"] == seat and obs["phase"] != "over" else ""
        head = (
            f'<div class="sb-head"><span class="chip p{seat}"></span><b>{esc(who)}</b>'
            f'<span class="sb-vp"{about("score", helper.score(seat), "end")}>'
            f"★ {page.view.score(obs, seat)} {page.t('score')}</span></div>"
        )
        treasury = "".join(
            f'<span class="res r-{r}"{about(f"res:{r}", helper.treasury(r, player["treasury"][r]), "era")} '
            f'data-resource="{r}">{icon(r, lang)} '
            f"<b>{player['treasury'][r]}</b></span>"
            for r in RESOURCES
        )
        lines = []
        for line in page.comps.lines:
            left = player["line_left"][line.resource]
            taken = len(line.positions) - left
            cells = []
            for i, icons in enumerate(line.positions):
                produce = "".join(f"{n}{icon(k, lang)}" for k, n in icons.items())
                if i < taken:
                    cells.append(f'<span class="lpos open">{produce}</span>')
                else:
                    cells.append(f'<span class="lpos"><span class="house p{seat}"></span></span>')
            mark = _mark(line, "positions")
            line_help = helper.line(line.resource, left)
            lines.append(
                f'<div class="sline"{about(f"line:{line.resource}", line_help, "era")}>'
                f'<span class="lname">{icon(line.resource, lang)}{mark}</span>{"".join(cells)}</div>'
            )
        used = set(player["spots_used"])
        spots = "".join(
            f'<span class="bspot{" used" if s.id in used else ""}" data-spot="{s.id}"'
            f'{about("spot:" + s.id, helper.board_spot(s, s.id in used), "actions")}>'
            f"{esc(name_form(s.name, lang))}</span>"
            for s in page.comps.spots
        )
        nest = (
            "".join(
                f'<span class="dragon{" tired" if e["exhausted"] else ""}"'
                f'{about("dragon:" + e["dragon"], helper.dragon(e, seat), "free")}'
                f' data-dragon="{esc(e["dragon"])}">◆ {esc(page.view.dragon_name(e["dragon"], e["level"], lang))}'
                f" <small>{page.t('level', level=e['level'])}"
                f"{', ' + page.t('exhausted') if e['exhausted'] else ''}</small>"
                f"</span>"
                for e in player["nest"]
            )
            or f'<span class="dim">{page.t("empty")}</span>'
        )
        succ = player["successes"]
        successes = (
            f'<span class="succ"{about("succ:axe", helper.successes("axe", succ["axe"]), "fights")}>'
            f'⚔ {page.t("axe")}: <b>{succ["axe"]}</b></span>'
            f'<span class="succ"{about("succ:backpack", helper.successes("backpack", succ["backpack"]), "fights")}>'
            f'▣ {page.t("backpack")}: <b>{succ["backpack"]}</b></span>'
        )
        deck = Counter(obs["heroes"][seat]["cards"] or [])
        heroes = "".join(
            f'<span class="hcard"{about("hero:" + k, helper.card(k), "fights")} data-card="{esc(k)}">'
            f"{esc(page.view.card_name(k, lang))}{' ×' + str(n) if n > 1 else ''}</span>"
            for k, n in sorted(deck.items())
        )
        facts = (
            f'<span{about("bastion", helper.counter("bastion", n=player["home"]), "actions")}>'
            f"● {player['home']} {page.t('bastion')}</span>"
            f'<span{about("hand", helper.counter("hand_size", n=obs["faerie_hand"][seat]["size"]), "free")}>'
            f"✦ {obs['faerie_hand'][seat]['size']} {page.t('cards')}</span>"
            f'<span{about("power", helper.counter("power", n=player["faerie_power"]), "free")}>'
            f"{page.t('power')} {player['faerie_power']}</span>"
            f'<span{about("defeated", helper.counter("defeated", n=player["defeated"]), "fights")}>'
            f"{page.t('defeated')}: {player['defeated']}</span>"
        )
        open_heroes = mine and any(k.startswith("hero:") for k in page.targets)
        return (
            f'<section class="sboard p{seat}b{active}" data-seat="{seat}">{head}'
            f'<div class="sb-row treasury">{treasury}</div>'
            f'<div class="sb-facts">{facts}</div>'
            f"<h5>{page.t('lines')}</h5>{''.join(lines)}"
            f'<h5>{page.t("spots")}</h5><div class="bspots">{spots}</div>'
            f'<h5>{page.t("nest")}</h5><div class="nest">{nest}</div>'
            f'<h5>{page.t("successes")}</h5><div class="sb-row">{successes}</div>'
            f'<details class="heroes"{" open" if open_heroes else ""}>'
            f"<summary{about('heroes', helper.heroes(seat), 'fights')}>"
            f"{page.t('heroes')} ({sum(deck.values())})</summary>"
            f'<div class="hcards">{heroes}</div></details></section>'
        )


# -- the rules page's pictures (`picture`), drawn from the game's data, never from a game in progress --

PIECES = {"settlement": webmap.settlement, "fortress": webmap.fortress, "dwarf": webmap.dwarf}


def _picture(view: SpringWebView, slot: str, lang: str) -> str:
    kind, _, arg = slot.partition(":")
    if kind == "resource" and arg in RESOURCES:
        return icon(arg, lang)
    if kind == "spot" and arg in PIECES:
        hexagon = webmap.hexagon((0, 0))
        return (
            f'<svg class="rules-hex spring-map" viewBox="-12 -12 24 24" aria-hidden="true">'
            f'<g class="spot k-field"><polygon points="{hexagon}"/></g>{PIECES[arg](0.0, 0.0, 0)}</svg>'
        )
    if kind == "monster":
        arg = arg or view.comps.monsters[0].id
    known = {**view.monsters, **view.quests, **view.heroes, **view.faeries}
    if kind in ("monster", "card") and arg in known:
        return _Page(view, {}, [], lang).card(arg)
    return ""
