"""The Gardens of the Alhambra (G1-G5): laying garden tiles, scoring enclosed buildings.

A game is its options, its seed and its actions, like an Alhambra game (same record
machinery): one seeded generator lays out the buildings, shuffles the garden tiles
and picks the starting player (the rulebook's "oldest player" is unknowable).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Any, ClassVar

from ..chance import shuffle
from ..errors import IllegalAction, MalformedInput
from ..record import LegalCache, ReadOnly, RecordedGame, check_name, check_names
from . import knowledge
from .components import (
    FIELDS,
    SIZE,
    TREES,
    Building,
    GardenTile,
    building_points,
    building_tiles,
    buildings_of,
    explain_winner,
    fields_of,
    garden_tiles,
    on_outer_ring,
)
from .lays import Field, Lay, Scoring
from .narration import NARRATORS, Event

__all__ = [
    "NARRATORS",
    "TURN_RULES",
    "Event",
    "GardenPlayer",
    "GardensGame",
    "Lay",
    "Scoring",
    "explain_winner",
]


class GardenPlayer(ReadOnly):
    """One seat: the tree kinds owned, the garden tiles in hand, points per kind.

    Read-only: ``kinds`` and ``hand`` are tuples, ``points`` a read-only mapping, and
    assigning an attribute raises AttributeError (the state changes only through the
    game's actions)."""

    __slots__ = ("_hand", "_kinds", "_name", "_points")

    def __init__(self, name: str, kinds: Sequence[str]):
        if isinstance(kinds, str) or not all(k in TREES for k in kinds):
            raise TypeError(f"A player's kinds are tree kinds from {TREES}, not {kinds!r}.")
        self._name = check_name(name)
        self._kinds = tuple(kinds)
        self._hand: list[GardenTile] = []
        self._points = {k: 0 for k in kinds}

    @property
    def name(self) -> str:
        """The player's name."""
        return self._name

    @property
    def kinds(self) -> tuple[str, ...]:
        """The tree kinds this player owns (G2)."""
        return self._kinds

    @property
    def hand(self) -> tuple[GardenTile, ...]:
        """The garden tiles in hand (G3)."""
        return tuple(self._hand)

    @property
    def points(self) -> Mapping[str, int]:
        """Points per owned kind (G4; read-only)."""
        return MappingProxyType(self._points)

    @property
    def score(self) -> int:
        """The player's points, over the kinds the player owns (G5: two kinds each are added)."""
        return sum(self._points.values())

    def __reduce__(self) -> tuple[Any, ...]:
        # pickles and deep-copies compiled (mypyc) as well: rebuilt by the constructor
        return (_restore_player, (self._name, self._kinds, self._hand, self._points))

    def _copy(self) -> GardenPlayer:
        p = GardenPlayer(self._name, self._kinds)
        p._hand = list(self._hand)
        p._points = dict(self._points)
        return p

    def __repr__(self) -> str:
        return f"<GardenPlayer {self._name} ({'/'.join(self._kinds)}): {self.score} points, {len(self._hand)} in hand>"


def _restore_player(
    name: str, kinds: tuple[str, ...], hand: list[GardenTile], points: dict[str, int]
) -> GardenPlayer:
    p = GardenPlayer(name, kinds)
    p._hand = hand
    p._points = points
    return p


class _Lay:
    """G3: lay a garden tile from the hand on an empty field, turned as the player
    likes: the first tile of the game off the outer ring, every later one beside a laid
    tile (a straight side). Then G4 scores what it encloses, and the player draws."""

    kind = Lay

    @staticmethod
    def refuse(g: GardensGame, p: GardenPlayer, a: Lay) -> IllegalAction | None:
        if a.tile not in [t.id for t in p._hand]:
            return IllegalAction("G3", f"G3: {p.name} does not hold the garden tile {a.tile}.")
        f = a.field
        if f in g._fields:
            return IllegalAction(
                "G3", f"G3: field {f} already holds a garden tile; lay on an empty one."
            )
        if not g._fields:
            if on_outer_ring(f):
                return IllegalAction(
                    "G3",
                    "G3: the starting player's first tile may not go on an edge or corner field.",
                )
            return None
        return IllegalAction(
            "G3", f"G3: field {f} shares no straight side with a laid garden tile."
        )

    @staticmethod
    def do(g: GardensGame, p: GardenPlayer, a: Lay) -> list[Event]:
        tile = next(t for t in p._hand if t.id == a.tile)
        p._hand.remove(tile)
        g._fields[a.field] = (tile, a.turn)
        data = {
            "player": p.name,
            "tile": tile.id,
            "trees": tile.trees,
            "sides": [tile.side(k, a.turn) for k in range(4)],
            "field": list(a.field),
            "turn": a.turn,
        }
        ev = [Event("lay", data)]
        for s in g.preview(None):  # G4: what the lay enclosed
            g._scored[s.building] = s
            if s.owner:
                g.player(s.owner)._points[s.winner] += s.points  # type: ignore[index]
            ev.append(Event("scored", {"scoring": s.to_dict()}))
        if g._supply:
            p._hand.append(g._supply.pop())
        if g.is_over:
            ev.append(Event("game_over", {"winners": g.winners, "scores": g.scores}))
            return ev
        n = len(g._players)
        for k in range(1, n + 1):  # players whose hands are empty are passed over
            i = (g._current + k) % n
            if g._players[i]._hand:
                g._current = i
                break
        g._turn += 1
        ev.append(Event("gardens_turn", {"player": g.current_player.name, "turn": g.turn}))
        return ev


TURN_RULES: dict[type[Lay], type[_Lay]] = {Lay: _Lay}
"""Action kind -> its rule (refusal and effect); the Gardens have one kind."""


class GardensGame(RecordedGame[Lay, Event]):
    """The Gardens of the Alhambra for 2 to 4 players.

    Options: ``hand_size`` 1 (or 3, the variant), ``two_colours`` (two players with two
    kinds each, scored apart and added at the end), ``colours`` (name -> list of kinds;
    by default the kinds go round in seat order: lemon, orange, palm, lavender).
    """

    FORMAT = "alhambra-widget/gardens-game"
    TITLE = "Gardens of the Alhambra game"
    GAME = "gardens"
    STATE: ClassVar[tuple[str, ...]] = (
        "_hand_size",
        "_two_colours",
        "_colours",
        "_rng",
        "_buildings",
        "_supply",
        "_players",
        "_starting_player",
        "_current",
        "_fields",
        "_scored",
        "_turn",
    )
    OPTIONS: ClassVar[Mapping[str, tuple[str, Any]]] = MappingProxyType(
        {
            "hand_size": ("hand_size", 1),
            "two_colours": ("two_colours", False),
            "colours": ("_colours", None),
        }
    )

    @staticmethod
    def action_from_json(data: object) -> Lay:
        """The lay a JSON dict describes (:meth:`Lay.from_json`)."""
        return Lay.from_json(data)

    def __init__(
        self,
        players: Sequence[str],
        seed: int | None = None,
        *,
        hand_size: int = 1,
        two_colours: bool = False,
        colours: Mapping[str, list[str]] | None = None,
    ):
        if self._is_blank(players):  # (for _copy_state and pickles: see RecordedGame._blank)
            return
        names = list(players) if isinstance(players, (list, tuple)) else None
        if names is None or not 2 <= len(names) <= 4:
            raise IllegalAction(
                "G2",
                "G2: The Gardens of the Alhambra is played by 2 to 4 players (one tree kind each).",
            )
        names = check_names(names)
        if hand_size not in (1, 3):
            raise IllegalAction("G3", "G3: each player holds one garden tile (variant: three).")
        if two_colours and len(names) != 2:
            raise IllegalAction("G5", "G5: two colours each is a variant for two players.")
        if seed is None:
            seed = random.SystemRandom().randrange(2**32)
        if type(seed) is not int:
            raise MalformedInput(f"The seed is an integer, not {seed!r}.")
        if colours is None:
            if two_colours:
                kinds = [[TREES[0], TREES[2]], [TREES[1], TREES[3]]]
            else:
                kinds = [[TREES[i]] for i in range(len(names))]
            colours = dict(zip(names, kinds))
        self._check_colours(names, colours, two_colours)
        super().__init__(seed)
        self._hand_size = hand_size
        self._two_colours = bool(two_colours)
        self._colours = {n: list(colours[n]) for n in names}
        rng = self._rng = random.Random(seed)
        layout = list(building_tiles())
        shuffle(rng, layout)
        self._buildings: dict[tuple[int, int], Building] = {
            (x, y): layout[y * SIZE + x] for y in range(SIZE) for x in range(SIZE)
        }
        self._supply: list[GardenTile] = list(garden_tiles())
        shuffle(rng, self._supply)
        self._players = tuple(GardenPlayer(n, self._colours[n]) for n in names)
        self._starting_player = rng.randrange(len(names))
        self._current = self._starting_player
        for k in range(len(names)):
            p = self._players[(self._starting_player + k) % len(names)]
            for _ in range(hand_size):
                p._hand.append(self._supply.pop())
        self._fields: dict[Field, tuple[GardenTile, int]] = {}
        self._scored: dict[tuple[int, int], Scoring] = {}
        self._turn = 1
        start = self._players[self._current].name
        self._log = [Event("gardens_turn", {"player": start, "turn": 1, "start": True})]

    @staticmethod
    def _check_colours(names: list[str], colours: Mapping[str, Any], two_colours: bool) -> None:
        if not isinstance(colours, dict) or set(colours) != set(names):
            raise IllegalAction(
                "G2", "G2: colours maps every player's name to a list of tree kinds."
            )
        seen: list[str] = []
        for n in names:
            ks = colours[n]
            if (
                not isinstance(ks, list)
                or len(ks) != (2 if two_colours else 1)
                or not all(k in TREES for k in ks)
            ):
                one = "two tree kinds" if two_colours else "one tree kind"
                raise IllegalAction("G2", f"G2: {n} owns {one} of {', '.join(TREES)}.")
            seen += ks
        if len(set(seen)) != len(seen):
            raise IllegalAction("G2", "G2: a tree kind belongs to one player at most.")

    # -- reading (read-only: tuples and read-only mappings) ---------------------------
    @property
    def players(self) -> tuple[GardenPlayer, ...]:
        """The players in seat order."""
        return self._players

    @property
    def current(self) -> int:
        """The seat of the player to lay next."""
        return self._current

    @property
    def turn(self) -> int:
        """The turn number, from 1."""
        return self._turn

    @property
    def starting_player(self) -> int:
        """The seat that began (drawn by the seed)."""
        return self._starting_player

    @property
    def hand_size(self) -> int:
        """Garden tiles in each hand: 1, or 3 in the variant (G3; an option)."""
        return self._hand_size

    @property
    def two_colours(self) -> bool:
        """Two players with two kinds each (G5; an option)."""
        return self._two_colours

    @property
    def colours(self) -> Mapping[str, tuple[str, ...]]:
        """Player name -> the tree kinds owned (G2)."""
        return MappingProxyType({n: tuple(ks) for n, ks in self._colours.items()})

    @property
    def buildings(self) -> Mapping[tuple[int, int], Building]:
        """The building tiles' layout: (x, y) on the 7 x 7 grid of building spaces ->
        building (G1)."""
        return MappingProxyType(self._buildings)

    @property
    def supply(self) -> tuple[GardenTile, ...]:
        """The garden tiles still to draw, drawn from the end (hidden information)."""
        return tuple(self._supply)

    @property
    def fields(self) -> Mapping[Field, tuple[GardenTile, int]]:
        """Field -> (garden tile, quarter turns) laid there (G3)."""
        return MappingProxyType(self._fields)

    @property
    def scored(self) -> Mapping[tuple[int, int], Scoring]:
        """Building -> its scoring, for each building enclosed so far (G4)."""
        return MappingProxyType(self._scored)

    @property
    def current_player(self) -> GardenPlayer:
        """The player to lay a tile now."""
        return self._players[self._current]

    @property
    def is_over(self) -> bool:
        """G5: every field is filled (and so every building scored)."""
        return len(self._fields) == FIELDS * FIELDS

    @property
    def fields_share_left(self) -> float:
        """The share of the garden fields still empty: the game's clock, 1.0 at setup to
        0.0 when the last field is filled and the game ends (G5). Everyone sees it."""
        return 1.0 - len(self._fields) / (FIELDS * FIELDS)

    @property
    def scores(self) -> dict[str, int]:
        """Each player's points, by name."""
        return {p.name: p.score for p in self._players}

    @property
    def winners(self) -> list[str]:
        """Who has the highest total once the game is over (equal totals share, G5); else []."""
        if not self.is_over:
            return []
        top = max(self.scores.values())
        return [n for n, s in self.scores.items() if s == top]

    def player(self, name: str) -> GardenPlayer:
        """The player named ``name``; KeyError if there is none."""
        for p in self._players:
            if p.name == name:
                return p
        raise KeyError(name)

    def owner_of(self, kind: str) -> str | None:
        """The player who owns tree kind ``kind`` (G2), or None when nobody does."""
        for p in self._players:
            if kind in p._kinds:
                return p.name
        return None

    def tile(self, tile_id: str) -> GardenTile:
        """The garden tile with id ``tile_id`` (G2); an unknown id is refused with G2."""
        for t in garden_tiles():
            if t.id == tile_id:
                return t
        raise IllegalAction("G2", f"G2: there is no garden tile {tile_id!r}.")

    def enclosed(self, building: tuple[int, int], lay: Lay | None = None) -> bool:
        """G1: every field touching the building holds a tile (``lay``: as if laid)."""
        extra = lay.field if lay is not None else None
        return all(f in self._fields or f == extra for f, _ in fields_of(building))

    def facing(self, building: tuple[int, int], lay: Lay | None = None) -> dict[str, int]:
        """G4: trees of each kind on the laid sides facing ``building`` (``lay``: as if
        that tile were laid too)."""
        counts = {k: 0 for k in TREES}
        for f, k in fields_of(building):
            laid = self._fields.get(f)
            if laid is None and lay is not None and f == lay.field:
                laid = (self.tile(lay.tile), lay.turn)
            if laid is not None:
                tile, turn = laid
                counts[tile.side(k, turn)] += tile.trees
        return counts

    def scoring(self, building: tuple[int, int], lay: Lay | None = None) -> Scoring:
        """G4 for one building, as it stands (or as if ``lay`` were made): trees per kind,
        the winning kind and why, the multiplier, the points and their owner."""
        counts = self.facing(building, lay)
        winner, why = explain_winner(counts)
        b = self._buildings[building]
        owner = self.owner_of(winner) if winner else None
        mult, points = building_points(b.value, counts, winner if owner else None)
        if winner and not owner:
            why += f"; {winner} belongs to nobody, so its points are not scored"
        return Scoring(building, b.value, b.kind, counts, winner, mult, points, owner, why)

    def preview(self, lay: Lay | None) -> list[Scoring]:
        """The buildings that ``lay`` would enclose, scored (G4), without laying it; with
        ``None``: those enclosed now and not yet scored."""
        if lay is None:
            around = {b for f in self._fields for _k, b in buildings_of(f)}
        else:
            around = {b for _k, b in buildings_of(lay.field)}
        return [
            self.scoring(b, lay)
            for b in sorted(around)
            if b in self._buildings and b not in self._scored and self.enclosed(b, lay)
        ]

    def legal_fields(self) -> list[Field]:
        """G3: the fields the player to move may use now."""
        if self.is_over:
            return []
        laid = self._fields
        free = [(x, y) for y in range(FIELDS) for x in range(FIELDS) if (x, y) not in laid]
        if not laid:
            return [f for f in free if not on_outer_ring(f)]
        return [
            (x, y)
            for (x, y) in free
            if any(q in laid for q in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)))
        ]

    # -- applying ------------------------------------------------------------------
    def _list_legal(self) -> list[Lay]:
        if self.is_over:
            return []
        fields = self.legal_fields()
        out: list[Lay] = []
        seen: set[str] = set()
        for t in self.current_player._hand:
            if t.id in seen:
                continue
            seen.add(t.id)
            out.extend(Lay(t.id, f, r) for f in fields for r in range(4))
        return out

    def _refuse(self, action: object) -> Exception:
        if not isinstance(action, Lay):
            return MalformedInput(f"{action!r} is not a Gardens action (Lay).")
        if self.is_over:
            return IllegalAction("G5", "G5: the game is over: every field is planted.")
        why = TURN_RULES[type(action)].refuse(self, self.current_player, action)
        return why or IllegalAction("G3", f"G3: {action} is not among the legal actions now.")

    def _do(self, action: Lay) -> list[Event]:
        ev = TURN_RULES[type(action)].do(self, self.current_player, action)
        self._log.extend(ev)
        return ev

    def _copy_state(self) -> GardensGame:
        g = self._blank()
        for name in self.STATE:  # the immutable ones shared, the others copied below
            setattr(g, name, getattr(self, name))
        g._rng = random.Random()
        g._rng.setstate(self._rng.getstate())
        g._supply = list(self._supply)
        g._players = tuple(p._copy() for p in self._players)
        g._fields = dict(self._fields)
        g._scored = dict(self._scored)
        return g

    def sample_hidden(self, seed: int) -> GardensGame:
        """A copy in which what *nobody* can know is redrawn, for playouts that may see
        every hand: the order of the supply; the hands stay. A fresh generator from
        ``seed``. Compare :meth:`determinize`, which redraws what *one seat* cannot know
        (the other hands too). Its record no longer replays to it."""
        g = self.copy()
        g._rng = random.Random(seed)
        shuffle(g._rng, g._supply)
        return g

    def determinize(self, seat: int, seed: int | str) -> GardensGame:
        """A copy as player ``seat`` may imagine it, for search (ISMCTS): the other
        players' hands and the supply are pooled and dealt again (each player keeping
        the number of tiles in hand), in an order that depends only on what the seat
        may know and on ``seed``. Its record no longer replays to it."""
        g = self._copy_unlisted()
        rng = random.Random(f"determinize:{seed}")
        others = [p for i, p in enumerate(g._players) if i != seat]
        pool = sorted(g._supply + [t for p in others for t in p._hand], key=lambda t: t.id)
        shuffle(rng, pool)
        for p in others:
            n = len(p._hand)
            p._hand, pool = pool[:n], pool[n:]
        g._supply = pool
        g._rng = random.Random(rng.getrandbits(64))
        return g

    # -- what one seat knows (a server's tables: engine/seat_record.py) ---------------
    def seat_start(self, seat: int | None) -> dict[str, Any]:
        """The setup as player ``seat`` saw it, as JSON-able data (``None``: a spectator):
        the layout, who starts, each hand's size and the seat's own hand (G2, G3)."""
        g = self.at(0) if self._history else self
        hands = [p._hand for p in g._players]
        return knowledge.start_of(
            g._buildings, hands, g._starting_player, len(g._supply), seat, g._log
        )

    def seat_reveals(self, before: GardensGame, seat: int | None) -> dict[str, Any]:
        """What the last lay showed ``seat``, ``before`` being a copy of this game just
        before it: the tile its player drew, to that player alone (G3)."""
        return knowledge.reveals(before._supply, self._supply, before._current, seat)

    @classmethod
    def seat_world(
        cls, options: Mapping[str, Any], seat: int | None, start: dict[str, Any]
    ) -> GardensGame:
        """A game set up as ``start`` (:meth:`seat_start`) says, what ``seat`` could not
        see guessed (see :mod:`~alhambra_widget.engine.seat_record`)."""
        opts = {k: v for k, v in options.items() if k in cls.OPTIONS}
        names = options.get("players")
        if not isinstance(names, list) or (seat is not None and not 0 <= seat < len(names)):
            raise MalformedInput("A seat's options name the players, and the seat is one of them.")
        g = cls._new({"players": names, "seed": 0, **opts})
        buildings, hands, supply, first, log = knowledge.world(start, seat, g._rng.shuffle)
        if len(hands) != len(g._players):
            raise MalformedInput("A seat's start does not fit the game's players.")
        g._buildings, g._supply, g._log = buildings, supply, log
        for p, h in zip(g._players, hands):
            p._hand = h
        g._starting_player = g._current = first
        g._legal = LegalCache()
        return g

    def _reconcile(self, seat: int | None, action: Lay, reveals: dict[str, Any]) -> None:
        """A seat's game: rearrange the guesses so that ``action`` and what it revealed
        fit (:func:`.knowledge.reconcile`)."""
        hands = [p._hand for p in self._players]
        knowledge.reconcile(hands, self._supply, seat, self._current, action, reveals)
        self._legal = LegalCache(None, self._legal.record)

    # -- records ---------------------------------------------------------------------
    def state_dict(self) -> dict[str, Any]:
        """The whole state as JSON-able data (hands included: not for a viewer)."""
        return {
            "turn": self._turn,
            "current": self.current_player.name,
            "players": [
                {
                    "name": p.name,
                    "kinds": list(p._kinds),
                    "points": dict(p._points),
                    "hand": [t.id for t in p._hand],
                }
                for p in self._players
            ],
            "fields": sorted([x, y, t.id, r] for (x, y), (t, r) in self._fields.items()),
            "scored": sorted(s.to_dict()["building"] + [s.points] for s in self._scored.values()),
            "supply": [t.id for t in self._supply],
            "buildings": [self._buildings[(x, y)].value for y in range(SIZE) for x in range(SIZE)],
            "rng": self._rng_digest(self._rng),
        }

    def __repr__(self) -> str:
        status = (
            f"over, won by {' and '.join(self.winners)}"
            if self.is_over
            else f"turn {self.turn}, {self.current_player.name} to lay"
        )
        return f"<Gardens of the Alhambra, {len(self.players)} players, {self._seed_words()}: {status}; scores {self.scores}>"
