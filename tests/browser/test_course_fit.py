"""Every lesson on one screen: in JupyterLab at 1366x768 with the file browser open,
each lesson of the course, shown from its top (the one-line course map), has its task
and its answer controls (the board answered on, the number boxes and Check, the
choices, the take and pay buttons, the tile in hand, the row of the hint and "start
again") inside the notebook's visible area, in the light and the dark theme.

One JupyterLab page steps through the lessons (``w.goto(k)`` from the kernel, as the
map's buttons do) and measures what the page draws; a screenshot of a few lessons in
each theme goes to test-artifacts/."""

from __future__ import annotations

import pytest
from labdriver import kernel_exec

from alhambra_widget.course.catalog import LESSONS

pytestmark = pytest.mark.browser

BOARD = [les for les in LESSONS if les.task != "coached"]
"""The lessons answered on the course's board (a coached game is its own table)."""

SHOWN = {"coords", "find-R7b", "find-R7d", "g-several", "take-buy-place", "g-turn", "g-won"}

OUTSIDE = """() => {
  const root = document.querySelector('.aw-root');
  root.scrollIntoView({block: 'start'});
  const panel = root.closest('.jp-WindowedPanel-outer') || root.closest('.jp-Notebook');
  const view = panel.getBoundingClientRect();
  const sel = ['.aw-goal', '.aw-course-board', '.aw-course-numbers', '.aw-course-options',
               '.aw-course-game [data-ldo]', '.aw-course-tile', '.aw-course-help'];
  const out = [];
  for (const s of sel) for (const e of root.querySelectorAll(s)) {
    const r = e.getBoundingClientRect();
    if (r.height === 0) continue;
    if (r.top < view.top - 1 || r.bottom > view.bottom + 1 || r.right > view.right + 1)
      out.push(`${s}: ${Math.round(r.top - view.top)}-${Math.round(r.bottom - view.top)} of ${Math.round(view.height)}`);
  }
  return out;
}"""


def test_every_lesson_fits_1366x768_with_the_file_browser_open(open_notebook, tmp_path):
    progress = tmp_path / "progress.json"
    lab = open_notebook(
        f"from alhambra_widget import CourseWidget\nw = CourseWidget(progress={str(progress)!r})\nw"
    )
    page = lab.page
    page.set_viewport_size({"width": 1366, "height": 768})
    page.evaluate("window.jupyterapp.commands.execute('filebrowser:activate')")
    page.locator(".jp-FileBrowser").first.wait_for(state="visible")
    page.locator(".aw-lesson").first.wait_for()
    found = {}
    for theme in ("Light", "Dark"):
        lab.theme(theme)
        for les in BOARD:
            kernel_exec(page, f"w.goto({les.id!r})")
            page.locator(".aw-lesson h3").filter(has_text=les.title).first.wait_for()
            out = page.evaluate(OUTSIDE)
            if out:
                found[f"{theme} {les.id}"] = out
            if les.id in SHOWN:
                lab.shot(f"{theme.lower()}-{les.id}")
    assert not found, "\n".join(f"{k}: {'; '.join(v)}" for k, v in found.items())
