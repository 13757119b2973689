"""Reading positions: the friendly scenario format and the full saved state share one validating parser.

Every error is a ScenarioError that names the field, e.g. `players[1].hand[2]: unknown card 'foo'`; the
fields are read with the kit's readers (`dwarfhall.core.fields`).
The format is described in docs/rules/duel.md.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from dwarfhall.core.errors import ScenarioError
from dwarfhall.core.fields import flag, items, key_of, keys_of, known_fields, one_of, table, text, whole
from dwarfhall.core.game import TERMINAL
from dwarfhall.core.rng import Rng

from .components import SIDES
from .dice import support_total
from .kit import WILD_CARDS
from .layout import AXE
from .phases import (
    ANSWER_NAMES,
    ANSWERS_CARD,
    ANSWERS_UNKNOWN,
    CANCEL,
    CARD,
    DRAW,
    EFFECT,
    ENDING,
    FRESH_SHIFT,
    GONE,
    OVER,
    PHASE_NAMES,
    PILE,
    PREROLL,
    REROLL,
    RESPONSE,
    Frame,
)
from .state import DuelState
from .tables import A_REROLL

if TYPE_CHECKING:
    from .game import DuelGame

MAX_DICE = 6
_SCENARIO_PHASES = ("draw", "pre_roll", "reroll", "card")
_TOP = {"seed", "active", "turn", "phase", "players", "dice", "rerolls_left", "used_a_die", "fresh_wild_cards"}
_FULL_ONLY = {"effect", "windows", "over", "end_reason"}
_PLAYER = {"side", "hand", "known_in_hand", "pile", "pile_top", "display", "discard", "wild_cards", "bonus_dice"}


def parse(game: DuelGame, data: Mapping[str, Any], rng: Rng | None) -> DuelState:
    """A state from a scenario (`rng` None: the scenario's `seed` starts the Rng) or from a saved body."""
    scenario = rng is None
    allowed = _TOP if scenario else (_TOP | _FULL_ONLY) - {"seed"}
    known_fields(data, allowed, "")
    if scenario:
        seed = whole(data.get("seed", 0), "seed")
        rng = Rng(seed)
    assert rng is not None
    s = DuelState(game, rng)
    t = s.game.tables
    s.active = one_of(data.get("active", 0), "active", (0, 1))
    s.turn = whole(data.get("turn", 1), "turn", low=1)
    phases = _SCENARIO_PHASES if scenario else PHASE_NAMES
    phase_name = data.get("phase", "draw")
    if phase_name not in phases:
        raise ScenarioError(f"phase: {phase_name!r} is not one of {', '.join(phases)}")
    s.phase = PHASE_NAMES.index(phase_name)

    raw_players = data.get("players")
    if not isinstance(raw_players, list) or len(raw_players) != 2:
        raise ScenarioError("players: need a list of 2 players")
    sides = []
    for p, raw in enumerate(raw_players):
        where = f"players[{p}]"
        known_fields(table(raw, where), _PLAYER if scenario else _PLAYER - {"pile_top"}, where)
        default_side = game.options.seat0_side if p == 0 else _other_side(game.options.seat0_side)
        side = raw.get("side", default_side)
        if side not in SIDES:
            raise ScenarioError(f"{where}.side: {side!r} is not one of {', '.join(SIDES)}")
        sides.append(side)
    if sides[0] == sides[1]:
        raise ScenarioError(f"players[1].side: both players play {sides[0]!r}")
    s.sides = (sides[0], sides[1])

    effect = -1
    if not scenario and data.get("effect") is not None:
        effect = key_of(data["effect"], "effect", t.index, "card")
        if not t.is_event[effect]:
            raise ScenarioError(f"effect: {data['effect']!r} is not an Event")
    if (effect >= 0) != (s.phase == EFFECT):
        raise ScenarioError("effect: an Event awaits its target exactly in the 'effect' phase")
    s.effect = effect

    for p, raw in enumerate(raw_players):
        _player(s, p, raw, scenario, rng, effect if p == s.active else -1)

    _dice(s, data, scenario)
    s.used_die = flag(data.get("used_a_die", False), "used_a_die")
    s.fresh = whole(data.get("fresh_wild_cards", 0), "fresh_wild_cards", low=0, high=s.wild[s.active])
    default_rerolls = support_total(s, s.active, A_REROLL) if s.phase == REROLL else 0
    s.rerolls = whole(data.get("rerolls_left", default_rerolls), "rerolls_left", low=0)
    if s.phase == REROLL and not s.rerolls:
        raise ScenarioError("rerolls_left: the 'reroll' phase needs at least one re-roll left")
    if s.phase != REROLL and s.rerolls:
        raise ScenarioError("rerolls_left: re-rolls are only left in the 'reroll' phase")

    if not scenario:
        s.stack = _windows(s, data.get("windows", []))
        s.is_terminal = flag(data.get("over", False), "over")
        s.reason = text(data.get("end_reason", ""), "end_reason")
        if s.is_terminal != (s.phase == OVER):
            raise ScenarioError("over: a finished game is exactly one in the 'over' phase")
    for p in (0, 1):
        if not s.pile[p] and not s.is_terminal:
            raise ScenarioError(f"players[{p}].pile: the draw pile is empty, so the game would be over")
    s.to_act = TERMINAL if s.is_terminal else s.stack[-1][0] if s.stack else s.active
    return s


def _player(s: DuelState, p: int, raw: Mapping[str, Any], scenario: bool, rng: Rng, effect: int) -> None:
    t = s.game.tables
    where = f"players[{p}]"
    used: Counter[int] = Counter()
    hand = keys_of(raw.get("hand", []), f"{where}.hand", t.index, "card")
    used.update(hand)
    for k in hand:
        s.hand[p][k] += 1
    s.hand_n[p] = len(hand)
    known = keys_of(raw.get("known_in_hand", []), f"{where}.known_in_hand", t.index, "card")
    for k, n in Counter(known).items():
        if n > s.hand[p][k]:
            raise ScenarioError(f"{where}.known_in_hand: {t.keys[k]!r} is known {n} times but the hand holds fewer")
        s.known[p][k] = n

    display = items(raw.get("display", []), f"{where}.display")
    for i, entry in enumerate(display):
        field = f"{where}.display[{i}]"
        damage = 0
        if isinstance(entry, Mapping):
            known_fields(entry, {"card", "damage"}, field)
            k = key_of(entry.get("card"), f"{field}.card", t.index, "card")
            damage = whole(entry.get("damage", 0), f"{field}.damage", low=0)
        else:
            k = key_of(entry, field, t.index, "card")
        if t.is_event[k] or t.is_twist[k]:
            raise ScenarioError(f"{field}: {t.keys[k]!r} is an Event or Twist of Fate; those never stay in a display")
        if damage and damage >= t.health[k]:
            raise ScenarioError(f"{field}.damage: {damage} damage would have defeated {t.keys[k]!r}")
        s.disp[p].append(k)
        s.dmg[p].append(damage)
        used[k] += 1

    discard = keys_of(raw.get("discard", []), f"{where}.discard", t.index, "card")
    s.discard[p] = discard
    used.update(discard)
    if effect >= 0:
        used[effect] += 1

    explicit = "pile" in raw
    if explicit:
        top_first = keys_of(raw["pile"], f"{where}.pile", t.index, "card")
        if "pile_top" in raw:
            raise ScenarioError(f"{where}.pile_top: give either pile (the whole pile) or pile_top, not both")
    elif scenario:
        top_first = keys_of(raw.get("pile_top", []), f"{where}.pile_top", t.index, "card")
    else:
        raise ScenarioError(f"{where}.pile: missing")
    used.update(top_first)
    for k, n in sorted(used.items()):
        if n > t.copies[k]:
            raise ScenarioError(f"{where}: card {t.keys[k]!r} appears {n} times, the deck has {t.copies[k]}")
    missing = [k for k in range(t.n) for _ in range(t.copies[k] - used[k])]
    if explicit and missing:
        names = ", ".join(sorted({t.keys[k] for k in missing}))
        raise ScenarioError(
            f"{where}: {len(t.deck) - len(missing)} cards accounted for, a deck has {len(t.deck)} (missing: {names})"
        )
    rng.shuffle(missing)  # the rest of the deck lies below the given top cards, in random order
    s.pile[p] = missing + top_first[::-1]

    s.wild[p] = whole(raw.get("wild_cards", 0), f"{where}.wild_cards", low=0, high=WILD_CARDS)
    if p == 1 and s.wild[0] + s.wild[1] > WILD_CARDS:
        raise ScenarioError(f"{where}.wild_cards: the players hold {s.wild[0] + s.wild[1]} Wild Cards, there are 3")
    s.bonus[p] = whole(raw.get("bonus_dice", 0), f"{where}.bonus_dice", low=0)


def _dice(s: DuelState, data: Mapping[str, Any], scenario: bool) -> None:
    raw = items(data.get("dice", []), "dice")
    rolled = s.phase in (REROLL, CARD, EFFECT, ENDING) or (s.phase == OVER and bool(raw))
    if s.phase in (DRAW, PREROLL) and raw:
        raise ScenarioError("dice: no dice are rolled before the dice phase")
    if rolled and s.phase != OVER and not 3 <= len(raw) <= MAX_DICE:
        raise ScenarioError(f"dice: a roll has 3 to {MAX_DICE} dice, found {len(raw)}")
    for i, entry in enumerate(raw):
        field = f"dice[{i}]"
        used = False
        if isinstance(entry, Mapping):
            known_fields(entry, {"face", "used"}, field)
            face = _face(entry.get("face"), f"{field}.face")
            used = flag(entry.get("used", False), f"{field}.used")
        else:
            face = _face(entry, field)
        s.dice.append(face)
        s.spent.append(used)


def _windows(s: DuelState, raw: Any) -> list[Frame]:
    raw = items(raw, "windows")
    t = s.game.tables
    frames: list[Frame] = []
    for i, entry in enumerate(raw):
        field = f"windows[{i}]"
        known_fields(table(entry, field), {"player", "kind", "target", "source", "answers", "fresh_ally"}, field)
        owner = one_of(entry.get("player"), f"{field}.player", (0, 1))
        kind = entry.get("kind")
        source = entry.get("source")
        src = -1 if source is None else key_of(source, f"{field}.source", t.index, "card")
        if kind == "response":
            answers = entry.get("answers", ANSWER_NAMES[ANSWERS_UNKNOWN])
            if answers not in ANSWER_NAMES:
                raise ScenarioError(f"{field}.answers: must be one of {', '.join(ANSWER_NAMES)}")
            code = ANSWER_NAMES.index(answers)
            if (code == ANSWERS_CARD) != (src >= 0):
                raise ScenarioError(f"{field}.source: a window answering a card names it, and only then")
            fresh = entry.get("fresh_ally")
            if fresh is not None:
                ally = key_of(fresh, f"{field}.fresh_ally", t.index, "card")
                if ally not in s.game.tables.any_die_allies:
                    raise ScenarioError(f"{field}.fresh_ally: {fresh!r} is not an Ally that takes any die")
                code |= (ally + 1) << FRESH_SHIFT
            frames.append((owner, RESPONSE, code, src))
            continue
        if "fresh_ally" in entry:
            raise ScenarioError(f"{field}.fresh_ally: only a response window answers an Ally's play")
        if "answers" in entry:
            raise ScenarioError(f"{field}.answers: only a response window answers something")
        if kind != "cancel":
            raise ScenarioError(f"{field}.kind: must be 'response' or 'cancel'")
        target = entry.get("target")
        if target == "pile":
            slot = PILE
        elif target == "gone":
            slot = GONE
        else:
            slot = whole(target, f"{field}.target", low=0, high=len(s.disp[owner]) - 1)
        frames.append((owner, CANCEL, slot, src))
    return frames


# -- the Duel's own field kinds ------------------------------------------------------------------
def _face(value: Any, where: str) -> int:
    if value == "axe":
        return AXE
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 5:
        raise ScenarioError(f"{where}: a die face is 1..5 or 'axe', not {value!r}")
    return value


def _other_side(side: str) -> str:
    return SIDES[1] if side == SIDES[0] else SIDES[0]


__all__ = ["parse"]
