// The market (four slots), the money display and the payment being picked.

import { esc, tileName, tileSvg, cardHtml } from "../common.js";
import { pickedTake, pickedPay } from "../state.js";

export function marketHtml({ v, ui, rule }) {
  const L = v.legal;
  let s = `<section class="aw-market" aria-label="building market"><h4>Market</h4><div class="aw-slots">`;
  v.market.forEach((m, i) => {
    const can = L && L.buy && m.currency in L.buy;
    const sel = ui.payCur === m.currency;
    const bought = (v.recent || []).some((r) => r.marks.slot === m.currency);
    const t = m.tile;
    s += `<button class="aw-slot aw-c-${m.currency}${sel ? " aw-selected" : ""}${can ? " aw-can" : ""}${bought ? " aw-recent" : ""}" data-slot="${m.currency}" ${
      t ? "" : "disabled"
    } aria-label="slot ${i + 1}, ${m.currency}: ${t ? esc(tileName(t)) + (can ? ", affordable" : "") : "empty"}${bought ? " (just bought from, refilled)" : ""}" title="${can ? "green ring: you can pay for this tile — click to choose the cards" : `pay in ${m.currency}`}${bought ? "; orange ring: bought from since your last move" : ""}">`;
    s += `<span class="aw-slot-cur">${i + 1} · ${m.currency}</span>`;
    s += t ? `<svg width="50" height="50" viewBox="0 0 50 50" aria-hidden="true">${tileSvg(t, 0, 0, 50)}</svg><span class="aw-price">${t[1]}</span>` : `<span class="aw-empty">empty</span>`;
    s += `</button>`;
  });
  return s + `</div></section>`;
}

export function moneyHtml({ v, ui, rule }) {
  const L = v.legal;
  let s = `<section class="aw-money" aria-label="money display"><h4>Money</h4><div class="aw-cards">`;
  v.display.forEach((c, i) => { s += cardHtml(c, `data-take="${i}"`, ui.picks.includes(i)); });
  s += `</div>`;
  if (L && L.take && ui.picks.length) {
    const t = pickedTake(v, ui);
    s += `<div class="aw-pickinfo ${t.ok ? "aw-ok" : "aw-bad"}">${ui.picks.length} card${ui.picks.length > 1 ? "s" : ""}, total ${t.sum}${
      t.ok ? "" : ` — R5: ${esc(rule("R5"))}`
    }</div><button data-do="take" ${t.ok ? "" : "disabled"}>Take</button>`;
  }
  const sc = Object.entries(v.scoring).map(([r, w]) => w === null ? `scoring card ${r}: drawn` : `scoring card ${r}: in ${w[0]}–${w[1]} more cards`).join("; ");
  return s + `<div class="aw-piles">deck ${v.deck} · discard ${v.discard} · bag ${v.bag} tiles · ${sc}</div></section>`;
}

export function payHtml({ v, ui, rule }) {
  if (!ui.payCur || !v.legal || !v.legal.buy) return "";
  const p = v.players[v.current];
  const b = v.legal.buy[ui.payCur];
  if (!b) return `<div class="aw-pay aw-bad">You cannot pay for this tile in ${ui.payCur} (R6: ${esc(rule("R6"))})</div>`;
  let s = `<div class="aw-pay" role="group" aria-label="payment"><div>Pay ${b.price} ${ui.payCur}: pick cards</div><div class="aw-cards">`;
  p.money.forEach((c, i) => {
    if (c[0] === ui.payCur) s += cardHtml(c, `data-pay="${i}"`, ui.payPicks.includes(i));
  });
  s += `</div>`;
  const q = pickedPay(v, ui);
  if (ui.payPicks.length) {
    let info;
    if (!q.ok) info = `total ${q.sum} is less than ${b.price}`;
    else if (q.exact) info = `exact payment: you get another action (R4)`;
    else info = `overpays by ${q.sum - b.price}: no change, and your turn ends (R6)`;
    s += `<div class="aw-pickinfo ${q.ok ? (q.exact ? "aw-ok" : "aw-warn") : "aw-bad"}">${info}</div>`;
  }
  return s + `<button data-do="buy" ${q.ok ? "" : "disabled"}>Buy</button> <button data-do="cancel">Cancel</button></div>`;
}
