"""`dwarfhall` with the test games registered: three-card poker as 'kuhn', the 4-player Relay as 'relay'."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # the repository root, for `tests.support`

from dwarfhall.cli import main
from dwarfhall.core import registry
from tests.support.kuhn_text import KuhnTextGame
from tests.support.relay_play import RelayPlayGame

if __name__ == "__main__":
    registry.register("kuhn", KuhnTextGame)
    registry.register("relay", RelayPlayGame)
    sys.exit(main())
