"""The rulebook's worked examples, played move by move."""

from __future__ import annotations

from .support import actions, discard, display, do, find, labels, pass_window, position


def test_rulebook_example_bavragor_with_three_ones_is_played_and_deals_two_damage() -> None:
    """Rulebook: with three 1s you can play Bavragor and at once inflict 2 points of damage."""
    s = position({"phase": "card", "dice": [1, 1, 1], "players": [{"hand": ["ally_ones"]}, {}]})
    do(s, move="play", card="ally_ones", payment={"value": 1, "dice": 1})
    pass_window(s)
    assert display(s, 0) == ["ally_ones"]
    pile_before = len(s.pile[1])
    for _ in range(2):
        do(s, move="damage", component="ally_ones", source="die", face=1, target={"pile": True})
        pass_window(s)
    assert len(s.pile[1]) == pile_before - 2
    assert len(discard(s, 1)) == 2
    assert not actions(s, move="damage")


def test_rulebook_example_bavragor_with_a_single_one_can_only_be_played() -> None:
    """Rulebook: with a single 1 you could only play Bavragor; damage must wait for a later turn."""
    s = position({"phase": "card", "dice": [1, 3, 5], "players": [{"hand": ["ally_ones"]}, {}]})
    do(s, move="play", card="ally_ones")
    pass_window(s)
    assert not actions(s, move="damage")


def test_rulebook_example_three_of_a_kind_paid_with_two_fours_and_the_wild_face() -> None:
    """Rulebook: a card costing 3 of a kind can be paid with two 4s and a die showing the wild face."""
    s = position({"phase": "card", "dice": [4, 4, "axe"], "players": [{"hand": ["ally_twos_fours"]}, {}]})
    play = find(s, move="play", card="ally_twos_fours")
    assert play.payload["payment"] == {"value": 4, "dice": 2, "axes": 1, "wild_cards": 0}
    assert play.label("en") == "Play Boïndil, paying 4-4-axe"
    assert play.label("de") == "Spiele Boïndil, zahle 4-4-Axt"
    s.apply(play)
    assert all(s.spent)


def test_rulebook_example_three_of_a_kind_paid_with_a_four_the_wild_face_and_a_wild_card() -> None:
    """Rulebook: 1 die showing 4, 1 showing wild and a Wild Card pay for 3 of a kind; the Wild Card goes back."""
    s = position(
        {"phase": "card", "dice": [4, "axe", 2], "players": [{"hand": ["ally_twos_fours"], "wild_cards": 1}, {}]}
    )
    payments = [a.payload["payment"] for a in actions(s, move="play", card="ally_twos_fours")]
    assert {"value": 4, "dice": 1, "axes": 1, "wild_cards": 1} in payments
    assert {"value": 2, "dice": 1, "axes": 1, "wild_cards": 1} in payments
    assert len(payments) == 2
    do(s, move="play", card="ally_twos_fours", payment={"value": 4})
    assert s.wild == [0, 0]
    assert s.observation(None)["wild_cards_middle"] == 3
    assert "Play Boïndil, paying 4-axe-Wild Card" not in labels(s)


def test_rulebook_note_dwarf_king_answered_by_axe_cancelled_by_chain_mail_then_second_axe() -> None:
    """Rulebook note: Throwing Axe can defeat Dwarf King when it is played; Chain Mail stops one axe, not a second."""
    s = position(
        {
            "phase": "card",
            "active": 1,
            "dice": [2, 2, 2, 2],
            "players": [{"hand": ["twist_throw", "twist_throw"]}, {"hand": ["ally_king", "twist_cancel"]}],
        }
    )
    do(s, move="play", card="ally_king")
    # the moment the Dwarf King's owner (here the Evil side: Bislipur) has played it, the opponent may answer
    assert s.current_player == 0
    do(s, move="damage", source="twist", target={"card": "ally_king"})
    assert s.current_player == 1  # the target's owner may cancel that point
    do(s, move="play", card="twist_cancel")
    assert display(s, 1) == ["ally_king"]
    assert s.current_player == 0  # the thrower's window is still open: a second axe
    throw = find(s, move="damage", source="twist", target={"card": "ally_king"})
    assert throw.label("en") == "Play Throwing Axe: 1 damage to Bislipur"
    s.apply(throw)
    assert s.current_player == 1 and labels(s) == ["Pass (let the damage through)"]
    pass_window(s)
    assert display(s, 1) == []
    assert discard(s, 1)[-1] == "ally_king"
    assert discard(s, 0) == ["twist_throw", "twist_throw"]
    pass_window(s)
    assert s.current_player == 1 and not actions(s, move="damage")
