// The review of a finished game: each decision of the person weighed against the search
// bot's choice in Python (view.review); the biggest mistakes jump to their step. Above
// them, the game's graph (reviewgraph.js): every player's chance to win and accuracy.

import { pct, whose } from "../common.js";
import { html } from "../html.js";
import { reviewGraphHtml } from "./reviewgraph.js";
import type { Ctx, TableView } from "../types.js";

// at the game's end the last scoring round is walked through first (the final scoring,
// as a board-game site shows it), the review after it: one panel in the side column at
// a time, never a column much taller than the board beside it
export function reviewHtml({ v, ui }: Ctx<TableView>) {
  const r = v.review;
  const person = v.players.some((p) => p.seat === "human");
  if (ui.walk && v.over && (r || (v.live && person && !v.guide))) { // (a guided game's end offers no review)
    return html`<p class="aw-hint aw-review-waits" role="status">The review of the game opens here once the scoring round is closed (“Review my game” in the results closes it).</p>`;
  }
  if (!r) return html``; // (both games' results offer it in their heading)
  if (r.state === "running") {
    // the graph fills as the decisions are weighed (Python sends it with those weighed so far)
    const sofar = r.graph && reviewGraphHtml(r.graph, v.step, v.mode === "gardens", v.mode === "game" ? v.dirk : null);
    return html`<div class="aw-hint aw-review-running"><p role="status">Reviewing… decision ${r.done} of ${r.total} <progress max="${r.total}" value="${r.done}"></progress> <button data-review="cancel">Cancel</button></p>${sofar}</div>`;
  }
  const forced = r.actions !== undefined && r.actions > r.decisions ? ` (${r.actions - r.decisions} of ${r.actions} had only one legal move)` : "";
  const shown = r.hands_shown !== null && r.hands_shown !== undefined && html`<p class="aw-shown">Every hand was shown from step ${r.hands_shown} on (teacher menu).</p>`;
  const head = html`<h4>Review of ${whose(r.player)} ${r.decisions} decisions${forced} <button class="aw-mini" data-review="cancel" aria-label="close the review">close</button></h4>`;
  const graph = reviewGraphHtml(r.graph, v.step, v.mode === "gardens", v.mode === "game" ? v.dirk : null);
  if (!r.mistakes.length) return html`<section class="aw-hint aw-review" aria-label="review">${head}${shown}${graph}<p>Every decision was as good as the computer's, or nearly.</p></section>`;
  const list = r.mistakes.map((m) => html`<li><button class="aw-mini" data-step="${m.step}" aria-label="go to step ${m.step}">step ${m.step}</button> ${m.played} <span class="aw-muted">— better: ${m.best} (${whose(r.player)} win chance ${pct(m.chance_played)} → ${pct(m.chance_best!)})</span></li>`);
  return html`<section class="aw-hint aw-review" aria-label="review">${head}${shown}${graph}<p>Against the computer's choice at each step, your decisions gave away ${pct(r.mean_loss)} of the chance to win on average; ${r.big} of your ${r.decisions} decisions gave away more than 10%. The costliest (click one to see that step):</p><ol>${list}</ol></section>`;
}

// a past step the review marks as a mistake (a dot of its graph), shown beside the board
// of that step: what was played there, the better move when the search may say it, and
// what it gave away (the review itself lies under the board, out of sight)
export function reviewStepHtml({ v }: Ctx<TableView>) {
  const g = !v.live && v.review && v.review.state === "done" && v.review.graph;
  const m = g && g.mistakes.find((d) => d.step === v.step);
  if (!m) return html``;
  const better = m.best !== undefined ? html` Better: ${m.best}` : html``;
  return html`<section class="aw-hint aw-review-step" aria-label="this step in the review"><b>A mistake at this step:</b> ${m.played}${better} <span class="aw-muted">It gave away ${pct(m.loss)} of the chance to win.</span></section>`;
}
