"""The shared rules the core enforces for every game, checked on a small test game."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Literal

import pytest

from dwarfhall.agents import make_agent, play_game
from dwarfhall.core import (
    GameRecord,
    IllegalAction,
    InvalidOptions,
    Options,
    PlayerView,
    RecordError,
    Rng,
    UnknownGame,
    load_game,
)

from ..support.kuhn import BET, PASS, KuhnGame


def test_illegal_action_is_refused_and_state_unchanged(kuhn: KuhnGame) -> None:
    state = kuhn.new_state(3)
    before = state.to_json()
    with pytest.raises(IllegalAction, match="not legal"):
        state.apply(7)
    assert state.to_json() == before


def test_action_ids_may_be_integer_like_but_not_bools_or_floats(kuhn: KuhnGame) -> None:
    import numpy as np

    state = kuhn.new_state(3)
    for bad in (True, 1.0, "1", None):
        with pytest.raises(IllegalAction, match="integer"):
            state.apply(bad)  # type: ignore[arg-type]
    assert state.history == []
    state.apply(np.int64(BET))  # type: ignore[arg-type]
    assert state.history == [BET] and type(state.history[0]) is int


def test_no_action_after_the_end(kuhn: KuhnGame) -> None:
    state = kuhn.new_state(3)
    state.apply(PASS)
    state.apply(PASS)
    assert state.is_terminal and state.legal_action_ids() == ()
    with pytest.raises(IllegalAction, match="over"):
        state.apply(PASS)


def test_describe_action_refuses_ids_that_are_not_legal_here_as_apply_does(kuhn: KuhnGame) -> None:
    state = kuhn.new_state(3)
    assert state.describe_action(BET).id == BET
    with pytest.raises(IllegalAction, match="not legal"):
        state.describe_action(7)
    with pytest.raises(IllegalAction, match="integer"):
        state.describe_action(True)
    state.apply(PASS)
    state.apply(PASS)
    with pytest.raises(IllegalAction, match="over"):
        state.describe_action(PASS)


def test_describe_action_refuses_illegal_ids_in_every_registered_game() -> None:
    for name in ("duel", "alewar"):
        state = load_game(name).new_state(5)
        legal = set(state.legal_action_ids())
        illegal = next(a for a in range(state.game.num_distinct_actions()) if a not in legal)
        with pytest.raises(IllegalAction):
            state.describe_action(illegal)
        with pytest.raises(IllegalAction):
            state.describe_action(state.game.num_distinct_actions() + 5)
        assert [a.id for a in state.legal_actions()] == list(state.legal_action_ids())


def test_same_seed_same_deal_and_different_seeds_differ(kuhn: KuhnGame) -> None:
    deals = {tuple(kuhn.new_state(s).cards) for s in range(30)}  # type: ignore[attr-defined]
    assert len(deals) > 1
    assert kuhn.new_state(5).to_json() == kuhn.new_state(5).to_json()


def test_clone_is_independent(kuhn: KuhnGame) -> None:
    state = kuhn.new_state(1)
    copy = state.clone()
    copy.apply(BET)
    assert state.history == [] and copy.history == [BET]


def test_json_round_trip(kuhn: KuhnGame) -> None:
    state = kuhn.new_state(9)
    state.apply(BET)
    again = kuhn.state_from_json(json.loads(json.dumps(state.to_json())))
    assert again.to_json() == state.to_json()


def test_record_replays_exactly(kuhn: KuhnGame) -> None:
    final = play_game(kuhn, [make_agent("random", 1), make_agent("random", 2)], seed=11)
    record = GameRecord.from_json(json.loads(json.dumps(GameRecord.of(final).to_json())))
    assert record.final_state().to_json() == final.to_json()
    assert len(list(record.states())) == len(final.history) + 1


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("players", 5, "players: must be a list"),
        ("players", [1, 2], "players: must be a list"),
        ("meta", [1], "meta: must be an object"),
        ("meta", "x", "meta: must be an object"),
        ("seed", -5, "seed must be in 0.."),
        ("seed", True, "seed must be a whole number"),
        ("seed", 1 << 64, "seed must be in 0.."),
    ],
)
def test_record_fields_of_the_wrong_type_are_refused_by_name(
    kuhn: KuhnGame, field: str, value: object, message: str
) -> None:
    data = GameRecord("kuhn", {}, 1, [PASS]).to_json()
    data[field] = value
    with pytest.raises(RecordError, match=message):
        GameRecord.from_json(data)


def test_record_with_bad_action_names_the_step(kuhn: KuhnGame) -> None:
    record = GameRecord("kuhn", {}, 1, [PASS, PASS, PASS])
    with pytest.raises(RecordError, match="action #2"):
        record.final_state()


def test_observation_hides_opponent_card(kuhn: KuhnGame) -> None:
    state = kuhn.new_state(4)
    obs = state.observation(0)
    assert obs["cards"][1] is None and obs["cards"][0] is not None
    assert state.observation(None)["cards"] == [None, None]


def test_determinize_keeps_what_player_sees(kuhn: KuhnGame) -> None:
    state = kuhn.new_state(4)
    view = PlayerView(state, 0)
    for i in range(20):
        sample = view.determinize(Rng(i))
        assert sample.observation(0) == state.observation(0)


def test_view_offers_moves_only_to_the_deciding_player(kuhn: KuhnGame) -> None:
    state = kuhn.new_state(4)
    assert PlayerView(state, 1).legal_action_ids() == ()
    assert PlayerView(state, 0).legal_action_ids() == (PASS, BET)


def test_unknown_game_lists_known_games() -> None:
    with pytest.raises(UnknownGame, match="known games"):
        load_game("chess")


@dataclass(frozen=True)
class _Opts(Options):
    size: int = 6
    house_rule: bool = False
    mode: Literal["people", "simulation"] = "people"
    limit: int | None = None


def test_options_are_typed_and_validated() -> None:
    opts = _Opts.from_strings(["size=5", "house_rule=yes", "mode=simulation", "limit=none"])
    assert opts == _Opts(size=5, house_rule=True, mode="simulation", limit=None)
    assert _Opts.from_dict(opts.to_dict()) == opts
    with pytest.raises(InvalidOptions, match="unknown option"):
        _Opts.from_dict({"sizes": 3})
    with pytest.raises(InvalidOptions, match="whole number"):
        _Opts.from_dict({"size": "big"})
    with pytest.raises(InvalidOptions, match="one of"):
        _Opts.from_dict({"mode": "fast"})


def test_rng_is_deterministic_and_serialisable() -> None:
    a, b = Rng(42), Rng(42)
    assert [a.die() for _ in range(50)] == [b.die() for _ in range(50)]
    c = a.clone()
    assert a.next_u64() == c.next_u64()
    counts = [0] * 6
    r = Rng(1)
    for _ in range(6000):
        counts[r.die() - 1] += 1
    assert all(800 < n < 1200 for n in counts)
