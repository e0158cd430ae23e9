"""The course: every lesson, in order, grouped in chapters. A new lesson is one entry.

Each entry gives a start position, a task (the kind of answer: ``build``, ``break``,
``remove``, ``exchange``, ``take``, ``buy``, ``turn``, ``place``, ``numbers``,
``choose``) and ``want`` (what the engine is asked); never the answer. Goals and hints
must not give the answer away (``tests/test_course.py`` checks it).
"""

from __future__ import annotations

from typing import Any

from .lessons import Lesson
from .lessons.coached import COACHED

CHAPTERS: dict[str, str] = {
    "basics": "Cells, cards and the first player",
    "money": "Money and buying",
    "building": "The building rules",
    "redesign": "Redesigning and the reserve",
    "scoring": "Scoring rounds",
    "walls": "Walls",
    "end": "The end of the game",
    "two": "Two players and Dirk",
    "strategy": "Strategy, with the what-if tools",
    "gardens": "The Gardens of the Alhambra",
    "coached": "A coached game",
}
"""Chapter id -> title, in course order (the notebooks follow the chapters)."""

# Alhambras the lessons start from ("x,y": tile; the fountain stands at 0,0)
_CROSS = {"1,0": "arcades 6 N", "0,-1": "pavilion 3 E", "-1,0": "garden 8 S", "0,1": "tower 10 W"}
_RING = {  # an open ring around the empty cell (1, 1), with the cell (0, 1) still free
    "1,0": "pavilion 8", "2,0": "seraglio 8", "2,1": "arcades 9", "2,2": "chambers 9", "1,2": "garden 11", "0,2": "tower 12",
}
_CHAIN = {"1,0": "garden 7", "2,0": "tower 8", "2,1": "arcades 6", "-1,0": "chambers 10 N", "-1,1": "pavilion 5 W"}
_WALLED = {
    "1,0": "tower 13 N", "2,0": "garden 12 NE", "-1,0": "arcades 7 NW", "0,1": "chambers 8 S",
    "1,1": "seraglio 5 ES", "-1,1": "pavilion 6 SW",
}

_BACK = {  # two walls back to back, between (1, 0) and (2, 0)
    "1,0": "tower 13 NE", "2,0": "garden 12 NW", "2,1": "chambers 8 ES", "1,1": "seraglio 5 S", "-1,0": "arcades 7 NW",
    "0,1": "pavilion 6 SW",
}


def _game(edit: dict[str, Any], actions: list[dict[str, Any]] | None = None, players: tuple[str, ...] = ("You", "Ben", "Cem"), seed: int = 3) -> dict[str, Any]:
    return {"players": list(players), "seed": seed, "edit": {"current": players[0], **edit}, "actions": actions or []}


E: list[dict[str, Any]] = [
    # -- basics ---------------------------------------------------------------------
    dict(id="coords", chapter="basics", title="Naming a cell", rules=("R7",),
         goal="Cells are named (x, y): x counts east from the fountain, y counts south, and the fountain is (0, 0). "
              "The tile in hand fits exactly one cell of this Alhambra. Which cell? Enter its x and y.",
         task="numbers", start={"alhambra": _CROSS, "tile": "pavilion 2 NEW"}, want={"oracle": "coords"},
         hints=("Each empty cell shows its (x, y) in the corner.", "A wall must meet a wall, and an open side an open side.",
                "The tile is open only to the south: it must be reached from that side."),
         after="From now on the lessons name cells this way."),
    dict(id="cards", chapter="basics", title="The money cards", rules=("R1",),
         goal="How many money cards does a game of four players use?", task="numbers",
         start={"players": 4}, want={"oracle": "cards"},
         hints=("There are four currencies.", "Each currency has the values 1 to 9, and there are three cards of each.")),
    dict(id="first-player", chapter="basics", title="Who starts?", rules=("R2",),
         goal="The money has been dealt (each player's cards are shown). Who takes the first turn?", task="choose",
         start={"game": {"players": ["Ann", "Ben", "Cem"], "seed": 1}}, want={"oracle": "starting_player"},
         hints=("Count each player's cards first.", "When the card counts tie, compare the totals.")),
    # -- money ----------------------------------------------------------------------
    dict(id="take-most", chapter="money", title="Taking money", rules=("R5",),
         goal="It is your turn. Take as much money as one action allows: pick cards of the display, then Take.",
         task="take", start={"game": _game({"display": ["denar 1", "dirham 4", "ducat 2", "florin 7"]})},
         want={"goal": "most"},
         hints=("One card of any value may be taken.", "Several cards may be taken only if they add up to 5 or less.")),
    dict(id="take-several", chapter="money", title="Several small cards", rules=("R5",),
         goal="Take as much money as one action allows.", task="take",
         start={"game": _game({"display": ["denar 2", "dirham 3", "ducat 1", "florin 4"]})}, want={"goal": "most"},
         hints=("Compare the biggest single card with the best group.", "A group may add up to 5, not more.")),
    dict(id="buy-currency", chapter="money", title="Paying in the right currency", rules=("R6",),
         goal="Buy the tile in the denar slot: click the slot, pick the cards to pay with, then Pay.", task="buy",
         start={"game": _game({"market": {"denar": "tower 8", "dirham": "garden 11 N"},
                               "players": {"You": {"money": ["dirham 9", "denar 5", "denar 2", "denar 3"]}}})},
         want={"goal": "legal"},
         hints=("A slot's tile is paid with the currency written on the slot.", "The total must reach the price; no change is given.")),
    dict(id="buy-exact", chapter="money", title="An exact payment", rules=("R4", "R6"),
         goal="Buy the tile in the denar slot so that your turn goes on.", task="buy",
         start={"game": _game({"market": {"denar": "tower 8"},
                               "players": {"You": {"money": ["denar 4", "denar 5", "denar 3", "ducat 6"]}}})},
         want={"goal": "exact"},
         hints=("Paying exactly the price gives another action.", "Look for denar cards adding up to the price.")),
    dict(id="two-buys", chapter="money", title="Two tiles in one turn", rules=("R4",),
         goal="Buy both the denar tile and the dirham tile in this one turn.", task="turn",
         start={"game": _game({"market": {"denar": "tower 8", "dirham": "garden 6"},
                               "players": {"You": {"money": ["denar 4", "denar 5", "denar 3", "dirham 6", "dirham 2"]}}})},
         want={"goal": "buy_all", "tiles": ["tower 8", "garden 6"]},
         hints=("Any action that is not an exact payment ends the turn.", "Pay the first tile exactly.")),
    dict(id="take-for-exact", chapter="money", title="Saving for an exact payment", rules=("R4", "R5"),
         goal="Next turn you want to buy the denar tile with an exact payment. Take money now so that your denar cards can pay it exactly.",
         task="take", start={"game": _game({"market": {"denar": "tower 8"},
                                            "display": ["denar 4", "dirham 2", "denar 3", "florin 1"],
                                            "players": {"You": {"money": ["denar 5", "dirham 7", "ducat 2"]}}})},
         want={"goal": "exact_for", "exact_for": "denar"},
         hints=("Which denar cards do you hold now?", "What is missing to reach the price exactly?")),
    # -- building -------------------------------------------------------------------
    dict(id="build-legal", chapter="building", title="Building a tile", rules=("R7",),
         goal="Build the tile in hand into your Alhambra: click a cell. Tiles never turn.", task="build",
         start={"alhambra": _CROSS, "tile": "pavilion 5 NW"}, want={"goal": "legal"},
         hints=("Every side touching a neighbour must match it.", "The tile must be reachable on foot from the fountain.")),
    dict(id="find-R7a", chapter="building", title="Matching sides", rules=("R7a",),
         goal="Find a cell where this tile would break the rule of matching sides (R7a): click it.", task="break",
         start={"alhambra": _CROSS, "tile": "pavilion 8"}, want={"rule": "R7a"},
         hints=("This tile has no walls at all.", "Look for a neighbour with a wall on the side it would touch.")),
    dict(id="find-R7b", chapter="building", title="Sharing a side", rules=("R7b",),
         goal="Find a cell where this tile touches the Alhambra only at a corner (R7b): click it.", task="break",
         start={"alhambra": _CROSS, "tile": "pavilion 8"}, want={"rule": "R7b"},
         hints=("A corner is not a side.", "Look diagonally from a built tile.")),
    dict(id="find-R7c", chapter="building", title="Reachable on foot", rules=("R7c",),
         goal="Find a cell where this tile's sides all match, yet nobody could walk into it from the fountain (R7c).",
         task="break", start={"alhambra": _CROSS, "tile": "pavilion 3 SW"}, want={"rule": "R7c"},
         hints=("Walls match walls there, so R7a holds.", "Walking needs an open side towards a built tile.")),
    dict(id="find-R7d", chapter="building", title="No space", rules=("R7d",),
         goal="Find the cell where this tile would leave an empty cell closed in by tiles (R7d).", task="break",
         start={"alhambra": _RING, "tile": "pavilion 7"}, want={"rule": "R7d"},
         hints=("Look for an empty cell with tiles on three sides.",)),
    dict(id="build-wall", chapter="building", title="Building for walls", rules=("R7", "R11"),
         goal="Build the tile where it makes your longest outer wall as long as possible.", task="build",
         start={"alhambra": _CROSS, "tile": "pavilion 6 N"}, want={"goal": "longest_wall"},
         hints=("Only outer walls count: walls back to back count for nothing.", "Try to continue an existing wall.")),
    # -- redesign -------------------------------------------------------------------
    dict(id="to-reserve", chapter="redesign", title="Moving a tile to the reserve", rules=("R8",),
         goal="Redesign: click a tile that may leave your Alhambra for the reserve.", task="remove",
         start={"alhambra": _CHAIN}, want={"goal": "removable"},
         hints=("What remains must still be reachable on foot from the fountain.", "Tiles at the end of a path are easiest.")),
    dict(id="must-stay", chapter="redesign", title="A tile that must stay", rules=("R8",),
         goal="Click a tile that may not go to the reserve (not the fountain).", task="remove",
         start={"alhambra": _CHAIN}, want={"goal": "stuck"},
         hints=("Removing a tile must not cut anything off.",)),
    dict(id="exchange", chapter="redesign", title="An exchange", rules=("R8",),
         goal="Your reserve holds the tile shown. Exchange it with a built tile: click the tile it should replace.",
         task="exchange", start={"alhambra": _WALLED, "tile": "arcades 8 N"}, want={"goal": "legal"}, draws_longest_wall=True,
         hints=("The reserve tile takes exactly the cell of the built tile.", "The result must keep every building rule.")),
    dict(id="exchange-wall", chapter="redesign", title="When a redesign pays", rules=("R8", "R11"),
         goal="Exchange the reserve tile with a built tile so that your longest wall grows the most.", task="exchange",
         start={"alhambra": _WALLED, "tile": "garden 9 NES"}, want={"goal": "longest_wall"}, draws_longest_wall=True,
         hints=("Count the longest wall before you start.", "A tile with more walls on the outside lengthens it.")),
    dict(id="place-bought", chapter="redesign", title="After the turn: placing", rules=("R9",),
         goal="You bought a tile and your turn is over. Place it now: build it into your Alhambra, or put it on your reserve.",
         task="place", start={"game": _game({"market": {"denar": "tower 9 NW"},
                                             "players": {"You": {"money": ["denar 9", "denar 2"], "alhambra": [[1, 0, "garden 7 S"], [0, -1, "pavilion 4 E"], [0, 1, "arcades 5 S"], [-1, 0, "seraglio 6 N"]]}}},
                                            [{"type": "buy", "currency": "denar", "pay": [9, 2]}])},
         want={"goal": "placed"},
         hints=("A bought tile may always go to the reserve.", "Check each free cell against the tile's walls.")),
    # -- scoring --------------------------------------------------------------------
    dict(id="round1", chapter="scoring", title="Round 1: only the most", rules=("R10",),
         goal="Scoring round 1. How many points does each player score for towers?", task="numbers",
         start={"kind": "tower", "counts": {"Ann": 3, "Ben": 3, "Cem": 1}, "round": 1}, want={"oracle": "majority"},
         hints=("In round 1 only first place scores.", "Players tied for a place share its points, rounded down.")),
    dict(id="round2-tie", chapter="scoring", title="Round 2: a tie for first", rules=("R10",),
         goal="Scoring round 2. How many points does each player score for gardens?", task="numbers",
         start={"kind": "garden", "counts": {"Kim": 4, "Nina": 4, "Omar": 2}, "round": 2}, want={"oracle": "majority"},
         hints=("Tied players share the points of the places they cover.", "The next player takes the place after them.")),
    dict(id="round3", chapter="scoring", title="Round 3: three places", rules=("R10",),
         goal="Scoring round 3. How many points does each player score for chambers?", task="numbers",
         start={"kind": "chambers", "counts": {"Ann": 5, "Ben": 3, "Cem": 3, "Dan": 0}, "round": 3},
         want={"oracle": "majority"},
         hints=("A player with no tile of a kind takes no place.", "Two players tied for second share second and third.")),
    # -- walls ----------------------------------------------------------------------
    dict(id="count-wall", chapter="walls", title="Counting the longest wall", rules=("R11",),
         goal="How many segments long is this Alhambra's longest joined outer wall?", task="numbers",
         start={"alhambra": _BACK}, want={"oracle": "walls"}, draws_longest_wall=True,
         hints=("A segment is one side of one tile.", "Walls between two tiles are inside: they do not count.",
                "Follow one wall end to end; it may turn at corners.")),
    # -- the end --------------------------------------------------------------------
    dict(id="gift", chapter="end", title="The last tiles", rules=("R12",),
         goal="The game is over; a florin tile is left in the market. Who receives it?", task="choose",
         start={"currency": "florin", "hands": {"Ann": ["florin 9", "denar 4"], "Ben": ["florin 3", "florin 4", "florin 5"],
                                                 "Cem": ["florin 2", "dirham 9"]}},
         want={"oracle": "gift"}, hints=("Add up each player's florin values.",)),
    dict(id="gift-tie", chapter="end", title="A tie at the end", rules=("R12",),
         goal="A dirham tile is left in the market. Who receives it?", task="choose",
         start={"currency": "dirham", "hands": {"Ann": ["dirham 8", "dirham 2"], "Ben": ["dirham 9", "dirham 1"], "Cem": ["dirham 7"]}},
         want={"oracle": "gift"}, hints=("Add up each player's dirham values.", "What happens on a tie for the most?")),
    dict(id="replay", chapter="end", title="A game is its seed and its actions", rules=("R13", "R4"),
         goal="A game with these players and this seed began with the actions listed. Whose turn is it now?", task="choose",
         start={"game": {"players": ["Ann", "Ben", "Cem"], "seed": 1,
                         "actions": [{"type": "buy", "currency": "dirham", "pay": [4, 4]}, {"type": "take_money", "cards": ["denar 2"]},
                                     {"type": "reserve", "tile": "garden 8 SW"}]}},
         want={"oracle": "to_move"},
         hints=("Who started this game? The fewest cards start.", "Which action ended that turn?")),
    # -- two players ----------------------------------------------------------------
    dict(id="dirk-draw", chapter="two", title="Dirk after round 2", rules=("R3",),
         goal="Two players. Scoring round 2 is over and the bag holds 26 tiles. How many does Dirk take?", task="numbers",
         start={"after_round": 2, "bag": 26}, want={"oracle": "dirk"},
         hints=("After round 2 Dirk takes a share of the bag.", "Round down.")),
    dict(id="dirk-give", chapter="two", title="A tile for Dirk", rules=("R3", "R10"),
         goal="Two players, round 2 comes next. You must place the tower you bought. Which choice leaves you best off against Ben?",
         task="choose",
         start={"me": "You", "round": 2,
                "position": {"You": {"alhambra": {"1,0": "garden 7", "0,1": "pavilion 4"}},
                             "Ben": {"counts": {"tower": 2, "garden": 1}, "wall": 0},
                             "Dirk": {"tiles": ["tower 11", "tower 12", "garden 10"]}},
                "options": [{"label": "build it at (-1, 0)", "do": [["add", "You", "tower 9", "-1,0"]]},
                            {"label": "put it on your reserve", "do": [["reserve", "You", "tower 9"]]},
                            {"label": "give it to Dirk", "do": [["give_dirk", "tower 9"]]}]},
         want={"oracle": "best"},
         hints=("Dirk's tiles count for the majorities.", "Who holds the most towers now: Ben or Dirk?")),
    # -- strategy -------------------------------------------------------------------
    dict(id="majority-or-wall", chapter="strategy", title="Majority or wall?", rules=("R10", "R11"),
         goal="Round 2 comes next. You can build one of two tiles. Which choice scores you more against Ben?", task="choose",
         start={"me": "You", "round": 2,
                "position": {"You": {"alhambra": {"1,0": "arcades 6 N", "2,0": "garden 7 NE", "0,1": "seraglio 5 W"}},
                             "Ben": {"counts": {"arcades": 1, "tower": 2, "garden": 1}, "wall": 3}},
                "options": [{"label": "the arcades at (-1, 0)", "do": [["add", "You", "arcades 8", "-1,0"]]},
                            {"label": "the chambers at (2, 1)", "do": [["add", "You", "chambers 9 ESW", "2,1"]]}]},
         want={"oracle": "best"},
         hints=("Work out the arcades majority with and without the new tile.", "Then count your longest wall both ways.")),
    dict(id="deny", chapter="strategy", title="Reading what the others need", rules=("R10",),
         goal="Round 2 comes next. You can buy one tile. Which purchase leaves you best off against the others?", task="choose",
         start={"me": "You", "round": 2,
                "position": {"You": {"alhambra": {"1,0": "tower 8", "0,1": "garden 7"}},
                             "Ben": {"counts": {"tower": 1, "pavilion": 2}, "wall": 0},
                             "Cem": {"counts": {"garden": 2, "pavilion": 2}, "wall": 0}},
                "options": [{"label": "the tower, built at (-1, 0)", "do": [["add", "You", "tower 10", "-1,0"]]},
                            {"label": "the garden, built at (-1, 0)", "do": [["add", "You", "garden 9", "-1,0"]]},
                            {"label": "the pavilion, built at (-1, 0)", "do": [["add", "You", "pavilion 5", "-1,0"]]}]},
         want={"oracle": "best"},
         hints=("For each kind, who is first and second now?", "A tile that breaks a tie can be worth more than a lead.")),
    dict(id="reserve-wait", chapter="strategy", title="The reserve as a waiting room", rules=("R8", "R11"),
         goal="Round 2 comes next. Your reserve holds a walled tile. Which redesign scores you more against Ben?", task="choose",
         start={"me": "You", "round": 2,
                "position": {"You": {"alhambra": {"1,0": "pavilion 4 N", "2,0": "seraglio 7 NE", "0,1": "arcades 6 W"},
                                     "reserve": ["tower 11 ES"]},
                             "Ben": {"counts": {"tower": 1, "pavilion": 1}, "wall": 3}},
                "options": [{"label": "build the tower at (1, 1)", "do": [["add", "You", "tower 11 ES", "1,1"]]},
                            {"label": "build the tower at (2, 1)", "do": [["add", "You", "tower 11 ES", "2,1"]]},
                            {"label": "keep it in reserve", "do": []}]},
         want={"oracle": "best"},
         hints=("A reserve tile counts for nothing in a scoring round.", "Compare towers and walls for each choice.")),
    # -- the Gardens ----------------------------------------------------------------
    dict(id="g-fields", chapter="gardens", title="Enclosing a building", rules=("G1",),
         goal="The Gardens: the building in row 0, column 3 (on the north edge). How many garden fields must be planted to enclose it?",
         task="numbers", start={"building": [3, 0]}, want={"oracle": "g_fields"},
         hints=("Garden fields lie at the buildings' corners.", "Corners off the board have no field.")),
    dict(id="g-turn", chapter="gardens", title="Turning a garden tile", rules=("G2",),
         goal="Garden tile G03 (its sides are listed below) is turned one quarter turn clockwise. Which kind faces north-east now?",
         task="choose", start={"garden": "G03", "turn": 1, "side": 0}, want={"oracle": "g_side"},
         hints=("The tile lists its sides clockwise from the north-east, before any turn.", "A quarter turn moves each side one place clockwise.")),
    dict(id="g-first", chapter="gardens", title="The first garden tile", rules=("G3",),
         goal="The Gardens, first tile of the game. On which field may the starting player lay it?", task="choose",
         start={"players": ["Ann", "Ben", "Cem"], "seed": 2, "options": [{"label": "(0, 2)"}, {"label": "(2, 3)"}, {"label": "(5, 5)"}]},
         want={"oracle": "g_first"}, hints=("Fields are named (column, row) from 0 to 5.", "The first tile keeps away from the board's edge.")),
    dict(id="g-winner", chapter="gardens", title="Which kind wins?", rules=("G4",),
         goal="Trees facing an enclosed building: lemon 4, orange 4, palm 3, lavender 1. Which kind wins it?", task="choose",
         start={"trees": {"lemon": 4, "orange": 4, "palm": 3, "lavender": 1}}, want={"oracle": "winning_kind"},
         hints=("Tied counts drop out.",)),
    dict(id="g-nobody", chapter="gardens", title="When everything ties", rules=("G4",),
         goal="Trees facing a building: lemon 2, orange 2, palm 3, lavender 3. Which kind wins it?", task="choose",
         start={"trees": {"lemon": 2, "orange": 2, "palm": 3, "lavender": 3}}, want={"oracle": "winning_kind"},
         hints=("Tied counts drop out.", "What is left when every count is tied?")),
    dict(id="g-points", chapter="gardens", title="Points for a building", rules=("G4",),
         goal="A building of value 4 is enclosed. Facing it: lemon 3, orange 3, palm 2, no lavender. How many points does the winning kind's owner score?",
         task="numbers", start={"value": 4, "trees": {"lemon": 3, "orange": 3, "palm": 2, "lavender": 0}},
         want={"oracle": "g_points"}, hints=("Find the winning kind first.", "Multiply the value by the number of kinds with a tree facing it.")),
    dict(id="g-end", chapter="gardens", title="The end of the Gardens", rules=("G5",),
         goal="How many garden tiles lie on the board when the game ends?", task="numbers", start={}, want={"oracle": "g_end"},
         hints=("Count the garden fields: each holds one tile at the end.", "The fields lie at the inner corners of the 7 x 7 buildings.")),
]

LESSONS: tuple[Lesson, ...] = tuple(sorted((Lesson(**e) for e in [*E, *COACHED]), key=lambda les: list(CHAPTERS).index(les.chapter)))
"""Every lesson, in course order: by chapter, then in the order written (so lessons
written in another module join their chapter)."""


def lesson(lesson_id: str) -> Lesson:
    for les in LESSONS:
        if les.id == lesson_id:
            return les
    raise KeyError(f"No lesson {lesson_id!r}; the lessons are {[les.id for les in LESSONS]}.")


def chapter(chapter_id: str) -> list[Lesson]:
    if chapter_id not in CHAPTERS:
        raise KeyError(f"No chapter {chapter_id!r}; the chapters are {list(CHAPTERS)}.")
    return [les for les in LESSONS if les.chapter == chapter_id]
