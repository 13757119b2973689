"""The game-agnostic terminal front end: `dwarfhall play GAME` and `dwarfhall replay FILE`."""
