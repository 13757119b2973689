"""Tutorials as data: every tutorial plays through its taught moves, and one that no longer fits fails here."""

from __future__ import annotations

import importlib
import re
from pathlib import Path

import pytest

from dwarfhall.core import load_game
from dwarfhall.core.tutorial import Tutorial, TutorialError, check, load_tutorial, start, tutorials_of

GAMES = ["duel", "alewar", "spring"]
ALL = [t for game in GAMES for t in tutorials_of(load_game(game))]


def taught(tutorial: Tutorial) -> list[tuple[int, dict[str, object], bool]]:
    """Each step's decider, the taught move's payload, and whether the decider was the player whose turn it is."""
    walk = start(tutorial)
    out = []
    while not walk.done:
        action = walk.taught()
        obs = walk.state.observation(None)
        turn_owner = obs.get("active", walk.state.current_player)
        out.append((walk.state.current_player, action.payload, turn_owner == walk.state.current_player))
        walk.advance()
    return out


@pytest.mark.parametrize("tutorial", ALL, ids=lambda t: f"{t.game}-{t.key}")
def test_every_tutorial_plays_through_its_taught_moves(tutorial: Tutorial) -> None:
    walk = check(tutorial)
    assert walk.done
    if tutorial.finish is None:
        assert walk.state.is_terminal
    else:
        assert not walk.state.is_terminal and tutorial.finish == "easy"


@pytest.mark.parametrize("game", GAMES)
def test_every_game_has_a_tutorial_in_english_and_german(game: str) -> None:
    found = tutorials_of(load_game(game))
    assert found
    for tutorial in found:
        for text in [tutorial.title, tutorial.summary, tutorial.done] + [s.say for s in tutorial.steps]:
            assert text["en"] and text["de"] and text["en"] != text["de"]


def test_the_duel_lesson_teaches_dice_wild_cards_an_ally_a_twist_in_the_other_turn_and_the_end() -> None:
    (tutorial,) = tutorials_of(load_game("duel"))
    steps = taught(tutorial)
    payments = [p["payment"] for _, p, _ in steps if p.get("move") == "play"]
    assert any(pay["wild_cards"] for pay in payments) and any(pay["dice"] for pay in payments)  # type: ignore[index]
    assert any(p.get("move") == "damage" and p.get("source") in ("axe", "die") for _, p, _ in steps)
    twists = [(seat, own_turn) for seat, p, own_turn in steps if p.get("source") == "twist"]
    assert twists == [(tutorial.learner, False)]  # played by the learner in the opponent's turn
    assert check(tutorial).state.is_terminal


def test_the_ale_war_lesson_teaches_moving_a_bonus_attack_reinforcements_and_a_barrel() -> None:
    (tutorial,) = tutorials_of(load_game("alewar"))
    steps = taught(tutorial)
    kinds = [p["type"] for _, p, _ in steps]
    assert {"move", "attack", "reinforce"} <= set(kinds)
    assert any(p.get("type") == "attack" and int(p["modifier"]) > 0 for _, p, _ in steps)  # type: ignore[call-overload]
    assert any(p.get("target") == "barrel" for _, p, _ in steps)
    barrels = check(tutorial).state.observation(None)["barrels"]
    assert [b["status"] for b in barrels] == ["destroyed", "board"]


def test_the_spring_lessons_teach_every_kind_of_action_and_an_era_ending() -> None:
    lessons = tutorials_of(load_game("spring"))
    moves = {str(p["move"]) for lesson in lessons for _, p, _ in taught(lesson)}
    assert {"start_settlement", "build", "explore", "fight", "quest", "train", "play_faerie", "command"} <= moves
    fight = check(lessons[0]).state.observation(None)["last_reveal"]
    assert fight["action"] == "fight" and fight["result"] == "won" and len(fight["cards"]) == 4
    assert check(lessons[-1]).state.observation(None)["era"] == 2


def copy_of(tmp_path: Path, game: str, key: str, change: tuple[str, str]) -> Path:
    source = Path(str(importlib.import_module(f"dwarfhall.games.{game}").__file__)).parent / "tutorials" / f"{key}.toml"
    text = source.read_text(encoding="utf-8")
    assert change[0] in text
    path = tmp_path / source.name
    path.write_text(text.replace(*change, 1), encoding="utf-8")
    return path


def test_a_taught_move_that_no_longer_fits_names_the_step(tmp_path: Path) -> None:
    path = copy_of(tmp_path, "alewar", "basics", ('unit = "axeman", to = "d2"', 'unit = "axeman", to = "f6"'))
    with pytest.raises(TutorialError, match=r"basics\.toml: step 5: no legal moves of seat 0 match"):
        check(load_tutorial(path, "alewar"))


def test_a_move_named_too_vaguely_is_refused(tmp_path: Path) -> None:
    vague = (", payment = { value = 1, dice = 1, axes = 0, wild_cards = 0 } }", " }")
    path = copy_of(tmp_path, "duel", "basics", vague)
    with pytest.raises(TutorialError, match=r"step 1: 3 legal moves of seat 0 match"):
        check(load_tutorial(path, "duel"))


def test_a_position_that_breaks_the_rules_is_refused(tmp_path: Path) -> None:
    path = copy_of(tmp_path, "alewar", "basics", ('b4 = "lake"', 'b2 = "lake"'))
    with pytest.raises(TutorialError, match=re.escape("basics.toml: position:")):
        check(load_tutorial(path, "alewar"))


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (("learner = 0", "learner = 0\nteacher = 1"), "unknown field 'teacher'"),
        (('finish = "easy"\n', ""), "the game goes on after the last step, but no `finish` bot is named"),
        ((', de = "Ziehen, mit Boni', ', fr = "Ziehen, mit Boni'), "summary: no text in de"),
    ],
)
def test_a_broken_tutorial_file_names_the_field(tmp_path: Path, change: tuple[str, str], message: str) -> None:
    path = copy_of(tmp_path, "alewar", "basics", change)
    with pytest.raises(TutorialError, match=re.escape(message)):
        check(load_tutorial(path, "alewar"))


def test_a_sentence_left_in_english_in_german_is_refused(tmp_path: Path) -> None:
    german = 'de = "Alle Würfel sind ausgegeben. Beende deinen Zug; dein Gegner zieht und würfelt."'
    english = 'de = "Every die is spent. End your turn; your opponent draws and rolls."'
    path = copy_of(tmp_path, "duel", "basics", (german, english))
    with pytest.raises(TutorialError, match="step 4: say: the German text is the English one"):
        load_tutorial(path, "duel")


def test_a_step_may_say_why_another_move_is_worse_in_both_languages() -> None:
    (tutorial,) = tutorials_of(load_game("duel"))
    whys = [step.why for step in tutorial.steps if step.why is not None]
    assert len(whys) >= 3
    assert all(why["en"] != why["de"] for why in whys)
