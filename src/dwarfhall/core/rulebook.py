"""A game's "How to play": one source (the game's `rules.toml`) for the terminal, the rules page and its dialog.

The file holds `[[section]]` tables, each with a stable `key` (the page's anchor), a `title` and a body in every
language, optional `pictures` (slots the game's web view draws from its data, e.g. `"die:5"`) and optional
`outlets` (`["terminal"]` for text that only the terminal needs, such as how to type moves). A body has one
paragraph per line (a line ending in a backslash goes on in the next); a line starting with `- ` is a list item,
with `1. ` a numbered one; `` `code` `` marks what a player types.
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .data import texts_of
from .datafile import read_document
from .errors import DataError
from .i18n import LANGUAGES, pick

OUTLETS = ("terminal", "page")
KEY = re.compile(r"^[a-z][a-z0-9_-]*$")
LIST_ITEM = re.compile(r"^(- |\d+\. )")
CODE = re.compile(r"`([^`]+)`")
Picture = Callable[[str, str], str]
"""Draws a picture slot (`"die:5"`) in a language as an HTML fragment; "" when it cannot."""


@dataclass(frozen=True)
class Section:
    key: str
    title: Mapping[str, str]
    body: Mapping[str, str]
    pictures: tuple[str, ...]
    outlets: tuple[str, ...]

    def paragraphs(self, lang: str) -> list[str]:
        return [line.strip() for line in pick(self.body, lang).split("\n") if line.strip()]


@dataclass(frozen=True)
class Rulebook:
    title: Mapping[str, str]
    sections: tuple[Section, ...]

    def for_outlet(self, outlet: str) -> list[Section]:
        return [s for s in self.sections if outlet in s.outlets]

    def text(self, lang: str) -> str:
        """The terminal's text: a title line per section, then one line per paragraph (the terminal wraps)."""
        parts = []
        for section in self.for_outlet("terminal"):
            heading = pick(section.title, lang)
            parts.append(f"{heading}\n" + "\n".join(section.paragraphs(lang)))
        return "\n\n".join(parts)

    def html(self, lang: str, picture: Picture | None = None) -> str:
        """The page's fragment: a table of contents, then each section with its anchor and its pictures."""
        sections = self.for_outlet("page")
        toc = "".join(f'<li><a href="#rules-{s.key}">{html.escape(pick(s.title, lang))}</a></li>' for s in sections)
        body = "".join(_section_html(s, lang, picture) for s in sections)
        return (
            f'<article class="rules" lang="{lang}"><h1>{html.escape(pick(self.title, lang))}</h1>'
            f'<nav class="rules-toc"><ol>{toc}</ol></nav>{body}</article>'
        )

    def untranslated(self) -> list[str]:
        """Every text missing in a language, or whose German is the English (a sentence left untranslated)."""
        found = []
        texts: list[tuple[str, Mapping[str, str]]] = [("title", self.title)]
        for s in self.sections:
            texts += [(f"{s.key}.title", s.title), (f"{s.key}.body", s.body)]
        for where, text in texts:
            missing = [lang for lang in LANGUAGES if not text.get(lang, "").strip()]
            if missing:
                found.append(f"{where}: no text in {', '.join(missing)}")
            elif " " in text["en"].strip() and text["en"].strip() == text["de"].strip():
                found.append(f"{where}: the German text is the English one")
        return found


def _inline(text: str) -> str:
    return CODE.sub(r"<code>\1</code>", html.escape(text, quote=False))


def _section_html(section: Section, lang: str, picture: Picture | None) -> str:
    out = [f'<section id="rules-{section.key}"><h2>{html.escape(pick(section.title, lang))}</h2>']
    drawn = [picture(slot, lang) for slot in section.pictures] if picture else []
    if any(drawn):
        out.append('<div class="rules-pictures">' + "".join(d for d in drawn if d) + "</div>")
    open_list = ""
    for paragraph in section.paragraphs(lang):
        item = LIST_ITEM.match(paragraph)
        kind = ("ol" if item.group(1)[0].isdigit() else "ul") if item else ""
        if open_list and kind != open_list:
            out.append(f"</{open_list}>")
            open_list = ""
        if item:
            if not open_list:
                out.append(f"<{kind}>")
                open_list = kind
            out.append(f"<li>{_inline(paragraph[item.end() :])}</li>")
        else:
            out.append(f"<p>{_inline(paragraph)}</p>")
    if open_list:
        out.append(f"</{open_list}>")
    out.append("</section>")
    return "".join(out)


def load_rulebook(path: Path) -> Rulebook:
    """The file's sections, checked: every key, title and body present in every language (DataError naming
    the file, the section and the field otherwise)."""
    raw = read_document(path, "rules file", "toml")
    name = path.name
    title = texts_of(raw.get("title"), f"{name}: title")
    sections = []
    seen: set[str] = set()
    for index, entry in enumerate(raw.get("section", [])):
        key = entry.get("key")
        where = f"{name}: section {key!r}" if isinstance(key, str) else f"{name}: section[{index}]"
        if not isinstance(key, str) or not KEY.match(key):
            raise DataError(f"{where}: key must be lower-case letters, digits, '-' or '_'")
        if key in seen:
            raise DataError(f"{where}: key is used twice")
        seen.add(key)
        unknown = set(entry) - {"key", "title", "en", "de", "pictures", "outlets"}
        if unknown:
            raise DataError(f"{where}: unknown field {sorted(unknown)[0]!r}")
        outlets = tuple(entry.get("outlets", OUTLETS))
        if not outlets or any(o not in OUTLETS for o in outlets):
            raise DataError(f"{where}: outlets must be among {', '.join(OUTLETS)}")
        pictures = entry.get("pictures", [])
        if not isinstance(pictures, list) or not all(isinstance(p, str) for p in pictures):
            raise DataError(f"{where}: pictures must be a list of slot names")
        body = texts_of({lang: entry.get(lang) for lang in LANGUAGES}, f"{where}: text")
        sections.append(Section(key, texts_of(entry.get("title"), f"{where}: title"), body, tuple(pictures), outlets))
    if not sections:
        raise DataError(f"{name}: no [[section]]")
    return Rulebook(title, tuple(sections))


def rulebook_of(game: Any) -> Rulebook | None:
    """A loaded game's "How to play" (from its text view's rules file), or None when it has none."""
    path = game.text_view().rules_file
    return load_rulebook(path) if path is not None else None
