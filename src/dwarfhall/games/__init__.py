"""The games; each announces itself through the dwarfhall.games entry points in pyproject.toml."""
