"""How the page offers Ale War's moves (`WebView.move_ui`): by the things they act on, in small groups, with
a confirm question where a click ends a turn that still had an attack, and a preview of what each move does.

- Moving, placing and bringing back a unit: the unit, then the square; the move list folds them by unit.
  Staying put is the unit alone, and so is declining the attack after a move (the unit that moved).
  The page matches picks in any order and preselects a completion when every candidate starts with the thing
  just picked (the Duel's cheapest payment); there is no cheapest square, so a placement and a reinforcement
  list the square first, and picking the unit first lights up its squares with nothing preselected.
- An attack: the attacker, then the target; a barrel's placement: its square.
- Choosing a side: the side's heading; choosing the next terrain piece: its pile.
A preview says what is certain (where the unit stands, its terrain, which attacks it then has and the roll
each needs) and leaves the die to chance, naming the roll that hits and how likely it is.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from dwarfhall.core import Action
from dwarfhall.core.webview import MoveUi

from .board import parse_square
from .pieces import DWARVES, FIRST_BARREL, FIRST_GOBLIN, GOBLINS, SIDE_NAMES
from .seen import Seen, barrel_thing, pile_thing, side_thing, square_thing, unit_thing
from .webhelp import Helper, joined, say
from .words import Nouns, board_codes


def move_ui(obs: Mapping[str, Any], actions: Sequence[Action], lang: str, nouns: Nouns) -> dict[int, MoveUi]:
    """Things, group, confirm and preview for each of the viewer's legal moves."""
    offer = Offer(obs, actions, lang, nouns)
    return {a.id: offer.ui(a.payload) for a in actions}


class Offer:
    def __init__(self, obs: Mapping[str, Any], actions: Sequence[Action], lang: str, nouns: Nouns) -> None:
        self.obs = obs
        self.lang = lang
        # a unit could go somewhere: then staying put and ending the turn is a choice worth a question
        self.could_go = any(a.payload.get("from") != a.payload.get("to") for a in actions
                            if a.payload["type"] == "move")
        self.seen = Seen(obs)
        self.help = Helper(self.seen, nouns, board_codes(obs, lang), lang)

    def ui(self, p: Mapping[str, Any]) -> MoveUi:
        kind = p["type"]
        if kind == "move":
            return self.move(p)
        if kind == "attack":
            return self.attack(p)
        if kind == "no_attack":
            return self.no_attack()
        if kind == "place":
            return self.place(p)
        if kind == "reinforce":
            return self.reinforce(p)
        if kind == "barrel":
            return self.barrel(p)
        if kind == "side":
            side = p["side"]
            preview = say(f"preview_{side}", self.lang, side=self.help.side(side),
                          dwarves=self.help.side("dwarves"))
            return MoveUi(things=(side_thing(side),), preview=preview)
        if kind == "terrain":
            terrain = p["kind"]
            name = self.help.nouns.terrain[terrain]
            preview = say("preview_terrain", self.lang, terrain=name, effect=self.help.effect(terrain))
            return MoveUi(things=(pile_thing(terrain),), preview=preview)
        if kind == "no_reinforcement":
            return MoveUi(preview=say("preview_no_reinforcement", self.lang))
        if kind == "pass":
            return MoveUi(preview=joined([say("preview_pass", self.lang), self.turn_ends()]))
        return MoveUi()

    # -- helpers ---------------------------------------------------------------------------------------
    def unit_index(self, key: str) -> int:
        return self.seen.index[key]

    def square(self, name: str) -> int:
        sq = parse_square(name)
        assert sq is not None, name  # payloads name squares of the board
        return sq

    def turn_ends(self) -> str:
        """Who moves next once this turn ends, or the draw the turn limit brings."""
        limit = self.obs.get("turn_limit")
        if limit is not None and self.obs["turn"] >= limit:
            return say("next_draw", self.lang)
        side = self.obs.get("side_to_act") or "dwarves"
        other = SIDE_NAMES[GOBLINS if side == "dwarves" else DWARVES]
        return say("next_side", self.lang, side=self.help.side(other))

    def group_unit(self, unit: int, key: str, square: str = "") -> str:
        name = self.help.piece_name(unit)
        code = self.help.code_of(unit)
        return say(key, self.lang, unit=name, code=code, square=square)

    # -- the moves -------------------------------------------------------------------------------------
    def move(self, p: Mapping[str, Any]) -> MoveUi:
        unit = self.unit_index(p["unit"])
        origin, dest = p["from"], self.square(p["to"])
        name = self.help.piece_name(unit)
        terrain = self.help.terrain_note(dest)
        stay = p["from"] == p["to"]
        if stay:
            first = say("preview_stay", self.lang, unit=name, square=p["to"], terrain=terrain)
        else:
            first = say("preview_move", self.lang, unit=name, origin=origin, square=p["to"], terrain=terrain)
        attacks = self.seen.attacks_from(unit, dest, self.seen.moved_to(unit, dest))
        if attacks:
            then = say("preview_then_attack", self.lang, targets=self.help.targets(attacks))
        else:
            then = joined([say("preview_no_target", self.lang), self.turn_ends()])
        # staying is the unit alone (picking it offers staying, its squares light up); a stay that ends the turn
        # while a unit could still go somewhere asks first
        confirm = say("confirm_stay", self.lang, unit=name, square=p["to"]) if (
            stay and not attacks and self.could_go) else ""
        return MoveUi(
            things=(unit_thing(p["unit"]),) if stay else (unit_thing(p["unit"]), square_thing(p["to"])),
            group=self.group_unit(unit, "group_unit", origin),
            confirm=confirm,
            preview=joined([first, then]),
        )

    def attack(self, p: Mapping[str, Any]) -> MoveUi:
        seen, lang = self.seen, self.lang
        unit = self.unit_index(p["attacker"])
        target_sq = self.square(p["square"])
        attack = seen.attack(unit, seen.pos[unit], target_sq)
        code = attack.target
        target_thing = barrel_thing(code - FIRST_BARREL) if code >= FIRST_BARREL else unit_thing(p["target"])
        roll = say("attack_roll", lang, mods=self.help.mods(attack), odds=self.help.odds(attack))
        target = self.help.piece_name(code)
        wins = False
        if attack.faces == 0:
            effect = say("no_hit", lang)
        elif code >= FIRST_BARREL:
            left = sum(1 for b in seen.barrels if b >= 0)
            wins = left == 1
            effect = say("hit_last_barrel" if wins else "hit_barrel", lang, target=target,
                         dwarves=self.help.side("dwarves"))
        elif code < FIRST_GOBLIN:
            wins = len(seen.on_board(DWARVES)) == 1
            if wins:
                effect = say("hit_last_unit", lang, target=target, dwarves=self.help.side("dwarves"),
                             goblins=self.help.side("goblins"))
            else:
                effect = say("hit_unit", lang, target=target)
        else:
            effect = joined([say("hit_unit", lang, target=target),
                             say("hit_comes_back", lang, side=self.help.side("goblins"))])
        ends = say("miss_ends" if wins else "turn_ends", lang)
        return MoveUi(
            things=(unit_thing(p["attacker"]), target_thing),
            preview=joined([roll, effect, ends, self.turn_ends()]),
        )

    def no_attack(self) -> MoveUi:
        seen = self.seen
        unit = seen.index[self.obs["moved_unit"]]
        attacks = seen.attacks_from(unit, seen.pos[unit])
        confirm = say("confirm_no_attack", self.lang, unit=self.help.piece_name(unit),
                      targets=self.help.targets(attacks))
        preview = joined([say("preview_no_attack", self.lang), self.turn_ends()])
        # the attacker alone: picking it offers ending without an attack, and its targets light up
        return MoveUi(things=(unit_thing(self.obs["moved_unit"]),), confirm=confirm, preview=preview)

    def place(self, p: Mapping[str, Any]) -> MoveUi:
        unit = self.unit_index(p["unit"])
        sq = self.square(p["square"])
        data = self.seen.units[unit]
        first = say("preview_place", self.lang, unit=self.help.piece_name(unit), movement=data["movement"],
                    armor=data["armor"], square=p["square"], terrain=self.help.terrain_note(sq))
        placed = sum(1 for u in self.seen.units if u["status"] != "reserve") + 1
        if placed == len(self.seen.units):
            then = say("preview_barrels_next", self.lang, side=self.help.side("goblins"))
        else:
            then = say("preview_place_next", self.lang, side=self.help.side(SIDE_NAMES[placed % 2]))
        return MoveUi(
            things=(square_thing(p["square"]), unit_thing(p["unit"])),
            group=self.group_unit(unit, "group_place"),
            preview=joined([first, then]),
        )

    def reinforce(self, p: Mapping[str, Any]) -> MoveUi:
        unit = self.unit_index(p["unit"])
        sq = self.square(p["square"])
        data = self.seen.units[unit]
        preview = say("preview_reinforce", self.lang, unit=self.help.piece_name(unit),
                      movement=data["movement"], armor=data["armor"], square=p["square"],
                      terrain=self.help.terrain_note(sq))
        return MoveUi(
            things=(square_thing(p["square"]), unit_thing(p["unit"])),
            group=self.group_unit(unit, "group_reinforce"),
            preview=preview,
        )

    def barrel(self, p: Mapping[str, Any]) -> MoveUi:
        sq = self.square(p["square"])
        obs = self.obs
        first = say("preview_barrel", self.lang, barrel=self.help.piece_name(FIRST_BARREL),
                    armor=obs["barrel"]["armor"], square=p["square"], terrain=self.help.terrain_note(sq))
        last = sum(1 for b in obs["barrels"] if b["status"] == "reserve") == 1
        then = say("preview_second_barrel", self.lang, side=self.help.side("dwarves")) if last else ""
        return MoveUi(things=(square_thing(p["square"]),), group=say("group_barrel", self.lang),
                      preview=joined([first, then]))
