"""Use no dice, take a Wild Card; the end of the game and who wins."""

from __future__ import annotations

from dwarfhall.games.duel.state import DuelState

from .support import GAME, do, pass_window, position

DECK = [GAME.tables.keys[k] for k in GAME.tables.deck]


def _end_turn(s: DuelState) -> None:
    do(s, move="end_turn")
    pass_window(s)


def test_use_no_dice_takes_a_wild_card_from_the_middle() -> None:
    """Use no dice: a player who used no die this turn takes 1 Wild Card from the middle at its end."""
    s = position({"phase": "card", "dice": [1, 2, 3], "players": [{}, {}]})
    _end_turn(s)
    assert s.wild == [1, 0]


def test_use_no_dice_takes_from_the_opponent_when_the_middle_is_empty() -> None:
    """Use no dice: with no Wild Card left in the middle, take one from the opponent."""
    s = position({"phase": "card", "dice": [1, 2, 3], "players": [{"wild_cards": 1}, {"wild_cards": 2}]})
    _end_turn(s)
    assert s.wild == [2, 1]


def test_use_no_dice_never_beyond_three_wild_cards() -> None:
    """Use no dice: a player who already has all 3 Wild Cards cannot take more."""
    s = position({"phase": "card", "dice": [1, 2, 3], "players": [{"wild_cards": 3}, {}]})
    _end_turn(s)
    assert s.wild == [3, 0]


def test_a_spent_die_means_no_wild_card() -> None:
    """Use no dice: a die spent to play a card or use a card effect means no Wild Card this turn."""
    s = position({"phase": "card", "dice": [1, 2, 3], "players": [{"hand": ["ally_ones"]}, {}]})
    do(s, move="play", card="ally_ones")
    pass_window(s)
    _end_turn(s)
    assert s.wild == [0, 0]


def test_free_cards_and_wild_cards_do_not_count_as_dice() -> None:
    """Use no dice: free cards and Wild Cards are not dice, so using only them still earns a Wild Card."""
    s = position(
        {
            "phase": "card",
            "dice": [1, 2, 3],
            "players": [{"hand": ["ally_fives", "event_wild_die"], "wild_cards": 1}, {}],
        }
    )
    do(s, move="play", card="ally_fives", payment={"wild_cards": 1})
    pass_window(s)
    assert s.wild == [0, 0]
    do(s, move="play", card="event_wild_die")
    do(s, move="short_rest", face=2)
    pass_window(s)
    _end_turn(s)
    assert s.wild == [1, 0]


def test_ally_damage_with_a_wild_card_is_not_a_die() -> None:
    """Use no dice: damage paid with a Wild Card uses no die."""
    s = position({"phase": "card", "dice": [2, 3, 4], "players": [{"display": ["ally_ones"], "wild_cards": 1}, {}]})
    do(s, move="damage", source="wild_card", target={"pile": True})
    pass_window(s)
    _end_turn(s)
    assert s.wild == [1, 0]


def test_wild_cards_do_not_count_toward_the_six_dice() -> None:
    """Reading: Wild Cards are used with your up to 6 dice, so six dice and three Wild Cards can all be spent."""
    s = position(
        {
            "phase": "card",
            "dice": [1, 1, 1, 1, 1, 1],
            "players": [{"display": ["ally_ones"], "wild_cards": 3}, {}],
        }
    )
    for _ in range(6):
        do(s, move="damage", source="die", target={"pile": True})
        pass_window(s)
    for _ in range(3):
        do(s, move="damage", source="wild_card", target={"pile": True})
        pass_window(s)
    assert len(s.discard[1]) == 9 and s.wild == [0, 0]


def test_more_victory_points_win() -> None:
    """End: the player with more victory points in their display wins."""
    rest = list(DECK)
    rest.remove("victory_two")
    s = position(
        {"phase": "draw", "players": [{"pile": ["victory_two"], "discard": rest}, {"display": ["victory_three"]}]}
    )
    assert s.is_terminal
    assert s.returns() == [-1.0, 1.0] and s.scores() == [0.0, 3.0] and s.winners() == [1]


def test_tie_is_won_by_the_player_with_cards_left_in_the_draw_pile() -> None:
    """End: on a tie, the player who still has cards in their draw pile wins."""
    rest = list(DECK)
    for key in ("victory_two", "victory_three"):
        rest.remove(key)
    s = position(
        {
            "phase": "draw",
            "players": [
                {"pile": ["victory_two"], "discard": rest, "display": ["victory_three"]},
                {"display": ["victory_three"]},
            ],
        }
    )
    assert s.is_terminal and s.scores() == [3.0, 3.0]
    assert s.returns() == [-1.0, 1.0]
    result = s.observation(None)["result"]
    assert result == {"winner": 1, "reason": "pile_drawn", "vp": [3, 3]}


def test_only_cards_in_the_display_score() -> None:
    """Victory points count only while the card is in the display at the end (defeated ones do not)."""
    s = position(
        {
            "phase": "card",
            "dice": [1, 1, 1],
            "players": [{"display": ["ally_ones"]}, {"display": ["victory_two"], "hand": ["victory_four"]}],
        }
    )
    assert s.scores() == [0.0, 2.0]
    for damage in (0, 1):
        do(s, move="damage", target={"card": "victory_two", "damage": damage})
        pass_window(s)
    assert s.scores() == [0.0, 0.0]
