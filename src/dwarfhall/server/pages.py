"""The page's HTML (one template for every page), its static files, the favicon and each game's stylesheet."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from importlib import resources
from string import Template

from fastapi import FastAPI
from fastapi.responses import HTMLResponse, PlainTextResponse, Response
from fastapi.staticfiles import StaticFiles

from dwarfhall.core.i18n import LANGUAGES
from dwarfhall.core.registry import game_names, load_game

WEB = resources.files("dwarfhall") / "web"
PICTURE_SEED = 1  # the lobby's picture of a game is its web view of this fresh game, the same on every visit
NAV = '<nav id="nav"></nav>'  # filled by common.js
PAGE_STYLES = ("/static/coach.css", "/static/story.css")  # after app.css on the lobby, table and my games
# after the page's own script on the lobby, table and my games
TABLE_SCRIPTS = ("learn.js", "review.js", "hints.js", "choose.js", "help.js")


@cache
def _template() -> Template:
    return Template((WEB / "page.html").read_text(encoding="utf-8"))


def page(
    main: str,
    kind: str,
    styles: Sequence[str] = (),
    scripts: Sequence[str] = (),
    *,
    lang: str = "en",
    title: str = "dwarfhall",
    nav: str = NAV,
    body: str = "",
) -> str:
    """A whole page from the one template: `styles` are stylesheet addresses after app.css, `scripts` the
    files of /static/ after common.js (none: a page without scripts); `title` and `body` are HTML, escaped
    by the caller."""
    links = "\n".join(f'<link rel="stylesheet" href="{href}">' for href in styles)
    tags = "\n".join(f'<script src="/static/{name}"></script>' for name in ("common.js", *scripts) if scripts)
    return _template().substitute(
        lang=lang, title=title, styles=links, nav=nav, main=main, kind=kind, body=body, scripts=tags
    )


def add_pages(app: FastAPI) -> None:
    # one template for every page: the server fills in the page's main element, stylesheets and scripts
    pages = {
        name: page(name, kind, PAGE_STYLES, ["phone.js", "story.js", f"{script}.js", *TABLE_SCRIPTS])
        for name, kind, script in (("lobby", "lobby", "lobby"), ("game", "game", "game"), ("me", "lobby", "me"))
    }
    icon = (WEB / "favicon.svg").read_bytes()
    picture_page = Template((WEB / "picture.html").read_text(encoding="utf-8"))
    pictures: dict[tuple[str, str], str] = {}

    @app.get("/", include_in_schema=False)
    async def lobby_page() -> HTMLResponse:
        return HTMLResponse(pages["lobby"])

    @app.get("/game/{game_id}", include_in_schema=False)
    async def game_page(game_id: str) -> HTMLResponse:
        return HTMLResponse(pages["game"])

    @app.get("/me", include_in_schema=False)
    async def my_page() -> HTMLResponse:
        return HTMLResponse(pages["me"])

    @app.get("/favicon.ico", include_in_schema=False)
    async def favicon() -> Response:
        # browsers ask for this address whatever the page links; an SVG serves both
        return Response(icon, media_type="image/svg+xml", headers={"Cache-Control": "max-age=86400"})

    app.mount("/static", StaticFiles(directory=str(WEB)), name="static")

    @app.get("/games/{game}/web.css", include_in_schema=False)
    async def game_css(game: str) -> Response:
        if game not in game_names():
            return PlainTextResponse("", status_code=404)
        return Response(load_game(game).web_view().stylesheet(), media_type="text/css")

    @app.get("/games/{game}/picture.html", include_in_schema=False)
    async def game_picture(game: str, lang: str = "en") -> Response:
        """The lobby's picture of a game: its own web view of a fresh game, as everyone may see it."""
        if game not in game_names() or lang not in LANGUAGES:
            return PlainTextResponse("", status_code=404)
        if (game, lang) not in pictures:
            engine = load_game(game)
            state = engine.new_state(PICTURE_SEED)
            board = engine.web_view().render(state.observation(None), [], lang)
            pictures[game, lang] = picture_page.substitute(lang=lang, game=game, board=board)
        return HTMLResponse(pictures[game, lang], headers={"Cache-Control": "max-age=3600"})
