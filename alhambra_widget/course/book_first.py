"""Lesson entries (see :mod:`.catalog`): basics, money, building."""

from __future__ import annotations

from typing import Any

from .positions import BACK, CHAIN, CROSS, FIRST_CELL, RING, WALLED, game_start  # noqa: F401

E: list[dict[str, Any]] = [
    # -- basics --------------------------------------------------------------------------
    dict(
        id="coords",
        chapter="basics",
        title="Naming a cell",
        rules=("R7a", "R7b"),
        teach="Every Alhambra grows from its fountain, and a cell is named by two numbers (x, y): x counts the cells east of the fountain (west is negative), y the cells south of it (north is negative); the fountain is (0, 0), and empty cells show their names in the corner. A tile's name gives its kind, its price and the sides its walls lie on, by their first letters N, E, S and W (north, east, south, west): “garden 7 NE” is a garden costing 7, walled north and east. Tiles never turn, and a new tile goes on an empty cell (the rules of building are R7). It shares at least one full side with the Alhambra (the rule the feedback calls R7b), and wherever it touches a neighbour, a wall meets a wall and an open side an open side (R7a).",
        picture={"alhambra": {"1,0": "garden 7"}, "tile": "pavilion 4", "cell": "1,1"},
        teaches=("coords", "R7", "R7a", "R7b", "wall-codes"),
        needs=("coords", "R7", "R7a", "R7b"),
        goal="Cells are named (x, y): x counts east from the fountain, y counts south, and the fountain is (0, 0). "
        "The tile in hand fits exactly one cell of this Alhambra. Which cell? Enter its x and y.",
        task="numbers",
        start={"alhambra": FIRST_CELL, "tile": "tower 8 NES"},
        want={"oracle": "coords"},
        hints=(
            "Each empty cell shows its (x, y) in the corner.",
            "A wall must meet a wall, and an open side an open side.",
            "The tile is open only to the west: an open side must be beside it there.",
        ),
        after="From now on the lessons name cells this way.",
    ),
    dict(
        id="cards",
        chapter="basics",
        title="The money cards",
        rules=("R1",),
        teach="Money comes in four currencies: denar, dirham, ducat and florin. Each currency has cards of every value from 1 to 9, and each of those cards is in the box three times. A game of three to six players uses every money card.",
        picture={
            "cards": ["denar 1", "dirham 5", "ducat 9", "florin 3"],
            "caption": "One card of each currency.",
        },
        teaches=("R1",),
        needs=("R1",),
        goal="How many money cards does a game of four players use?",
        task="numbers",
        start={"players": 4},
        want={"oracle": "cards"},
        hints=(
            "Count the currencies, the values of one currency, and the copies of one card.",
            "Multiply them.",
        ),
    ),
    dict(
        id="setup",
        chapter="basics",
        title="Setting up the box",
        rules=("R1", "R2"),
        teach="The box holds 54 building tiles in six kinds, and each player has a fountain. All the building tiles go into the bag, a cloth bag you draw from without looking. The market has four slots, one for each currency, and one tile is drawn from the bag for each; four money cards are laid face up beside it as the display.",
        teaches=("setup", "R2"),
        needs=("R1", "setup"),
        goal="Three players set up a game. How many building tiles are still in the bag when the first turn begins?",
        task="numbers",
        start={"deal": {"players": ["Ann", "Ben", "Cem"], "seed": 1}},
        want={"oracle": "setup"},
        hints=(
            "Every building tile starts in the bag.",
            "Which tiles have left the bag before the first turn?",
        ),
    ),
    dict(
        id="first-player",
        chapter="basics",
        title="Who starts?",
        rules=("R2",),
        teach="Before the first turn each player is dealt money, one card at a time, until the cards add up to 20 or more. The player holding the fewest cards starts. When the fewest is shared, the lower total of those players starts. The table shows what was dealt.",
        teaches=("R2",),
        needs=("R2",),
        goal="The money has been dealt (each player's cards are shown). Who takes the first turn?",
        task="choose",
        start={"game": {"players": ["Ann", "Ben", "Cem"], "seed": 1}},
        want={"oracle": "starting_player"},
        hints=("Count each player's cards first.", "When the card counts tie, compare the totals."),
    ),
    # -- money ---------------------------------------------------------------------------
    dict(
        id="take-most",
        chapter="money",
        title="Taking money",
        rules=("R5",),
        teach="A turn is made of actions, and taking money is one of them. You take one card of the display, whatever its value, or several cards that add up to 5 or less; the currency does not matter. The display is refilled only at the end of the turn.",
        picture={
            "cards": ["denar 2", "ducat 3"],
            "caption": "These two add up to 5: one take may hold both.",
        },
        teaches=("R5",),
        needs=("R5",),
        goal="It is your turn. Take as much money as one action allows: pick cards of the display, then Take.",
        task="take",
        start={"game": game_start({"display": ["denar 1", "dirham 4", "ducat 2", "florin 7"]})},
        want={"goal": "most"},
        hints=(
            "One card of any value may be taken.",
            "Several cards may be taken only if they add up to 5 or less.",
        ),
    ),
    dict(
        id="take-several",
        chapter="money",
        title="Several small cards",
        rules=("R5",),
        teach="Several small cards can be worth more than one big card, as long as together they add up to 5 or less. Compare the best single card with the best group.",
        needs=("R5",),
        goal="Take as much money as one action allows.",
        task="take",
        start={"game": game_start({"display": ["denar 2", "dirham 3", "ducat 1", "florin 4"]})},
        want={"goal": "most"},
        hints=(
            "Compare the biggest single card with the best group.",
            "A group may add up to 5, not more.",
        ),
    ),
    dict(
        id="buy-currency",
        chapter="money",
        title="Paying in the right currency",
        rules=("R6",),
        teach="Each market slot has its own currency. Its tile is paid with cards of that currency only, adding up to the price or more: you choose the cards, and no change is given. The price is the number on the tile. A bought tile waits beside you until the end of your turn.",
        picture={
            "tiles": ["garden 11 N"],
            "caption": "A garden priced 11, walled on its north side.",
        },
        teaches=("R6",),
        needs=("R6",),
        goal="Buy the tile in the denar slot: click the slot, pick the cards to pay with, then Pay.",
        task="buy",
        start={
            "game": game_start(
                {
                    "market": {"denar": "tower 8", "dirham": "garden 11 N"},
                    "players": {"You": {"money": ["dirham 9", "denar 5", "denar 2", "denar 3"]}},
                }
            )
        },
        want={"goal": "legal"},
        hints=(
            "A slot's tile is paid with the currency written on the slot.",
            "The total must reach the price; no change is given.",
        ),
    ),
    dict(
        id="paid-cards",
        chapter="money",
        title="Where the money goes",
        rules=("R6",),
        teach="The cards you pay with do not go to another player: they are laid face up on the discard pile, beside the deck. When the deck runs out, the discard pile is shuffled and becomes the new deck. A purchase gives no change.",
        teaches=("discard-pile",),
        needs=("R6", "discard-pile"),
        goal="The discard pile is empty. Cem holds four cards and buys the garden 8 of the dirham slot with dirham 4 + dirham 4. After the purchase, how many cards are on the discard pile, and how many cards does Cem hold?",
        task="numbers",
        start={"deal": {"players": ["Ann", "Ben", "Cem"], "seed": 1}},
        want={"oracle": "paid", "buy": {"type": "buy", "currency": "dirham", "pay": [4, 4]}},
        hints=("Where did the two cards go?", "Does Cem get anything back?"),
    ),
    dict(
        id="buy-exact",
        chapter="money",
        title="An exact payment",
        rules=("R4", "R6"),
        teach="Paying exactly the price, an exact payment, is worth more than the tile: it gives you another action in the same turn. Any other action (a payment with change lost, taking money, or any action the later lessons add) ends the turn. So one turn holds at most five actions.",
        teaches=("R4",),
        needs=("R4", "R6"),
        goal="Buy the tile in the denar slot so that your turn goes on.",
        task="buy",
        start={
            "game": game_start(
                {
                    "market": {"denar": "tower 9"},
                    "players": {"You": {"money": ["denar 4", "denar 7", "denar 2", "ducat 6"]}},
                }
            )
        },
        want={"goal": "exact"},
        hints=(
            "Paying exactly the price gives another action.",
            "Look for denar cards adding up to the price.",
        ),
    ),
    dict(
        id="two-buys",
        chapter="money",
        title="Two tiles in one turn",
        rules=("R4",),
        teach="Two tiles in one turn need an exact payment first: only then does the turn go on to a second purchase. The order can matter: pay exactly where your cards allow it.",
        needs=("R4", "R6"),
        goal="Buy both the denar tile and the dirham tile in this one turn.",
        task="turn",
        start={
            "game": game_start(
                {
                    "market": {"denar": "tower 8", "dirham": "garden 6"},
                    "players": {
                        "You": {"money": ["denar 4", "denar 5", "denar 3", "dirham 6", "dirham 2"]}
                    },
                }
            )
        },
        want={"goal": "buy_all", "tiles": ["tower 8", "garden 6"]},
        hints=(
            "Any action that is not an exact payment ends the turn.",
            "Pay the first tile exactly.",
        ),
    ),
    dict(
        id="take-for-exact",
        chapter="money",
        title="Saving for an exact payment",
        rules=("R4", "R5"),
        teach="Plan one turn ahead: an exact payment next turn needs the right cards now. Look at the price, at the cards of that currency you already hold, and at what the display offers.",
        needs=("R4", "R5", "R6"),
        goal="Next turn you want to buy the denar tile with an exact payment. Take money now so that your denar cards can pay it exactly.",
        task="take",
        start={
            "game": game_start(
                {
                    "market": {"denar": "tower 8"},
                    "display": ["denar 4", "dirham 2", "denar 3", "florin 1"],
                    "players": {"You": {"money": ["denar 5", "dirham 7", "ducat 2"]}},
                }
            )
        },
        want={"goal": "exact_for", "exact_for": "denar"},
        hints=("Which denar cards do you hold now?", "What is missing to reach the price exactly?"),
    ),
    # -- building ------------------------------------------------------------------------
    dict(
        id="build-legal",
        chapter="building",
        title="Building a tile",
        rules=("R7",),
        teach="A new tile goes into an empty cell of your Alhambra, and it never turns. Four rules decide where: its sides match their neighbours (R7a), it shares a full side with the Alhambra (R7b), you could walk to it from the fountain (R7c), and it closes in no empty cell (R7d). The next lessons take them one at a time; here any cell that keeps all four is right.",
        teaches=("R7", "R7a", "R7b", "R7c", "R7d"),
        needs=("R7", "coords"),
        goal="Build the tile in hand into your Alhambra: click a cell. Tiles never turn.",
        task="build",
        start={"alhambra": CROSS, "tile": "pavilion 5 NW"},
        want={"goal": "legal"},
        hints=(
            "Every side touching a neighbour must match it.",
            "The tile must be reachable on foot from the fountain.",
        ),
    ),
    dict(
        id="find-R7a",
        chapter="building",
        title="Matching sides",
        rules=("R7a",),
        teach="R7a, matching sides: where two tiles touch, a wall must meet a wall and an open side an open side. The picture shows a tile breaking it, with the engine's sentence.",
        picture={"alhambra": {"1,0": "garden 7 E"}, "tile": "pavilion 8", "cell": "2,0"},
        needs=("R7a", "R7"),
        goal="Find a cell where this tile would break the rule of matching sides (R7a): click it.",
        task="break",
        start={"alhambra": CROSS, "tile": "pavilion 8"},
        want={"rule": "R7a"},
        hints=(
            "This tile has no walls at all.",
            "Look for a neighbour with a wall on the side it would touch.",
        ),
    ),
    dict(
        id="find-R7b",
        chapter="building",
        title="Sharing a side",
        rules=("R7b",),
        teach="R7b, sharing a side: a new tile must touch the Alhambra along at least one full side. Touching at a corner only is not enough.",
        picture={
            "alhambra": {"1,0": "garden 7", "2,0": "tower 8"},
            "tile": "pavilion 8",
            "cell": "3,1",
        },
        needs=("R7b", "R7"),
        goal="Find a cell where this tile touches the Alhambra only at a corner (R7b): click it.",
        task="break",
        # a board of its own: the lesson before names the corner cells of its board
        start={
            "alhambra": {"1,0": "garden 7", "2,0": "tower 8", "3,0": "arcades 6"},
            "tile": "pavilion 8",
        },
        want={"rule": "R7b"},
        hints=("A corner is not a side.", "Look diagonally from a built tile."),
    ),
    dict(
        id="find-R7c",
        chapter="building",
        title="Reachable on foot",
        rules=("R7c",),
        teach="R7c, on foot: someone must be able to walk from the fountain to the new tile, crossing open sides only. A tile whose walls all face its neighbours matches them, yet nobody can walk in.",
        picture={"alhambra": {"1,0": "garden 7 E"}, "tile": "pavilion 8 W", "cell": "2,0"},
        needs=("R7c", "R7"),
        goal="Find a cell where this tile's sides all match, yet nobody could walk into it from the fountain (R7c).",
        task="break",
        start={"alhambra": CROSS, "tile": "pavilion 3 SW"},
        want={"rule": "R7c"},
        hints=(
            "Walls match walls there, so R7a holds.",
            "Walking needs an open side towards a built tile.",
        ),
    ),
    dict(
        id="find-R7d",
        chapter="building",
        title="No space",
        rules=("R7d",),
        teach="R7d, no space: no empty cell, nor a group of empty cells, may be closed in by tiles on all sides. Every empty cell must keep a way out through empty cells.",
        picture={
            "alhambra": {
                "1,0": "pavilion 2",
                "2,0": "seraglio 3",
                "2,-1": "arcades 4",
                "2,-2": "chambers 5",
                "1,-2": "garden 6",
            },
            "tile": "tower 7",
            "cell": "0,-1",
        },
        needs=("R7d", "R7"),
        goal="Find the cell where this tile would leave an empty cell closed in by tiles (R7d).",
        task="break",
        start={"alhambra": RING, "tile": "pavilion 7"},
        want={"rule": "R7d"},
        hints=("Look for an empty cell with tiles on three sides.",),
    ),
]
