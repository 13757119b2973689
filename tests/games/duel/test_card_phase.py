"""The card phase: costs, dice used once, Ally damage point by point, defeat, guard and the Events."""

from __future__ import annotations

from dwarfhall.core import Rng

from .support import actions, card, discard, display, do, find, hand, labels, pass_window, position


def test_payments_are_distinct_choices_not_permutations_of_equal_dice() -> None:
    """Costs: dice of the same face are interchangeable, so each (value, axes, Wild Cards) payment is offered once."""
    s = position({"phase": "card", "dice": [3, 3, 3, "axe"], "players": [{"hand": ["support_die"]}, {}]})
    payments = [a.payload["payment"] for a in actions(s, move="play", card="support_die")]
    assert sorted(payments, key=lambda p: p["dice"]) == [
        {"value": 3, "dice": 1, "axes": 1, "wild_cards": 0},
        {"value": 3, "dice": 2, "axes": 0, "wild_cards": 0},
    ]


def test_identical_copies_in_hand_are_one_choice() -> None:
    """Hand: copies of the same card are interchangeable, so playing 'a copy' is one choice per payment."""
    s = position({"phase": "card", "dice": [2, 2, 5], "players": [{"hand": ["victory_two_b", "victory_two_b"]}, {}]})
    assert len(actions(s, move="play", card="victory_two_b")) == 1


def test_single_value_cost_paid_with_that_number_an_axe_or_a_wild_card() -> None:
    """Costs: a single die of a specific value; an axe face or a Wild Card can stand in for it."""
    s = position({"phase": "card", "dice": [5, "axe", 1], "players": [{"hand": ["ally_fives"], "wild_cards": 1}, {}]})
    labels_en = {a.label() for a in actions(s, move="play", card="ally_fives")}
    assert labels_en == {
        "Play Dwarf Veteran, paying 5",
        "Play Dwarf Veteran, paying axe",
        "Play Dwarf Veteran, paying Wild Card",
    }
    s2 = position({"phase": "card", "dice": [4, 4, 1], "players": [{"hand": ["ally_fives"]}, {}]})
    assert not actions(s2, move="play", card="ally_fives")


def test_each_die_is_used_only_once() -> None:
    """Card phase: you can only use each die rolled once."""
    s = position(
        {"phase": "card", "dice": [1, 2, 3], "players": [{"hand": ["ally_ones", "ally_twos", "ally_threes"]}, {}]}
    )
    do(s, move="play", card="ally_ones")
    pass_window(s)
    assert not actions(s, move="play", card="ally_ones")
    assert s.spent == [True, False, False]
    assert not actions(s, move="damage", source="die", face=1)


def test_free_cards_need_no_dice() -> None:
    """Costs: the Twists of Fate and 3 of the 6 Events cost no dice."""
    s = position({"phase": "card", "dice": [1, 2, 3], "players": [{"hand": ["event_wild_die", "twist_wild_card"]}, {}]})
    assert find(s, move="play", card="event_wild_die").label() == "Play Catch Your Breath (free)"
    assert find(s, move="play", card="twist_wild_card").payload["payment"]["dice"] == 0


def test_ally_deals_one_point_per_die_of_its_values() -> None:
    """Damage: an Ally inflicts 1 point for each die of its value spent; Boïndil takes 2s and 4s alike."""
    s = position({"phase": "card", "dice": [2, 4, 3], "players": [{"display": ["ally_twos_fours"]}, {}]})
    faces = sorted({a.payload.get("face") for a in actions(s, move="damage", source="die")})
    assert faces == [2, 4]


def test_dwarf_king_deals_damage_with_any_die() -> None:
    """Rulebook note: with the Dwarf King in the display you can use any die to inflict damage."""
    s = position({"phase": "card", "dice": [1, 3, 5], "players": [{"display": ["ally_king"]}, {}]})
    assert sorted({a.payload.get("face") for a in actions(s, move="damage", source="die")}) == [1, 3, 5]


def test_damage_to_the_pile_moves_the_top_card_face_up_to_the_discard_pile_unused() -> None:
    """Damage: per point against the draw pile, its top card goes face up onto the discard pile, without effect."""
    s = position(
        {
            "phase": "card",
            "dice": [1, 1, 1],
            "players": [{"display": ["ally_ones"]}, {"pile_top": ["support_draw", "twist_throw"]}],
        }
    )
    do(s, move="damage", target={"pile": True})
    assert s.current_player == 1  # the pile's owner may cancel the point
    pass_window(s)
    assert discard(s, 1) == ["support_draw"]
    assert display(s, 1) == [] and hand(s, 1) == []
    do(s, move="damage", target={"pile": True})
    pass_window(s)
    assert discard(s, 1) == ["support_draw", "twist_throw"]


def test_damage_that_empties_the_pile_ends_the_game_at_once() -> None:
    """Reading: damage that takes the last card of a draw pile ends the game immediately, like drawing it."""
    deck = [position({}).game.tables.keys[k] for k in position({}).game.tables.deck]
    rest = list(deck)
    rest.remove("victory_two")
    s = position(
        {
            "phase": "card",
            "dice": [1, 1, 1],
            "players": [{"display": ["ally_ones"]}, {"pile": ["victory_two"], "discard": rest}],
        }
    )
    do(s, move="damage", target={"pile": True})
    pass_window(s)
    assert s.is_terminal and s.reason == "pile_damaged"
    assert s.returns() == [1.0, -1.0]  # 0 : 0 victory points, and only seat 0 still has a draw pile


def test_damage_adds_up_within_a_turn_and_is_forgotten_at_its_end() -> None:
    """Damage: a card falls once a turn's damage reaches its health; less is forgotten at the turn's end."""
    s = position(
        {
            "phase": "card",
            "dice": [3, 3, 5],
            "players": [{"display": ["ally_threes_fives"]}, {"display": ["victory_three"]}],
        }
    )
    do(s, move="damage", face=3, target={"card": "victory_three", "damage": 0})
    pass_window(s)
    do(s, move="damage", face=3, target={"card": "victory_three", "damage": 1})
    pass_window(s)
    assert s.dmg[1] == [2]
    assert s.observation(0)["players"][1]["display"][0]["damage"] == 2
    do(s, move="end_turn")
    pass_window(s)
    assert s.dmg[1] == [0] and display(s, 1) == ["victory_three"]
    # the next time, three points in one turn defeat it
    s2 = position(
        {
            "phase": "card",
            "dice": [3, 3, 5],
            "players": [{"display": ["ally_threes_fives"]}, {"display": ["victory_three"]}],
        }
    )
    for damage in (0, 1, 2):
        do(
            s2,
            move="damage",
            target={"card": "victory_three", "damage": damage},
            source="die",
            face=5 if damage == 2 else 3,
        )
        pass_window(s2)
    assert display(s2, 1) == [] and discard(s2, 1) == ["victory_three"]


def test_copies_with_different_damage_are_different_targets() -> None:
    """Damage: each point is assigned separately; a damaged copy and a fresh copy are distinct targets."""
    s = position(
        {
            "phase": "card",
            "dice": [3, 3, 3],
            "players": [{"display": ["ally_threes"]}, {"display": ["victory_three", "victory_three"]}],
        }
    )
    assert len(actions(s, move="damage", face=3)) == 2  # the pile, or a copy
    do(s, move="damage", face=3, target={"card": "victory_three"})
    pass_window(s)
    targets = [a.payload["target"].get("damage") for a in actions(s, move="damage", face=3)]
    assert targets == [None, 0, 1]


def test_only_cards_with_health_can_be_damaged() -> None:
    """Damage: Allies can attack the opponent's cards that have health; Support cards have none."""
    s = position(
        {"phase": "card", "dice": [1, 1, 1], "players": [{"display": ["ally_ones"]}, {"display": ["support_die"]}]}
    )
    assert [a.payload["target"] for a in actions(s, move="damage")] == [{"player": 1, "pile": True}]


def test_guard_must_be_hit_first_while_the_pile_stays_open() -> None:
    """Reconstructed guard Ally: damage aimed at its owner's display must hit it first; the draw pile stays open."""
    s = position(
        {
            "phase": "card",
            "dice": [1, 1, 1],
            "players": [{"display": ["ally_king"]}, {"display": ["victory_four", "ally_guard"]}],
        }
    )
    targets = [a.payload["target"] for a in actions(s, move="damage")]
    assert [t.get("card", "pile") for t in targets] == ["pile", "ally_guard"]
    for damage in range(3):
        do(s, move="damage", target={"card": "ally_guard", "damage": damage})
        pass_window(s)
    assert display(s, 1) == ["victory_four"]
    s.dice.extend([1])
    s.spent.extend([False])
    s._legal = None
    assert "victory_four" in {a.payload["target"].get("card") for a in actions(s, move="damage")}


def test_guard_shields_a_card_damaged_before_the_guard_arrived() -> None:
    """Reconstructed guard Ally: a card hit earlier in the turn (e.g. by an axe answering its owner) is shielded
    once the guard enters the display; only the guard and the pile can be targeted."""
    s = position(
        {
            "phase": "card",
            "dice": [1, 1, 1],
            "players": [
                {"display": ["ally_king"]},
                {"display": [{"card": "victory_four", "damage": 1}, "ally_guard"]},
            ],
        }
    )
    targets = [a.payload["target"] for a in actions(s, move="damage")]
    assert [t.get("card", "pile") for t in targets] == ["pile", "ally_guard"]


def test_begone_moves_any_display_card_to_the_discard_pile_but_not_wild_cards() -> None:
    """Begone!: move a card of the opponent's display to their discard pile (Wild Cards are no target)."""
    s = position(
        {
            "phase": "card",
            "dice": [2, 2, 2],
            "players": [{"hand": ["event_banish"]}, {"display": ["support_die", "victory_four"], "wild_cards": 2}],
        }
    )
    do(s, move="play", card="event_banish")
    options = [a.payload["target"]["card"] for a in actions(s, move="banish")]
    assert options == ["victory_four", "support_die"] or sorted(options) == ["support_die", "victory_four"]
    do(s, move="banish", target={"card": "support_die"})
    assert display(s, 1) == ["victory_four"] and discard(s, 1) == ["support_die"]
    assert discard(s, 0) == ["event_banish"] and s.wild == [0, 2]
    assert s.current_player == 1  # a window after the Event


def test_begone_is_not_offered_against_an_empty_display() -> None:
    """Reading: an Event whose effect has nothing to act on is not offered (Wild Cards do not count)."""
    s = position({"phase": "card", "dice": [2, 2, 2], "players": [{"hand": ["event_banish"]}, {"wild_cards": 1}]})
    assert not actions(s, move="play", card="event_banish")


def test_short_rest_makes_an_unused_die_count_as_the_axe() -> None:
    """Short Rest: use one die you rolled and have not used yet as though it showed the wild face."""
    s = position({"phase": "card", "dice": [1, 3, 3], "players": [{"hand": ["event_wild_die", "ally_fives"]}, {}]})
    assert not actions(s, move="play", card="ally_fives")
    do(s, move="play", card="event_wild_die")
    assert [a.payload["face"] for a in actions(s, move="short_rest")] == [1, 3]
    do(s, move="short_rest", face=3)
    pass_window(s)
    assert sorted(s.dice, key=str) == [1, 3, 6]
    do(s, move="play", card="ally_fives", payment={"axes": 1})
    assert discard(s, 0) == ["event_wild_die"]


def test_recover_takes_a_non_event_card_back_and_the_opponent_knows_it() -> None:
    """Recover Event: a non-Event card from the own discard pile to the hand; now the opponent knows it."""
    s = position(
        {
            "phase": "card",
            "dice": [4, 4, 1],
            "players": [
                {"hand": ["event_recover", "victory_three"], "discard": ["event_banish", "ally_king", "twist_throw"]},
                {},
            ],
        }
    )
    do(s, move="play", card="event_recover")
    assert [a.payload["card"] for a in actions(s, move="recover")] == ["ally_king", "twist_throw"]
    do(s, move="recover", card="ally_king")
    assert sorted(hand(s, 0)) == ["ally_king", "victory_three"]
    assert discard(s, 0) == ["event_banish", "twist_throw", "event_recover"]
    seen = s.observation(1)["players"][0]
    assert seen["hand"] is None and seen["known_in_hand"] == ["ally_king"]
    # an information-set sample for the opponent keeps the known card in that hand
    for i in range(10):
        sample = s.determinize(1, Rng(i))
        assert sample.hand[0][card(s, "ally_king")] == 1
        assert sample.hand_n[0] == 2


def test_known_card_is_forgotten_once_played() -> None:
    """Information: a recovered card leaves the known part of the hand when it is played."""
    s = position(
        {
            "phase": "card",
            "dice": [4, 4, 1],
            "players": [{"hand": ["event_recover"], "discard": ["ally_ones"]}, {}],
        }
    )
    do(s, move="play", card="event_recover")
    do(s, move="recover", card="ally_ones")
    pass_window(s)
    do(s, move="play", card="ally_ones")
    assert s.observation(1)["players"][0]["known_in_hand"] == []


def test_events_and_twists_go_to_the_discard_pile_other_cards_into_the_display() -> None:
    """How to use a card effect: Twists and Events are discarded after resolving; other cards enter the display."""
    s = position({"phase": "card", "dice": [2, 2, 5], "players": [{"hand": ["support_reroll", "twist_wild_card"]}, {}]})
    do(s, move="play", card="support_reroll")
    pass_window(s)
    do(s, move="play", card="twist_wild_card")
    pass_window(s)
    assert display(s, 0) == ["support_reroll"] and discard(s, 0) == ["twist_wild_card"]
    assert "End the turn" in labels(s)
