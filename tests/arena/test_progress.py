from __future__ import annotations

import io

from dwarfhall.arena.progress import Progress, clock


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_without_a_terminal_lines_come_every_few_seconds() -> None:
    out = io.StringIO()
    bar = Progress(100, done=20, stream=out, every=3600)
    for _ in range(80):
        bar.advance()
    bar.close()
    lines = out.getvalue().splitlines()
    assert len(lines) == 2  # the first advance, then the final line; nothing in between
    assert lines[-1].startswith("[####################] 100/100 games (100%)")
    assert "games/s" in lines[-1] and "left" in lines[-1] and "\r" not in out.getvalue()


def test_on_a_terminal_one_line_is_redrawn() -> None:
    out = _Terminal()
    bar = Progress(10, stream=out, every=0)
    for _ in range(10):
        bar.advance()
    bar.close()
    text = out.getvalue()
    assert text.count("\r") == 10 and text.endswith("\n") and text.count("\n") == 1
    assert "10/10 games" in text


def test_disabled_and_clock() -> None:
    out = io.StringIO()
    bar = Progress(5, stream=out, enabled=False)
    bar.advance(5)
    bar.close()
    assert out.getvalue() == ""
    assert clock(59.6) == "1:00" and clock(3725) == "1:02:05"
