"""A fixed integer encoding of every move, and a driver that plays a game by it.

**Alhambra** (:class:`AlhambraCodec`, :data:`ALHAMBRA_SIZE` indices). A move is one or
two *steps*, or a purchase's ``k + 2`` (the tile, each of the k cards paid, then the
end of the payment: R6 gives no change, so k is at most the cards in hand); each
engine move has exactly one sequence of steps and each sequence one move (a
bijection), and no sequence is the start of another:

==============================  =====================================================
move (R4-R9, R12)               steps
==============================  =====================================================
:class:`TakeMoney` (R5)         ``TAKE + k``: the k-th set of cards of :data:`TAKES`
:class:`Buy` (R6)               ``BUY + slot``, then ``PAY + value - 1`` for each card
                                paid, largest first, then ``PAID``
:class:`Place` (R9, R12)        ``TILE + i`` (the i-th of the 54 tiles), ``CELL + c``
:class:`Reserve` (R9, R12)      ``TILE + i``, ``RESERVE``
:class:`GiveToDirk` (R3)        ``TILE + i``, ``DIRK``
:class:`FromReserve` (R8)       ``TILE + i`` (a reserve tile), ``CELL + c`` (empty)
:class:`Exchange` (R8)          ``TILE + i`` (a reserve tile), ``CELL + c`` (built)
:class:`ToReserve` (R8)         ``CELL + c``
:class:`Pass`                   ``PASS``
==============================  =====================================================

Cell ``(x, y)`` (-54..54 each: 54 tiles reach no farther, R1) is
``c = (x + 54) * 109 + (y + 54)``. Tile ``i`` is ``building_tiles()[i]`` (the 54 tiles
are distinct). Slot ``s`` is ``CURRENCIES[s]``.

**Gardens** (:class:`GardensCodec`, :data:`GARDENS_SIZE` = 5184 indices): one step per
move, :class:`Lay` of garden tile ``i`` (``garden_tiles()[i]``) on field ``(x, y)``
turned ``r`` times is ``i * 144 + (y * 6 + x) * 4 + r``.

:class:`Steps` plays an engine game by these integers: ``legal()`` lists the steps
allowed now (the engine's legal moves, numbered: nothing else), ``step(i)`` takes one,
applying the engine move when its last step is made. A step not allowed now raises
the engine's :class:`~alhambra_widget.engine.errors.IllegalAction` (the engine's own
refusal when the steps name a whole move); an integer outside the encoding raises
:class:`~alhambra_widget.engine.errors.MalformedInput`.
"""

from __future__ import annotations

from typing import Any

from ..engine.alhambra.actions import (
    Action,
    Buy,
    Exchange,
    FromReserve,
    GiveToDirk,
    Pass,
    Place,
    Reserve,
    TakeMoney,
    ToReserve,
)
from ..engine.alhambra.components import CARDS as _CARD_TABLE
from ..engine.alhambra.components import CURRENCIES, Card, Tile, building_tiles
from ..engine.alhambra.listing import takes as _engine_takes
from ..engine.alhambra.packing import REACH as MAX_TILES
from ..engine.errors import GameError, IllegalAction, MalformedInput
from ..engine.gardens.components import FIELDS, garden_tiles
from ..engine.gardens.game import GardensGame, Lay

Seq = tuple[int, ...]

CARDS: tuple[Card, ...] = tuple(_CARD_TABLE.values())
"""The 36 distinct money cards, by currency then value (the engine's card table)."""

DISPLAY = 4
"""The encoding numbers the takes from a display of up to four cards (R2, R9: four
money cards lie face up)."""


def _takes() -> tuple[tuple[Card, ...], ...]:
    """Every choice of cards the engine's listing (R5) allows from some display of up to
    :data:`DISPLAY` cards: each card alone (36), then the sets of several cards, sorted
    by size then cards. A set of k + 1 cards is tried as a display of its own, grown from
    an allowed set of k cards (every part of an allowed set is allowed: values only add
    up); ``tests/test_research.py`` checks this against every display of four cards."""
    singles = [a.cards for c in CARDS for a in _engine_takes((c,))]
    found: list[tuple[Card, ...]] = []
    grown = singles
    for _size in range(2, DISPLAY + 1):
        bigger = [(*s, c) for s in grown for c in CARDS if c >= s[-1]]
        grown = [s for s in bigger if any(a.cards == s for a in _engine_takes(s))]
        found += grown
    return tuple(singles) + tuple(sorted(found, key=lambda s: (len(s), s)))


TAKES = _takes()
TILES: tuple[Tile, ...] = building_tiles()
REACH = MAX_TILES
"""No cell is farther than this from the fountain (R1: 54 tiles reach no farther)."""
WIDTH = 2 * REACH + 1
TAKE = 0
BUY = TAKE + len(TAKES)
PAY = BUY + len(CURRENCIES)
PAID = PAY + max(c.value for c in CARDS)  # a step per card value (R1: 1-9)
TILE = PAID + 1
CELL = TILE + len(TILES)
RESERVE = CELL + WIDTH * WIDTH
DIRK = RESERVE + 1
PASS = DIRK + 1
ALHAMBRA_SIZE = PASS + 1

_TAKE_INDEX = {cards: TAKE + k for k, cards in enumerate(TAKES)}
_TILE_INDEX = {t: TILE + i for i, t in enumerate(TILES)}
_CURRENCY_INDEX = {c: BUY + i for i, c in enumerate(CURRENCIES)}


def cell_index(pos: tuple[int, int]) -> int:
    """The step that names cell ``pos`` (``CELL + c``)."""
    return CELL + (pos[0] + REACH) * WIDTH + (pos[1] + REACH)


def cell_pos(index: int) -> tuple[int, int]:
    """The cell a cell step names (the inverse of :func:`cell_index`)."""
    x, y = divmod(index - CELL, WIDTH)
    return (x - REACH, y - REACH)


class AlhambraCodec:
    """The Alhambra encoding (see the module's table)."""

    size = ALHAMBRA_SIZE
    game = "alhambra"

    @staticmethod
    def encode(game: Any, a: Action) -> Seq:
        """The steps that name move ``a`` (see the module's table)."""
        k = type(a)
        if k is TakeMoney:
            return (_TAKE_INDEX[a.cards],)  # type: ignore[attr-defined]
        if k is Buy:
            b: Buy = a  # type: ignore[assignment]
            return (_CURRENCY_INDEX[b.currency], *[PAY + v - 1 for v in b.pay], PAID)
        if k is ToReserve:
            return (cell_index(a.pos),)  # type: ignore[attr-defined]
        if k is Pass:
            return (PASS,)
        tile = _TILE_INDEX[a.tile]  # type: ignore[attr-defined]
        if k is Reserve:
            return (tile, RESERVE)
        if k is GiveToDirk:
            return (tile, DIRK)
        return (tile, cell_index(a.pos))  # type: ignore[attr-defined]

    @staticmethod
    def decode(game: Any, seq: Seq) -> Action | None:
        """The move a whole sequence of steps names (``None``: not a whole move), as
        the steps say it, legal or not: the engine judges it."""
        first, last = seq[0], seq[-1]
        if len(seq) == 1:
            if TAKE <= first < BUY:
                return TakeMoney(TAKES[first - TAKE])
            if CELL <= first < RESERVE:
                return ToReserve(cell_pos(first))
            return Pass() if first == PASS else None
        if BUY <= first < PAY:
            pays = seq[1:-1]
            if last != PAID or not pays or not all(PAY <= p < PAID for p in pays):
                return None
            return Buy(CURRENCIES[first - BUY], tuple(p - PAY + 1 for p in pays))
        if len(seq) != 2 or not TILE <= first < CELL:
            return None
        tile = TILES[first - TILE]
        if last == RESERVE:
            return Reserve(tile)
        if last == DIRK:
            return GiveToDirk(tile)
        if not CELL <= last < RESERVE:
            return None
        pos = cell_pos(last)
        if game.phase != "act":
            return Place(tile, pos)
        built = pos in game.current_player.alhambra.tiles
        return Exchange(tile, pos) if built else FromReserve(tile, pos)

    @staticmethod
    def rule(game: Any, index: int) -> str:
        """The ruling a refused step falls under, for the refusal's sentence."""
        if index < BUY:
            return "R5"
        if index < TILE:
            return "R6"
        if game.phase == "gift":
            return "R12"
        return "R9" if game.phase == "place" else "R8" if index < PASS else "R4"

    @staticmethod
    def describe(index: int) -> str:
        """A step in words (for docs and notebooks)."""
        if TAKE <= index < BUY:
            return "take " + " + ".join(map(str, TAKES[index - TAKE]))
        if index < PAY:
            return f"buy the {CURRENCIES[index - BUY]} tile"
        if index < PAID:
            return f"pay a card of value {index - PAY + 1}"
        if index == PAID:
            return "that is the payment"
        if index < CELL:
            return f"the tile {TILES[index - TILE]}"
        if index < RESERVE:
            return f"cell {cell_pos(index)}"
        return {RESERVE: "onto the reserve", DIRK: "to Dirk", PASS: "pass"}.get(index, "?")


GARDEN_TILES = garden_tiles()
GARDENS_SIZE = len(GARDEN_TILES) * FIELDS * FIELDS * 4
_GARDEN_INDEX = {t.id: i for i, t in enumerate(GARDEN_TILES)}


class GardensCodec:
    """The Gardens encoding: ``tile * 144 + (y * 6 + x) * 4 + turn``."""

    size = GARDENS_SIZE
    game = "gardens"

    @staticmethod
    def encode(game: Any, a: Lay) -> Seq:
        """The single step that names a lay (G3): tile, field and turn."""
        x, y = a.field
        return (_GARDEN_INDEX[a.tile] * 144 + (y * FIELDS + x) * 4 + a.turn,)

    @staticmethod
    def decode(game: Any, seq: Seq) -> Lay | None:
        """The lay a step names (``None`` unless the sequence is one step), legal or not: the engine
        judges it."""
        tile, rest = divmod(seq[0], 144)
        f, turn = divmod(rest, 4)
        y, x = divmod(f, FIELDS)
        return Lay(GARDEN_TILES[tile].id, (x, y), turn) if len(seq) == 1 else None

    @staticmethod
    def rule(game: Any, index: int) -> str:
        """The ruling a refused step falls under: always G3 (the turn)."""
        return "G3"

    @staticmethod
    def describe(index: int) -> str:
        """A step in words (the lay it names)."""
        return str(GardensCodec.decode(None, (index,)))


def codec_for(game: Any) -> Any:
    """The codec of an engine game: GardensCodec for the Gardens, else AlhambraCodec."""
    return GardensCodec if isinstance(game, GardensGame) else AlhambraCodec


class Steps:
    """An engine game played by integer steps (see the module). ``prefix`` holds the
    steps of the move begun (public: every seat sees them)."""

    __slots__ = ("_tree", "codec", "game", "prefix")

    def __init__(self, game: Any, prefix: Seq = ()):
        self.game = game
        self.codec = codec_for(game)
        self.prefix: Seq = ()
        self._tree: tuple[dict[Seq, list[int]], dict[Seq, Any]] | None = None
        for i in prefix:
            self.step(i)

    def _moves(self) -> tuple[dict[Seq, list[int]], dict[Seq, Any]]:
        """For the engine state: each begun sequence -> the next steps allowed, and
        each whole sequence -> its engine move (built once per state)."""
        tree = self._tree
        if tree is None:
            nexts: dict[Seq, list[int]] = {}
            whole: dict[Seq, Any] = {}
            enc = self.codec.encode
            g = self.game
            for a in g.legal_actions():
                seq = enc(g, a)
                whole[seq] = a
                for n in range(len(seq)):
                    nexts.setdefault(seq[:n], []).append(seq[n])
            for k, v in nexts.items():
                nexts[k] = sorted(set(v))
            tree = self._tree = (nexts, whole)
        return tree

    @property
    def over(self) -> bool:
        """True once the game is over."""
        return bool(self.game.is_over)

    def legal(self) -> list[int]:
        """The steps allowed now, ascending (empty once the game is over)."""
        if self.game.is_over:
            return []
        return self._moves()[0].get(self.prefix, [])

    def mask(self) -> list[int]:
        """The legal steps as a 0/1 list over every step of the codec."""
        m = [0] * self.codec.size
        for i in self.legal():
            m[i] = 1
        return m

    def step(self, index: object) -> Any:
        """Take step ``index``; returns the engine move applied, or ``None`` while the
        move is still being made. Refused whole: the game does not change."""
        if type(index) is not int and not hasattr(index, "__index__"):
            raise MalformedInput(f"A step is an integer, not {index!r}.")
        i = int(index)
        if not 0 <= i < self.codec.size:
            raise MalformedInput(f"Steps run from 0 to {self.codec.size - 1}, not {i}.")
        if self.game.is_over:
            raise IllegalAction(
                "R12" if self.codec.game == "alhambra" else "G5", "The game is over."
            )
        nexts, whole = self._moves()
        seq = (*self.prefix, i)
        if i not in nexts.get(self.prefix, ()):
            raise self._refusal(seq)
        move = whole.get(seq)
        if move is None:
            self.prefix = seq
            return None
        self.game.apply(move)
        self.prefix = ()
        self._tree = None
        return move

    def apply(self, move: Any) -> None:
        """Apply a whole engine move (a bot's), between moves made by steps."""
        if self.prefix:
            raise GameError("A move is being made by steps: finish it first.")
        self.game.apply(move)
        self._tree = None

    def _refusal(self, seq: Seq) -> IllegalAction:
        """The engine's refusal of the move the steps name; else why the step is not
        among those allowed now."""
        g = self.game
        try:
            move = self.codec.decode(g, seq)
        except GameError as e:  # the steps name an impossible move
            move, why = None, e.sentence
        else:
            why = ""
        if move is not None:
            err = g.why_illegal(move)
            if isinstance(err, IllegalAction):
                return err
        rule = self.codec.rule(g, seq[-1])
        done = ", ".join(self.codec.describe(s) for s in seq[:-1]) or "nothing yet"
        return IllegalAction(
            rule,
            f"{rule}: the step '{self.codec.describe(seq[-1])}' is not allowed now "
            f"(steps of this move so far: {done}). {why}".strip(),
        )

    def copy(self) -> Steps:
        """An independent copy: the game copied, the move begun kept."""
        s = Steps.__new__(Steps)
        s.game = self.game.copy()
        s.codec = self.codec
        s.prefix = self.prefix
        s._tree = self._tree  # the same state: the same moves
        return s

    def __deepcopy__(self, memo: Any) -> Steps:
        return self.copy()  # (OpenSpiel clones a state by deep-copying its attributes)

    def determinize(self, seat: int, seed: int) -> Steps:
        """The engine's :meth:`determinize` for ``seat``, with the move begun kept: when
        another seat is making a move, a redraw that cannot continue it (its payment
        so far, which every seat saw) is drawn again, up to 100 times, and then
        refused (GameError). OpenSpiel's ISMCTS only redraws for the seat to move."""
        for k in range(100):
            s = Steps.__new__(Steps)
            s.game = self.game.determinize(seat, f"{seed}:{k}")
            s.codec = self.codec
            s.prefix = self.prefix
            s._tree = None
            if not self.prefix or s.prefix in s._moves()[0]:
                return s
        raise GameError("No redraw continues the move begun.")
