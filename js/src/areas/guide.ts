// The guide of a guided first game (Python: alhambra_widget/course/guide.py): the step
// it waits for is the bar's one instruction ("Step 3 of 11: ..."; the table's own step
// arrows are hidden); the guide's region says why the move is good and the rules met for the first time,
// what happened since the last step (folded) and, after a click that was not the step's
// move, the guide's sentence about it; at the end, what was done and what comes next.
// Its marks (what to click) are drawn on the table with the hint's marks (hint.ts). A
// region at the top of the table, grown to its text, never cut.

import { html } from "../html.js";
import { glossaryHtml, withRules, withTerms } from "../glossary.js";
import type { GuideJson, Intent } from "../contract.js";
import type { SafeHtml } from "../html.js";
import type { Ctx, TableView } from "../types.js";

export function guideHtml({ v, ui, rule }: Ctx<TableView>) {
  const g = v.guide;
  if (!g) return html``;
  // the step's rulings not already named in its words, once each
  const cited = g.rules.filter((id) => !new RegExp(`\\b${id}\\b`).test(`${g.why} ${g.good}`));
  const rules = cited.length ? html` <span class="aw-muted">(${withRules(cited.join(", "), rule)})</span>` : html``;
  if (g.finished) return endHtml(g, rules, rule, glossaryHtml(ui, g.glossary, false));
  const terms = g.glossary;
  // what happened since the last step, in the engine's words: folded (the table shows
  // it too), so that the step's line and the board stay in sight
  const before = g.before.length ? html`<details class="aw-guide-before"><summary>What happened since your last step (${g.before.length})</summary><ul>${g.before.map((l) => html`<li>${withRules(l, rule, terms)}</li>`)}</ul></details>` : html``;
  const note = g.note ? html`<p class="aw-muted">${withRules(g.note, rule, terms)}</p>` : html``;
  // a click that was not the step's move: the guide's own gentle sentence, wrapped
  const said = g.said ? html`<p class="aw-guide-said" role="status">${withRules(g.said, rule, terms)}</p>` : html``;
  // a scoring round the table played: what to do with its walkthrough while it is open,
  // what comes next once it is closed (the guide's text follows the table)
  const walk = ui.walk ? g.walk : g.walked;
  const walkLine = walk ? html`<p class="aw-guide-walk">${withRules(walk, rule, terms)}</p>` : html``;
  // why the step's move is a good one (the engine's reasons), before the rules it meets
  const good = g.good ? html`<p class="aw-guide-good">${withRules(g.good, rule, terms)}</p>` : html``;
  const restart = html`<button class="aw-mini" data-guide="restart" aria-label="start the guided game again">start again</button>`;
  return html`<aside class="aw-coach aw-guide" aria-label="the guide"><h4>The guide ${restart}</h4>${said}<div class="aw-coach-body">${note}${before}${walkLine}${good}<p>${withRules(g.why, rule, terms)}${rules}</p></div>${glossaryHtml(ui, terms, false)}</aside>`;
}

// the end: one screen, what was done and what comes next, one button
function endHtml(g: GuideJson, rules: SafeHtml, rule: (id: string) => string, glossary: SafeHtml | null) {
  const next = g.next ? html`<p class="aw-guide-next"><b>Next: the coached game</b>, where you choose every move yourself and a coach comments on them. To start it, paste this line into a new cell below and press Shift+Enter: <code>${g.next}</code></p>` : html``;
  const again = html`<button class="aw-mini" data-guide="restart" aria-label="play the guided game again from its first step">play the guided game again</button>`;
  return html`<aside class="aw-coach aw-guide aw-coach-end" role="status" aria-label="the guide"><h4>You finished the guided game</h4><div class="aw-coach-body"><p>${withRules(g.why, rule, g.glossary)}${rules}</p>${next}</div>${glossary}${again}</aside>`;
}

// the bar's one instruction in a guided game: the step (its only counter) and what to
// do; under a shorter instruction, the last moves fill the prompt's fixed lines (as in
// a game without the guide: no empty band, the bar's height the same at every step)
export function guideStatus(g: GuideJson, more: SafeHtml | null = null) {
  const say = html`<span class="aw-guide-step">Step ${g.step} of ${g.steps}:</span> ${withTerms(g.do, g.glossary)}`;
  if (!more) return html`<div class="aw-status aw-guide-do" data-area="guide-do" aria-live="polite">${say}</div>`;
  return html`<div class="aw-status aw-guide-do aw-hasmore" data-area="guide-do"><span class="aw-say" aria-live="polite">${say}</span>${more}</div>`;
}

// a click on the guide's button: start again
export function guideClick(d: DOMStringMap, v: TableView, send: (msg: Intent) => void) {
  if (d.guide !== "restart") return false;
  send({ kind: "guide", do: "restart", v: v.v });
  return true;
}
