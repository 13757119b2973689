"""The game-agnostic protocol: games implement it, drivers use it."""

from .actions import Action
from .data import Sourced
from .errors import (
    DataError,
    DwarfhallError,
    IllegalAction,
    InvalidOptions,
    RecordError,
    ScenarioError,
    UnknownGame,
)
from .game import TERMINAL, Game, Rules, State
from .i18n import LANGUAGES, Text, check_language, pick
from .messages import Catalog, Message, Name, msg
from .options import Options, SeatOptions
from .record import GameRecord
from .registry import Registry, game_class, game_names, load_game, register
from .returns import winner_returns
from .rng import Rng
from .spaces import ActionSpace, Block
from .statistics import Statistic
from .textview import TextView
from .view import PlayerView
from .webview import MoveUi, WebView
from .zones import Visibility, Zone, ZoneSet, area, counter, hand, pile

__all__ = [
    "LANGUAGES",
    "TERMINAL",
    "Action",
    "ActionSpace",
    "Block",
    "Catalog",
    "DataError",
    "DwarfhallError",
    "Game",
    "GameRecord",
    "IllegalAction",
    "InvalidOptions",
    "Message",
    "MoveUi",
    "Name",
    "Options",
    "PlayerView",
    "RecordError",
    "Registry",
    "Rng",
    "Rules",
    "ScenarioError",
    "SeatOptions",
    "Sourced",
    "State",
    "Statistic",
    "Text",
    "TextView",
    "UnknownGame",
    "Visibility",
    "WebView",
    "Zone",
    "ZoneSet",
    "area",
    "check_language",
    "counter",
    "game_class",
    "game_names",
    "hand",
    "load_game",
    "msg",
    "pick",
    "pile",
    "register",
    "winner_returns",
]
