// What the person follows while playing: the standings (the engine's preview of the
// next scoring round), the others' last moves, and at the end the results.

import { cardHtml } from "../common.js";
import { html } from "../html.js";

const ord = (n) => ["", "1st", "2nd", "3rd"][n] || `${n}th`;

function kindRow(k, names) {
  const cells = names.map((n) => {
    const c = k.counts[n] || 0, pl = k.places[n];
    const shared = k.shared[n] ? `, shares ${k.shared[n].join("+")}` : "";
    return html`<td class="${pl === 1 ? " aw-lead" : ""}">${c}${pl ? html` <small>${ord(pl)}${shared}: ${k.points[n]}</small>` : null}</td>`;
  });
  return html`<tr><th>${k.kind}</th>${cells}<td><small>${k.pays.join(" / ")}</small></td></tr>`;
}

export function overviewHtml({ v }) {
  const o = v.overview;
  if (!o) return html``;
  const names = o.names;
  const head = html`<tr><th>kind</th>${names.map((n) => html`<th>${n}</th>`)}<th>pays</th></tr>`;
  const walls = html`<tr><th>longest wall</th>${names.map((n) => html`<td>${n in o.walls ? o.walls[n] : "—"}</td>`)}<td></td></tr>`;
  const totals = html`<tr class="aw-total"><th>points now</th>${names.map((n) => html`<td>${o.totals[n] ?? 0}</td>`)}<td></td></tr>`;
  return html`<section class="aw-overview" aria-label="overview"><h4>Standings: scoring round ${o.round} if it came now</h4><table class="aw-table"><thead>${head}</thead><tbody>${o.kinds.map((k) => kindRow(k, names))}${walls}${totals}</tbody></table></section>`;
}

// the end: ranking, each round's points, the walls
export function resultsHtml({ v }) {
  const r = v.results;
  if (!r) return html``;
  const rows = r.ranking.map((p) => html`<tr class="${p.winner ? "aw-winner" : ""}"><td>${p.rank}</td><td>${p.name}${p.winner ? " — wins" : ""}</td><td><b>${p.score}</b></td>${
    r.rounds.map((x) => html`<td>${x.totals[p.name] ?? 0}${p.name in x.walls && html` <small>(wall ${x.walls[p.name]})</small>`}</td>`)}</tr>`);
  return html`<section class="aw-results" aria-label="results"><h4>Final results</h4><table class="aw-table"><thead><tr><th>rank</th><th>player</th><th>total</th>${
    r.rounds.map((x) => html`<th>round ${x.number}</th>`)}</tr></thead><tbody>${rows}</tbody></table></section>`;
}

// what the others did since the person last acted, in order, until they act
export function followHtml({ v }) {
  const rec = v.recent || [];
  if (!rec.length) return html``;
  const mine = v.players.some((p) => p.seat === "human");
  const items = rec.map((r) => html`<li>${r.text}${r.marks.cards && html` <span class="aw-follow-cards">${r.marks.cards.map((c) => cardHtml(c, null, false, "span"))}</span>`}</li>`);
  return html`<section class="aw-follow" aria-label="the last moves"><h4>${mine ? "Since your last move" : "Last moves"}</h4><ol>${items}</ol></section>`;
}

export function logHtml(log, n) {
  return html`<section class="aw-log" aria-label="log"><h4>Log</h4><ol>${log.slice(-n).map((t) => html`<li>${t}</li>`)}</ol></section>`;
}
