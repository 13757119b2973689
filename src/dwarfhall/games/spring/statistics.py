"""Spring's balance figures for reports (spring.md §12.3), computed from one finished game.

Each check of §12.3 that one game can answer is here: early end, eras played, monsters killed, quests taken,
points by source, each dwarf action's use, fortresses built, dragons hatched and trained. Aims are the
design's; those it states for 4 players only are aims only there. Seat advantage and the archetypes' win
rates are the report's own (win rate by seat, by agent).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from dwarfhall.core import Statistic
from dwarfhall.core.i18n import Text

from . import scoring
from .kit import BUILD, DRAGON_SPOT, EXPLORE, FORTRESS, IDLE, QUEST, SUMMON
from .phases import NO_ONE
from .usage import DWARF_ACTIONS

if TYPE_CHECKING:
    from .game import SpringGame
    from .state import SpringState

SOURCES = ("dragons", "quests", "monsters", "lines", "resources", "fortress")  # as scoring.score_parts names them
SOURCE_NAMES: dict[str, Text] = {
    "dragons": {"en": "dragons", "de": "Drachen"},
    "quests": {"en": "quests", "de": "Questen"},
    "monsters": {"en": "monsters", "de": "Monster"},
    "lines": {"en": "complete lines", "de": "volle Linien"},
    "resources": {"en": "resources", "de": "Rohstoffe"},
    "fortress": {"en": "fortress", "de": "Festung"},
}
ACTION_NAMES: dict[str, Text] = {
    "build": {"en": "build", "de": "Bauen"},
    "fortress": {"en": "fortress", "de": "Festung"},
    "explore": {"en": "explore", "de": "Erkunden"},
    "summon_faerie": {"en": "summon a faerie", "de": "Fee rufen"},
    "dragon_spot": {"en": "dragon spot", "de": "Drachenfeld"},
    "quest": {"en": "quest", "de": "Queste"},
    "idle": {"en": "rest", "de": "Rasten"},
}
POINTS_CHART: Text = {"en": "points per player by source", "de": "Punkte pro Spieler nach Herkunft"}
USERS_CHART: Text = {
    "en": "players who used each dwarf action at least once",
    "de": "Spieler, die jede Zwergenaktion mindestens einmal nutzten",
}
LENGTHS = ("rounds", "eras")  # the statistics that count a game's length (Game.length_statistics)
STRONG_PLAYER_USE = 0.20  # §12.3: every dwarf action used by at least 20 % of (strong) players


def dwarf_action_of(action_id: int) -> str | None:
    """The dwarf action an action id starts, from the id alone (the blocks of kit.py)."""
    for block, move in ((BUILD, "build"), (FORTRESS, "fortress"), (EXPLORE, "explore"), (DRAGON_SPOT, "dragon_spot"),
                        (QUEST, "quest")):  # fmt: skip
        if action_id in block:
            return move
    return {SUMMON: "summon_faerie", IDLE: "idle"}.get(action_id)


def declared(game: SpringGame) -> tuple[Statistic, ...]:
    four = game.num_players == 4
    stats = [
        Statistic(
            "early_end",
            {"en": "games ending before the last era", "de": "Spiele, die vor der letzten Ära enden"},
            share=True,
            aim=(0.10, 0.40) if four else None,
        ),
        Statistic("eras", {"en": "eras played", "de": "gespielte Ären"}),
        Statistic("rounds", {"en": "rounds played", "de": "gespielte Runden"}),
        Statistic(
            "monsters_killed",
            {"en": "monsters killed per game (of 9)", "de": "besiegte Monster pro Spiel (von 9)"},
            aim=(6, 8) if four else None,  # R50: a 4-player figure, as the quest and early-end checks say
        ),
        Statistic(
            "quests_taken",
            {"en": "quests taken per game (of 26)", "de": "erfüllte Questen pro Spiel (von 26)"},
            aim=(15, 24) if four else None,
        ),
        Statistic("winner_points", {"en": "winner's points", "de": "Punkte des Siegers"}),
        Statistic(
            "fortress_built",
            {"en": "players who built their fortress", "de": "Spieler mit gebauter Festung"},
            share=True,
            per_player=True,
        ),
        Statistic("dragons_hatched", {"en": "dragons hatched per player", "de": "geschlüpfte Drachen pro Spieler"}),
        Statistic(
            "dragons_trained",
            {"en": "dragons of level 2 or 3 per player", "de": "Drachen der Stufe 2 oder 3 pro Spieler"},
        ),
        Statistic("dragons_level3", {"en": "dragons of level 3 per player", "de": "Drachen der Stufe 3 pro Spieler"}),
    ]
    for source in SOURCES:
        name = SOURCE_NAMES[source]
        label = {"en": f"points from {name['en']} per player", "de": f"Punkte aus {name['de']} pro Spieler"}
        stats.append(Statistic(f"points_{source}", label, chart=POINTS_CHART))
    for move in DWARF_ACTIONS:
        name = ACTION_NAMES[move]
        label = {"en": f"dwarf action '{name['en']}' per player", "de": f"Zwergenaktion „{name['de']}“ pro Spieler"}
        stats.append(Statistic(f"action_{move}", label))
        users = {
            "en": f"players using '{name['en']}' at least once",
            "de": f"Spieler, die „{name['de']}“ mindestens einmal nutzen",
        }
        aim = (STRONG_PLAYER_USE, None) if move != "idle" else None  # resting is forced, never a choice
        stats.append(Statistic(f"users_{move}", users, share=True, per_player=True, aim=aim, chart=USERS_CHART))
    return tuple(stats)


def game_statistics(state: SpringState, actors: Sequence[int]) -> dict[str, float]:
    """The values of `declared` for one finished game (`actors[i]` chose `state.history[i]`)."""
    game = state.game
    n = state.num_players
    kinds = game.kinds
    parts = [scoring.score_parts(state, p) for p in range(n)]
    quests = sum(state.heroes[p][k] for p in range(n) for k in kinds.quests)
    quests += sum(1 for k in state.removed if k in kinds.quests)  # trimmed quests were taken first
    levels = [level for p in range(n) for level in state.nest_level[p]]
    values: dict[str, float] = {
        "early_end": float(state.era < game.options.eras),
        "eras": float(state.era),
        "monsters_killed": float(sum(state.defeated)),
        "quests_taken": float(quests),
        "winner_points": float(max(sum(part.values()) for part in parts)),
        "fortress_built": sum(state.fortress_at[p] != NO_ONE for p in range(n)) / n,
        "dragons_hatched": sum(len(state.nest[p]) - 1 for p in range(n)) / n,  # each starts with one dragon
        "dragons_trained": sum(level >= 2 for level in levels) / n,
        "dragons_level3": sum(level >= 3 for level in levels) / n,
    }
    for source in SOURCES:
        values[f"points_{source}"] = sum(part[source] for part in parts) / n
    counts = {move: [0] * n for move in DWARF_ACTIONS}
    for action_id, player in zip(state.history, actors, strict=True):
        move = dwarf_action_of(action_id)
        if move is not None:
            counts[move][player] += 1
    for move, per_player in counts.items():
        values[f"action_{move}"] = sum(per_player) / n
        values[f"users_{move}"] = sum(c > 0 for c in per_player) / n
    # in a round each player takes one dwarf action (resting when out of dwarfs), so rounds are turns per player
    values["rounds"] = sum(sum(per_player) for per_player in counts.values()) / n
    return values
