from collections.abc import Iterator
from pathlib import Path

import pytest

from dwarfhall.core import State, registry
from dwarfhall.play.console import ScriptConsole
from dwarfhall.play.savefile import HUMAN
from dwarfhall.play.session import Outcome, Session, Settings

from ..support.kuhn_text import KuhnTextGame
from .tmux import Terminal


@pytest.fixture
def term(request: pytest.FixtureRequest) -> Iterator[Terminal]:
    """A tmux terminal named after the test, closed afterwards."""
    terminal = Terminal(request.node.name.replace("[", "-").replace("]", ""))
    try:
        yield terminal
    finally:
        terminal.close()


@pytest.fixture
def kuhn_text() -> Iterator[KuhnTextGame]:
    """Three-card poker with a TextView, registered under 'kuhn' for the test."""
    registry.register("kuhn", KuhnTextGame)
    yield KuhnTextGame()
    registry.unregister("kuhn")


def play(
    state: State,
    inputs: list[str],
    save_dir: Path,
    seats: tuple[str, ...] = (HUMAN, "random"),
    lang: str = "en",
    resumed: bool = False,
) -> tuple[Outcome, ScriptConsole, Session]:
    """Runs a session on scripted input; running out of input acts like Ctrl-D."""
    mode = "hotseat" if all(s == HUMAN for s in seats) else "vs"
    console = ScriptConsole(inputs)
    session = Session(state, Settings(mode, list(seats), lang, save_dir), console)
    session.intro(resumed=resumed)
    return session.run(), console, session
