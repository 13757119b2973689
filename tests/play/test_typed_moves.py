"""Typed moves that are not exactly a label: the unique beginning of a move, a move of a known kind that is
not possible now (said as such, with the ones of that kind that are), and the keyboard while the computer
moves."""

from __future__ import annotations

import random
from pathlib import Path

from dwarfhall.core import State, load_game
from dwarfhall.games.spring.viewdata import label_of as labels_of
from dwarfhall.play.console import ScriptConsole
from dwarfhall.play.savefile import HUMAN
from dwarfhall.play.session import Session, Settings


def walk_until(game: str, options: dict[str, object], seed: int, wanted: str, after: int = 0) -> State:
    """A random game (seeded) up to the first decision after `after` moves with a move whose payload's `move`
    or label's first word is `wanted`."""
    state = load_game(game, options).new_state(seed)
    rng = random.Random(seed)
    for n in range(2000):
        legal = state.legal_actions()
        if n >= after and any(wanted in (a.payload.get("move"), a.label("en").split()[0]) for a in legal):
            return state
        state.apply(rng.choice(legal).id)
    raise AssertionError(f"no {wanted} move in {game} seed {seed}")


def session(state: State, lines: list[str], tmp_path: Path) -> tuple[Session, ScriptConsole]:
    console = ScriptConsole(lines, width=80, height=24)
    seats = [HUMAN] * state.num_players
    return Session(state, Settings("hotseat", seats, "en", tmp_path), console), console


def test_the_beginning_of_the_only_attack_plays_it(tmp_path: Path) -> None:
    """Ale War: `attack` is the start of one legal move ('attack Goblin Warrior at c2 — hit on 3'), not of
    'no attack': it plays that attack."""
    state = walk_until("alewar", {}, 1, "attack")
    attacks = [a for a in state.legal_actions() if a.label("en").startswith("attack")]
    assert len(attacks) == 1
    game, console = session(state, [], tmp_path)
    player = state.current_player
    game.handle(player, "attack")
    assert state.history[-1] == attacks[0].id, console.text
    assert "Not understood" not in console.text


def test_a_beginning_two_moves_share_is_not_played(tmp_path: Path) -> None:
    state = walk_until("alewar", {}, 1, "attack")
    before = list(state.history)
    game, _ = session(state, [], tmp_path)
    game.handle(state.current_player, "at")  # shorter than a word: more likely a typo
    assert state.history == before


def test_a_move_of_a_known_kind_that_is_not_possible_now_says_so(tmp_path: Path) -> None:
    """Spring: `dwarf C` is well formed (send a dwarf to C) but C is not a place a dwarf can go now: the
    answer says it is not possible now and names the places of that kind that are, not 'Not understood'."""
    state = walk_until("spring", {"players": 2}, 0, "explore", after=9)
    before = list(state.history)
    game, console = session(state, [], tmp_path)
    game.handle(state.current_player, "dwarf C")
    assert state.history == before
    said = console.text.replace("\n  ", " ")
    assert "'dwarf C' is not possible now: no place on this map is labelled C" in said
    assert "Not understood" not in console.text
    first = next(a for a in state.legal_actions() if a.payload.get("move") == "explore")
    assert first.label("en").split(" (")[0] in console.text.replace("\n  ", " ")
    game.handle(state.current_player, "xyzzy plugh")  # an unknown word stays not understood
    assert "Not understood: 'xyzzy plugh'" in console.text


def test_a_place_no_dwarf_action_reaches_says_why(tmp_path: Path) -> None:
    """Spring R32/R41: a dwarf action needs a place next to the player's settlements, fortress or dwarfs, on
    no settlement: typed on a place that is not, the answer says which of these it is, from the public map."""
    state = walk_until("spring", {"players": 2}, 0, "explore", after=9)
    obs = state.observation(state.current_player)
    mine = obs["players"][state.current_player]
    game, console = session(state, [], tmp_path)
    labels = game.view.labels(obs)  # type: ignore[attr-defined]
    geometry = labels.geometry
    reach = geometry.reach(geometry.by_id(p).index for p in [*mine["settlements"], *mine["dwarfs"]])
    far = next(loc.label for loc in geometry.locations if loc.index not in reach and not loc.is_wildland)
    settled = labels_of(mine["settlements"][0])
    before = list(state.history)
    game.handle(state.current_player, f"dwarf {far}")
    game.handle(state.current_player, f"dwarf {settled}")
    assert state.history == before
    said = console.text.replace("\n  ", " ")
    assert f"'dwarf {far}' is not possible now: {far} is not next to your settlements or dwarfs" in said
    assert f"'dwarf {settled}' is not possible now: {settled} holds a settlement" in said


def test_input_is_off_while_the_computer_moves(tmp_path: Path) -> None:
    """Every computer move happens inside the console's busy span (echo off, typed keys dropped), and no
    prompt comes during one (the ScriptConsole refuses a read while busy)."""
    state = load_game("duel").new_state(2)
    console = ScriptConsole(["1a"] * 30, width=80, height=24)
    game = Session(state, Settings("vs", [HUMAN, "random"], "en", tmp_path), console)
    game.intro()
    game.run()
    computer_moves = console.text.count("The computer (Player 1) plays")
    assert computer_moves > 0 and console.busy_spans >= computer_moves
