"""Attacking: 1d6 with modifiers; a hit only when the result equals the armor (or at least it, house rule)."""

from __future__ import annotations

from typing import Any

from dwarfhall.games.alewar import kit as A
from dwarfhall.games.alewar.phases import ATTACK, REINFORCE
from dwarfhall.games.alewar.pieces import OUT
from dwarfhall.games.alewar.state import AleWarState

from .helpers import UNIT, attack, move, odds, position, seed_for_dice, sq

BARRELS = ["a1", "f1"]
GOBLINS = {"brute": "c3", "spearman": "e2", "warrior": "b1"}


def ready(
    die: int = 1, options: dict[str, Any] | None = None, units: dict[str, str] | None = None, **extra: Any
) -> AleWarState:
    """The Axeman on c4 has just stayed put next to the Goblin Brute (armor 5) on c3; the die will show `die`."""
    pieces = {"axeman": "c4", **GOBLINS, **(units or {})}
    state = position(options, units=pieces, barrels=BARRELS, rng=seed_for_dice(die), **extra)
    move(state, "axeman", "c4")
    assert state.phase == ATTACK
    return state


def test_attack_modifier_counts_other_friends_next_to_the_target() -> None:
    """+1 for every OTHER friendly unit orthogonally adjacent to the target; the attacker does not count."""
    assert odds(ready(), "c3")["modifier"] == 0
    assert odds(ready(units={"scout": "b3"}), "c3")["modifier"] == 1
    assert odds(ready(units={"scout": "b3", "shieldbearer": "d3"}), "c3")["modifier"] == 2


def test_attack_modifier_ignores_diagonal_friends() -> None:
    """Diagonals do not count as adjacent, for support either."""
    assert odds(ready(units={"scout": "b4"}), "c3")["modifier"] == 0


def test_attack_modifier_attacker_on_a_hill() -> None:
    """+1 when the attacker stands on a hill (a hill under the target does nothing)."""
    assert odds(ready(terrain={"c4": "hill"}), "c3")["modifier"] == 1
    assert odds(ready(terrain={"c3": "hill"}), "c3")["modifier"] == 0


def test_attack_modifier_target_on_a_tree() -> None:
    """-1 when the target stands on a tree (a tree under the attacker does nothing)."""
    assert odds(ready(terrain={"c3": "tree"}), "c3")["modifier"] == -1
    assert odds(ready(terrain={"c4": "tree"}), "c3")["modifier"] == 0


def test_attack_modifiers_add_up() -> None:
    """Support, hill and tree combine: +1 +1 -1."""
    assert odds(ready(units={"scout": "b3"}, terrain={"c4": "hill", "c3": "tree"}), "c3")["modifier"] == 1


def test_barrels_give_goblins_no_support() -> None:
    """Reading: barrels are not units, so a barrel next to the target adds nothing to a Goblin attack."""
    state = position(
        units={"axeman": "c4", "spearman": "c3", "brute": "f6", "warrior": "e1"},
        barrels=["b4", "a1"], side_to_act="goblins",
    )
    move(state, "spearman", "c3")
    assert odds(state, "c4")["modifier"] == 0


def test_exact_hit_only_when_result_equals_armor() -> None:
    """Rulebook: a hit only when die + modifier equals the armor (Brute armor 5: a 5 hits, a 6 does not)."""
    hit = ready(die=5)
    attack(hit, "c3")
    assert hit.pos[UNIT["brute"]] == OUT and hit.occ[sq("c3")] == -1
    assert hit.last_attack is not None and hit.last_attack[6] is True
    miss = ready(die=6)
    attack(miss, "c3")
    assert miss.pos[UNIT["brute"]] == sq("c3")
    assert miss.last_attack is not None and miss.last_attack[6] is False


def test_exact_hit_uses_the_modified_result() -> None:
    """With +1 support the Brute (armor 5) is hit by a 4, not by a 5."""
    four = ready(die=4, units={"scout": "b3"})
    attack(four, "c3")
    assert four.pos[UNIT["brute"]] == OUT
    five = ready(die=5, units={"scout": "b3"})
    attack(five, "c3")
    assert five.pos[UNIT["brute"]] == sq("c3")


def test_at_least_option_hits_on_result_at_least_armor() -> None:
    """House rule hit_rule="at_least": a 6 against armor 5 hits, a 4 misses."""
    six = ready(die=6, options={"hit_rule": "at_least"})
    attack(six, "c3")
    assert six.pos[UNIT["brute"]] == OUT
    four = ready(die=4, options={"hit_rule": "at_least"})
    attack(four, "c3")
    assert four.pos[UNIT["brute"]] == sq("c3")
    assert odds(ready(options={"hit_rule": "at_least"}), "c3")["faces"] == 2


def test_exact_rule_makes_low_armor_unhittable_with_big_bonus() -> None:
    """Exact hits: +3 against armor 3 needs a 0, so the label says no hit is possible before the roll."""
    state = position(
        units={"axeman": "c4", "warrior": "c3", "scout": "b3", "shieldbearer": "d3", "brute": "f6", "spearman": "e1"},
        barrels=BARRELS, terrain={"c4": "hill"},
    )
    move(state, "axeman", "c4")
    info = odds(state, "c3")
    assert info["modifier"] == 3 and info["faces"] == 0
    assert "cannot hit" in state.describe_action(A.ATTACK + sq("c3")).label("en")


def test_attack_label_shows_the_odds_before_the_roll() -> None:
    """The attack action's label names the target and the roll that hits, in English and German."""
    action = ready(units={"scout": "b3"}).describe_action(A.ATTACK + sq("c3"))
    assert action.label("en") == "attack Goblin Brute at c3 — hit on 4 (1/6)"
    assert action.label("de") == "Goblin-Rohling auf c3 angreifen — Treffer bei 4 (1/6)"
    at_least = ready(options={"hit_rule": "at_least"}).describe_action(A.ATTACK + sq("c3"))
    assert at_least.label("en") == "attack Goblin Brute at c3 — hit on 5+ (2/6)"


def test_attack_may_be_declined() -> None:
    """Attacking is optional: 'no attack' ends the turn without rolling."""
    state = ready()
    before = state.rng.state
    state.apply(A.NO_ATTACK)
    assert state.rng.state == before and state.side == 1 and state.pos[UNIT["brute"]] == sq("c3")


def test_only_orthogonal_neighbours_can_be_attacked() -> None:
    """Diagonal enemies are not targets."""
    state = ready(units={"spearman": "d5"})  # d5 is diagonal to c4
    assert A.ATTACK + sq("d5") not in state.legal_action_ids()
    assert state.legal_action_ids() == (A.NO_ATTACK, A.ATTACK + sq("c3"))


def test_dwarves_may_attack_barrels_and_destroy_them() -> None:
    """Dwarves may attack a barrel next to them; a hit destroys it."""
    state = position(units={"axeman": "a2", **GOBLINS}, barrels=BARRELS, rng=seed_for_dice(4))
    move(state, "axeman", "a2")
    assert A.ATTACK + sq("a1") in state.legal_action_ids()
    attack(state, "a1")
    assert state.barrels[0] == OUT and state.occ[sq("a1")] == -1


def test_goblins_cannot_attack_barrels() -> None:
    """Goblins attack only Dwarves: next to a barrel alone they get no attack."""
    state = position(
        units={"axeman": "f6", "spearman": "a2", "brute": "e1", "warrior": "d1"}, barrels=BARRELS, side_to_act="goblins"
    )
    move(state, "spearman", "a2")
    assert state.phase not in (ATTACK,) and state.side == 0


def test_one_attack_then_the_turn_passes() -> None:
    """After one attack (hit or miss) the other side plays."""
    state = ready(die=1)
    attack(state, "c3")
    assert state.side == 1 and state.phase not in (ATTACK,) and state.turn == 2


def test_knocked_out_goblin_triggers_reinforcement_after_a_hit() -> None:
    """A knocked-out Goblin is removed from the board and can come back at the start of the Goblin turn."""
    state = ready(die=5)
    attack(state, "c3")
    assert state.phase == REINFORCE


def test_the_outcome_everybody_saw_is_whether_the_attack_hit() -> None:
    """Both players see the attack's die: a search may split its tree by hit or miss (State.chance_outcome)."""
    for die, hit in ((5, True), (6, False)):
        state = ready(die=die)
        assert state.chance_outcome(A.move(UNIT["axeman"], sq("c4"))) is None  # a move resolves no chance
        attack(state, "c3")
        assert state.chance_outcome(A.ATTACK + sq("c3")) is hit
    declined = ready()
    declined.apply(A.NO_ATTACK)
    assert declined.chance_outcome(A.NO_ATTACK) is None
