"""The course: lessons are data, the engine judges every try.

- each lesson's right answers, worked out by hand from the rulings, are accepted and
  are all the lesson lists; the board lessons also agree with the independent R7
  reference (tests/reference/r7.py);
- each kind of wrong answer gets its own feedback, naming a ruling id;
- no lesson's goal or hints give its answer away;
- stars by tries, hints one at a time, progress kept in a JSON file;
- the course widget: intents, malformed answers, stale answers, hidden hands.
"""

import json
import re

import pytest
from helpers import brute_legal, brute_removable

from alhambra_widget.course.catalog import CHAPTERS, LESSONS, chapter, lesson
from alhambra_widget.course.lessons import (
    TASKS,
    Attempt,
    Lesson,
    Progress,
    answer_of,
    number_fields,
    options,
)
from alhambra_widget.engine.errors import RULING_IDS, MalformedInput

IDS = [les.id for les in LESSONS]
JUDGED = [les for les in LESSONS if les.task != "coached"]
"""The lessons with answers that can be listed: a coached game's answer is a whole game
played to its end (tests/test_coach.py)."""


def _cells_around(a):
    x0, y0, x1, y1 = a.bounds()
    return [(x, y) for x in range(x0 - 1, x1 + 2) for y in range(y0 - 1, y1 + 2)]


def test_a_course_of_at_least_48_lessons_every_chapter_at_least_2():
    """A complete course, at least 48 lessons, every chapter at least 2; the
    topics it names are there (walls several, scoring cards and refills, the reserve,
    the end step by step, the Gardens on a Gardens board, lessons in steps)."""
    assert len(LESSONS) >= 48
    assert len(set(IDS)) == len(IDS)
    assert [c for c in CHAPTERS if chapter(c)] == list(CHAPTERS)  # every chapter has lessons
    assert all(len(chapter(c)) >= 2 for c in CHAPTERS), {c: len(chapter(c)) for c in CHAPTERS}
    assert len(chapter("walls")) >= 4
    assert {"scoring-cards", "refill"} <= {f for les in LESSONS for f in les.teaches}
    assert any(les.board == "gardens" for les in (les.kind for les in chapter("gardens")))
    assert len([les for les in LESSONS if les.steps]) >= 3


def test_every_ruling_is_taught():
    taught = {r for les in LESSONS for r in les.rules}
    wanted = (
        {f"R{i}" for i in range(1, 14)}
        | {f"R7{c}" for c in "abcd"}
        | {f"G{i}" for i in range(1, 6)}
    )
    assert wanted <= taught, sorted(wanted - taught)


def test_every_kind_of_task_and_answer_the_course_judges_is_there():
    tasks = {les.task for les in LESSONS}
    assert {"build", "break", "take", "buy", "remove", "exchange", "numbers", "choose"} <= tasks
    oracles = {les.want.get("oracle") for les in LESSONS}
    assert {"majority", "winning_kind", "gift", "dirk", "best"} <= oracles


def _r2_starter(players, seed):
    """R2 read off the dealt hands: the fewest cards, then the lowest total."""
    from alhambra_widget import Game

    g = Game(players, seed=seed)
    key = {p.name: (len(p.money), sum(c.value for c in p.money)) for p in g.players}
    best = min(key.values())
    (who,) = [n for n, k in key.items() if k == best]  # no seeded tie-break needed here
    return g, who


def _g03_after_one_turn():
    """G2 from the shipped data: G03's sides clockwise from the north-east; one quarter
    turn clockwise brings the north-west side to the north-east."""
    import csv
    from importlib import resources

    text = (
        resources.files("alhambra_widget.engine.data")
        .joinpath("gardens_garden_tiles.csv")
        .read_text()
    )
    row = next(r for r in csv.DictReader(text.splitlines()) if r["tile_id"] == "G03")
    return row["side4_cw"]


def _replay_to_move():
    """R13/R4: seed 1 with Ann, Ben, Cem: the starter (R2) buys the dirham tile for 4+4,
    its exact price (another action, R4), then takes money (the turn ends) and puts the
    garden on the reserve: the next seat is to move."""
    from alhambra_widget import Tile

    g, who = _r2_starter(["Ann", "Ben", "Cem"], 1)
    assert g.market["dirham"] == Tile("garden", 8, "SW")  # price 8 = 4 + 4: exact
    names = [p.name for p in g.players]
    return names[(names.index(who) + 1) % 3]


def hand_answers():
    """Every right answer of every lesson, worked out by hand from the rulings and the
    lesson's start (not by the lessons' own solver or judge). A list of ways; a way is
    the answers given in order."""
    one = lambda *answers: [[a] for a in answers]  # noqa: E731
    cells = lambda *cs: one(*({"cell": list(c)} for c in cs))  # noqa: E731
    return {
        # FIRST_CELL; the tower 8 NES is open only to the west: west of it must stand a
        # tile open to the east, with nothing walled against its other sides: the garden
        # 11 at (0, 2) (the garden 9 E at (0, 1) is walled east, R7a)
        "coords": one({"numbers": {"x": 1, "y": 2}}),
        "cards": one({"numbers": {"cards": 108}}),  # R1: 4 currencies x 9 values x 3
        # R1, R2: 54 tiles in the bag, one drawn for each of the four market slots
        "setup": one({"numbers": {"bag": 50}}),
        # R6: the two dirham 4s leave Cem's four cards for the empty discard pile
        "paid-cards": one({"numbers": {"discard pile": 2, "in hand": 2}}),
        # R8: building from the reserve is a redesign, one action that ends the turn
        "from-reserve": one({"choice": "Cem's turn ends"}),
        # G3: 36 garden tiles, one in each of three hands
        "g-supply": one({"numbers": {"supply": 33}}),
        # G2, G4: with two players palm belongs to nobody, and its points are not scored
        "g-unowned": one({"choice": "nobody"}),
        # the table of the game played to its end: Ann 85, Ben 112, Cem 100
        "g-won": one({"choice": "Ben"}),
        # G4: the seraglio 2 at (0, 5) faces orange 6, palm 4: 2 x 2 kinds = 4; the tower 5
        # at (1, 5) faces lemon 6, orange 8, lavender 1: 5 x 3 kinds = 15; both orange (Ben)
        "g-several": one({"numbers": {"points": 19}}),
        "first-player": one({"choice": _r2_starter(["Ann", "Ben", "Cem"], 1)[1]}),
        # R5: one card of any value (7), or cards summing to at most 5 (1+4)
        "take-most": one({"take": ["florin 7"]}),
        # 2+3 = 1+4 = 5 beat the single 4; 2+3+1 = 6 is too much
        "take-several": one({"take": ["denar 2", "dirham 3"]}, {"take": ["ducat 1", "florin 4"]}),
        # R6: denar cards 5, 3, 2 reaching 8: 5+3 and 5+3+2 (5+2 and 3+2 fall short)
        "buy-currency": one({"buy": "denar", "pay": [5, 3]}, {"buy": "denar", "pay": [5, 3, 2]}),
        "buy-exact": one({"buy": "denar", "pay": [7, 2]}),  # 4, 7, 2: only 7+2 is 9
        # R4: the first buy must be exact to go on: denar 5+3 then dirham 6 or 6+2; or
        # dirham 6 then denar 5+3, 5+4 or 5+4+3 (4+3 = 7 falls short)
        "two-buys": [
            [{"buy": "denar", "pay": [5, 3]}, {"buy": "dirham", "pay": [6]}],
            [{"buy": "denar", "pay": [5, 3]}, {"buy": "dirham", "pay": [6, 2]}],
            [{"buy": "dirham", "pay": [6]}, {"buy": "denar", "pay": [5, 3]}],
            [{"buy": "dirham", "pay": [6]}, {"buy": "denar", "pay": [5, 4]}],
            [{"buy": "dirham", "pay": [6]}, {"buy": "denar", "pay": [5, 4, 3]}],
        ],
        # the denar 5 in hand needs a 3 for 8; with it, anything summing to at most 5
        "take-for-exact": one(
            {"take": ["denar 3"]},
            {"take": ["denar 3", "dirham 2"]},
            {"take": ["denar 3", "florin 1"]},
        ),
        # _CROSS, a tile open east and south: (2, 0) (1, -1) (1, 1) (-1, 1) (0, 2) break
        # R7a; west of the garden, north of the pavilion and in the corner between them fit
        "build-legal": cells((-2, 0), (-1, -1), (0, -2)),
        # an open tile against the arcades' north wall or the tower's west wall
        "find-R7a": cells((1, -1), (-1, 1)),
        # the four cells touching the row of three tiles east of the fountain at a corner
        # only (diagonal to the row's two ends)
        "find-R7b": cells((-1, -1), (-1, 1), (4, -1), (4, 1)),
        # walled south and west: at (1, -1) both walls meet walls (the arcades' north, the
        # pavilion's east), so the sides match, but no open side leads in
        "find-R7c": cells((1, -1)),
        "find-R7d": cells((0, 1)),  # the last gap of _RING around (1, 1)
        # seraglio 7 W on _WALLED: north of the fountain (open sides meet the fountain),
        # or at (2, 1): its west wall meets the seraglio's east wall, its open north the
        # garden's open south (reached on foot through the tower and the garden)
        "gift-place": cells((0, -1), (2, 1)),
        # the pavilion's north wall at (2, 0) extends pavilion east + arcades north to 3
        "build-wall": cells((2, 0)),
        "to-reserve": cells((-1, 1), (2, 1)),  # _CHAIN: only the two ends
        # CHAIN_DOWN: the tiles between the fountain and a tile further on
        "must-stay": cells((0, -1), (0, 1), (0, 2)),
        # _WALLED, an arcades walled north: not where a tile's open side meets it from the
        # north ((0, 1), (1, 1), (-1, 1))
        "exchange": cells((-1, 0), (1, 0), (2, 0)),
        "exchange-wall": cells((2, 0)),  # open only to the west: the garden's cell alone
        # tower walled north and west: (1, -1) (0, -2) (-2, 0) fit; (0, 2) matches but is
        # walled off (R7c); or the reserve
        "place-bought": [
            [{"place": [1, -1], "tile": "tower 9 NW"}],
            [{"place": [0, -2], "tile": "tower 9 NW"}],
            [{"place": [-2, 0], "tile": "tower 9 NW"}],
            [{"reserve": True, "tile": "tower 9 NW"}],
        ],
        # WALLED; a tower walled north, east and south must be entered from the west: no
        # free cell has an open tile to its west that fits the rest (R7): only the reserve
        "reserve-choice": one({"reserve": True, "tile": "tower 9 NES"}),
        # take the denar 6 (2+3 = 5 is less); next turn denar 4+6 = 10 pays the tower 9
        # (6 alone falls short); then the tower 9 NW (walled north and west, open east and
        # south) goes where its open east side meets an open side: west of the fountain
        # (-1, 0), west of the seraglio (-1, -1), west of the arcades (-2, 1) (R7a); not
        # east of the seraglio (1, -1): its walled west would meet the seraglio's open east
        "take-buy-place": [
            [{"take": ["denar 6"]}, {"buy": "denar", "pay": [4, 6]}, place]
            for place in (
                {"place": [-1, 0], "tile": "tower 9 NW"},
                {"place": [-1, -1], "tile": "tower 9 NW"},
                {"place": [-2, 1], "tile": "tower 9 NW"},
                {"reserve": True, "tile": "tower 9 NW"},
            )
        ],
        # R9: two places empty: dirham 2, the scoring card (set aside, drawing goes on), ducat 5
        "scoring-card": one({"numbers": {"cards": 3}}),
        "refill": one({"numbers": {"cards": 4}}),  # R9: the display goes back to four cards
        # R10 round 1: a tie for first shares 6 and nothing: 3 each
        "round1": one(
            {"numbers": {"Ann": 6, "Ben": 0, "Cem": 0}}
        ),  # no tie: first place alone (R10)
        "round2-tie": one({"numbers": {"Kim": 12, "Nina": 2, "Omar": 2}}),  # (5+0)//2
        # round 3: 19 for the most; Ben and Cem share (11+4)//2; Dan has none
        "round3": one({"numbers": {"Ann": 15, "Ben": 15, "Cem": 4, "Dan": 0}}),  # (19+11)//2
        # _BACK: chambers east and south, seraglio south, pavilion south and west joined
        # (the tower/garden back-to-back walls count nothing)
        "count-wall": one({"numbers": {"wall": 5}}),
        # tower N, E; garden E; arcades E, S; chambers S: one trail round the corners
        "wall-corner": one({"numbers": {"wall": 6}}),
        "wall-ring": one({"numbers": {"wall": 12}}),  # 3 x 3 tiles, 3 outer sides a row: 4 x 3
        # WALLED (longest wall 7: tower N, garden N E, seraglio E S, chambers S, pavilion S
        # ...): the open pavilion may replace each tile whose neighbours are open towards it;
        # the wall left: (-1, 0) 5, (-1, 1) 3, (0, 1) 4, (1, 0) 7, (1, 1) 5, (2, 0) 7
        "redesign-score": [
            [{"cell": [x, y]}, {"numbers": {"wall": w}}]
            for (x, y), w in {
                (-1, 0): 5,
                (-1, 1): 3,
                (0, 1): 4,
                (1, 0): 7,
                (1, 1): 5,
                (2, 0): 7,
            }.items()
        ],
        "gift": one({"choice": "Ben"}),  # florins: Ann 9, Ben 12, Cem 2
        "gift-tie": one({"choice": "nobody"}),  # dirhams: Ann 10, Ben 10: a tie stays
        "replay": one({"choice": _replay_to_move()}),
        # ducats: Ann 7, Ben 8, Cem 7: Ben; round 3 towers: Ann and Ben share (21+13)//2, Cem third 6
        "end-steps": [[{"choice": "Ben"}, {"numbers": {"Ann": 17, "Ben": 17, "Cem": 6}}]],
        "two-cards": one({"numbers": {"cards": 72}}),  # R3: 108 less one of each 4 x 9
        "dirk-draw": one({"numbers": {"tiles": 8}}),  # R3: 26 // 3
        # round 2, you minus Ben: build 13-14, reserve 13-14, Dirk 13-11 (his third tower
        # takes first place from Ben, who is second: 6)
        "dirk-give": one({"choice": "give it to Dirk"}),
        # arcades: 10+8+9+3 = 30 vs Ben 27; chambers: wall 6, 6+8+9+11+6 = 40 vs 30
        "majority-or-wall": one({"choice": "the chambers at (2, 1)"}),
        # margins over the best other: tower 18-16, garden 17-13, pavilion 14-16
        "deny": one({"choice": "the garden, built at (-1, 0)"}),
        # (1, 1): wall 3, 35-16; (2, 1): wall 5, 37-16; reserve: 26-20
        "reserve-wait": one({"choice": "build the tower at (2, 1)"}),
        "g-fields": one({"numbers": {"fields": 2}}),  # G1: a building on an edge
        "g-turn": one({"choice": _g03_after_one_turn()}),
        # G3: the first tile keeps off the outer ring of the 6 x 6 fields: 1..4 both ways
        "g-first": one(*({"field": [x, y]} for x in range(1, 5) for y in range(1, 5))),
        # G3: laid (2, 2), (3, 2), (3, 3); the empty fields straight N/E/S/W of them
        "g-next": one(
            *({"field": list(f)} for f in [(1, 2), (2, 1), (2, 3), (3, 1), (4, 2), (4, 3), (3, 4)])
        ),
        "g-winner": one({"choice": "palm"}),  # G4: 4 and 4 shared; 3 is the highest alone
        "g-nobody": one({"choice": "nobody"}),  # 2, 2, 3, 3: every count shared
        "g-points": one({"numbers": {"points": 12}}),  # palm wins alone; 4 x 3 kinds
        "g-end": one({"numbers": {"tiles": 36}}),  # G5: every field planted
    }


def _canon(way):
    out = []
    for ans in way:
        ans = dict(ans)
        for k in ("pay", "take"):
            if k in ans:
                ans[k] = sorted(ans[k], key=str)
        out.append(json.dumps(ans, sort_keys=True))
    return tuple(out)


HAND = hand_answers()

ALSO_ACCEPTED: dict[str, list[list[dict[str, list[int]]]]] = {}
"""Answers a judge accepts beyond those worked out by hand (none now: find-R7b's board,
a row, has no cell of the box around it that touches nothing)."""


def test_every_lesson_has_answers_worked_out_by_hand():
    assert set(HAND) == {les.id for les in JUDGED}


@pytest.mark.parametrize("les", JUDGED, ids=lambda les: les.id)
def test_the_right_answers_worked_out_by_hand_are_accepted_and_are_all(les):
    for way in HAND[les.id]:
        at = Attempt(les)
        for k, ans in enumerate(way):
            v = at.answer(ans)
            assert v.ok, (ans, v)
            assert v.done == (k == len(way) - 1)
        assert at.solved and at.stars == 3
    # and the lesson lists no other answer as right (a wrong one is refused below); a
    # lesson in steps lists one way through
    want = {_canon(w) for w in HAND[les.id] + ALSO_ACCEPTED.get(les.id, [])}
    got = {_canon(w) for w in les.solutions()}
    assert got <= want if les.steps else got == want


@pytest.mark.parametrize(
    "les",
    [les for les in LESSONS if les.task in ("build", "break", "remove")],
    ids=lambda les: les.id,
)
def test_board_answers_agree_with_the_R7_reference(les):
    a = les.alhambra()
    got = {tuple(w[0]["cell"]) for w in les.solutions()}
    if les.task == "build" and les.want.get("goal") == "legal":
        assert got == {c for c in _cells_around(a) if brute_legal(a, les.tile(), c)}
    elif les.task == "break":
        # a breaking cell is empty and illegal by the reference
        assert got and all(c not in a.tiles and not brute_legal(a, les.tile(), c) for c in got)
    elif les.task == "remove":
        ref = {c for c in a.tiles if c != (0, 0) and brute_removable(a, c)}
        assert got == (ref if les.want["goal"] == "removable" else set(a.tiles) - ref - {(0, 0)})


def _wrong_answers(les):
    """Every wrong answer of the lesson's kind that can be listed (a lesson in steps:
    of its first step)."""
    if les.steps:
        yield from _wrong_answers(les.step(0))
        return
    right = [w[0] for w in les.solutions()]
    if TASKS[les.task].board == "alhambra":
        a = les.alhambra()
        for c in _cells_around(a):
            if {"cell": list(c)} not in right:
                yield {"cell": list(c)}
    elif les.task == "field":  # every field of the Gardens board that is not a solution
        for x in range(6):
            for y in range(6):
                if {"field": [x, y]} not in right:
                    yield {"field": [x, y]}
    elif les.task == "choose":
        for o in options(les):
            if {"choice": o} not in right:
                yield {"choice": o}
    elif les.task == "numbers":
        want = right[0]["numbers"]
        for k in want:
            for d in (-1, 1, 6):
                yield {"numbers": {**want, k: want[k] + d}}
        if set(want) == {"x", "y"}:  # a cell named the wrong way round
            yield {"numbers": {"x": want["y"], "y": want["x"]}}
            yield {"numbers": {"x": want["x"], "y": -want["y"]}}
    elif les.task == "place":  # every cell that is not a solution
        at = Attempt(les)
        for c in _cells_around(at.game.current_player.alhambra):
            if not any(w[0].get("place") == list(c) for w in les.solutions()):
                yield {"place": list(c)}
    else:  # a game: every first action the engine lists (of the lesson's kind) that does not solve it
        at = Attempt(les)
        kinds = {"take": ("take_money",), "buy": ("buy",)}.get(les.task, ("take_money", "buy"))
        firsts = {json.dumps(w[0], sort_keys=True) for w in les.solutions()}
        for act in at.game.legal_actions()[:60]:
            if act.type in kinds:
                ans = answer_of(act)
                if json.dumps(ans, sort_keys=True) not in firsts:
                    yield ans
        if les.task == "buy":  # cards picked on the board that the engine refuses
            from itertools import combinations

            hand = [f"{c.currency} {c.value}" for c in at.game.current_player.money]
            for slot, tile in at.game.market.items():
                for k in (1, 2):
                    for cards in combinations(hand, k):
                        ans = {"buy": slot, "cards": list(cards)}
                        if tile is not None and at.game.why_illegal(_as_buy(ans)) is not None:
                            yield ans


def _as_buy(ans):
    from alhambra_widget.course.lessons import action_of

    try:
        return action_of(None, None, ans)
    except Exception as e:  # the page's cards do not even make a payment of that slot
        return e


@pytest.mark.parametrize("les", JUDGED, ids=lambda les: les.id)
def test_each_wrong_answer_gets_feedback_naming_its_rule(les):
    seen = {}
    n = 0
    for ans in _wrong_answers(les):
        at = Attempt(les)
        v = at.answer(ans)
        if v.ok and not v.done:  # a right first step of a longer turn
            continue
        n += 1
        assert not v.ok, (ans, v)
        assert v.rule in RULING_IDS, (ans, v)
        assert v.rule in v.message or f"({v.rule})" in v.message or v.rule in ("R7",), (
            ans,
            v.message,
        )
        assert v.mistake and not v.message[0].islower()
        assert at.tries == 1 and not at.solved and at.stars == 0
        seen.setdefault(v.mistake, set()).add(v.message)
    if les.id not in ("g-end",):
        assert n, f"{les.id}: no wrong answer tried"
    # each kind of mistake has its own sentence
    firsts = [sorted(m)[0] for m in seen.values()]
    assert len(set(firsts)) == len(firsts)


def test_a_tie_for_first_is_explained_as_the_rulebook_does():
    v = lesson("round3").check({"numbers": {"Ann": 19, "Ben": 15, "Cem": 4, "Dan": 0}})
    assert not v.ok and v.rule == "R10" and v.mistake == "shared"
    assert (
        v.message
        == "You gave Ann 19, but Ann and Ben tie for first place, so they share 19+11 and each gets 15, rounded down (R10)."
    )


def test_R10_every_wrong_number_is_corrected_not_only_the_first():
    v = lesson("round2-tie").check({"numbers": {"Kim": 12, "Nina": 5, "Omar": 0}})
    assert not v.ok and v.message.count("You gave") == 2
    assert "You gave Nina 5" in v.message and "You gave Omar 0" in v.message


def test_R10_a_scoring_lesson_never_explains_the_very_tie_it_asks():
    """The explanation teaches how ties share with another case than the one asked
    (the engine's places of the question: lessons 22-23 once stated it)."""
    from alhambra_widget.engine.alhambra.scoring import score_kind

    asked = [les for les in LESSONS if les.want.get("oracle") == "majority"]
    assert len(asked) >= 3
    for les in asked:
        ks = score_kind(les.start["kind"], les.start["counts"], les.start["round"])
        tied = {ks.places[n] for n, pooled in ks.shared.items() if len(pooled) > 1}
        for place in tied:
            word = ["first", "second", "third"][place - 1]
            assert f"tied for {word}" not in les.teach.lower(), les.id


def test_a_player_without_the_kind_scores_nothing():
    v = lesson("round3").check({"numbers": {"Ann": 19, "Ben": 7, "Cem": 7, "Dan": 1}})
    assert "Dan has no chambers, so takes no place" in v.message


def test_a_wrong_cell_names_the_building_rule_it_breaks():
    les = lesson("find-R7c")
    v = les.check({"cell": [3, 3]})
    assert (
        not v.ok
        and v.rule == "R7b"
        and v.mistake == "other_rule"
        and "Find a cell that breaks R7c" in v.message
    )
    legal = les.solutions()  # a cell where the tile fits says so
    fits = next(c for c in _cells_around(les.alhambra()) if les.alhambra().is_legal(les.tile(), c))
    v = les.check({"cell": list(fits)})
    assert v.mistake == "legal" and "keeps every building rule (R7)" in v.message and legal


def test_coordinates_mistakes_are_told_apart():
    les = lesson("coords")
    (x, y) = tuple(les.solutions()[0][0]["numbers"].values())
    assert les.check({"numbers": {"x": y, "y": x}}).mistake == "swapped"
    assert les.check({"numbers": {"x": x, "y": -y}}).mistake == "y_sign"


def test_walls_mistakes_are_told_apart():
    les = lesson("count-wall")
    a = les.alhambra()
    inner = sum(len(t.walls) for t in a.tiles.values())
    outer = len(a.external_walls())
    assert les.check({"numbers": {"wall": inner}}).mistake == "inner"
    assert les.check({"numbers": {"wall": outer}}).mistake == "all_outer"


def test_a_turn_that_ends_too_soon_is_explained_and_starts_again():
    les = lesson("two-buys")
    at = Attempt(les)
    v = at.answer({"buy": "denar", "cards": ["denar 5", "denar 4"]})
    assert not v.ok and v.rule == "R4" and v.mistake == "turn_ended" and "not exact" in v.message
    assert (
        at.game.current_player.name == "You" and len(at.game.player("You").money) == 5
    )  # the position again
    v = at.answer({"buy": "denar", "cards": ["dirham 6"]})
    assert v.rule == "R6" and "paid in denar" in v.message
    assert at.answer({"buy": "denar", "cards": ["denar 5", "denar 3"]}).done is False
    assert at.answer({"buy": "dirham", "cards": ["dirham 6"]}).ok and at.solved and at.stars == 1


def test_dirk_rounds_down():
    les = lesson("dirk-draw")
    assert les.check({"numbers": {"tiles": 9}}).message.startswith(
        "A third of the bag is rounded down"
    )
    assert "6 is what Dirk takes at setup" in les.check({"numbers": {"tiles": 6}}).message


def test_strategy_lessons_have_one_best_choice():
    from alhambra_widget.course.lessons import option_scores

    for les in LESSONS:
        if les.want.get("oracle") == "best":
            margins = sorted((m for m, _ in option_scores(les).values()), reverse=True)
            assert margins[0] > margins[1], les.id


_CELL = re.compile(r"\(\s*(-?\d+)\s*,\s*(-?\d+)\s*\)")


def _sent_before_the_answer(les):
    """What the page is sent for each step of a lesson before its answer, with every
    hint shown: (the step's lesson, the view model, its texts). A lesson in steps: each
    step, reached by the engine's answers to the steps before."""
    from alhambra_widget.course.view import lesson_view

    at = Attempt(les)
    way = les.solutions()[0]
    k = 0
    while True:
        cur = at.current
        while cur.hint():
            pass
        view = lesson_view(at)
        texts = [
            view["title"],
            view["teach"],
            view["goal"],
            *view["hints"],
            *view["facts"],
            *((view["picture"] or {}).get("notes", [])),
        ]
        yield cur.lesson, view, " ".join(texts)
        step = cur.lesson.solutions()[0]
        for ans in step:
            at.answer(ans)
        k += len(step)
        if at.solved or k >= len(way):
            return


_WORDS = [
    "zero",
    "one",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "eleven",
    "twelve",
    "thirteen",
    "fourteen",
    "fifteen",
    "sixteen",
]


def _numbers_in(text):
    """The numbers a text names, in digits or in words ("Eight tiles" names 8)."""
    words = {_WORDS.index(w.lower()) for w in re.findall(r"[A-Za-z]+", text) if w.lower() in _WORDS}
    return {int(n) for n in re.findall(r"(?<![\w.-])-?\d+(?![\w.])", text)} | words


@pytest.mark.parametrize("les", LESSONS, ids=IDS)
def test_nothing_sent_before_the_answer_contains_it(les):
    """Render what the page is sent before the answer (the view model, with
    every hint shown, the explanation and its picture, the facts) and find no answer
    in it: no cell named or marked, no wall segment sent when the wall is asked, no
    number asked for, no choice named in a hint or the explanation, no other hand."""
    for step, view, text in _sent_before_the_answer(les):
        rights = step.solutions()
        assert "marks" not in view and not view["solved"]
        if "game" in view:  # only the learner's own hand, never another's (R2)
            assert view["game"]["player"] == step.game().players[0].name
        elif les.want.get("oracle") in ("starting_player", "to_move"):
            assert "hand" not in json.dumps(view)
        if step.want.get("oracle") == "walls":  # the wall asked for: not drawn, not sent
            assert not view["show_wall"] and view["alhambra"]["wall"] == []
            # nor counted for the learner: "Eight tiles wall the fountain in" (lesson 28)
            built = [t for t in view["alhambra"]["tiles"] if t[2] != "fountain"]
            assert len(built) not in _numbers_in(
                " ".join([view["title"], view["teach"], view["goal"], *view["hints"]])
            )
            pic = view["picture"] or {}
            assert not pic.get("alhambra") or pic["alhambra"]["tiles"] != view["alhambra"]["tiles"]
        cells = {(int(a), int(b)) for a, b in _CELL.findall(text)}
        pic = view["picture"] or {}
        if pic.get("cell"):
            cells.add(tuple(map(int, pic["cell"].split(","))))
        for way in rights:
            ans = way[0]
            if "cell" in ans or "place" in ans or "field" in ans:
                c = tuple(ans.get("cell") or ans.get("place") or ans["field"])
                assert c not in cells, (c, text)
            if "choice" in ans:  # a Gardens picture scores another building, not the answer (G4)
                scored = (pic.get("gardens") or {}).get("scored", {}).values()
                assert all((sc["winner"] or "nobody") != ans["choice"] for sc in scored), ans
                hint_text = " ".join([view["title"], view["teach"], *view["hints"]]).lower()
                if ans["choice"] == "nobody":  # "When everything ties" (lesson 46) says it
                    assert not re.search(r"everything ties|all tie|no winner|no one", hint_text), (
                        hint_text
                    )
                assert not re.search(rf"\b{re.escape(ans['choice'].lower())}\b", hint_text), ans
                opts = [o for o in options(step) if o != "nobody"]
                named = [o for o in opts if o.lower() in view["goal"].lower()]
                assert ans["choice"] not in named or len(named) == len(opts)
            if "numbers" in ans:
                got = ans["numbers"]
                if step.want["oracle"] == "coords":
                    assert (got["x"], got["y"]) not in cells
                elif len(got) == 1:  # the one number asked: nowhere in the texts
                    (v,) = got.values()
                    assert v not in _numbers_in(text), (v, text)
                else:  # a number per player: no player named with the points asked
                    for name, v in got.items():
                        assert not re.search(rf"{name}\W{{1,3}}{v}\b", text), (name, v)
            if "reserve" in ans and all(
                "reserve" in w[0] for w in rights
            ):  # lesson 19: a real choice
                told = " ".join(
                    [view["title"], view["teach"], view["goal"], *view["hints"]]
                ).lower()
                assert not re.search(r"fits nowhere|nothing fits|reserve is the choice", told), told
            if "take" in ans:
                assert not any(
                    c.lower() in " ".join(view["hints"] + [view["teach"]]).lower()
                    for c in ans["take"]
                )


def _right_messages(les):
    """What the engine says to each right answer of a lesson, step by step."""
    said = []
    for way in les.solutions():
        at = Attempt(les)
        said += [at.answer(ans).message for ans in way]
    return " ".join(said)


@pytest.mark.parametrize(
    "les", [les for les in LESSONS if les.task == "buy"], ids=lambda les: les.id
)
def test_the_lesson_before_does_not_answer_a_payment(les):
    """The page just showed the previous lesson's right answer: it must not be this
    lesson's payment (buy-exact was once answered by buy-currency's text)."""
    before = LESSONS[IDS.index(les.id) - 1]
    said = _right_messages(before)
    g = les.game()
    for way in les.solutions():
        ans = way[0]
        tile = g.market[ans["buy"]]
        assert f"paid {sum(ans['pay'])} for the {tile}" not in said, (before.id, said)


def test_the_answer_check_can_fail():
    """The check above finds an answer when one is sent: the walls of a lesson asking
    for the wall, a hint naming the number."""
    from dataclasses import replace

    les = lesson("count-wall")
    with pytest.raises(AssertionError):
        test_nothing_sent_before_the_answer_contains_it(replace(les, draws_longest_wall=True))
    with pytest.raises(AssertionError):
        test_nothing_sent_before_the_answer_contains_it(
            replace(les, hints=("It is 5 segments long.",))
        )
    with pytest.raises(AssertionError):
        test_nothing_sent_before_the_answer_contains_it(
            replace(lesson("gift"), teach="Ben has the most.")
        )
    # G4: a Gardens picture whose building palm wins for 12 points (seed 13) answers both
    palm = {
        "gardens": {
            "players": ["Ann", "Ben", "Cem"],
            "seed": 13,
            "lays": [[1, 3, 1], [2, 3, 1], [2, 4, 1], [3, 4, 1], [3, 3, 0]],
        }
    }
    for les_id in ("g-winner", "g-points"):
        with pytest.raises(AssertionError):
            test_nothing_sent_before_the_answer_contains_it(replace(lesson(les_id), picture=palm))


def test_every_need_is_taught_in_the_lesson_or_before():
    """Teach, then ask: each fact a lesson needs (its rulings and the facts it names) is
    taught in its explanation or an earlier lesson's, and every lesson explains."""
    from alhambra_widget.course.catalog import FACTS

    known = set(RULING_IDS) | set(FACTS)
    taught = set()
    for les in LESSONS:
        assert les.teach and 1 <= len(re.findall(r"[.!?](\s|$)", les.teach)) <= 5, les.id
        assert set(les.teaches) | set(les.needs) <= known, les.id
        taught |= set(les.teaches)
        missing = (set(les.needs) | set(les.rules)) - taught
        assert not missing, f"{les.id} needs {sorted(missing)}, not taught by then"


def test_a_need_taught_only_later_is_found():
    from dataclasses import replace

    ids = [les.id for les in LESSONS]
    early = replace(LESSONS[0], needs=("points-table",))
    taught = set()
    for les in [early, *LESSONS[1:]]:
        taught |= set(les.teaches)
        if les is early:
            assert not set(les.needs) <= taught
    assert ids.index("round1") > 0


def test_lessons_in_steps_judge_each_step():
    """Take, then buy, then place; redesign, then score; the end step by step: a wrong
    answer at each step is judged for that step (the step stays, the tries count), a
    right one moves on; the last one solves the lesson."""
    stepped = [les for les in LESSONS if les.steps]
    assert {"take-buy-place", "redesign-score", "end-steps"} <= {les.id for les in stepped}
    for les in stepped:
        way = les.solutions()[0]
        at, k = Attempt(les), 0
        for i in range(len(les.steps)):
            assert at.step == i
            step = at.current.lesson
            wrong = next(iter(_wrong_answers(step)))
            v = at.answer(wrong)
            assert (
                not v.ok and v.message.startswith(f"Step {i + 1} of {len(les.steps)}:") and v.rule
            ), (les.id, v)
            assert at.step == i and at.tries == i + 1
            n = len(step.solutions()[0])
            for ans in way[k : k + n]:
                v = at.answer(ans)
                assert v.ok, (les.id, ans, v)
            k += n
            assert v.done == (i == len(les.steps) - 1)
        assert at.solved and at.stars == 1


def test_the_hint_counter_of_a_lesson_in_steps_never_goes_up():
    """Lesson 31 (redesign, then score) said "hint (1 left)" at step 1 and "hint (2 left)"
    at step 2: the count is the whole lesson's, a step solved only ever lowers it, and a
    hint shown lowers it by one."""
    from alhambra_widget.course.view import lesson_view

    for les in [les for les in LESSONS if les.steps]:
        at = Attempt(les)
        total = sum(len(st.get("hints", ())) for st in les.steps)
        seen = [lesson_view(at)["hints_left"]]
        assert seen[0] == total, les.id
        way, k = les.solutions()[0], 0
        while not at.solved:
            view = lesson_view(at)
            assert view["hints_left"] <= seen[-1], (les.id, at.step, view["hints_left"], seen)
            if at.current.hint():
                assert lesson_view(at)["hints_left"] == view["hints_left"] - 1, les.id
            seen.append(lesson_view(at)["hints_left"])
            n = len(at.current.lesson.solutions()[0])
            for ans in way[k : k + n]:
                at.answer(ans)
            k += n
        assert seen == sorted(seen, reverse=True), (les.id, seen)


@pytest.mark.parametrize("les", JUDGED, ids=[les.id for les in JUDGED])
def test_the_ruling_chip_is_the_ruling_the_feedback_cites(les):
    """Lesson 31 said "(R11)" next to an R8 chip, lesson 36 "(R1)" next to R3: a right
    answer's chip (the verdict's rule) is one of the rulings its sentence cites."""
    for way in les.solutions():
        at = Attempt(les)
        for ans in way:
            v = at.answer(ans)
            cited = re.findall(r"\b([RG]\d{1,2}[a-z]?)\b", v.message)
            assert not cited or v.rule in cited, (les.id, v.rule, v.message)


def test_the_two_player_deck_is_worked_out_from_the_engine_r1_r3():
    """Feedback that explains: the working (currencies × values × copies, then the cards
    that leave with two), the chip R3 for two players, R1 otherwise."""
    v = lesson("two-cards").check(lesson("two-cards").solutions()[0][0])
    assert (
        v.ok and v.rule == "R3" and "4 currencies × 9 values × 3 cards of each = 108" in v.message
    )
    assert "108 − 36 = 72" in v.message
    v = lesson("cards").check(lesson("cards").solutions()[0][0])
    assert v.ok and v.rule == "R1" and "= 108" in v.message


def test_feedback_says_the_wall_before_and_after_and_where_the_tile_went_r9_r11():
    """Lesson 30 said "longest wall is now 11" without the old length; lesson 19 "the tile
    is placed" without saying it went to the reserve."""
    les = lesson("exchange-wall")
    v = les.check(les.solutions()[0][0])
    before = les.alhambra().longest_wall()
    assert (
        v.ok
        and v.rule == "R11"
        and re.search(rf"grows from {before} to \d+ segments \(R11\)", v.message)
    ), v.message
    les = lesson("reserve-choice")
    v = les.check(les.solutions()[0][0])
    assert (
        v.ok and "tower 9 (walls N, E, S) went to your reserve" in v.message and v.rule == "R9"
    ), v.message


def test_number_lessons_ask_for_named_numbers():
    for les in LESSONS:
        if les.task == "numbers":
            assert number_fields(les) == list(les.solutions()[0][0]["numbers"])


def test_a_lesson_refuses_an_unknown_task():
    with pytest.raises(MalformedInput):
        Lesson(id="x", chapter="basics", title="x", rules=("R1",), goal="x", task="guess")


def test_malformed_answers_are_not_tries():
    for les_id, bad in [
        ("find-R7a", {"cell": "here"}),
        ("round1", {"numbers": {"You": "three"}}),
        ("gift", {"choice": "Zed"}),
        ("take-most", {"buy": "denar", "pay": [1]}),
        ("coords", {"x": 1}),
    ]:
        at = lesson(les_id).attempt()
        with pytest.raises(MalformedInput):
            at.answer(bad)
        assert at.tries == 0


def test_stars_by_tries_and_hints_one_at_a_time():
    les = lesson("gift")
    at = les.attempt()
    assert at.hint() == les.hints[0] and at.hints_shown == 1
    assert at.hint() is None  # this lesson has one hint
    at.answer({"choice": "Ann"})
    at.answer({"choice": "Cem"})
    right = les.solutions()[0][0]
    assert at.answer(right).ok and at.stars == 1
    at2 = les.attempt()
    at2.answer({"choice": "Ann"})
    at2.answer(right)
    assert at2.stars == 2


def test_progress_is_kept_in_a_json_file(tmp_path):
    path = tmp_path / "sub" / "progress.json"
    p = Progress(path)
    p.record("gift", 2)
    p.record("gift", 1)  # the best is kept
    p.visit("gift")
    q = Progress(path)
    assert q.stars == {"gift": 2} and q.at == "gift"
    assert json.loads(path.read_text())["version"] == 1
    path.write_text("not json")
    assert Progress(path).stars == {}  # a broken file: start afresh


def test_the_default_progress_file_is_under_the_jupyter_data_dir(monkeypatch, tmp_path):
    from jupyter_core.paths import jupyter_data_dir

    from alhambra_widget.course.lessons import default_progress_path

    monkeypatch.delenv("ALHAMBRA_COURSE_PROGRESS", raising=False)
    assert str(default_progress_path()).startswith(jupyter_data_dir())
    monkeypatch.setenv("ALHAMBRA_COURSE_PROGRESS", str(tmp_path / "p.json"))
    assert default_progress_path() == tmp_path / "p.json"


# -- the widget ---------------------------------------------------------------------------
@pytest.fixture
def course(tmp_path):
    from alhambra_widget import CourseWidget

    return CourseWidget(progress=tmp_path / "progress.json")


def test_the_course_widget_answers_through_intents(course, tmp_path):
    course._on_msg(course, {"kind": "lesson", "lesson": IDS.index("find-R7a")}, [])
    assert course.lesson.id == "find-R7a"
    v = course.view["v"]
    course._on_msg(course, {"kind": "answer", "v": v, "answer": {"cell": [0, 0]}}, [])
    fb = course.view["lesson"]["feedback"]
    assert fb["ok"] is False and fb["rule"] == "R7" and course.view["lesson"]["tries"] == 1
    course._on_msg(course, {"kind": "hint"}, [])
    assert course.view["lesson"]["hints"] == [lesson("find-R7a").hints[0]]
    right = lesson("find-R7a").solutions()[0][0]
    course._on_msg(course, {"kind": "answer", "v": course.view["v"], "answer": right}, [])
    # a wrong try and a hint: a star less each
    assert course.view["lesson"]["solved"] and course.view["lesson"]["stars"] == 1
    assert course.view["course"]["lessons"][IDS.index("find-R7a")]["stars"] == 1
    # kept: a new widget on the same file opens where the learner was, with the stars
    from alhambra_widget import CourseWidget

    again = CourseWidget(progress=tmp_path / "progress.json")
    assert again.lesson.id == "find-R7a" and again.view["course"]["stars"] == 1


def test_a_malformed_answer_says_so_and_counts_no_try(course):
    course.goto("round1")
    course._on_msg(
        course, {"kind": "answer", "v": course.view["v"], "answer": {"numbers": {"You": ""}}}, []
    )
    assert course.message["kind"] == "error" and course.message["rule"] is None
    assert course.attempt.tries == 0


def test_an_answer_made_on_an_older_board_is_dropped(course):
    course.goto("gift")
    old = course.view["v"]
    course.hint()
    course._on_msg(course, {"kind": "answer", "v": old, "answer": {"choice": "Ann"}}, [])
    assert course.attempt.tries == 0


def test_the_page_is_told_no_answer(course):
    for les in LESSONS:
        course.goto(les.id)
        view = json.dumps(course.view)
        assert "solution" not in view and '"legal"' not in view
        if les.task in ("build", "break"):
            # every empty cell is offered alike: no cell is marked
            assert course.view["lesson"]["pick"] == "cells"


@pytest.mark.parametrize(
    "les",
    [les for les in LESSONS if les.task in ("build", "exchange", "remove")],
    ids=lambda les: les.id,
)
def test_a_solved_board_lesson_shows_the_alhambra_the_answer_leaves(course, les):
    """Once right, the board shows the engine's change (R7, R8) with its cell marked;
    before, it shows the start and marks nothing (no answer given away)."""
    from alhambra_widget.course.pictures import board_json
    from alhambra_widget.views.alhambra.view import tile_json

    course.goto(les.id)
    assert course.view["lesson"]["alhambra"] == board_json(les.alhambra(), les.draws_longest_wall)
    assert "marks" not in course.view["lesson"]
    right = les.solutions()[0][0]
    course._on_msg(course, {"kind": "answer", "v": course.view["v"], "answer": right}, [])
    c = tuple(right["cell"])
    after = les.alhambra().copy()
    if les.task == "build":
        after.place(les.tile(), c)
    elif les.task == "exchange":
        after.exchange(les.tile(), c)
    elif les.want.get("goal") != "stuck":
        after.remove(c)
    view = course.view["lesson"]
    assert view["solved"] and view["alhambra"] == board_json(after, les.draws_longest_wall)
    key = f"{c[0]},{c[1]}"
    if les.task == "build":
        assert "tile" not in view  # it is built now
    if les.task == "exchange":
        assert view["tile"] == tile_json(
            les.alhambra()[c]
        )  # the reserve holds the tile it replaced
    if les.want.get("goal") == "stuck":  # a tile that must stay: nothing changed
        assert "marks" not in view
    elif les.task == "remove":
        assert view["marks"] == {"cells": [], "from": [key]}
    else:
        assert view["marks"] == {"cells": [key], "from": []}


def test_the_longest_wall_is_drawn_where_the_lesson_says_so(course):
    """R11: the board marks the longest wall only where a lesson says so (its
    ``draws_longest_wall``), and is sent its segments only then; no lesson asking for
    the wall draws it."""
    for les in LESSONS:
        course.goto(les.id)
        view = course.view["lesson"]
        assert view["show_wall"] is les.draws_longest_wall
        if "alhambra" in view and not les.draws_longest_wall:
            assert view["alhambra"]["wall"] == []
        assert not (les.draws_longest_wall and les.want.get("oracle") == "walls")


def test_a_game_lesson_shows_only_the_learners_hand(course):
    course.goto("take-most")
    g = course.attempt.game
    view = course.view["lesson"]["game"]
    assert view["hand"] == [(c.currency, c.value) for c in g.current_player.money]
    others = [p for p in g.players if p is not g.current_player]
    assert "Ben" not in json.dumps(view) and all(
        str(c) not in json.dumps(course.view) or c in g.current_player.money or c in g.display
        for p in others
        for c in p.money
    )


def test_a_chapter_and_a_lesson_can_be_opened(tmp_path):
    from alhambra_widget import CourseWidget

    w = CourseWidget("gardens", progress=tmp_path / "p.json")
    assert [les.chapter for les in w.lessons] == ["gardens"] * len(w.lessons)
    w = CourseWidget(lesson="gift", progress=tmp_path / "p.json")
    assert w.lesson.id == "gift"
    w.next()
    assert w.lesson.id == IDS[IDS.index("gift") + 1]
    w.prev()
    assert w.lesson.id == "gift"
    with pytest.raises(MalformedInput):
        w.goto("nope")


def test_every_chapter_opens_in_a_notebook():
    from pathlib import Path

    texts = "".join(
        p.read_text() for p in (Path(__file__).parent.parent / "notebooks").glob("*.ipynb")
    )
    for ch in CHAPTERS:
        assert texts.count(f'CourseWidget(chapter=\\"{ch}\\")') == 1, ch


def test_the_best_oracle_counts_dirk_as_a_rival_only_under_dirk_can_win():
    """R3: Dirk cannot win unless the game's dirk_can_win option says so (the engine's
    option, its default unless the lesson sets it)."""
    import dataclasses

    from alhambra_widget.course.lessons import option_scores

    les = lesson("dirk-give")
    assert option_scores(les)["give it to Dirk"][0] == 2  # Ben is the rival
    dirk = dataclasses.replace(les, start={**les.start, "dirk_can_win": True})
    assert "Dirk 18" in option_scores(dirk)["give it to Dirk"][1]


def test_a_buy_with_cards_of_another_currency_is_refused_by_the_engine_r6():
    from alhambra_widget.engine.alhambra.actions import buy_with
    from alhambra_widget.engine.alhambra.components import Card
    from alhambra_widget.engine.errors import IllegalAction

    with pytest.raises(IllegalAction, match="paid in denar") as e:
        buy_with("denar", [Card("dirham", 3)])
    assert e.value.rule == "R6"
    assert buy_with("denar", [Card("denar", 3), Card("denar", 5)]).pay == (5, 3)


def test_complete_only_when_every_lesson_has_a_star(tmp_path):
    """Honest progress: "complete" only when every lesson has at least one star; else
    the first lesson without one is offered; the map gives each chapter's progress."""
    from alhambra_widget import CourseWidget

    w = CourseWidget(progress=tmp_path / "p.json", lesson=IDS[-1])
    co = w.view["course"]
    assert not co["complete"] and co["unfinished"] == 0
    assert [c["name"] for c in co["chapters"]] == [CHAPTERS[c] for c in CHAPTERS if chapter(c)]
    assert all(c["done"] == 0 and c["lessons"] == len(chapter(c["id"])) for c in co["chapters"])
    for les in LESSONS[:-1]:
        w.progress.record(les.id, 1)
    w.goto(IDS[-1])
    co = w.view["course"]
    assert not co["complete"] and co["unfinished"] == len(IDS) - 1
    w.answer(LESSONS[-1].solutions()[0][0])
    co = w.view["course"]
    assert co["complete"] and co["unfinished"] is None
    assert all(c["done"] == c["lessons"] for c in co["chapters"])


@pytest.mark.parametrize(
    "les",
    [les for les in LESSONS if les.task in ("take", "buy", "turn", "place")],
    ids=lambda les: les.id,
)
def test_a_solved_money_lesson_keeps_the_position_and_the_learners_hand(course, les):
    """After a right answer the position stays on the board (the market, the display, the
    hand, as the answer left them), and the hand is still the learner's, though the
    turn has passed to another player (hidden information stays hidden)."""
    course.goto(les.id)
    for ans in les.solutions()[0]:
        course.answer(ans)
    view = course.view["lesson"]
    g = course.attempt.game
    assert view["solved"] and view["game"]["player"] == "You"
    assert view["game"]["hand"] == [(c.currency, c.value) for c in g.player("You").money]
    assert view["game"]["display"] == [(c.currency, c.value) for c in g.display]
    for p in g.players[1:]:
        assert view["game"]["hand"] != [(c.currency, c.value) for c in p.money]


def test_a_solved_wall_lesson_draws_the_wall_it_counted(course):
    """R11: before the answer the wall asked for is neither drawn nor sent; once right,
    the board draws the engine's longest wall, the segments counted."""
    from alhambra_widget.course.pictures import board_json

    les = lesson("count-wall")
    course.goto(les.id)
    assert (
        not course.view["lesson"]["show_wall"] and course.view["lesson"]["alhambra"]["wall"] == []
    )
    course.answer(les.solutions()[0][0])
    view = course.view["lesson"]
    assert view["show_wall"] and view["alhambra"] == board_json(les.alhambra(), True)
    assert len(view["alhambra"]["wall"]) == les.alhambra().longest_wall()


def test_G4_the_gardens_scoring_lessons_show_a_building_the_engine_scored():
    """The lessons g-winner, g-nobody and g-points explain with a Gardens board on which
    the engine laid tiles and scored a building: a plain win, a tie at the top that
    drops out, and a multiplier that leaves out a kind with no tree."""
    from alhambra_widget.course.pictures import picture

    def scored(les_id):
        pic = picture(lesson(les_id).picture)
        (sc,) = pic["gardens"]["scored"].values()
        assert (
            pic["gardens"]["fields"]
            and sc["owner"]
            and sc["points"] == sc["value"] * sc["multiplier"]
        )
        assert any(f"= {sc['points']} points for {sc['owner']}" in n for n in pic["notes"])
        return sc

    win = scored("g-winner")
    assert sorted(win["counts"].values())[-1] > sorted(win["counts"].values())[-2]
    tie = scored("g-nobody")
    top = max(tie["counts"].values())
    assert list(tie["counts"].values()).count(top) == 2 and tie["counts"][tie["winner"]] < top
    pts = scored("g-points")
    assert 0 < pts["multiplier"] < 4 and 0 in pts["counts"].values()
    assert "The scores now" in " ".join(picture(lesson("g-points").picture)["notes"])


def test_R9_the_scoring_card_lesson_draws_the_deck_with_the_scoring_cards_windows():
    """The deck of a game just set up, with where each scoring card may lie:
    card 1 in the deck's second fifth, card 2 in its fourth (R2, R9), never its exact
    place (hidden information)."""
    from alhambra_widget.course.pictures import picture
    from alhambra_widget.engine.alhambra.game import Game

    pic = picture(lesson("scoring-card").picture)
    deck = pic["deck"]
    g = Game(["You", "Ben", "Cem"], seed=3)
    places = [k + 1 for k, c in enumerate(reversed(g.deck)) if str(c).startswith("scoring card")]
    assert deck["size"] == len(g.deck)
    fifth = deck["size"] / 5
    for (r, (a, b)), at in zip(sorted(deck["windows"].items()), places):
        assert a <= at <= b and b - a > 5, (r, a, b, at)
        assert {"1": 1, "2": 3}[r] * fifth - 1 <= a <= {"1": 1, "2": 3}[r] * fifth + 2
    assert "places" not in json.dumps(pic) and str(places) not in json.dumps(pic)


def test_G3_the_later_tile_lesson_shows_the_laid_tiles_and_says_why_a_field_is_refused():
    """g-next: the board on the page holds the three tiles the lesson laid; a field
    diagonal to them is refused with the engine's G3 sentence, one beside them accepted."""
    from alhambra_widget.course.view import lesson_view

    les = lesson("g-next")
    board = lesson_view(les.attempt())["gardens"]
    assert sorted(tuple(f[:2]) for f in board["fields"]) == [(2, 2), (3, 2), (3, 3)]
    wrong = les.check({"field": [4, 1]})  # diagonal to (3, 2): a building lies between
    assert not wrong.ok and wrong.rule == "G3" and wrong.mistake == "g_next"
    assert "shares no straight side with a laid garden tile" in wrong.message
    right = les.check({"field": [4, 2]})
    assert right.ok and "shares a straight side with a laid garden tile" in right.message


CITED = re.compile(r"\b(R\d+[a-d]?|G\d)\b")


def test_needs_cover_every_ruling_the_judge_can_cite():
    """A lesson whose judge can refuse an answer with a ruling id needs that ruling (its
    ``needs`` or what it teaches), and it was taught by then: the ruling of every
    listed wrong answer, and every ruling its feedback names. A ruling's letter counts
    on its own: "R7" does not teach "R7c" (lesson 1's judge once cited R7c, taught in
    lesson 13)."""
    taught: set[str] = set()
    for les in LESSONS:
        taught |= set(les.teaches)
        if les.task == "coached":
            continue
        declared = set(les.needs) | set(les.teaches)
        if "R7" in declared:  # a lesson on the building rules needs all four
            declared |= {"R7a", "R7b", "R7c", "R7d"}
        for ans in _wrong_answers(les):
            v = Attempt(les).answer(ans)
            if v.ok:
                continue
            cited = {v.rule, *CITED.findall(v.message)} - {None}
            assert cited <= declared, (les.id, ans, sorted(cited - declared), v.message)
            assert cited <= taught, (les.id, ans, sorted(cited - taught))


def _feedback(les):
    """Everything a lesson says once answered: to each listed wrong answer, and to its
    right answers."""
    said = [Attempt(les).answer(ans).message for ans in _wrong_answers(les)]
    return " ".join(said) + " " + _right_messages(les)


def test_no_lesson_answers_a_later_one_on_the_same_board():
    """A lesson that shares its board (and its tile) with a later one says nothing of
    the later one's answer: lesson 15's feedback once named every tile that must stay,
    lesson 16's answer, on the same board."""
    boards = [les for les in JUDGED if les.start.get("alhambra")]
    for i, early in enumerate(boards):
        for later in boards[i + 1 :]:
            if early.start["alhambra"] != later.start["alhambra"]:
                continue
            if early.start.get("tile") != later.start.get("tile") or early.task != later.task:
                continue  # feedback about another tile or task answers nothing here
            if early.task == "break":
                continue  # a cell breaking another rule first is named with that rule: known
            said = _feedback(early)
            for way in later.solutions():
                if "cell" in way[0]:
                    c = tuple(way[0]["cell"])
                    assert f"({c[0]}, {c[1]})" not in said, (early.id, later.id, c)


def test_titles_never_state_an_answer():
    """A title names the situation, not its outcome: a lesson whose answer is "nobody"
    does not speak of a tie in its title (lessons 33 and 47 once did)."""
    for les in JUDGED:
        for way in les.solutions():
            ans = way[0]
            if ans.get("choice") == "nobody":
                assert not re.search(r"\btie|\bnobody|\bno one", les.title.lower()), les.id
            if "choice" in ans:
                assert ans["choice"].lower() not in les.title.lower(), les.id
