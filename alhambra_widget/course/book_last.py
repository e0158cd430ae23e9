"""Lesson entries (see :mod:`.catalog`): two players, strategy, the Gardens."""

from __future__ import annotations

from typing import Any

from .positions import BACK, CHAIN, CROSS, RING, WALLED, game_start  # noqa: F401

E: list[dict[str, Any]] = [
    # -- two players ---------------------------------------------------------------------
    dict(
        id="two-cards",
        chapter="two",
        title="Money for two",
        rules=("R3",),
        teach="Alhambra plays with two as well. Before dealing, one card of each currency and value (four currencies, values 1 to 9) leaves the game, and an imaginary third collector joins (the next lessons).",
        teaches=("R3",),
        needs=("R1", "R3"),
        goal="How many money cards does a game of two players use?",
        task="numbers",
        start={"players": 2},
        want={"oracle": "cards"},
        hints=(
            "Start from the cards of a bigger game.",
            "One card of each currency and value leaves.",
        ),
    ),
    dict(
        id="dirk-draw",
        chapter="two",
        title="Dirk after round 2",
        rules=("R3",),
        teach="With two players, Dirk is the third collector. He takes 6 tiles from the bag at setup, 6 more after scoring round 1, and after round 2 a third of the tiles then in the bag, rounded down. His tiles count for the majorities; he has no turns, no money and no wall.",
        needs=("R3",),
        goal="Two players. Scoring round 2 is over and the bag holds 26 tiles. How many does Dirk take?",
        task="numbers",
        start={"after_round": 2, "bag": 26},
        want={"oracle": "dirk"},
        hints=("After round 2 Dirk takes a share of the bag.", "Round down."),
    ),
    dict(
        id="dirk-give",
        chapter="two",
        title="A tile for Dirk",
        rules=("R3", "R10"),
        teach="In a two-player game a bought tile has a third way out besides your Alhambra and your reserve: Dirk may take it. Dirk's tiles count for the majorities, so a tile for him can push a player down a place, your rival or you.",
        needs=("R3", "R10", "points-table"),
        goal="Two players, round 2 comes next. You must place the tower you bought. Which choice leaves you best off against Ben? "
        "Judged by the engine: your round-2 points minus Ben's.",
        task="choose",
        start={
            "me": "You",
            "round": 2,
            "position": {
                "You": {"alhambra": {"1,0": "garden 7", "0,1": "pavilion 4"}},
                "Ben": {"counts": {"tower": 2, "garden": 1}, "wall": 0},
                "Dirk": {"tiles": ["tower 11", "tower 12", "garden 10"]},
            },
            "options": [
                {"label": "build it at (-1, 0)", "do": [["add", "You", "tower 9", "-1,0"]]},
                {"label": "put it on your reserve", "do": [["reserve", "You", "tower 9"]]},
                {"label": "give it to Dirk", "do": [["give_dirk", "tower 9"]]},
            ],
        },
        want={"oracle": "best"},
        hints=(
            "Dirk's tiles count for the majorities.",
            "Who holds the most towers now: Ben or Dirk?",
        ),
    ),
    # -- strategy ------------------------------------------------------------------------
    dict(
        id="majority-or-wall",
        chapter="strategy",
        title="Majority or wall?",
        rules=("R10", "R11"),
        teach="Strategy weighs the points of the next scoring round. The engine scores each choice as the round would (each kind's places and your wall, for every player) and compares your points with the best other player's: the biggest margin wins. The feedback says where each total comes from.",
        teaches=("margin",),
        needs=("R10", "R11", "points-table", "margin"),
        goal="Round 2 comes next. You can build one of two tiles. Which choice scores you more against Ben? "
        "Judged by the engine: your round-2 points minus Ben's, for each choice.",
        task="choose",
        start={
            "me": "You",
            "round": 2,
            "position": {
                "You": {
                    "alhambra": {"1,0": "arcades 6 N", "2,0": "garden 7 NE", "0,1": "seraglio 5 W"}
                },
                "Ben": {"counts": {"arcades": 1, "tower": 2, "garden": 1}, "wall": 3},
            },
            "options": [
                {"label": "the arcades at (-1, 0)", "do": [["add", "You", "arcades 8", "-1,0"]]},
                {
                    "label": "the chambers at (2, 1)",
                    "do": [["add", "You", "chambers 9 ESW", "2,1"]],
                },
            ],
        },
        want={"oracle": "best"},
        hints=(
            "Work out the arcades majority with and without the new tile.",
            "Then count your longest wall both ways.",
        ),
    ),
    dict(
        id="deny",
        chapter="strategy",
        title="Reading what the others need",
        rules=("R10",),
        teach="A tile can be worth more where it breaks a tie or takes a place from a rival than where it adds to a lead you already hold.",
        needs=("R10", "points-table", "margin"),
        goal="Round 2 comes next. You can buy one tile. Which purchase leaves you best off against the others? "
        "Judged by the engine: your round-2 points minus the best other player's, for each choice.",
        task="choose",
        start={
            "me": "You",
            "round": 2,
            "position": {
                "You": {"alhambra": {"1,0": "tower 8", "0,1": "garden 7"}},
                "Ben": {"counts": {"tower": 1, "pavilion": 2}, "wall": 0},
                "Cem": {"counts": {"garden": 2, "pavilion": 2}, "wall": 0},
            },
            "options": [
                {
                    "label": "the tower, built at (-1, 0)",
                    "do": [["add", "You", "tower 10", "-1,0"]],
                },
                {
                    "label": "the garden, built at (-1, 0)",
                    "do": [["add", "You", "garden 9", "-1,0"]],
                },
                {
                    "label": "the pavilion, built at (-1, 0)",
                    "do": [["add", "You", "pavilion 5", "-1,0"]],
                },
            ],
        },
        want={"oracle": "best"},
        hints=(
            "For each kind, who is first and second now?",
            "A tile that breaks a tie can be worth more than a lead.",
        ),
    ),
    dict(
        id="reserve-wait",
        chapter="strategy",
        title="The reserve as a waiting room",
        rules=("R8", "R11"),
        teach="The reserve as a waiting room: a tile there scores nothing, but it can be built later where it fits best. Building now is right only if it scores more now.",
        needs=("R8", "R10", "R11", "margin"),
        goal="Round 2 comes next. Your reserve holds a walled tile. Which redesign scores you more against Ben? "
        "Judged by the engine: your round-2 points minus Ben's, for each choice.",
        task="choose",
        start={
            "me": "You",
            "round": 2,
            "position": {
                "You": {
                    "alhambra": {
                        "1,0": "pavilion 4 N",
                        "2,0": "seraglio 7 NE",
                        "0,1": "arcades 6 W",
                    },
                    "reserve": ["tower 11 ES"],
                },
                "Ben": {"counts": {"tower": 1, "pavilion": 1}, "wall": 3},
            },
            "options": [
                {
                    "label": "build the tower at (1, 1)",
                    "do": [["add", "You", "tower 11 ES", "1,1"]],
                },
                {
                    "label": "build the tower at (2, 1)",
                    "do": [["add", "You", "tower 11 ES", "2,1"]],
                },
                {"label": "keep it in reserve", "do": []},
            ],
        },
        want={"oracle": "best"},
        hints=(
            "A reserve tile counts for nothing in a scoring round.",
            "Compare towers and walls for each choice.",
        ),
    ),
    # -- the Gardens ---------------------------------------------------------------------
    dict(
        id="g-fields",
        chapter="gardens",
        title="Enclosing a building",
        rules=("G1",),
        teach="In the Gardens of the Alhambra, buildings stand on a 7 x 7 board, and garden fields lie between them, at their corners. A building is enclosed when every garden field at its corners holds a garden tile. Corners on the board's edge have no field.",
        picture={
            "gardens": {"players": ["Ann", "Ben", "Cem"], "seed": 2},
            "building": [3, 0],
            "caption": "The Gardens board: buildings (diamonds) and garden fields (octagons); the building asked about is marked.",
        },
        teaches=("G1",),
        needs=("G1",),
        goal="The Gardens: the building marked on the board (on the north edge). How many garden fields must be planted to enclose it?",
        task="numbers",
        start={"building": [3, 0]},
        want={"oracle": "g_fields"},
        hints=(
            "Garden fields lie at the buildings' corners.",
            "Corners off the board have no field.",
        ),
    ),
    dict(
        id="g-turn",
        chapter="gardens",
        title="Turning a garden tile",
        rules=("G2",),
        teach="A garden tile has four sides, each showing a kind of tree, listed clockwise from the north-east. Laying a tile you may turn it; each quarter turn clockwise moves every side one place on.",
        picture={
            "garden": "G07",
            "caption": "Garden tile G07 before any turn: its trees at the four diagonal sides.",
        },
        teaches=("G2",),
        needs=("G2",),
        goal="Garden tile G03 (its sides are listed below) is turned one quarter turn clockwise. Which kind faces north-east now?",
        task="choose",
        start={"garden": "G03", "turn": 1, "side": 0},
        want={"oracle": "g_side"},
        hints=(
            "The tile lists its sides clockwise from the north-east, before any turn.",
            "A quarter turn moves each side one place clockwise.",
        ),
    ),
    dict(
        id="g-first",
        chapter="gardens",
        title="The first garden tile",
        rules=("G3",),
        teach="The starting player lays the first garden tile, and it must keep off the board's edge. Fields are named (column, row), each from 0 to 5, as numbered along the board's top and left edges.",
        teaches=("G3",),
        needs=("G3",),
        goal="The Gardens, first tile of the game: click a garden field of the board where the starting player may lay it.",
        task="field",
        start={"players": ["Ann", "Ben", "Cem"], "seed": 2},
        want={"goal": "first"},
        hints=(
            "Fields are the octagons between the buildings, named (column, row): the column on the top edge, the row on the left.",
            "The first tile keeps away from the board's edge.",
        ),
    ),
    dict(
        id="g-next",
        chapter="gardens",
        title="Every later garden tile",
        rules=("G3",),
        teach="On your turn you lay the garden tile in your hand, turned as you like, then draw a new one. After the first tile, each tile must share a straight side with a tile already laid: the field just north, east, south or west of it. A field diagonally across a building from a laid tile is not next to it: a field's diagonal sides face buildings, not fields.",
        needs=("G3",),
        goal="Three garden tiles are laid. Click a garden field where the player to move may lay the tile in hand.",
        task="field",
        start={
            "players": ["Ann", "Ben", "Cem"],
            "seed": 2,
            "lays": [[2, 2, 0], [3, 2, 1], [3, 3, 2]],
        },
        want={"goal": "next"},
        hints=(
            "Look at the empty fields straight above, below, left or right of a laid tile.",
            "A field diagonal to a laid tile does not count: a building lies between them.",
        ),
    ),
    dict(
        id="g-winner",
        chapter="gardens",
        title="Which kind wins?",
        rules=("G4",),
        teach="When a building is enclosed, the trees facing it are counted per kind. Kinds whose counts are tied drop out, and the highest count that no other kind shares wins the building.",
        picture={
            "gardens": {
                "players": ["Ann", "Ben", "Cem"],
                "seed": 3,
                "lays": [[4, 2, 2], [3, 2, 0], [2, 2, 3], [4, 3, 2], [3, 3, 0]],
            },
            "caption": "Five garden tiles laid by the engine; the fifth encloses a building, which now shows the points it gave, in the winning kind's colour. The trees on the side of a tile that touches a building face it.",
        },
        teaches=("G4",),
        needs=("G4",),
        goal="Trees facing an enclosed building: lemon 4, orange 4, palm 3, lavender 1. Which kind wins it?",
        task="choose",
        start={"trees": {"lemon": 4, "orange": 4, "palm": 3, "lavender": 1}},
        want={"oracle": "winning_kind"},
        hints=("Tied counts drop out.",),
    ),
    dict(
        id="g-nobody",
        chapter="gardens",
        title="Two ties at the top",
        rules=("G4",),
        teach="Tied counts drop out, however high they are.",
        picture={
            "gardens": {
                "players": ["Ann", "Ben", "Cem"],
                "seed": 346,
                "lays": [[3, 2, 0], [3, 1, 3], [4, 2, 1], [4, 3, 2], [4, 1, 0]],
            },
            "caption": "A building enclosed where the two highest counts tie: the engine's count.",
        },
        needs=("G4",),
        goal="Trees facing a building: lemon 2, orange 2, palm 3, lavender 3. Which kind wins it?",
        task="choose",
        start={"trees": {"lemon": 2, "orange": 2, "palm": 3, "lavender": 3}},
        want={"oracle": "winning_kind"},
        hints=("Tied counts drop out.", "What is left when every count is tied?"),
    ),
    dict(
        id="g-points",
        chapter="gardens",
        title="Points for a building",
        rules=("G4",),
        teach="The owner of the winning kind scores the building's value times the number of kinds that have a tree facing it.",
        picture={
            "gardens": {
                "players": ["Ann", "Ben", "Cem"],
                "seed": 56,
                "lays": [[1, 1, 1], [1, 2, 3], [1, 3, 0], [2, 2, 3], [2, 1, 0]],
                "standings": True,
            },
            "caption": "Each player owns one kind of tree (Ann lemon, Ben orange, Cem palm); the winning kind's owner scores. A kind with no tree facing the building does not count.",
        },
        needs=("G4",),
        goal="A building of value 4 is enclosed. Facing it: lemon 3, orange 3, palm 2, no lavender. How many points does the winning kind's owner score?",
        task="numbers",
        start={"value": 4, "trees": {"lemon": 3, "orange": 3, "palm": 2, "lavender": 0}},
        want={"oracle": "g_points"},
        hints=(
            "Find the winning kind first.",
            "Multiply the value by the number of kinds with a tree facing it.",
        ),
    ),
    dict(
        id="g-end",
        chapter="gardens",
        title="The end of the Gardens",
        rules=("G5",),
        teach="The Gardens end when every garden field holds a garden tile.",
        picture={
            "gardens": {"players": ["Ann", "Ben", "Cem"], "seed": 2},
            "caption": "The Gardens board at the start: every field still empty.",
        },
        teaches=("G5",),
        needs=("G5", "G1"),
        goal="How many garden tiles lie on the board when the game ends?",
        task="numbers",
        start={},
        want={"oracle": "g_end"},
        hints=(
            "Count the garden fields: each holds one tile at the end.",
            "The fields lie at the inner corners of the 7 x 7 buildings.",
        ),
    ),
]
