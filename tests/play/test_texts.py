"""Every text the front end uses exists in English and German."""

from __future__ import annotations

import re
from pathlib import Path

from dwarfhall.play.texts import catalog

PLAY = Path(__file__).resolve().parents[2] / "src" / "dwarfhall" / "play"


def test_every_used_key_is_in_the_catalog_in_both_languages() -> None:
    messages = catalog().messages  # Catalog.load already refuses an entry without en or de
    # keys written out in calls such as self.t("saved", ...) or t('you'), plus those built from names
    used = {f"cmd_{name}" for name in ("help", "board", "moves", "save", "quit")} | {"fallback_random"}
    for path in PLAY.glob("*.py"):
        used |= set(re.findall(r"\bt\(\s*[\"']([a-z_]+)[\"']\s*[,)]", path.read_text()))
    assert used, "the pattern found no keys"
    assert sorted(used - set(messages)) == []
    for key, text in messages.items():
        fields_en = set(re.findall(r"\{(\w+)", text["en"]))
        assert fields_en == set(re.findall(r"\{(\w+)", text["de"])), key
