"""R10 (rulebook: free actions "at any given moment during your turn"): training a dragon and playing a faerie
card are offered between the decisions of a dwarf action too, with their usual ids; a faerie card's own
applications and the choice of a resource resolve whole."""

from __future__ import annotations

import json

from dwarfhall.core import Rng
from dwarfhall.games.spring import fights, scenario
from dwarfhall.games.spring.heuristic import SpringHeuristic
from dwarfhall.games.spring.kit import (
    ADD_BACKPACKS,
    CHOOSE_RESOURCE,
    COMMAND,
    DRAGON_SPOT,
    EXPLORE,
    FAERIE_APPLY,
    FIGHT,
    GATHER,
    LEAVE,
    MOVE_FROM,
    MOVE_TO,
    PLAY_FAERIE,
    TRAIN,
)
from dwarfhall.games.spring.phases import AFTER, REVEALED, WILD_CHOICE
from dwarfhall.games.spring.state import SpringState

from .test_actions import era_one, inner, place, touch, wildland
from .test_faeries import give
from .test_reveals import deck_of, one_settlement_beside, swap_in, text_view


def free(state: SpringState) -> set[int]:
    """The free-action ids among the legal ids."""
    return {a for a in touch(state).legal_action_ids() if a in TRAIN or a in PLAY_FAERIE}


def empty_hand(state: SpringState, player: int) -> None:
    """The player's faerie cards go to the played pile (every copy stays somewhere)."""
    for card, count in enumerate(state.faerie_hand[player]):
        state.faerie_discard += [card] * count
    state.faerie_hand[player] = [0] * len(state.faerie_hand[player])


def take_elsewhere(state: SpringState, card: int) -> None:
    """Takes a copy of a faerie card given to seat 0 out of the piles or the other hands (the copies stay 2)."""
    for pile in (state.faerie_deck, state.faerie_discard):
        if card in pile:
            pile.remove(card)
            return
    holder = next(p for p in range(1, state.num_players) if state.faerie_hand[p][card])
    state.faerie_hand[holder][card] -= 1


def open_fight(battle_faeries: int) -> tuple[SpringState, int]:
    """Seat 0 fights the strong Cyclops M12 (3 axes) with one dwarf and one settlement from a deck of two 1-axe
    heroes, no successes and `battle_faeries` Battle Faeries as its only faerie cards: 2 axes, the fight open."""
    state = era_one()
    cyclops = wildland(state, "W-M2")
    swap_in(state, cyclops, "M12")
    deck_of(state, 0, ["H2", "H5"])
    one_settlement_beside(state, 0, cyclops)
    state.successes[0] = [0, 0]
    empty_hand(state, 0)
    play = 0
    for _ in range(battle_faeries):
        play = give(state, 0, "F5")
        take_elsewhere(state, state.game.kinds.index("F5"))
    touch(state).apply(EXPLORE.encode(place(state, cyclops)))
    state.apply(FIGHT)
    return state, play


def test_r10_free_actions_are_offered_after_entering_a_wildland() -> None:
    """R10: a faerie card may be played between entering a wildland and fighting or gathering; while it resolves
    (its application, the resource it brings) no other free action is offered, and then the choice returns."""
    state = era_one()
    play = give(state, 0, "F4")  # Bounty: a resource of one's choice
    forest = wildland(state, "W-F1")
    state.dwarfs[0].append(state.world.geometry.surrounding(forest)[0])
    state.apply(EXPLORE.encode(place(state, forest)))
    assert state.pending[-1][0] == WILD_CHOICE and play in free(state)
    state.apply(play)
    assert not free(state)  # the card's application resolves whole
    state.apply(FAERIE_APPLY)
    assert not free(state) and inner(state) == tuple(CHOOSE_RESOURCE.base + r for r in range(3))
    state.apply(CHOOSE_RESOURCE.base)
    assert inner(state) == (GATHER, LEAVE) and state.treasury[0][0] == 1


def test_r10_a_wayfinder_adds_a_dwarf_to_the_fight_after_entering() -> None:
    """R10 and R14: a Wayfinder played after entering moves a second dwarf into the wildland; the fight then
    reveals one card more. A dwarf moved out before fighting leaves nothing to fight with (R33)."""
    state = era_one()
    forest = wildland(state, "W-F1")
    near, other = state.world.geometry.surrounding(forest)[:2]
    state.dwarfs[0] += [near, other]
    play = give(state, 0, "F1")
    touch(state).apply(EXPLORE.encode(place(state, forest)))
    before = fights.reveal_count(state, 0, forest)
    twin = state.clone()
    assert isinstance(twin, SpringState)
    state.apply(play)
    state.apply(MOVE_FROM.encode(place(state, other)))
    state.apply(MOVE_TO.encode(place(state, forest)))
    assert fights.reveal_count(state, 0, forest) == before + 1 and inner(state) == (GATHER, LEAVE)
    touch(twin).apply(play)
    twin.apply(MOVE_FROM.encode(place(twin, forest)))
    twin.apply(next(a for a in twin.legal_action_ids() if a != MOVE_TO.encode(place(twin, forest))))
    assert forest not in twin.dwarfs[0] and inner(twin) == (LEAVE,)


def test_r10_a_battle_faerie_played_after_the_reveal_wins_the_fight() -> None:
    """R10 and R15: the reveal shows 2 of the 3 axes the Cyclops needs; the fight stays open (every seat sees the
    cards and "open"), a Battle Faerie played now brings the axe success that wins it at once."""
    state, play = open_fight(1)
    record = state.observation(1)["last_reveal"]
    assert (record["axes"], record["result"]) == (2, "open") and state.pending[-1][0] == REVEALED
    assert set(touch(state).legal_action_ids()) == {LEAVE, play}
    assert "Give the fight up (2 of 3 axes)" in state.describe_action(LEAVE).label("en")
    before = state.observation(None)
    state.apply(play)
    state.apply(FAERIE_APPLY)
    after = state.observation(None)
    assert not state.pending and state.stage == AFTER
    assert "M12" not in after["monsters"].values() and state.heroes[0][state.game.kinds.index("M12")] == 1
    assert (after["last_reveal"]["result"], after["last_reveal"]["successes"]) == ("won", 1)
    assert state.successes[0][0] == 0 and after["last_reveal"]["number"] == record["number"]
    view = text_view(state)
    assert any("wins" in line for line in view.narrate(before, None, after, "en"))


def test_r10_an_open_fight_given_up_is_lost() -> None:
    """R10: the player may give the open fight up; it is lost, the monster stays, the turn goes on."""
    state, _play = open_fight(1)
    before = state.observation(None)
    state.apply(LEAVE)
    after = state.observation(None)
    assert after["last_reveal"]["result"] == "lost" and "M12" in after["monsters"].values()
    assert not state.pending and state.stage == AFTER
    assert any("loses" in line for line in text_view(state).narrate(before, None, after, "en"))
    assert "too few so far" in text_view(state).narrate(before | {"last_reveal": {}}, None, before, "en")[0]


def test_r10_no_faerie_card_no_open_fight() -> None:
    """R10: with no faerie card in hand (a public count) nothing can change the reveal: the fight is decided."""
    state, _play = open_fight(0)
    assert state.observation(None)["last_reveal"]["result"] == "lost" and not state.pending


def test_r10_a_dragon_trained_between_two_commands() -> None:
    """R10, R22, R23: at a dragon spot, the wood of the first command pays a training before the second."""
    state = era_one()
    empty_hand(state, 0)
    state.nest[0], state.nest_level[0], state.exhausted[0] = [4, 8], [1, 1], [False, False]  # D05 wood 2; D09
    state.treasury[0] = [2, 0, 0]
    touch(state).apply(DRAGON_SPOT.encode(0))
    assert not free(state)  # 2 wood: nothing to train yet
    state.apply(COMMAND.base)
    assert state.treasury[0][0] == 4 and TRAIN.base + 1 in free(state)
    state.apply(TRAIN.base + 1)  # D09 trains with wood (R44)
    assert state.nest_level[0] == [1, 2] and state.treasury[0][0] == 0 and state.pending
    state.apply(COMMAND.base + 1)
    assert not state.pending and state.exhausted[0] == [True, True]


def test_r10_a_trail_faerie_after_the_reveal_adds_to_the_gathering() -> None:
    """R10, R15: a gathering by a player who holds a faerie card waits for the successes to add; a backpack
    success played now is added to the gathering."""
    state = era_one()
    plains = wildland(state, "W-P2")  # no monster there
    deck_of(state, 0, ["H7"])  # one Porter: 2 backpacks
    one_settlement_beside(state, 0, plains)
    state.successes[0] = [0, 0]
    empty_hand(state, 0)
    play = give(state, 0, "F6")
    touch(state).apply(EXPLORE.encode(place(state, plains)))
    state.apply(GATHER)
    assert inner(state) == (ADD_BACKPACKS.base,) and play in free(state)
    state.apply(play)
    state.apply(FAERIE_APPLY)
    assert inner(state) == (ADD_BACKPACKS.base, ADD_BACKPACKS.base + 1)
    state.apply(ADD_BACKPACKS.base + 1)
    assert state.treasury[0][1] == 3 and state.observation(None)["last_reveal"]["successes"] == 1


def test_r10_an_open_fight_is_written_and_read_back() -> None:
    """R10 in the scenario format: the open fight is the decision 'revealed' and the record says 'open'; read back,
    the position goes on as before (a Battle Faerie still wins it)."""
    state, play = open_fight(1)
    data = json.loads(json.dumps(scenario.write(state)))
    assert data["pending"][-1] == {"decision": "revealed", "at": "W-M2", "axes": 2}
    assert data["last_reveal"]["open"] is True and data["last_reveal"]["won"] is False
    again = state.game.scenario_from_dict(data)
    assert isinstance(again, SpringState)
    assert again.pending == state.pending and again.last_reveal == state.last_reveal
    assert again.legal_action_ids() == state.legal_action_ids()
    again.apply(play)
    again.apply(FAERIE_APPLY)
    assert again.observation(None)["last_reveal"]["result"] == "won"


def test_a_scenario_names_places_by_the_maps_labels_too() -> None:
    """One notation: a hand-written position may name a spot by its label ('H3') as the map shows it."""
    state = era_one()
    data = json.loads(json.dumps(scenario.write(state)))
    spot = state.world.geometry.by_id(data["players"][0]["settlements"][0]["at"])
    data["players"][0]["settlements"][0]["at"] = spot.label
    again = state.game.scenario_from_dict(data)
    assert again.to_json()["state"] == state.to_json()["state"]


def test_r10_the_heuristic_rescues_an_open_fight_only_when_its_faeries_win_it() -> None:
    """R10 and R15 in the advice: one Battle Faerie covers the one missing axe, so it is played; with two axes
    missing one card cannot win, and the fight is given up."""
    state, play = open_fight(1)
    assert SpringHeuristic().choose(state, 0, Rng(1)) == play
    state.pending[-1][2] = 1  # one axe revealed: two missing, one Battle Faerie is not enough
    assert SpringHeuristic().choose(touch(state), 0, Rng(1)) == LEAVE
