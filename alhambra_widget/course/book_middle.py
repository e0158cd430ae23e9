"""Lesson entries (see :mod:`.catalog`): redesign, scoring, walls, the end."""

from __future__ import annotations

from typing import Any

from .positions import BACK, CHAIN, CHAIN_DOWN, CROSS, RING, WALLED, game_start  # noqa: F401

E: list[dict[str, Any]] = [
    # -- redesign ------------------------------------------------------------------------
    dict(
        id="to-reserve",
        chapter="redesign",
        title="Moving a tile to the reserve",
        rules=("R8",),
        teach="Your reserve is the place beside your Alhambra for tiles you own but have not built; they count for nothing there. Redesigning, changing your Alhambra with the reserve, is an action of its own, and it ends the turn. One way is to move a tile from your Alhambra to your reserve, if what remains still keeps the building rules: every tile reachable on foot, no closed-in space. The fountain never moves.",
        teaches=("R8",),
        needs=("R8", "R7c", "R7d"),
        goal="Redesign: click a tile that may leave your Alhambra for the reserve.",
        task="remove",
        start={"alhambra": CHAIN},
        want={"goal": "removable"},
        hints=(
            "What remains must still be reachable on foot from the fountain.",
            "Tiles at the end of a path are easiest.",
        ),
    ),
    dict(
        id="must-stay",
        chapter="redesign",
        title="A tile that must stay",
        rules=("R8",),
        teach="A tile in the middle of a path often must stay: without it, the tiles beyond could no longer be reached from the fountain.",
        needs=("R8", "R7c", "R7"),
        goal="Click a tile that may not go to the reserve (not the fountain).",
        task="remove",
        start={"alhambra": CHAIN_DOWN},
        want={"goal": "stuck"},
        hints=("Removing a tile must not cut anything off.",),
    ),
    dict(
        id="exchange",
        chapter="redesign",
        title="An exchange",
        rules=("R8",),
        teach="An exchange is the other redesign: a reserve tile swaps places with a built tile. The reserve tile takes exactly that cell, the tile taken out goes to the reserve, and the result must keep every building rule.",
        needs=("R8", "R7a"),
        goal="Your reserve holds the tile shown. Exchange it with a built tile: click a built tile it may replace. Any exchange that keeps every building rule is right.",
        task="exchange",
        start={"alhambra": WALLED, "tile": "arcades 8 N"},
        want={"goal": "legal"},
        hints=(
            "The reserve tile takes exactly the cell of the built tile.",
            "The result must keep every building rule.",
        ),
    ),
    dict(
        id="from-reserve",
        chapter="redesign",
        title="Building from the reserve",
        rules=("R8",),
        teach="A tile in your reserve waits there until you build it. Moving it from the reserve into your Alhambra, by the building rules, is one of the ways to redesign.",
        teaches=("reserve-build",),
        needs=("R8", "R4", "reserve-build"),
        goal="It is Cem's turn, and a pavilion waits in his reserve. He builds it into his Alhambra. What comes next?",
        task="choose",
        start={
            "deal": {"players": ["Ann", "Ben", "Cem"], "seed": 1},
            "reserve": "pavilion 3",
            "options": [
                {"label": "Cem takes another action"},
                {"label": "Cem's turn ends"},
                {"label": "Cem pays for the pavilion again"},
            ],
        },
        want={"oracle": "from_reserve"},
        hints=("What kind of action is it?", "What did you learn about that kind of action?"),
    ),
    dict(
        id="place-bought",
        chapter="redesign",
        title="After the turn: placing",
        rules=("R9",),
        teach="At the end of your turn every tile bought in it is placed, in any order: built into your Alhambra by the building rules, or put on your reserve. The reserve takes any tile, so a bought tile is never lost.",
        teaches=("R9",),
        needs=("R9", "R7"),
        goal="You bought a tile and your turn is over. Place it now: build it into your Alhambra, or put it on your reserve.",
        task="place",
        start={
            "game": game_start(
                {
                    "market": {"denar": "tower 9 NW"},
                    "players": {
                        "You": {
                            "money": ["denar 9", "denar 2"],
                            "alhambra": [
                                [1, 0, "garden 7 S"],
                                [0, -1, "pavilion 4 E"],
                                [0, 1, "arcades 5 S"],
                                [-1, 0, "seraglio 6 N"],
                            ],
                        }
                    },
                },
                [{"type": "buy", "currency": "denar", "pay": [9, 2]}],
            )
        },
        want={"goal": "placed"},
        hints=(
            "A bought tile may always go to the reserve.",
            "Check each free cell against the tile's walls.",
        ),
    ),
    dict(
        id="reserve-choice",
        chapter="redesign",
        title="Build it, or keep it?",
        rules=("R9", "R8"),
        teach="A tile you bought is placed at the end of your turn: built in your Alhambra where it fits, or put on your reserve. On the reserve it counts for nothing until a redesign builds it, so build it if any cell takes it. Check the free cells against the tile's walls before you choose.",
        needs=("R9", "R8", "R7"),
        goal="You bought the tower (walls N, E, S) and your turn is over. Build it where it fits, or put it on the reserve if no cell takes it.",
        task="place",
        start={
            "game": game_start(
                {
                    "market": {"denar": "tower 9 NES"},
                    "players": {
                        "You": {
                            "money": ["denar 5", "denar 6"],
                            "alhambra": [
                                [1, 0, "tower 13 N"],
                                [2, 0, "garden 12 NE"],
                                [-1, 0, "arcades 7 NW"],
                                [0, 1, "chambers 8 S"],
                                [1, 1, "seraglio 5 ES"],
                                [-1, 1, "pavilion 6 SW"],
                            ],
                        }
                    },
                },
                [{"type": "buy", "currency": "denar", "pay": [5, 6]}],
            )
        },
        want={"goal": "placed"},
        hints=("Try a free cell: what does the engine say?", "A bought tile is never lost."),
    ),
    dict(
        id="take-buy-place",
        chapter="redesign",
        title="Take, buy, place",
        rules=("R5", "R6", "R9"),
        teach="A real game goes step by step, and this lesson follows one tile from money to Alhambra: first a take, then (the others having played) a purchase in your next turn, then placing what you bought. Each step is judged on its own.",
        needs=("R4", "R5", "R6", "R9", "R7"),
        goal="Three steps, from money to Alhambra.",
        task="steps",
        steps=(
            dict(
                goal="Your turn: take as much money as one action allows.",
                task="take",
                start={
                    "game": game_start(
                        {
                            "market": {"denar": "tower 9 NW"},
                            "display": ["denar 6", "dirham 2", "ducat 1", "florin 3"],
                            "players": {
                                "You": {
                                    "money": ["denar 4", "dirham 7"],
                                    # not the Alhambra of "After the turn: placing",
                                    # whose solved board would give this step's cells
                                    "alhambra": [
                                        [1, 0, "garden 7 S"],
                                        [0, 1, "pavilion 4 E"],
                                        [-1, 1, "arcades 5 S"],
                                        [0, -1, "seraglio 6 N"],
                                    ],
                                }
                            },
                        }
                    )
                },
                want={"goal": "most"},
                hints=("One big card, or small ones adding up to 5 at most.",),
            ),
            dict(
                goal="Your next turn (the others have played): buy the tower in the denar slot.",
                task="turn",
                carry="game",
                want={"goal": "buy_all", "tiles": ["tower 9 NW"]},
                hints=("Pay with denar cards reaching the price.",),
            ),
            dict(
                goal="The end of that turn: place the tower.",
                task="place",
                carry="game",
                want={"goal": "placed"},
                hints=("Build it where its walls match, or put it on the reserve.",),
            ),
        ),
    ),
    # -- scoring -------------------------------------------------------------------------
    dict(
        id="round1",
        chapter="scoring",
        title="Round 1: only the most",
        rules=("R10",),
        teach="Three scoring rounds pay for the majority of each kind of building. Only tiles built in an Alhambra count, never the reserve, and a player with no tile of a kind takes no place for it. Round 1 pays the most of each kind, round 2 the first two places, round 3 the first three, as the table shows. Tied players share the points of the places they cover, rounded down.",
        picture={"points": "all"},
        teaches=("R10", "points-table"),
        needs=("R10", "points-table"),
        goal="Scoring round 1. How many points does each player score for towers?",
        task="numbers",
        start={"kind": "tower", "counts": {"Ann": 3, "Ben": 2, "Cem": 1}, "round": 1},
        want={"oracle": "majority"},
        hints=(
            "In round 1 only first place scores.",
            "The second and third places get nothing in round 1.",
        ),
    ),
    dict(
        id="round2-tie",
        chapter="scoring",
        title="Round 2: a shared place",
        rules=("R10",),
        teach="A tie shares places: two players tied for first share the points of first and second place, half each, rounded down. The next player then takes third place, which round 2 does not pay.",
        picture={"points": ["garden"], "round": 2},
        needs=("R10", "points-table"),
        goal="Scoring round 2. How many points does each player score for gardens?",
        task="numbers",
        start={"kind": "garden", "counts": {"Kim": 5, "Nina": 3, "Omar": 3}, "round": 2},
        want={"oracle": "majority"},
        hints=(
            "Tied players share the points of the places they cover.",
            "The next player takes the place after them.",
        ),
    ),
    dict(
        id="round3",
        chapter="scoring",
        title="Round 3: three places",
        rules=("R10",),
        teach="Round 3, at the end of the game, pays three places. Ties share places as in round 2, whatever place they are tied for.",
        picture={"points": ["chambers"], "round": 3},
        needs=("R10", "points-table"),
        goal="Scoring round 3. How many points does each player score for chambers?",
        task="numbers",
        start={"kind": "chambers", "counts": {"Ann": 4, "Ben": 4, "Cem": 2, "Dan": 0}, "round": 3},
        want={"oracle": "majority"},
        hints=(
            "A player with no tile of a kind takes no place.",
            "Tied players share the points of the places they cover; the next player takes the place after them.",
        ),
    ),
    dict(
        id="scoring-card",
        chapter="scoring",
        title="When a scoring round comes",
        rules=("R9",),
        teach="When does a scoring round come? Two scoring cards lie hidden in the money deck, one in its second fifth and one in its fourth. At the end of a turn the display is refilled from the deck's top; a scoring card drawn is set aside and drawing goes on, and that round is scored before the next player acts. The last round comes at the end of the game.",
        picture={
            "deck": {"players": ["You", "Ben", "Cem"], "seed": 3},
            "caption": "Each refill draws from the top (left). A scoring card is never paid or held: it is set aside when drawn.",
        },
        teaches=("scoring-cards", "R9"),
        needs=("scoring-cards", "R5"),
        goal="Later in a game: the draws have come near scoring card 1. You take the denar 1 and the dirham 4; your turn ends. The deck's top cards are listed below, the first drawn first. "
        "How many cards does the refill draw from the deck?",
        task="numbers",
        start={
            "game": game_start(
                {
                    "display": ["denar 1", "dirham 4", "ducat 2", "florin 7"],
                    "deck_top": ["dirham 2", "scoring card 1", "ducat 5", "florin 9"],
                }
            ),
            "then": [{"type": "take_money", "cards": ["denar 1", "dirham 4"]}],
        },
        want={"oracle": "after_turn", "ask": "drawn"},
        hints=(
            "The take leaves two places of the display empty.",
            "A scoring card drawn is set aside, and drawing goes on.",
        ),
    ),
    dict(
        id="refill",
        chapter="scoring",
        title="Refilling the display",
        rules=("R9",),
        teach="Nothing is refilled during a turn. At its end, first the empty places of the money display are filled from the deck, then the empty market slots from the bag, in slot order. An empty deck is replaced by the shuffled discard pile.",
        teaches=("refill",),
        needs=("refill", "R5", "R9"),
        goal="You take the ducat 1, the denar 2 and the florin 2; your turn ends. How many cards does the money display hold when Ben begins?",
        task="numbers",
        start={
            "game": game_start({"display": ["ducat 1", "denar 2", "florin 2", "dirham 8"]}),
            "then": [{"type": "take_money", "cards": ["ducat 1", "denar 2", "florin 2"]}],
        },
        want={"oracle": "after_turn", "ask": "display"},
        hints=("What is refilled, and when?",),
    ),
    # -- walls ---------------------------------------------------------------------------
    dict(
        id="count-wall",
        chapter="walls",
        title="Counting the longest wall",
        rules=("R11",),
        teach="Walls score in every scoring round: one point per segment of your longest joined outer wall. A segment is one side of one tile; it is outer when no tile stands on its other side, so walls back to back between two tiles count for nothing. Follow the wall from segment to segment where they meet at tile corners, as the picture counts one.",
        picture={"alhambra": {"1,0": "garden 7 N", "2,0": "tower 8 NE"}, "wall": True},
        teaches=("R11", "longest-wall"),
        needs=("R11", "longest-wall"),
        goal="How many segments long is this Alhambra's longest joined outer wall?",
        task="numbers",
        start={"alhambra": BACK},
        want={"oracle": "walls"},
        hints=(
            "A segment is one side of one tile.",
            "Walls between two tiles are inside: they do not count.",
            "Follow one wall end to end; it may turn at corners.",
        ),
    ),
    dict(
        id="wall-corner",
        chapter="walls",
        title="A wall around corners",
        rules=("R11",),
        teach="A wall may turn at tile corners, around the outside of the Alhambra, and go on along the next tile. Only one trail counts: the longest.",
        needs=("R11", "longest-wall"),
        goal="How many segments long is this Alhambra's longest joined outer wall?",
        task="numbers",
        start={
            "alhambra": {
                "1,0": "tower 8 NE",
                "1,1": "garden 9 E",
                "1,2": "arcades 5 ES",
                "0,2": "chambers 6 S",
            }
        },
        want={"oracle": "walls"},
        hints=(
            "Start at one end of the wall and count each side of a tile once.",
            "It turns at corners.",
        ),
    ),
    dict(
        id="wall-ring",
        chapter="walls",
        title="A ring of walls",
        rules=("R11",),
        teach="A wall can close into a ring around the whole Alhambra. A ring scores every one of its segments, each once, though the trail passes a corner twice.",
        needs=("R11", "longest-wall"),
        goal="How many segments long is the longest joined outer wall?",
        task="numbers",
        start={
            "alhambra": {
                "-1,-1": "pavilion 2 NW",
                "0,-1": "seraglio 3 N",
                "1,-1": "arcades 4 NE",
                "-1,0": "chambers 5 W",
                "1,0": "garden 6 E",
                "-1,1": "tower 7 SW",
                "0,1": "pavilion 5 S",
                "1,1": "seraglio 6 ES",
            }
        },
        want={"oracle": "walls"},
        hints=(
            "Count each tile's outer sides.",
            "A ring has no end: start anywhere and go round once.",
        ),
    ),
    dict(
        id="build-wall",
        chapter="walls",
        title="Building for walls",
        rules=("R7", "R11"),
        teach="To extend a wall, build a tile whose wall lies on the outside and joins the end of your wall. A wall pressed against another tile's wall stops counting.",
        needs=("R11", "R7"),
        goal="Build the tile where it makes your longest outer wall as long as possible.",
        task="build",
        start={"alhambra": CROSS, "tile": "pavilion 6 N"},
        want={"goal": "longest_wall"},
        hints=(
            "Only outer walls count: walls back to back count for nothing.",
            "Try to continue an existing wall.",
        ),
    ),
    dict(
        id="exchange-wall",
        chapter="walls",
        title="When a redesign pays",
        rules=("R8", "R11"),
        teach="An exchange can lengthen a wall: the tile coming in brings its own walls to the cell. It can as well break one, when a tile with fewer walls takes a walled tile's place.",
        needs=("R8", "R11", "R7"),
        goal="Exchange the reserve tile with a built tile so that your longest wall grows the most.",
        task="exchange",
        start={"alhambra": WALLED, "tile": "garden 9 NES"},
        want={"goal": "longest_wall"},
        hints=(
            "Count the longest wall before you start.",
            "A tile with more walls on the outside lengthens it.",
        ),
    ),
    dict(
        id="redesign-score",
        chapter="walls",
        title="Redesign, then score",
        rules=("R8", "R11"),
        teach="Redesign, then score: an exchange changes the walls, and the next scoring round counts what it left. Here an open tile takes the place of a walled one, and then you count again.",
        needs=("R8", "R11", "longest-wall"),
        goal="Two steps: an exchange, then the wall it leaves.",
        task="steps",
        steps=(
            dict(
                goal="Exchange the open pavilion in your reserve with a built tile (any exchange the rules allow): click that tile.",
                task="exchange",
                start={"alhambra": WALLED, "tile": "pavilion 2"},
                want={"goal": "legal"},
                hints=(
                    "The tiles around that cell must meet the pavilion's open sides with open sides.",
                ),
            ),
            dict(
                goal="How many segments long is your longest outer wall now?",
                task="numbers",
                carry="board",
                want={"oracle": "walls"},
                hints=(
                    "The walls of the tile that left are gone.",
                    "Follow one joined outer wall, segment by segment.",
                ),
            ),
        ),
    ),
    # -- the end -------------------------------------------------------------------------
    dict(
        id="gift",
        chapter="end",
        title="The last tiles",
        rules=("R12",),
        teach="The game ends when the bag cannot refill the market at the end of a turn. Each tile left in the market is an end-of-game gift to the player holding the most money of that slot's currency: the values of the cards in hand count, not the number of cards. On a tie for the most, or when nobody holds that currency, the tile stays. Then comes scoring round 3.",
        teaches=("R12",),
        needs=("R12",),
        goal="The game is over; a florin tile is left in the market. Who receives it?",
        task="choose",
        start={
            "currency": "florin",
            "hands": {
                "Ann": ["florin 9", "denar 4"],
                "Ben": ["florin 3", "florin 4", "florin 5"],
                "Cem": ["florin 2", "dirham 9"],
            },
        },
        want={"oracle": "gift"},
        hints=("Add up each player's florin values.",),
    ),
    dict(
        id="gift-tie",
        chapter="end",
        title="The last dirham tile",
        rules=("R12",),
        teach="Compare the most with the next: the tile needs one player above every other.",
        needs=("R12",),
        goal="A dirham tile is left in the market. Who receives it?",
        task="choose",
        start={
            "currency": "dirham",
            "hands": {
                "Ann": ["dirham 8", "dirham 2"],
                "Ben": ["dirham 9", "dirham 1"],
                "Cem": ["dirham 7"],
            },
        },
        want={"oracle": "gift"},
        hints=("Add up each player's dirham values.", "What happens on a tie for the most?"),
    ),
    dict(
        id="gift-place",
        chapter="end",
        title="A tile handed out at the end",
        rules=("R12", "R7"),
        teach="A player who receives a market tile at the end places it at once, as any "
        "bought tile: built into the Alhambra by the building rules, or put in the reserve, "
        "where it counts for nothing. Then scoring round 3 is scored.",
        teaches=("R12",),
        needs=("R12", "R7"),
        goal="The game is over and you received the tile shown. Build it into your Alhambra "
        "so that it counts in round 3: click a cell.",
        task="build",
        start={"alhambra": WALLED, "tile": "seraglio 7 W"},
        want={"goal": "legal"},
        hints=(
            "It is built as any tile is: every side touching a neighbour must match it.",
            "Its only wall is on the west.",
        ),
    ),
    dict(
        id="replay",
        chapter="end",
        title="A game is its seed and its actions",
        rules=("R13", "R4"),
        teach="A game's seed is a number that every shuffle and draw of the game comes from. A game is fixed by its seed and the list of its actions: replaying them gives the same game, card for card. So you can work out whose turn it is from the rules alone: who started, and which actions ended a turn.",
        teaches=("R13",),
        needs=("R13", "R2", "R4", "R9"),
        goal="A game with these players and this seed began with the actions listed. Whose turn is it now?",
        task="choose",
        start={
            "game": {
                "players": ["Ann", "Ben", "Cem"],
                "seed": 1,
                "actions": [
                    {"type": "buy", "currency": "dirham", "pay": [4, 4]},
                    {"type": "take_money", "cards": ["denar 2"]},
                    {"type": "reserve", "tile": "garden 8 SW"},
                ],
            }
        },
        want={"oracle": "to_move"},
        hints=("Who started this game? The fewest cards start.", "Which action ended that turn?"),
    ),
    dict(
        id="end-steps",
        chapter="end",
        title="The end, step by step",
        rules=("R12", "R10"),
        teach="The end of the game, step by step: first the market tiles left over go to the players holding the most of their currency, then scoring round 3 pays three places per kind, and the walls. The highest total wins.",
        picture={"points": "all", "round": 3},
        needs=("R12", "R10", "points-table"),
        goal="Two steps: the tiles left over, then round 3.",
        task="steps",
        steps=(
            dict(
                goal="The bag could not refill the market, so the game is over. A tower is left in the ducat slot. Who receives it?",
                task="choose",
                start={
                    "currency": "ducat",
                    "hands": {
                        "Ann": ["ducat 3", "ducat 4", "denar 9"],
                        "Ben": ["ducat 8"],
                        "Cem": ["ducat 2", "ducat 5"],
                    },
                },
                want={"oracle": "gift"},
                hints=("Add up each player's ducat values.",),
            ),
            dict(
                goal="Scoring round 3. The receiver has built that tower: the table counts it "
                "with the towers each player built before. How many points does each player "
                "score for towers?",
                task="numbers",
                start={"kind": "tower", "counts": {"Ann": 4, "Ben": 4, "Cem": 2}, "round": 3},
                want={"oracle": "majority"},
                hints=("Players tied for first share the places they cover.",),
            ),
        ),
    ),
]
