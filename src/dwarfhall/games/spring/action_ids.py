"""Spring's action ids: named blocks laid end to end (see docs/rules/spring.md, "Actions").

Map targets are place numbers, petal place x 7 + spot (a wildland is spot 0 of its petal), so an id means the
same map place whatever tiles were laid there.
"""

from __future__ import annotations

from dwarfhall.core import ActionSpace

from .hexmap import POSITIONS, SPOTS_PER_PETAL

PLACES = len(POSITIONS) * SPOTS_PER_PETAL
LINES = 3

SPACE = ActionSpace()
START_SETTLEMENT = SPACE.block("start_settlement", line=LINES, place=PLACES)
