"""The table's page scripts (choose.js: things and groups; help.js: help popups) say every word in English and
German, and the game page loads them."""

from __future__ import annotations

import re
from importlib import resources

import pytest
from fastapi.testclient import TestClient

WEB = resources.files("dwarfhall") / "web"


@pytest.mark.parametrize("script", ["choose.js", "help.js"])
def test_the_scripts_texts_exist_in_english_and_german(script: str) -> None:
    source = (WEB / script).read_text(encoding="utf-8")
    blocks = dict(re.findall(r"Object\.assign\(TEXTS\.(en|de), \{(.*?)\}\);", source, re.S))
    keys = {lang: set(re.findall(r"(\w+): \"", body)) for lang, body in blocks.items()}
    assert keys["en"] and keys["en"] == keys["de"]
    used = set(re.findall(r"\bt\(\"(\w+)\"\)", source))
    known = "".join((WEB / name).read_text(encoding="utf-8") for name in ("common.js", "learn.js", script))
    missing = [key for key in used if f"{key}:" not in known]
    assert used and not missing


def test_the_game_page_loads_the_table_scripts_after_the_game_script(client: TestClient) -> None:
    page = client.get("/game/anything").text
    assert page.index("/static/game.js") < page.index("/static/choose.js") < page.index("/static/help.js")
    assert page.index("/static/learn.js") < page.index("/static/help.js")  # the rules link opens learn.js's dialog
