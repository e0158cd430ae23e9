// The Gardens of the Alhambra board: octagonal garden fields at the inner corners of
// a grid of buildings (its size: the engine's, view.size) (diamonds in the gaps). Drawing only: every legality comes
// in view.legal from the Python engine.

const S = 72; // building grid unit in px
export const GRID = S;
const R = S / 2 / Math.cos(Math.PI / 8); // octagon radius for apothem S/2
const DIAG = [[1, -1], [1, 1], [-1, 1], [-1, -1]]; // NE, SE, SW, NW
export const TREE_ABBR: Record<string, string> = { lemon: "Le", orange: "Or", palm: "Pa", lavender: "La" };

import { glyph, seatLabel } from "./common.js";
import { html } from "./html.js";
import { showsTargets } from "./state.js";
import { hintMarks, hintSay } from "./areas/hint.js";
import { endButtons } from "./areas/overview.js";
import { winnersText } from "./areas/status.js";
import type { SafeHtml } from "./html.js";
import type { ActionJson, BuildingJson, GardensBoard, GardensLegal, GardensPlayerJson, GardensView, GardenTileJson, RecentJson } from "./contract.js";
import type { Picks } from "./state.js";

// a board to draw: a game's, or a lesson's picture (no last moves)
type Board = GardensBoard & { recent?: RecentJson[]; players?: { kinds: string[] }[] };

// an octagon (a garden field or tile) of radius r around (cx, cy), as SVG points
export function octagon(cx: number, cy: number, r: number) {
  const pts = [];
  for (let i = 0; i < 8; i++) {
    const a = Math.PI / 8 + (i * Math.PI) / 4;
    pts.push(`${(cx + r * Math.cos(a)).toFixed(1)},${(cy + r * Math.sin(a)).toFixed(1)}`);
  }
  return pts.join(" ");
}

// a tree's crown, its kind told by its shape as well as its colour (a colour-blind
// player reads the shape): a lemon pointed at both ends, an orange round with a leaf,
// a palm's fronds, a lavender's spike; r the crown's radius, around (x, y)
export function treeCrown(kind: string, x: number, y: number, r: number) {
  const f = (n: number) => n.toFixed(1);
  const P = (dx: number, dy: number) => `${f(x + dx * r)},${f(y + dy * r)}`;
  const cls = `ag-tree ag-t-${kind}`;
  if (kind === "lemon") {
    return html`<path class="${cls}" d="M${P(-1.25, 0)} Q${P(-1, -1.05)} ${P(0, -0.88)} Q${P(1, -1.05)} ${P(1.25, 0)} Q${P(1, 1.05)} ${P(0, 0.88)} Q${P(-1, 1.05)} ${P(-1.25, 0)}Z"/>`;
  }
  if (kind === "orange") {
    return html`<circle class="${cls}" cx="${f(x)}" cy="${f(y)}" r="${f(r)}"/><ellipse class="ag-leaf" cx="${f(x + 0.45 * r)}" cy="${f(y - 1.02 * r)}" rx="${f(0.5 * r)}" ry="${f(0.22 * r)}" transform="rotate(-30 ${f(x + 0.45 * r)} ${f(y - 1.02 * r)})"/>`;
  }
  if (kind === "palm") { // seven fronds around the count
    const pts = [...Array(14).keys()].map((i) => {
      const a = -Math.PI / 2 + (i * Math.PI) / 7, d = i % 2 ? 0.78 : 1.3;
      return P(d * Math.cos(a), d * Math.sin(a));
    });
    return html`<polygon class="${cls}" points="${pts.join(" ")}"/>`;
  }
  if (kind === "lavender") { // a spike of flowers, pointed at the top
    return html`<path class="${cls}" d="M${P(0, -1.45)} Q${P(0.8, -0.45)} ${P(0.66, 0.45)} Q${P(0.55, 0.95)} ${P(0, 0.95)} Q${P(-0.55, 0.95)} ${P(-0.66, 0.45)} Q${P(-0.8, -0.45)} ${P(0, -1.45)}Z"/>`;
  }
  return html`<circle class="${cls}" cx="${f(x)}" cy="${f(y)}" r="${f(r)}"/>`;
}

// sides: the four kinds at NE, SE, SW, NW (already turned); trees per side; scale 1 is
// a tile on a board whose buildings are S px apart
export function gardenTile(cx: number, cy: number, scale: number, sides: string[], trees: number, extra: SafeHtml | null = null) {
  const r = R * scale;
  const parts = sides.map((kind, k) => {
    const [dx, dy] = DIAG[k];
    const d = S * 0.2 * scale; // along each axis: 0.28 S from the centre, inside the octagon
    const x = cx + (dx * d), y = cy + (dy * d);
    // a tree: its trunk, its crown in the kind's shape and colour, how many on the crown
    const r = S * 0.12 * scale, ty = y - r * 0.25;
    return html`<g class="ag-treepic" aria-hidden="true"><rect class="ag-trunk" x="${(x - r * 0.2).toFixed(1)}" y="${(ty + r * 0.6).toFixed(1)}" width="${(r * 0.4).toFixed(1)}" height="${(r * 0.75).toFixed(1)}"/>${treeCrown(kind, x, ty, r)}<text class="ag-treetxt" x="${x.toFixed(1)}" y="${(ty + 3.5 * scale).toFixed(1)}" text-anchor="middle" font-size="${(10.5 * scale).toFixed(1)}">${trees}</text></g>`;
  });
  return html`<g class="ag-tile" ${extra}><polygon class="ag-oct" points="${octagon(cx, cy, r)}"/>${parts}</g>`;
}

// a building: a diamond in the gap between fields, always with its value (the key's
// "its kind's picture and its value"); once scored, coloured by the winning kind, and
// the points it gave on a dark tag under it (never a second meaning for the
// diamond's number); named by the fields around it, as the log names it (the engine's)
const placeOf = (v: Board, k: string) => (v.places && v.places[k]) || `at ${k}`;
function buildingHtml(v: Board, [x, y, value, kind]: BuildingJson) {
  const cx = (x + 0.5) * S, cy = (y + 0.5) * S, h = S * 0.293;
  const k = `${x},${y}`;
  const sc = v.scored[k];
  const cls = sc ? `ag-bld ag-done${sc.winner ? " ag-t-" + sc.winner : " ag-none"}` : "ag-bld";
  const hl = v.last_scored.includes(k) ? " ag-last" : "";
  const label = sc
    ? `${kind}, value ${value}, ${placeOf(v, k)}, scored: ${sc.winner ? sc.winner + " wins" : "nobody wins"}, ${gave(sc)} points${sc.owner ? " for " + sc.owner : ""}`
    : `${kind}, value ${value}, ${placeOf(v, k)}, not yet enclosed`;
  return html`<g class="${cls}${hl}" data-building="${k}" role="img" aria-label="${label}"><title>${label}</title><polygon points="${cx},${cy - h} ${cx + h},${cy} ${cx},${cy + h} ${cx - h},${cy}"/>${
    glyph(kind) && html`<path class="ag-bldkind" d="${glyph(kind)}" transform="translate(${cx - 6.5},${cy - 16}) scale(0.65)"/>`}<text x="${cx}" y="${cy + 12}" text-anchor="middle">${value}</text></g>`;
}

// a points tag's figures (svg px) and its most width: the gap between the crowns of the
// trees on either side under a diamond's foot is 0.3 S (21.6 px), a pixel and a bit (on
// the screen at 0.83) kept clear each side
const TAG_FONT = 13.5, TAG_ROOM = S * 0.3 - 2.8;

// the points a scored building gave (none when nobody owns the kind that won it)
const gave = (sc: { owner: string | null; points: number }) => (sc.owner ? sc.points : 0);

// a scored building's points: a dark tag at the diamond's foot, between the trees of
// the tiles around it (the diamond's own number stays its value)
function pointsTag(v: Board, [x, y]: BuildingJson) {
  const sc = v.scored[`${x},${y}`];
  if (!sc || !gave(sc)) return null; // no points: its colour (or grey) says it scored
  // its figures at TAG_FONT (11 px on the screen at 1280x720, where the board is drawn
  // at 0.83 of its size) under the diamond's foot, between the crowns of the trees on
  // either side (TAG_ROOM wide): the points without a plus sign (the key says what the
  // dark tag is; a plus made "+15" too wide for its room at that size); figures wider
  // than the room drawn a little narrower
  const cx = (x + 0.5) * S, foot = (y + 0.5) * S + S * 0.293, say = String(gave(sc));
  const natural = TAG_FONT * 0.56 * say.length, w = Math.min(TAG_ROOM, natural + 5);
  const fit = natural > w - 3 ? html` textLength="${(w - 3).toFixed(1)}" lengthAdjust="spacingAndGlyphs"` : "";
  return html`<g class="ag-pts" aria-hidden="true"><rect x="${(cx - w / 2).toFixed(1)}" y="${(foot - 2).toFixed(1)}" width="${w.toFixed(1)}" height="16" rx="6"/><text x="${cx}" y="${(foot + 10.8).toFixed(1)}" text-anchor="middle"${fit}>${say}</text></g>`;
}

// a field: a laid tile, or an empty field with the engine's verdict for the tile in hand
type Laid = Record<string, [string, number, string[]]>;
function fieldHtml(fx: number, fy: number, laid: Laid, L: GardensLegal | null, first: string | null | undefined, recent: Map<string, string>) {
  const k = `${fx},${fy}`, cx = (fx + 1) * S, cy = (fy + 1) * S;
  if (laid[k]) {
    const [, trees, sides] = laid[k];
    const just = recent.has(k);
    const tile = gardenTile(cx, cy, 1, sides, trees, html`role="img" aria-label="garden tile at ${k}: ${sides.map((kk) => trees + " " + kk).join(", ")}${just ? " (just laid)" : ""}"`);
    return just ? html`${tile}<polygon class="ag-recent${recent.get(k) ? ` ag-by-${recent.get(k)}` : ""}" points="${octagon(cx, cy, R + 1)}"><title>laid since your last move</title></polygon>` : tile;
  }
  const rule = L ? L.fields[k] : null;
  const cls = rule === "" ? "ag-field ag-legal" : rule ? "ag-field ag-illegal" : "ag-field";
  const at = `field (${fx}, ${fy})`;
  const label = rule === "" ? `${at}, empty, legal for your tile: yes` : rule ? `${at}, empty, legal for your tile: no (${rule})` : at;
  const target = rule !== null && html`data-field="${k}" data-rule="${rule}" role="button" tabindex="${k === first ? 0 : -1}"`;
  return html`<polygon class="${cls}" points="${octagon(cx, cy, R - 2)}" ${target} aria-label="${label}"><title>${label}</title></polygon>`;
}

// the board alone, drawn px wide (a lesson's picture: the tiles laid, the buildings scored)
export const gardensBoardSvg = (v: Board, px: number) => boardHtml(v, null, [], px);

// hinted: the fields a hint's lays use, with the moves' numbers
function boardHtml(v: Board, L: GardensLegal | null, hinted: [string, number[]][], px: number | null = null) {
  const W = v.size.buildings * S;
  // fields: one tab stop on the board (the first legal field), the arrow keys move on
  const laid: Laid = {};
  for (const [x, y, id, trees, sides] of v.fields) laid[`${x},${y}`] = [id, trees, sides];
  const first = L ? Object.keys(L.fields).find((k) => L.fields[k] === "") : null;
  // the others' last lays, each outlined in its player's colour (the kind they own)
  const recent = new Map((v.recent || []).flatMap((r) => (r.marks.fields || []).map((f): [string, string] => [f, ownColour(v, r.player)])));
  const fields = [];
  for (let fy = 0; fy < v.size.fields; fy++) {
    for (let fx = 0; fx < v.size.fields; fx++) fields.push(fieldHtml(fx, fy, laid, L, first, recent));
  }
  // the fields' columns along the top edge, their rows along the left: a field (column, row)
  const n = [...Array(v.size.fields).keys()];
  const labels = html`<g class="ag-coords" aria-hidden="true">${n.map((i) => html`<text x="${(i + 1) * S}" y="13" text-anchor="middle">${i}</text><text x="9" y="${(i + 1) * S + 4}" text-anchor="middle">${i}</text>`)}</g>`;
  return html`<div class="ag-wrap"><svg class="ag-board" viewBox="0 0 ${W} ${W}" width="${px || W}" height="${px || W}" role="group" aria-label="garden board, fields named (column, row) from 0"><rect class="ag-ground" x="0" y="0" width="${W}" height="${W}" rx="8"/>${labels}${v.buildings.map((b) => buildingHtml(v, b))}${fields}${v.buildings.map((b) => pointsTag(v, b))}${hinted.map(([k, ns]) => hintField(k, ns))}</svg>${treeKey()}</div>`;
}

// a field a hint's lay uses: a dashed ring and the moves' numbers (not colour alone), named
function hintField(k: string, ns: number[]) {
  const [fx, fy] = k.split(",").map(Number), cx = (fx + 1) * S, cy = (fy + 1) * S;
  const label = `${hintSay(ns)}: field (${fx}, ${fy}), laid here`;
  // the moves' numbers on a pill in the field's middle, as wide as they are: never over
  // a building at the field's corners
  const text = ns.includes(0) ? "\u25b6" : ns.join(","), w = 10 + 7 * text.length;
  return html`<g class="aw-hintmark" data-hinted="${k}" role="img" aria-label="${label}"><title>${label}</title><polygon class="aw-hintframe" points="${octagon(cx, cy, R - 4)}"/><rect class="aw-hintno-bg" x="${cx - w / 2}" y="${cy - 8}" width="${w}" height="16" rx="8"/><text class="aw-hintno" x="${cx}" y="${cy + 4}" text-anchor="middle">${text}</text></g>`;
}

// what the board shows: the buildings (a value in the diamond; the points given on a
// dark tag of their own), and each tree kind by its shape and colour
export function treeKey() {
  const kinds = Object.keys(TREE_ABBR).map((kind) => html`<span class="ag-key-item"><svg width="13" height="15" viewBox="0 0 16 18" aria-hidden="true"><rect class="ag-trunk" x="7" y="11" width="2" height="6"/>${treeCrown(kind, 8, 9, 5)}</svg> ${kind}</span>`);
  const tag = html`<svg width="21" height="13" viewBox="0 0 24 15" role="img" aria-label="8 points"><g class="ag-pts"><rect x="0.5" y="0.5" width="23" height="14" rx="6"/><text x="12" y="11.5" text-anchor="middle">8</text></g></svg>`;
  return html`<div class="ag-key" aria-label="what the board shows">A diamond is a building: its kind's picture and its value. Once every field at its corners holds a tile it scores, in the colour of the tree kind that won it (grey: nobody won), its points on a dark tag: ${tag}. On a tile, a tree with 2 on it = 2 trees of its kind on that side: ${kinds}</div>`;
}

function playersHtml(v: GardensView) {
  const rows = v.players.map((pl, i) => {
    const kinds = pl.kinds.map((k) => html`<span class="ag-kind ag-t-${k}">${k}</span> `);
    const per = pl.kinds.length > 1 ? ` (${pl.kinds.map((k) => `${k} ${pl.points[k]}`).join(" + ")})` : "";
    return html`<div class="ag-player${v.current === i && !v.over ? " aw-current" : ""}"><b>${pl.name}</b> ${pl.seat === "human" ? "" : html`<span class="aw-seat">${seatLabel(pl.seat)}</span>`} ${kinds}<span class="aw-score">${pl.score} points${per}</span> · ${pl.cards} in hand</div>`;
  });
  const nobody = Object.entries(v.owners).filter(([, o]) => !o).map(([k]) => k);
  return html`<div class="ag-players">${rows}${nobody.length > 0 && html`<div class="aw-muted">owned by nobody: ${nobody.join(", ")} (their points are not scored)</div>`}</div>`;
}

function handHtml(me: GardensPlayerJson | null, hand: GardenTileJson[], ui: Picks) {
  if (!hand.length) return null;
  const tiles = hand.map((t) => {
    const tt = ui.turns[t.id] || 0;
    const selected = t.id === ui.gsel;
    return html`<button class="ag-handtile${selected ? " aw-selected" : ""}" data-hand="${t.id}" aria-label="tile with ${t.trees} ${t.trees === 1 ? "tree" : "trees"} a side: ${t.turned[tt].join(", ")}, turned ${tt}${selected ? ", selected" : ""}"><svg width="96" height="96" viewBox="0 0 96 96" aria-hidden="true">${gardenTile(48, 48, 1.15, t.turned[tt], t.trees)}</svg></button>`;
  });
  return html`<div class="ag-hand" aria-label="your tiles"><div>${me!.name === "You" ? "Your" : me!.name + "'s"} tile${hand.length > 1 ? "s" : ""} — click to turn (or press R), then click a green field:</div><div class="aw-row">${tiles}</div><button data-gturn="1">turn ⟳</button></div>`;
}

function explainHtml(v: GardensView, ui: Picks) {
  const show = ui.gbuilding && v.scored[ui.gbuilding] ? [ui.gbuilding] : v.last_scored;
  if (!show.length) return null;
  const items = show.map((k) => {
    const sc = v.scored[k];
    const trees = Object.entries(sc.counts).map(([kk, c]) => html`<span class="ag-kind ag-t-${kk}">${kk} ${c}</span> `);
    const pays = sc.owner ? html`${sc.winner} wins: ${sc.value} × ${sc.multiplier} kinds = <b>+${sc.points}</b> for ${sc.owner}.` : "No points.";
    return html`<p><b>The ${sc.kind} (value ${sc.value}) ${placeOf(v, k)}</b>: ${trees}<br>${sc.why}.<br>${pays}</p>`;
  });
  return html`<div class="ag-explain" aria-live="polite" tabindex="0" role="region" aria-label="scoring"><h4>Scoring</h4>${items}</div>`;
}

// the person to move (null: a bot, or nobody) and their hand
function mover(v: GardensView, ui: Picks) {
  const L0 = v.legal;
  const me = L0 && v.players[L0.player].seat === "human" ? v.players[L0.player] : null;
  const hand = me && me.hand ? me.hand : [];
  if (hand.length && !hand.some((t) => t.id === ui.gsel)) ui.gsel = hand[0].id;
  // the verdicts are drawn for a person's turn only, and at a past step only once the
  // player chose to act from it (the banner's button)
  return { me, hand, L: me && showsTargets(v, ui) ? L0 : null };
}

// the board, in its own column: the panels beside it come and go without moving it
export function gardensBoardHtml(v: GardensView, ui: Picks) {
  // the fields a hint's lays use (Python's marks), over the board: clicks go through
  return html`<div class="ag-boardcol" data-area="garden-board">${boardHtml(v, mover(v, ui).L, [...hintMarks(v, ui).fields])}</div>`;
}

// a player's colour: the one tree kind they own ("" when they own several, or none)
export function ownColour(v: Board, player: number) {
  const p = v.players ? v.players[player] : undefined;
  return p && p.kinds.length === 1 ? p.kinds[0] : "";
}

// the end of a game, at the top of the side column, as the Alhambra's: who won, the
// ranking (the engine's totals, ranks and winners), each player's points kind of tree by
// kind, and what to do next (the review, a new game)
function resultsHtml(v: GardensView) {
  if (!v.over) return null;
  const players = new Map(v.players.map((p) => [p.name, p]));
  const rows = v.ranking.map((r) => {
    const pl = players.get(r.name)!;
    const kinds = pl.kinds.map((k) => html`<span class="ag-kind ag-t-${k}">${k} ${pl.points[k] ?? 0}</span> `);
    return html`<tr class="${r.winner ? "aw-winner" : ""}"><td>${r.rank}</td><td class="aw-who">${r.name}${r.winner ? " — wins" : ""}</td><td><b>${r.score}</b></td><td class="ag-bykind">${kinds}</td></tr>`;
  });
  const head = html`<tr><th scope="col">rank</th><th scope="col">player</th><th scope="col">total</th><th scope="col" title="points by kind of tree">by kind</th></tr>`;
  return html`<section class="aw-results ag-results" data-area="results" aria-label="results"><h4>Game over: ${winnersText(v.winners)} ${endButtons(v)}</h4><table class="aw-table"><thead>${head}</thead><tbody>${rows}</tbody></table></section>`;
}

// the players, the tile in hand and the supply (at the top of the side column); at the
// end, the results above them
export function gardensSideHtml(v: GardensView, ui: Picks) {
  const { me, hand } = mover(v, ui);
  return html`${resultsHtml(v)}<div data-area="players">${playersHtml(v)}</div><div data-area="hand">${handHtml(me, hand, ui)}</div><div class="ag-supply aw-muted">supply: ${v.supply} tiles · turn ${v.turn}</div>`;
}

export function gardensExplainHtml(v: GardensView, ui: Picks) {
  return html`${explainHtml(v, ui)}`;
}

export function gardensClick(d: DOMStringMap, v: GardensView, ui: Picks, act: (a: ActionJson) => void, draw: () => void) {
  if (d.hand) {
    if (ui.gsel === d.hand) ui.turns[d.hand] = ((ui.turns[d.hand] || 0) + 1) % 4;
    ui.gsel = d.hand;
    draw();
    return true;
  }
  if (d.gturn) {
    if (ui.gsel) ui.turns[ui.gsel] = ((ui.turns[ui.gsel] || 0) + 1) % 4;
    draw();
    return true;
  }
  if (d.building) {
    ui.gbuilding = ui.gbuilding === d.building ? null : d.building;
    draw();
    return true;
  }
  if (d.field !== undefined) {
    if (d.rule !== "" || !ui.gsel) return true;
    const [x, y] = d.field.split(",").map(Number);
    act({ type: "lay", tile: ui.gsel, field: [x, y], turn: ui.turns[ui.gsel] || 0 });
    return true;
  }
  return false;
}

export function gardensKey(ev: KeyboardEvent, ui: Picks, draw: () => void) {
  if (ev.key !== "r" && ev.key !== "R") return false;
  if (ui.gsel) ui.turns[ui.gsel] = ((ui.turns[ui.gsel] || 0) + (ev.key === "R" ? 3 : 1)) % 4;
  draw();
  return true;
}
