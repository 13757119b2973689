"""Dwar7s Spring in a terminal: the hex map with short spot labels, the viewer's empire board and faerie hand,
the other boards, the expedition area and the supply a command away; typed moves by spot label and card name.

It reads only observations (and the public component data), so it shows exactly what the viewer may see.
At 80x24 the map (with the status, scores and legend in its corners) and the viewer's own board fit above
the move list; a wide screen adds the other boards and the expedition area beside the map.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from dwarfhall.core import Action, Catalog, TextView
from dwarfhall.core.errors import DwarfhallError
from dwarfhall.core.i18n import Text
from dwarfhall.core.textkit import visible_len

from . import narration, typed
from . import textboards as boards
from .components import Components
from .textmap import MAP_WIDTH, MapPicture, paint, with_notes
from .viewdata import Cards, MapLabels, label_of

COMPACT_BELOW = 40  # rows: a shorter terminal gets the map, the own board in three lines and notes in corners
SIDE_PANEL = 36  # a screen this much wider than the map shows other boards and the expedition area beside it
COMMANDS = ("board", "expedition", "supply", "map", "scores", "spot")


class SpringTextView(TextView):
    rules_file = Path(__file__).with_name("rules.toml")
    names_decider = True

    def __init__(self, components: Components, messages: Catalog) -> None:
        self.cards = Cards(components, messages)
        self._labels: tuple[str, MapLabels] | None = None

    def labels(self, obs: Mapping[str, Any]) -> MapLabels:
        key = repr(obs["map"])
        if self._labels is None or self._labels[0] != key:
            self._labels = (key, MapLabels(self.cards.comps, obs["map"]))
        return self._labels[1]

    # -- the screen --------------------------------------------------------------------------
    def render(self, observation: Mapping[str, Any], lang: str, color: bool) -> str:
        obs = observation
        width = max(40, self.width)
        compact = self.height < COMPACT_BELOW
        viewer = obs.get("viewer")
        targets = typed.targets(self.offered)
        picture = MapPicture(obs, self.labels(obs), self.cards, lang, color, targets).lines()
        status = self.status(obs, lang)
        side_width = width - MAP_WIDTH - 3
        lines: list[str] = []
        if side_width >= SIDE_PANEL:
            scores = "  ".join(f"{s}:{boards.score(self.cards, obs, s)}" for s in range(len(obs["players"])))
            lines.append(paint(status + " · " + self.cards.t("tv_scores_short", lang, scores=scores), "title", color))
            side = self.side_panel(obs, lang, color, side_width)
            notes = self.corner_notes(obs, lang, with_status=False, marked=bool(targets))
            drawn = with_notes(picture, notes, MAP_WIDTH + 1)
            for i in range(max(len(drawn), len(side))):
                left = drawn[i] if i < len(drawn) else ""
                right = side[i] if i < len(side) else ""
                lines.append((left + " " * (MAP_WIDTH + 3 - visible_len(left)) + right).rstrip())
        else:
            notes = self.corner_notes(obs, lang, with_status=True, marked=bool(targets))
            lines += with_notes(picture, notes, width)
        if viewer is None:
            lines += boards.scores(self.cards, obs, lang, width)[1:] if not compact else []
            return "\n".join(lines)
        if compact:
            lines += boards.short_board(self.cards, obs, viewer, lang, color, width)
        else:
            full = boards.full_board(self.cards, obs, viewer, lang, color, width)
            room = self.height - len(lines) - 16  # the front end's header and a move list of some ten lines
            lines += full if len(full) <= room else boards.short_board(self.cards, obs, viewer, lang, color, width)
        return "\n".join(lines)

    def status(self, obs: Mapping[str, Any], lang: str) -> str:
        t = self.cards.t
        if obs["phase"] == "placing":
            order = " ".join(str(s) for s in obs["placing"][1:]) or "-"
            return t("tv_status_placing", lang, player=self._who(obs, obs["to_act"], lang), order=order)
        if obs["phase"] == "over":
            return t("tv_status_over", lang, era=obs["era"])
        return t(
            "tv_status",
            lang,
            era=obs["era"],
            round=obs["round"],
            player=self._who(obs, obs["to_act"], lang),
            first=obs["first"],
        )

    def _who(self, obs: Mapping[str, Any], seat: int, lang: str) -> str:
        return boards.who(self.cards, obs, seat, lang)

    def corner_notes(
        self, obs: Mapping[str, Any], lang: str, with_status: bool, marked: bool = False
    ) -> dict[int, tuple[str, str]]:
        """Texts for the room the hexagon leaves in the corners: whose turn, the scores, the legend (with the
        mark of the places offered moves act on when the map shows it)."""
        t = self.cards.t
        target = t("tv_legend_target", lang) if marked else ""
        if not with_status:  # a wide screen: the status line says the rest, the side panel is to the right
            return {
                0: (t("tv_legend_1", lang), t("tv_legend_pieces_1", lang)),
                1: (t("tv_legend_2", lang), t("tv_legend_pieces_2", lang)),
                13: (t("tv_legend_3", lang), ""),
                14: (t("tv_legend_4", lang), target),
            }
        scores = "  ".join(f"{s}:{boards.score(self.cards, obs, s)}" for s in range(len(obs["players"])))
        return {
            0: (t("tv_legend_1", lang), self.status(obs, lang)),
            1: (t("tv_legend_2", lang), t("tv_scores_short", lang, scores=scores)),
            12: ("", target),
            13: (t("tv_legend_3", lang), t("tv_legend_pieces", lang)),
            14: (t("tv_legend_4", lang), t("tv_help_short", lang)),
        }

    def side_panel(self, obs: Mapping[str, Any], lang: str, color: bool, width: int) -> list[str]:
        """Beside the map on a wide screen: the other players' boards in short, then the expedition area."""
        viewer = obs.get("viewer")
        out: list[str] = []
        for seat in range(len(obs["players"])):
            if seat != viewer:
                out += boards.board_summary(self.cards, obs, seat, lang, color, width)
        out += boards.expedition(self.cards, obs, lang, width, short=True)
        return out

    # -- moves ------------------------------------------------------------------------------
    def parse_move(self, text: str, actions: Sequence[Action], observation: Mapping[str, Any]) -> int | None:
        return typed.parse_move(text, actions, observation, self.cards, self.labels(observation))

    def why_not(self, text: str, kin: Sequence[Action], observation: Mapping[str, Any], lang: str) -> str | None:
        return typed.why_not(text, kin, observation, self.cards, self.labels(observation), lang)

    def group(self, actions: Sequence[Action], lang: str) -> list[list[int]] | None:
        return typed.group(actions)

    def group_line(self, actions: Sequence[Action], observation: Mapping[str, Any], lang: str) -> str | None:
        return typed.group_line(actions, self.cards, lang)

    def opening(self, observation: Mapping[str, Any], options: Any, who: Callable[[int], str], lang: str) -> str | None:
        """The first player: drawn by lot unless the option first_player names a seat; then the starting
        settlements go round clockwise and back (R2)."""
        key = "opening_drawn" if str(getattr(options, "first_player", "random")) == "random" else "opening_chosen"
        return self.cards.messages.t(key, lang, player=who(observation["first"]))

    def narrate(
        self, before: Mapping[str, Any], action: Action | None, after: Mapping[str, Any], lang: str
    ) -> list[str]:
        return narration.narrate(self.cards, before, action, after, lang)

    # -- commands ---------------------------------------------------------------------------
    def commands(self) -> Mapping[str, Text]:
        return {name: self.cards.messages.text(f"tv_cmd_{name}") for name in COMMANDS}

    def run_command(self, name: str, argument: str, observation: Mapping[str, Any], lang: str, color: bool) -> str:
        obs = observation
        width = max(40, self.width)
        cards = self.cards
        if name == "board":
            seats = range(len(obs["players"]))
            if not argument:
                chosen = obs.get("viewer")
                if chosen is None:
                    raise DwarfhallError(cards.t("tv_board_which", lang, last=len(seats) - 1))
            elif argument.strip().isdigit() and int(argument) in seats:
                chosen = int(argument)
            else:
                raise DwarfhallError(cards.t("tv_board_which", lang, last=len(seats) - 1))
            return "\n".join(boards.full_board(cards, obs, chosen, lang, color, width))
        if name == "expedition":
            return "\n".join([*boards.expedition(cards, obs, lang, width), cards.t("tv_footnote", lang)])
        if name == "supply":
            return "\n".join(boards.supply(cards, obs, lang, width))
        if name == "scores":
            return "\n".join(boards.scores(cards, obs, lang, width))
        if name == "map":
            picture = MapPicture(obs, self.labels(obs), cards, lang, color, typed.targets(self.offered)).lines()
            notes = self.corner_notes(obs, lang, with_status=True)
            legend = [cards.t(f"tv_legend_{i}", lang) for i in (1, 2, 3, 4)] + [cards.t("tv_legend_pieces", lang)]
            legend += [cards.t("tv_legend_target", lang)] if self.offered else []
            return "\n".join([*with_notes(picture, notes, width), "  ".join(legend)])
        if name == "spot":
            return self.spot(argument, obs, lang)
        return ""

    def spot(self, argument: str, obs: Mapping[str, Any], lang: str) -> str:
        """What lies on one spot or wildland, by its label."""
        labels = self.labels(obs)
        t = self.cards.t
        location = labels.location_of(argument) if argument else None
        if location is None:
            raise DwarfhallError(t("tv_no_spot", lang, text=argument))
        wildland = labels.wildland(location)
        if wildland is not None:
            monster = obs.get("monsters", {}).get(wildland.id)
            dwarfs = [str(s) for s, p in enumerate(obs["players"]) for d in p["dwarfs"] if d == location]
            return t(
                "tv_spot_wild",
                lang,
                label=label_of(location),
                id=location,
                name=dict(wildland.name),
                gather=self.cards.resource(wildland.gather, lang),
                monster=self.cards.name(monster, lang) if monster else t("tv_none", lang),
                dwarfs=" ".join(dwarfs) or t("tv_none", lang),
            )
        slot = labels.slot(location)
        kind = dict(self.cards.comps.spot_kinds[slot.kind].name)
        occupant = t("tv_none", lang)
        for seat, player in enumerate(obs["players"]):
            if location in player["settlements"]:
                occupant = t("tv_settlement_of", lang, player=self._who(obs, seat, lang))
            elif location == player["fortress"]:
                occupant = t("tv_fortress_of", lang, player=self._who(obs, seat, lang))
            elif location in player["dwarfs"]:
                occupant = t("tv_dwarf_of", lang, player=self._who(obs, seat, lang))
        web = t("tv_web_here", lang) if location in obs.get("webs", {}) else ""
        return t(
            "tv_spot_grass",
            lang,
            label=label_of(location),
            id=location,
            kind=kind,
            amount=slot.amount,
            occupant=occupant,
            web=web,
        )
