// The scoring rounds: the engine's table of each round, walked through line by line
// (each kind, then the walls) as it happens, or replayed from the list.

import { online } from "../common.js";
import { html } from "../html.js";
import type { GameView, RoundJson } from "../contract.js";
import type { Picks } from "../state.js";
import type { Ctx } from "../types.js";

const ORD = ["", "1st", "2nd", "3rd"];
const plural = (n: number, w: string) => `${n} ${w}${n === 1 ? "" : "s"}`;

export const shownRound = (v: GameView, ui: Picks) => v.rounds[ui.roundSel === null ? v.rounds.length - 1 : Math.min(ui.roundSel, v.rounds.length - 1)];

// is the walkthrough on the walls line of the newest round? (the boards then draw the walls)
export const walkingWalls = (v: GameView, ui: Picks) =>
  ui.walk && v.rounds.length > 0 && shownRound(v, ui) === v.rounds[v.rounds.length - 1] && ui.roundRow === shownRound(v, ui).kinds.length;

// While a scoring round that just happened is walked through, a player's points are
// those before it until the walkthrough reaches its total (the engine's round total
// taken off the engine's score), so the total is not given away before it is shown;
// null when the points shown are the score itself
export function scoreBeforeRound(v: GameView, ui: Picks, name: string, score: number) {
  const r = v.rounds.length ? v.rounds[v.rounds.length - 1] : null;
  const newest = ui.roundSel === null || ui.roundSel >= v.rounds.length - 1;
  // (at the end the results show every total at once)
  if (!r || !ui.walk || !v.live || v.over || !newest || ui.roundRow > r.kinds.length) return null;
  return { points: score - (r.totals[name] ?? 0), round: r.number };
}

function roundsHead(v: GameView, r: RoundJson, walking: boolean) {
  const steps = html`<button class="aw-mini" data-rowstep="-1" aria-label="previous line">◀</button><button class="aw-mini" data-rowstep="1" aria-label="next line">▶</button>`;
  if (walking) {
    return html`<h4>Scoring round ${r.number}: step through it, kind by kind, then the walls ${steps} <button class="aw-mini" data-walk="close" aria-label="close the scoring round">close</button></h4><p class="aw-muted">${v.over ? "The game is over." : online(v) ? "The others play on at the table meanwhile; close this to see the board as it is now." : "The bots wait until you close this."} Replay it later from the list of rounds below the boards.</p>`;
  }
  const rounds = v.rounds.map((x, i) => html`<button class="aw-mini${x === r ? " aw-selected" : ""}" data-round="${i}">${x.number}</button> `);
  return html`<h4>Scoring round ${rounds}${steps} <button class="aw-mini" data-walk="open" aria-label="replay this scoring round step by step">replay</button></h4>`;
}

function roundTable(r: RoundJson, names: string[], row: number) {
  const rows = r.kinds.map((k, i) => html`<tr class="${i === row ? "aw-hl" : ""}"><th>${k.kind}</th>${names.map((n) => {
    const c = k.counts[n] || 0, pl = k.places[n], pts = k.points[n] || 0;
    const tie = k.shared[n] ? `, tied for places ${k.shared[n].join(" and ")}` : "";
    return html`<td title="${pl ? `${ORD[pl] || pl + "th"} place${tie}` : "no place"}">${c} <small>${pl ? `${ORD[pl] || pl + "th"}${tie ? " (tie)" : ""}` : ""}</small> → <b>${pts}</b></td>`;
  })}</tr>`);
  const walls = html`<tr class="${row === r.kinds.length ? "aw-hl" : ""}"><th>walls</th>${names.map((n) => html`<td>${n in r.walls ? html`<b>${r.walls[n]}</b>` : "—"}</td>`)}</tr>`;
  const totals = html`<tr class="aw-total${row === r.kinds.length + 1 ? " aw-hl" : ""}"><th>round total</th>${names.map((n) => html`<td><b>${r.totals[n]}</b></td>`)}</tr>`;
  return html`<table class="aw-table"><thead><tr><th></th>${names.map((n) => html`<th>${n}</th>`)}</tr></thead><tbody>${rows}${walls}${totals}</tbody></table>`;
}

function rowExplained(r: RoundJson, row: number) {
  if (row < r.kinds.length) {
    const k = r.kinds[row];
    const who = Object.entries(k.places).sort((a, b) => a[1] - b[1]).map(([n, pl]) => `${n} (${plural(k.counts[n], "tile")}, ${ORD[pl] || pl + "th"} place${k.shared[n] ? ", tied for places " + k.shared[n].join(" and ") + " and their points shared" : ""}: ${plural(k.points[n], "point")})`);
    return html`<p class="aw-explain">${k.kind}: ${who.length ? who.join(", ") : "nobody has one"}.</p>`;
  }
  if (row === r.kinds.length) return html`<p class="aw-explain">Walls: each player scores the length of the longest joined outer wall (R11).</p>`;
  return null;
}

export function roundsHtml({ v, ui }: Ctx<GameView>, walking = false) {
  if (!v.rounds.length) return html``;
  const r = shownRound(v, ui);
  const names = Object.keys(r.totals);
  const row = Math.min(ui.roundRow, r.kinds.length + 1); // kinds, then walls, then the total
  return html`<section class="aw-rounds${walking ? " aw-walk" : ""}" aria-label="scoring rounds">${roundsHead(v, r, walking)}${roundTable(r, names, row)}${rowExplained(r, row)}</section>`;
}
