"""The game log tells every move in the third person, for all players to read: no move's log line speaks to its
reader ("your", "dein"), and the notes of what a move brought about never meet as ".;"."""

from __future__ import annotations

import re

import pytest

from dwarfhall.core import Message, Name, Rng, load_game
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


def _keys(message: Message) -> list[str]:
    nested = [k for v in message.fields.values() if isinstance(v, Message) for k in _keys(v)]
    return [message.key, *nested]


@pytest.mark.parametrize(("name", "options", "games"), TABLES)
def test_log_lines_are_in_the_third_person_in_english_and_german(
    name: str, options: dict[str, object], games: int
) -> None:
    checked = 0
    for seed in range(1, games + 1):
        state = load_game(name, options).new_state(seed)
        view = state.game.web_view()
        rng = Rng(seed)
        while not state.is_terminal:
            legal = state.legal_action_ids()
            action = state.describe_action(legal[rng.next_u64() % len(legal)])
            before = state.observation(None)
            state.apply(action.id)
            after = state.observation(None)
            assert isinstance(action.text, Message) and action.catalog is not None
            top = action.text.key
            # every move's own message has a log form (fragments such as a payment or a place are left alone)
            assert top + LOG_FORM in action.catalog, f"{name}: no log form for {top!r}"
            for lang, pattern in SECOND_PERSON.items():
                line = action.log_label(lang)
                words = action.catalog.render(log_form(_unnamed(action.text), action.catalog), lang)
                assert not pattern.search(words), f"{name} {lang}: {line!r} ({_keys(action.text)})"
                note = view.outcome(before, after, lang)
                assert ".;" not in note and ".;" not in line, f"{name} {lang}: {note!r}"
            checked += 1
    assert checked > 100


def test_spring_names_a_quest_once_per_log_line() -> None:
    """The label says which quest; the note says what it scored, not the quest again."""
    for seed in range(1, 4):
        state = load_game("spring", {"players": 2}).new_state(seed)
        view = state.game.web_view()
        rng = Rng(seed)
        while not state.is_terminal:
            legal = state.legal_action_ids()
            action = state.describe_action(legal[rng.next_u64() % len(legal)])
            before = state.observation(None)
            state.apply(action.id)
            if action.payload.get("move") == "quest":
                quest = action.text.fields["quest"]  # type: ignore[union-attr]
                line = f"{action.log_label('en')} — {view.outcome(before, state.observation(None), 'en')}"
                assert line.count(str(quest)) == 1, line
                return
    pytest.fail("no quest taken in three random games")


def test_ale_war_tells_the_roll_off_once_with_every_pair() -> None:
    """Sides by a roll-off, ties rolled again (the rulebook's set-up): the log says it once, all pairs in it."""
    for seed in range(1, 40):
        state = load_game("alewar", {"terrain_pick": "choose", "turn_limit": 3}).new_state(seed)
        view = state.game.web_view()
        rng = Rng(seed)
        notes: list[str] = []
        while not state.is_terminal:
            legal = state.legal_action_ids()
            before = state.observation(None)
            state.apply(legal[rng.next_u64() % len(legal)])
            notes.append(view.outcome(before, state.observation(None), "en"))
        told = [note for note in notes if "Roll-off" in note]
        pairs = state.roll_off  # type: ignore[attr-defined]
        assert len(told) == 1 and told[0].split("Roll-off")[1].count("rolled") == 2 * len(pairs)
        if len(pairs) > 1:
            return  # a tie rolled again was told with its first pair too
    pytest.fail("no tied roll-off in 39 games")
