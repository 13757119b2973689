"""GET /rules/{game}: each game's "How to play" as a page and as the dialog's fragment, in English and German."""

from __future__ import annotations

import re

import pytest
from fastapi.testclient import TestClient

from dwarfhall.core import load_game
from dwarfhall.core.rulebook import rulebook_of
from dwarfhall.server import learn

GAMES = ["duel", "alewar", "spring"]


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("game", GAMES)
def test_the_rules_page_renders_every_section_in_its_language(client: TestClient, game: str, lang: str) -> None:
    book = rulebook_of(load_game(game))
    assert book is not None
    res = client.get(f"/rules/{game}", params={"lang": lang})
    assert res.status_code == 200 and res.headers["content-type"].startswith("text/html")
    page = res.text
    assert f'<html lang="{lang}">' in page and f'href="/games/{game}/web.css"' in page
    other = "de" if lang == "en" else "en"
    for section in book.for_outlet("page"):
        assert f'id="rules-{section.key}"' in page
        assert section.title[lang] in page
        # no sentence of the other language slipped in (every paragraph differs between the languages)
        for paragraph in section.paragraphs(other):
            first_words = " ".join(paragraph.split()[:6])
            assert first_words not in page, (section.key, first_words)
    assert len(re.findall(r'<div class="rules-pictures">', page)) >= 1


def test_the_fragment_is_the_dialog_part_only(client: TestClient) -> None:
    res = client.get("/rules/duel", params={"lang": "de", "fragment": "true"})
    assert res.status_code == 200
    assert res.text.startswith('<article class="rules" lang="de">') and "<html" not in res.text
    assert "Mit Würfeln bezahlen" in res.text and 'class="dcard' in res.text


def test_an_unknown_game_has_no_rules_page(client: TestClient) -> None:
    assert client.get("/rules/chess").status_code == 404


def test_a_language_other_than_english_or_german_is_refused(client: TestClient) -> None:
    assert client.get("/rules/duel", params={"lang": "fr"}).status_code == 422


def test_every_page_offers_the_how_to_play_dialog(client: TestClient) -> None:
    for path in ("/", "/me", "/game/abc"):
        assert '<script src="/static/learn.js"></script>' in client.get(path).text
    script = client.get("/static/learn.js").text
    assert "how_to_play" in script and "fragment=true" in script


def test_the_tutorials_are_listed_per_game_with_titles_in_both_languages(client: TestClient) -> None:
    listed = {g["game"]: g for g in client.get("/api/tutorials").json()["games"]}
    assert set(GAMES) <= set(listed)
    for game in GAMES:
        entries = listed[game]["tutorials"]
        assert entries, game
        for entry in entries:
            assert entry["title"]["en"] and entry["title"]["de"] and entry["title"]["en"] != entry["title"]["de"]
            assert entry["steps"] >= 5 and entry["summary"]["de"]
    assert [t["key"] for t in listed["spring"]["tutorials"]] == ["1-found", "2-dragons"]


def test_a_tutorial_step_shows_the_learner_view_and_the_taught_move(client: TestClient) -> None:
    first = client.get("/api/tutorials/duel/basics/steps/0", params={"lang": "de"}).json()
    assert first["total"] == 5 and not first["over"] and not first["scripted"]
    assert first["say"].startswith("Du hast 1, 3, 3 und eine Axt geworfen")
    assert first["taught"] in [m["id"] for m in first["moves"]] and f'data-action="{first["taught"]}' in first["html"]
    assert 'data-card="support_reroll"' not in first["html"]  # the opponent's hand stays hidden
    twist = client.get("/api/tutorials/duel/basics/steps/4").json()
    assert twist["taught"] is not None and "Throwing Axe" in twist["taught_label"]  # in the opponent's turn
    end = client.get("/api/tutorials/duel/basics/steps/5").json()
    assert end["over"] and end["taught"] is None and "you win the duel" in end["say"]
    scripted = client.get("/api/tutorials/alewar/basics/steps/2").json()
    assert scripted["scripted"] and scripted["taught"] is None and scripted["moves"] == []


def test_an_unknown_tutorial_or_step_is_not_found(client: TestClient) -> None:
    assert client.get("/api/tutorials/duel/nope/steps/0").status_code == 404
    assert client.get("/api/tutorials/chess/basics/steps/0").status_code == 404
    assert client.get("/api/tutorials/duel/basics/steps/6").status_code == 404
    assert client.get("/learn/duel/basics").status_code == 200
    assert client.get("/learn/duel/nope").status_code == 404


def test_after_a_lesson_the_learner_plays_on_against_the_easy_bot(client: TestClient) -> None:
    url = "/api/tutorials/alewar/basics/play"
    start = client.post(url, json={"moves": []}).json()
    assert not start["over"] and start["moves"]
    assert [e["seat"] for e in start["log"]] and all(e["seat"] == 1 for e in start["log"])  # the bot answered
    moves: list[int] = []
    view = start
    for _ in range(40):
        if view["over"]:
            break
        moves.append(view["moves"][0]["id"])
        view = client.post(url, json={"moves": moves, "lang": "de"}).json()
        assert view["played"] == len(moves)
    learn._played_on.clear()  # replayed from the lesson's end, not continued from a kept position
    again = client.post(url, json={"moves": moves, "lang": "de"}).json()
    assert again["html"] == view["html"] and again["log"] == view["log"]  # the bot answers the same every time
    assert client.post(url, json={"moves": [*moves, 10**6]}).status_code == 409


def test_a_lesson_that_ends_the_game_has_nothing_to_play_on(client: TestClient) -> None:
    assert client.post("/api/tutorials/duel/basics/play", json={"moves": []}).status_code == 409
