// The market (four slots), the money display and the payment being picked.

import { tileName, tileSvg, cardHtml, sayTile, curLabel, plainFirst } from "../common.js";
import { html } from "../html.js";
import { pickedTake, pickedPay, showsTargets } from "../state.js";
import { hintMarks, hintedCards, hintSay, hintBadge } from "./hint.js";
import { othersTurnHtml } from "./timeline.js";
import type { HintMarks } from "./hint.js";
import type { SafeHtml } from "../html.js";
import type { GameView, LegalJson, SlotJson } from "../contract.js";
import type { Picks } from "../state.js";
import type { Ctx, TableView } from "../types.js";

// the rings a slot shows: you can pay for its tile (at a past step only once the player
// acts from it, as the cells' targets), and bought from since your last move
function slotRings(v: GameView, ui: Picks, m: SlotJson) {
  const L = v.legal;
  return {
    can: !!L && !!L.buy && m.currency in L.buy && showsTargets(v, ui),
    bought: (v.recent || []).some((r) => r.marks.slot === m.currency),
  };
}

function slotHtml(v: GameView, ui: Picks, m: SlotJson, i: number, hints: HintMarks) {
  const L = v.legal;
  const hinted = hints.slot.get(m.currency); // a hint's purchase: its numbers in the list
  const { can, bought } = slotRings(v, ui, m);
  const sel = ui.payCur === m.currency;
  const t = m.tile;
  const cls = `aw-slot aw-c-${m.currency}${sel ? " aw-selected" : ""}${can ? " aw-can" : ""}${bought ? " aw-recent" : ""}${hinted ? " aw-hinted" : ""}`;
  const label = `slot ${i + 1}, ${m.currency}: ${t ? sayTile(tileName(t)) + (can ? ", affordable" : "") : "empty"}${bought ? " (just bought from, refilled)" : ""}${hinted ? `, ${hintSay(hinted)}` : ""}`;
  const cost = t ? `${t[0]}: costs ${t[1]}, paid in ${m.currency}` : `empty; its tiles are paid in ${m.currency}`;
  const title = `${cost}${can ? "; solid ring and \u2713: you can pay for it — click to choose the cards, or drag it onto a green cell of your Alhambra" : ""}${bought ? "; dashed ring: bought from since your last move, and refilled" : ""}${hinted ? (hinted.includes(0) ? "; dashed outline and \u25b6: the guide's step buys it" : `; dashed outline and number: the hint's move ${hinted.join(", ")} buys it`) : ""}`;
  // the slot's currency on top (what you pay in: never a number), the tile's kind on
  // it, its price once, under it, ticked when you can pay it (the green ring alone was
  // hard to tell from the dirham's green frame)
  const pic = t ? html`<svg width="50" height="50" viewBox="0 0 50 50" aria-hidden="true">${tileSvg(t, 0, 0, 50, null, false, "kind")}</svg><span class="aw-price">costs ${t[1]}${can && html`<span class="aw-canpay" aria-hidden="true"> \u2713</span>`}</span>` : html`<span class="aw-empty">empty</span>`;
  const drag = can && v.live && v.players[L!.player].seat === "human" && html`draggable="true"`; // onto a cell of your Alhambra
  return html`<button class="${cls}" data-slot="${m.currency}" data-tile="${t ? tileName(t) : ""}" ${t ? "" : "disabled"} ${drag} aria-label="${label}" title="${title}"><span class="aw-slot-cur">${curLabel(m.currency)}</span>${pic}${hinted && hintBadge(hinted)}</button>`;
}

// what the rings around the slots mean, beside the market's name: a swatch and words for
// each kind of ring on a slot now (a slot's frame is its currency's colour; its hover
// says all of its marks)
const RING_CAN = "solid ring and \u2713 by the price: you can pay for its tile";
const RING_RECENT = "dashed ring: a tile was bought from this slot since your last move, and a new one laid there";
function ringKey(v: GameView, ui: Picks) {
  const rings = v.market.map((m) => slotRings(v, ui, m));
  const can = rings.some((r) => r.can), bought = rings.some((r) => r.bought);
  if (!can && !bought) return null;
  const item = (cls: string, word: string, say: string) => html`<span class="aw-ringkey ${cls}" title="${say}" aria-label="${say}" role="note"><span class="aw-ringswatch" aria-hidden="true"></span>${word}</span>`;
  return html`${can && item("aw-ringkey-can", "can pay", RING_CAN)}${bought && item("aw-ringkey-recent", "refilled", RING_RECENT)}`;
}

export function marketHtml({ v, ui }: Ctx<GameView>) {
  const hints = hintMarks(v, ui);
  return html`<section class="aw-market" data-area="market" aria-label="building market"><div class="aw-cap">Market ${ringKey(v, ui)}</div><div class="aw-slots">${v.market.map((m, i) => slotHtml(v, ui, m, i, hints))}</div></section>`;
}

export function moneyHtml({ v, ui }: Ctx<GameView>) {
  const hinted = hintedCards(v.display, hintMarks(v, ui).cards); // a hint's take
  const cards = v.display.map((c, i) => cardHtml(c, html`data-take="${i}"`, ui.picks.includes(i), "button", hinted.get(i) || null));
  // the hover says what the window means: the card lies at an unknown place in the deck (R2)
  const sc = `The scoring cards are hidden in the money deck (R2); when one is drawn, every Alhambra is scored. ${Object.entries(v.scoring).map(([r, w]) => w === null ? `Scoring card ${r}: drawn.` : `Scoring card ${r} comes after ${w[0]} to ${w[1]} more money cards are drawn.`).join(" ")}`;
  // the next scoring card only, in the line (the title has them all)
  const next = Object.entries(v.scoring).find((e): e is [string, [number, number]] => e[1] !== null);
  const scShort = !next ? "every scoring card drawn" : next[1][0] > 0 ? `next scoring: after ${next[1][0]}–${next[1][1]} more cards` : `next scoring: within the next ${next[1][1]} cards`;
  return html`<section class="aw-money" data-area="money" aria-label="money display"><div class="aw-cap">Money display (take from here)</div><div class="aw-cards">${cards}</div><div class="aw-piles"><span>bag ${v.bag} tiles</span> · <span>money deck ${v.deck}</span> · <span>discard ${v.discard}</span><br><span class="aw-hashelp" title="${sc}">${scShort}</span></div></section>`;
}

// the cards picked from the display, their total and Take (in the action bar)
function takeHtml({ v, ui, rule }: Ctx<GameView>) {
  const t = pickedTake(v, ui);
  return html`<span class="aw-pickinfo ${t.ok ? "aw-ok" : "aw-bad"}">${ui.picks.length} card${ui.picks.length > 1 ? "s" : ""}, total ${t.sum}${
    t.ok ? "" : ` — ${plainFirst(`R5: ${rule("R5")}`)}`
  }</span><button class="aw-primary" data-do="take" ${t.ok ? "" : "disabled"}>Take</button><button data-do="cancel">Cancel</button>`;
}

// the turn's buttons' row; an empty one says so by a class (widget.css hides it at the end
// and lets the clicks through it in a guided game: a :has() rule there was worked out
// again at every change of the board)
export const actionsRow = (body: SafeHtml) =>
  html`<div class="aw-actions${String(body) ? "" : " aw-actions-empty"}" role="group" aria-label="your actions">${body}</div>`;

// The turn's buttons, in a row of fixed height under the prompt (nothing below moves):
// the branch question, the payment, the take, the tile's other places, redesigning.
export function actionsHtml(c: Ctx<GameView>) {
  const { v, ui } = c;
  const L = v.legal;
  let inner = null;
  const hinted = hintConfirm(v, ui);
  if (ui.confirm) inner = confirmRow(v);
  else if (hinted) inner = hinted;
  else if (L && ui.payCur) inner = payHtml(c);
  else if (L && L.take && ui.picks.length) inner = takeHtml(c);
  else if (L && !ui.sel && L.phase !== "act" && v.players[L.player].seat === "human" && nowhere(L).length) {
    inner = nowhere(L).map((n) => html`<span>${sayTile(n)} fits nowhere:</span> <button class="aw-primary" data-reservetile="${n}">put it in the reserve</button> `);
  } else if (L && ui.sel && L.tiles[ui.sel]) {
    // a tile already in the reserve is built from it or left there: no "to the reserve"
    const toReserve = L.tiles[ui.sel].source !== "reserve" && html`<button data-do="reserve">to the reserve</button>`;
    inner = html`<span>${sayTile(ui.sel)}:</span> ${toReserve}${
      L.tiles[ui.sel].dirk && html` <button data-do="dirk">give to ${v.dirk!.name}</button>`} <button data-do="cancel">Cancel</button>`;
  } else if (L && L.phase === "act" && v.players[L.player].seat === "human" && showsTargets(v, ui) && !v.guide) { // (a past step: once the player acts from it; a guided game's steps never move a tile to the reserve)
    inner = html`${removingButton(L, ui)}${L.pass && html` <button data-do="pass">pass (nothing else is possible)</button>`}`;
  }
  return actionsRow(html`${inner || othersTurnHtml(c)}${hintButton(v)}`);
}

// "move a tile to the reserve" (R8): not offered with only the fountain built (there is
// nothing to move); with built tiles none of which may leave, shown disabled, the
// engine's reason on hover (each tile's own says why it stays once the mode is open)
function removingButton(L: LegalJson, ui: Picks) {
  const rules = Object.values(L.remove || {});
  if (rules.length < 2) return null;
  const may = rules.includes("");
  const why = may ? "redesign, your whole turn: move a built tile to your reserve; to build one from the reserve, pick it there (R8)" : `no built tile may go to the reserve now: each would break a rule (${[...new Set(rules)].join(", ")})`;
  return html`<button data-do="removing" class="${ui.removing ? "aw-selected" : ""}" aria-pressed="${ui.removing ? "true" : "false"}" ${may ? null : html`disabled`} title="${why}">move a tile to the reserve</button>`;
}

// a hint's move picked to play: asked once in the bar (both games); the move's sentence
// without its full stop, so the question ends with one mark
export function hintConfirm(v: TableView, ui: Picks) {
  const m = ui.playHint !== null && ui.playHint !== undefined && v.hint && "moves" in v.hint && v.hint.moves[ui.playHint];
  if (!m) return null;
  return html`<span>Play the hint's move: <b>${m.says.replace(/[.\s]+$/, "")}</b>?</span> <button class="aw-primary" data-hintgo="yes">Play it</button> <button data-hintgo="no">Cancel</button>`;
}

// the tiles to place that no cell takes (the engine's verdicts: every cell has a rule)
export const nowhere = (L: LegalJson) => Object.keys(L.tiles).filter((n) => !Object.values(L.tiles[n].cells || {}).includes("") && !(L.tiles[n].exchange || []).length);

export const hintButton = (v: TableView) => v.hint_allowed && !v.hint && html`<button class="aw-hintask" data-hint="ask" aria-label="hint: the best moves the computer finds" title="hint: the best moves the computer finds">Hint</button>`;

// a move picked at a past step: keep the game as played beside the new one, or erase
// what came after (the only instruction on screen while it is open)
export function confirmRow(v: TableView) {
  const one = v.step + 1 === v.steps;
  const later = one ? `step ${v.steps}` : `steps ${v.step + 1}–${v.steps}`;
  return html`<span role="group" class="aw-confirm" aria-label="your move at a past step">Your move at step ${v.step} of ${v.steps}:</span> <button class="aw-primary" data-resolve="branch" title="Your move starts another version of the game from step ${v.step}; the game as played (${later}) stays saved: switch between them under “lines” at the foot of the table">Play it, keep the old game</button> <button data-resolve="undo" title="Undo back to step ${v.step} and play your move there: ${later} ${one ? "is" : "are"} gone">Play it, erase ${later}</button> <button data-resolve="cancel">Cancel</button>`;
}

// the cards offered are those the engine's payments use, and what a payment means is
// the engine's sentence; a slot it lists no payment for says the engine's refusal; Buy
// is offered only for a payment the engine lists (else disabled, its reason on hover)
function payHtml({ v, ui }: Ctx<GameView>) {
  const p = v.players[v.current];
  const L = v.legal!, cur = ui.payCur!;
  const b = L.buy && L.buy[cur];
  if (!b) return html`<span class="aw-pay aw-bad">${(L.refused || {})[cur] || ""}</span> <button data-do="cancel">Cancel</button>`;
  // by value, as in your hand; each card keeps its index in the hand (the engine's payments')
  const cards = [...b.cards].sort((i, j) => p.money![i][1] - p.money![j][1] || i - j).map((i) => cardHtml(p.money![i], html`data-pay="${i}"`, ui.payPicks.includes(i)));
  const q = pickedPay(v, ui);
  let info = null;
  if (q.ok) {
    const say = b.says[q.sum]; // the engine's sentence for this total, as the log says it (R4, R6)
    info = html`<span class="aw-pickinfo ${q.exact ? "aw-ok" : "aw-warn"}">${say}</span>`;
  } else if (ui.payPicks.length) {
    info = html`<span class="aw-pickinfo aw-bad">total ${q.sum}, price ${b.price}</span>`;
  }
  return html`<span class="aw-pay" role="group" aria-label="payment"><span>Pay ${b.price} ${ui.payCur}:</span><span class="aw-cards">${cards}</span>${info}<button class="aw-primary" data-do="buy" ${q.ok ? "" : "disabled"} title="${q.ok ? `buy for ${q.sum}` : `pick ${ui.payCur} cards worth at least ${b.price} first (R6)`}">Buy</button> <button data-do="cancel">Cancel</button>${
    ui.dropTo && ui.dropTo.cur === ui.payCur && html` <span class="aw-muted">then built where you dropped it</span>`}</span>`;
}
