"""The course's second round: the lessons a newcomer found wanting.

- terms are taught before they are used (the glossary names the lesson teaching each);
- lesson 50's instruction runs in the notebook the README gives, and names the bot the
  table shows;
- feedback names the mistake made: the cards of a two-player game (R3), a wall counted
  straight or by tiles (R11), who started (R2, R13), a garden tile turned the wrong way
  (G2).
"""

from __future__ import annotations

import itertools
import re

import pytest

from alhambra_widget.course.catalog import GLOSSARY, LESSONS, lesson
from alhambra_widget.course.lessons import options

IDS = [les.id for les in LESSONS]


def _texts(les) -> str:
    """Everything a lesson shows before its answer, in words."""
    parts = [les.title, les.teach, les.goal, *les.hints, str(les.picture.get("caption", ""))]
    for st in les.steps:
        parts += [st.get("goal", ""), *st.get("hints", ())]
    return " ".join(parts)


@pytest.mark.parametrize("term", sorted(GLOSSARY))
def test_no_term_is_used_before_the_lesson_that_teaches_it(term):
    where, meaning = GLOSSARY[term]
    k = IDS.index(where)
    assert re.search(rf"\b{term}", LESSONS[k].teach, re.I), (term, where)
    for les in LESSONS[:k]:
        assert not re.search(rf"\b{term}", _texts(les), re.I), (term, les.id)
    assert meaning


def test_lesson_50s_instruction_runs_in_the_readme_notebook_and_names_the_tables_bot(tmp_path):
    """The README's notebook has ``CourseWidget()`` (imported from the package); the
    lesson's instruction, run there as written, opens the coached game; the bot it
    names is the one the table shows for Ben."""
    for les_id, kind in (("coached-game", "CoachedGame"), ("coached-gardens", "CoachedGardens")):
        les = lesson(les_id)
        code = re.findall(r"`([^`]+)`", les.goal)
        assert code and code[-1] == f"{kind}()"
        ns: dict[str, object] = {}
        exec("from alhambra_widget import CourseWidget", ns)  # the README's notebook
        for line in code[:-1]:
            exec(line, ns)
        w = eval(code[-1], ns)
        assert type(w).__name__ == kind
        shown = w.seats["Ben"]  # the seat the table shows as "Ben <kind> bot"
        assert f"Ben, the {shown} bot" in les.goal
        assert f"the {shown} bot" in les.teach


def test_R3_a_two_player_count_names_the_cards_that_leave():
    les = lesson("two-cards")
    v = les.check({"numbers": {"cards": 104}})  # one card per currency taken away
    assert v.mistake == "one_per_currency" and "36 cards" in v.message and v.rule == "R3"
    v = les.check({"numbers": {"cards": 108}})  # nothing taken away
    assert v.mistake == "none_left" and "36 cards leave" in v.message
    v = les.check({"numbers": {"cards": 99}})  # one card per value
    assert v.mistake == "one_per_value"


def test_R11_a_wall_counted_in_a_straight_line_or_by_tiles_is_told_so():
    les = lesson("wall-corner")
    a = les.alhambra()
    seg = a.longest_wall_segments()
    # the longest straight stretch of the engine's segments, counted here by hand
    runs, run = [], 1
    for s1, s2 in itertools.pairwise(seg):
        same = (s1[0][0] == s1[1][0]) == (s2[0][0] == s2[1][0])
        run = run + 1 if same else 1
        runs.append(run)
    straight = max([*runs, 1])
    assert straight != a.longest_wall()
    assert les.check({"numbers": {"wall": straight}}).mistake == "straight"
    tiles = len(a.tiles) - 1
    assert les.check({"numbers": {"wall": tiles}}).mistake == "tiles"
    ring = lesson("wall-ring")
    assert ring.check({"numbers": {"wall": ring.alhambra().longest_wall() - 1}}).mistake == "ring"


def test_R13_whose_turn_feedback_says_who_started_and_which_action_ended_the_turn():
    les = lesson("replay")
    g = les.game()
    starter = g.at(0).current_player.name
    wrong = next(o for o in options(les) if o != g.current_player.name)
    v = les.check({"choice": wrong})
    assert f"{starter} started" in v.message and "ended the turn" in v.message


def test_G2_a_tile_turned_anticlockwise_is_told_so():
    les = lesson("g-turn")
    right = les.solutions()[0][0]["choice"]
    said = {o: les.check({"choice": o}) for o in options(les) if o != right}
    assert any(v.mistake == "anticlockwise" and "anticlockwise" in v.message for v in said.values())


def test_R7_a_find_lessons_feedback_names_no_answer_of_a_later_one():
    """A find lesson's feedback on a cell that breaks another rule first names that cell
    and its rule: it must not be an answer of the later lesson asking for that rule
    (find-R7a once named find-R7b's corner cells, on the same board)."""
    finds = [les for les in LESSONS if les.task == "break"]
    for k, les in enumerate(finds):
        x0, y0, x1, y1 = les.alhambra().bounds()
        for cell in itertools.product(range(x0 - 1, x1 + 2), range(y0 - 1, y1 + 2)):
            v = les.check({"cell": list(cell)})
            if v.ok or v.mistake != "other_rule":
                continue
            for later in finds[k + 1 :]:
                if later.want["rule"] == v.rule and later.start == les.start:
                    answers = {tuple(s[0]["cell"]) for s in later.solutions()}
                    assert cell not in answers, (les.id, cell, later.id)


_CODE = re.compile(r"\b(pavilion|seraglio|arcades|chambers|garden|tower) \d+ [NESW]{1,4}\b")


@pytest.mark.parametrize(
    "les", [les for les in LESSONS if les.task != "coached"], ids=lambda les: les.id
)
def test_the_course_names_a_tile_in_words_not_by_its_letters(les):
    """What the engine says to a right answer, and a picture's notes, name a tile's
    walls in words ("pavilion 2, walls north, east and west"): "pavilion 2 NEW" reads
    as a word."""
    from alhambra_widget.course.lessons import Attempt
    from alhambra_widget.course.pictures import picture

    said = [Attempt(les).answer(a).message for way in les.solutions() for a in way[:1]]
    said += (picture(les.picture) or {}).get("notes", [])
    for text in said:
        assert not _CODE.search(text), text


def test_R7_an_earlier_solved_board_does_not_mark_a_later_steps_cells():
    """ "After the turn: placing" shows, once solved, every cell where its tower may go;
    the later lesson "Take, buy, place" asks in its last step where the same tower goes:
    its Alhambra differs, so the earlier board does not give the later answer (R7, the
    engine's cells for both)."""
    from test_course import _sent_before_the_answer

    from alhambra_widget.course.catalog import LESSONS

    by_id = {les.id: les for les in LESSONS}
    earlier = {tuple(s[0]["place"]) for s in by_id["place-bought"].solutions() if "place" in s[0]}
    steps = [les for les, _, _ in _sent_before_the_answer(by_id["take-buy-place"])]
    assert len(steps) == 3
    later = {tuple(s[0]["place"]) for s in steps[-1].solutions() if "place" in s[0]}
    assert later and earlier and not (later & earlier), (earlier, later)
