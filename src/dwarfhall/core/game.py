"""The protocol every game implements and every driver relies on.

A game subclasses `Game` and `State`. Drivers (agents, terminal, arena, server)
use only the public methods here, so any number of players and any game fit.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar

import numpy as np

from .actions import Action, components_of
from .datafile import read_document
from .errors import DwarfhallError, IllegalAction, InvalidOptions, ScenarioError
from .messages import msg
from .options import Options
from .rng import Rng
from .scoresheet import ScoreRow, ScoreSheet
from .statebase import StateFields, _as_action_id
from .statistics import Statistic
from .tensors import Segment, TensorLayout
from .texts import core_catalog, say
from .textview import TextView
from .webview import WebView
from .zones import ZoneSet

if TYPE_CHECKING:
    from .heuristic import Heuristic

TERMINAL = -1
"""`State.current_player` once the game is over."""

OptT = TypeVar("OptT", bound=Options)
GameT = TypeVar("GameT", bound="Game[Any]")


class Game(ABC, Generic[OptT]):
    """A game with fixed options; it makes states.

    Subclasses set the class attributes and implement `_initial_state` and
    `_state_from_json`.
    """

    name: ClassVar[str]
    title: ClassVar[Mapping[str, str]]
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2
    options_type: ClassVar[type[Options]] = Options
    zones: ZoneSet | None = None
    """The game's declared zones (set when its data is loaded); observation, determinize and tensors follow."""

    def __init__(self, options: OptT | Mapping[str, Any] | None = None) -> None:
        if options is None or isinstance(options, Mapping):
            options = self.options_type.from_dict(options)  # type: ignore[assignment]
        elif not isinstance(options, self.options_type):
            raise InvalidOptions(f"{self.name} takes {self.options_type.__name__}, not {type(options).__name__}")
        self.options: OptT = options  # type: ignore[assignment]

    @property
    def num_players(self) -> int:
        """Players in a game with these options; games with a variable count read their options."""
        return self.min_players

    @abstractmethod
    def num_distinct_actions(self) -> int:
        """Size of the action id space: every id is in range(num_distinct_actions())."""

    _layout: TensorLayout | None = None

    def observation_layout(self) -> TensorLayout:
        """The observation tensor's layout: the zones' segments, then the game's own (`tensor_segments`).

        Built once per game object. `low` and `high` bound every entry, for bounded observation spaces.
        """
        layout = self._layout
        if layout is None:
            if self.zones is None and type(self).tensor_segments is Game.tensor_segments:
                raise DwarfhallError(f"{self.name} declares no zones and no tensor segments")
            zones = self.zones.tensor_segments() if self.zones is not None else []
            layout = self._layout = TensorLayout([*zones, *self.tensor_segments()])
        return layout

    def tensor_segments(self) -> Sequence[Segment]:
        """The game's own parts of the observation tensor, after the zones' (every field the zones leave out)."""
        return ()

    def observation_tensor_shape(self) -> tuple[int, ...]:
        """Shape of `State.observation_tensor`."""
        return self.observation_layout().shape

    def observation_tensor_layout(self) -> list[tuple[str, int]]:
        """(what, width) of each part of the observation tensor, in order (`observation_layout` has the rest)."""
        return self.observation_layout().rows()

    def new_state(self, seed: int) -> State[Any]:
        """A fresh game; all chance comes from `seed` through the state's own Rng."""
        state = self._initial_state(Rng(seed))
        state.seed = seed
        return state

    @abstractmethod
    def _initial_state(self, rng: Rng) -> State[Any]:
        """Set up a new game using only `rng` for chance."""

    def state_from_json(self, data: Mapping[str, Any]) -> State[Any]:
        """A full state from `State.to_json()`; raises ScenarioError naming the bad field."""
        if not isinstance(data, Mapping):
            raise ScenarioError("a saved state must be a JSON object")
        if data.get("game", self.name) != self.name:
            raise ScenarioError(f"game: this state is for {data.get('game')!r}, not {self.name!r}")
        body = data.get("state")
        if not isinstance(body, Mapping):
            raise ScenarioError("state: missing or not an object")
        rng_state = data.get("rng", 0)
        if not isinstance(rng_state, int):
            raise ScenarioError("rng: must be an integer")
        state = self._state_from_json(body, Rng(rng_state))
        seed = data.get("seed")
        state.seed = seed if isinstance(seed, int) else None
        history = data.get("history", [])
        if not isinstance(history, list) or not all(isinstance(a, int) for a in history):
            raise ScenarioError("history: must be a list of action ids")
        state.history = list(history)
        start = data.get("start")
        state.start = dict(start) if isinstance(start, Mapping) else None
        return state

    @abstractmethod
    def _state_from_json(self, body: Mapping[str, Any], rng: Rng) -> State[Any]:
        """Rebuild the game-specific part written by `State._to_json_body`."""

    def load_scenario(self, path: str | Path) -> State[Any]:
        """A position from a TOML or JSON scenario file, for teaching, puzzles and bug reports."""
        path = Path(path)
        fmt = "toml" if path.suffix.lower() == ".toml" else "json"
        data = read_document(path, "scenario", fmt, ScenarioError)
        if not isinstance(data, Mapping):
            raise ScenarioError(f"{path}: a scenario must be a table/object")
        state = self.scenario_from_dict(data)
        # replays of a game begun from a scenario start from this exact position
        state.start = state.to_json()
        return state

    def scenario_from_dict(self, data: Mapping[str, Any]) -> State[Any]:
        """A position from a scenario's data; games override this with a friendlier format."""
        return self.state_from_json(data)

    def heuristic(self) -> Heuristic | None:
        """The game's own playing advice for the heuristic agent (see dwarfhall.agents); None if none."""
        return None

    def heuristic_styles(self) -> dict[str, str]:
        """Named leanings of the heuristic (name -> what it favours) for balance studies; {} if the game has none."""
        return {}

    def styled_heuristic(self, style: str) -> Heuristic:
        """The heuristic leaning toward `style`, one of `heuristic_styles()`."""
        known = ", ".join(sorted(self.heuristic_styles())) or "none"
        raise ValueError(f"{self.name}: no heuristic style {style!r}; its styles: {known}")

    def text_view(self) -> TextView:
        """How the terminal front end shows this game; games override it with their own."""
        return TextView()

    # -- names for reports: a game overrides these from its data files -------------------
    def component_name(self, key: str, lang: str = "en", group: str | None = None) -> str:
        """The display name of the component (card, unit) its actions name in `payload["component"]`; `group`
        is the side of the player who used it, for components that both sides hold under different names."""
        return key

    def window_name(self, kind: str, lang: str = "en") -> str:
        """The sentence naming a kind of response window (`GameInfo.windows`) in a person's preferences."""
        return kind

    def component_group(self, key: str) -> str | None:
        """The side a component belongs to (a key that `group_name` names), or None if it has none."""
        return None

    def components_alike_on_every_side(self) -> bool:
        """True when a component key means the same rules on every side (decks alike but for their names): a
        report then counts each component once, whichever side played it, instead of once per side."""
        return False

    def group_name(self, group: str, lang: str = "en") -> str:
        """The display name of a side such as one `component_group` or `seat_group` gives."""
        return group

    def seat_group(self, seat: int, state: State[Any] | None = None) -> str | None:
        """The side `seat` plays: read from `state` when given (e.g. after a roll-off), else from the options;
        None when it is not known or the game has no sides."""
        return None

    def seat_name(self, seat: int, lang: str = "en", state: State[Any] | None = None) -> str:
        """A seat named by its side when known, else "Seat N"."""
        group = self.seat_group(seat, state)
        if group is not None:
            return self.group_name(group, lang)
        return say("seat_name", lang, seat=seat)

    # -- balance figures for reports: a game overrides both (see dwarfhall.core.statistics) ---------
    def statistics(self) -> tuple[Statistic, ...]:
        """The figures `game_statistics` gives for every finished game with these options; none by default."""
        return ()

    def game_statistics(self, final: State[Any], actors: Sequence[int]) -> Mapping[str, float]:
        """The value of each of `statistics()` for one finished game; `actors[i]` is the player who chose
        `final.history[i]`. Reports replay stored records to call it."""
        return {}

    def length_statistics(self) -> tuple[str, ...]:
        """Keys of `statistics()` that measure a game's length in the game's own units (rounds, eras): reports
        show them beside the length in actions; none by default."""
        return ()

    def web_view(self) -> WebView:
        """How the web page draws this game; games override it with their own."""
        return WebView()

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.options!r})"


@dataclass(frozen=True, slots=True)
class Rules:
    """The rules modules' functions that are a state's protocol methods, declared once on the State subclass:

        class DuelState(State["DuelGame"], rules=Rules(legal=legal.legal_ids, apply=flow.apply,
                                                       describe=labels.describe, returns=scoring.returns,
                                                       observe=observation.observe, scores=scoring.scores)):

    Each function takes the state first, as the method it becomes: they are set on the class itself, so a call
    costs what a method defined in the class costs. `observe` and `scores` replace the core's defaults when
    given; without `to_json` the class defines `_to_json_body` itself. A state may also define all its protocol
    methods in its body and pass no `rules`; either way a class lacking one is refused when it is made.
    """

    legal: Callable[[Any], list[int]]
    """`_legal_action_ids(state)`: ids of every legal action, without duplicates, in a stable order."""
    apply: Callable[[Any, int], None]
    """`_apply(state, action_id)`: carry out an action the core has checked is legal."""
    describe: Callable[[Any, int], Action]
    """`_describe_action(state, action_id)`: the Action (payload and labels) of a legal id."""
    returns: Callable[[Any], list[float]]
    """`returns(state)`: per player, summing to zero."""
    observe: Callable[[Any, int | None], dict[str, Any]] | None = None
    """`_observe(state, viewer)`: the observation (default: the zones')."""
    scores: Callable[[Any], list[float]] | None = None
    """`scores(state)`: the game's own points per player (default: zeros)."""
    to_json: Callable[[Any], dict[str, Any]] | None = None
    """`_to_json_body(state)`: the game-specific part of `to_json`."""
    playout: Callable[[Any, Rng, int], int] | None = None
    """`_random_playout(state, rng, cap)`: the game's own loop for `core.batch.random_playout` (the same actions,
    draws and history; a compiled game runs it in C without returning to Python per action). Default: the core's."""
    components: Callable[[Any, int], tuple[str, ...]] | None = None
    """`_action_components(state, action_id)`: the component keys a legal id uses, read off the id and the state
    without building its labels; it must give what `components_of(describe(state, action_id).payload)` gives,
    which is the default."""

    def methods(self) -> dict[str, Callable[..., Any]]:
        """The protocol method names and the functions that become them."""
        named: dict[str, Callable[..., Any] | None] = {
            "_legal_action_ids": self.legal,
            "_apply": self.apply,
            "_describe_action": self.describe,
            "returns": self.returns,
            "_observe": self.observe,
            "scores": self.scores,
            "_to_json_body": self.to_json,
            "_random_playout": self.playout,
            "_action_components": self.components,
        }
        return {name: function for name, function in named.items() if function is not None}


# what every concrete state must have, from its Rules or its own methods (checked when the class is made)
_REQUIRED = ("_legal_action_ids", "_apply", "_describe_action", "returns", "_to_json_body", "_clone_body")


class State(StateFields, ABC, Generic[GameT]):
    """One position of a game: whose turn, what is legal, what each player sees.

    The core enforces the shared rules once: no action after the end, no illegal
    action, and the state is untouched when an action is refused. A game's state
    subclasses `State["MyGame"]`, so that `state.game` has the game's own type, and
    binds its rules modules' functions with `rules=Rules(...)` (see `Rules`).
    """

    __slots__ = ()  # the core's fields are StateFields' (a C type in the compiled build)

    def __init__(self, game: GameT, rng: Rng) -> None:
        self.game: GameT = game
        self.rng = rng
        self.seed: int | None = None
        self.history: list[int] = []
        # JSON of the position a game started from when it was not a fresh deal (scenarios)
        self.start: dict[str, Any] | None = None
        self._legal: tuple[int, ...] | None = None

    def __init_subclass__(cls, rules: Rules | None = None, abstract: bool = False, **kwargs: Any) -> None:
        """Binds `rules` as methods, then checks that the class has every protocol method (`abstract`: a base
        class that leaves some to its subclasses)."""
        super().__init_subclass__(**kwargs)
        if rules is not None:
            for name, function in rules.methods().items():
                setattr(cls, name, function)
        if not abstract:
            missing = [name for name in _REQUIRED if getattr(cls, name) is getattr(State, name)]
            if missing:
                lacking = ", ".join(missing)
                raise TypeError(f"{cls.__name__} lacks {lacking}: bind them with rules=Rules(...) or define them")

    # -- whose turn and what is legal -------------------------------------------------
    @property
    @abstractmethod
    def current_player(self) -> int:
        """The player who decides now, or TERMINAL."""

    @property
    @abstractmethod
    def is_terminal(self) -> bool: ...

    @property
    def num_players(self) -> int:
        return self.game.num_players

    def _legal_action_ids(self) -> list[int]:
        """Ids of every legal action, without duplicates, in a stable order (`Rules.legal`)."""
        raise NotImplementedError

    # a game's own random playout loop (`Rules.playout`), which `core.batch.random_playout` runs when there is one
    _random_playout: Callable[[Rng, int], int] | None = None

    def _describe_action(self, action_id: int) -> Action:
        """The Action (payload and labels) for an id the core has checked is legal here (`Rules.describe`)."""
        raise NotImplementedError

    def describe_action(self, action_id: int) -> Action:
        """The Action (payload and labels) for an id that is legal here; IllegalAction otherwise, as `apply`."""
        return self._describe_action(self._legal_id(action_id))

    def action_components(self, action_id: int) -> tuple[str, ...]:
        """The keys of the components (cards, units) a legal id uses, as its payload's "component" names them
        (`components_of`); IllegalAction for an id that is not legal here. Balance reports count them."""
        return self._action_components(self._legal_id(action_id))

    def _legal_id(self, action_id: int) -> int:
        """The id as an int if it is legal here; IllegalAction otherwise (describing asks what `apply` asks)."""
        if type(action_id) is not int:
            action_id = _as_action_id(action_id)
        legal = self._legal
        if legal is None:
            legal = self.legal_action_ids()
        if action_id not in legal:
            raise self._refusal(action_id, "there is no action to describe")
        return action_id

    def _action_components(self, action_id: int) -> tuple[str, ...]:
        """`action_components` of an id the caller knows is legal (`Rules.components`); by default read off the
        payload, which costs a whole label: games give a cheaper one that decodes the id."""
        return components_of(self._describe_action(action_id).payload)

    # legal_action_ids() and apply(action), the protocol's hottest methods, are StateFields' (core.statebase): the
    # compiled build reads the core's fields there in C

    def legal_actions(self) -> list[Action]:
        describe = self._describe_action
        return [describe(a) for a in self.legal_action_ids()]

    # -- changing the state: apply(action) is StateFields' (see above) -----------------------
    def _refusal(self, action_id: int, after_the_end: str) -> IllegalAction:
        """The error for an id that is not legal here (the membership test stays inline on the hot path)."""
        if self.is_terminal:
            return IllegalAction(f"the game is over; {after_the_end}")
        return IllegalAction(self._illegal_message(action_id))

    def _illegal_message(self, action_id: object) -> str:
        legal = self.legal_action_ids()
        shown = ", ".join(str(a) for a in legal[:20]) + (" ..." if len(legal) > 20 else "")
        return f"action {action_id!r} is not legal now for player {self.current_player}; legal ids: {shown}"

    def _apply(self, action_id: int) -> None:
        """Carry out a legal action, resolving chance with `self.rng` (`Rules.apply`)."""
        raise NotImplementedError

    def chance_outcome(self, action_id: int) -> object:
        """Called right after `action_id` was applied: what every player saw of the chance it resolved, as far
        as it shapes the game from here (a hashable value, such as whether an attack hit), or None when it
        resolved none or nothing of it was seen by all. A search may keep its tree apart by this value."""
        return None

    # -- results ----------------------------------------------------------------------
    def returns(self) -> list[float]:
        """Per player, summing to zero: see `dwarfhall.core.returns.winner_returns`; zeros before the end
        (`Rules.returns`)."""
        raise NotImplementedError

    def scores(self) -> list[float]:
        """The game's own points per player (victory points, barrels, ...)."""
        return [0.0] * self.num_players

    def score_sheet(self) -> ScoreSheet | None:
        """Once over, each player's points by source and the rule that decided (None before the end). A game
        overrides it from its scoring module; the default is one row of `scores()` and the returns' verdict."""
        if not self.is_terminal:
            return None
        winners = self.winners()
        everyone = len(winners) == self.num_players
        rule = msg("decided_draw" if everyone else "decided_result")
        row = ScoreRow("score_points", tuple(self.scores()))
        return ScoreSheet((row,), () if everyone else tuple(winners), rule, core_catalog())

    @property
    def turn_count(self) -> int | None:
        """Turns begun so far (each player's turn counts one), or None for a game without turns."""
        return None

    def winners(self) -> list[int]:
        """Players with the best return once the game is over (several on a draw)."""
        if not self.is_terminal:
            return []
        r = self.returns()
        best = max(r)
        return [p for p, v in enumerate(r) if v == best]

    # -- information --------------------------------------------------------------------
    def observation(self, player: int | None) -> dict[str, Any]:
        """JSON-ready view for `player`, or the public view for None. Nothing hidden may appear."""
        assert_player(self, player)
        return self._observe(player)

    def _observe(self, viewer: int | None) -> dict[str, Any]:
        """The game's observation; by default every zone as the viewer sees it."""
        zones = self.game.zones
        if zones is None:
            raise NotImplementedError(f"{self.game.name} declares no zones; it must implement _observe")
        return {"game": self.game.name, "viewer": viewer, **zones.observe(self, viewer)}

    def observation_tensor(self, player: int | None) -> np.ndarray:
        """A flat float32 encoding of `observation(player)` (layout: `Game.observation_layout`)."""
        assert_player(self, player)
        return self.game.observation_layout().tensor(self, player)

    def write_observation_tensor(self, player: int | None, out: np.ndarray) -> np.ndarray:
        """As `observation_tensor`, written into `out` (a float32 buffer of the layout's size, reused)."""
        assert_player(self, player)
        return self.game.observation_layout().write(self, player, out)

    def determinize(self, player: int, rng: Rng) -> State[GameT]:
        """A full state consistent with `player`'s observation, hidden parts re-sampled with `rng`.

        The zones re-deal what the player cannot see; `_resample` lets a game re-sample more. The sample's own
        Rng is re-seeded from `rng` (future chance is hidden), and it keeps no seed or start position, which
        would let a searcher rebuild the real deal. When nothing was re-dealt (every zone seen, no `_resample`),
        the sample is the same position and keeps the legal-action cache; so does a sample whose legal actions
        the game declares to follow from what `player` sees (`_legal_seen_by`).
        """
        assert_player(self, player)
        other = self._clone_body()
        zones = self.game.zones
        own = type(self)._resample is not State._resample  # the game re-samples more than its zones do
        same = not own
        if zones is not None and not zones.hides_nothing_from(player):  # else there is nothing to re-deal
            zones.resample(other, player, rng)
            same = False
        if own:
            self._resample(other, player, rng)
        other.rng = Rng(rng.next_u64())
        other.seed = None
        other.start = None
        other.history = list(self.history)
        other._legal = self._legal if same or self._legal_seen_by(player) else None
        return other

    def _resample(self, sample: State[GameT], player: int, rng: Rng) -> None:
        """Re-samples hidden parts the zones do not cover (none by default)."""
        return None

    def _legal_seen_by(self, player: int) -> bool:
        """Whether the legal actions here follow from what `player` sees alone, so that every determinized sample
        for `player` has the same ones (a game whose current player knows their own moves says so for them)."""
        return False

    # -- copies and saving ------------------------------------------------------------
    def clone(self) -> State[GameT]:
        """An independent deep copy; the core copies its own fields, the game only its part."""
        other = self._clone_body()
        other.seed = self.seed
        other.history = list(self.history)
        other.start = self.start
        other._legal = self._legal
        return other

    def _clone_body(self) -> State[GameT]:
        """A copy of the game-specific part, with `self.rng.clone()` as its Rng.

        The core sets the copy's own fields (seed, start, history, the legal-action cache) afterwards;
        a game leaves them alone.
        """
        raise NotImplementedError

    def to_json(self) -> dict[str, Any]:
        """The full state (hidden parts included), for saving and scenarios."""
        return {
            "game": self.game.name,
            "options": self.game.options.to_dict(),
            "seed": self.seed,
            "rng": self.rng.state,
            "history": list(self.history),
            "start": self.start,
            "state": self._to_json_body(),
        }

    def _to_json_body(self) -> dict[str, Any]:
        """The game-specific part of `to_json` (`Rules.to_json`)."""
        raise NotImplementedError

    def __str__(self) -> str:
        return f"{self.game.name} state, player {self.current_player} to act"


def assert_player(state: State[Any], player: int | None) -> None:
    """Checks a player index for observation-like calls."""
    if player is not None and not 0 <= player < state.num_players:
        raise ValueError(f"player must be None or in 0..{state.num_players - 1}, got {player}")


def ids_of(actions: Sequence[Action]) -> list[int]:
    return [a.id for a in actions]
