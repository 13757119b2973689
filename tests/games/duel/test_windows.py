"""Twists of Fate at any time: response windows, cancel windows, and what whose-turn-it-is may not reveal."""

from __future__ import annotations

from dwarfhall.games.duel.game import DuelGame
from dwarfhall.games.duel.state import DuelState

from .support import actions, discard, display, do, find, labels, pass_window, position


def test_opponent_gets_a_window_after_each_card_even_holding_no_twist() -> None:
    """Hidden information: the window opens whatever the opponent holds; without a Twist, passing is the only move."""
    s = position({"phase": "card", "dice": [1, 2, 3], "players": [{"hand": ["ally_ones"]}, {"hand": ["victory_two"]}]})
    do(s, move="play", card="ally_ones")
    assert s.current_player == 1
    [only] = s.legal_actions()
    assert only.payload == {"move": "pass", "window": True, "damage_pending": False, "window_kind": "ally"}


def test_windows_at_the_start_of_the_card_phase_and_after_ending_the_turn() -> None:
    """Windows: the opponent may act once the dice are final and once the active player ends the turn."""
    s = position({"phase": "pre_roll", "players": [{}, {"hand": ["twist_wild_card"]}]})
    do(s, move="roll")
    assert s.current_player == 1 and s.observation(1)["windows"][0]["kind"] == "response"
    pass_window(s)
    do(s, move="end_turn")
    assert s.current_player == 1 and s.phase == 5  # ending
    do(s, move="play", card="twist_wild_card")
    assert s.wild == [0, 1]
    assert s.current_player == 0  # seat 0 may answer the Twist
    pass_window(s)
    pass_window(s)
    # seat 0 used no die, so it takes a Wild Card from the middle at the end of its turn
    assert s.wild == [1, 1] and s.active == 1


def test_axe_defeats_the_dwarf_king_before_it_deals_damage() -> None:
    """Rulebook note: Throwing Axe defeats Bislipur / Dwarf King the moment it is played, before its owner uses it."""
    s = position(
        {"phase": "card", "dice": [5, 5, 5, 5, 5], "players": [{"hand": ["ally_king"]}, {"hand": ["twist_throw"]}]}
    )
    do(s, move="play", card="ally_king")
    do(s, move="damage", source="twist", target={"card": "ally_king"})
    pass_window(s)  # seat 0 has no Chain Mail
    assert display(s, 0) == []
    pass_window(s)
    assert s.current_player == 0 and not actions(s, move="damage")


def test_chain_mail_cancels_one_point_of_ally_damage_in_the_opponents_turn() -> None:
    """Chain Mail / Shadow Armor: cancel 1 point of damage, also in the opponent's turn."""
    s = position(
        {
            "phase": "card",
            "dice": [1, 1, 1],
            "players": [{"display": ["ally_ones"]}, {"display": ["victory_two"], "hand": ["twist_cancel"]}],
        }
    )
    do(s, move="damage", target={"card": "victory_two"})
    cancel = find(s, move="play", card="twist_cancel")
    assert cancel.label() == "Play Shadow Armor (free)" and cancel.payload["window"] is True
    s.apply(cancel)
    assert s.dmg[1] == [0] and discard(s, 1) == ["twist_cancel"]
    assert s.current_player == 0
    do(s, move="damage", target={"card": "victory_two", "damage": 0})
    assert labels(s) == ["Pass (let the damage through)"]
    pass_window(s)
    do(s, move="damage", target={"card": "victory_two", "damage": 1})
    pass_window(s)
    assert display(s, 1) == []


def test_axe_thrown_in_the_opponents_turn_gives_the_target_owner_a_cancel_window() -> None:
    """Windows: the owner of a point's target gets the cancel window, also for an axe aimed at the active player."""
    s = position(
        {
            "phase": "card",
            "dice": [1, 2, 3],
            "players": [
                {"hand": ["ally_twos", "twist_cancel"], "display": ["victory_two"]},
                {"hand": ["twist_throw", "twist_throw"]},
            ],
        }
    )
    do(s, move="play", card="ally_twos")
    assert s.current_player == 1
    # both axes may be thrown together: the window stays open until its owner passes
    do(s, move="damage", source="twist", target={"card": "victory_two", "damage": 0})
    assert s.current_player == 0
    assert {a.payload["move"] for a in s.legal_actions()} == {"pass", "play"}
    pass_window(s)
    assert s.current_player == 1
    do(s, move="damage", source="twist", target={"card": "victory_two", "damage": 1})
    do(s, move="play", card="twist_cancel")
    assert s.dmg[0] == [1, 0] or s.dmg[0] == [0, 1]
    pass_window(s)
    assert s.current_player == 0 and display(s, 0) == ["victory_two", "ally_twos"]
    do(s, move="end_turn")
    pass_window(s)
    assert s.dmg[1] == [] and s.dmg[0] == [0, 0]


def test_damage_adds_up_within_the_turn_whoever_deals_it() -> None:
    """Damage: two axes thrown in one turn add up on the same card."""
    s = position(
        {
            "phase": "card",
            "dice": [1, 2, 3],
            "players": [{"display": ["victory_two"]}, {"hand": ["twist_throw", "twist_throw"]}],
        }
    )
    do(s, move="end_turn")
    do(s, move="damage", source="twist", target={"card": "victory_two", "damage": 0})
    pass_window(s)
    do(s, move="damage", source="twist", target={"card": "victory_two", "damage": 1})
    pass_window(s)
    assert display(s, 0) == [] and discard(s, 0) == ["victory_two"]


def test_andokais_power_cannot_be_played_in_the_opponents_turn() -> None:
    """Rulebook: every Twist can be played on the opponent's turn except Andôkai's Power / Surround."""
    s = position(
        {"phase": "card", "dice": [1, 2, 3], "players": [{"hand": ["ally_ones"]}, {"hand": ["twist_more_dice"]}]}
    )
    do(s, move="play", card="ally_ones")
    assert s.current_player == 1 and not actions(s, move="play")


def test_wild_card_twist_in_a_window_takes_from_the_middle_else_from_the_opponent() -> None:
    """Reconstructed Twist: take a Wild Card from the middle, else from the opponent; also in a window."""
    s = position(
        {
            "phase": "card",
            "dice": [1, 2, 3],
            "players": [{"hand": ["ally_ones"], "wild_cards": 3}, {"hand": ["twist_wild_card"]}],
        }
    )
    do(s, move="play", card="ally_ones", payment={"value": 1})
    do(s, move="play", card="twist_wild_card", window=True)
    assert s.wild == [2, 1]
    assert s.current_player == 0  # a card was played, so seat 0 may respond
    pass_window(s)
    pass_window(s)
    assert s.current_player == 0 and s.observation(0)["wild_cards_usable"] == 2


def test_wild_card_taken_in_the_own_turn_is_usable_from_the_next_turn() -> None:
    """Wild Cards: usable on any of your next turns, so not in the turn they were gained."""
    s = position({"phase": "card", "dice": [4, 4, 1], "players": [{"hand": ["twist_wild_card", "ally_fives"]}, {}]})
    do(s, move="play", card="twist_wild_card")
    pass_window(s)
    assert s.wild == [1, 0] and s.fresh == 1
    assert not actions(s, move="play", card="ally_fives")


def test_chain_mail_is_not_offered_without_a_point_to_cancel() -> None:
    """Reading: cancelling with nothing pending changes nothing, so Chain Mail waits for a cancel window."""
    s = position({"phase": "card", "dice": [1, 2, 3], "players": [{"hand": ["twist_cancel"]}, {}]})
    assert labels(s) == ["End the turn"]


def test_when_able_variant_skips_windows_of_players_without_a_twist() -> None:
    """Option response_windows='when_able': the same rules, but no forced passes (for fast simulation)."""
    fast = DuelGame({"response_windows": "when_able"})
    data = {"phase": "card", "dice": [1, 2, 3], "players": [{"hand": ["ally_ones"], "side": "good"}, {"side": "evil"}]}
    s = fast.scenario_from_dict(data)
    do(s, move="play", card="ally_ones")
    assert s.current_player == 0


def test_point_whose_target_was_defeated_meanwhile_does_nothing() -> None:
    """Windows nest: if a nested point defeats the card a waiting point was aimed at, the waiting point does nothing."""
    s = position(
        {
            "phase": "card",
            "dice": [3, 3, 3],
            "players": [
                {"display": ["ally_king", "victory_two"], "hand": ["victory_two_b", "twist_wild_card", "twist_cancel"]},
                {"hand": ["twist_throw", "twist_throw"]},
            ],
        }
    )
    do(s, move="play", card="victory_two_b", payment={"dice": 2})
    do(s, move="damage", source="twist", target={"card": "ally_king"})  # point A waits in seat 0's window
    do(s, move="play", card="twist_wild_card")  # seat 0 plays a Twist instead of answering A ...
    do(s, move="damage", source="twist", target={"card": "ally_king"})  # ... and seat 1 answers with point B
    pass_window(s)  # B lands: the king falls
    assert display(s, 0) == ["victory_two", "victory_two_b"]
    pass_window(s)  # seat 1 closes its window; A is waiting again
    assert s.current_player == 0
    assert s.observation(0)["windows"][-1]["damage"]["target"] == {"player": 0, "gone": True}
    assert not actions(s, move="play", card="twist_cancel")  # nothing left to cancel
    pass_window(s)
    assert display(s, 0) == ["victory_two", "victory_two_b"] and s.dmg[0] == [0, 0]
    pass_window(s)
    assert s.current_player == 0 and not s.stack


def _answers(s: DuelState, viewer: int) -> object:
    return s.observation(viewer)["windows"][-1]["answers"]


def test_a_response_window_says_publicly_what_it_answers() -> None:
    """Response windows: each one answers a public step (the final dice, a card played, the end of the turn)."""
    s = position({"phase": "pre_roll", "players": [{"hand": ["ally_ones"]}, {"hand": ["twist_wild_card"]}]})
    do(s, move="roll")
    for viewer in (0, 1):
        assert _answers(s, viewer) == {"player": 0, "what": "roll", "card": None}
    pass_window(s)
    s.apply(actions(s, move="play", card="ally_ones")[0])  # seed 1 rolls 1, 1, 4: the Ally can be paid
    assert _answers(s, 1) == {"player": 0, "what": "card", "card": "ally_ones"}
    pass_window(s)
    do(s, move="end_turn")
    assert _answers(s, 1) == {"player": 0, "what": "end", "card": None}
    do(s, move="play", card="twist_wild_card")
    # seat 0 answers the Twist just played; the window names it for both players
    assert _answers(s, 0) == _answers(s, 1) == {"player": 1, "what": "card", "card": "twist_wild_card"}


def test_what_a_window_answers_survives_a_save() -> None:
    """Save and resume: the open window still says what it answers."""
    s = position({"phase": "card", "dice": [1, 2, 3], "players": [{"hand": ["ally_ones"]}, {}]})
    do(s, move="play", card="ally_ones")
    again = DuelGame().state_from_json(s.to_json())
    assert again.observation(1)["windows"] == s.observation(1)["windows"]
    assert _answers(again, 1) == {"player": 0, "what": "card", "card": "ally_ones"}


def _king_behind_guard(throws: int, cancel: bool) -> DuelState:
    """Seat 0 has the (reconstructed) guard Ally in display and the Dwarf King in hand; seat 1 holds axes."""
    hand = ["twist_throw"] * throws
    own = ["ally_king"] + (["twist_cancel"] if cancel else [])
    return position(
        {
            "phase": "card",
            "dice": [5, 5, 5, 5, 1],
            "players": [
                {"display": ["ally_guard", "victory_two"], "hand": own},
                {"hand": hand},
            ],
        }
    )


def test_rulebook_axe_answering_a_freshly_played_king_defeats_it_even_behind_the_reconstructed_guard() -> None:
    """Rulebook, note on Throwing Axe / Dagger: when the opponent plays the Dwarf King / Bislipur, the Twist
    defeats that card at once unless Chain Mail / Shadow Armor stops it. The guard Ally's text is reconstructed
    (reading 14), so it must not override this stated rule: the axe may be aimed at the king past the guard."""
    s = _king_behind_guard(throws=1, cancel=False)
    do(s, move="play", card="ally_king")
    assert s.current_player == 1
    aimed = {a.payload["target"].get("card", "pile") for a in actions(s, move="damage", source="twist")}
    assert aimed == {"pile", "ally_guard", "ally_king"}  # the Victory card stays shielded by the guard
    do(s, move="damage", source="twist", target={"card": "ally_king"})
    pass_window(s)  # seat 0 lets the point land
    assert display(s, 0) == ["ally_guard", "victory_two"] and "ally_king" in discard(s, 0)


def test_rulebook_chain_mail_stops_the_first_axe_at_the_king_and_a_second_axe_may_still_follow() -> None:
    """Rulebook, note on Throwing Axe / Dagger: Chain Mail / Shadow Armor prevents the attack, but that does not
    prevent a second Throwing Axe / Dagger, which may still reach the freshly played king behind a guard."""
    s = _king_behind_guard(throws=2, cancel=True)
    do(s, move="play", card="ally_king")
    do(s, move="damage", source="twist", target={"card": "ally_king"})
    do(s, move="play", card="twist_cancel")  # seat 0 prevents the first attack
    assert display(s, 0) == ["ally_guard", "victory_two", "ally_king"] and s.current_player == 1
    do(s, move="damage", source="twist", target={"card": "ally_king"})
    pass_window(s)
    assert "ally_king" not in display(s, 0)


def test_guard_still_shields_a_king_that_was_not_just_played() -> None:
    """Reconstructed guard Ally: outside the answer to the king's play (here the window after the roll), the king
    behind a guard is shielded from a Throwing Axe like any other card."""
    s = position(
        {
            "phase": "pre_roll",
            "players": [{"display": ["ally_guard", "ally_king"]}, {"hand": ["twist_throw"]}],
        }
    )
    do(s, move="roll")
    assert s.current_player == 1
    aimed = {a.payload["target"].get("card", "pile") for a in actions(s, move="damage", source="twist")}
    assert aimed == {"pile", "ally_guard"}


def test_a_window_answering_the_kings_play_keeps_that_after_a_save() -> None:
    """Save and resume: after Chain Mail stops the first axe, the window still answers the king's play, so the
    rulebook's second axe past the guard remains possible in the resumed game."""
    s = _king_behind_guard(throws=2, cancel=True)
    do(s, move="play", card="ally_king")
    do(s, move="damage", source="twist", target={"card": "ally_king"})
    do(s, move="play", card="twist_cancel")
    saved = s.to_json()
    assert saved["state"]["windows"][-1]["fresh_ally"] == "ally_king"
    again = DuelGame().state_from_json(saved)
    assert again.legal_action_ids() == s.legal_action_ids()
    assert again.observation(1) == s.observation(1)
