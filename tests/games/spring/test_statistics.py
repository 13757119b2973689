"""Spring's balance figures (spring.md §12.3; games/spring/statistics.py) and its names for report components:
each figure of a fixed game equals what this test works out from the final state and the replayed actions by
another route."""

from __future__ import annotations

import pytest

from dwarfhall.agents import make_agent, play_game
from dwarfhall.core import State
from dwarfhall.core.statistics import check_values
from dwarfhall.games.spring.game import SpringGame
from dwarfhall.games.spring.phases import NO_ONE
from dwarfhall.games.spring.state import SpringState
from dwarfhall.games.spring.usage import DWARF_ACTIONS, GROUPS

PLAYERS = 3


@pytest.fixture(scope="module")
def played() -> tuple[SpringGame, SpringState, list[int], list[dict[str, object]]]:
    """One short 3-player game (2 eras) of heuristic players from a fixed seed, with who chose each action and
    the payload each action had."""
    game = SpringGame({"players": PLAYERS, "eras": 2})
    actors: list[int] = []
    payloads: list[dict[str, object]] = []

    def note(state: State, action: int) -> None:
        actors.append(state.current_player)
        payloads.append(dict(state.describe_action(action).payload))

    agents = [make_agent("heuristic", 40 + seat) for seat in range(PLAYERS)]
    final = play_game(game, agents, 2026, on_action=note)
    assert isinstance(final, SpringState)
    return game, final, actors, payloads


def test_every_declared_figure_has_a_value(
    played: tuple[SpringGame, SpringState, list[int], list[dict[str, object]]],
) -> None:
    game, final, actors, _ = played
    check_values(game.statistics(), game.game_statistics(final, actors))


def test_figures_of_a_known_game_match_the_final_state(
    played: tuple[SpringGame, SpringState, list[int], list[dict[str, object]]],
) -> None:
    """§12.3 checks: early end, monsters killed, quests taken, points by source, fortresses, dragons."""
    game, final, actors, payloads = played
    values = game.game_statistics(final, actors)
    kinds = game.kinds
    assert values["early_end"] == (1.0 if final.era < 2 else 0.0)
    assert values["eras"] == final.era
    # monsters: the monster cards in the heroes decks, and those trimmed back into the box after a kill
    killed = sum(final.heroes[p][k] for p in range(PLAYERS) for k in kinds.monsters)
    killed += sum(1 for k in final.removed if k in kinds.monsters)
    assert values["monsters_killed"] == killed
    # quests: every "go on a quest" action takes one
    assert values["quests_taken"] == sum(1 for p in payloads if p["move"] == "quest")
    # points by source add up to each player's score
    scores = final.scores()
    by_source = sum(v for k, v in values.items() if k.startswith("points_"))
    assert by_source * PLAYERS == pytest.approx(sum(scores))
    assert values["winner_points"] == max(scores)
    assert values["fortress_built"] == pytest.approx(sum(f != NO_ONE for f in final.fortress_at) / PLAYERS)
    assert values["dragons_trained"] == pytest.approx(
        sum(level > 1 for levels in final.nest_level for level in levels) / PLAYERS
    )


def test_dwarf_action_figures_count_the_moves_of_each_player(
    played: tuple[SpringGame, SpringState, list[int], list[dict[str, object]]],
) -> None:
    """§12.3: every dwarf action used by at least 20 % of players; counted here from the action payloads."""
    game, final, actors, payloads = played
    values = game.game_statistics(final, actors)
    for move in DWARF_ACTIONS:
        per_player = [0] * PLAYERS
        for actor, payload in zip(actors, payloads, strict=True):
            per_player[actor] += payload["move"] == move
        assert values[f"action_{move}"] == pytest.approx(sum(per_player) / PLAYERS), move
        assert values[f"users_{move}"] == pytest.approx(sum(c > 0 for c in per_player) / PLAYERS), move
    assert values["action_build"] > 0 and values["action_explore"] > 0  # the game did use dwarf actions


def test_aims_follow_section_12_3() -> None:
    """The aims of spring.md §12.3; those it gives for 4-player games only are aims only there."""
    four = {s.key: s for s in SpringGame({"players": 4}).statistics()}
    two = {s.key: s for s in SpringGame({"players": 2}).statistics()}
    assert four["early_end"].aim == (0.10, 0.40) and two["early_end"].aim is None
    assert four["quests_taken"].aim == (15, 24) and two["quests_taken"].aim is None
    assert four["monsters_killed"].aim == (6, 8) and two["monsters_killed"].aim is None  # R50
    assert four["users_fortress"].aim == (0.20, None) and four["users_fortress"].meets(0.19) is False


def test_every_component_of_a_game_has_a_group_and_a_name_in_both_languages(
    played: tuple[SpringGame, SpringState, list[int], list[dict[str, object]]],
) -> None:
    game, _, _, payloads = played
    keys: set[str] = set()
    for payload in payloads:
        component = payload.get("component")
        keys.update([component] if isinstance(component, str) else component if isinstance(component, list) else [])
    groups = {game.component_group(key) for key in keys}
    assert {"actions", "dragons", "monsters"} <= groups and None not in groups
    for key in keys:
        en, de = game.component_name(key, "en"), game.component_name(key, "de")
        assert en != key and de != key, key
    for group in GROUPS:
        assert game.group_name(group, "en") != group and game.group_name(group, "de") != game.group_name(group, "en")
