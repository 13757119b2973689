"""Learned value models: numpy-only loading with clear errors, the fallback to the heuristic, training steps."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import numpy as np
import pytest

from dwarfhall.agents import AgentSpecError, make_agent, play_game
from dwarfhall.agents.model import (
    MODELS_ENV,
    ModelAdvice,
    ModelCache,
    ModelError,
    ValueModel,
    heuristic_score,
    layout_fingerprint,
    load_model,
    model_path,
    save_model,
)
from dwarfhall.agents.train import TrainPlan, data_speed, load_data, make_data
from dwarfhall.cli import main
from dwarfhall.core import load_game
from dwarfhall.core.errors import DwarfhallError
from dwarfhall.core.game import State

HAS_TORCH = importlib.util.find_spec("torch") is not None


def _model(game_name: str = "duel", hidden: int = 8, seed: int = 1) -> ValueModel:
    game = load_game(game_name)
    size = game.new_state(1).observation_tensor(0).shape[0]
    rng = np.random.default_rng(seed)
    layers = [
        (rng.normal(0, 0.1, (size, hidden)).astype(np.float32), np.zeros(hidden, np.float32)),
        (rng.normal(0, 0.5, (hidden, 1)).astype(np.float32), np.zeros(1, np.float32)),
    ]
    return ValueModel(game_name, layout_fingerprint(game), layers, {"note": "test"})


def test_a_saved_model_loads_with_numpy_and_gives_zero_sum_values(tmp_path: Path) -> None:
    model = _model()
    digest = save_model(model, tmp_path / "value-duel.npz")
    loaded = load_model(tmp_path / "value-duel.npz")
    assert len(digest) == 64 and loaded.card == {"note": "test"} and loaded.game == "duel"
    state = load_game("duel").new_state(3)
    values = loaded.evaluate_all(state)
    assert values == model.evaluate_all(state)
    assert abs(sum(values)) < 1e-6 and all(-2 <= v <= 2 for v in values)


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (None, "no such model file"),
        (b"not a zip at all", "not a readable model file"),
    ],
)
def test_a_missing_or_corrupt_model_file_is_a_clear_error(tmp_path: Path, content: bytes | None, message: str) -> None:
    path = tmp_path / "value-duel.npz"
    if content is not None:
        path.write_bytes(content)
    with pytest.raises(ModelError, match=message) as caught:
        load_model(path)
    assert str(path) in str(caught.value)


def test_a_model_with_damaged_layers_or_no_meta_is_refused(tmp_path: Path) -> None:
    np.savez(tmp_path / "plain.npz", w0=np.zeros((3, 1)), b0=np.zeros(1))
    with pytest.raises(ModelError, match="not a dwarfhall model"):
        load_model(tmp_path / "plain.npz")
    model = _model()
    model.layers[1] = (np.zeros((5, 1), np.float32), np.zeros(1, np.float32))
    save_model(model, tmp_path / "bad.npz")
    with pytest.raises(ModelError, match="layer 1 does not fit"):
        load_model(tmp_path / "bad.npz")


def test_a_missing_model_falls_back_to_the_search_without_it_and_says_so(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv(MODELS_ENV, str(tmp_path))
    game = load_game("duel")
    with_model = play_game(game, [make_agent("ismcts:iters=40,model=absent", 1), make_agent("normal", 2)], 4)
    plain = play_game(game, [make_agent("ismcts:iters=40", 1), make_agent("normal", 2)], 4)
    assert with_model.history == plain.history  # the very same search, on the heuristic
    err = capsys.readouterr().err
    assert "model 'absent'" in err and "no such model file" in err and "searching with the game's heuristic" in err


def test_a_model_for_another_game_is_not_used(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
                                              tmp_path: Path) -> None:  # fmt: skip
    save_model(_model("duel"), tmp_path / "other-alewar.npz")
    monkeypatch.setenv(MODELS_ENV, str(tmp_path))
    assert ModelCache("ismcts", "other").model(load_game("alewar")) is None
    assert "the model is for duel, not alewar" in capsys.readouterr().err


def test_a_model_in_the_models_folder_scores_the_leaves(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    save_model(_model("duel"), tmp_path / "tiny-duel.npz")
    monkeypatch.setenv(MODELS_ENV, str(tmp_path))
    cache = ModelCache("ismcts", "tiny")
    game = load_game("duel")
    assert cache.model(game) is not None
    advice = cache.advice(game, game.heuristic())
    state = game.new_state(2)
    assert advice is not None and advice.evaluate_all(state) == _model("duel").evaluate_all(state)


def test_a_model_is_named_never_given_as_a_path() -> None:
    """Security: an agent spec must not make the program read a file of the spec's choosing."""
    with pytest.raises(AgentSpecError, match="a name, not a path"):
        make_agent("ismcts:model=../../etc/passwd")
    with pytest.raises(AgentSpecError, match="needs rollout=eval"):
        make_agent("ismcts:model=value,rollout=random")


def test_self_play_data_is_written_in_chunks_and_not_played_again(tmp_path: Path) -> None:
    plan = TrainPlan(load_game("duel"), tmp_path, games=3, chunk=2, every=25, agents=("random",))
    assert make_data(plan) == 2
    first = (tmp_path / "data-0000.npz").stat().st_mtime_ns
    assert make_data(plan) == 0  # resumed: both chunks are on disk
    assert (tmp_path / "data-0000.npz").stat().st_mtime_ns == first
    with np.load(tmp_path / "data-0001.npz") as data:
        assert data["x"].shape[0] == data["y"].shape[0] > 0
        assert set(np.unique(data["y"])) <= {-1.0, 0.0, 1.0}


def test_train_command_makes_a_model_and_its_card_or_says_what_it_needs(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A smoke run of a few steps: with PyTorch a model, its card and a resumed extra epoch; without it, the
    command says how to install it."""
    args = ["train", "duel", "--games", "2", "--chunk", "1", "--every", "20", "--hidden", "8", "--quiet"]
    args += ["--agents", "random", "--dir", str(tmp_path)]
    code = main([*args, "--epochs", "2"])
    if not HAS_TORCH:
        assert code == 2 and "pip install 'dwarfhall[train]'" in capsys.readouterr().err
        return
    assert code == 0
    model = load_model(tmp_path / "value-duel.npz")
    model.check_game(load_game("duel"))
    card = (tmp_path / "value-duel.md").read_text()
    assert "Held-out mean squared error" in card and "File SHA-256" in card and "dwarfhall train" in card
    first = (tmp_path / "fit-001.npz").stat().st_mtime_ns
    assert main([*args, "--epochs", "3"]) == 0  # goes on from epoch 2
    assert (tmp_path / "fit-001.npz").stat().st_mtime_ns == first and (tmp_path / "fit-003.npz").exists()


def _residual(game_name: str = "duel", hidden: int = 8, correction: float = 0.0) -> ValueModel:
    """A residual model whose network adds `correction` to the heuristic's score everywhere."""
    game = load_game(game_name)
    size = game.new_state(1).observation_tensor(0).shape[0] + 1
    layers = [
        (np.zeros((size, hidden), np.float32), np.zeros(hidden, np.float32)),
        (np.zeros((hidden, 1), np.float32), np.full(1, correction, np.float32)),
    ]
    return ValueModel(game_name, layout_fingerprint(game), layers, {}, skip=1.0)


def _mid_game(seed: int = 5, moves: int = 30) -> State:
    game = load_game("duel")
    state = game.new_state(seed)
    rng = np.random.default_rng(seed)
    for _ in range(moves):
        legal = state.legal_action_ids()
        state.apply(int(legal[rng.integers(len(legal))]))
    return state


def test_a_residual_model_with_a_zero_correction_scores_as_the_heuristic(tmp_path: Path) -> None:
    save_model(_residual(), tmp_path / "res-duel.npz")
    model = load_model(tmp_path / "res-duel.npz")
    assert model.residual and model.skip == 1.0
    game = load_game("duel")
    heuristic = game.heuristic()
    state = _mid_game()
    advice = ModelAdvice(heuristic, model)
    assert advice.evaluate_all(state) == pytest.approx(heuristic.evaluate_all(state), abs=1e-5)
    shifted = ModelAdvice(heuristic, _residual(correction=0.5)).evaluate_all(state)
    assert shifted[0] > heuristic.evaluate_all(state)[0]  # seat 0's view is raised, seat 1's too: centred
    assert abs(sum(shifted)) < 1e-6


def test_a_residual_model_with_a_damaged_heuristic_weight_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "res-duel.npz"
    save_model(_residual(), path)
    with np.load(path) as data:
        arrays = {key: data[key] for key in data.files}
    arrays["skip"] = np.array([np.nan], np.float32)
    np.savez(path, **arrays)  # type: ignore[arg-type]
    with pytest.raises(ModelError, match="heuristic weight"):
        load_model(path)


def test_a_corrupt_residual_model_falls_back_to_the_heuristic_and_says_so(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    (tmp_path / "broken-duel.npz").write_bytes(b"PK\x03\x04 cut short")
    monkeypatch.setenv(MODELS_ENV, str(tmp_path))
    game = load_game("duel")
    with_model = play_game(game, [make_agent("ismcts:iters=30,model=broken", 1), make_agent("normal", 2)], 6)
    plain = play_game(game, [make_agent("ismcts:iters=30", 1), make_agent("normal", 2)], 6)
    assert with_model.history == plain.history
    err = capsys.readouterr().err
    assert "model 'broken'" in err and "not a readable model file" in err and "heuristic instead" in err


def test_self_play_data_keeps_the_heuristics_value_of_each_position(tmp_path: Path) -> None:
    plan = TrainPlan(load_game("duel"), tmp_path, games=1, chunk=1, every=10, agents=("normal",))
    make_data(plan)
    with np.load(tmp_path / "data-0000.npz") as data:
        h, y = data["h"], data["y"]
    assert h.shape == y.shape and np.all(np.abs(h) <= 1.0)
    assert np.allclose(h[0::2], -h[1::2])  # the Duel's heuristic: one score, seen from either side
    games, seconds = data_speed(plan)
    assert games == 1 and seconds >= 0


def test_data_without_the_heuristics_values_is_refused_with_a_clear_message(tmp_path: Path) -> None:
    np.savez(tmp_path / "data-0000.npz", x=np.zeros((4, 3), np.float32), y=np.zeros(4, np.float32))
    plan = TrainPlan(load_game("duel"), tmp_path, games=1, chunk=1)
    with pytest.raises(DwarfhallError, match="without the heuristic's values"):
        load_data(plan)


def _chunks(folder: Path, sizes: list[int], width: int = 5) -> None:
    """Data files of the given numbers of positions, with values that tell the rows apart."""
    start = 0
    for i, n in enumerate(sizes):
        x = np.arange(start * width, (start + n) * width, dtype=np.float32).reshape(n, width)
        y = np.linspace(-1, 1, n, dtype=np.float32)
        h = np.linspace(-0.5, 0.5, n, dtype=np.float32)
        np.savez_compressed(folder / f"data-{i:04}.npz", x=x, y=y, h=h)
        start += n


def test_the_networks_inputs_are_read_into_one_array_equal_to_the_chunks_joined(tmp_path: Path) -> None:
    _chunks(tmp_path, [4, 3, 5])
    plan = TrainPlan(load_game("duel"), tmp_path, games=3, chunk=1)
    (x, y, h), (xv, yv, hv) = load_data(plan, inputs=True)
    parts = [np.load(tmp_path / f"data-{i:04}.npz") for i in range(3)]
    joined_x = np.concatenate([parts[0]["x"], parts[1]["x"]])
    joined_h = np.concatenate([parts[0]["h"], parts[1]["h"]])
    assert np.array_equal(x, np.concatenate([joined_x, heuristic_score(joined_h)[:, None]], axis=1))
    assert np.array_equal(y, np.concatenate([parts[0]["y"], parts[1]["y"]])) and np.array_equal(h, joined_h)
    assert np.array_equal(xv[:, :-1], parts[2]["x"]) and np.array_equal(xv[:, -1], heuristic_score(parts[2]["h"]))
    assert np.array_equal(yv, parts[2]["y"]) and np.array_equal(hv, parts[2]["h"])
    (plain, _, _), (held, _, _) = load_data(plan)
    assert np.array_equal(plain, joined_x) and np.array_equal(held, parts[2]["x"])


def test_training_data_too_large_for_the_memory_is_refused_before_loading(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Loading more than fits would end in the system killing the process with no word: it is refused, naming
    the sizes and what to do."""
    _chunks(tmp_path, [400, 300])
    plan = TrainPlan(load_game("duel"), tmp_path, games=2, chunk=1)
    monkeypatch.setattr("dwarfhall.agents.train._free_memory", lambda: 10_000)
    with pytest.raises(DwarfhallError, match=r"700 positions of 5 numbers.*train on fewer --games"):
        load_data(plan, inputs=True)
    monkeypatch.setattr("dwarfhall.agents.train._free_memory", lambda: None)  # unknown: no refusal
    assert load_data(plan)[0][0].shape == (400, 5)


def test_the_card_times_only_the_chunks_the_model_was_trained_on(tmp_path: Path) -> None:
    log = {str(i): {"games": 10, "cpu_seconds": 2.0} for i in range(5)}
    (tmp_path / "data-log.json").write_text(json.dumps(log))
    assert data_speed(TrainPlan(load_game("duel"), tmp_path, games=30, chunk=10)) == (30, 6.0)


@pytest.mark.parametrize("base", ["heuristic", "none"])
def test_train_command_base_option_and_calibration_table(tmp_path: Path, base: str) -> None:
    """A smoke run of two epochs: the residual model is no worse than the heuristic on the held-out positions
    it started from, and the card holds the calibration table."""
    args = ["train", "duel", "--games", "2", "--chunk", "1", "--every", "15", "--hidden", "8", "--quiet"]
    args += ["--agents", "normal", "--dir", str(tmp_path), "--epochs", "2", "--base", base, "--lr", "1e-4"]
    args += ["--weight-decay", "0.01", "--strength", "measured 51 % of 7 games"]
    if not HAS_TORCH:  # the data step still runs; training says what it needs
        assert main(args) == 2 and (tmp_path / "data-0001.npz").exists()
        return
    assert main(args) == 0
    model = load_model(tmp_path / "value-duel.npz")
    assert model.residual == (base == "heuristic")
    table = model.card["calibration"]
    assert set(table) == {"model", "heuristic", "mean"}
    if base == "heuristic":  # a tiny step from the heuristic itself
        assert table["model"]["mse"] <= table["heuristic"]["mse"] + 0.05
    card = (tmp_path / "value-duel.md").read_text()
    assert "| heuristic |" in card and "measured 51 % of 7 games" in card and "weight decay 0.01" in card


@pytest.mark.parametrize(("name", "moves"), [("duel", 30), ("alewar", 20)])
def test_a_shipped_model_corrects_the_heuristic_and_has_its_card(
    monkeypatch: pytest.MonkeyPatch, name: str, moves: int
) -> None:
    monkeypatch.delenv(MODELS_ENV, raising=False)
    game = load_game(name)
    model = ModelCache("ismcts", "residual").model(game)  # found among the shipped models, for today's layout
    assert model is not None and model.residual and 0.5 < (model.skip or 0.0) < 1.5
    card = model_path("residual", name).with_suffix(".md").read_text()
    assert f"dwarfhall train {name}" in card and "File SHA-256" in card and "| heuristic |" in card
    state = game.new_state(8)
    rng = np.random.default_rng(8)
    for _ in range(moves):  # a position in the middle of a game
        legal = state.legal_action_ids()
        if state.is_terminal or not len(legal):
            break
        state.apply(int(legal[rng.integers(len(legal))]))
    values = ModelAdvice(game.heuristic(), model).evaluate_all(state)
    assert abs(sum(values)) < 1e-6 and all(-1.0 <= v <= 1.0 for v in values)
