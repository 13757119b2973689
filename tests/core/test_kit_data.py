"""The kit's data-file loader, schema blocks, scenario field readers, seat options and rule binding."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar, Literal

import pytest

from dwarfhall.core import DataError, InvalidOptions, Rules, ScenarioError, SeatOptions, Sourced, State
from dwarfhall.core.data import entry_label, load_data, name_of, sources_of, text_of
from dwarfhall.core.datafile import file_stamps
from dwarfhall.core.fields import at, flag, index_of, items, key_of, keys_of, known_fields, one_of, seat, table, whole
from dwarfhall.core.schema import KEY, NAME, POSITIVE, TEXT, check_shape, entries, entry, file_schema, integer

UNITS = file_schema(
    "test-units/1",
    {"unit": entries(entry({"key": KEY, "name": NAME, "text": TEXT, "armor": integer(1, 6), "copies": POSITIVE}))},
)


def _unit(**change: Any) -> dict[str, Any]:
    unit: dict[str, Any] = {
        "key": "axeman",
        "name": {"en": "Axeman", "de": "Axtkämpfer", "de_acc": "Axtkämpfer"},
        "text": {"en": "Hits hard.", "de": "Schlägt hart zu."},
        "armor": 4,
        "copies": 2,
        "source": "reconstructed",
        "sources": {"name": "rulebook"},
    }
    unit.update(change)
    return unit


def test_schema_accepts_a_good_file() -> None:
    check_shape({"format": "test-units/1", "unit": [_unit()]}, UNITS, "units.toml")


@pytest.mark.parametrize(
    ("unit", "message"),
    [
        (_unit(armor=9), "units.toml: unit 'axeman': armor: 9 is outside 1..6"),
        (_unit(name={"en": "Axeman"}), "units.toml: unit 'axeman': name: missing de"),
        (_unit(name={"en": "A", "de": "B", "de_abl": "C"}), "units.toml: unit 'axeman': name: unknown key 'de_abl'"),
        (_unit(source="guess"), "units.toml: unit 'axeman': source: must be one of rulebook, reconstructed"),
        (_unit(sources={"colour": "rulebook"}), "units.toml: unit 'axeman': sources: unknown key 'colour'"),
        (_unit(hp=3), "units.toml: unit 'axeman': unknown key(s) hp; allowed:"),
        ({k: v for k, v in _unit().items() if k != "key"}, "units.toml: unit #1: missing key"),
    ],
)
def test_schema_errors_name_file_entry_and_value(unit: dict[str, Any], message: str) -> None:
    with pytest.raises(DataError) as caught:
        check_shape({"unit": [unit]}, UNITS, "units.toml")
    assert str(caught.value).startswith(message)


def test_load_data_reads_and_checks(tmp_path: Path) -> None:
    path = tmp_path / "units.toml"
    path.write_text('format = "test-units/1"\n[[unit]]\nkey = "x"\n', encoding="utf-8")
    with pytest.raises(DataError, match=r"units\.toml: unit 'x': missing armor"):
        load_data(path, "units file", UNITS)
    with pytest.raises(DataError, match="cannot read units file"):
        load_data(tmp_path / "none.toml", "units file", UNITS)


@dataclass(frozen=True, slots=True)
class _Unit(Sourced):
    key: str
    sources: Any


def test_sources_per_value_and_the_sourced_type() -> None:
    """A `source` covers every value; `sources` overrides it value by value; ids take no source."""
    sources = sources_of(_unit())
    assert dict(sources) == {
        "name": "rulebook",
        "text": "reconstructed",
        "armor": "reconstructed",
        "copies": "reconstructed",
    }
    unit = _Unit("axeman", sources)
    assert unit.reconstructed
    assert unit.source_of("name") == "rulebook"
    assert unit.rulebook_values() == frozenset({"name"})
    assert not _Unit("x", sources_of(_unit(source="rulebook", sources={}))).reconstructed
    with pytest.raises(DataError, match="sources names 'colour'"):
        sources_of(_unit(sources={"colour": "rulebook"}))


def test_names_keep_their_case_forms_and_texts_both_languages() -> None:
    name = name_of({"en": "Dwarves", "de": "Zwerge", "de_dat": "Zwergen"})
    assert (name.form("de", "dat"), name.form("de", "acc"), name.form("en")) == ("Zwergen", "Zwerge", "Dwarves")
    assert text_of({"en": "a", "de": "b"})["de"] == "b"
    with pytest.raises(DataError, match="flavour: expected a table"):
        text_of({"en": "a"}, "flavour")
    assert entry_label("card", {"key": "ally"}, 0) == "card 'ally'"
    assert entry_label("card", {}, 2) == "card #3"


# -- scenario field readers -----------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("read", "message"),
    [
        (lambda: whole("3", "turn"), "turn: must be a whole number, not '3'"),
        (lambda: whole(True, "turn"), "turn: must be a whole number, not True"),
        (lambda: whole(4, "players[0].wild_cards", 0, 3), "players[0].wild_cards: 4 is outside 0..3"),
        (lambda: flag(1, "used"), "used: must be true or false, not 1"),
        (lambda: one_of("lunch", "phase", ("draw", "card")), "phase: must be one of draw, card, not 'lunch'"),
        (lambda: one_of(True, "active", (0, 1)), "active: must be one of 0, 1, not True"),
        (lambda: seat(2, "active", 2), "active: 2 is outside 0..1"),
        (lambda: table([], "players[1]"), "players[1]: must be a table"),
        (lambda: items({}, "dice"), "dice: must be a list"),
        (lambda: items([1], "players", size=2), "players: must list 2 entries, not 1"),
        (lambda: known_fields({"hnad": 1}, {"hand"}, "players[0]"), "players[0]: unknown field(s) hnad; known: hand"),
        (lambda: key_of("foo", "hand[2]", {"ally": 0}, "card"), "hand[2]: unknown card 'foo'"),
        (lambda: keys_of(["ally", 3], "hand", {"ally": 0}, "card"), "hand[1]: a card key (text) is needed, not 3"),
    ],
)
def test_field_readers_name_the_field(read: Any, message: str) -> None:
    with pytest.raises(ScenarioError) as caught:
        read()
    assert str(caught.value) == message


def test_field_readers_return_the_values() -> None:
    assert whole(3, "x", 0, 3) == 3
    assert index_of("card", "phase", ("draw", "card")) == 1
    assert keys_of(["b", "a"], "hand", {"a": 0, "b": 1}, "card") == [1, 0]
    assert at("players", 1) == "players[1]"
    assert at("units", "axeman") == "units.axeman"
    known_fields({"hand": []}, {"hand", "pile"}, "p")


# -- seat options -----------------------------------------------------------------------------------------
@dataclass(frozen=True)
class _TwoSeats(SeatOptions):
    first_player: Literal["random", "0", "1"] | int = "random"


@dataclass(frozen=True)
class _ManySeats(SeatOptions):
    player_counts: ClassVar[range] = range(2, 5)
    players: int = 4
    first_player: str = "0"


def test_seat_options_read_and_check_players_and_first_player() -> None:
    assert _TwoSeats.from_dict({}).first_seat() is None
    assert _TwoSeats.from_dict({"first_player": 1}).first_seat() == 1
    assert _TwoSeats.from_dict({}).player_count == 2
    assert _ManySeats.from_dict({"players": "3", "first_player": "2"}).first_seat() == 2
    assert _ManySeats.from_dict({"players": 3}).player_count == 3
    with pytest.raises(InvalidOptions, match=r"option first_player: must be a seat 0\.\.1 or 'random', got 2"):
        _TwoSeats.from_dict({"first_player": 2})
    with pytest.raises(InvalidOptions, match=r"option players: must be 2, 3 or 4, got 5"):
        _ManySeats.from_dict({"players": 5})
    with pytest.raises(InvalidOptions, match=r"option first_player: must be a seat 0\.\.2 or 'random', got '3'"):
        _ManySeats.from_dict({"players": 3, "first_player": "3"})


# -- rule binding -------------------------------------------------------------------------------------------
def _legal(state: Any) -> list[int]:
    return [0, 1]


def _apply(state: Any, action_id: int) -> None:
    state.done = True


def test_rules_become_the_states_methods() -> None:
    """`rules=Rules(...)` sets the functions themselves on the class: no wrapper, no extra call."""

    class Bound(State[Any], rules=Rules(legal=_legal, apply=_apply, describe=print, returns=_legal)):  # type: ignore[arg-type]
        __slots__ = ()

        def _clone_body(self) -> Bound:
            return self

        def _to_json_body(self) -> dict[str, Any]:
            return {}

    assert Bound._legal_action_ids is _legal  # type: ignore[comparison-overlap]
    assert Bound._apply is _apply  # type: ignore[comparison-overlap]


def test_a_state_without_its_rules_is_refused_when_its_class_is_made() -> None:
    with pytest.raises(TypeError, match="Unbound lacks _legal_action_ids, _apply, _describe_action, returns"):

        class Unbound(State[Any]):
            __slots__ = ()


def test_file_stamps_change_when_a_data_file_changes_and_name_a_missing_one(tmp_path: Path) -> None:
    data = tmp_path / "cards.toml"
    data.write_text("a = 1\n", encoding="utf-8")
    before = file_stamps([data], "cards file")
    os.utime(data, ns=(before[0] + 10**9, before[0] + 10**9))
    assert file_stamps([data], "cards file") == (before[0] + 10**9,)
    with pytest.raises(DataError, match=r"cannot read cards file .*gone\.toml: no such file"):
        file_stamps([data, tmp_path / "gone.toml"], "cards file")

