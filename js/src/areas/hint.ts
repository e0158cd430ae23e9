// A hint for the person to move: the search bot's best few moves, found in Python
// (view.hint), with the chance to win and the reasons the engine gives.

import { pct } from "../common.js";
import { html } from "../html.js";
import type { CardJson, Marks } from "../contract.js";
import type { Picks } from "../state.js";
import type { Ctx, TableView } from "../types.js";

export function hintHtml({ v }: Ctx<TableView>) {
  const h = v.hint;
  if (!h) {
    return v.hint_allowed ? html`<div class="aw-hint"><button data-hint="ask" aria-label="hint: the best moves the computer finds">Hint</button></div>` : html``;
  }
  if (h.state === "running") {
    return html`<div class="aw-hint" role="status">Thinking… ${h.done} of ${h.total} simulations <progress max="${h.total}" value="${h.done}"></progress> <button data-hint="cancel">Cancel</button></div>`;
  }
  // each move's "play it" first, beside its number: the first answer's button in sight
  // without scrolling however long its sentence and reasons (a Gardens lay's run to four
  // lines, the button below the window at 1280x720)
  const moves = h.moves.map((m, i) => html`<li${m.about_equal ? html` class="aw-equal"` : ""}>${
    m.action && v.legal && html`<button class="aw-mini aw-playhint" data-playhint="${i}" aria-label="play this move: ${m.says}">play it</button> `}<b>${m.says}</b> — win chance about ${pct(m.chance)}, tried ${m.visits} times${
    m.about_equal && html` <span class="aw-tag">about equal</span>`}${
    m.reasons.length > 0 && html`<span class="aw-reasons aw-muted">${m.reasons.map((r) => html`<span>${r}</span>`)}</span>`}</li>`);
  // moves within the search's noise of its choice (Python's hinting.about_equal): said so,
  // not ranked by noise (one line; why, on hover)
  const tied = h.moves.filter((m) => m.about_equal).length;
  const note = tied > 1 && html`<p class="aw-muted" title="their chances differ by less than the search's noise">The first ${tied} are about equal (≈): their order is no ranking.</p>`;
  // a first answer while the search goes on (Python's anytime hint): said so, with how far
  // it has got; the list is replaced by the whole search's when it ends
  const r = h.refining;
  const refining = r && html`<p class="aw-refining aw-muted" role="status">A first answer: still thinking, ${r.done} of ${r.total} simulations <progress max="${r.total}" value="${r.done}"></progress></p>`;
  return html`<section class="aw-hint" aria-label="hint"><h4>Hint: the best moves found <button class="aw-mini" data-hint="cancel" aria-label="close the hint">close</button></h4>${refining}${note}<ol>${moves}</ol></section>`;
}

// Where the hint's moves show on the table (Python's marks of each move: the cell built
// on or emptied, the Gardens field laid on, the market slot and the cards paid, the
// display cards taken), each with its number in the hint's list; while one move is
// picked to play ("play it"), that move only. Nothing is judged here: the marks come
// with the hint.
export interface HintMarks {
  cells: Map<string, number[]>; from: Map<string, number[]>; fields: Map<string, number[]>; slot: Map<string, number[]>;
  cards: HintedCards[]; pay: HintedCards[]; player: number | null;
}
type HintedCards = { n: number; cards: CardJson[] };

export function hintMarks(v: TableView, ui: Picks | null): HintMarks {
  const out: HintMarks = { cells: new Map(), from: new Map(), fields: new Map(), slot: new Map(), cards: [], pay: [], player: null };
  const h = v.hint;
  // a guided game's step: what to click, marked as a hint's move numbered 0 ("here")
  const g = v.guide && !v.guide.finished && v.live && v.legal ? v.guide.marks : null;
  if (g) addMarks(out, g, 0);
  if (g && v.legal) out.player = v.legal.player;
  if (!h || !("moves" in h) || !v.legal) return out;
  out.player = v.legal.player;
  const picked = ui && ui.playHint !== null && ui.playHint !== undefined ? ui.playHint : null;
  h.moves.forEach((m, i) => {
    if (picked !== null && picked !== i) return;
    addMarks(out, m.marks || {}, i + 1);
  });
  return out;
}

function addMarks(out: HintMarks, mk: Marks, n: number) {
  const add = (map: Map<string, number[]>, k: string) => map.set(k, [...(map.get(k) || []), n]);
  for (const c of mk.cells || []) add(out.cells, c);
  for (const c of mk.from || []) add(out.from, c);
  for (const c of mk.fields || []) add(out.fields, c); // a Gardens lay
  if (mk.slot) add(out.slot, mk.slot);
  if (mk.cards) out.cards.push({ n, cards: mk.cards });
  if (mk.pay) out.pay.push({ n, cards: mk.pay });
}

// the cards of a row (the display, a hand) each hinted move names: card index -> the
// moves' numbers (a move's cards matched one by one, by currency and value)
export function hintedCards(row: readonly CardJson[], moves: readonly HintedCards[]) {
  const at = new Map<number, number[]>();
  for (const { n, cards } of moves) {
    const used = new Set<number>();
    for (const [cur, val] of cards) {
      const k = row.findIndex((c, i) => !used.has(i) && c[0] === cur && c[1] === val);
      if (k < 0) continue;
      used.add(k);
      at.set(k, [...(at.get(k) || []), n]);
    }
  }
  return at;
}

// what a hinted thing says: to the eye, the moves' numbers in the hint's list (a badge);
// to a screen reader, "hint" and the numbers (its label)
// (number 0 is a guided game's step: "click here", badge ▶)
export const hintSay = (ns: readonly number[]) => ns.includes(0) ? "the guide: click here" : `hint ${ns.join(", ")}`;
export const hintBadge = (ns: readonly number[]) => html`<span class="aw-hintbadge" aria-hidden="true">${ns.includes(0) ? "\u25b6" : ns.join(",")}</span>`;
