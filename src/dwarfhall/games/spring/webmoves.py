"""How the page offers Spring's moves (`WebView.move_ui`): the things each acts on, its move-list group, a confirm
question and a preview of what it will do.

A map move is picked on the map first (the spot or wildland), then on the viewer's board (the line a settlement
comes from, the bastion's dwarf for exploring, the fortress spot); a board or card move on its spot, card,
dragon or counter. Moves of one kind fold under one heading, so a decision shows at most a dozen top-level
entries; a kind with a single move stays a plain button. Only ending a turn while free actions are still
possible asks first. Previews read only the observation (webfacts), so they never say what the viewer may not
see: what is certain is stated, what is left to chance is named with its odds.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from dwarfhall.core import Action
from dwarfhall.core.webview import MoveUi

from .components import Components, Effect, name_form
from .kinds import card_kinds
from .phases import BACKPACKS, FAERIE, RESOURCE_KEYS, WILD_CHOICE
from .webfacts import Facts

Text = Callable[..., str]
"""The page's text `key` (messages.toml's web_<key>) with fields, in the page's language."""

# kinds that fold under one heading when a decision offers more than one of them (the heading's message key)
GROUPS = {
    "start_settlement": "g_start",
    "build": "g_build",
    "fortress": "g_fortress",
    "explore": "g_explore",
    "quest": "g_quest",
    "command": "g_command",
    "train": "g_train",
    "play_faerie": "g_faerie",
    "trim": "g_trim",
    "add_backpacks": "g_backpacks",
    "choose_resource": "g_resource",
    "remove_web": "g_remove_web",
    "move_from": "g_move_from",
    "move_to": "g_move_to",
    "swap_own": "g_swap_own",
    "swap_other": "g_swap_other",
    "pick_dwarf": "g_pick_dwarf",
}
BY_LINE = frozenset(("start_settlement",))  # one heading per production line in the set-up
FREE = frozenset(("train", "play_faerie"))  # free actions: what "actions left" means at the end of a turn
BOARD_SPOT = {"summon_faerie": "spot:faerie"}


def move_ui(
    comps: Components, obs: Mapping[str, Any], actions: Sequence[Action], t: Text, lang: str
) -> dict[int, MoveUi]:
    facts = Facts(comps, obs)
    seat = obs.get("viewer")
    if seat is None:
        return {}
    preview = _Previews(facts, seat, t, lang)
    keys: dict[int, str] = {}
    for a in actions:
        move = str(a.payload.get("move"))
        if move in GROUPS:
            line = a.payload.get("line")
            keys[a.id] = f"{move}:{line}" if move in BY_LINE else move
    sizes = Counter(keys.values())
    free_left = any(a.payload.get("move") in FREE for a in actions)
    out: dict[int, MoveUi] = {}
    for a in actions:
        p = a.payload
        move = str(p.get("move"))
        group = ""
        key = keys.get(a.id)
        if key is not None and sizes[key] > 1:
            line = p.get("line")
            group = t(GROUPS[move], line=_resource(comps, str(line), lang) if line else "")
        confirm = t("confirm_end") if move == "end_turn" and free_left else ""
        out[a.id] = MoveUi(things=_things(p, facts), group=group, confirm=confirm, preview=preview.of(p))
    return out


def _resource(comps: Components, key: str, lang: str) -> str:
    return name_form(comps.resources[key].name, lang)


def _things(p: Mapping[str, Any], facts: Facts) -> tuple[str, ...]:
    """The board things a move acts on, in the order a player picks them (data-thing keys of the web view)."""
    move = p.get("move")
    spot = p.get("spot")
    if move in ("start_settlement", "build"):
        return (str(spot), f"line:{p['line']}")
    if move == "explore":
        return (str(spot), "bastion")
    if move == "fortress":
        return (str(spot), "spot:fortress")
    if move in ("remove_web", "move_from", "move_to", "swap_own", "swap_other"):
        return (str(spot),)
    if move == "pick_dwarf":
        return (str(spot), f"dwarf:{p['owner']}:{spot}")
    if move == "summon_faerie":
        return ("spot:faerie",)
    if move == "dragon_spot":
        return (f"spot:dragon{spot}",)
    if move == "quest":
        return (f"card:{p['quest']}", f"spot:expedition{spot}")
    if move in ("command", "train"):
        return (f"dragon:{p['dragon']}",)
    if move == "play_faerie":
        return (f"faerie:{p['faerie']}",)
    if move == "choose_resource":
        return (f"res:{p['resource']}",)
    if move == "add_backpacks":
        return ("succ:backpack",)
    if move == "trim":
        return (f"hero:{p['card']}",)
    if move in ("fight", "gather"):
        pending = facts.obs.get("pending") or []
        if pending and pending[-1][0] == WILD_CHOICE:
            return (facts.location_id(pending[-1][1]),)
    return ()


class _Previews:
    """Preview texts for one viewer's moves."""

    def __init__(self, facts: Facts, seat: int, t: Text, lang: str) -> None:
        self.facts = facts
        self.comps = facts.comps
        self.seat = seat
        self.t = t
        self.lang = lang
        self.me = facts.obs["players"][seat]
        self.hand = facts.obs["faerie_hand"][seat]["size"]
        self.dragons = {d.id: d for d in self.comps.dragons}
        self.faeries = {f.id: f for f in self.comps.faeries}
        self.quests = {q.id: q for q in self.comps.quests}

    def res(self, key: str) -> str:
        return _resource(self.comps, key, self.lang)

    def monster(self, card: str) -> str:
        return name_form(self.facts.kind(card).name, self.lang)

    def of(self, p: Mapping[str, Any]) -> str:
        move = str(p.get("move"))
        handler = getattr(self, f"_{move}", None)
        return " ".join(part for part in handler(p) if part) if handler else ""

    # -- the map ---------------------------------------------------------------------------------
    def _gain(self, spot: str, fortress: bool = False) -> str:
        kind, printed, now, cutter = self.facts.gain_at(spot, fortress)
        if not kind:
            return self.t("pv_no_gain")
        if kind == "faerie":
            limit = self.comps.limits["faerie_hand"]
            drawn = max(0, min(now, limit - self.hand))
            text = self.t("pv_draw", n=drawn)
            if drawn < now:
                text += " " + self.t("pv_hand_limit", limit=limit)
        else:
            text = self.t("pv_gain", n=now, resource=self.res(kind))
        if cutter:
            text += " " + self.t("pv_cut", n=printed, monster=self.monster(cutter))
        return text

    def _line(self, line: str) -> str:
        left = dict(self.me["line_left"])
        before = self.facts.production(left)
        left[line] -= 1
        after = self.facts.production(left)
        more = ", ".join(f"{after[r] - before[r]} {self.res(r)}" for r in RESOURCE_KEYS if after[r] != before[r])
        text = self.t("pv_line", line=self.res(line), more=more or "0")
        if left[line] == 0:
            text += " " + self.t("pv_line_done", vp=self.comps.line(line).complete_vp)
        return text

    def _start_settlement(self, p: Mapping[str, Any]) -> list[str]:
        return [self._gain(str(p["spot"])), self._line(str(p["line"]))]

    def _build(self, p: Mapping[str, Any]) -> list[str]:
        return self._start_settlement(p)

    def _fortress(self, p: Mapping[str, Any]) -> list[str]:
        f = self.comps.fortress
        nest = self.comps.limits["nest_with_fortress"]
        return [self.t("pv_fortress", cost=f["cost"], vp=f["vp"], nest=nest), self._gain(str(p["spot"]), True)]

    def _explore(self, p: Mapping[str, Any]) -> list[str]:
        spot = str(p["spot"])
        if self.facts.world.slots[self.facts.index[spot]] is not None:
            return [self.t("pv_explore")]
        return [self._wild(spot, extra_dwarf=True)]

    def _wild(self, spot: str, extra_dwarf: bool) -> str:
        facts = self.facts
        r = facts.reveal(self.seat, spot, extra_dwarf)
        card = facts.monster_at.get(spot)
        if card is None:
            resource = self.res(facts.gathers(spot))
            return self.t("pv_gather", n=r.cards, deck=r.deck, resource=resource, mean=f"{r.mean:.1f}")
        monster = facts.monster_cards[card]
        fight = self.t("pv_fight", monster=self.monster(card), axes=monster.axes, n=r.cards, deck=r.deck,
                       need=r.need, chance=r.chance)
        return fight + " " + self.t("pv_fight_won", vp=monster.vp)

    def _pending_wild(self) -> str | None:
        pending = self.facts.obs.get("pending") or []
        if pending and pending[-1][0] in (WILD_CHOICE, BACKPACKS):
            return self.facts.location_id(pending[-1][1])
        return None

    def _fight(self, p: Mapping[str, Any]) -> list[str]:
        spot = self._pending_wild()
        return [self._wild(spot, extra_dwarf=False)] if spot else []

    def _gather(self, p: Mapping[str, Any]) -> list[str]:
        return self._fight(p)

    def _leave(self, p: Mapping[str, Any]) -> list[str]:
        return [self.t("pv_leave")]

    def _move_to(self, p: Mapping[str, Any]) -> list[str]:
        return [self.t("pv_moved")]

    def _swap_other(self, p: Mapping[str, Any]) -> list[str]:
        return [self.t("pv_swapped")]

    # -- the board -------------------------------------------------------------------------------
    def _summon_faerie(self, p: Mapping[str, Any]) -> list[str]:
        return [self.t("pv_summon", hand=self.hand + 1, limit=self.comps.limits["faerie_hand"])]

    def effects(self, effects: Sequence[Effect]) -> str:
        return effects_text(self.comps, effects, self.t, self.lang)

    def _dragon_spot(self, p: Mapping[str, Any]) -> list[str]:
        ready = []
        for entry in self.me["nest"]:
            if not entry["exhausted"]:
                level = self.dragons[entry["dragon"]].levels[entry["level"] - 1]
                ready.append(f"{name_form(level.name, self.lang)} ({self.effects(level.effects)})")
        text = self.t("pv_dragons", ready="; ".join(ready) or self.t("none"))
        extra = self.t("pv_power") if p["spot"] == 2 else ""
        return [text, extra]

    def _command(self, p: Mapping[str, Any]) -> list[str]:
        entry = next(e for e in self.me["nest"] if e["dragon"] == p["dragon"])
        level = self.dragons[entry["dragon"]].levels[entry["level"] - 1]
        return [self.t("pv_command", effects=self.effects(level.effects))]

    def _train(self, p: Mapping[str, Any]) -> list[str]:
        entry = next(e for e in self.me["nest"] if e["dragon"] == p["dragon"])
        nxt = self.dragons[entry["dragon"]].levels[entry["level"]]
        return [self.t("pv_train", name=name_form(nxt.name, self.lang), level=nxt.level, vp=nxt.vp,
                       effects=self.effects(nxt.effects))]

    def _quest(self, p: Mapping[str, Any]) -> list[str]:
        quest = self.quests[str(p["quest"])]
        nest_room = self.comps.limits["nest_with_fortress" if self.me["fortress"] else "nest"]
        eggs = self.facts.obs["egg_pile"]["size"]
        egg = self.t("pv_egg") if eggs and len(self.me["nest"]) < nest_room else self.t("pv_no_egg")
        parts = [self.t("pv_quest", vp=quest.vp), egg]
        if p["spot"] == 2:
            parts.append(self.t("pv_trim_next"))
        parts.append(self.t("pv_refill"))
        return parts

    def _choose_resource(self, p: Mapping[str, Any]) -> list[str]:
        key = str(p["resource"])
        return [self.t("pv_take", resource=self.res(key), n=self.me["treasury"][key] + 1)]

    def _add_backpacks(self, p: Mapping[str, Any]) -> list[str]:
        spot = self._pending_wild()
        if spot is None:
            return []
        left = self.me["successes"]["backpack"] - int(p["n"])
        return [self.t("pv_backpacks", n=p["n"], resource=self.res(self.facts.gathers(spot)), left=left)]

    def _trim(self, p: Mapping[str, Any]) -> list[str]:
        card = str(p["card"])
        deck = self.facts.deck(self.seat)
        deck.remove(card)
        heroes = self.facts.heroes
        axes = sum(heroes[k].axes for k in deck if k in heroes)
        packs = sum(heroes[k].backpacks for k in deck if k in heroes)
        vp = self.quests[card].vp if card in self.quests else 0
        if card in self.facts.monster_cards:
            vp = self.facts.monster_cards[card].vp
        text = self.t("pv_trim", size=len(deck), axes=axes, packs=packs)
        return [text, self.t("pv_trim_vp", vp=vp) if vp else ""]

    def _faerie_apply(self, p: Mapping[str, Any]) -> list[str]:
        """One application of the faerie card being played (its card is public once played)."""
        pending = self.facts.obs.get("pending") or []
        if not pending or pending[-1][0] != FAERIE:
            return []
        key = card_kinds(self.comps).keys[pending[-1][1]]
        effect = self.faeries[key].effect
        if effect.primitive in ("gain_any", "axe", "pack"):
            return [effects_text(self.comps, (effect,), self.t, self.lang) + "."]
        return []

    def _play_faerie(self, p: Mapping[str, Any]) -> list[str]:
        return [self.t("pv_faerie", times=self.me["faerie_power"])]


def effects_text(comps: Components, effects: Sequence[Effect], t: Text, lang: str) -> str:
    """What a dragon's level gives when commanded, effect by effect."""
    parts = []
    for e in effects:
        if e.primitive == "gain" and e.resource:
            parts.append(t("fx_gain", n=e.n, resource=_resource(comps, e.resource, lang)))
        elif e.primitive in ("gain_any", "axe", "pack", "draw_faerie"):
            parts.append(t(f"fx_{e.primitive}", n=e.n))
    return ", ".join(parts)
