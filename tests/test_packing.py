"""The engine's packed representation lives in one module (``engine/alhambra/packing.py``):
no other module of the engine shifts, or masks with a number; and the packing says what
it claims."""

import ast
from pathlib import Path

import pytest

from alhambra_widget.engine.alhambra import packing
from alhambra_widget.engine.alhambra.components import CARDS, CURRENCIES

ENGINE = Path(packing.__file__).resolve().parent.parent
SHIFTS = (ast.LShift, ast.RShift)
BIT_OPERATIONS = (ast.BitAnd, ast.BitOr, ast.BitXor)


def _is_number(node: ast.AST) -> bool:
    if isinstance(node, ast.UnaryOp):
        node = node.operand
    return isinstance(node, ast.Constant) and type(node.value) is int


def raw_packing(source: str) -> list[tuple[int, str]]:
    """The shifts, and the bit operations with a number, in ``source``: (line, code)."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.BinOp):
            left, op, right = node.left, node.op, node.right
        elif isinstance(node, ast.AugAssign):
            left, op, right = node.target, node.op, node.value
        else:
            continue
        if isinstance(op, SHIFTS) or (
            isinstance(op, BIT_OPERATIONS) and (_is_number(left) or _is_number(right))
        ):
            found.append((node.lineno, ast.unparse(node)))
    return found


def engine_modules() -> list[Path]:
    return [
        p for p in sorted(ENGINE.rglob("*.py")) if p.resolve() != Path(packing.__file__).resolve()
    ]


def test_no_module_of_the_engine_but_packing_shifts_or_masks():
    found = [
        f"{path.relative_to(ENGINE)}:{line}: {code}"
        for path in engine_modules()
        for line, code in raw_packing(path.read_text())
    ]
    assert len(engine_modules()) > 25
    assert found == [], "raw shifts or masks outside engine/alhambra/packing.py:\n" + "\n".join(
        found
    )


@pytest.mark.parametrize(
    "code",
    [
        "x = c >> 12",
        "x = c << 7",
        "x = v & 4095",
        "x = c | 128",
        "k |= 16",
        "x = 15 & code",
        "x = a ^ -1",
    ],
)
def test_the_scan_finds_a_planted_shift_or_mask(code):
    assert raw_packing(code) != []


@pytest.mark.parametrize(
    "code", ["x = walls & side", "x = near | side", "h ^= cell_hash(c, w)", "x = c // 128"]
)
def test_the_scan_lets_named_sets_and_arithmetic_pass(code):
    assert raw_packing(code) == []


def test_integer_cells_keep_the_order_of_positions_and_neighbours_are_steps():
    reach = range(-packing.REACH, packing.REACH + 1)
    cells = [packing.cell((x, y)) for x in reach for y in reach]
    assert cells == sorted(cells) and len(set(cells)) == len(cells)
    assert min(cells) > 0 and max(cells) < packing.CELLS
    for x, y in ((0, 0), (-54, 54), (3, -7)):
        c = packing.cell((x, y))
        assert packing.POSITION[c] == (x, y) and packing.CELL_KEY[c] == c
        assert packing.column(c) == x + packing.OFFSET and packing.row(c) == y + packing.OFFSET
        assert (
            packing.cell((x + 1, y)) == c + packing.EAST
            and packing.cell((x, y - 1)) == c + packing.NORTH
        )
    assert packing.cell((0, 0)) == packing.FOUNTAIN_CELL


def test_sides_and_cell_codes():
    assert [packing.opposite(s) for s in packing.SIDES] == [
        packing.S,
        packing.W,
        packing.N,
        packing.E,
    ]
    assert packing.SIDE_COUNT[packing.N | packing.S | packing.W] == 3
    code = packing.code_of(packing.N | packing.E, packing.E)
    assert packing.touching(code) == packing.N | packing.E and packing.walled(code) == packing.E
    code = packing.with_neighbour(code, packing.S, True)
    assert packing.touching(code) == packing.N | packing.E | packing.S
    assert packing.walled(code) == packing.E | packing.S
    code = packing.with_neighbour(code, packing.E, False)
    assert packing.walled(code) == packing.S
    code = packing.without_neighbour(code, packing.S)
    assert (packing.touching(code), packing.walled(code)) == (packing.N | packing.E, 0)
    assert all(
        packing.code_of(t, w) < packing.CODES
        for t in range(packing.SIDE_SETS)
        for w in range(packing.SIDE_SETS)
    )


def test_card_codes_sort_as_the_cards_and_name_their_value():
    rank = {c: i + 1 for i, c in enumerate(sorted(CURRENCIES))}
    cards = sorted(CARDS.values())
    codes = [packing.card_code(rank[c.currency], c.value) for c in cards]
    assert codes == sorted(codes) and len(set(codes)) == len(codes)
    assert [packing.card_value(k) for k in codes] == [c.value for c in cards]
    assert packing.digits(3152, 4, 10) == [3, 1, 5, 2]
