"""Zones: where a game's cards and counters lie, and who may see them.

A game declares its zones once (when its data is loaded) in a `ZoneSet`; the state keeps the contents in
plain attributes (a list per player, or one list), so the rules and the hot paths stay as fast as before.
From the declarations the core derives, once for every game:
- `observe`: each zone as a viewer may see it (the default observation, and what games build theirs from);
- `resample`: determinize's re-dealing of exactly the cards a viewer cannot see, and nothing else;
- `tensor_segments`: the zones' part of a viewer's observation tensor (core.tensors; a game adds its own).

Kinds of zone:
- `pile`: an ordered stack whose contents and order nobody sees; its size is public (draw piles, decks);
- `hand`: its owner sees the contents, others see the size and the cards known to be there (`known`);
- `area`: face up, seen by all (displays, discard piles, a market row);
- `counter`: a public number per player or for the table (gold, victory points, round).

Hidden cards are exchanged only within a pool: zones naming the same `pool` ("deck{p}" is the owner's own
pool) hold cards that come from one stock, so a sample may move an unseen card from a hand to its pile.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from functools import partial
from itertools import compress
from typing import Any

import numpy as np

from .rng import Rng
from .tensors import Segment, TensorLayout, fraction, numbers, one_hot


class Visibility(Enum):
    PUBLIC = "public"  # contents and order seen by everyone
    OWNER = "owner"  # the owner sees the contents; the others see the size and the known cards
    HIDDEN = "hidden"  # nobody sees contents or order; the size is public


@dataclass(frozen=True, slots=True)
class Zone:
    """One declared zone; `attr` is the state attribute that holds it."""

    attr: str
    visibility: Visibility
    per_player: bool = True
    counts: bool = False  # stored as a count per kind (a multiset) rather than an ordered list of kinds
    pool: str | None = None  # hidden cards are re-dealt among the zones of one pool
    known: str | None = None  # attribute with counts per kind of cards everyone knows are here
    kinds: int | None = None  # number of kinds for the tensor; None = the ZoneSet's
    high: int = 1  # a counter's maximum, to scale it in tensors
    is_counter: bool = False
    bounded: bool = True  # whether `high` is a true maximum (else the tensor holds value / (value + high))

    def pool_of(self, owner: int | None) -> str | None:
        if self.pool is None:
            return None
        return self.pool.replace("{p}", str(owner)) if owner is not None else self.pool

    def visible_to(self, owner: int | None, viewer: int | None) -> bool:
        """Whether `viewer` (None: the public) sees this zone's contents."""
        if self.visibility is Visibility.PUBLIC:
            return True
        if self.visibility is Visibility.OWNER:
            return viewer is not None and viewer == owner
        return False


def pile(attr: str, pool: str, *, per_player: bool = True, counts: bool = False) -> Zone:
    return Zone(attr, Visibility.HIDDEN, per_player, counts, pool)


def hand(attr: str, pool: str, *, known: str | None = None, counts: bool = False, per_player: bool = True) -> Zone:
    if known is not None and not counts:
        raise ValueError(f"hand {attr!r}: known cards are supported for hands stored as counts")
    return Zone(attr, Visibility.OWNER, per_player, counts, pool, known)


def area(attr: str, *, per_player: bool = True, counts: bool = False, kinds: int | None = None) -> Zone:
    return Zone(attr, Visibility.PUBLIC, per_player, counts, kinds=kinds)


def counter(attr: str, *, per_player: bool = True, high: int = 1, bounded: bool = True) -> Zone:
    return Zone(attr, Visibility.PUBLIC, per_player, high=max(1, high), is_counter=True, bounded=bounded)


# one hidden zone instance in a resampling plan: (attribute, owner or None, stored as counts, known attribute)
_Entry = tuple[str, "int | None", bool, "str | None"]
# one pool of a re-deal: its cards sorted, and how many of them each of its zones takes
_Pool = tuple[list[int], list[int]]


class ZoneSet:
    """A game's zones for a fixed number of players, with the per-viewer plans computed once."""

    __slots__ = ("_last", "_plans", "by_attr", "keys", "kinds", "most", "num_players", "zones")

    def __init__(
        self,
        zones: Sequence[Zone],
        num_players: int,
        kinds: int,
        keys: Sequence[str] | None = None,
        most: int | None = None,
    ) -> None:
        """`most`: the most cards one zone may hold, which bounds its counts and size in tensors (None: no bound)."""
        self.zones = tuple(zones)
        self.most = most
        self.num_players = num_players
        self.kinds = kinds
        self.keys = tuple(keys) if keys is not None else tuple(str(k) for k in range(kinds))
        self.by_attr = {z.attr: z for z in self.zones}
        if len(self.by_attr) != len(self.zones):
            raise ValueError("two zones name the same attribute")
        for z in self.zones:
            if z.visibility is not Visibility.PUBLIC and z.pool is None:
                raise ValueError(f"zone {z.attr!r} hides cards but names no pool to re-deal them from")
        self._plans = [self._plan(viewer) for viewer in range(num_players)]
        # per viewer, the last re-deal's sorted pools and the zones' contents they came from (see `redeal`)
        self._last: list[tuple[list[list[int]], list[_Pool]] | None] = [None] * num_players

    def instances(self) -> list[tuple[Zone, int | None]]:
        """Every (zone, owner) pair; owner None for the table's zones."""
        out: list[tuple[Zone, int | None]] = []
        for z in self.zones:
            if z.per_player:
                out.extend((z, p) for p in range(self.num_players))
            else:
                out.append((z, None))
        return out

    def _plan(self, viewer: int) -> tuple[tuple[_Entry, ...], ...]:
        pools: dict[str, list[_Entry]] = {}
        for z, owner in self.instances():
            if z.is_counter or z.visible_to(owner, viewer) or z.visibility is Visibility.PUBLIC:
                continue
            pool = z.pool_of(owner)
            assert pool is not None
            pools.setdefault(pool, []).append((z.attr, owner, z.counts, z.known))
        return tuple(tuple(entries) for entries in pools.values())

    # -- determinize ------------------------------------------------------------------------
    def hides_nothing_from(self, viewer: int) -> bool:
        """Whether `viewer` sees every card (then a determinized sample is the position itself)."""
        return not self._plans[viewer]

    def resample(self, state: Any, viewer: int, rng: Rng) -> None:
        """Re-deals, in place on `state` (a fresh copy), every card `viewer` cannot see, within its pool.

        Each pool starts from a sorted order, so the sample depends only on what the viewer sees; known cards
        stay where they are and every zone keeps its size.
        """
        redeal(self._plans[viewer], self.kinds, state, rng, self._last, viewer)

    # -- observation ------------------------------------------------------------------------
    def contents(self, state: Any, attr: str, owner: int | None, viewer: int | None) -> list[int] | None:
        """The zone's cards (kind indices, in order or as counts) if `viewer` may see them, else None."""
        z = self.by_attr[attr]
        if not z.visible_to(owner, viewer):
            return None
        held = getattr(state, attr)
        return list(held[owner] if owner is not None else held)

    def cards(self, state: Any, attr: str, owner: int | None, viewer: int | None) -> list[str] | None:
        """As `contents`, with kinds named by the set's keys (counts expanded in kind order)."""
        got = self.contents(state, attr, owner, viewer)
        if got is None:
            return None
        return self._named(got, self.by_attr[attr])

    def known_cards(self, state: Any, attr: str, owner: int) -> list[str]:
        """The cards of a hand that everyone knows are there."""
        z = self.by_attr[attr]
        if z.known is None:
            return []
        return self._named(list(getattr(state, z.known)[owner]), z)

    def size(self, state: Any, attr: str, owner: int | None) -> int:
        z = self.by_attr[attr]
        held = getattr(state, attr)
        cards = held[owner] if owner is not None else held
        return sum(cards) if z.counts else len(cards)

    def _named(self, cards: list[int], z: Zone) -> list[str]:
        keys = self.keys
        if z.counts:
            return [keys[k] for k, n in enumerate(cards) for _ in range(n)]
        return [keys[k] for k in cards]

    def observe(self, state: Any, viewer: int | None) -> dict[str, Any]:
        """Every zone as `viewer` sees it: counters as numbers; card zones as {cards or None, size, known}."""
        out: dict[str, Any] = {}
        for z in self.zones:
            owners: Sequence[int | None] = range(self.num_players) if z.per_player else (None,)
            views = []
            for owner in owners:
                if z.is_counter:
                    held = getattr(state, z.attr)
                    views.append(held[owner] if owner is not None else held)
                    continue
                view: dict[str, Any] = {
                    "cards": self.cards(state, z.attr, owner, viewer),
                    "size": self.size(state, z.attr, owner),
                }
                if z.known is not None and owner is not None:
                    view["known"] = self.known_cards(state, z.attr, owner)
                views.append(view)
            out[z.attr] = views if z.per_player else views[0]
        return out

    # -- tensors ----------------------------------------------------------------------------
    def tensor_segments(self) -> list[Segment]:
        """The zones' part of the observation tensor: the viewer's seat, then one segment per zone instance.

        A card zone gives a count per kind when the viewer sees it (zeros otherwise), the counts of the cards
        known to be there (hands that track them), then its size; a counter its value / `high`. One filler
        writes them all (the first segment's; the others name none), so a tensor makes one call for the zones.
        """
        most = math.inf if self.most is None else float(self.most)
        segments: list[Segment] = []
        counters: list[_CounterPart] = []
        cards: list[_CardPart] = []
        at = self.num_players
        for z, owner in self.instances():
            where = z.attr if owner is None else f"{z.attr}[{owner}]"
            seat = -1 if owner is None else owner
            if z.is_counter:
                scaled = f"{where} / {z.high}" if z.bounded else f"{where} / ({where} + {z.high})"
                segments.append(numbers(where, 1, None, 1.0, scaled))
                counters.append((z.attr, seat, at, float(z.high), z.bounded))
                at += 1
                continue
            width = z.kinds or self.kinds
            known = z.known is not None and owner is not None
            what = f"{where}: count per kind if seen{', count per kind known to be there' if known else ''}, size"
            size = width * (2 if known else 1) + 1
            segments.append(numbers(where, size, None, most, what))
            if z.visibility is Visibility.PUBLIC:
                seen_by = _EVERYONE
            elif z.visibility is Visibility.OWNER and owner is not None:
                seen_by = owner
            else:
                seen_by = _NOBODY
            cards.append((z.attr, seat, at, at + size - 1, z.counts, seen_by, z.known if known else None, width))
            at += size
        fill = partial(fill_zones, tuple(counters), tuple(cards))
        return [one_hot("viewer", self.num_players, fill, "viewer's seat (one-hot; zeros for the public)"), *segments]

    def tensor_size(self) -> int:
        return sum(s.size for s in self.tensor_segments())

    def tensor(self, state: Any, viewer: int | None) -> np.ndarray:
        """The zones' part alone, as a new float32 vector."""
        return TensorLayout(self.tensor_segments()).tensor(state, viewer)

    def tensor_layout(self) -> list[tuple[str, int]]:
        """(what, width) of each part of the zones' tensor, in order."""
        return TensorLayout(self.tensor_segments()).rows()


def redeal(
    plans: tuple[tuple[_Entry, ...], ...], kinds: int, state: Any, rng: Rng, last: list[Any], viewer: int
) -> None:
    """`ZoneSet.resample`'s work: each pool of a viewer's plan re-dealt in place on `state` (typed when compiled).

    `last[viewer]` (contents, pools) remembers the previous call's sorted pools with copies of the zones' contents
    they were built from: a search re-deals one position over and over, and comparing the contents is cheaper than
    building and sorting the pools again (the pools follow from the contents alone). It is read and replaced as
    one tuple, so that threads sharing the game never pair one call's contents with another's pools.
    """
    contents: list[list[int]] = []
    for entries in plans:
        for attr, owner, _counts, known in entries:
            held = getattr(state, attr)
            contents.append(held[owner] if owner is not None else held)
            if known is not None:
                contents.append(getattr(state, known)[owner])
    kept = last[viewer]
    if kept is not None and contents == kept[0]:
        pools = kept[1]
    else:
        pools = _sorted_pools(plans, contents)
        last[viewer] = ([cards[:] for cards in contents], pools)  # copies: the state's lists change as it is played
    for at, entries in enumerate(plans):
        sorted_pool, takes = pools[at]
        pool = sorted_pool[:]
        rng.shuffle_quick(pool)
        pos = 0
        for i, (attr, owner, counts, known) in enumerate(entries):
            n = takes[i]
            chunk = pool[pos : pos + n]
            pos += n
            if counts:
                new = list(getattr(state, known)[owner]) if known is not None else [0] * kinds
                for kind in chunk:
                    new[kind] += 1
                value: list[int] = new
            else:
                value = chunk
            if owner is not None:
                getattr(state, attr)[owner] = value
            else:
                setattr(state, attr, value)


def _sorted_pools(plans: tuple[tuple[_Entry, ...], ...], contents: list[list[int]]) -> list[_Pool]:
    """Per pool, its unseen cards in ascending order and how many each of its zones holds; `contents` are the
    zones' cards in the plan's order, a counted hand's known counts right after it."""
    out: list[_Pool] = []
    at = 0
    for entries in plans:
        pool: list[int] = []
        takes: list[int] = []
        for _attr, _owner, counts, known in entries:
            cards = contents[at]
            at += 1
            if counts:
                start = len(pool)
                # each kind as often as held (less the known ones), kinds ascending; `compress` skips the
                # kinds not held in C, since hands are short and kinds many (and no list of differences is built)
                seen = None
                if known is not None:
                    seen = contents[at]
                    at += 1
                for kind in compress(range(len(cards)), cards):
                    unseen = cards[kind] - seen[kind] if seen is not None else cards[kind]
                    if unseen:
                        pool.extend([kind] * unseen)
                takes.append(len(pool) - start)
            else:
                pool.extend(cards)
                takes.append(len(cards))
        pool.sort()
        out.append((pool, takes))
    return out


# a counter's part of the zones' tensor: (attribute, owner or -1, entry, high, bounded)
_CounterPart = tuple[str, int, int, float, bool]
# a card zone's part: (attribute, owner or -1, first entry, size entry, stored as counts, who sees the cards
# (_EVERYONE, _NOBODY or a seat), attribute of the known counts or None, kinds)
_CardPart = tuple[str, int, int, int, bool, int, "str | None", int]
_EVERYONE, _NOBODY = -1, -2


def fill_zones(
    counters: tuple[_CounterPart, ...],
    cards: tuple[_CardPart, ...],
    state: Any,
    viewer: int | None,
    out: memoryview[float],
) -> None:
    """Writes the zones' segments (`ZoneSet.tensor_segments`) for `viewer` into `out`, the zones' whole slice.

    One module function for all of them (typed when compiled, zones.pxd): a filler call per zone cost about as
    much as the zone's own writes.
    """
    if viewer is not None:
        out[viewer] = 1.0
    for attr, owner, at, high, bounded in counters:
        held = getattr(state, attr)
        number = held[owner] if owner >= 0 else held
        out[at] = number / high if bounded else fraction(number, high)
    for attr, owner, at, end, counts, seen_by, known, width in cards:
        held = getattr(state, attr)
        value = held[owner] if owner >= 0 else held
        if seen_by == _EVERYONE or (seen_by >= 0 and viewer is not None and viewer == seen_by):
            if counts:
                out[end] = _counts(value, out, at)
            else:
                for kind in value:
                    out[at + kind] += 1.0
                out[end] = len(value)
        elif counts:
            out[end] = _total(value)
        else:
            out[end] = len(value)
        if known is not None:
            _counts(getattr(state, known)[owner], out, at + width)


# compiled (this module is then an extension, not the .py), a loop by index runs in C; in Python `compress` skips
# the kinds not held faster (hands hold few of many kinds)
_BY_INDEX = not __file__.endswith((".py", ".pyc"))
_ZERO = 0


def _counts(value: list[int], out: memoryview[float], at: int) -> int:
    """Writes the counts per kind of the kinds held from `at` on; returns their sum."""
    size = 0
    if _BY_INDEX:
        held = value if type(value) is list else list(value)  # iterated as a C list (zones.pxd)
        zero = _ZERO
        kind = 0
        for item in held:  # compiled: the list's items read in place (an index went through a checked call)
            if item is not zero:  # most kinds are not held: skipped without converting (a 0 that is not the
                n = item  # cached object would only write a 0 and add 0)
                if n:
                    out[at + kind] = n
                    size += n
            kind += 1
    else:
        for kind in compress(range(len(value)), value):
            n = value[kind]
            out[at + kind] = n
            size += n
    return size


def _total(value: list[int]) -> int:
    """The sum of a zone's counts."""
    if not _BY_INDEX:
        return sum(value)
    held = value if type(value) is list else list(value)  # iterated as a C list (zones.pxd)
    zero = _ZERO
    size = 0
    for item in held:
        if item is not zero:  # as in _counts: zeros skipped without converting
            n = item
            size += n
    return size
