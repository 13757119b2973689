"""A language beyond English and German is a language pack, files only: every game renders in it, with its texts
where the pack has them and English where it has none (the catalogs fall back; no view names a language).

The pack is made up for the test ("xx", "Testish") and registered as a real one is: a folder named in
DWARFHALL_LANGUAGES holding `xx/language.toml` and, per translated catalog, a file at the catalog's path.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from dwarfhall.core import DataError, Rng
from dwarfhall.core.i18n import check_language, language_name, languages
from dwarfhall.core.messages import Catalog
from dwarfhall.core.registry import load_game
from dwarfhall.core.statistics import Statistic
from dwarfhall.play.console import ScriptConsole
from dwarfhall.play.session import Session, Settings
from dwarfhall.play.texts import Texts

LANG = "xx"
PACK = {
    "language.toml": 'name = "Testish"\n',
    "core/messages.toml": 'seat_name = "Sitz-xx {seat}"\naim_at_least = "xx-min {value}"\n',
    "games/duel/messages.toml": (
        'player = "Spielxx {n}"\nphase_draw = "xx-draw"\nweb_pile = "Xx-pile"\ntyped_command_card = "kaart"\n'
    ),
    "games/spring/messages.toml": 'web_era = "Xx-era"\n',
    "play/messages.toml": 'player = "Xxplayer {n}"\n',
}


@pytest.fixture
def pack(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    for relative, text in PACK.items():
        path = tmp_path / LANG / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    monkeypatch.setenv("DWARFHALL_LANGUAGES", str(tmp_path))
    return tmp_path


def random_states(name: str, seed: int, every: int, options: dict[str, object] | None = None) -> list[object]:
    game = load_game(name, options)
    state = game.new_state(seed)
    rng = Rng(seed)
    found = []
    while not state.is_terminal and len(state.history) < 300:
        if len(state.history) % every == 0:
            found.append(state.clone())
        state.apply(rng.choice(state.legal_action_ids()))
    found.append(state)
    return found


def test_a_pack_adds_a_language(pack: Path) -> None:
    assert LANG in languages()
    assert check_language(LANG) == LANG
    assert language_name(LANG) == "Testish"
    assert language_name("de") == "Deutsch"


def test_without_the_pack_the_language_is_unknown() -> None:
    assert LANG not in languages()
    with pytest.raises(Exception, match="unknown language"):
        check_language(LANG)


def test_the_core_speaks_the_pack_and_falls_back_to_english(pack: Path) -> None:
    spring = load_game("spring", {"players": 3})
    assert spring.seat_name(2, LANG) == "Sitz-xx 2"
    assert Statistic("s", {"en": "s"}, aim=(0.2, None), share=True).aim_text(LANG) == "xx-min 20 %"
    assert Statistic("s", {"en": "s"}, aim=(None, 3)).aim_text(LANG) == "at most 3"  # not in the pack


@pytest.mark.parametrize("name", ["duel", "alewar", "spring"])
def test_every_game_renders_in_the_language_with_english_where_the_pack_is_silent(pack: Path, name: str) -> None:
    game = load_game(name)
    text, web = game.text_view(), game.web_view()
    translated_somewhere = False
    for state in random_states(name, 3, 9):
        for who in (None, 0):
            obs = state.observation(who)
            actions = state.legal_actions() if who == state.current_player else []
            screen, english = text.render(obs, LANG, False), text.render(obs, "en", False)
            page, english_page = web.render(obs, actions, LANG), web.render(obs, actions, "en")
            if name == "alewar":  # the pack has nothing for it: English throughout
                assert (screen, page) == (english, english_page)
            translated_somewhere |= screen != english or page != english_page
            for action in actions:
                assert action.label(LANG) == action.label("en")  # no label is in the pack
    assert translated_somewhere == (name != "alewar")


def test_the_duel_shows_the_packs_words(pack: Path) -> None:
    game = load_game("duel")
    obs = game.new_state(1).observation(0)
    screen = game.text_view().render(obs, LANG, False)
    assert "Spielxx 0" in screen and "Spielxx 1" in screen
    assert "Xx-pile" in game.web_view().render(obs, [], LANG)
    assert "Player 0" not in screen


def test_a_pack_names_a_command_in_its_language(pack: Path) -> None:
    view = load_game("duel").text_view()
    commands = view.commands()
    assert commands["kaart"] == commands["card"]  # the command's own help
    assert "karte" in commands and "card" in commands  # the other languages' words still work
    obs = load_game("duel").new_state(1).observation(0)
    assert view.run_command("kaart", "king", obs, LANG, False) == view.run_command("card", "king", obs, LANG, False)


def test_the_front_end_speaks_the_pack(pack: Path) -> None:
    texts = Texts(LANG)
    assert texts("player", n=1) == "Xxplayer 1"
    assert texts("you") == "you"


def test_a_pack_may_not_invent_keys_or_break_placeholders(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    catalog_file = tmp_path / "messages.toml"
    catalog_file.write_text('[hello]\nen = "Hello {name}"\nde = "Hallo {name}"\n', encoding="utf-8")
    packs = tmp_path / "packs"
    (packs / "yy").mkdir(parents=True)
    (packs / "yy" / "language.toml").write_text('name = "Y"\n', encoding="utf-8")
    (packs / "yy" / catalog_file.relative_to("/")).parent.mkdir(parents=True, exist_ok=True)
    monkeypatch.setenv("DWARFHALL_LANGUAGES", str(packs))
    translated = packs / "yy" / catalog_file.relative_to("/")
    translated.write_text('hello = "Yello {name}"\n', encoding="utf-8")
    assert Catalog.load(catalog_file).render("hello", "yy", name="a") == "Yello a"
    translated.write_text('goodbye = "Bye"\n', encoding="utf-8")
    with pytest.raises(DataError, match="not a key of the catalog"):
        Catalog.load(catalog_file).render("hello", "yy", name="a")
    translated.write_text('hello = "Yello {name"\n', encoding="utf-8")
    with pytest.raises(DataError, match="brace"):
        Catalog.load(catalog_file).render("hello", "yy", name="a")


@pytest.mark.parametrize("name", ["duel", "alewar", "spring"])
def test_a_terminal_game_runs_in_the_language(pack: Path, tmp_path: Path, name: str) -> None:
    game = load_game(name)
    state = game.new_state(4)
    seats = ["human"] + ["random"] * (state.num_players - 1)
    console = ScriptConsole(["1", "board", "quit", "n"], width=100)
    Session(state, Settings("vs", seats, lang=LANG, save_dir=tmp_path), console).run()
    assert "Xxplayer" in console.text  # the front end's words from the pack
    if name == "duel":
        assert "Spielxx" in console.text  # the game's words from the pack


def test_a_catalog_follows_the_packs_found(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    catalog_file = tmp_path / "messages.toml"
    catalog_file.write_text(
        '[hello]\nen = "Hello"\nde = "Hallo"\n\n[yes]\nen = "yes, y"\nde = "ja"\n', encoding="utf-8"
    )
    catalog = Catalog.load(catalog_file)
    assert catalog.render("hello", "yy") == "Hello"  # no pack yet: English
    for text, folder in (("Yello", "one"), ("Yallo", "two")):
        pack = tmp_path / folder / "yy"
        translated = pack / catalog_file.relative_to("/")
        translated.parent.mkdir(parents=True)
        (pack / "language.toml").write_text('name = "Y"\n', encoding="utf-8")
        translated.write_text(f'hello = "{text}"\nyes = "{text.lower()}"\n', encoding="utf-8")
        monkeypatch.setenv("DWARFHALL_LANGUAGES", str(tmp_path / folder))
        assert catalog.render("hello", "yy") == text
        assert catalog.word_list("yes") == {"yes", "y", "ja", text.lower()}
    monkeypatch.delenv("DWARFHALL_LANGUAGES")
    assert catalog.render("hello", "yy") == "Hello"
    assert catalog.word_list("yes") == {"yes", "y", "ja"}
