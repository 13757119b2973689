"""dwarfhall: three dwarf-themed tabletop games on one engine."""

__version__ = "0.1.0"
