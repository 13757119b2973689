"""What each action id means here: a JSON payload and English and German labels (attack odds included)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from dwarfhall.core import Action, IllegalAction

from . import action_ids as A
from .board import SIZE, SQUARE_NAMES, SQUARES, TERRAIN_KINDS
from .combat import DWARVES, FIRST_BARREL, GOBLINS, attack_modifier, hitting_faces

if TYPE_CHECKING:
    from .state import AleWarState


def attack_odds(state: AleWarState, target_sq: int) -> dict[str, Any]:
    """Modifier, armor, the roll needed and the chance for the moved unit to hit what stands on target_sq."""
    attacker = state.moved
    code = state.occ[target_sq]
    side = DWARVES if attacker < 3 else GOBLINS
    modifier = attack_modifier(state.pos[attacker], target_sq, side, state.occ, state.terrain)
    armor = state.comps.barrel.armor if code >= FIRST_BARREL else state.comps.armor[code]
    faces = hitting_faces(armor, modifier, state.game.options.hit_rule)
    return {"modifier": modifier, "armor": armor, "needed": armor - modifier, "faces": faces, "chance": faces / 6}


def odds_text(needed: int, faces: int, rule: str) -> tuple[str, str]:
    """'hit on 4 (1/6)' in English and German."""
    if faces == 0:
        return f"cannot hit (needs {needed})", f"kein Treffer möglich (bräuchte {needed})"
    if rule == "exact":
        return f"hit on {needed} (1/6)", f"Treffer bei {needed} (1/6)"
    if faces == 6:
        return "hit on any roll (6/6)", "Treffer bei jedem Wurf (6/6)"
    return f"hit on {needed}+ ({faces}/6)", f"Treffer ab {needed} ({faces}/6)"


def describe(state: AleWarState, action_id: int) -> Action:
    if not isinstance(action_id, int) or not 0 <= action_id < A.NUM_ACTIONS:
        raise IllegalAction(f"{action_id!r} is not an Ale War action id (0..{A.NUM_ACTIONS - 1})")
    units = state.comps.units
    if action_id == A.CHOOSE_DWARVES:
        labels = {"en": "play the Dwarves", "de": "die Zwerge spielen"}
        return Action(action_id, {"type": "side", "side": "dwarves"}, labels)
    if action_id == A.CHOOSE_GOBLINS:
        labels = {"en": "play the Goblins", "de": "die Goblins spielen"}
        return Action(action_id, {"type": "side", "side": "goblins"}, labels)
    if A.PICK_TERRAIN <= action_id < A.NO_ATTACK:
        kind = action_id - A.PICK_TERRAIN
        name = state.comps.terrain[kind].name
        labels = {
            "en": f"terrain: {name['en']} (roll its column and row)",
            "de": f"Gelände: {name['de']} (Spalte und Zeile würfeln)",
        }
        return Action(action_id, {"type": "terrain", "kind": TERRAIN_KINDS[kind]}, labels)
    if action_id == A.NO_ATTACK:
        return Action(action_id, {"type": "no_attack"}, {"en": "no attack", "de": "kein Angriff"})
    if action_id == A.NO_REINFORCEMENT:
        return Action(action_id, {"type": "no_reinforcement"}, {"en": "no reinforcement", "de": "keine Verstärkung"})
    if action_id == A.PASS:
        labels = {"en": "pass (no unit on the board)", "de": "passen (keine Einheit auf dem Brett)"}
        return Action(action_id, {"type": "pass"}, labels)
    if action_id < A.PLACE_BARREL:
        unit, sq = divmod(action_id - A.PLACE_UNIT, SQUARES)
        u = units[unit]
        where = SQUARE_NAMES[sq]
        return Action(
            action_id,
            {"type": "place", "unit": u.key, "component": u.key, "square": where},
            {
                "en": f"place {u.name['en']} (move {u.movement}, armor {u.armor}) on {where}",
                "de": f"{u.name['de']} (Bewegung {u.movement}, Rüstung {u.armor}) auf {where} stellen",
            },
        )
    if action_id < A.MOVE:
        where = SQUARE_NAMES[action_id - A.PLACE_BARREL]
        name = state.comps.barrel.name
        return Action(
            action_id,
            {"type": "barrel", "square": where},
            {"en": f"place {name['en']} on {where}", "de": f"{name['de']} auf {where} stellen"},
        )
    if action_id < A.ATTACK:
        unit, dest = divmod(action_id - A.MOVE, SQUARES)
        u = units[unit]
        start = state.pos[unit]
        origin = SQUARE_NAMES[start] if start >= 0 else "?"
        to = SQUARE_NAMES[dest]
        if start == dest:
            labels = {"en": f"{u.name['en']} stays on {to}", "de": f"{u.name['de']} bleibt auf {to}"}
        else:
            labels = {"en": f"{u.name['en']}: {origin} → {to}", "de": f"{u.name['de']}: {origin} → {to}"}
        return Action(action_id, {"type": "move", "unit": u.key, "component": u.key, "from": origin, "to": to}, labels)
    if action_id < A.REINFORCE:
        sq = action_id - A.ATTACK
        code = state.occ[sq]
        where = SQUARE_NAMES[sq]
        if state.moved < 0 or code < 0:
            # described outside its attack phase (e.g. from a log): no odds to show
            labels = {"en": f"attack {where}", "de": f"{where} angreifen"}
            return Action(action_id, {"type": "attack", "square": where}, labels)
        name = state.comps.barrel.name if code >= FIRST_BARREL else units[code].name
        odds = attack_odds(state, sq)
        en, de = odds_text(odds["needed"], odds["faces"], state.game.options.hit_rule)
        target = "barrel" if code >= FIRST_BARREL else units[code].key
        return Action(
            action_id,
            {
                "type": "attack",
                "attacker": units[state.moved].key,
                "component": units[state.moved].key,
                "target": target,
                "square": where,
                **odds,
            },
            {"en": f"attack {name['en']} at {where} — {en}", "de": f"{name['de']} auf {where} angreifen — {de}"},
        )
    slot, sq = divmod(action_id - A.REINFORCE, SIZE)
    u = units[A.GOBLIN_BASE + slot]
    where = SQUARE_NAMES[sq]
    return Action(
        action_id,
        {"type": "reinforce", "unit": u.key, "component": u.key, "square": where},
        {"en": f"bring {u.name['en']} back on {where}", "de": f"{u.name['de']} auf {where} zurückholen"},
    )
