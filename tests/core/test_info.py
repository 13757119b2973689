"""The record a game declares about itself (core/info.py)."""

from __future__ import annotations

import pytest

from dwarfhall.core import game_class, game_names
from dwarfhall.core.info import Chance, GameInfo, Information, TurnLimit, Utility, game_info

from ..support.kuhn import KuhnGame


def test_every_registered_game_declares_a_record_that_agrees_with_its_class() -> None:
    for name in game_names():
        cls = game_class(name)
        assert isinstance(cls.__dict__.get("info"), GameInfo), f"{name} declares no record"
        info = game_info(cls)
        assert (info.min_players, info.max_players) == (cls.min_players, cls.max_players)
        assert info.observation_bounds is not None, f"{name}'s tensor range is known and must be declared"


def test_ale_war_is_perfect_information_with_chance_and_a_turn_limit() -> None:
    info = game_info(game_class("alewar"))
    assert (info.information, info.chance) == (Information.PERFECT, Chance.SAMPLED)
    assert info.turn_limit == TurnLimit("turn_limit", 300)
    assert game_info(game_class("duel")).information == Information.IMPERFECT


def test_a_game_without_a_record_gets_the_cautious_one() -> None:
    class Plain(KuhnGame):
        info = None  # type: ignore[assignment]

    info = game_info(Plain)
    assert (info.information, info.chance, info.utility) == (Information.IMPERFECT, Chance.SAMPLED, Utility.ZERO_SUM)
    assert (info.min_players, info.max_players) == (2, 2)


def test_a_record_that_disagrees_with_its_class_is_refused() -> None:
    class Wrong(KuhnGame):
        info = GameInfo(Information.IMPERFECT, Chance.SAMPLED, 2, 3)

    with pytest.raises(ValueError, match=r"2\.\.3 players"):
        game_info(Wrong)
    with pytest.raises(ValueError, match="min <= max"):
        GameInfo(Information.PERFECT, Chance.DETERMINISTIC, 3, 2)
    with pytest.raises(ValueError, match="low above high"):
        GameInfo(Information.PERFECT, Chance.DETERMINISTIC, 2, 2, observation_bounds=(1.0, 0.0))
