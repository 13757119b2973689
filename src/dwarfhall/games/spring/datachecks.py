"""The counts and consistency checks of Spring's components (spring.md §2), each naming the file and entry."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from dwarfhall.core.errors import DataError

from .hexmap import POSITIONS
from .schema import RESOURCES, TERRAINS

if TYPE_CHECKING:
    from .components import (
        BoardSpot,
        Dragon,
        Faerie,
        GrasslandTile,
        Hero,
        Monster,
        MonsterKind,
        Numbers,
        ProductionLine,
        Quest,
        Wildland,
    )

MAX_PLAYERS = 4
WILDLANDS = 6  # rulebook: Forest, Plains and Mountain, numbered 1 and 2
GRASSLANDS = len(POSITIONS) - WILDLANDS
WILDLAND_NUMBERS = (1, 2)
MONSTER_COPIES = 2  # rulebook: every monster kind "spawns in <terrain> 1 or 2"; 12 cards, 6 kinds
MONSTER_CARDS = 12
QUEST_CARDS = 26
DRAGON_LEVELS = 3
DRAGONS = 24  # 72 dragon cards, one of each level per dragon
WHITE_RIBBONS = MAX_PLAYERS  # one starting dragon per player
FAERIE_CARDS = 20
HEROES_PER_PLAYER = 7
LINE_LENGTH = 4  # rulebook: "all 4 of its Settlements"
DRAGON_SPOTS = 2
# rulebook action example (R52): the Witch in play (the food cutter) needs 3 axes: 2 lose, 3 win
EXAMPLE_WITCH_AXES = 3
# rulebook: the three faerie abilities it names
RULEBOOK_FAERIE_EFFECTS = ("move_own_dwarf", "swap_settlements", "swap_dwarfs")
# rulebook: each ability is printed with the terrain its monster spawns in
RULEBOOK_ABILITIES: dict[tuple[str, str | None], str] = {
    ("webs", None): "forest",
    ("cap_spot", "faerie"): "forest",
    ("cap_spot", "food"): "plains",
    ("block_quests", None): "plains",
    ("cap_spot", "gold"): "mountain",
    ("cap_spot", "wood"): "mountain",
}
# values the rulebook states; a file may not change them (the rules engine follows the rulebook)
RULEBOOK_VALUES: dict[tuple[str, str, str], int | tuple[int, ...]] = {
    ("empire", "pieces", "dwarfs"): 7,
    ("empire", "pieces", "fortress"): 1,
    ("empire", "pieces", "exhaust_tokens"): 4,
    ("empire", "pieces", "dragons_per_spot"): 2,
    ("empire", "limits", "warehouse"): 7,
    ("empire", "limits", "faerie_hand"): 5,
    ("empire", "limits", "nest"): 5,
    ("empire", "limits", "nest_with_fortress"): 6,
    ("empire", "fortress", "cost"): 7,
    ("empire", "fortress", "vp"): 5,
    ("empire", "fortress", "reveal_bonus"): 2,
    ("monsters", "expedition", "area"): 6,
    ("monsters", "expedition", "spawned_at_setup"): 3,
    ("monsters", "expedition", "monsters_in_deck"): 6,
    ("monsters", "expedition", "revealed_at_setup"): 3,
    ("monsters", "", "web_tokens"): 10,
    ("dragons", "training", "cost"): (4, 5),
}

def unique(ids: list[str], where: str, family: str) -> None:
    twice = sorted(key for key, n in Counter(ids).items() if n > 1)
    if twice:
        raise DataError(f"{where}: {family} {twice[0]!r}: the id is used twice")


def check_rulebook_values(raw: Mapping[str, Mapping[str, Any]], where: Mapping[str, str]) -> None:
    for (family, table, key), want in RULEBOOK_VALUES.items():
        holder = raw[family][table] if table else raw[family]
        value = holder[key]
        got = tuple(value) if isinstance(value, list) else value
        if got != want:
            label = f"[{table}] {key}" if table else key
            raise DataError(f"{where[family]}: {label}: the rulebook gives {want}, the file says {got}")


def check_map(wildlands: tuple[Wildland, ...], grasslands: tuple[GrasslandTile, ...], where: str) -> None:
    unique([w.id for w in wildlands] + [g.id for g in grasslands], where, "petal")
    seen: dict[tuple[str, int], str] = {}
    for wildland in wildlands:
        key = (wildland.terrain, wildland.number)
        if wildland.number not in WILDLAND_NUMBERS:
            raise DataError(f"{where}: wildland {wildland.id!r}: number must be 1 or 2, not {wildland.number}")
        if key in seen:
            raise DataError(
                f"{where}: wildland {wildland.id!r}: {wildland.terrain} {wildland.number} is already "
                f"wildland {seen[key]!r}; the rulebook has one of each terrain and number"
            )
        seen[key] = wildland.id
    if len(wildlands) != WILDLANDS:
        lacking = [f"{t} {n}" for t in TERRAINS for n in WILDLAND_NUMBERS if (t, n) not in seen]
        raise DataError(
            f"{where}: the map has {WILDLANDS} wildland petals (Forest, Plains and Mountain 1 and 2), "
            f"the file has {len(wildlands)}" + (f"; missing {', '.join(lacking)}" if lacking else "")
        )
    if len(grasslands) != GRASSLANDS:
        raise DataError(
            f"{where}: the map has {len(POSITIONS)} petals ({WILDLANDS} wildland + {GRASSLANDS} grassland) in a "
            f"hexagon of radius 2; the file has {len(grasslands)} grassland petals"
        )


def check_heroes(heroes: tuple[Hero, ...], where: str) -> None:
    unique([h.id for h in heroes], where, "hero")
    if len(heroes) != HEROES_PER_PLAYER:
        raise DataError(f"{where}: each player has {HEROES_PER_PLAYER} starting heroes, the file has {len(heroes)}")


def check_monsters(
    kinds: tuple[MonsterKind, ...],
    monsters: tuple[Monster, ...],
    wildlands: tuple[Wildland, ...],
    web_tokens: int,
    expedition: Numbers,
    where: str,
) -> None:
    unique([k.id for k in kinds], where, "monster_kind")
    unique([m.id for m in monsters], where, "monster")
    abilities: dict[tuple[str, str | None], str] = {}
    for kind in kinds:
        ability = (kind.ability, kind.cap)
        label = f"{where}: monster_kind {kind.id!r}"
        if ability not in RULEBOOK_ABILITIES:
            raise DataError(f"{label}: the rulebook has no monster that cuts {kind.cap} spots")
        if ability in abilities:
            raise DataError(f"{label}: has the same ability as {abilities[ability]!r}; each of the six is unique")
        if RULEBOOK_ABILITIES[ability] != kind.terrain:
            raise DataError(
                f"{label}: the rulebook spawns the monster with this ability in {RULEBOOK_ABILITIES[ability]}, "
                f"not {kind.terrain}"
            )
        abilities[ability] = kind.id
    if len(kinds) != len(RULEBOOK_ABILITIES):
        raise DataError(f"{where}: there are {len(RULEBOOK_ABILITIES)} monster kinds, the file has {len(kinds)}")
    by_kind = {kind.id: kind for kind in kinds}
    by_wildland = {w.id: w for w in wildlands}
    homes: dict[str, list[int]] = {kind.id: [] for kind in kinds}
    for monster in monsters:
        label = f"{where}: monster {monster.id!r}"
        card_kind = by_kind.get(monster.kind)
        if card_kind is None:
            raise DataError(f"{label}: kind {monster.kind!r} is not a [[monster_kind]]")
        home = by_wildland.get(monster.home)
        if home is None:
            raise DataError(f"{label}: home {monster.home!r} is not a wildland of map.toml")
        if home.terrain != card_kind.terrain:
            raise DataError(
                f"{label}: a {card_kind.id} spawns in {card_kind.terrain}, but home {home.id!r} is {home.terrain}"
            )
        if home.number in homes[card_kind.id]:
            raise DataError(
                f"{label}: another {card_kind.id} card already has home {home.id!r}; the copies are 1 and 2"
            )
        homes[card_kind.id].append(home.number)
    for kind in kinds:
        if len(homes[kind.id]) != MONSTER_COPIES:
            raise DataError(
                f"{where}: monster_kind {kind.id!r}: has {len(homes[kind.id])} cards; each kind has "
                f"{MONSTER_COPIES} (12 cards = 6 kinds x 2)"
            )
    if len(monsters) != MONSTER_CARDS:
        raise DataError(f"{where}: there are {MONSTER_CARDS} monster cards, the file has {len(monsters)}")
    webs = sum(by_kind[m.kind].webs for m in monsters)
    if webs > web_tokens:
        raise DataError(
            f"{where}: monster_kind {next(k.id for k in kinds if k.webs)!r}: its cards would place {webs} webs, "
            f"but the box has {web_tokens} web tokens"
        )
    witch = abilities[("cap_spot", "food")]
    if not any(m.kind == witch and m.axes == EXAMPLE_WITCH_AXES for m in monsters):
        raise DataError(
            f"{where}: monster_kind {witch!r}: the rulebook's action example fights a {witch} that needs "
            f"{EXAMPLE_WITCH_AXES} axes (2 lose, 3 win); no card of this kind does"
        )
    # only face-up cards are in play; the area must never hold more monsters than there are wildlands
    if expedition["area"] > len(wildlands):
        raise DataError(f"{where}: [expedition] area {expedition['area']} is more than the {len(wildlands)} wildlands")


def check_quests(quests: tuple[Quest, ...], expedition: Numbers, where: str) -> None:
    unique([q.id for q in quests], where, "quest")
    seen: dict[tuple[object, ...], str] = {}
    for quest in quests:
        req = quest.requires
        key = (tuple(sorted(req.resources.items())), req.faeries, req.settlements, req.line_complete, req.dragons,
               req.dragon_level, req.monsters, req.fortress)
        if key in seen:
            raise DataError(f"{where}: quest {quest.id!r}: the same requirement as quest {seen[key]!r}")
        seen[key] = quest.id
        if quest.requires.dragon_level > DRAGON_LEVELS:
            raise DataError(f"{where}: quest {quest.id!r}: dragons have at most level {DRAGON_LEVELS}")
    if len(quests) != QUEST_CARDS:
        raise DataError(f"{where}: there are {QUEST_CARDS} quest cards, the file has {len(quests)}")
    deck = expedition["monsters_in_deck"] + len(quests)
    if deck < expedition["revealed_at_setup"]:
        raise DataError(f"{where}: the expedition deck ({deck} cards) cannot fill the expedition area")


def check_dragons(dragons: tuple[Dragon, ...], cost: tuple[int, ...], limits: Numbers, where: str) -> None:
    unique([d.id for d in dragons], where, "dragon")
    for dragon in dragons:
        label = f"{where}: dragon {dragon.id!r}"
        if len(dragon.levels) != DRAGON_LEVELS:
            raise DataError(
                f"{label}: every dragon has a level 1, 2 and 3 card ([[dragon.level]] x {DRAGON_LEVELS}), "
                f"found {len(dragon.levels)}"
            )
        if dragon.levels[0].vp:
            raise DataError(f"{label}: level 1: only level 2 and 3 dragons score VP (rulebook), vp must be 0")
    ribbons = [d.id for d in dragons if d.white_ribbon]
    if len(ribbons) != WHITE_RIBBONS:
        raise DataError(
            f"{where}: {WHITE_RIBBONS} level 1 dragons have the white ribbon (one per player in a "
            f"{MAX_PLAYERS}-player game); the file marks {len(ribbons)}: {', '.join(ribbons)}"
        )
    eggs = len(dragons) - len(ribbons)
    need = MAX_PLAYERS * (limits["nest_with_fortress"] - 1)
    if eggs < need:
        raise DataError(
            f"{where}: the egg pile has {eggs} level 1 dragons, fewer than {need} = {MAX_PLAYERS} players x "
            f"(nest {limits['nest_with_fortress']} - 1 starter): it could run dry"
        )
    if len(dragons) != DRAGONS:
        raise DataError(
            f"{where}: there are {DRAGONS * DRAGON_LEVELS} dragon cards = {DRAGONS} dragons x {DRAGON_LEVELS} "
            f"levels; the file has {len(dragons)} dragons"
        )
    if len(cost) != DRAGON_LEVELS - 1:
        raise DataError(f"{where}: [training] cost lists one price per step up ({DRAGON_LEVELS - 1} steps)")


def check_faeries(faeries: tuple[Faerie, ...], where: str) -> None:
    unique([f.id for f in faeries], where, "faerie")
    effects: dict[tuple[str, int, str | None], str] = {}
    for faerie in faeries:
        key = (faerie.effect.primitive, faerie.effect.n, faerie.effect.resource)
        if key in effects:
            raise DataError(
                f"{where}: faerie {faerie.id!r}: has the same effect as faerie {effects[key]!r}; "
                "give one entry more copies instead"
            )
        effects[key] = faerie.id
    total = sum(f.copies for f in faeries)
    if total != FAERIE_CARDS:
        counts = ", ".join(f"{f.id} x{f.copies}" for f in faeries)
        raise DataError(f"{where}: there are {FAERIE_CARDS} faerie cards, the copies add up to {total} ({counts})")
    present = {f.effect.primitive for f in faeries}
    for named in RULEBOOK_FAERIE_EFFECTS:
        if named not in present:
            raise DataError(f"{where}: no faerie has the effect {named}, which the rulebook names")


def check_empire(
    pieces: Numbers, limits: Numbers, lines: tuple[ProductionLine, ...], spots: tuple[BoardSpot, ...], where: str
) -> None:
    for line in lines:
        if len(line.positions) != LINE_LENGTH:
            raise DataError(
                f"{where}: line {line.resource!r}: a production line holds {LINE_LENGTH} settlements "
                f"(12 = 3 lines x 4), the file gives {len(line.positions)} positions"
            )
    resources = [line.resource for line in lines]
    if sorted(resources) != sorted(RESOURCES) or len(resources) != len(RESOURCES):
        raise DataError(f"{where}: there is one production line per resource (wood, food, gold), found {resources}")
    unique([s.id for s in spots], where, "spot")
    wanted: Counter[tuple[str, str | None, int]] = Counter(
        [("build", line, 1) for line in RESOURCES]
        + [("fortress", None, 1), ("faerie", None, 1)]
        + [("dragons", None, 1), ("dragons", None, 2), ("expedition", None, 1), ("expedition", None, 2)]
    )
    found: Counter[tuple[str, str | None, int]] = Counter()
    for spot in spots:
        label = f"{where}: spot {spot.id!r}"
        if (spot.action == "build") != (spot.line is not None):
            raise DataError(f"{label}: `line` belongs to, and only to, the build spots")
        key = (spot.action, spot.line, spot.order)
        found[key] += 1
        if found[key] > wanted[key]:
            raise DataError(f"{label}: the board has only {wanted[key]} spot with action {spot.action!r} and "
                            f"order {spot.order}")
    lacking = sorted(str(k) for k in wanted if found[k] < wanted[k])
    if lacking:
        raise DataError(f"{where}: the board lacks the spot(s) (action, line, order) {', '.join(lacking)}")
    dragon_spots = sum(1 for s in spots if s.action == "dragons")
    if pieces["exhaust_tokens"] != dragon_spots * pieces["dragons_per_spot"]:
        raise DataError(
            f"{where}: [pieces] exhaust_tokens {pieces['exhaust_tokens']} must equal {dragon_spots} dragon spots x "
            f"{pieces['dragons_per_spot']} dragons"
        )
    if limits["nest_with_fortress"] != limits["nest"] + 1:
        raise DataError(f"{where}: [limits] the fortress adds 1 to the nest: nest_with_fortress must be nest + 1")


def check_card_ids(families: Mapping[str, tuple[str, list[str]]]) -> None:
    """Card ids differ across families too (monsters, quests, dragons, faeries, heroes): piles name cards by id."""
    seen: dict[str, str] = {}
    for family, (where, ids) in families.items():
        for card_id in ids:
            if card_id in seen:
                raise DataError(f"{where}: {family} {card_id!r}: the id is already used by a {seen[card_id]}")
            seen[card_id] = family
