"""The game-agnostic protocol: games implement it, drivers use it."""

from .actions import Action
from .errors import (
    DataError,
    DwarfhallError,
    IllegalAction,
    InvalidOptions,
    RecordError,
    ScenarioError,
    UnknownGame,
)
from .game import TERMINAL, Game, State
from .i18n import LANGUAGES, Text, check_language, pick
from .options import Options
from .record import GameRecord
from .registry import game_class, game_names, load_game, register
from .rng import Rng
from .textview import TextView
from .view import PlayerView
from .webview import WebView

__all__ = [
    "LANGUAGES",
    "TERMINAL",
    "Action",
    "DataError",
    "DwarfhallError",
    "Game",
    "GameRecord",
    "IllegalAction",
    "InvalidOptions",
    "Options",
    "PlayerView",
    "RecordError",
    "Rng",
    "ScenarioError",
    "State",
    "Text",
    "TextView",
    "UnknownGame",
    "WebView",
    "check_language",
    "game_class",
    "game_names",
    "load_game",
    "pick",
    "register",
]
