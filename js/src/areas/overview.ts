// What the person follows while playing: the standings (the engine's preview of the
// next scoring round), the others' last moves, and at the end the results.

import { cardHtml, online } from "../common.js";
import { winnersText } from "./status.js";
import { scoreBeforeRound, kindIcon, endWalkHtml, shownRound } from "./scoring.js";
import { markNames, markSvg, trackMark } from "./alhambra.js";
import { html } from "../html.js";
import { lineKey } from "../morph.js";
import type { GameView, GardensView, OverviewKind } from "../contract.js";
import type { Ctx, TableView } from "../types.js";

const ord = (n: number) => ["", "1st", "2nd", "3rd"][n] || `${n}th`;

// one kind's row: each player's count; with the details, the place and the points
function kindRow(k: OverviewKind, names: string[], full: boolean) {
  const cells = names.map((n) => {
    const c = k.counts[n] || 0, pl = k.places[n];
    const shared = k.shared[n] ? ` (tied with place ${k.shared[n].filter((x) => x !== pl).join(" and ")})` : "";
    const detail = full && pl ? html` <small>${ord(pl)}${shared}: ${k.points[n]} points</small>` : null;
    return html`<td class="${pl === 1 ? "aw-lead" : ""}" title="${pl ? `${ord(pl)} place: ${k.points[n]} points` : ""}">${c}${detail}</td>`;
  });
  return html`<tr><th>${k.kind}</th>${cells}${full && html`<td><small>${k.pays.join(" / ")}</small></td>`}</tr>`;
}

// the engine's preview of the next scoring round: counts (the leader's shaded), walls
// and points; the places, ties and what each place pays on demand. With `compact` (a
// table of two or three players, at the top of the side column, in the first screen)
// one row a player, one column a kind: as short as the players are many
export function standingsHtml(c: Ctx<GameView>, compact = false) {
  const { v, ui } = c;
  const o = v.overview;
  if (!o) return html``;
  const full = !!ui.standings;
  if (compact && !full) return compactStandings(o);
  const names = o.names;
  // five names or more: each column headed by its player's marker (the score track's
  // colour and label), the name on hover and read out: the table fits the side column
  const marks = markNames(v);
  const at = (n: string) => { const k = v.players.findIndex((p) => p.name === n); return k < 0 ? marks.length - 1 : k; };
  const col = (n: string) => (names.length >= 5 ? html`<th scope="col" title="${n}" aria-label="${n}">${trackMark(marks, at(n))}</th>` : html`<th scope="col">${n}</th>`);
  const head = html`<tr><th scope="col">tiles of each kind</th>${names.map(col)}${full && html`<th scope="col">1st / 2nd / 3rd place pays</th>`}</tr>`;
  const walls = html`<tr><th>longest wall</th>${names.map((n) => html`<td>${n in o.walls ? o.walls[n] : "—"}</td>`)}${full && html`<td></td>`}</tr>`;
  const totals = html`<tr class="aw-total"><th>points if scored now</th>${names.map((n) => html`<td>${o.totals[n] ?? 0}</td>`)}${full && html`<td></td>`}</tr>`;
  const more = html`<button class="aw-mini" data-standings="1" aria-expanded="${full ? "true" : "false"}">${full ? "fewer details" : "details"}</button>`;
  return html`<section class="aw-overview" data-area="standings" aria-label="standings"><div class="aw-cap">Standings: scoring round ${o.round} if it came now ${more}</div><table class="aw-table aw-standings${names.length >= 5 ? " aw-standings-many" : ""}"><thead>${head}</thead><tbody>${o.kinds.map((k) => kindRow(k, names, full))}${walls}${totals}</tbody></table></section>`;
}

// the standings one row a player: each kind's count (the leader's framed; its place and
// points on hover), the longest wall, the points if the round came now
function compactStandings(o: NonNullable<GameView["overview"]>) {
  // (no caption line: its words head the players' column, the details on a click)
  const more = html`<button class="aw-mini" data-standings="1" aria-expanded="false" title="the standings: scoring round ${o.round} if it came now; click for the places and their points">round ${o.round} if now</button>`;
  const head = html`<tr><th scope="col">${more}</th>${o.kinds.map((k) => html`<th scope="col" title="${k.kind}: 1st / 2nd / 3rd place pays ${k.pays.join(" / ")}" aria-label="${k.kind}"><span class="aw-kindcol">${kindIcon(k.kind, true)}</span></th>`)}<th scope="col" title="longest wall">wall</th><th scope="col" title="points if the round were scored now">pts</th></tr>`;
  const cell = (k: OverviewKind, n: string) => {
    const pl = k.places[n];
    return html`<td class="${pl === 1 ? "aw-lead" : ""}" title="${n}, ${k.kind}: ${k.counts[n] || 0} tiles${pl ? `, ${ord(pl)} place: ${k.points[n]} points` : ""}">${k.counts[n] || 0}</td>`;
  };
  const rows = o.names.map((n) => html`<tr><th scope="row" title="${n}">${n}</th>${o.kinds.map((k) => cell(k, n))}<td>${n in o.walls ? o.walls[n] : "—"}</td><td class="aw-total">${o.totals[n] ?? 0}</td></tr>`);
  return html`<section class="aw-overview aw-standings-compact" data-area="standings" aria-label="standings"><table class="aw-table aw-standings"><thead>${head}</thead><tbody>${rows}</tbody></table></section>`;
}

// What to do at the end of either game, in its results' heading: the review of the
// person's decisions (shown while the last round is walked through, in the results:
// asking it closes that) and a new game with the same players, seats and options (a
// table a server keeps starts its own). A guided game offers its own "again" instead.
export function endButtons(v: GameView | GardensView) {
  const person = v.players.some((p) => p.seat === "human");
  const review = v.live && person && !v.guide && (v.review
    ? html`<button data-toreview="1" aria-label="scroll down to the review of your game, under your board">the review ↓</button>` // asked: where it is
    : html`<button class="aw-primary" data-review="ask" aria-label="review your decisions against the computer's">Review my game</button>`);
  const again = v.live && !online(v) && !v.guide && html` <button data-newgame="1" title="a new game with the same players and seats">New game</button>`;
  return html`<span>${review}${again}</span>`;
}

// The end of a game on one screen, in the market's place: who won, each player's
// final score and rounds, the last round kind by kind, and what to do next (the review);
// under the table the last round walked through, its line's column marked in the table
export function resultsHtml(c: Ctx<GameView>) {
  const { v, ui } = c;
  const r = v.results;
  if (!r) return html``;
  const winners = r.ranking.filter((p) => p.winner).map((p) => p.name);
  const last = v.rounds.length ? v.rounds[v.rounds.length - 1] : null;
  // the column the walkthrough's line is on: a kind's, the wall's, then the round's
  const walked = !!last && ui.walk && shownRound(v, ui) === last ? Math.min(ui.roundRow, last.kinds.length + 1) : -1;
  const hl = (on: boolean) => (on ? "aw-hl" : "");
  const roundCol = (x: { number: number }) => hl(!!last && x.number === last.number && walked === last.kinds.length + 1);
  const kindSay = (name: string, k: OverviewKind) => `${name}, ${k.kind}: ${k.counts[name] || 0} tiles, ${k.places[name] ? `${ord(k.places[name])} place` : "no place"}, ${k.points[name] ?? 0} points`;
  // a player's points: the total, each round's, then the last round kind by kind and its wall
  const points = (name: string, score: number) => html`<td><b>${score}</b></td>${
    r.rounds.map((x) => html`<td class="${roundCol(x)}">${x.totals[name] ?? 0}</td>`)}${
    last && last.kinds.map((k, i) => html`<td class="${hl(walked === i)}" title="${kindSay(name, k)}">${k.points[name] ?? 0}</td>`)}${last && html`<td class="${hl(walked === last.kinds.length)}">${last.walls[name] ?? "—"}</td>`}`;
  const ranked = r.ranking.map((p) => html`<tr class="${p.winner ? "aw-winner" : ""}"><td>${p.rank}</td><td class="aw-who">${p.name}${p.winner ? " — wins" : ""}</td>${points(p.name, p.score)}</tr>`);
  // Dirk scores but is no player (R3): under the ranking, with no rank
  const apart = r.apart.map((p) => html`<tr class="aw-apart" title="${p.name} is no player: his tiles count in scoring, but he cannot win (R3)"><td></td><td class="aw-who">${p.name} <span class="aw-apartnote">(not a player)</span></td>${points(p.name, p.score)}</tr>`);
  const rows = [...ranked, ...apart];
  const kinds = last ? last.kinds.map((k, i) => html`<th scope="col" class="aw-kindhead ${hl(walked === i)}" title="${k.kind}: points in round ${last.number}" aria-label="${k.kind}"><span class="aw-kindcol">${kindIcon(k.kind, true)}</span></th>`) : [];
  const head = html`<tr><th scope="col">rank</th><th scope="col">player</th><th scope="col">total</th>${
    r.rounds.map((x) => html`<th scope="col" class="${roundCol(x)}">round ${x.number}</th>`)}${kinds}${last && html`<th scope="col" class="${hl(!!last && walked === last.kinds.length)}" title="longest wall in round ${last.number}">wall</th>`}</tr>`;
  return html`<section class="aw-results" data-area="results" aria-label="results"><h4>Game over: ${winnersText(winners)} ${endButtons(v)}</h4><div class="aw-results-scroll" tabindex="0" role="region" aria-label="the final scores"><table class="aw-table"><thead>${head}</thead><tbody>${rows}</tbody></table></div>${endWalkHtml(c)}</section>`;
}


// The score track: everyone's points at a glance, as the board's track around the edge
// (a marker a player, in the player's colour, with the initial; the full name and
// points on hover and in the names read out). Its scale never changes: two lanes of
// fixed segments, 0 to 100 and 100 to 200 (a game's scores stay under 200; more stands
// at the end of the second lane). Each marker stands on one row just above its own
// lane's line, and a pointer from it touches the line at its points: markers at equal
// points stand side by side in one frame over one pointer, markers at nearby points
// make room for each other along the lane, never up or down (a marker out of its row
// would read as a point of the other lane). Fixed height.
const TRACK_W = 280, LANE_H = 42, MARK = 14;
const laneOf = (s: number) => Math.min(1, Math.floor(Math.max(0, s) / 100));
const laneX = (local: number) => 10 + (local / 100) * (TRACK_W - 20); // 0-100 along a lane
const trackX = (s: number) => laneX(Math.min(200, Math.max(0, s)) - 100 * laneOf(s));
const lineY = (lane: number) => lane * LANE_H + 31;

// a lane's line, its ticks every 10 points and its numbers every 20
function trackLane(lane: number) {
  const y = lineY(lane), from = 100 * lane;
  const ticks = [...Array(11).keys()].map((i) => {
    const x = laneX(i * 10);
    return html`<line class="aw-tick" x1="${x}" y1="${i % 2 ? y - 2 : y - 4}" x2="${x}" y2="${y + 3}"/>${i % 2 ? "" : html`<text x="${x}" y="${y + 11}" text-anchor="middle">${from + i * 10}</text>`}`; });
  return html`<line class="aw-trackline" x1="${laneX(0)}" y1="${y}" x2="${laneX(100)}" y2="${y}"/>${ticks}`;
}

// the markers of one lane: players at equal points one group; the groups' frames left
// to right, each centred over its points where it can be, shifted along the lane just
// enough to cover no other (and to stay on the track)
interface Group { score: number; x: number; who: [string, number][]; left: number }
// a group's frame: its markers, and with three players or more the points written at
// its left ("0:"), so a crowd at one number reads as that number's players
const LABELLED = 3;
const labelW = (g: Group) => (g.who.length >= LABELLED ? 5.5 * String(g.score).length + 9 : 0);
const groupW = (g: Group) => MARK * g.who.length + 4 + labelW(g);
function placeGroups(groups: Group[]) {
  groups.sort((a, b) => a.score - b.score);
  const w = groupW;
  let right = 0;
  for (const g of groups) { g.left = Math.max(1, g.x - w(g) / 2, right + 2); right = g.left + w(g); }
  let left = TRACK_W;
  for (const g of [...groups].reverse()) { g.left = Math.min(g.left, TRACK_W - 1 - w(g), left - 2 - w(g)); left = g.left; }
}

function groupHtml(g: Group, lane: number, everyone: string[]) {
  const cy = lineY(lane) - 16, w = groupW(g), lw = labelW(g);
  // the pointer: from the frame's foot (over the points where it can be) to the line
  const foot = Math.min(g.left + w - 6, Math.max(g.left + 6, g.x));
  const marks = g.who.map(([name, i], k) => {
    const cx = g.left + lw + 2 + MARK / 2 + MARK * k;
    return html`<g class="aw-trackmark" role="img" aria-label="${name}: ${g.score} points"><title>${name}: ${g.score} points</title>${markSvg(everyone, i, cx, cy)}</g>`;
  });
  const names = g.who.map(([name]) => name).join(", ");
  const frame = g.who.length > 1 && html`<rect class="aw-trackframe" x="${g.left}" y="${cy - 9}" width="${w}" height="18" rx="9"><title>${g.score} points: ${names}</title></rect>`;
  const label = lw > 0 && html`<text class="aw-tracklabel" x="${g.left + 5}" y="${cy + 3.5}" aria-hidden="true">${g.score}:</text>`;
  return html`<g class="aw-trackgroup" data-points="${g.score}"><path class="aw-trackpin" d="M${foot - 3},${cy + 7} L${foot + 3},${cy + 7} L${g.x},${lineY(lane) - 1} Z"/>${frame}${label}${marks}</g>`;
}

export function scoreTrackHtml({ v, ui }: Ctx<GameView>) {
  const shown = (name: string, score: number) => { const b = scoreBeforeRound(v, ui, name); return b ? b.points : score; };
  const people = [...v.players.map((p) => [p.name, shown(p.name, p.score)] as const), ...(v.dirk ? [[v.dirk.name, shown(v.dirk.name, v.dirk.score)] as const] : [])];
  const lanes: Group[][] = [[], []];
  people.forEach(([name, score], i) => {
    const lane = lanes[laneOf(score)];
    const g = lane.find((x) => x.score === score);
    if (g) g.who.push([name, i]);
    else lane.push({ score, x: trackX(score), who: [[name, i]], left: 0 });
  });
  lanes.forEach(placeGroups);
  const marks = lanes.map((gs, lane) => gs.map((g) => groupHtml(g, lane, markNames(v))));
  const H = 2 * LANE_H;
  return html`<section class="aw-track" data-area="score-track" aria-label="score track"><svg viewBox="0 0 ${TRACK_W} ${H}" width="100%" height="${H}" role="group" aria-label="points: ${people.map(([n, s]) => `${n} ${s}`).join(", ")}">${trackLane(0)}${trackLane(1)}${marks}</svg></section>`;
}

// what the others did since the person last acted, in order, until they act
// keep: drawn with nothing to list too, its height the same (the Alhambra table's side
// column: its coming and going moved everything under the two columns, 147 px at a
// table of six, at every change of seat and every first action of a turn)
export function followHtml({ v }: Ctx<TableView>, keep = false) {
  const rec = v.recent || [];
  const mine = v.players.some((p) => p.seat === "human");
  if (!rec.length) return keep && v.live && !v.over ? html`<section class="aw-follow aw-follow-none" aria-label="the last moves"><h4>${mine ? "The others' last moves" : "Last moves"}</h4><p class="aw-muted">${mine ? "None since your last move." : "None yet."}</p></section>` : html``;
  const items = rec.map((r) => html`<li data-move="${lineKey(r.text)}">${r.text}${r.marks.cards && html` <span class="aw-follow-cards">${r.marks.cards.map((c) => cardHtml(c, null, false, "span"))}</span>`}</li>`);
  // in the Gardens a player's colour is the tree kind they own: the bar takes the colour
  // of the one player who moved since (the board's outlines do too)
  const own = v.mode === "gardens" ? [...new Set(rec.map((r) => v.players[r.player]?.kinds.join()))] : [];
  const by = own.length === 1 && own[0] && !own[0].includes(",") ? ` ag-by-${own[0]}` : "";
  return html`<section class="aw-follow${by}" aria-label="the last moves"><h4>${mine ? "The others' last moves" : "Last moves"}</h4><ol tabindex="0" aria-label="the moves in order">${items}</ol></section>`;
}

export function logHtml(log: string[], n: number) {
  const from = Math.max(0, log.length - n); // each line keyed by its place in the whole log: a new line is one node added (morph.ts)
  return html`<section class="aw-log" aria-label="log"><h4>Log</h4><ol tabindex="0" aria-label="the last ${n} lines of the log">${log.slice(from).map((t, k) => html`<li data-line="${from + k}">${t}</li>`)}</ol></section>`;
}
