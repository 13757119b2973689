"""The game log tells every move in the third person, for all players to read: no move's log line speaks to its
reader ("your", "dein"), and the notes of what a move brought about never meet as ".;"."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

from dwarfhall.core import LANGUAGES, Action, Message, Name, Rng, State, load_game
from dwarfhall.core.messages import LOG_FORM, log_form

SECOND_PERSON = {
    "en": re.compile(r"\b(you|your|yours)\b", re.IGNORECASE),
    "de": re.compile(r"\b(du|dein|deine|deinen|deinem|deiner|deines|dich|dir)\b", re.IGNORECASE),
}
TABLES = [("duel", {}, 6), ("alewar", {"turn_limit": 40}, 6), ("spring", {"players": 3}, 2)]


def _unnamed(message: Message) -> Message:
    """The message with every name of a card or unit as "N": names are the game's own ("Catch Your Breath")."""
    fields = {
        k: _unnamed(v) if isinstance(v, Message) else "N" if isinstance(v, Name) else v
        for k, v in message.fields.items()
    }
    return Message(message.key, fields)


Move = tuple[State, Action, dict[str, str]]


def _random_game(name: str, options: dict[str, object], seed: int) -> Iterator[Move]:
    """The moves of a game played at random (by `seed`): the state (after the move), the move as described before
    it was made, and the log's note of what it brought about in each language."""
    state = load_game(name, options).new_state(seed)
    view = state.game.web_view()
    rng = Rng(seed)
    while not state.is_terminal:
        legal = state.legal_action_ids()
        action = state.describe_action(legal[rng.next_u64() % len(legal)])
        before = state.observation(None)
        state.apply(action.id)
        after = state.observation(None)
        yield state, action, {lang: view.outcome(before, after, lang) for lang in LANGUAGES}


def _keys(message: Message) -> list[str]:
    nested = [k for v in message.fields.values() if isinstance(v, Message) for k in _keys(v)]
    return [message.key, *nested]


@pytest.mark.parametrize(("name", "options", "games"), TABLES)
def test_log_lines_are_in_the_third_person_in_english_and_german(
    name: str, options: dict[str, object], games: int
) -> None:
    checked = 0
    for seed in range(1, games + 1):
        for _, action, notes in _random_game(name, options, seed):
            assert isinstance(action.text, Message) and action.catalog is not None
            top = action.text.key
            # every move's own message has a log form (fragments such as a payment or a place are left alone)
            assert top + LOG_FORM in action.catalog, f"{name}: no log form for {top!r}"
            for lang, pattern in SECOND_PERSON.items():
                line = action.log_label(lang)
                words = action.catalog.render(log_form(_unnamed(action.text), action.catalog), lang)
                assert not pattern.search(words), f"{name} {lang}: {line!r} ({_keys(action.text)})"
                note = notes[lang]
                assert ".;" not in note and ".;" not in line, f"{name} {lang}: {note!r}"
            checked += 1
    assert checked > 100


def test_spring_names_a_quest_once_per_log_line() -> None:
    """The label says which quest; the note says what it scored, not the quest again."""
    for seed in range(1, 4):
        for _, action, notes in _random_game("spring", {"players": 2}, seed):
            if action.payload.get("move") == "quest":
                quest = action.text.fields["quest"]  # type: ignore[union-attr]
                line = f"{action.log_label('en')} — {notes['en']}"
                assert line.count(str(quest)) == 1, line
                return
    pytest.fail("no quest taken in three random games")


def test_ale_war_tells_the_roll_off_once_with_every_pair() -> None:
    """Sides by a roll-off, ties rolled again (the rulebook's set-up): the log says it once, all pairs in it."""
    for seed in range(1, 40):
        moves = list(_random_game("alewar", {"terrain_pick": "choose", "turn_limit": 3}, seed))
        told = [notes["en"] for _, _, notes in moves if "Roll-off" in notes["en"]]
        pairs = moves[-1][0].roll_off  # type: ignore[attr-defined]
        assert len(told) == 1 and told[0].split("Roll-off")[1].count("rolled") == 2 * len(pairs)
        if len(pairs) > 1:
            return  # a tie rolled again was told with its first pair too
    pytest.fail("no tied roll-off in 39 games")
