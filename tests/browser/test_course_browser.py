"""The course in a real JupyterLab: each test plays one lesson by clicking, with a wrong
try first (its feedback is the engine's sentence for that mistake), then the engine's
answer (stars for the tries), then reloads the page and finds the stars kept.

The answers clicked come from the engine (``Lesson.solutions()``), the wrong ones are
chosen by what the engine says about them; nothing is written here by hand but which
kind of mistake to make.
"""

from __future__ import annotations

import pytest
from labdriver import JupyterLab

from alhambra_widget.course.catalog import LESSONS, lesson
from alhambra_widget.course.lessons import Attempt

pytestmark = pytest.mark.browser

IDS = [les.id for les in LESSONS]


def map_item(page, k: int):
    """Lesson ``k``'s button in the course map, the map opened first (it is one line
    until asked: a lesson fits on one screen)."""
    toggle = page.locator(".aw-course-map [data-lmap]").first
    toggle.wait_for(timeout=30000)
    if toggle.get_attribute("aria-expanded") != "true":
        toggle.click()
    return page.locator(f".aw-course-map [data-lesson='{k}'].aw-course-item").first


class Course:
    def __init__(self, lab, les, progress):
        self.lab, self.les, self.page, self.progress = lab, les, lab.page, progress

    def click(self, ans):
        """Give ``ans`` on the board, as a learner would."""
        page = self.page
        root = page.locator(".aw-root").first
        if (
            "cell" in ans or "place" in ans
        ):  # an empty cell or a built tile of the board answered on
            x, y = ans.get("cell") or ans["place"]
            root.locator(
                f"[data-player='lesson'][data-cell='{x},{y}'], [data-player='lesson'][data-tile-cell='{x},{y}']"
            ).first.click()
        elif "field" in ans:  # a garden field of the Gardens board
            x, y = ans["field"]
            root.locator(f"[data-player='lesson'][data-field='{x},{y}']").first.click()
        elif "reserve" in ans:
            root.locator("[data-ldo='reserve']").click()
        elif "take" in ans:
            for name in ans["take"]:  # a card not yet picked is labelled by its name alone
                root.locator(f"[data-ltake][aria-label='{name}']").first.click()
            root.locator("[data-ldo='take']").click()
        elif "buy" in ans:
            cards = ans.get("cards") or [f"{ans['buy']} {v}" for v in ans["pay"]]
            root.locator(f"[data-lslot='{ans['buy']}']").click()
            for name in cards:
                root.locator(f"[data-lpay][aria-label='{name}']").first.click()
            root.locator("[data-ldo='pay']").click()
        elif "numbers" in ans:
            for k, v in ans["numbers"].items():
                root.locator(f"[data-lfield='{k}']").fill(str(v))
            root.locator("[data-ldo='numbers']").click()
        elif "choice" in ans:
            root.locator(f'[data-lchoice="{ans["choice"]}"]').click()
        else:  # pragma: no cover
            raise AssertionError(ans)

    def feedback(self, text: str):
        fb = self.page.locator(".aw-course-feedback").first
        fb.filter(has_text=text[:60]).wait_for(timeout=15000)
        return fb.inner_text()

    def play(self, wrong, right_way, wrong_mistake: str | None = None):
        """A wrong try (its feedback checked), then the engine's answer; returns the
        stars shown."""
        v = Attempt(self.les).answer(wrong)  # what the engine says about that mistake
        assert not v.ok
        if wrong_mistake:
            assert v.mistake == wrong_mistake, v
        self.click(wrong)
        shown = self.feedback(v.message)
        assert "Not yet." in shown and v.rule in shown
        self.page.locator("text=1 wrong try").wait_for()
        for k, ans in enumerate(right_way):
            before = self.page.locator(".aw-course-feedback").first.inner_text()
            self.click(ans)
            if (
                k < len(right_way) - 1
            ):  # a right step of a longer turn: wait for the board to show it
                self.page.locator(".aw-course-feedback.aw-msg-ok").first.wait_for(timeout=15000)
                self.page.wait_for_function(
                    "(t) => document.querySelector('.aw-course-feedback').innerText !== t",
                    arg=before,
                    timeout=15000,
                )
        done = self.page.locator(".aw-course-done .aw-stars").first
        done.wait_for(timeout=15000)
        assert done.get_attribute("aria-label") == "2 of 3 stars"
        assert "Right!" in self.page.locator(".aw-course-feedback").first.inner_text()
        return done

    def reload_keeps_stars(self):
        """Reload the page, run the notebook again: the map and the lesson show the stars."""
        self.lab.shot("solved")
        self.page.reload()
        JupyterLab.run_all(self.page)
        i = IDS.index(self.les.id)
        item = map_item(self.page, i)
        item.wait_for(timeout=30000)
        assert "2 of 3 stars" in item.get_attribute("aria-label")
        assert (
            self.page.locator(".aw-best .aw-stars").first.get_attribute("aria-label")
            == "2 of 3 stars"
        )
        assert (
            f"2 of {3 * len(IDS)} stars" in self.page.locator(".aw-course-pos").first.inner_text()
        )


@pytest.fixture
def course(open_notebook, tmp_path):
    def _open(lesson_id: str) -> Course:
        progress = tmp_path / "progress.json"
        lab = open_notebook(
            f"from alhambra_widget import CourseWidget\nw = CourseWidget(lesson={lesson_id!r}, progress={str(progress)!r})\nw"
        )
        lab.page.locator(".aw-lesson").first.wait_for()
        return Course(lab, lesson(lesson_id), progress)

    return _open


def _wrong(les, mistake):
    """An answer of the lesson's kind that the engine judges as ``mistake``."""
    from test_course import _wrong_answers  # the same enumeration as the Python tests

    for ans in _wrong_answers(les):
        v = Attempt(les).answer(ans)
        if not v.ok and v.mistake == mistake:
            return ans
    raise AssertionError(f"{les.id}: no wrong answer of kind {mistake}")


def _a_term_opens_its_glossary_entry(c, term, shot):
    """A term in the lesson's words shows its meaning on hover; a click opens the
    glossary at its entry, which names the lesson teaching it, one click away."""
    from alhambra_widget.course.catalog import GLOSSARY

    where, meaning = GLOSSARY[term]
    link = c.page.locator(f".aw-course-teach .aw-term[data-term='{term}']").first
    assert link.get_attribute("title") == f"{term}: {meaning}"
    link.click()
    entry = c.page.locator(".aw-glossary .aw-gloss-at").first
    entry.wait_for()
    assert entry.locator(".aw-gloss-term").inner_text() == term and meaning in entry.inner_text()
    assert entry.evaluate("e => e === document.activeElement")
    box, view = entry.bounding_box(), c.page.viewport_size
    assert box and box["y"] >= 0 and box["y"] + box["height"] <= view["height"]  # in sight
    c.lab.shot(shot)
    go = entry.locator("[data-lesson]")
    assert lesson(where).title in go.inner_text()
    go.click()
    c.page.locator(".aw-lesson h3").filter(has_text=lesson(where).title).wait_for()


def _one(les):
    return les.solutions()[0]


KINDS = [  # (lesson, the kind of mistake made first), then a reload keeps the stars
    ("find-R7d", "other_rule"),  # break: a cell that breaks another rule first
    ("buy-exact", "not_exact"),  # pay: legal, but the turn ends
    ("round2-tie", "shared"),  # numbers: a tie for first
]


@pytest.mark.parametrize("lesson_id,mistake", KINDS, ids=[k for k, _ in KINDS])
def test_course_a_lesson_played_on_the_board(course, lesson_id, mistake):
    c = course(lesson_id)
    try:
        c.play(_wrong(c.les, mistake), _one(c.les), mistake)
    except Exception:
        c.lab.shot("failed")
        raise
    c.reload_keeps_stars()


def test_course_two_tiles_in_one_turn(course):
    c = course("two-buys")
    way = next(w for w in c.les.solutions() if len(w) == 2)
    c.play({"buy": "denar", "cards": ["denar 5", "denar 4"]}, way, "turn_ended")
    c.reload_keeps_stars()


def test_course_hints_one_at_a_time_the_map_and_the_keyboard(course):
    c = course("find-R7c")
    page, les = c.page, c.les
    hint = page.locator("[data-lhint]").first
    hint.click()
    page.locator(".aw-course-hints li").nth(0).filter(has_text=les.hints[0]).wait_for()
    assert page.locator(".aw-course-hints li").count() == 1
    hint.click()
    page.locator(".aw-course-hints li").nth(1).wait_for()
    assert page.locator("[data-lhint]").first.is_disabled()  # all shown
    # by keyboard: the first cell has the tab stop; arrows move, Enter answers
    (x, y) = _one(les)[0]["cell"]
    first = page.locator(".aw-board [data-cell][tabindex='0']").first
    first.focus()
    fx, fy = map(int, first.get_attribute("data-cell").split(","))
    for _ in range(abs(x - fx)):
        page.keyboard.press("ArrowRight" if x > fx else "ArrowLeft")
    for _ in range(abs(y - fy)):
        page.keyboard.press("ArrowDown" if y > fy else "ArrowUp")
    assert page.evaluate("document.activeElement.dataset.cell") == f"{x},{y}"
    page.keyboard.press("Enter")
    # at the first try, but with the hints: a star less
    page.locator(".aw-course-done .aw-stars[aria-label='2 of 3 stars']").wait_for()
    c.lab.shot("solved-by-keyboard")
    # the next lesson, then back through the map
    # not complete: the first lesson without a star is offered besides the next one
    cont = page.locator(".aw-course-done .aw-course-continue")
    assert cont.get_attribute("data-lesson") == "0" and LESSONS[0].title in cont.inner_text()
    assert page.locator(".aw-course-complete").count() == 0
    page.locator(".aw-course-done .aw-primary[data-lesson]").click()
    page.locator(".aw-lesson h3").filter(
        has_text=LESSONS[IDS.index("find-R7c") + 1].title
    ).wait_for()
    map_item(page, IDS.index("find-R7c")).click()
    page.locator(".aw-lesson h3").filter(has_text=les.title).wait_for()
    assert "2 of 3 stars" in page.locator(".aw-best .aw-stars").first.get_attribute("aria-label")


@pytest.mark.parametrize("theme", ["Light", "Dark"])
def test_course_looks_right_in_both_themes(course, theme):
    c = course("majority-or-wall")
    c.lab.theme(theme)
    c.click(_wrong(c.les, "best"))
    c.page.locator(".aw-course-feedback.aw-msg-error").wait_for()
    dark = c.page.evaluate("document.querySelector('.aw-root').classList.contains('aw-dark')")
    assert dark == (theme == "Dark")
    c.lab.shot(theme.lower())
    _a_term_opens_its_glossary_entry(c, "scoring round", theme.lower() + "-glossary")
    # a game lesson too: the market, the money display and the hand
    map_item(c.page, IDS.index("two-buys")).click()
    c.page.locator(".aw-course-game [data-ltake]").first.wait_for()
    c.page.locator("[data-lslot='denar']").click()
    c.lab.shot(theme.lower() + "-game")


def test_course_a_lesson_in_steps_played_on_the_board(course):
    """Take, then buy, then place: a wrong take first (judged for step 1), then each
    step's right answer, each step's feedback shown before the next."""
    c = course("take-buy-place")
    c.lab.shot("steps-start")
    c.play(_wrong(c.les, "less"), _one(c.les), "less")
    c.page.locator(".aw-course-steps li").first.wait_for(state="attached")
    c.lab.shot("steps-solved")


def _clickable_wrong(les):
    """The first wrong answer of the lesson's kind (of its first step) that the board
    can give by clicking."""
    from test_course import _wrong_answers

    step = les.step(0) if les.steps else les
    for ans in _wrong_answers(les):
        if step.task in ("exchange", "remove") and tuple(ans["cell"]) not in step.alhambra().tiles:
            continue  # only the built tiles are offered
        if "pay" in ans and "cards" not in ans:
            ans = {"buy": ans["buy"], "cards": [f"{ans['buy']} {v}" for v in ans["pay"]]}
        v = Attempt(les).answer(ans)
        if not v.ok:
            return ans
    raise AssertionError(f"{les.id}: no wrong answer")


def test_course_every_lesson_played_by_clicking(course):
    """Every lesson of the course, in one notebook, opened from the map: the explanation
    shows before the task, one wrong try (the engine's feedback for it), then the
    engine's answer, step by step (2 stars each), the first half in the light theme,
    the second in the dark (a screenshot of each before and after its answer). At the end the
    course is complete, and before that a lesson without stars is offered."""
    c = course(IDS[0])
    page = c.page
    c.lab.theme("Light")
    board = [
        les for les in LESSONS if les.task != "coached"
    ]  # the coached games: their own browser test
    fountains = 0  # fountain labels seen in the dark theme
    for k, les in enumerate(board):
        if k:
            map_item(page, k).click()
        page.locator(".aw-lesson h3").filter(has_text=les.title).wait_for(timeout=15000)
        page.locator(".aw-course-teach").first.wait_for()
        if k == len(board) - 1:  # one lesson still without stars: no "complete" yet
            assert page.locator(".aw-course-map .aw-course-ch").count() == len(
                {les.chapter for les in LESSONS}
            )
        if k == len(board) // 2:  # the second half in the dark theme
            c.lab.theme("Dark")
            page.locator(".aw-root.aw-dark").first.wait_for()
        c.lab.shot(f"{k + 1:02d}-{les.id}-before")
        # the fountain's "0,0" lies on the light fountain tile: dark there in both themes
        labels = page.evaluate(FOUNTAIN_LABEL_DARK)
        assert all(labels), les.id
        fountains += len(labels) if page.locator(".aw-root.aw-dark").count() else 0
        c.les = les
        try:
            c.play(_clickable_wrong(les), _one(les))
        except Exception as e:  # name the lesson
            c.lab.shot(f"{les.id}-failed")
            raise AssertionError(f"lesson {les.id}: {e}") from e
        c.lab.shot(f"{k + 1:02d}-{les.id}-after")
    assert fountains > 0
    assert (
        f"{2 * len(board)} of {3 * len(IDS)} stars"
        in page.locator(".aw-course-pos").first.inner_text()
    )
    left = [les for les in LESSONS if les not in board]
    if left:  # complete only when every lesson has a star: the first left is offered
        # (the next lesson's button when it is the first left, else "continue with ...")
        assert page.locator(f".aw-course-done [data-lesson='{IDS.index(left[0].id)}']").count() == 1
        assert page.locator(".aw-course-complete").count() == 0
    else:
        page.locator(".aw-course-complete").wait_for(timeout=15000)


FOUNTAIN_LABEL_DARK = """() => [...document.querySelectorAll('.aw-course-board .aw-coord-tile')].map((t) => {
  const [r, g, b] = getComputedStyle(t).fill.match(/\\d+/g).map(Number);
  return 0.2126 * r + 0.7152 * g + 0.0722 * b < 100;
})"""

OVERLAPS = """() => {
  const box = (e) => e.getBoundingClientRect();
  const meet = (a, b) => a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
  const out = [];
  for (const fig of document.querySelectorAll('.aw-course-picture, .aw-course-board')) {
    const names = [...fig.querySelectorAll('.aw-tile text, .aw-tilename, .aw-coord')];
    const over = [...fig.querySelectorAll('.aw-wallno circle, .aw-longest')];
    for (const o of over) for (const n of names) if (meet(box(o), box(n))) out.push(`${o.getAttribute('class') || 'badge'} over ${n.textContent}`);
    const badges = [...fig.querySelectorAll('.aw-wallno circle')];
    badges.forEach((a, i) => badges.slice(i + 1).forEach((b) => { if (meet(box(a), box(b))) out.push('badge over badge'); }));
    const r = box(fig), area = box(fig.closest('.jp-OutputArea-output') || document.body);
    if (r.right > area.right + 1) out.push(`picture clipped: ${r.right} > ${area.right}`);
  }
  return out;
}"""

SHOWN = ("count-wall", "scoring-card", "g-winner", "g-nobody", "g-points", "take-buy-place")


def test_course_pictures_keep_names_clear_at_1366x768(course):
    """Drawing: at 1366 x 768, every lesson's picture and board fits its
    output, and no wall-number badge or longest-wall line covers a tile's name or a
    coordinate (R11); the pictures drawn from the engine, and a game lesson, in both
    themes (screenshots)."""
    c = course(IDS[0])
    page = c.page
    page.set_viewport_size({"width": 1366, "height": 768})
    pictured = [les for les in LESSONS if les.picture or les.id in SHOWN]  # and a game lesson
    for theme, lessons in (("Light", pictured), ("Dark", [lesson(i) for i in SHOWN])):
        c.lab.theme(theme)
        for les in lessons:
            map_item(page, IDS.index(les.id)).click()
            page.locator(".aw-lesson h3").filter(has_text=les.title).wait_for(timeout=15000)
            fig = page.locator(".aw-course-picture, .aw-course-game").first
            fig.wait_for()
            assert page.evaluate(OVERLAPS) == [], les.id
            if les.id in SHOWN:
                fig.scroll_into_view_if_needed()
                c.lab.shot(f"{les.id}-picture-{theme.lower()}")


def test_course_map_reads_what_another_notebook_earned_when_the_pointer_comes_back(course):
    """Another notebook's kernel wrote the progress file: moving the pointer back onto
    the board shows its stars in the map (no cell run again)."""
    import json

    c = course("cards")
    page = c.page
    pos = page.locator(".aw-course-pos").first
    assert f"0 of {3 * len(IDS)} stars" in pos.inner_text()
    page.mouse.move(5, 5)  # away from the board
    data = json.loads(c.progress.read_text()) if c.progress.exists() else {"version": 1}
    data["stars"] = {**data.get("stars", {}), "cards": 3}
    c.progress.write_text(json.dumps(data))  # as another kernel writes it
    page.wait_for_timeout(2100)  # the board asks at most every 2 s
    box = page.locator(".aw-lesson").first.bounding_box()
    page.mouse.move(box["x"] + 20, box["y"] + 10)
    pos.filter(has_text=f"3 of {3 * len(IDS)} stars").wait_for(timeout=15000)
