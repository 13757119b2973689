"""Every dwarfhall game in OpenSpiel, PettingZoo and Gymnasium, through the core protocol only.

Import `dwarfhall.interop.openspiel`, `dwarfhall.interop.pettingzoo` or `dwarfhall.interop.gymnasium`
(each needs its optional extra: `pip install dwarfhall[openspiel]` and so on); see docs/interop.md.
"""
