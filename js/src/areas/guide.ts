// The guide of a guided first game (Python: alhambra_widget/course/guide.py): the step
// it waits for (what to do, first and in bold; why, with the rules met for the first
// time; what happened since the last step, folded), or the result at the end. Its marks (what
// to click) are drawn on the table with the hint's marks (hint.ts). A region at the
// top of the table, grown to its text, never cut.

import { html } from "../html.js";
import type { Intent } from "../contract.js";
import type { Ctx, TableView } from "../types.js";

export function guideHtml({ v }: Ctx<TableView>) {
  const g = v.guide;
  if (!g) return html``;
  const rules = g.rules.length ? html` <span class="aw-muted">(${g.rules.join(", ")})</span>` : html``;
  // what happened since the last step, in the engine's words: folded (the table shows
  // it too), so that the step's line and the board stay in sight
  const before = g.before.length ? html`<details class="aw-guide-before"><summary>What happened since your last step (${g.before.length})</summary><ul>${g.before.map((l) => html`<li>${l}</li>`)}</ul></details>` : html``;
  const note = g.note ? html`<p class="aw-muted">${g.note}</p>` : html``;
  const lines = g.lines.length ? html`<ul>${g.lines.map((l) => html`<li>${l}</li>`)}</ul>` : html``;
  const head = g.finished ? "The guided game is over" : `The guide: step ${g.step} of ${g.steps}`;
  const restart = html`<button class="aw-mini" data-guide="restart" aria-label="start the guided game again">start again</button>`;
  const todo = g.finished ? html`` : html`<p class="aw-guide-do" data-area="guide-do"><b>${g.do}</b></p>`;
  return html`<aside class="aw-coach aw-guide${g.finished ? " aw-coach-end" : ""}" role="status" aria-label="the guide"><h4>${head} ${restart}</h4>${todo}<div class="aw-coach-body">${note}${before}<p>${g.why}${rules}</p>${lines}</div></aside>`;
}

// a click on the guide's button: start again
export function guideClick(d: DOMStringMap, v: TableView, send: (msg: Intent) => void) {
  if (d.guide !== "restart") return false;
  send({ kind: "guide", do: "restart", v: v.v });
  return true;
}
