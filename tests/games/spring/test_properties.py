"""Properties over random games of 2, 3 and 4 players, and the end-of-game scoring (R36, R37, R47)."""

from __future__ import annotations

import json

import pytest

from dwarfhall.core import Rng
from dwarfhall.games.spring import scoring
from dwarfhall.games.spring.game import SpringGame
from dwarfhall.games.spring.phases import ACTIONS, NO_ONE, OVER
from dwarfhall.games.spring.state import SpringState

from .test_actions import era_one
from .test_setup import accounted

GAMES = 6  # per player count; bench/ runs many more


def play_random(players: int, seed: int, check: bool = True) -> SpringState:
    game = SpringGame({"players": players})
    state = game.new_state(seed)
    assert isinstance(state, SpringState)
    rng = Rng(seed * 31 + 7)
    era = state.era
    steps = 0
    while not state.is_terminal:
        legal = state.legal_action_ids()
        assert legal, "a live state always has a legal action"
        state.apply(legal[rng.below(len(legal))])
        steps += 1
        if state.era != era and state.phase == ACTIONS:
            era = state.era
            # rulebook warehouse limit: never more than 7 of a resource when production ends
            assert all(max(t) <= 7 for t in state.treasury)
        if check:
            assert all(min(t) >= 0 for t in state.treasury)
            assert all(s >= 0 for row in state.successes for s in row)
            if steps % 17 == 0:
                accounted(state)
                pieces(state)
    return state


def pieces(state: SpringState) -> None:
    """12 settlements, a fortress and 7 dwarfs per player, each somewhere."""
    for p in range(state.num_players):
        on_map = sum(1 for i, owner in enumerate(state.owner_at) if owner == p and i != state.fortress_at[p])
        assert on_map + sum(state.line_left[p]) == 12
        assert len(state.dwarfs[p]) <= 7 and state.home[p] + len(state.dwarfs[p]) <= 7


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_keep_every_invariant(players: int) -> None:
    """Every component accounted for, resources never negative, the warehouse limit, games that end."""
    for seed in range(GAMES):
        state = play_random(players, seed)
        assert state.phase == OVER and 1 <= state.era <= 4
        returns = state.returns()
        assert (abs(sum(returns)) < 1e-9 and max(returns) > 0) or returns == [0.0] * players


@pytest.mark.parametrize("players", [2, 4])
def test_exact_replay_json_and_clones(players: int) -> None:
    """The same seed and actions give the same game; a saved state reloads equal; clones are independent."""
    state = play_random(players, 3, check=False)
    again = SpringGame({"players": players}).new_state(3)
    for action in state.history:
        again.apply(action)
    assert again.to_json() == state.to_json()
    middle = SpringGame({"players": players}).new_state(3)
    for action in state.history[: len(state.history) // 2]:
        middle.apply(action)
    loaded = middle.game.state_from_json(json.loads(json.dumps(middle.to_json())))
    assert loaded.to_json() == middle.to_json()
    copy = middle.clone()
    copy.apply(copy.legal_action_ids()[0])
    assert middle.to_json() == loaded.to_json()
    for action in state.history[len(state.history) // 2 :]:
        loaded.apply(action)
    assert loaded.to_json()["state"] == state.to_json()["state"]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_no_leak_through_determinize(players: int) -> None:
    """R38: a determinized state shows its player exactly what the real one does, at every kind of moment."""
    game = SpringGame({"players": players})
    state = game.new_state(11)
    rng = Rng(5)
    step = 0
    while not state.is_terminal:
        if step % 23 == 0:
            for viewer in range(players):
                sample = state.determinize(viewer, Rng(step + viewer))
                assert sample.observation(viewer) == state.observation(viewer)
                assert sample.legal_action_ids() == state.legal_action_ids() or state.current_player != viewer
        legal = state.legal_action_ids()
        state.apply(legal[rng.below(len(legal))])
        step += 1


def test_labels_never_name_hidden_cards() -> None:
    """Labels are public: no label names a card in a pile, a hand or the box."""
    game = SpringGame({"players": 3})
    state = game.new_state(2)
    rng = Rng(9)
    while not state.is_terminal:
        hidden = {game.kinds.keys[c] for c in state.expedition_deck + state.unused_monsters + state.egg_pile}
        for action in state.legal_actions():
            words = set(json.dumps(action.payload).replace('"', " ").split()) | set(action.label("en").split())
            assert not (words & hidden) - {game.kinds.keys[c] for c in state.expedition_area}
        legal = state.legal_action_ids()
        state.apply(legal[rng.below(len(legal))])


def test_scoring_sources() -> None:
    """R36 (rulebook): quests and monsters in the heroes deck, level 2/3 dragons, 2 per complete line, 5 for the
    fortress, 1 per 7 resources; faeries and successes score nothing."""
    state = era_one()
    kinds = state.game.kinds
    deck = state.heroes[0]
    deck[kinds.index("Q19")] += 1
    deck[kinds.index("M06")] += 1
    quest_vp = state.game.components.quests[kinds.index("Q19") - kinds.quests.start].vp  # tuned data: read it
    monster_vp = state.game.components.monsters[kinds.index("M06") - kinds.monsters.start].vp
    state.nest[0] = [4, 16, 0]  # Timber Drake (2), War Wyrm (4), a level 1 dragon (0)
    state.nest_level[0] = [2, 3, 1]
    state.exhausted[0] = [False] * 3
    state.line_left[0] = [0, 1, 2]  # the wood line complete: 2
    state.fortress_at[0] = next(i for i, o in enumerate(state.owner_at) if o == 0)  # 5
    state.treasury[0] = [5, 3, 7]  # 15 resources: 2
    state.successes[0] = [5, 5]
    parts = scoring.score_parts(state, 0)
    assert parts == {
        "quests": quest_vp, "monsters": monster_vp, "dragons": 6, "lines": 2, "fortress": 5, "resources": 2
    }
    assert scoring.score(state, 0) == 15 + quest_vp + monster_vp


def test_tie_breaks() -> None:
    """R37: most VP, then most heroes-deck cards, then most resources (R47), then a shared win."""
    state = era_one()
    for p in range(4):
        state.treasury[p] = [0, 0, 0]
    assert scoring.winners(state) == [0, 1, 2, 3]
    state.heroes[2][state.game.kinds.index("H1")] += 1
    assert scoring.winners(state) == [2]
    state.heroes[1][state.game.kinds.index("H1")] += 1
    state.treasury[1] = [3, 0, 0]  # 3 resources, no VP from them
    assert scoring.winners(state) == [1]
    state.phase = OVER
    assert state.returns() == pytest.approx([-1 / 3, 1.0, -1 / 3, -1 / 3])


def test_no_fortress_is_worth_nothing() -> None:
    state = era_one()
    assert state.fortress_at[0] == NO_ONE and scoring.score_parts(state, 0)["fortress"] == 0
