"""What-if tools: breakdowns add up, comparisons are consistent, rankings agree with
placing the tile and scoring, win chances count every continuation."""

import random

import pytest

from alhambra_widget import Game, IllegalAction, Tile
from alhambra_widget.engine.errors import MalformedInput
from alhambra_widget.whatif import PlainFrame, Position, compare, rank_placements, win_chances


def midgame(seed=3, steps=150, n=4):
    g = Game([f"P{i}" for i in range(n)], seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        g.apply(rng.choice(g.legal_actions()))
    return g


@pytest.mark.parametrize("seed", range(5))
def test_breakdown_adds_up_to_the_totals(seed):
    p = Position.from_game(midgame(seed))
    for rnd in (1, 2, 3):
        r = p.score(rnd)
        for n, total in r.totals.items():
            kinds = sum(k.points[n] for k in r.kinds)
            walls = r.walls[n].length if n in r.walls else 0
            assert kinds + walls == total
        df = p.table(rnd)
        assert (df.drop(columns="total").sum(axis=1) == df["total"]).all()


def test_position_from_game_matches_the_games_own_preview_and_is_a_free_copy():
    g = midgame(4)
    p = Position.from_game(g)
    assert p.score(2).totals == g.scoring_preview(2).totals
    name = g.players[0].name
    tile = next(t for t in g.bag if p.seats[name].alhambra.legal_positions(t))
    cell = sorted(p.seats[name].alhambra.legal_positions(tile))[0]
    p.add(name, tile, cell)
    assert g.players[0].alhambra.get(cell) is None  # the game is untouched
    assert Position.from_game(g, step=0).score(3).totals == dict.fromkeys(g.scores, 0)


def test_position_from_description_with_counts_only_players_and_dirk():
    p = Position.from_description(
        {
            "Kim": {"counts": {"tower": 4}, "wall": 3},
            "Nina": {"alhambra": {"1,0": "tower 11", (0, 1): "tower 12"}},
            "Dirk": {"tiles": ["tower 13 E", "garden 10"]},
        }
    )
    r = p.score(2)
    assert r.totals["Kim"] == 13 + 3 and r.totals["Nina"] == 6 + 0 and r.totals["Dirk"] == 12
    with pytest.raises(IllegalAction):
        Position.from_description({"Ann": {"alhambra": {"2,0": "tower 11"}}})  # R7c
    with pytest.raises(MalformedInput):
        p.add("Kim", "garden 10", (1, 0))  # counts only: nothing to build in
    d = r.to_dict()  # counts-only players have a wall length and no segments
    assert d["walls"]["Kim"] == {"name": "Kim", "length": 3, "segments": []}
    with pytest.raises(IllegalAction) as e:
        p.add("Nina", "fountain", (1, 1))
    assert e.value.rule == "R1"


def test_changes_keep_the_rules_and_move_is_all_or_nothing():
    p = Position.from_description({"Ann": {"alhambra": {"1,0": "garden 10", "2,0": "tower 11"}}})
    with pytest.raises(IllegalAction) as e:
        p.remove("Ann", (1, 0))
    assert e.value.rule == "R7c"
    with pytest.raises(IllegalAction):
        p.move("Ann", (2, 0), (5, 5))
    assert p.seats["Ann"].alhambra.get((2, 0)) == Tile("tower", 11)
    p.move("Ann", (2, 0), (0, 1))
    assert p.seats["Ann"].alhambra.get((0, 1)) == Tile("tower", 11)
    assert p.remove("Ann", (0, 1)) == Tile("tower", 11) and p.seats["Ann"].reserve == [
        Tile("tower", 11)
    ]


@pytest.mark.parametrize("seed", range(4))
def test_comparison_is_consistent(seed):
    a = Position.from_game(midgame(seed))
    b = a.copy()
    name = next(iter(b.seats))
    alh = b.seats[name].alhambra
    for t in Game(["x", "y"], seed=seed).bag:
        cells = sorted(alh.legal_positions(t))
        if cells and t not in alh.tiles.values():
            b.add(name, t, cells[0])
            break
    for rnd in (1, 2, 3):
        c = compare(a, b, rnd)
        df = c.table()
        assert ((df["b"] - df["a"]) == df["change"]).all()
        for n in a.seats:
            items = df.loc[n].drop(index="total")
            assert items["change"].sum() == df.loc[(n, "total"), "change"]
        same = compare(a, a, rnd).table()
        assert (same["change"] == 0).all()
        back = compare(b, a, rnd).table()
        assert (back["change"] == -df["change"]).all()


def test_R10_R11_rankings_on_a_position_worked_out_by_hand():
    """Ann: the fountain and a tower walled on the north at (1, 0). Ben: one tower, two
    gardens, no wall. Ann's tile: a garden walled on the north.

    By R7a the garden cannot stand south of the fountain or the tower (its north wall
    against an open side), nor north of the tower (its open south side against the
    tower's wall): it fits at (-1, 0), (0, -1) and (2, 0). Only at (2, 0) does its north
    wall join the tower's, end to end, into a wall of 2 (R11); elsewhere it stands alone
    (1, like the tower's). Towers tie 1-1 for first (R10: places 1 and 2 shared); the
    garden makes Ann second to Ben's two. By the R10 table:
    round 1: tower (6+0)//2 = 3, second garden 0;
    round 2: tower (13+6)//2 = 9, second garden 5;
    round 3: tower (21+13)//2 = 17, second garden 12."""
    p = Position.from_description(
        {
            "Ann": {"alhambra": {"1,0": "tower 11 N"}},
            "Ben": {"counts": {"tower": 1, "garden": 2}, "wall": 0},
        }
    )
    tower, garden = {1: 3, 2: 9, 3: 17}, {1: 0, 2: 5, 3: 12}
    for rnd in (1, 2, 3):
        r = rank_placements(p, "Ann", "garden 10 N", rnd)
        got = {o.where: (o.points, o.points_change, o.wall, o.wall_change) for o in r.options}
        before = tower[rnd] + 1  # the tower's wall of 1
        assert got == {
            (2, 0): (tower[rnd] + garden[rnd] + 2, garden[rnd] + 1, 2, 1),
            (-1, 0): (tower[rnd] + garden[rnd] + 1, garden[rnd], 1, 0),
            (0, -1): (tower[rnd] + garden[rnd] + 1, garden[rnd], 1, 0),
            "reserve": (before, 0, 1, 0),  # the reserve never counts (R10)
        }, rnd
        assert r.options[0].where == (2, 0)  # the best cell, by construction
        best = r.options[0].places
        assert best["garden"] == ("-", "2") and best["tower"] == ("1 (shared 1+2)",) * 2
        assert r.options[-1].where == "reserve" and r.options[-1].places["garden"] == ("-", "-")
        assert len(r.table()) == 4
    svg = r.heatmap()._repr_svg_()
    assert svg.startswith("<svg") and "reserve" in svg


@pytest.mark.parametrize("seed", range(3))
def test_rankings_agree_with_placing_the_bought_tile_in_the_game(seed):
    """Another route to the same numbers: the game itself places the tile (a Place or
    Reserve action on a copy of the game) and previews the round."""
    import copy

    from reference import r7

    from alhambra_widget.engine.alhambra.actions import Place, Reserve

    g = Game(["P0", "P1", "P2"], seed=seed)
    rng = random.Random(seed)
    checked = 0
    while not g.is_over and checked < 3:
        if g.phase == "place" and len(g.current_player.bought) == 1:
            name, tile = g.current_player.name, g.current_player.bought[0]
            cells = r7.legal_cells(r7.layout_of(g.current_player.alhambra), tile.walls)
            for rnd in (1, 2, 3):
                r = rank_placements(Position.from_game(g), name, tile, rnd)
                assert {o.where for o in r.options} == cells | {"reserve"}
                before = g.scoring_preview(rnd).totals[name]
                for o in r.options:
                    trial = copy.deepcopy(g)
                    trial.apply(Reserve(tile) if o.where == "reserve" else Place(tile, o.where))
                    after = trial.scoring_preview(rnd)
                    assert o.points == after.totals[name], (rnd, o)
                    assert o.points_change == after.totals[name] - before
                    assert o.wall == after.walls[name].length
                pts = [o.points for o in r.options]
                assert pts == sorted(pts, reverse=True)
            checked += 1
        g.apply(rng.choice(g.legal_actions()))
    assert checked == 3


def test_win_chances_count_every_continuation():
    g = midgame(2, steps=200)
    cands = g.legal_actions()[:3]
    wc = win_chances(g, cands, n=20, progress=False, seed=1)
    df = wc.table()
    assert list(df.columns) == [p.name for p in g.players] and len(df) == 3
    assert all(abs(row.sum() - 1.0) < 1e-9 for _, row in df.iterrows())  # shared wins split
    import matplotlib

    matplotlib.use("Agg")
    ax = wc.plot()
    assert ax.get_xlabel().startswith("chance of winning")
    again = win_chances(g, cands, n=20, progress=False, seed=1).table()
    assert again.equals(df)  # seeded: reproducible
    assert g.step == 200  # the game itself is untouched


def test_ranking_defaults_to_the_next_scoring_round():
    g = midgame(1, steps=10)
    p = Position.from_game(g)
    assert p.next_round == 1 + len(g.scoring_cards_drawn)
    assert rank_placements(p, g.players[0].name, g.bag[0]).round == p.next_round
    assert Position.from_description({"A": {"counts": {}}}).next_round == 3


def _position():
    g = Game(["P1", "P2", "P3"], seed=5)
    rng = random.Random(5)
    for _ in range(120):
        g.apply(rng.choice(g.legal_actions()))
    return g, g.legal_actions()[:2]


def test_win_chances_are_the_same_whatever_the_executor():
    from concurrent.futures import ThreadPoolExecutor

    from alhambra_widget.whatif import InProcessExecutor

    g, cands = _position()
    before = g.to_json()
    runs = [
        win_chances(g, cands, n=30, seed=3, progress=False, executor=InProcessExecutor()),
        win_chances(g, cands, n=30, seed=3, progress=False, executor=ThreadPoolExecutor(2)),
        win_chances(g, cands, n=30, seed=3, progress=False),  # the default process pool
    ]
    assert runs[0].wins == runs[1].wins == runs[2].wins
    assert all(sum(w.values()) == pytest.approx(30) for w in runs[0].wins.values())
    assert g.to_json() == before  # the game itself is untouched
    other = win_chances(g, cands, n=30, seed=4, progress=False, executor=InProcessExecutor())
    assert other.wins != runs[0].wins  # the seed matters


def test_win_chances_on_a_real_dask_cluster():
    distributed = pytest.importorskip("distributed")
    from alhambra_widget.whatif import InProcessExecutor

    g, cands = _position()
    local = win_chances(g, cands, n=20, seed=7, progress=False, executor=InProcessExecutor())
    with (
        distributed.LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        remote = win_chances(g, cands, n=20, seed=7, progress=False, executor=client.get_executor())
    assert remote.wins == local.wins


def _without_pandas(monkeypatch):
    import sys

    monkeypatch.setitem(sys.modules, "pandas", None)  # as if pandas were not installed


def test_without_pandas_every_table_is_drawn_with_the_same_rows(monkeypatch):
    g = midgame(3, steps=150)
    p = Position.from_game(g)
    name = g.players[0].name
    other = p.copy()
    cell = sorted(other.seats[name].alhambra.legal_positions(g.bag[0]))[0]
    other.add(name, g.bag[0], cell)
    cands = g.legal_actions()[:3]
    frames = {
        "position": p.table(2),
        "compare": compare(p, other, 3).table(),
        "ranking": rank_placements(p, name, g.bag[0], 3).table(),
        "chances": win_chances(g, cands, n=10, progress=False, seed=2).table(),
    }
    _without_pandas(monkeypatch)
    tables = {
        "position": p.table(2),
        "compare": compare(p, other, 3).table(),
        "ranking": rank_placements(p, name, g.bag[0], 3).table(),
        "chances": win_chances(g, cands, n=10, progress=False, seed=2).table(),
    }
    for what, t in tables.items():
        df = frames[what]
        assert isinstance(t, PlainFrame), what
        assert len(t) == len(df) and t.columns == [str(c) for c in df.columns], what
        if t.index:
            labels = [tuple(r[i] for i in t.index) for r in t]
            assert [x if isinstance(x, tuple) else (x,) for x in df.index] == labels, what
        for row, (_, expected) in zip(t, df.iterrows()):
            assert [row[c] for c in t.columns] == list(expected), what
        assert "pandas is not installed" in t._repr_html_() and "whatif" in repr(t)
    assert "<td>" in tables["position"]._repr_html_()


def test_a_plot_without_the_whatif_extra_names_the_extra(monkeypatch):
    import sys

    g = midgame(2, steps=200)
    wc = win_chances(g, g.legal_actions()[:2], n=4, progress=False, seed=1)
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    monkeypatch.setitem(sys.modules, "matplotlib.pyplot", None)
    with pytest.raises(ImportError, match=r'pip install "alhambra-widget\[whatif\]"'):
        wc.plot()


def _luminance(colour: str) -> float:
    c = colour.lstrip("#")
    if len(c) == 3:
        c = "".join(ch * 2 for ch in c)
    r, g, b = (int(c[i : i + 2], 16) for i in (0, 2, 4))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def test_every_still_picture_brings_its_own_light_paper_and_dark_ink():
    """An output's SVG does not follow the notebook's theme: on a dark notebook a picture
    without its own background draws black on black. Each one paints a light page first
    and sets dark ink, and its texts are not drawn lighter than that."""
    import xml.etree.ElementTree as ET

    from alhambra_widget import AlhambraWidget

    g = midgame(3, steps=120)
    pos = Position.from_game(g)
    name = g.players[0].name
    ranking = rank_placements(pos, name, Tile("tower", 8, "NE"), 2)
    pictures = {
        "alhambra": g.players[0].alhambra._repr_svg_(),
        "game": AlhambraWidget(g)._picture(),
        "position": pos._repr_svg_(),
        "heat map": ranking.heatmap()._repr_svg_(),
    }
    ns = "{http://www.w3.org/2000/svg}"
    for what, svg in pictures.items():
        root = ET.fromstring(svg)
        first = root[0]
        assert first.tag == ns + "rect" and first.get("width") == "100%", what
        assert _luminance(first.get("fill")) > 230, what
        assert _luminance(root.get("fill")) < 60, what
        for text in root.iter(ns + "text"):
            assert text.get("fill") is None or _luminance(text.get("fill")) < 60, (what, text.text)


def test_the_names_before_the_rename_still_import_with_a_warning() -> None:
    import alhambra_widget.whatif as whatif

    with pytest.warns(DeprecationWarning, match="PositionPlayer"):
        assert whatif.Seat is whatif.PositionPlayer
    with pytest.warns(DeprecationWarning, match="PlainFrame"):
        assert whatif.Table is whatif.PlainFrame
    with pytest.raises(AttributeError):
        whatif.Nothing  # noqa: B018
