// The scoring rounds: the engine's table of each round, walked through line by line
// (each kind, then the walls) as it happens, or replayed from the list.

import { glyph, online } from "../common.js";
import { html } from "../html.js";
import type { GameView, RoundJson } from "../contract.js";
import type { Picks } from "../state.js";
import type { Ctx } from "../types.js";

const ORD = ["", "1st", "2nd", "3rd"];
const plural = (n: number, w: string) => `${n} ${w}${n === 1 ? "" : "s"}`;

// a building kind's picture (the shape the engine sends with the texts), named; beside
// its name in words (shown): hidden from a screen reader, which reads the name
export const kindIcon = (kind: string, shown = false) => shown
  ? html`<svg class="aw-kindicon" width="16" height="16" viewBox="0 0 20 20" aria-hidden="true"><path class="aw-glyph" d="${glyph(kind)}"/></svg>`
  : html`<svg class="aw-kindicon" width="16" height="16" viewBox="0 0 20 20" role="img" aria-label="${kind}"><title>${kind}</title><path class="aw-glyph" d="${glyph(kind)}"/></svg>`;

export const shownRound = (v: GameView, ui: Picks) => v.rounds[ui.roundSel === null ? v.rounds.length - 1 : Math.min(ui.roundSel, v.rounds.length - 1)];

// is the walkthrough on the walls line of the newest round? (the boards then draw the walls)
export const walkingWalls = (v: GameView, ui: Picks) =>
  ui.walk && v.rounds.length > 0 && shownRound(v, ui) === v.rounds[v.rounds.length - 1] && ui.roundRow === shownRound(v, ui).kinds.length;

// While a scoring round that just happened is walked through, a player's points are
// those before it (the engine's, with the round) until the walkthrough reaches its
// total, so the total is not given away before it is shown; null when the points shown
// are the score itself
export function scoreBeforeRound(v: GameView, ui: Picks, name: string) {
  const r = v.rounds.length ? v.rounds[v.rounds.length - 1] : null;
  const newest = ui.roundSel === null || ui.roundSel >= v.rounds.length - 1;
  // (at the end the results show every total at once)
  if (!r || !ui.walk || !v.live || v.over || !newest || ui.roundRow > r.kinds.length) return null;
  return name in r.before ? { points: r.before[name], round: r.number } : null;
}

// the walkthrough's line: the kind it is on ("" on the walls or the total), for the
// boards to mark that kind's tiles
export function walkingKind(v: GameView, ui: Picks) {
  if (!ui.walk || !v.rounds.length) return "";
  const r = shownRound(v, ui);
  return ui.roundRow < r.kinds.length ? r.kinds[ui.roundRow].kind : "";
}

// the players the walkthrough's line points at: those with a tile of its kind, every
// player on the walls line (their boards are brought into sight)
export function walkPoints(v: GameView, ui: Picks) {
  if (!ui.walk || !v.rounds.length) return new Set<string>();
  const r = shownRound(v, ui);
  if (ui.roundRow < r.kinds.length) {
    const k = r.kinds[ui.roundRow];
    return new Set(Object.keys(k.counts).filter((n) => k.counts[n] > 0));
  }
  return new Set(ui.roundRow === r.kinds.length ? Object.keys(r.walls) : []);
}

// how to read the walked table, on hover and in its accessible name (a line of its own
// made the walkthrough taller than the market it lies over)
function walkLegend(r: RoundJson) {
  const say = `Each cell: tiles, place, points. "pays 16 · 9 · 2" in the heading: what the kind's 1st, 2nd and 3rd places pay in round ${r.number}. “1st=”: tied for first; the tied players share those places' points, rounded down (R10).`;
  return html`<span class="aw-hashelp aw-legend aw-walklegend" role="note" title="${say}" aria-label="how to read the table: ${say}">how to read</span>`;
}

function roundsHead(v: GameView, r: RoundJson, walking: boolean, row: number) {
  const steps = html`<button class="aw-mini" data-rowstep="-1" aria-label="previous line" ${walking && row === 0 ? "disabled" : ""}>◀</button><button class="aw-mini" data-rowstep="1" aria-label="next line" ${walking && row > r.kinds.length ? "disabled" : ""}>▶</button>`;
  if (walking) {
    const what = row < r.kinds.length ? r.kinds[row].kind : row === r.kinds.length ? "the walls" : "the round's total";
    const note = `${v.over ? "The game is over." : online(v) ? "The others play on at the table meanwhile; close this to see the board as it is now." : "The bots wait until you close this."} Replay it later from the list of rounds below the boards.`;
    return html`<h4 title="${note}">Scoring round ${r.number}: <span class="aw-walkwhat">${what}</span>${row < r.kinds.length && html` <small class="aw-walkpays" title="${r.kinds[row].kind}: ${paysSay(r.kinds[row].pays)} in round ${r.number} (R10)">pays ${r.kinds[row].pays.join(" · ")}</small>`} <small class="aw-muted">(${row + 1} of ${r.kinds.length + 2})</small> ${steps} <button class="aw-mini" data-walk="close" aria-label="close the scoring round">close</button></h4>`;
  }
  const rounds = v.rounds.map((x, i) => html`<button class="aw-mini${x === r ? " aw-selected" : ""}" data-round="${i}">${x.number}</button> `);
  return html`<h4>Scoring round ${rounds}${steps} <button class="aw-mini" data-walk="open" aria-label="replay this scoring round step by step">replay</button></h4>`;
}

// the round walked through: a line a player, a column a kind (its picture and name),
// then the walls and the total; the column being explained is marked
// (at the end of the game the results show every total: the walkthrough's too)
// (how to read it in the corner over the players' names: the heading stays one line)
function walkTable(r: RoundJson, names: string[], row: number, reveal: boolean) {
  const hl = (i: number) => (i === row ? "aw-hl" : "");
  const head = html`<tr><th scope="col" aria-label="player">${walkLegend(r)}</th>${r.kinds.map((k, i) => html`<th scope="col" class="${hl(i)}" title="${k.kind}: ${paysSay(k.pays)} in round ${r.number} (R10)"><span class="aw-kindcol">${kindIcon(k.kind, true)}<span class="aw-kindname">${k.kind}</span></span></th>`)}<th scope="col" class="${hl(r.kinds.length)}">walls</th><th scope="col" class="${hl(r.kinds.length + 1)}" title="the round's points">total</th></tr>`;
  const lines = names.map((n) => html`<tr><th scope="row">${n}</th>${r.kinds.map((k, i) => {
    const c = k.counts[n] || 0, pl = k.places[n], pts = k.points[n] || 0;
    const tie = k.shared[n] ? `, tied for places ${k.shared[n].join(" and ")}` : "";
    const say = `${n}, ${k.kind}: ${plural(c, "tile")}, ${pl ? `${ORD[pl] || pl + "th"} place${tie}` : "no place"}, ${plural(pts, "point")}`;
    return html`<td class="${hl(i)}" title="${say}">${c}<small>${pl ? ` ${ORD[pl] || pl + "th"}${tie ? "=" : ""}` : ""}</small> <b>${pts}</b></td>`;
  })}<td class="${hl(r.kinds.length)}"><b>${n in r.walls ? r.walls[n] : "—"}</b></td><td class="${hl(r.kinds.length + 1)}">${row > r.kinds.length || reveal ? html`<b>${r.totals[n]}</b>` : html`<span class="aw-muted" title="the round's total is shown at its line, the last">…</span>`}</td></tr>`);
  return html`<table class="aw-table aw-walktable" aria-label="scoring round ${r.number}: per player, each kind's tiles, place and points, the wall and the total"><thead>${head}</thead><tbody>${lines}</tbody></table>`;
}

// what a kind's places pay in a round (the engine's table): "1st 8 · 2nd 4"
// what a kind's places pay in a round: in the walkthrough's heading on that kind's line
// (a row of its own under the kinds, or more words in the line's sentence, made the
// walkthrough wider or taller than the market it lies over), and on its column's head
// on hover
const paysSay = (pays: number[]) => pays.map((p, i) => `${ORD[i + 1] || `${i + 1}th`} place ${p}`).join(", ");

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

// the players with a place, grouped by it (tied players share one), best place first
function tiedGroups(places: Record<string, number>): string[][] {
  const by = new Map<number, string[]>();
  for (const [n, pl] of Object.entries(places).sort((a, b) => a[1] - b[1])) by.set(pl, [...(by.get(pl) || []), n]);
  return [...by.values()];
}

const andList = (ns: string[]) => (ns.length < 2 ? ns.join("") : `${ns.slice(0, -1).join(", ")} and ${ns[ns.length - 1]}`);

// one place of a kind in a line: "Cem 1st (1 tile): 4 points", or for a tie "Ann and
// Ben tie for 1st (2 tiles each; places 1 and 2 shared): 6 points each" (each figure
// the engine's: counts, places, the places shared, points)
function placeSaid(k: RoundJson["kinds"][number], ns: string[]): string {
  const pl = k.places[ns[0]], ord = ORD[pl] || `${pl}th`;
  if (ns.length === 1) {
    const n = ns[0], shared = k.shared[n] ? `; places ${k.shared[n].join(" and ")} shared` : "";
    return `${n} ${ord} (${plural(k.counts[n], "tile")}${shared}): ${plural(k.points[n], "point")}`;
  }
  const same = (f: (n: string) => unknown) => ns.every((n) => f(n) === f(ns[0]));
  const tiles = same((n) => k.counts[n]) ? `${plural(k.counts[ns[0]], "tile")} each` : ns.map((n) => plural(k.counts[n], "tile")).join(", ");
  const shared = k.shared[ns[0]] && same((n) => String(k.shared[n])) ? `; places ${andList(k.shared[ns[0]].map(String))} shared` : "";
  const pts = same((n) => k.points[n]) ? `${plural(k.points[ns[0]], "point")} each` : ns.map((n) => `${n} ${plural(k.points[n], "point")}`).join(", ");
  return `${andList(ns)} tie for ${ord} (${tiles}${shared}): ${pts}`;
}

// a walked round's last line: each player's points in it
const roundInAll = (r: RoundJson) => html`<p class="aw-explain">Round ${r.number} in all: ${Object.keys(r.totals).map((n) => `${n} +${r.totals[n]}`).join(", ")}.</p>`;

function rowExplained(r: RoundJson, row: number) {
  if (row < r.kinds.length) {
    const k = r.kinds[row];
    const who = tiedGroups(k.places).map((ns) => placeSaid(k, ns));
    return html`<p class="aw-explain">${k.kind}: ${who.length ? who.join("; ") : "nobody has one"}.</p>`;
  }
  if (row === r.kinds.length) return html`<p class="aw-explain">Walls: each player scores the length of the longest joined outer wall (R11).</p>`;
  return null;
}

// At the end the last scoring round is walked through inside the results, under their
// table (the line's column marked there: resultsHtml), in a strip of fixed height: who
// won, the scores, the round and your Alhambra under them on one screen, none over
// another. Closed, the same strip offers to step through it again: nothing moves.
export function endWalkHtml({ v, ui }: Ctx<GameView>) {
  if (!v.rounds.length) return html``;
  const r = shownRound(v, ui);
  if (!ui.walk) return html`<div class="aw-endround"><p class="aw-explain">Scoring round ${r.number}, the last: its points kind by kind and its wall are the right-hand columns. <button class="aw-mini" data-walk="open" aria-label="step through the last scoring round">step through it</button></p></div>`;
  const row = Math.min(ui.roundRow, r.kinds.length + 1);
  const say = rowExplained(r, row) || roundInAll(r);
  return html`<section class="aw-endround aw-rounds aw-walk" aria-label="scoring round ${r.number}, step by step">${roundsHead(v, r, true, row)}${say}</section>`;
}

export function roundsHtml({ v, ui }: Ctx<GameView>, walking = false) {
  if (!v.rounds.length) return html``;
  const r = shownRound(v, ui);
  const names = Object.keys(r.totals);
  const row = Math.min(ui.roundRow, r.kinds.length + 1); // kinds, then walls, then the total
  const table = walking ? walkTable(r, names, row, v.over) : roundTable(r, names, row);
  const say = rowExplained(r, row) || (walking ? roundInAll(r) : null);
  // (walked through, the table scrolls within what the window leaves it: sticky.ts)
  const body = walking ? html`<div class="aw-walkscroll">${table}</div>` : table;
  return html`<section class="aw-rounds${walking ? " aw-walk" : ""}${walking && names.length > 3 ? " aw-walkmany" : ""}" aria-label="scoring rounds">${roundsHead(v, r, walking, row)}${body}${say}</section>`;
}
