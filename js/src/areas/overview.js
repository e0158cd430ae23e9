// What the person follows while playing: the standings (the engine's preview of the
// next scoring round), the others' last moves, and at the end the results.

import { esc, cardHtml } from "../common.js";

const ord = (n) => ["", "1st", "2nd", "3rd"][n] || `${n}th`;

export function overviewHtml({ v }) {
  const o = v.overview;
  if (!o) return "";
  const names = o.names;
  let s = `<section class="aw-overview" aria-label="overview"><h4>Standings: scoring round ${o.round} if it came now</h4>`;
  s += `<table class="aw-table"><thead><tr><th>kind</th>${names.map((n) => `<th>${esc(n)}</th>`).join("")}<th>pays</th></tr></thead><tbody>`;
  for (const k of o.kinds) {
    s += `<tr><th>${k.kind}</th>`;
    for (const n of names) {
      const c = k.counts[n] || 0, pl = k.places[n];
      const shared = k.shared[n] ? `, shares ${k.shared[n].join("+")}` : "";
      s += `<td class="${pl === 1 ? " aw-lead" : ""}">${c}${pl ? ` <small>${ord(pl)}${shared}: ${k.points[n]}</small>` : ""}</td>`;
    }
    s += `<td><small>${k.pays.join(" / ")}</small></td></tr>`;
  }
  s += `<tr><th>longest wall</th>${names.map((n) => `<td>${n in o.walls ? o.walls[n] : "—"}</td>`).join("")}<td></td></tr>`;
  s += `<tr class="aw-total"><th>points now</th>${names.map((n) => `<td>${o.totals[n] ?? 0}</td>`).join("")}<td></td></tr>`;
  return s + `</tbody></table></section>`;
}

// the end: ranking, each round's points, the walls
export function resultsHtml({ v }) {
  const r = v.results;
  if (!r) return "";
  let s = `<section class="aw-results" aria-label="results"><h4>Final results</h4><table class="aw-table"><thead><tr><th>rank</th><th>player</th><th>total</th>`;
  s += r.rounds.map((x) => `<th>round ${x.number}</th>`).join("") + `</tr></thead><tbody>`;
  for (const p of r.ranking) {
    s += `<tr class="${p.winner ? "aw-winner" : ""}"><td>${p.rank}</td><td>${esc(p.name)}${p.winner ? " — wins" : ""}</td><td><b>${p.score}</b></td>`;
    s += r.rounds.map((x) => `<td>${x.totals[p.name] ?? 0}${p.name in x.walls ? ` <small>(wall ${x.walls[p.name]})</small>` : ""}</td>`).join("");
    s += `</tr>`;
  }
  return s + `</tbody></table></section>`;
}

// what the others did since the person last acted, in order, until they act
export function followHtml({ v }) {
  const rec = v.recent || [];
  if (!rec.length) return "";
  const mine = v.players.some((p) => p.seat === "human");
  let s = `<section class="aw-follow" aria-label="the last moves"><h4>${mine ? "Since your last move" : "Last moves"}</h4><ol>`;
  for (const r of rec) {
    const cards = r.marks.cards ? ` <span class="aw-follow-cards">${r.marks.cards.map((c) => cardHtml(c, "", false, "span")).join("")}</span>` : "";
    s += `<li>${esc(r.text)}${cards}</li>`;
  }
  return s + `</ol></section>`;
}

export function logHtml(log, n) {
  return `<section class="aw-log" aria-label="log"><h4>Log</h4><ol>${log.slice(-n).map((t) => `<li>${esc(t)}</li>`).join("")}</ol></section>`;
}
