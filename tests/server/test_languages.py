"""The server speaks every known language, a language pack's too, and refuses a language it does not know."""

from __future__ import annotations

from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from .helpers import create

TWO_PEOPLE = [{"kind": "person"}, {"kind": "person"}]


def test_an_unknown_language_is_refused(client: TestClient) -> None:
    res = client.post("/api/games", json={"game": "duel", "seats": TWO_PEOPLE, "lang": "xx"})
    assert res.status_code == 422
    assert client.get("/api/catalog", params={"lang": "xx"}).status_code == 422


def test_a_pack_language_is_served_with_the_packs_words(
    client: TestClient, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    pack = tmp_path / "xx"
    (pack / "games" / "duel").mkdir(parents=True)
    (pack / "language.toml").write_text('name = "Testish"\n', encoding="utf-8")
    (pack / "games" / "duel" / "messages.toml").write_text('web_pile = "Xx-pile"\n', encoding="utf-8")
    monkeypatch.setenv("DWARFHALL_LANGUAGES", str(tmp_path))
    game = create(client, "duel", TWO_PEOPLE, lang="xx", options={"first_player": "0"})
    res = client.get(f"/api/games/{game['id']}/view", params={"lang": "xx"}, headers={"X-Seat-Token": game["token"]})
    assert res.status_code == 200, res.text
    assert "Xx-pile" in res.json()["html"]
    assert client.get("/api/catalog", params={"lang": "xx"}).status_code == 200
