// An Alhambra: the board with the cells the current selection may use (the engine's
// verdict per cell), a player's panel around it (hand, tiles to place, reserve), the
// sandbox and Dirk.

import { CELL_PX, glyphsVersion, key, seatLabel, tileName, tileSvg, tileLabel, tileChip, tilePic, cardHtml, whose, sayTile } from "../common.js";
import { html } from "../html.js";
import { lineKey } from "../morph.js";
import { pickedTile } from "../direct.js";
import { showsTargets } from "../state.js";
import { hintMarks, hintedCards, hintSay } from "./hint.js";
import { scoreBeforeRound, walkPoints } from "./scoring.js";
import type { HintMarks } from "./hint.js";
import type { SafeHtml, Value } from "../html.js";
import type { Part } from "../morph.js";
import type { AlhambraJson, AnswerMarks, BuiltJson, CardJson, CellRules, DirkJson, GameView, PlayerJson, RecentJson, SandboxJson, SandboxView } from "../contract.js";
import type { Ctx } from "../types.js";

// the cells a board marks: built on (or picked), and emptied, by the last moves
export interface Recent { cells: Set<string>; from: Set<string> }

// how a board is drawn: the engine's verdicts for the tile picked (rules: per empty cell;
// exchange: the built tiles it may replace; remove: per built tile), the longest wall,
// the coordinates, the last moves, a hint's or a lesson's marks
export interface BoardOpts {
  title: string;
  player: number | string; // a seat, "sb" (a sandbox), "lesson" or "teach" (the course)
  rules?: CellRules | null; exchange?: string[] | null; remove?: CellRules | null;
  tile?: string | null; wall?: boolean; coords?: boolean; scale?: number; small?: boolean;
  wallLines?: number[][]; // the wall drawn, when not the board's longest wall now
  recent?: Recent; pick?: string | null; numbers?: number[][]; hinted?: HintMarks; answer?: AnswerMarks | null;
}
type Drawn = BoardOpts & { recent: Recent };

// the board's frame: the cells around the tiles, and (x, y) -> px
interface Frame { cells: [number, number][]; w: number; h: number; scale: number; px: (x: number) => number; py: (y: number) => number }
function frame(alh: AlhambraJson, scale: number): Frame {
  const xs = alh.tiles.map((t) => t[0]);
  const ys = alh.tiles.map((t) => t[1]);
  const x0 = Math.min(...xs) - 1, x1 = Math.max(...xs) + 1, y0 = Math.min(...ys) - 1, y1 = Math.max(...ys) + 1;
  const w = (x1 - x0 + 1) * CELL_PX, h = (y1 - y0 + 1) * CELL_PX;
  const cells: [number, number][] = [];
  for (let y = y0; y <= y1; y++) for (let x = x0; x <= x1; x++) cells.push([x, y]);
  return { cells, w, h, scale, px: (x) => (x - x0) * CELL_PX, py: (y) => (y - y0) * CELL_PX };
}

// an empty cell: a target for the selected tile (the engine's verdict), a lesson's pick, or
// nothing: then its outline, a rounded square, is a subpath of one path for the whole
// board (plain), one node where each cell was one
function emptyCell(x: number, y: number, f: Frame, opts: Drawn, stops: { legal: string | null; pick: string | null }, plain: string[]) {
  const { rules, player, recent } = opts;
  const k = key(x, y);
  const at = { x: f.px(x) + 2, y: f.py(y) + 2, s: CELL_PX - 4 };
  const out: Value[] = [];
  if (recent.from.has(k)) {
    out.push(html`<rect class="aw-emptied" x="${f.px(x) + 6}" y="${f.py(y) + 6}" width="${CELL_PX - 12}" height="${CELL_PX - 12}" rx="4"><title>emptied by the last moves: ${k}</title></rect>`);
  }
  if (opts.pick === "cells") {
    // a lesson: every cell may be tried, and the engine judges (nothing tells which is right)
    const label = `(${x}, ${y}), empty`;
    const stop = stops.pick === null ? ((stops.pick = k), 0) : -1;
    out.push(html`<rect class="aw-cell aw-pick" data-cell="${k}" data-player="${player}" x="${at.x}" y="${at.y}" width="${at.s}" height="${at.s}" rx="5" role="button" tabindex="${stop}" aria-label="${label}"><title>${label}</title></rect>`);
  } else if (rules && k in rules) {
    const r = rules[k];
    const cls = `aw-cell ${r === "" ? "aw-legal" : "aw-illegal"}`;
    const label = `(${x}, ${y}), empty, legal for ${opts.tile || "the tile"}: ${r === "" ? "yes" : `no (${r})`}`;
    // one tab stop per board (the first legal cell); the arrow keys move between cells
    const stop = k === stops.legal ? 0 : -1;
    out.push(html`<rect class="${cls}" data-cell="${k}" data-player="${player}" data-rule="${r}" x="${at.x}" y="${at.y}" width="${at.s}" height="${at.s}" rx="5" role="button" tabindex="${stop}" aria-label="${label}"><title>${label}</title></rect>`);
  } else {
    const e = at.s - 10;
    plain.push(`M${at.x + 5} ${at.y}h${e}a5 5 0 0 1 5 5v${e}a5 5 0 0 1-5 5h${-e}a5 5 0 0 1-5-5v${-e}a5 5 0 0 1 5-5z`);
  }
  return out;
}

// a built tile: a picture, or a target (an exchange, a removal, a lesson's pick)
function builtTile(tile: BuiltJson, f: Frame, opts: Drawn, targets: string[]) {
  const [x, y, kind, price, walls] = tile;
  const { exchange, remove, player } = opts;
  const k = key(x, y);
  let label = kind === "fountain" ? "the fountain" : sayTile(`${kind} ${price}${walls ? " " + walls : ""}`);
  let cls = "", rule = null; // (the last moves' marks: markRecent, after the patch)
  if (exchange && exchange.includes(k)) { cls = " aw-target"; label += ": exchange here"; }
  else if (remove && k in remove) {
    cls = remove[k] === "" ? " aw-target" : " aw-blocked";
    label += remove[k] === "" ? ": may go to the reserve" : `: stays (${remove[k]})`;
    rule = html`data-rule="${remove[k]}"`;
  }
  // while a tile is picked, built tiles are stops for the arrow keys too (not tab stops)
  const target = targets.includes(k) ? html`role="button" tabindex="${k === targets[0] ? 0 : -1}" aria-label="(${x}, ${y}), ${label}"`
    : opts.rules && html`role="img" tabindex="-1" aria-label="(${x}, ${y}), ${label}, built"`;
  const extra = html`data-tile-cell="${k}" data-player="${player}" ${rule} ${target}`;
  return html`<g class="aw-placed${cls}" role="img" aria-label="${label} at ${k}">${tileSvg([kind, price, walls], f.px(x), f.py(y), CELL_PX, extra, opts.small, false)}<title>${label} at ${k}</title></g>`;
}

// a wall segment's number, outside the Alhambra beside its segment ([ax, ay, bx, by, n],
// corners in cell units): never over a tile's name, and clear of the empty cells'
// coordinates at their top-left
function wallBadge([ax, ay, bx, by, n]: number[], f: Frame, occupied: Set<string>) {
  const OFF = 11, R = 8;
  let cx, cy;
  if (ay === by) { // north or south side: the badge above or below, right of the middle
    const below = occupied.has(key(Math.min(ax, bx), ay));
    cx = f.px(Math.min(ax, bx)) + CELL_PX * 0.72;
    cy = f.py(ay) + (below ? -OFF : OFF);
  } else { // east or west side: the badge left or right, below the middle
    const right = occupied.has(key(ax, Math.min(ay, by)));
    cx = f.px(ax) + (right ? -OFF : OFF);
    cy = f.py(Math.min(ay, by)) + CELL_PX * 0.6;
  }
  return html`<g class="aw-wallno"><circle cx="${cx}" cy="${cy}" r="${R}"/><text x="${cx}" y="${cy + 4}" text-anchor="middle">${n}</text></g>`;
}

// A drawing is the same markup for the same board and options: the last ones drawn are
// kept (at a table of six, the others' boards are drawn again at every step, most of
// them unchanged; building their markup was 0.7 ms of a step's 7 ms of script)
const DRAWN = new Map<string, SafeHtml>();
const DRAWN_KEPT = 32;
const asJson = (_k: string, x: unknown) => (x instanceof Set || x instanceof Map ? [...x] : x); // (a hint's marks are maps)
// rules: {"x,y": ruleId|""} for the selected tile, every empty cell drawn (the engine's), or null.
export function boardSvg(alh: AlhambraJson, given: BoardOpts) {
  const k = JSON.stringify([glyphsVersion(), alh, given], asJson);
  let drawn = DRAWN.get(k);
  if (drawn === undefined) {
    drawn = drawBoard(alh, given);
    if (DRAWN.size >= DRAWN_KEPT) DRAWN.delete(DRAWN.keys().next().value!);
    DRAWN.set(k, drawn);
  }
  return drawn;
}
function drawBoard(alh: AlhambraJson, given: BoardOpts) {
  const { rules, exchange, remove, wall, title, coords } = given;
  const opts: Drawn = { ...given, recent: given.recent || { cells: new Set(), from: new Set() } }; // the others' last moves
  const f = frame(alh, opts.scale || 1); // the other players' boards are drawn smaller
  const occupied = new Set(alh.tiles.map((t) => key(t[0], t[1])));
  const stops = { legal: rules ? Object.keys(rules).find((k) => rules[k] === "") || Object.keys(rules)[0] : null, pick: null };
  const targets = alh.tiles.map((t) => key(t[0], t[1])).filter((k) => (exchange && exchange.includes(k)) || (remove && k in remove) || opts.pick === "tiles");
  const plain: string[] = [];
  const empty = f.cells.filter(([x, y]) => !occupied.has(key(x, y))).map(([x, y]) => emptyCell(x, y, f, opts, stops, plain));
  const cells = plain.length ? html`<path class="aw-cell" d="${plain.join("")}"/>` : html``;
  const built = alh.tiles.map((t) => builtTile(t, f, opts, targets));
  // every tile's kind above every tile, so a neighbour's wall never covers it (no
  // price: a built tile's no longer matters; a small board shows the kinds' symbols only)
  const names = opts.small ? html`` : html`<g class="aw-names" aria-hidden="true">${alh.tiles.map(([x, y, kind]) =>
    tileLabel([kind, ""], f.px(x), f.py(y), CELL_PX, remove && key(x, y) in remove && remove[key(x, y)] !== "" ? " aw-blocked" : ""))}</g>`;
  // (x, y) in every empty cell and on the fountain: x grows east, y grows south, the
  // fountain is (0, 0) (a built tile keeps its picture clear)
  const marks = coords ? f.cells.filter(([x, y]) => !occupied.has(key(x, y)) || (!x && !y))
    .map(([x, y]) => html`<text class="aw-coord${x || y ? "" : " aw-coord-tile"}" x="${f.px(x) + 4}" y="${f.py(y) + 11}">${x},${y}</text>`) : [];
  const lines = wall ? (given.wallLines || alh.wall).map(([ax, ay, bx, by]) => html`<line class="aw-longest" x1="${f.px(ax)}" y1="${f.py(ay)}" x2="${f.px(bx)}" y2="${f.py(by)}"/>`) : [];
  // a wall counted segment by segment (a lesson's picture): each segment's number on it
  const counted = (opts.numbers || []).map((seg) => wallBadge(seg, f, occupied));
  const hinted = opts.hinted ? f.cells.map(([x, y]) => hintCell(x, y, f, opts.hinted!)) : [];
  const judged = opts.answer ? f.cells.map(([x, y]) => answerCell(x, y, f, opts.answer!)) : [];
  return html`<svg class="aw-board" viewBox="0 0 ${f.w} ${f.h}" width="${Math.round(f.w * f.scale)}" height="${Math.round(f.h * f.scale)}" role="group" aria-label="${title}">${cells}${empty}${built}${names}${marks}${lines}${counted}${hinted}${judged}</svg>`;
}

// a lesson's cell after a try (the course's check, from Python: view.lesson.answer):
// the learner's pick, right or wrong, and once solved every cell the check accepts;
// a frame and a ✓ or ✗ at its foot, clear of the coordinates (not colour alone), named
// for a screen reader
function answerCell(x: number, y: number, f: Frame, answer: AnswerMarks) {
  const k = key(x, y);
  const right = answer.right.includes(k), mine = answer.picked === k;
  if (!right && !mine) return null;
  const ok = right; // the pick is in right when it was right
  const rule = !ok && answer.rule ? ` (${answer.rule})` : "";
  const label = `(${x}, ${y}): ${mine ? `your answer, ${ok ? "right" : "not right" + rule}` : "also right"}`;
  const px = f.px(x), py = f.py(y);
  return html`<g class="aw-answer ${ok ? "aw-answer-right" : "aw-answer-wrong"}${mine ? " aw-answer-mine" : ""}" data-answer="${k}" role="img" aria-label="${label}"><title>${label}</title><rect class="aw-answerframe" x="${px + 3}" y="${py + 3}" width="${CELL_PX - 6}" height="${CELL_PX - 6}" rx="5"/><circle class="aw-answerbadge" cx="${px + CELL_PX - 10}" cy="${py + CELL_PX - 10}" r="8"/><text class="aw-answersign" x="${px + CELL_PX - 10}" y="${py + CELL_PX - 6}" text-anchor="middle">${ok ? "✓" : "✗"}</text></g>`;
}

// a cell a hint's move uses (Python's marks: built on, or emptied), over everything
// else: a thick dashed frame and the moves' numbers in the hint's list (not colour
// alone), named for a screen reader; clicks go through to the cell under it
function hintCell(x: number, y: number, f: Frame, hinted: HintMarks) {
  const k = key(x, y);
  const ns = [...(hinted.cells.get(k) || []), ...(hinted.from.get(k) || [])].sort((a, b) => a - b);
  if (!ns.length) return null;
  const what = hinted.from.has(k) ? "the tile here goes to the reserve" : "built here";
  const label = `${hintSay(ns)}: (${x}, ${y}), ${what}`;
  const px = f.px(x), py = f.py(y), no = ns.includes(0) ? "\u25b6" : ns.join(",");
  const w = Math.max(14, 7 * no.length + 6);
  return html`<g class="aw-hintmark" data-hinted="${k}" role="img" aria-label="${label}"><title>${label}</title><rect class="aw-hintframe" x="${px + 4}" y="${py + 4}" width="${CELL_PX - 8}" height="${CELL_PX - 8}" rx="5"/><rect class="aw-hintno-bg" x="${px + CELL_PX - w - 1}" y="${py + 1}" width="${w}" height="14" rx="7"/><text class="aw-hintno" x="${px + CELL_PX - 1 - w / 2}" y="${py + 12}" text-anchor="middle">${no}</text></g>`;
}

// the others' last moves on player i's board: the cells they emptied (the tiles they
// built are marked after the patch: markRecent)
function recentOf(v: GameView, i: number): Recent {
  const recent: Recent = { cells: new Set(), from: new Set() };
  for (const r of v.recent || []) {
    if (r.player !== i) continue;
    for (const c of r.marks.from || []) recent.from.add(c);
  }
  return recent;
}

// The tiles the others' last moves built, marked on every board drawn (a class, and
// "just built" in their accessible description), on the page after each patch rather
// than in the boards' markup: at a hot-seat table "the others' moves since your last"
// change at every change of seat and again at the mover's first action, and drawn in,
// they made all the others' boards' markup new twice a turn (built, parsed and compared
// anew, 2-3 ms of a 6-player table's change). A board patched anew loses the class
// (its markup has none) and gets it back here, in the same task.
export function markRecent(root: Element, v: { mode: string; recent?: readonly RecentJson[] }) {
  const want = new Set<Element>();
  for (const r of (v.mode === "game" && v.recent) || []) {
    for (const c of r.marks.cells || []) {
      for (const t of root.querySelectorAll(`[data-tile-cell="${c}"][data-player="${r.player}"]`)) {
        const g = t.closest(".aw-placed");
        if (g) want.add(g);
      }
    }
  }
  for (const g of root.querySelectorAll(".aw-placed.aw-recent")) {
    if (!want.has(g)) { g.classList.remove("aw-recent"); g.removeAttribute("aria-description"); }
  }
  for (const g of want) {
    if (!g.classList.contains("aw-recent")) { g.classList.add("aw-recent"); g.setAttribute("aria-description", "just built"); }
  }
}

// the board's options for player i: the selected tile's cells (the engine's verdicts),
// the exchanges, the removals
function boardOpts({ v, ui, model }: Ctx<GameView>, p: PlayerJson, i: number, walkingWalls: boolean) {
  const L = v.legal;
  const mine = !!L && L.player === i && p.seat === "human";
  // a tile picked, or a market slot dragged; a past step shows no targets until the
  // player chooses to act from it (the banner's button), nor while the branch question
  // is open
  const picked = mine && showsTargets(v, ui) ? pickedTile(v, ui) : null;
  const o: BoardOpts = { recent: recentOf(v, i), tile: picked ? picked.tile : ui.sel, wall: model.get("show_walls") || walkingWalls, coords: model.get("show_coords"), player: i, title: `${whose(p.name)} Alhambra` };
  if (picked && picked.cells) {
    o.rules = picked.cells;
    o.exchange = picked.exchange;
  }
  if (mine && ui.removing) o.remove = L!.remove;
  // on the walkthrough's walls line, the wall as the round scored it: the board may
  // have changed since (the others' turns before yours)
  const r = v.rounds[v.rounds.length - 1];
  if (walkingWalls && p.name in r.wall_lines) o.wallLines = r.wall_lines[p.name];
  const hints = hintMarks(v, ui);
  if (hints.player === i && (hints.cells.size || hints.from.size)) o.hinted = hints;
  return { o, mine };
}

// the wall length a board's heading gives: as scored while walked through, else now
const wallSay = (v: GameView, o: BoardOpts, p: PlayerJson, word: string) =>
  o.wallLines ? `${word} ${o.wallLines.length} in round ${v.rounds[v.rounds.length - 1].number}` : `${word} ${p.alhambra.wall.length}`;

const handText = (p: PlayerJson) => (p.money ? p.money.length : p.cards);

// a hand's cards in the order they are shown: by currency, in the market's order, then
// by value (each card keeps its index in the hand, which payments and hints refer to)
export function handOrder(v: GameView, money: readonly CardJson[]) {
  const order = v.market.map((m) => m.currency);
  const rank = (cur: string) => (order.includes(cur) ? order.indexOf(cur) : order.length);
  return money.map((_, k) => k).sort((a, b) => rank(money[a][0]) - rank(money[b][0]) || money[a][1] - money[b][1] || a - b);
}

// a hand seen, in rows of its fixed area, every card in sight without scrolling: up to
// eight large cards, four a row; more drawn small (value and symbol), six a row in three
// rows; more than eighteen overlap in their three rows as a fanned hand, each card's
// value still showing at its left (widget.css draws the one under the mouse whole)
const HAND_LARGE = 8, HAND_ROWS = 3, SMALL_ROW = 6;
function handRows(n: number) {
  const per = n <= HAND_LARGE ? 4 : Math.max(SMALL_ROW, Math.ceil(n / HAND_ROWS));
  return { per, cls: n <= HAND_LARGE ? "" : per > SMALL_ROW ? " aw-many aw-fan" : " aw-many" };
}

function handHtml(v: GameView, p: PlayerJson, money: CardJson[], paid: Map<number, number[]>) {
  const order = handOrder(v, money), { per, cls } = handRows(money.length);
  const rows = [];
  for (let s = 0; s < order.length; s += per) {
    rows.push(html`<span class="aw-handrow">${order.slice(s, s + per).map((k) => html`<span class="aw-handslot">${cardHtml(money[k], html`data-card="${k}"`, false, "span", paid.get(k) || null)}</span>`)}</span>`);
  }
  // (a tab stop: were a hand ever taller than its area, the keyboard scrolls it too)
  return html`<div class="aw-hand${cls}" data-area="hand" role="group" tabindex="0" aria-label="${whose(p.name)} money: ${money.length} card${money.length === 1 ? "" : "s"}"><span class="aw-cap">${p.name === "You" ? "Your money" : `${p.name}'s money`}</span>${rows}${!money.length && html`<span class="aw-muted">none</span>`}</div>`;
}

// the hand (money: null for a hand this viewer may not see), the tiles to place, the reserve
function playerRows({ v, ui }: Ctx<GameView>, p: PlayerJson, mine: boolean) {
  const L = v.legal;
  const hints = hintMarks(v, ui);
  const paid = p.money && L && hints.player === L.player && v.players[L.player] === p ? hintedCards(p.money, hints.pay) : new Map(); // a hint's payment
  const hand = p.money ? handHtml(v, p, p.money, paid)
    : html`<div class="aw-hand" data-area="hand"><span class="aw-cap">${p.name === "You" ? "Your money" : `${p.name}'s money`}</span>${p.cards} card${p.cards === 1 ? "" : "s"} (hidden)</div>`;
  const drag = (n: string) => html`data-sel="${n}" draggable="true"`; // click, or drag onto a cell
  const chips = p.bought.map((t) => tileChip(t, mine && drag(tileName(t)), ui.sel === tileName(t)));
  const place = html`<div class="aw-row aw-toplace" data-area="to-place" aria-label="tiles to place"><span class="aw-cap">To place</span>${chips}${!chips.length && html`<span class="aw-muted">nothing</span>`}</div>`;
  const reserve = p.reserve.map((t) => {
    const n = tileName(t);
    return tileChip(t, mine && L!.phase === "act" && !!L!.tiles[n] && drag(n), ui.sel === n);
  });
  const res = html`<div class="aw-row" aria-label="reserve"><span class="aw-cap">Reserve</span>${!p.reserve.length && html`<span class="aw-muted">empty</span>`}${reserve}</div>`;
  return html`<div class="aw-rows">${hand}${place}${res}</div>`;
}

// the points in a player's heading: before a round being walked through, till its total
function pointsShown({ v, ui }: Ctx<GameView>, p: PlayerJson) {
  const before = scoreBeforeRound(v, ui, p.name);
  if (!before) return html`${p.score} points`;
  return html`<span title="before scoring round ${before.round}; its total is added at the walkthrough's last line">${before.points} points</span>`;
}

// the text in a player's marker: the initial, or as many first letters as tell the
// names apart (two at most: "P0", "P1"), else the seat's number
export function markLabel(names: string[], i: number): string {
  for (const n of [1, 2]) if (new Set(names.map((x) => x.slice(0, n))).size === names.length) return names[i].slice(0, n);
  return String(i + 1);
}

// everyone with a marker on the score track, in its order: the players, then Dirk
export const markNames = (v: GameView) => [...v.players.map((p) => p.name), ...(v.dirk ? [v.dirk.name] : [])];

// a marker's circle and text at (cx, cy): the player's colour (six, one a seat) and label
export function markSvg(names: string[], i: number, cx: number, cy: number) {
  const label = markLabel(names, i);
  return html`<circle class="aw-c${i % 6}" cx="${cx}" cy="${cy}" r="7"/><text class="${label.length > 1 ? "aw-mark2" : ""}" x="${cx}" y="${cy + 3.5}" text-anchor="middle">${label}</text>`;
}

// a player's marker on the score track, beside the name
export const trackMark = (names: string[], i: number) => html`<svg class="aw-headmark" width="16" height="16" viewBox="0 0 16 16" aria-hidden="true">${markSvg(names, i, 8, 8)}</svg>`;

// a player's heading: the marker, the name (whole: it wraps, never cut), the seat's kind
// (an opponent's stands at the head of the line under it), the points
function headHtml(c: Ctx<GameView>, p: PlayerJson, extra: Value, i: number, seatHere = true) {
  const seat = seatHere && html` <span class="aw-seat">${seatLabel(p.seat)}</span>`;
  return html`<h4>${trackMark(markNames(c.v), i)}<span class="aw-name">${p.name}</span>${seat} <span class="aw-score">${pointsShown(c, p)}</span>${extra}</h4>`;
}

// what the boards' and the market's marks mean (the legend, on hover and read out)
export const MARKS = "Green cell: the tile picked may be built there. Red cell: a rule forbids it (hover it to read which). Orange frame (pink in the dark theme): built since your last move (a dashed square: a tile moved away from there). A dashed ring around a market slot: bought from since your last move, refilled. A solid ring hugging a market slot, and ✓ by its price: you can pay for its tile (the market's heading shows a key of the rings on its slots). The frame of a market slot or of a money card is its currency's colour. Blue dashed frame with a number: the hint's move of that number. Red line along a wall: the longest wall (it scores, R11). While a scoring round is walked through: the tiles of the kind being scored keep their colours and a blue frame, the others are greyed, and the boards it counts are framed in blue.";

// a board the scoring walkthrough's line points at (a tile of its kind, or the walls):
// framed, and brought into sight when the line changes (sticky.js)
const pointed = ({ v, ui }: Ctx<GameView>, name: string) => (walkPoints(v, ui).has(name) ? " aw-walkpoint" : "");

// your panel: your Alhambra large, your hand, tiles to place and reserve beside it; in
// parts (its heading, its drawing, its rows), so that a change of one redraws it alone
// (an opponent's move changes your heading's turn, seldom your Alhambra)
export function myPanel(c: Ctx<GameView>, p: PlayerJson, i: number, walkingWalls: boolean): Part {
  const { v, ui } = c;
  const { o, mine } = boardOpts(c, p, i, walkingWalls);
  const cls = `aw-player aw-me${v.current === i && !v.over ? " aw-current" : ""}${pointed(c, p.name)}`;
  const walls = o.wall && html` <span class="aw-walllen">${wallSay(v, o, p, "longest wall")}</span>`;
  // the drawing fits its area (sticky.ts), or is drawn larger and scrolls within it
  const zoomSay = ui.zoomed ? `fit ${whose(p.name)} Alhambra to its area` : `draw ${whose(p.name)} Alhambra larger (it scrolls within its area)`;
  const zoom = html` <button class="aw-mini" data-zoom="1" aria-pressed="${ui.zoomed ? "true" : "false"}" aria-label="${zoomSay}" title="${zoomSay}">${ui.zoomed ? "fit" : "larger"}</button>`;
  const extra = html`${walls}${zoom} <button class="aw-mini" data-sandbox="${i}" aria-label="try tiles on a copy of ${whose(p.name)} Alhambra (the game is not changed)" title="try tiles on a copy of ${whose(p.name)} Alhambra (the game is not changed)">try tiles</button> <span class="aw-hashelp aw-legend" role="note" title="${MARKS}" aria-label="what the marks mean: ${MARKS}">what the marks mean</span>`;
  const board = html`<div class="aw-boardwrap${ui.zoomed ? " aw-zoomed" : ""}" data-area="my-alhambra">${boardSvg(p.alhambra, { ...o, scale: 1.3 })}${ui.zoomed && html`<div class="aw-scrollnote" aria-hidden="true"><span>scroll to see all ⇕⇔</span></div>`}</div>`;
  return { key: "me", tag: "section", cls, attrs: { "aria-label": p.name }, parts: [
    { key: "head", html: headHtml(c, p, extra, i) },
    { key: "body", cls: "aw-mebody", parts: [{ key: "board", html: board }, { key: "rows", html: playerRows(c, p, mine) }] },
  ] };
}

// what a player did since the person's last move, in order, in the player's own panel
// beside the board that shows it: a bot's turn of many actions read whole, no box to scroll
function movesHtml(v: GameView, p: PlayerJson, i: number) {
  const mine = (v.recent || []).filter((r) => r.player === i);
  if (!mine.length) return html``;
  return html`<ol class="aw-oppmoves" aria-label="${whose(p.name)} moves since ${v.players.some((x) => x.seat === "human") ? "your last move" : "the last look"}">${mine.map((r) => html`<li data-move="${lineKey(r.text)}">${r.text}</li>`)}</ol>`;
}

// an opponent: name, points, money, reserve, a small Alhambra of kind symbols (larger
// on demand); in two parts, what they hold and did, and their Alhambra: another's move
// (the turn passing, a take) leaves the drawing as it was, not parsed again
// strip: the table shows four others or more, each a strip (table.ts decides)
export function opponentPanel(c: Ctx<GameView>, p: PlayerJson, i: number, walkingWalls: boolean, strip: boolean): Part {
  const { v, ui } = c;
  const { o } = boardOpts(c, p, i, walkingWalls);
  const big = !!ui.enlarged[i];
  const cls = `aw-player aw-opp${v.current === i && !v.over ? " aw-current" : ""}${big ? "" : " aw-compact"}${pointed(c, p.name)}`;
  const n = handText(p);
  const seat = seatLabel(p.seat);
  const facts = html`<div class="aw-facts">${seat && html`<span class="aw-seat">${seat}</span> · `}<span title="money cards in hand">${n} card${n === 1 ? "" : "s"}</span> · <span>reserve ${p.reserve.length}</span>${p.bought.length > 0 && html` · <span>to place ${p.bought.length}</span>`}${o.wall && html` · <span class="aw-walllen">${wallSay(v, o, p, "wall")}</span>`}</div>`;
  const extra = html` <button class="aw-mini" data-enlarge="${i}" aria-label="${big ? "shrink" : "enlarge"} ${whose(p.name)} board">${big ? "smaller" : "enlarge"}</button>${
    big && html` <button class="aw-mini" data-sandbox="${i}" aria-label="try tiles on a copy of ${whose(p.name)} Alhambra (the game is not changed)" title="try tiles on a copy of ${whose(p.name)} Alhambra (the game is not changed)">try tiles</button>`}`;
  const board = boardSvg(p.alhambra, { ...o, scale: big ? 1 : 0.68, small: !big });
  return { key: `opp${i}`, tag: "section", cls, attrs: { "aria-label": p.name }, parts: [
    // (a strip shows no moves: widget.css hides them there, and drawn hidden they were
    // built, parsed and patched at every change of seat)
    { key: "head", html: html`${headHtml(c, p, extra, i, false)}${facts}${(big || !strip) && movesHtml(v, p, i)}` },
    { key: "board", html: html`<div class="aw-boardwrap">${board}</div>${big && p.reserve.length > 0 && html`<div class="aw-row">${p.reserve.map((t) => tilePic(t, 34, "kind"))}</div>`}` },
  ] };
}

// who Dirk is, on hover and in his panel's description (R3)
export const dirkSays = (name: string) => `${name} is the two-player game's imaginary third collector (R3): no turns, no money, no Alhambra and no wall. He takes 6 tiles from the bag at the start, 6 more after scoring round 1 and a third of the bag after round 2, and you may give him a tile you bought instead of placing it. His tiles count in every kind's majority, so he can take places (and points) from you; his points are shown, but he cannot win.`;

// Dirk (two players): his tiles, his points (before a round being walked through, as
// the players' are: points, the points shown); pointed at by the walkthrough's line
// (lit); names: everyone with a marker on the score track, Dirk last (markNames). Who
// he is stands on a line of its own under his name, whole (it wraps, never cut)
export function dirkHtml(dirk: DirkJson | null, lit = false, names: string[] = [], points = dirk ? dirk.score : 0) {
  if (!dirk) return html``;
  return html`<section class="aw-player aw-dirk${lit ? " aw-walkpoint" : ""}" aria-label="${dirk.name}" aria-description="${dirkSays(dirk.name)}"><h4>${trackMark(names, names.length - 1)}<span class="aw-name">${dirk.name}</span> <span class="aw-score">${points} points</span></h4><div class="aw-facts aw-dirksays"><span class="aw-hashelp" title="${dirkSays(dirk.name)}">imaginary collector: no turns, cannot win (R3)</span></div><div class="aw-row">${dirk.tiles.map((t) => tilePic(t, 40, "kind"))}</div></section>`;
}

// a free Alhambra to try tiles in (the sandbox widget, or a copy of a player's in a game:
// owner, the player's name)
export function sandboxHtml({ ui, model }: Ctx<GameView | SandboxView>, sb: SandboxJson, owner: string | null) {
  let rules: CellRules | null = null;
  if (ui.sel) {
    const t = sb.palette.find((t) => tileName(t) === ui.sel);
    if (t) rules = sb.cells[t[2]] || {};
  }
  const title = owner !== null ? html`Trying tiles on a copy of ${whose(owner)} Alhambra (the game is not changed) <button class="aw-mini" data-sandbox="close">close</button>` : "Alhambra";
  const board = boardSvg(sb.alhambra, { rules, remove: ui.removing ? sb.remove : null, tile: ui.sel, wall: true, coords: model.get("show_coords"), player: "sb", title: "sandbox Alhambra" });
  const palette = sb.palette.map((t) => tileChip(t, html`data-sel="${tileName(t)}"`, ui.sel === tileName(t)));
  return html`<section class="aw-sandbox" aria-label="sandbox"><h4>${title} <span class="aw-walllen">longest wall ${sb.alhambra.wall.length}</span></h4><div class="aw-boardwrap">${board}</div><div class="aw-row"><button data-do="removing" class="${ui.removing ? "aw-selected" : ""}">remove a tile</button></div><div class="aw-palette" aria-label="palette">${palette}</div></section>`;
}

// every player's Alhambra large, side by side over the table (one click: read the
// others' walls and tiles without enlarging them one by one), each as wide as its share
export function allBoardsHtml(c: Ctx<GameView>) {
  const { v } = c;
  const boards = v.players.map((p, i) => {
    const say = `${whose(p.name)} Alhambra: ${p.score} points, longest wall ${p.alhambra.wall.length}`;
    return html`<figure class="aw-allboard" aria-label="${say}"><figcaption><b>${p.name}</b> ${p.score} points · longest wall ${p.alhambra.wall.length}</figcaption>${boardSvg(p.alhambra, { title: say, player: i, wall: true, recent: recentOf(v, i) })}</figure>`;
  });
  return html`<section class="aw-allboards" aria-label="every Alhambra"><h4>Every Alhambra, longest walls marked <button class="aw-mini" data-allboards="close" aria-label="close every Alhambra">close</button></h4><div class="aw-allrow">${boards}</div></section>`;
}
