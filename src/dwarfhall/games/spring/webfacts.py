"""What the page's help and move previews read off one observation: the map's places and who stands on them,
the monsters in play and what they do to the spots, a seat's heroes deck, its reveal count and its odds.

Everything comes from the observation (public table plus the viewer's own hand) and the public component data,
so a text built from it says nothing the viewer may not see.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from .components import Components, Monster, MonsterKind
from .odds import expected, p_at_least
from .phases import RESOURCE_KEYS
from .webmap import world_of
from .worldmap import WorldMap


@dataclass(frozen=True, slots=True)
class Reveal:
    """A fight or a gathering as the page can foresee it: cards revealed of a deck, and the odds."""

    cards: int
    deck: int
    need: int  # axes still to reveal after the axe successes (fight), 0 for a gathering
    chance: int  # per cent: at least `need` axes (fight)
    mean: float  # backpacks on average (gathering)


class Facts:
    """Derived public facts of one observation, computed once per render."""

    def __init__(self, comps: Components, obs: Mapping[str, Any]) -> None:
        self.comps = comps
        self.obs = obs
        self.monster_cards: dict[str, Monster] = {m.id: m for m in comps.monsters}
        self.heroes = {h.id: h for h in comps.heroes}

    @cached_property
    def world(self) -> WorldMap:
        return world_of(self.comps, self.obs["map"])

    @cached_property
    def index(self) -> dict[str, int]:
        """Location id to location index."""
        return {loc.id: loc.index for loc in self.world.geometry.locations}

    def location_id(self, index: int) -> str:
        """A location index (pending decisions hold them) as its id."""
        return self.world.geometry.locations[index].id

    @cached_property
    def monster_at(self) -> dict[str, str]:
        """Location id of a wildland to the monster card standing there."""
        place_of_tile = {p["tile"]: i for i, p in enumerate(self.obs["map"])}
        geometry = self.world.geometry
        out = {}
        for tile, card in self.obs["monsters"].items():
            where = geometry.wildland_at[place_of_tile[tile]]
            if where is not None:
                out[geometry.locations[where].id] = card
        return out

    def kind(self, card: str) -> MonsterKind:
        return self.comps.monster_kinds[self.monster_cards[card].kind]

    @cached_property
    def caps(self) -> dict[str, str]:
        """Spot kind to the monster card in play that cuts its spots to 1 (R17)."""
        out: dict[str, str] = {}
        for card in self.obs["monsters"].values():
            cap = self.kind(card).cap
            if cap and cap not in out:
                out[cap] = card
        return out

    @cached_property
    def quest_blocker(self) -> str | None:
        """A monster card in play that closes the quests (R25), or None."""
        return next((c for c in self.obs["monsters"].values() if self.kind(c).ability == "block_quests"), None)

    def place_of_monster(self, card: str) -> str | None:
        return next((loc for loc, c in self.monster_at.items() if c == card), None)

    @cached_property
    def occupants(self) -> dict[str, list[tuple[str, int]]]:
        """Location id to its pieces: ("settlement" | "fortress" | "dwarf", seat)."""
        out: dict[str, list[tuple[str, int]]] = {}
        for seat, player in enumerate(self.obs["players"]):
            for spot in player["settlements"]:
                out.setdefault(spot, []).append(("settlement", seat))
            if player["fortress"]:
                out.setdefault(player["fortress"], []).append(("fortress", seat))
            for spot in player["dwarfs"]:
                out.setdefault(spot, []).append(("dwarf", seat))
        return out

    def gain_at(self, location: str, fortress: bool = False) -> tuple[str, int, int, str | None]:
        """What a settlement placed here gains at once: (spot kind, printed amount, amount now, the monster cutting
        it or None) (R17, R18: never cut for the fortress)."""
        slot = self.world.slots[self.index[location]]
        if slot is None or not slot.is_resource:
            return ("", 0, 0, None)
        cutter = None if fortress else self.caps.get(slot.kind)
        return (slot.kind, slot.amount, min(slot.amount, 1) if cutter else slot.amount, cutter)

    def deck(self, seat: int) -> list[str]:
        return list(self.obs["heroes"][seat]["cards"] or [])

    def symbols(self, seat: int, which: str) -> list[int]:
        """The axes (or backpacks) of each card of the seat's heroes deck (monsters and quests show none)."""
        return [getattr(self.heroes[k], which) if k in self.heroes else 0 for k in self.deck(seat)]

    def reveal_count(self, seat: int, wildland: str, extra_dwarf: bool) -> int:
        """R14: the seat's dwarfs in the wildland (one more when a dwarf is about to enter), its settlements around
        it, and 2 for its fortress next to it."""
        player = self.obs["players"][seat]
        count = player["dwarfs"].count(wildland) + (1 if extra_dwarf else 0)
        around = self.world.tables.surrounding[self.index[wildland]]
        locations = self.world.geometry.locations
        owned = set(player["settlements"])
        for spot in around:
            lid = locations[spot].id
            if lid == player["fortress"]:
                count += self.comps.fortress["reveal_bonus"]
            elif lid in owned:
                count += 1
        return count

    def reveal(self, seat: int, wildland: str, extra_dwarf: bool) -> Reveal:
        n = self.reveal_count(seat, wildland, extra_dwarf)
        deck = len(self.deck(seat))
        card = self.monster_at.get(wildland)
        if card is None:
            packs = self.symbols(seat, "backpacks")
            return Reveal(min(n, deck), deck, 0, 0, float(expected(packs, n)))
        need = max(0, self.monster_cards[card].axes - self.obs["players"][seat]["successes"]["axe"])
        chance = p_at_least(self.symbols(seat, "axes"), n, need)
        return Reveal(min(n, deck), deck, need, round(float(chance) * 100), 0.0)

    def gathers(self, wildland: str) -> str:
        found = self.world.wildland_of(self.index[wildland])
        assert found is not None
        return found.gather

    def production(self, left: Mapping[str, int]) -> dict[str, int]:
        """What a board's lines produce each era with `left` settlements still on each line (R6)."""
        out = dict.fromkeys(RESOURCE_KEYS, 0)
        for line in self.comps.lines:
            taken = len(line.positions) - left[line.resource]
            for icons in line.positions[:taken]:
                for resource, amount in icons.items():
                    out[resource] += amount
        return out
