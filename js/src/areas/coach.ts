// The coach of a coached game (Python: alhambra_widget/course/coach.py): its last remark
// (a move that gave away much of the chance to win, with the engine's reasons for it and
// for the search's choice; the first scoring explained; the end), and the answers to an
// offer to take a move back. A region at the top of the table, there from the start: a
// remark fills it and grows to its text (never cut); its buttons come first, under the
// heading, so that they stay in sight however long the remark.

import { html } from "../html.js";
import type { Intent } from "../contract.js";
import type { Ctx, TableView } from "../types.js";

export const COACH_CLICKABLE = "[data-coach]";

const TITLES: Record<string, string> = { mistake: "The coach: a costly move", scoring: "The coach: the first scoring", undone: "The coach", end: "The coach: the game is over" };

export function coachHtml({ v }: Ctx<TableView>) {
  const c = v.coach;
  if (!c) return html``;
  const r = c.remark;
  if (!r) {
    return html`<aside class="aw-coach aw-coach-idle" role="status" aria-label="the coach"><h4>The coach</h4><p class="aw-muted">The coach watches each of your decisions and speaks when one gives away more than ${Math.round(100 * c.threshold)}% of your chance to win.</p></aside>`;
  }
  const lines = r.lines.length ? html`<ul>${r.lines.map((l) => html`<li>${l}</li>`)}</ul>` : html``;
  // what else tells the moves apart: on demand, so the remark stays short beside the board
  const more = r.more && r.more.length ? html`<details class="aw-coach-more"><summary>more of what tells them apart</summary><ul>${r.more.map((l) => html`<li>${l}</li>`)}</ul></details>` : html``;
  const buttons = c.offer
    ? html`<div class="aw-row"><button data-coach="undo" aria-label="take back the move the coach flagged">Take it back</button> <button data-coach="keep" aria-label="keep the move and play on">Keep it</button></div>`
    : html`<button class="aw-mini" data-coach="close" aria-label="close the coach's remark">close</button>`;
  // the buttons under the heading, in sight; the remark below them, whole
  return html`<aside class="aw-coach aw-coach-${r.kind}" role="status" aria-label="the coach"><h4>${TITLES[r.kind] || "The coach"}</h4>${buttons}<div class="aw-coach-body"><p>${r.text}</p>${lines}${more}</div></aside>`;
}

// the status line while a move is offered back: the bots wait for the answer
export function coachStatus(v: TableView) {
  return v.coach && v.coach.offer ? "The coach waits for your answer: take the move back, or keep it and play on." : "";
}

// a click on the coach's buttons: its answer to Python
export function coachClick(d: DOMStringMap, v: TableView, send: (msg: Intent) => void) {
  if (!d.coach) return false;
  send({ kind: "coach", do: d.coach as "undo" | "keep" | "close", v: v.v });
  return true;
}
