"""The public record of the last reveal (R14): every seat sees the turned-up cards, the log names them."""

from __future__ import annotations

from typing import Any

from dwarfhall.core import Action
from dwarfhall.core.rng import Rng
from dwarfhall.games.spring import fights
from dwarfhall.games.spring.kit import ADD_BACKPACKS, EXPLORE, FIGHT, GATHER
from dwarfhall.games.spring.narration import reveal_line
from dwarfhall.games.spring.phases import NO_ONE
from dwarfhall.games.spring.state import SpringState
from dwarfhall.games.spring.textview import SpringTextView

from .test_actions import era_one, place, touch, wildland


def deck_of(state: SpringState, player: int, keys: list[str]) -> None:
    kinds = state.game.kinds
    state.heroes[player] = [0] * len(state.heroes[player])
    for key in keys:
        state.heroes[player][kinds.index(key)] += 1


def one_settlement_beside(state: SpringState, player: int, location: int) -> None:
    """Exactly one settlement of `player` around the wildland, and no fortress: R14 reveals dwarfs + 1."""
    around = state.world.geometry.surrounding(location)
    for spot in around:
        if state.owner_at[spot] == player:
            state.owner_at[spot] = NO_ONE
    free = next(s for s in around if state.owner_at[s] == NO_ONE and state.world.slots[s] is not None)
    state.owner_at[free] = player
    state.fortress_at[player] = NO_ONE


def swap_in(state: SpringState, location: int, key: str) -> None:
    """Put monster `key` on the wildland at `location` (and its card in the expedition area); the card it replaces
    takes its place in the deck or the box."""
    kinds = state.game.kinds
    wildland_index = state.world.wildland_locations.index(location)
    card, old = kinds.index(key), state.monster_at[wildland_index]
    pile = next(p for p in (state.expedition_deck, state.unused_monsters) if card in p)
    pile[pile.index(card)] = old
    state.expedition_area[state.expedition_area.index(old)] = card
    state.monster_at[wildland_index] = card


def fight_cyclops(heroes: list[str]) -> tuple[SpringState, list[int], Action, dict[str, Any], dict[str, Any]]:
    """Seat 0, with no faerie card in hand, sends a dwarf to the strong Cyclops M12 (3 axes, as the rulebook
    example's monster) beside one own settlement and fights: the state, the cards the engine drew (from an
    identical copy), the move as the log receives it, and the public view before and after."""
    state = era_one()
    cyclops = wildland(state, "W-M2")
    swap_in(state, cyclops, "M12")
    kinds = state.game.kinds
    assert state.game.components.monsters[kinds.index("M12") - kinds.monsters.start].axes == 3
    deck_of(state, 0, heroes)
    one_settlement_beside(state, 0, cyclops)
    state.faerie_hand[0] = [0] * len(state.faerie_hand[0])  # no faerie card: the fight is decided at once (R10)
    touch(state).apply(EXPLORE.encode(place(state, cyclops)))
    assert FIGHT in state.legal_action_ids()
    twin = state.clone()
    assert isinstance(twin, SpringState)
    _axes, _packs, drawn = fights.reveal(twin, 0, fights.reveal_count(twin, 0, cyclops))
    before = state.observation(None)
    action = state.describe_action(FIGHT)
    state.apply(FIGHT)
    return state, drawn, action, before, state.observation(None)


def text_view(state: SpringState) -> SpringTextView:
    view = state.game.text_view()
    assert isinstance(view, SpringTextView)
    return view


def test_r14_a_lost_fight_shows_the_revealed_cards_to_every_seat() -> None:
    """R14 and the rulebook's fight example (turn 2, Yellow): one dwarf and one adjacent settlement reveal 2
    cards; 2 axes lose against a monster that needs 3. The cards lie face up: every seat and the public view see
    the same record, equal to what the engine drew."""
    state, drawn, _fight, before, after = fight_cyclops(["H2", "H5"])  # 1 axe each, so 2 axes in any order
    keys = state.game.kinds.keys
    record = after["last_reveal"]
    assert before["last_reveal"] == {}
    assert record["cards"] == [keys[c] for c in drawn] and sorted(record["cards"]) == ["H2", "H5"]
    assert record["seat"] == 0 and record["wildland"] == "W-M2" and record["monster"] == "M12"
    assert (record["action"], record["axes"], record["successes"], record["result"]) == ("fight", 2, 0, "lost")
    assert "M12" in after["monsters"].values()  # nothing else changed: the Cyclops stays
    for seat in range(state.num_players):
        assert state.observation(seat)["last_reveal"] == record
    en = reveal_line(before, after, "en", text_view(state).cards)
    de = reveal_line(before, after, "de", text_view(state).cards)
    assert en is not None and de is not None
    assert "Hammer Warrior" in en and "Scout" in en and "2 axes, too few" in en and "Cyclops" in en
    assert "Hammerkrieger" in de and "Kundschafter" in de and "2 Äxte, zu wenige" in de
    assert "gegen Zyklopen" in de  # the accusative after "gegen"


def test_r14_a_won_fight_is_named_in_the_log_in_english_and_german() -> None:
    """R14 and the rulebook's fight example (Blue): enough axes defeat the monster; the hot-seat log names the
    revealed cards with their symbols, the German names in the accusative the verb takes."""
    state, _drawn, fight, before, after = fight_cyclops(["H1", "H2"])  # 2 + 1 axes
    assert after["last_reveal"]["result"] == "won" and "M12" not in after["monsters"].values()
    view = text_view(state)
    en = view.narrate(before, fight, after, "en")
    de = view.narrate(before, fight, after, "de")
    line_en = next(line for line in en if "reveals" in line)
    line_de = next(line for line in de if "deckt" in line)
    assert "Axe Veteran" in line_en and "(2 axes)" in line_en and "3 axes, defeated" in line_en
    assert "Axtveteranen" in line_de and "(2 Äxte)" in line_de and "3 Äxte, besiegt" in line_de
    assert not any("too few axes revealed" in line for line in en)  # the old line without cards is replaced
    # a later observation with the same record is no new reveal
    assert reveal_line(after, after, "en", view.cards) is None


def test_a_gathering_records_its_cards_and_the_backpack_successes_added() -> None:
    """R16 and R15: the gathering's cards are public; backpack successes added afterwards join the record."""
    state = era_one()
    plains = wildland(state, "W-P2")  # no monster there
    deck_of(state, 0, ["H7"])  # one Porter: 2 backpacks whatever the count
    one_settlement_beside(state, 0, plains)
    state.successes[0][1] = 2
    touch(state).apply(EXPLORE.encode(place(state, plains)))
    state.apply(GATHER)
    record = state.observation(1)["last_reveal"]
    assert (record["action"], record["cards"], record["backpacks"], record["result"]) == (
        "gather", ["H7"], 2, "gathered"
    )
    state.apply(ADD_BACKPACKS.base + 1)
    assert state.observation(None)["last_reveal"]["successes"] == 1
    assert state.observation(None)["last_reveal"]["number"] == record["number"]


def test_the_record_survives_clone_json_and_determinize() -> None:
    state, _drawn, _fight, _before, after = fight_cyclops(["H2", "H5"])
    assert state.clone().observation(None)["last_reveal"] == after["last_reveal"]
    loaded = state.game.state_from_json(state.to_json())
    assert loaded.observation(None)["last_reveal"] == after["last_reveal"]
    for seat in range(state.num_players):
        sample = state.determinize(seat, Rng(seat + 5))
        assert sample.observation(seat)["last_reveal"] == after["last_reveal"]


def test_an_old_saved_game_without_the_record_loads_with_none() -> None:
    state, _drawn, _fight, _before, _after = fight_cyclops(["H2", "H5"])
    data = state.to_json()
    del data["state"]["last_reveal"]
    loaded = state.game.state_from_json(data)
    assert isinstance(loaded, SpringState)
    assert loaded.last_reveal == () and loaded.observation(0)["last_reveal"] == {}
    assert loaded.observation(0)["players"] == state.observation(0)["players"]
