"""dwarfhall: three dwarf-themed tabletop games on one engine."""

from dwarfhall import _compiled

__version__ = "0.1.0"
# "compiled" when the hot modules' compiled build matches their sources, else "pure" (see dwarfhall._compiled)
MODE = _compiled.install()
