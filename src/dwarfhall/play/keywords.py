"""The words a person types to the terminal besides moves: the built-in commands and the answers yes and no."""

from __future__ import annotations

# built-in commands; each accepts its English and German name
COMMANDS: dict[str, tuple[str, ...]] = {
    "help": ("help", "hilfe", "?"),
    "board": ("board", "show", "brett", "zeige"),
    "moves": ("moves", "züge", "zuege"),
    "log": ("log", "protokoll"),
    "rules": ("rules", "regeln"),
    "save": ("save", "speichern"),
    "hint": ("hint", "tipp"),
    "quit": ("quit", "exit", "beenden", "ende"),
}
ALIASES = {alias: name for name, aliases in COMMANDS.items() for alias in aliases}
YES = ("y", "yes", "j", "ja")
NO = ("n", "no", "nein")
