import sys

from dwarfhall.cli import main

sys.exit(main())
