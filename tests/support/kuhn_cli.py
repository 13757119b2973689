"""`dwarfhall` with the three-card poker test game registered as 'kuhn' (for terminal tests)."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # the repository root, for `tests.support`

from dwarfhall.cli import main
from dwarfhall.core import registry
from tests.support.kuhn_text import KuhnTextGame

if __name__ == "__main__":
    registry.register("kuhn", KuhnTextGame)
    sys.exit(main())
