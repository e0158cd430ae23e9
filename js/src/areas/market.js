// The market (four slots), the money display and the payment being picked.

import { tileName, tileSvg, cardHtml } from "../common.js";
import { html } from "../html.js";
import { pickedTake, pickedPay } from "../state.js";

function slotHtml(v, ui, m, i) {
  const L = v.legal;
  const can = L && L.buy && m.currency in L.buy;
  const sel = ui.payCur === m.currency;
  const bought = (v.recent || []).some((r) => r.marks.slot === m.currency);
  const t = m.tile;
  const cls = `aw-slot aw-c-${m.currency}${sel ? " aw-selected" : ""}${can ? " aw-can" : ""}${bought ? " aw-recent" : ""}`;
  const label = `slot ${i + 1}, ${m.currency}: ${t ? tileName(t) + (can ? ", affordable" : "") : "empty"}${bought ? " (just bought from, refilled)" : ""}`;
  const title = `${can ? "green ring: you can pay for this tile — click to choose the cards" : `pay in ${m.currency}`}${bought ? "; orange ring: bought from since your last move" : ""}`;
  const pic = t ? html`<svg width="50" height="50" viewBox="0 0 50 50" aria-hidden="true">${tileSvg(t, 0, 0, 50)}</svg><span class="aw-price">${t[1]}</span>` : html`<span class="aw-empty">empty</span>`;
  return html`<button class="${cls}" data-slot="${m.currency}" ${t ? "" : "disabled"} aria-label="${label}" title="${title}"><span class="aw-slot-cur">${i + 1} · ${m.currency}</span>${pic}</button>`;
}

export function marketHtml({ v, ui }) {
  return html`<section class="aw-market" aria-label="building market"><h4>Market</h4><div class="aw-slots">${v.market.map((m, i) => slotHtml(v, ui, m, i))}</div></section>`;
}

export function moneyHtml({ v, ui, rule }) {
  const L = v.legal;
  const cards = v.display.map((c, i) => cardHtml(c, html`data-take="${i}"`, ui.picks.includes(i)));
  let pick = null;
  if (L && L.take && ui.picks.length) {
    const t = pickedTake(v, ui);
    pick = html`<div class="aw-pickinfo ${t.ok ? "aw-ok" : "aw-bad"}">${ui.picks.length} card${ui.picks.length > 1 ? "s" : ""}, total ${t.sum}${
      t.ok ? "" : ` — R5: ${rule("R5")}`
    }</div><button data-do="take" ${t.ok ? "" : "disabled"}>Take</button>`;
  }
  const sc = Object.entries(v.scoring).map(([r, w]) => w === null ? `scoring card ${r}: drawn` : `scoring card ${r}: in ${w[0]}–${w[1]} more cards`).join("; ");
  return html`<section class="aw-money" aria-label="money display"><h4>Money</h4><div class="aw-cards">${cards}</div>${pick}<div class="aw-piles">deck ${v.deck} · discard ${v.discard} · bag ${v.bag} tiles · ${sc}</div></section>`;
}

// the cards offered are those the engine's payments use; a slot it lists no payment for
// says the engine's refusal; a payment it does not list is sent all the same when Buy is
// pressed, and the engine's refusal comes back as the message
export function payHtml({ v, ui }) {
  if (!ui.payCur || !v.legal || !v.legal.buy) return html``;
  const p = v.players[v.current];
  const b = v.legal.buy[ui.payCur];
  if (!b) return html`<div class="aw-pay aw-bad">${(v.legal.refused || {})[ui.payCur] || ""}</div>`;
  const cards = b.cards.map((i) => cardHtml(p.money[i], html`data-pay="${i}"`, ui.payPicks.includes(i)));
  const q = pickedPay(v, ui);
  let info = null;
  if (q.ok) {
    const say = q.exact ? `exact payment: you get another action (R4)` : `overpays by ${q.sum - b.price}: no change, and your turn ends (R6)`;
    info = html`<div class="aw-pickinfo ${q.exact ? "aw-ok" : "aw-warn"}">${say}</div>`;
  } else if (ui.payPicks.length) {
    info = html`<div class="aw-pickinfo aw-bad">total ${q.sum}, price ${b.price}</div>`;
  }
  return html`<div class="aw-pay" role="group" aria-label="payment"><div>Pay ${b.price} ${ui.payCur}: pick cards</div><div class="aw-cards">${cards}</div>${info}<button data-do="buy" ${ui.payPicks.length ? "" : "disabled"}>Buy</button> <button data-do="cancel">Cancel</button></div>`;
}
