"""Spring's terminal view: the map and its labels, the boards, both languages, typed moves, grouping, the log,
and that a seat's screen and log show nothing hidden from it."""

from __future__ import annotations

import random
import re

import pytest

from dwarfhall.core import load_game
from dwarfhall.core.errors import DwarfhallError
from dwarfhall.core.rng import Rng
from dwarfhall.core.textkit import visible_len
from dwarfhall.games.spring import kit as A
from dwarfhall.games.spring.phases import TRIMMING
from dwarfhall.games.spring.state import SpringState
from dwarfhall.games.spring.textboards import score
from dwarfhall.games.spring.textview import SpringTextView
from dwarfhall.games.spring.viewdata import MARK, label_of


def new(players: int = 4, seed: int = 7) -> SpringState:
    state = load_game("spring", {"players": players}).new_state(seed)
    assert isinstance(state, SpringState)
    return state


def view_of(state: SpringState, width: int = 80, height: int = 24) -> SpringTextView:
    view = state.game.text_view()
    assert isinstance(view, SpringTextView)
    view.width, view.height = width, height
    return view


def advance(state: SpringState, moves: int, seed: int = 1) -> SpringState:
    rng = random.Random(seed)
    for _ in range(moves):
        if state.is_terminal:
            break
        state.apply(rng.choice(state.legal_action_ids()))
    return state


def test_the_map_labels_every_location_once_and_shows_spot_kinds() -> None:
    state = new()
    obs = state.observation(0)
    text = view_of(state).render(obs, "en", False)
    geometry = state.world.geometry
    for location in geometry.locations:
        label = label_of(location.id)
        if location.is_wildland:
            assert re.search(rf"(^|\s){label} \w", text), label  # a wildland: its letter and its name
        else:
            assert len(re.findall(rf"(?<![A-Z0-9]){label}(?=[wfg*.~]|[sFd]\d)", text)) == 1, label
    # a resource spot shows its kind and amount as printed on the tile
    slots = state.world.slots
    spot = next(loc for loc in geometry.locations if (slot := slots[loc.index]) is not None and slot.kind == "wood")
    amount = slots[spot.index].amount  # type: ignore[union-attr]
    assert f"{label_of(spot.id)}w{amount}" in text


def test_pieces_monsters_and_webs_are_drawn_with_the_seat() -> None:
    state = advance(new(4, 3), 60)
    obs = state.observation(1)
    text = view_of(state).render(obs, "en", False)
    for seat, player in enumerate(obs["players"]):
        for spot in player["settlements"]:
            assert f"{label_of(spot)}s{seat}" in text
        for spot in player["dwarfs"]:
            if "." in spot:
                assert f"{label_of(spot)}d{seat}" in text
    kinds = state.game.components.monster_kinds  # type: ignore[attr-defined]
    names = {kinds[m.kind].name["en"] for m in state.game.components.monsters}  # type: ignore[attr-defined]
    assert any(name[:8] in text for name in names)
    occupied = {spot for player in obs["players"] for spot in player["dwarfs"]}
    webs = [web for web in obs["webs"] if web not in occupied]  # a dwarf standing on a web is drawn instead
    assert webs
    for web in webs:
        assert re.search(rf"{label_of(web)}[wfg*]#", text)


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_screen_fits_80x24_and_120x40(players: int, lang: str) -> None:
    for seed in (1, 2):
        state = new(players, seed)
        rng = random.Random(seed)
        while not state.is_terminal and len(state.history) < 400:
            if len(state.history) % 37 == 0:
                obs = state.observation(state.current_player)
                small = view_of(state, 80, 24).render(obs, lang, False).splitlines()
                assert max(visible_len(line) for line in small) <= 80
                assert len(small) <= 19  # 15 map rows and the own board: the moves and the prompt fit below
                big = view_of(state, 120, 40).render(obs, lang, False).splitlines()
                assert max(visible_len(line) for line in big) <= 120 and len(big) <= 27
            state.apply(rng.choice(state.legal_action_ids()))


def test_own_hand_is_named_and_the_others_only_counted() -> None:
    state = advance(new(3, 5), 12)
    obs = state.observation(0)
    text = view_of(state).render(obs, "en", False)
    own = obs["faerie_hand"][0]["cards"]
    faeries = {f.id: f for f in state.game.components.faeries}  # type: ignore[attr-defined]
    for key in own:
        assert faeries[key].name["en"] in text
    board = view_of(state).run_command("board", "1", obs, "en", False)
    assert f"faerie hand: {obs['faerie_hand'][1]['size']} card" in board


def test_reconstructed_values_are_marked_with_a_footnote() -> None:
    state = new()
    obs = state.observation(0)
    view = view_of(state)
    area = view.run_command("expedition", "", obs, "en", False)
    assert MARK in area and "reconstructed" in area
    assert "axes to defeat" in area and "Quest Q" in area


def test_commands_show_boards_supply_scores_and_spots() -> None:
    state = advance(new(4, 2), 50)
    obs = state.observation(2)
    view = view_of(state)
    board = view.run_command("board", "3", obs, "en", False)
    assert "Empire board of Player 3" in board and "Production at each era's start: +" in board
    assert "Reichstafel von Spieler 2 (du)" in view.run_command("board", "", obs, "de", False)
    with pytest.raises(DwarfhallError, match=r"board 0 \.\. board 3"):
        view.run_command("board", "7", obs, "en", False)
    supply = view.run_command("supply", "", obs, "en", False)
    assert f"expedition deck {obs['expedition_deck']['size']}" in supply
    assert "Victory points so far" in view.run_command("scores", "", obs, "en", False)
    settlement = obs["players"][0]["settlements"][0]
    assert "a settlement of Player 0" in view.run_command("spot", label_of(settlement), obs, "en", False)
    with pytest.raises(DwarfhallError, match="no spot is labelled"):
        view.run_command("spot", "Z9", obs, "en", False)
    assert set(view.commands()) == {"board", "expedition", "supply", "map", "scores", "spot"}
    assert "most victory points" in view.rules("en") and "meisten Siegpunkte" in view.rules("de")


def test_scores_on_screen_match_the_rules() -> None:
    for players, seed in ((2, 1), (3, 2), (4, 3)):
        state = new(players, seed)
        rng = random.Random(seed)
        view = view_of(state)
        while not state.is_terminal:
            state.apply(rng.choice(state.legal_action_ids()))
        obs = state.observation(None)
        assert [score(view.cards, obs, p) for p in range(players)] == [int(s) for s in state.scores()]


# -- typed moves and grouping ---------------------------------------------------------------------
def test_typed_settlement_by_line_and_label() -> None:
    state = new(2, 4)
    view = view_of(state)
    obs = state.observation(0)
    actions = state.legal_actions()
    target = next(a for a in actions if a.payload["line"] == "food")
    label = label_of(target.payload["spot"])
    assert view.parse_move(f"food {label}", actions, obs) == target.id
    assert view.parse_move(f"nahrung {label.lower()}", actions, obs) == target.id
    assert view.parse_move(f"food {target.payload['spot']}", actions, obs) == target.id  # the long id works too
    with pytest.raises(DwarfhallError, match="fits 3 moves"):
        view.parse_move(label, actions, obs)  # three lines could go there
    assert view.parse_move("food Z9", actions, obs) is None


def test_typed_dwarf_actions_and_card_names() -> None:
    state = new(2, 4)
    rng = random.Random(3)
    while state.phase == 0:  # the starting settlements
        state.apply(rng.choice(state.legal_action_ids()))
    view = view_of(state)
    player = state.current_player
    obs = state.observation(player)
    actions = state.legal_actions()
    explore = next(a for a in actions if a.payload["move"] == "explore")
    assert view.parse_move(f"explore {label_of(explore.payload['spot'])}", actions, obs) == explore.id
    assert view.parse_move(f"zwerg {label_of(explore.payload['spot'])}", actions, obs) == explore.id
    summon = next(a for a in actions if a.payload["move"] == "summon_faerie")
    assert view.parse_move("summon", actions, obs) == summon.id
    plays = [a for a in actions if a.payload["move"] == "play_faerie"]
    faeries = {f.id: f for f in state.game.components.faeries}  # type: ignore[attr-defined]
    for action in plays:
        name = faeries[action.payload["faerie"]].name["en"].split()[0]
        assert view.parse_move(f"play {name[:4]}", actions, obs) == action.id  # a unique beginning of its name
    assert view.parse_move("frobnicate", actions, obs) is None


def test_grouping_puts_alike_moves_on_one_line() -> None:
    state = new(4, 1)
    view = view_of(state)
    actions = state.legal_actions()
    groups = view.group(actions, "en")
    assert groups is not None and len(groups) == 1  # every starting settlement: one line
    assert sorted(i for g in groups for i in g) == list(range(len(actions)))
    line = view.group_line([actions[i] for i in groups[0]], state.observation(0), "en")
    assert line is not None and "Settle w/f/g:" in line and "spots" in line
    rng = random.Random(2)
    while state.phase == 0:
        state.apply(rng.choice(state.legal_action_ids()))
    actions = state.legal_actions()
    groups = view.group(actions, "en") or []
    kinds = [{actions[i].payload["move"] for i in g} for g in groups]
    assert all(len(k) == 1 for k in kinds)  # a line never mixes kinds of move
    moves = [next(iter(k)) for k in kinds]
    assert len(moves) == len(set(moves))  # one line per kind of dwarf action
    assert len(groups) <= 9


def test_a_trim_is_typed_by_card_name() -> None:
    state = new(2, 4)
    rng = random.Random(3)
    while state.phase == 0:
        state.apply(rng.choice(state.legal_action_ids()))
    state.pending.append([TRIMMING])  # the choice after a quest from expedition spot 2
    state._legal = None  # the position was changed by hand: the cached legal moves are stale
    view = view_of(state)
    actions = state.legal_actions()
    obs = state.observation(state.current_player)
    scout = next(a for a in actions if a.payload.get("card") == "H5")
    assert view.parse_move("trim scout", actions, obs) == scout.id
    assert view.parse_move("keep", actions, obs) == A.NO_TRIM


# -- the log ----------------------------------------------------------------------------------------
def test_the_log_tells_outcomes_in_both_languages() -> None:
    state = new(3, 6)
    view = view_of(state)
    rng = random.Random(6)
    seen: list[str] = []
    german: list[str] = []
    while not state.is_terminal:
        action = state.describe_action(rng.choice(state.legal_action_ids()))
        before = state.observation(0)
        state.apply(action.id)
        after = state.observation(0)
        seen += view.narrate(before, action, after, "en")
        german += view.narrate(before, action, after, "de")
    text = "\n".join(seen)
    assert "Era 2 begins" in text and "Production:" in text and "The game is over. Victory points:" in text
    assert "Revealed:" in text
    assert re.search(r"Player \d( \(you\))?: [+-]\d", text)
    assert "Ära 2 beginnt" in "\n".join(german)
    assert re.search(r"Player \d( \(you\))? (fights .* and (wins|loses)|gathers: \+\d)", text)


# -- nothing hidden ---------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4])
def test_screens_and_log_do_not_change_with_what_a_seat_cannot_see(players: int) -> None:
    state = new(players, 10 + players)
    rng = random.Random(players)
    hidden_differed = compared = 0
    while not state.is_terminal and len(state.history) < 240:
        action = state.describe_action(rng.choice(state.legal_action_ids()))
        if len(state.history) % 11 == 0:
            for seat in range(players):
                other = state.determinize(seat, Rng(len(state.history) * 10 + seat))
                assert isinstance(other, SpringState)
                hidden_differed += (
                    any(other.faerie_hand[p] != state.faerie_hand[p] for p in range(players) if p != seat)
                    or other.expedition_deck != state.expedition_deck
                )
                for width, height in ((80, 24), (120, 40)):
                    view = view_of(state, width, height)
                    for lang in ("en", "de"):
                        mine = view.render(state.observation(seat), lang, True)
                        theirs = view.render(other.observation(seat), lang, True)
                        assert mine == theirs
                        for name in ("board", "expedition", "supply", "scores"):
                            argument = str((seat + 1) % players) if name == "board" else ""
                            assert view.run_command(name, argument, state.observation(seat), lang, False) == (
                                view.run_command(name, argument, other.observation(seat), lang, False)
                            )
                if action.id in other.legal_action_ids():  # the same move in the other world
                    view = view_of(state)
                    before, twin_before = state.observation(seat), other.observation(seat)
                    after_state, after_twin = state.clone(), other.clone()
                    after_state.apply(action.id)
                    after_twin.apply(action.id)
                    if after_state.observation(seat) == after_twin.observation(seat):  # chance agreed too
                        compared += 1
                        assert view.narrate(before, action, after_state.observation(seat), "en") == view.narrate(
                            twin_before, action, after_twin.observation(seat), "en"
                        )
        state.apply(action.id)
    assert hidden_differed > 3 and compared > 3


def test_typed_choices_inside_a_dwarf_action() -> None:
    """After a dwarf enters a wildland (R13): fight or gather, or leave; a dragon spot: the dragon by name."""
    state = new(2, 2)  # seed 2: a wildland is in reach after the starting settlements
    rng = random.Random(3)
    while state.phase == 0:
        state.apply(rng.choice(state.legal_action_ids()))
    view = view_of(state)
    player = state.current_player
    wild = next(
        a for a in state.legal_actions() if a.payload["move"] == "explore" and "." not in str(a.payload["spot"])
    )
    typed = f"explore {label_of(wild.payload['spot'])}"
    assert view.parse_move(typed, state.legal_actions(), state.observation(player)) == wild.id
    after = state.clone()
    after.apply(wild.id)
    actions = after.legal_actions()
    obs = after.observation(player)
    moves = {a.payload["move"]: a.id for a in actions}
    if "fight" in moves:
        assert view.parse_move("fight", actions, obs) == moves["fight"]
        assert view.parse_move("kämpfe", actions, obs) == moves["fight"]
    else:
        assert view.parse_move("gather", actions, obs) == moves["gather"]
    assert view.parse_move("leave", actions, obs) == moves["leave"]
    dragons = state.clone()
    dragons.apply(A.DRAGON_SPOT.encode(0))
    actions = dragons.legal_actions()
    obs = dragons.observation(player)
    command = next(a for a in actions if a.payload["move"] == "command")
    word = view.cards.name(command.payload["dragon"], "en", mark=False).split()[0]
    assert view.parse_move(f"command {word[:5]}", actions, obs) == command.id
    assert view.parse_move("done", actions, obs) == A.COMMAND_DONE


@pytest.mark.parametrize("width", [80, 140])
def test_the_map_marks_the_places_offered_moves_act_on(width: int) -> None:
    """Settling (R3-R4) acts on free land spots: while the viewer decides, each such spot on the map is
    followed by the mark `<`, the legend says what it means, and nothing is marked for a viewer not deciding."""
    state = new(players=2)
    view = view_of(state, width=width)
    player = state.current_player
    offered = state.legal_actions()
    spots = {str(a.payload["spot"]) for a in offered if a.payload.get("move") == "start_settlement"}
    assert spots
    view.offered = offered
    marked = view.render(state.observation(player), "en", False)
    for spot in spots:
        assert re.search(re.escape(label_of(spot)) + r"\S\S<", marked), spot
    assert "H3< a move acts here" in marked
    assert "H3< Zug wirkt hier" in view.render(state.observation(player), "de", False)
    assert all(visible_len(line) <= width for line in marked.splitlines())
    view.offered = ()
    plain = view.render(state.observation(player), "en", False)
    assert "<" not in plain and "a move acts here" not in plain
