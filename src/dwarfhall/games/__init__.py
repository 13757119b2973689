"""The game registry: one line per game, 'module:Class', imported when first used."""

GAMES: dict[str, str] = {
    "duel": "dwarfhall.games.duel.game:DuelGame",
    "alewar": "dwarfhall.games.alewar.game:AleWarGame",
}
