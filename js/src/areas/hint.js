// A hint for the person to move: the search bot's best few moves, found in Python
// (view.hint), with the chance to win and the reasons the engine gives.

import { pct } from "../common.js";
import { html } from "../html.js";

export function hintHtml({ v }) {
  const h = v.hint;
  if (!h) {
    return v.hint_allowed ? html`<div class="aw-hint"><button data-hint="ask" aria-label="hint: the best moves the computer finds">Hint</button></div>` : html``;
  }
  if (h.state === "running") {
    return html`<div class="aw-hint" role="status">Thinking… ${h.done} of ${h.total} simulations <progress max="${h.total}" value="${h.done}"></progress> <button data-hint="cancel">Cancel</button></div>`;
  }
  const moves = h.moves.map((m, i) => html`<li${m.about_equal ? html` class="aw-equal"` : ""}><b>${m.says}</b> — win chance about ${pct(m.chance)}, tried ${m.visits} times${
    m.about_equal && html` <span class="aw-tag">about equal</span>`}${
    m.reasons.length > 0 && html`<span class="aw-reasons aw-muted">${m.reasons.map((r) => html`<span>${r}</span>`)}</span>`}${
    m.action && v.legal && html` <button class="aw-mini" data-playhint="${i}" aria-label="play this move: ${m.says}">play it</button>`}</li>`);
  // moves within the search's noise of its choice (Python's hinting.about_equal): said so,
  // not ranked by noise
  const tied = h.moves.filter((m) => m.about_equal).length;
  const note = tied > 1 && html`<p class="aw-muted">The first ${tied} are about equal: their chances differ by less than the search's noise, so their order is no ranking.</p>`;
  return html`<section class="aw-hint" aria-label="hint"><h4>Hint: the best moves found <button class="aw-mini" data-hint="cancel" aria-label="close the hint">close</button></h4>${note}<ol>${moves}</ol></section>`;
}
