"""The cards file on the kit's loader: values sourced one by one, shape errors naming file, card and value."""

from __future__ import annotations

import os
import tomllib
from pathlib import Path
from typing import Any

import pytest

from dwarfhall.core import DataError
from dwarfhall.games.duel.components import DEFAULT_CARDS, load_cards, parse_cards


def _raw() -> dict[str, Any]:
    with open(DEFAULT_CARDS, "rb") as fh:
        return tomllib.load(fh)


def test_each_mechanical_value_names_its_source() -> None:
    """A card whose type the rulebook states and the rest is reconstructed says so value by value."""
    cards = load_cards()
    twos = cards.by_key("ally_twos")
    assert twos.source_of("type") == "rulebook"
    assert twos.source_of("cost") == "reconstructed"
    assert twos.stated == frozenset({"type"}) and twos.is_reconstructed
    ones = cards.by_key("ally_ones")
    assert ones.source == "rulebook" and not ones.is_reconstructed
    assert ones.faces["good"].source == "rulebook"


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda c: c[0].update(cost={"single": 7}), "cards.toml: card 'ally_ones': cost: single: 7 is outside 1..5"),
        (lambda c: c[1].update(stated=["type"]), "cards.toml: card 'ally_twos': unknown key(s) stated"),
        (lambda c: c[1].update(sources={"colour": "rulebook"}), "card 'ally_twos': sources: unknown key 'colour'"),
        (lambda c: c[2]["good"]["name"].pop("de"), "card 'ally_threes': good: name: missing de"),
        (lambda c: c[3].update(copies=0), "card 'ally_fours': copies: must be at least 1, not 0"),
        (lambda c: c[3].update(ability="fly"), "card 'ally_fours': ability: must be one of none, damage"),
        (lambda c: c[0].update(vp=2), "card 'ally_ones': victory points belong to, and only to"),
    ],
)
def test_a_broken_card_is_named(change: Any, message: str) -> None:
    raw = _raw()
    change(raw["card"])
    with pytest.raises(DataError) as caught:
        parse_cards(raw, "cards.toml")
    assert message in str(caught.value)


def test_a_game_reads_its_corrected_data_file_again_once_it_changed(tmp_path: Path) -> None:
    cards = tmp_path / "cards.toml"
    cards.write_text(DEFAULT_CARDS.read_text(encoding="utf-8"), encoding="utf-8")
    first = load_cards(cards)
    assert load_cards(cards) is first  # unchanged: the cached set
    os.utime(cards, ns=(10**18, 10**18))
    assert load_cards(cards) is not first and load_cards(cards) == first
