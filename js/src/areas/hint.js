// A hint for the person to move: the search bot's best few moves, found in Python
// (view.hint), with the chance to win and the reasons the engine gives.

import { esc, pct } from "../common.js";

export function hintHtml({ v }) {
  const h = v.hint;
  if (!h) {
    return v.hint_allowed ? `<div class="aw-hint"><button data-hint="ask" aria-label="hint: the best moves the computer finds">Hint</button></div>` : "";
  }
  if (h.state === "running") {
    return `<div class="aw-hint" role="status">Thinking… ${h.done} of ${h.total} simulations <progress max="${h.total}" value="${h.done}"></progress> <button data-hint="cancel">Cancel</button></div>`;
  }
  let s = `<section class="aw-hint" aria-label="hint"><h4>Hint: the best moves found <button class="aw-mini" data-hint="cancel" aria-label="close the hint">close</button></h4><ol>`;
  for (const m of h.moves) {
    const why = m.reasons.length ? ` <span class="aw-muted">(${m.reasons.map(esc).join("; ")})</span>` : "";
    s += `<li><b>${esc(m.says)}</b> — win chance about ${pct(m.chance)}, tried ${m.visits} times${why}</li>`;
  }
  return s + `</ol></section>`;
}
