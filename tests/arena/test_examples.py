"""Every example command in docs/arena.md and in `arena --help` is valid: game, options, agents and counts."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest

from dwarfhall.agents.base import make_agent
from dwarfhall.arena.runner import prepare
from dwarfhall.cli import build_parser

DOC = Path(__file__).parents[2] / "docs" / "arena.md"


def _doc_commands() -> list[list[str]]:
    blocks = re.findall(r"```[a-z]*\n(.*?)```", DOC.read_text(encoding="utf-8"), flags=re.S)
    lines = [line.split("  #")[0].strip() for block in blocks for line in block.splitlines()]
    return [shlex.split(line)[1:] for line in lines if line.startswith("dwarfhall ")]


@pytest.mark.parametrize("words", _doc_commands(), ids=" ".join)
def test_every_documented_command_is_valid(words: list[str]) -> None:
    args = build_parser().parse_args(words)
    if words[0] in ("arena", "simulate"):
        prepare(words[0], args.game, args.options, args.agents, args.seed, args.games)  # raises on anything wrong


def test_the_help_examples_are_real_agents(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        build_parser().parse_args(["arena", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    specs = re.search(r"agent specs, e\.g\. (.*?) --", text)
    assert specs is not None
    for spec in specs.group(1).split():
        make_agent(spec, 0)
    assert "variant=" not in text  # no option that no game has
