"""`dwarfhall` with the test games registered, for tests that run the command in a subprocess."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # the repository root, for `tests.*`

from dwarfhall.cli import main
from dwarfhall.core import registry

registry.register("kuhn", "tests.support.kuhn:KuhnGame")
registry.register("ckuhn", "tests.arena.games:ComponentKuhnGame")
registry.register("relay", "tests.support.relay_play:RelayPlayGame")

if __name__ == "__main__":  # worker processes import this file too (spawn)
    sys.exit(main(sys.argv[1:]))
