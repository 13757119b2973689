"""Help on every element of Spring's page: its full text, its values and what it does now, with the rules section
that governs it (`data-help`, `data-rules`), focusable and labelled for screen readers.

Every text reads the observation and the public component data only (webfacts), so the help of two positions
that look alike to the viewer is the same.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from dwarfhall.core.webview import esc

from .components import BoardSpot, name_form
from .hexmap import label_of
from .phases import RESOURCE_KEYS
from .scoring import RESOURCES_PER_VP
from .webfacts import Facts
from .webmoves import Text

Effects = Callable[[Sequence[Any]], str]


def attrs(thing: str, help_text: str, rules: str, ids: Sequence[int] = (), label: str = "") -> str:
    """The attributes of an element with help: its thing key, help, rules section, focus and label; clickable when
    moves act on it (`ids`)."""
    out = f' data-thing="{esc(thing)}" data-help="{esc(help_text)}" data-rules="{esc(rules)}" tabindex="0"'
    out += f' aria-label="{esc(label or help_text)}"'
    if ids:
        out += f' data-action="{" ".join(str(i) for i in ids)}" role="button"'
    return out


class Help:
    """Help texts for one observation, in one language."""

    def __init__(self, facts: Facts, t: Text, lang: str, effects: Effects) -> None:
        self.facts = facts
        self.comps = facts.comps
        self.obs = facts.obs
        self.t = t
        self.lang = lang
        self.effects = effects
        self.dragons = {d.id: d for d in self.comps.dragons}
        self.faeries = {f.id: f for f in self.comps.faeries}
        self.quests = {q.id: q for q in self.comps.quests}

    def res(self, key: str) -> str:
        return name_form(self.comps.resources[key].name, self.lang)

    def who(self, seat: int) -> str:
        return self.t("player", seat=seat)

    def monster(self, card: str) -> str:
        return name_form(self.facts.kind(card).name, self.lang)

    def _pieces(self, location: str) -> str:
        pieces = Counter(self.facts.occupants.get(location, []))
        parts = [self.t(f"h_{what}_of", who=self.who(seat), n=n) for (what, seat), n in pieces.items()]
        text = "; ".join(parts)
        return text[:1].upper() + text[1:]

    # -- the map ---------------------------------------------------------------------------------
    def spot(self, location: str, label: str) -> str:
        facts = self.facts
        slot = facts.world.slots[facts.index[location]]
        assert slot is not None
        kind = name_form(self.comps.spot_kinds[slot.kind].name, self.lang)
        if slot.kind == "faerie":
            what = self.t("h_spot_faerie", n=slot.amount)
        elif slot.is_resource:
            what = self.t("h_spot_resource", n=slot.amount, resource=self.res(slot.kind))
        else:
            what = self.t(f"h_spot_{slot.kind}")
        parts = [f"{label} · {kind}{f' {slot.amount}' if slot.amount else ''}: {what}"]
        _kind, printed, now, cutter = facts.gain_at(location)
        if cutter:
            parts.append(self.t("h_spot_cut", n=now, printed=printed, monster=self.monster(cutter)))
        web = self.obs["webs"].get(location)
        if web:
            parts.append(self.t("h_web", monster=self.monster(web)))
        pieces = self._pieces(location)
        parts.append(pieces if pieces else self.t("h_free"))
        return " ".join(p if p.endswith(".") else p + "." for p in parts)

    def wildland(self, location: str, label: str) -> str:
        facts = self.facts
        wildland = facts.world.wildland_of(facts.index[location])
        assert wildland is not None
        place = f"{label} {name_form(wildland.name, self.lang)}"
        parts = [self.t("h_wild", place=place, resource=self.res(wildland.gather))]
        card = facts.monster_at.get(location)
        parts.append(self.monster_card(card, placed=False) if card else self.t("h_wild_empty"))
        dwarfs = self._pieces(location)
        if dwarfs:
            parts.append(dwarfs + ".")
        parts.append(self.t("h_reveal_rule"))
        viewer = self.obs.get("viewer")
        if viewer is not None and self.obs["phase"] != "over":
            parts.append(self.t("h_reveal_now", n=facts.reveal_count(viewer, location, extra_dwarf=True)))
        return " ".join(parts)

    # -- cards ---------------------------------------------------------------------------------
    def monster_card(self, card: str, placed: bool = True) -> str:
        m = self.facts.monster_cards[card]
        kind = self.facts.kind(card)
        where = self.facts.place_of_monster(card)
        text = self.t("h_monster", name=self.monster(card), key=card, axes=m.axes, vp=m.vp, text=dict(kind.text))
        return text + (" " + self.t("h_monster_at", place=_label(where)) if where and placed else "")

    def quest_card(self, card: str, takeable: bool) -> str:
        q = self.quests[card]
        text = self.t("h_quest", key=card, text=dict(q.text), vp=q.vp)
        if self.facts.quest_blocker:
            return text + " " + self.t("h_quest_blocked", monster=self.monster(self.facts.quest_blocker))
        return text + (" " + self.t("h_quest_now") if takeable else "")

    def card(self, key: str, takeable: bool = False) -> str:
        if key in self.facts.monster_cards:
            return self.monster_card(key)
        if key in self.quests:
            return self.quest_card(key, takeable)
        if key in self.facts.heroes:
            h = self.facts.heroes[key]
            return self.t("h_hero", name=name_form(h.name, self.lang), axes=h.axes, packs=h.backpacks)
        if key in self.faeries:
            return self.faerie(key)
        return key

    def faerie(self, key: str) -> str:
        f = self.faeries[key]
        viewer = self.obs.get("viewer")
        power = self.obs["players"][viewer]["faerie_power"] if viewer is not None else 1
        return self.t("h_faerie", name=name_form(f.name, self.lang), text=dict(f.text), power=power)

    def dragon(self, entry: Mapping[str, Any], seat: int) -> str:
        dragon = self.dragons[entry["dragon"]]
        level = dragon.levels[entry["level"] - 1]
        state = self.t("h_exhausted") if entry["exhausted"] else self.t("h_ready")
        text = self.t("h_dragon", name=name_form(level.name, self.lang), level=level.level, state=state,
                      effects=self.effects(level.effects), vp=level.vp)
        if level.level < len(dragon.levels):
            cost = self.comps.training_cost[level.level - 1]
            nxt = dragon.levels[level.level]
            text += " " + self.t("h_train", cost=cost, resource=self.res(dragon.train), level=nxt.level, vp=nxt.vp)
        return text

    # -- the boards ------------------------------------------------------------------------------
    def board_spot(self, spot: BoardSpot, used: bool) -> str:
        name = name_form(spot.name, self.lang)
        key = spot.action if spot.action in ("build", "fortress", "faerie") else f"{spot.action}{spot.order}"
        what = self.t(f"h_bs_{key}", line=self.res(spot.line) if spot.line else "")
        text = f"{name}: {what} {self.t('h_used') if used else self.t('h_unused')}"
        blocker = self.facts.quest_blocker
        if spot.action == "expedition" and blocker:
            text += " " + self.t("h_quest_blocked", monster=self.monster(blocker))
        return text

    def treasury(self, resource: str, n: int) -> str:
        return self.t("h_treasury", n=n, resource=self.res(resource), cap=self.comps.limits["warehouse"],
                      per=RESOURCES_PER_VP)

    def line(self, resource: str, left: int) -> str:
        line = self.comps.line(resource)
        made = dict.fromkeys(RESOURCE_KEYS, 0)
        for icons in line.positions[: len(line.positions) - left]:
            for key, n in icons.items():
                made[key] += n
        produce = ", ".join(f"{made[r]} {self.res(r)}" for r in RESOURCE_KEYS if made[r]) or self.t("none")
        return self.t("h_line", line=self.res(resource), left=left, all=len(line.positions), produce=produce,
                      vp=line.complete_vp)

    def successes(self, which: str, n: int) -> str:
        return self.t(f"h_succ_{which}", n=n, cap=self.comps.limits["successes"])

    def heroes(self, seat: int) -> str:
        return self.t("h_heroes", who=self.who(seat), n=len(self.facts.deck(seat)),
                      axes=sum(self.facts.symbols(seat, "axes")), packs=sum(self.facts.symbols(seat, "backpacks")))

    def era(self) -> str:
        obs = self.obs
        if obs["phase"] == "placing":
            return self.t("h_placing", order=", ".join(self.who(s) for s in obs["placing"]))
        return self.t("h_era", era=obs["era"], round=obs["round"], rounds=self.comps.pieces["dwarfs"],
                      first=self.who(obs["first"]))

    def counter(self, key: str, **fields: Any) -> str:
        return self.t(f"h_{key}", **fields)

    def score(self, seat: int) -> str:
        """The seat's victory points now, by source (R36)."""
        obs = self.obs
        player = obs["players"][seat]
        quests = monsters = 0
        for key in obs["heroes"][seat]["cards"] or []:
            if key in self.quests:
                quests += self.quests[key].vp
            elif key in self.facts.monster_cards:
                monsters += self.facts.monster_cards[key].vp
        dragons = sum(
            self.dragons[e["dragon"]].levels[e["level"] - 1].vp for e in player["nest"] if e["level"] >= 2
        )
        lines = sum(line.complete_vp for line in self.comps.lines if player["line_left"][line.resource] == 0)
        fortress = self.comps.fortress["vp"] if player["fortress"] else 0
        resources = sum(player["treasury"].values()) // RESOURCES_PER_VP
        total = quests + monsters + dragons + lines + fortress + resources
        return self.t("h_score", who=self.who(seat), total=total, quests=quests, monsters=monsters, dragons=dragons,
                      lines=lines, fortress=fortress, resources=resources)


def _label(location: str | None) -> str:
    return label_of(location) if location else ""
