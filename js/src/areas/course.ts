// The course: a map of the lessons with their stars, the lesson's goal, the board to
// answer on, the engine's feedback, hints one at a time. The page judges nothing: every
// click on the board is sent as an answer, and Python says whether it was right.

import { tileName, tileSvg, cardHtml, curLabel, tilePic, sayTile, xy } from "../common.js";
import { html, withCode } from "../html.js";
import { glossaryHtml, closeGlossary, termParts, withRules, withTerms } from "../glossary.js";
import { boardSvg } from "./alhambra.js";
import { octagon, gardensBoardSvg, gardenTile, GRID } from "../gardens.js";
import type { SafeHtml, Value } from "../html.js";
import type { Part } from "../morph.js";
import type { Picks } from "../state.js";
import type { Ctx, IntentCtx } from "../types.js";
import type {
  Answer, AnswerMarks, BuiltJson, CourseLesson, CourseMap, CourseView, DeckJson, FactsTable, GardenPicture, GardensPicture, GlossaryEntry, LessonGame, PictureJson,
} from "../contract.js";

// the glossary's entries of the terms a lesson's words use (linked where first used in each text)
type Terms = readonly GlossaryEntry[];
const prose = (terms: Terms, text: string) => withCode(text, (p) => termParts(p, terms));

const STAR = "★", NO_STAR = "☆";
export const stars = (n: number) => STAR.repeat(n) + NO_STAR.repeat(3 - n);

// every lesson: its number and stars, grouped by chapter under the chapter's name and
// its progress (lessons with a star of the chapter's lessons)
function lessonList(co: CourseMap) {
  const items: Record<string, Value[]> = {};
  co.lessons.forEach((les, k) => {
    const cur = k === co.at ? " aw-selected" : "";
    const label = `lesson ${k + 1}: ${les.title}, ${les.stars} of 3 stars`;
    (items[les.chapter] ||= []).push(html`<button class="aw-course-item${cur}" data-lesson="${k}" ${k === co.at && html`aria-current="step"`} aria-label="${label}" title="${les.title}">${k + 1}<span class="aw-stars" aria-hidden="true">${stars(les.stars)}</span></button>`);
  });
  return co.chapters.map((ch) => html`<div class="aw-course-ch" role="group" aria-label="${ch.name}, ${ch.done} of ${ch.lessons} lessons done"><span class="aw-course-chname">${ch.name} <span class="aw-muted">${ch.done}/${ch.lessons}</span></span><span class="aw-course-items">${items[ch.name] || []}</span></div>`);
}

// the map folds into one line (the lesson's number and title, its chapter, the stars) and opens on demand,
// so that a lesson fits on one screen; whether it is open is kept per board
const mapOpen = new WeakMap<object, boolean>();

function mapHtml(co: CourseMap, open: boolean) {
  const L = co.lessons, i = co.at;
  const noun = co.practice ? "Practice item" : "Lesson"; // a practice session's items are not the course's lessons
  return html`<nav class="aw-course-map" aria-label="course map"><div class="aw-row"><button data-lesson="${i - 1}" ${i === 0 ? "disabled" : ""} aria-label="previous ${co.practice ? "item" : "lesson"}">◀ previous</button><span class="aw-course-pos" title="${noun} ${i + 1} of ${L.length}: ${L[i].title} · ${L[i].chapter} · ${co.stars} of ${3 * L.length} stars">${noun} ${i + 1} of ${L.length}: <b>${L[i].title}</b> · ${co.stars} of ${3 * L.length} stars · ${L[i].chapter}</span><button data-lmap="1" aria-expanded="${open ? "true" : "false"}">${open ? "hide the map ▴" : "course map ▾"}</button><button data-glossary="open" aria-label="open the glossary: the course's terms, what they mean, which lesson teaches each">glossary</button><button data-lesson="${i + 1}" ${i === L.length - 1 ? "disabled" : ""} aria-label="next ${co.practice ? "item" : "lesson"}">next ▶</button></div>${open && html`<div class="aw-course-list">${lessonList(co)}</div>`}</nav>`;
}

// a Gardens board (G1): buildings (diamonds, their values), the garden tiles the lesson
// laid, and the empty garden fields (octagons); in a lesson every empty field may be
// clicked alike, and the engine judges
const GS = 48, GR = GS / 2 / Math.cos(Math.PI / 8);

function gardensBoard(gb: GardensPicture, pick: boolean, answer: AnswerMarks | null = null) {
  const W = gb.size.buildings * GS;
  const laid: Record<string, [number, string[]]> = {};
  for (const [x, y, , trees, sides] of gb.fields || []) laid[`${x},${y}`] = [trees, sides];
  const blds = gb.buildings.map(([x, y, value, kind]) => {
    const cx = (x + 0.5) * GS, cy = (y + 0.5) * GS, h = GS * 0.3;
    const mark = gb.mark === `${x},${y}`;
    const label = `${kind} ${value} at (${x}, ${y})${mark ? ", the building asked about" : ""}`;
    return html`<g class="ag-bld${mark ? " aw-gmark" : ""}" role="img" aria-label="${label}"><title>${label}</title><polygon points="${cx},${cy - h} ${cx + h},${cy} ${cx},${cy + h} ${cx - h},${cy}"/><text x="${cx}" y="${cy + 4}" text-anchor="middle">${value}</text></g>`;
  });
  const fields = [];
  let stop = 0;
  for (let fy = 0; fy < gb.size.fields; fy++) {
    for (let fx = 0; fx < gb.size.fields; fx++) {
      const label = `field (${fx}, ${fy})`;
      const tile = laid[`${fx},${fy}`];
      if (tile) {
        const [trees, sides] = tile;
        fields.push(gardenTile((fx + 1) * GS, (fy + 1) * GS, GS / GRID, sides, trees, html`role="img" aria-label="${label}: a garden tile, ${sides.map((k) => trees + " " + k).join(", ")}"`));
        continue;
      }
      const target = pick && html`data-field="${fx},${fy}" data-player="lesson" role="button" tabindex="${stop-- === 0 ? 0 : -1}"`;
      fields.push(html`<polygon class="ag-field${pick ? " aw-pick" : ""}" points="${octagon((fx + 1) * GS, (fy + 1) * GS, GR - 3)}" ${target} aria-label="${label}"><title>${label}</title></polygon><text class="aw-coord" x="${(fx + 1) * GS}" y="${(fy + 1) * GS + 4}" text-anchor="middle">${fx},${fy}</text>`);
      if (answer) fields.push(answerField(fx, fy, answer));
    }
  }
  return html`<svg class="ag-board aw-board aw-course-gardens" viewBox="0 0 ${W} ${W}" width="${W}" height="${W}" role="group" aria-label="garden board"><rect class="ag-ground" x="0" y="0" width="${W}" height="${W}" rx="8"/>${blds}${fields}</svg>`;
}

// a field after a try (the check's verdict, as answerCell on an Alhambra): a ring, a
// ✓ or ✗ beside the field's coordinates, its label
function answerField(fx: number, fy: number, answer: AnswerMarks) {
  const k = `${fx},${fy}`;
  const right = answer.right.includes(k), mine = answer.picked === k;
  if (!right && !mine) return null;
  const rule = !right && answer.rule ? ` (${answer.rule})` : "";
  const label = `field (${fx}, ${fy}): ${mine ? `your answer, ${right ? "right" : "not right" + rule}` : "also right"}`;
  const cx = (fx + 1) * GS, cy = (fy + 1) * GS;
  return html`<g class="aw-answer ${right ? "aw-answer-right" : "aw-answer-wrong"}${mine ? " aw-answer-mine" : ""}" data-answer="${k}" role="img" aria-label="${label}"><title>${label}</title><polygon class="aw-answerframe" points="${octagon(cx, cy, GR - 5)}"/><circle class="aw-answerbadge" cx="${cx + GR * 0.55}" cy="${cy - GR * 0.55}" r="8"/><text class="aw-answersign" x="${cx + GR * 0.55}" y="${cy - GR * 0.55 + 4}" text-anchor="middle">${right ? "✓" : "✗"}</text></g>`;
}

// a garden tile before any turn: its four sides' trees at NE, SE, SW, NW (G2)
// a garden tile drawn as on the board and in the hand (its trees by their kinds' shapes),
// with the name of each side's corner
function gardenPic(g: GardenPicture) {
  const c = 60;
  const where: [number, number, string][] = [[1, -1, "NE"], [1, 1, "SE"], [-1, 1, "SW"], [-1, -1, "NW"]];
  const names = where.map(([dx, dy, name]) => html`<text class="aw-coord" x="${c + dx * 50}" y="${c + dy * 50 + 4}" text-anchor="middle">${name}</text>`);
  const label = `garden tile ${g.id}: ${g.sides.map((k, i) => `${where[i][2]} ${k}`).join(", ")}`;
  // each side's kind in words beneath (a tree's colour and its count on it; no "2Le" code)
  const key = g.sides.map((k, i) => `${where[i][2]}: ${g.trees} ${k}`).join(" · ");
  return html`<div><svg class="aw-course-garden" width="180" height="180" viewBox="0 0 120 120" role="img" aria-label="${label}">${gardenTile(c, c, 1.05, g.sides, g.trees)}${names}</svg><p class="aw-fact">${key}</p></div>`;
}

// the money deck of a game just set up: its cards drawn from the top (left), and where
// each scoring card may lie (the engine's windows, never the exact place: R2, R9)
function deckPic(d: DeckJson) {
  const W = 460, X = 10, w = (W - 2 * X) / d.size, y = 26, h = 26;
  const cards = [];
  for (let k = 0; k < d.size; k++) cards.push(html`<rect class="aw-deckcard" x="${(X + k * w).toFixed(1)}" y="${y}" width="${Math.max(1, w - 1).toFixed(1)}" height="${h}"/>`);
  const wins = Object.entries(d.windows).map(([r, [a, b]]) => {
    const x0 = X + (a - 1) * w, x1 = X + b * w;
    return html`<rect class="aw-deckwin" x="${x0.toFixed(1)}" y="${y - 4}" width="${(x1 - x0).toFixed(1)}" height="${h + 8}" rx="3"/><text class="aw-decklabel" x="${((x0 + x1) / 2).toFixed(1)}" y="${y + h + 20}" text-anchor="middle">scoring card ${r}: draws ${a}–${b}</text>`;
  });
  const label = `the money deck, ${d.size} cards: ${Object.entries(d.windows).map(([r, [a, b]]) => `scoring card ${r} among draws ${a} to ${b}`).join(", ")}`;
  return html`<svg class="aw-course-deck" width="${W}" height="80" viewBox="0 0 ${W} 80" role="img" aria-label="${label}"><text class="aw-decklabel" x="${X}" y="16">◀ top: drawn first</text><text class="aw-decklabel" x="${W - X}" y="16" text-anchor="end">bottom ▶</text>${cards}${wins}</svg>`;
}

// the explanation first, with the engine's picture: what the task needs to know
function pictureHtml(p: PictureJson | null) {
  if (!p) return null;
  const out: Value[] = [];
  if (p.table) out.push(tableHtml(p.table));
  if (p.alhambra) {
    const cells = new Set(p.cell ? [p.cell] : []);
    const alh = p.tile && p.cell ? { ...p.alhambra, tiles: [...p.alhambra.tiles, [...xy(p.cell), ...p.tile] as BuiltJson] } : p.alhambra;
    const n = p.numbered ? p.alhambra.wall.map((seg, k) => [...seg, k + 1]) : [];
    out.push(html`<div class="aw-boardwrap aw-course-board">${boardSvg(alh, { recent: { cells, from: new Set() }, player: "teach", coords: true, wall: !!p.numbered, numbers: n, title: "picture" })}</div>`);
    if (p.tile && !p.cell) out.push(html`<div class="aw-row">${tilePic(p.tile)} <span class="aw-muted">${sayTile(tileName(p.tile))}</span></div>`);
  }
  if (p.garden) out.push(gardenPic(p.garden));
  if (p.gardens) out.push(html`<div class="aw-boardwrap aw-course-board">${p.gardens.fields.length ? gardensBoardSvg(p.gardens, 340) : gardensBoard(p.gardens, false)}</div>`);
  if (p.deck) out.push(deckPic(p.deck));
  if (p.cards) out.push(html`<div class="aw-row">${p.cards.map((c) => cardHtml(c, null, false, "span"))}</div>`);
  if (p.tiles) out.push(html`<div class="aw-row">${p.tiles.map((t) => tilePic(t))}</div>`);
  if (p.notes.length) out.push(html`<div class="aw-course-notes">${p.notes.map((t) => html`<p class="aw-fact">${t}</p>`)}</div>`);
  return html`<figure class="aw-course-picture">${out}</figure>`;
}

function teachHtml(les: CourseLesson, terms: Terms) {
  if (!les.teach && !les.picture) return null;
  return html`<div class="aw-course-teach" role="note" aria-label="what to know"><p>${prose(terms, les.teach)}</p>${pictureHtml(les.picture)}</div>`;
}

function tableHtml(t: FactsTable | null | undefined) {
  if (!t) return null;
  return html`<table class="aw-course-table"><thead><tr>${t.head.map((h) => html`<th>${h}</th>`)}</tr></thead><tbody>${
    t.rows.map((r) => html`<tr>${r.map((c) => html`<td>${c}</td>`)}</tr>`)}</tbody></table>`;
}

function lessonMarket(g: LessonGame, ui: Picks, still = false) {
  const slots = Object.entries(g.market).map(([cur, t]) => {
    if (!t) return html`<span class="aw-slot aw-muted">${curLabel(cur)}: empty</span>`;
    if (still) return html`<span class="aw-slot aw-c-${cur}" role="img" aria-label="${cur} slot: ${tileName(t)}"><svg width="36" height="36" viewBox="0 0 36 36" aria-hidden="true">${tileSvg(t, 0, 0, 36)}</svg><span>${curLabel(cur)}</span></span>`;
    const sel = ui.payCur === cur;
    return html`<button class="aw-slot aw-c-${cur}${sel ? " aw-selected" : ""}" data-lslot="${cur}" aria-label="${cur} slot: ${tileName(t)}${sel ? " (selected)" : ""}"><svg width="36" height="36" viewBox="0 0 36 36" aria-hidden="true">${tileSvg(t, 0, 0, 36)}</svg><span>${curLabel(cur)}</span></button>`;
  });
  return html`<div class="aw-row" aria-label="market"><span>market:</span>${slots}</div>`;
}

function gameHtml(les: CourseLesson, ui: Picks) {
  const g = les.game!;
  if (les.solved) { // the position stays, as the answer left it; nothing more to do
    const cards = (cs: LessonGame["display"]) => cs.map((c) => cardHtml(c, null, false, "span"));
    return html`<div class="aw-course-game">${lessonMarket(g, ui, true)}<div class="aw-row" aria-label="money display"><span>display:</span>${cards(g.display)}</div><div class="aw-row" aria-label="your money"><span>your money:</span>${cards(g.hand)}</div>${boughtHtml(g, false)}</div>`;
  }
  // the turn is over: only placing is left
  if (g.phase !== "act") return html`<div class="aw-course-game">${lessonMarket(g, ui)}${boughtHtml(g, true)}</div>`;
  const display = g.display.map((c, k) => cardHtml(c, html`data-ltake="${k}"`, ui.picks.includes(k)));
  const hand = g.hand.map((c, k) => cardHtml(c, html`data-lpay="${k}"`, ui.payPicks.includes(k)));
  return html`<div class="aw-course-game">${lessonMarket(g, ui)}<div class="aw-row" aria-label="money display"><span>display:</span>${display} <button data-ldo="take" ${ui.picks.length ? "" : "disabled"}>Take</button></div><div class="aw-row" aria-label="your money"><span>your money:</span>${hand} <button data-ldo="pay" ${ui.payCur && ui.payPicks.length ? "" : "disabled"}>${ui.payCur ? `Pay for the ${ui.payCur} tile` : "Pay (pick a slot)"}</button></div>${boughtHtml(g, true)}</div>`;
}

function boughtHtml(g: LessonGame, live: boolean) {
  if (!g.bought.length) return null;
  return html`<div class="aw-row"><span>bought, to place:</span>${g.bought.map((t) => tilePic(t, 46, "kind"))}${live && g.phase !== "act" && html` <button data-ldo="reserve">to the reserve</button>`}</div>`;
}

function answerHtml(les: CourseLesson, ui: Picks) {
  if (les.board === "numbers") {
    const boxes = les.fields!.map((f) => html`<label>${f} <input type="number" step="1" name="${f}" data-lfield="${f}" value="${ui.numbers[f] ?? ""}" inputmode="numeric"></label> `);
    return html`<div class="aw-row aw-course-numbers" role="group" aria-label="your answer">${boxes}<button data-ldo="numbers" ${les.solved ? "disabled" : ""}>Check</button></div>`;
  }
  if (les.board === "gardens") return html`<div class="aw-boardwrap aw-course-board">${gardensBoard(les.gardens!, !les.solved, les.answer)}</div>`;
  if (les.board === "choose") {
    const pics = les.option_tiles || [];
    return html`<div class="aw-row aw-course-options" role="group" aria-label="choices">${les.options!.map((o, k) => html`<button data-lchoice="${o}" ${les.solved ? "disabled" : ""}>${(pics[k] || []).map((t) => tilePic(t, 44))} ${o}</button>`)}</div>`;
  }
  return null;
}

// the board answered on, and beside it (returned apart) the tile in hand and the reserve
function boardHtml(les: CourseLesson, ui: Picks, coords: boolean | undefined): [Value[], Value[]] {
  const out: Value[] = [], side: Value[] = [];
  if (les.game) out.push(gameHtml(les, ui));
  const alh = les.game ? les.game.alhambra : les.alhambra;
  if (alh) {
    const pick = les.solved ? null : les.pick;
    const who = les.game ? "your Alhambra" : "the Alhambra";
    // once solved, the engine's board after the answer, the changed cell marked
    const marks = les.marks || { cells: [], from: [] };
    const recent = { cells: new Set(marks.cells), from: new Set(marks.from) };
    // after a try, the check's verdict on the cell picked (and once solved, every right cell)
    out.push(html`<div class="aw-boardwrap aw-course-board">${boardSvg(alh, { pick, recent, player: "lesson", coords, wall: les.show_wall, title: who, answer: les.answer })}</div>`);
  }
  if (les.tile) {
    const where = les.task === "exchange" ? "in your reserve" : "in hand";
    side.push(html`<div class="aw-row aw-course-tile"><span>tile ${where}:</span>${tilePic(les.tile, 46, "kind")} <span class="aw-muted">${sayTile(tileName(les.tile))}</span></div>`);
  }
  if (les.game && les.game.reserve.length) {
    side.push(html`<div class="aw-row"><span>reserve:</span>${les.game.reserve.map((t) => tilePic(t, 46, "kind"))}</div>`);
  }
  return [out, side];
}

// the board, and beside it when the output is wide enough the answer's controls, then
// the feedback and the hint's row (`after`): a lesson keeps one screen; a game lesson's
// table keeps its own order, the feedback and the hints below it
function workHtml(les: CourseLesson, ui: Picks, coords: boolean | undefined, after: Value) {
  const [board, side] = boardHtml(les, ui, coords);
  const answer = answerHtml(les, ui);
  if (les.game) return html`${board}${side}${answer}`;
  return html`<div class="aw-course-work">${board}<div class="aw-course-side">${side}${answer}${after}</div></div>`;
}

function feedbackHtml(les: CourseLesson, terms: Terms) {
  const f = les.feedback;
  if (!f) return html`<div class="aw-course-feedback" role="status" aria-live="polite"></div>`;
  const kind = f.ok ? "aw-msg-ok" : "aw-msg-error";
  const mark = f.ok ? (f.done ? "Right!" : "Good.") : "Not yet.";
  return html`<div class="aw-course-feedback aw-msg ${kind}" role="status" aria-live="polite"><b>${mark}</b> ${withTerms(f.text, terms)}${f.rule && html` <span class="aw-rule">${f.rule}</span>`}</div>`;
}

function stepsHtml(les: CourseLesson, terms: Terms) {
  const s = les.steps;
  if (!s) return null;
  return html`<ol class="aw-course-steps" aria-label="steps">${s.goals.map((g) => html`<li class="aw-muted">✓ ${prose(terms, g)}</li>`)}</ol><p class="aw-course-step"><b>Step ${s.at + 1} of ${s.of}.</b></p>`;
}

// a lesson's head: its title with its rulings, each saying its rule on hover and focus
function headHtml(les: CourseLesson, terms: Terms, rule: (id: string) => string) {
  return html`<section class="aw-lesson" aria-label="lesson: ${les.title}"><h3>${les.title} <span class="aw-rule">${withRules(les.rules.join(" "), rule)}</span></h3>${teachHtml(les, terms)}${stepsHtml(les, terms)}<p class="aw-goal"><b>Your task:</b> ${prose(terms, les.goal)}</p>${
    les.facts.map((f) => html`<p class="aw-fact">${f}</p>`)}${tableHtml(les.table)}</section>`;
}

function helpHtml(v: CourseView, les: CourseLesson, terms: Terms) {
  const best = les.best > 0 && html` <span class="aw-best">your best: <span class="aw-stars" aria-label="${les.best} of 3 stars">${stars(les.best)}</span></span>`;
  const hints = les.hints.length > 0 && html`<ol class="aw-course-hints" aria-label="hints">${les.hints.map((h) => html`<li>${withTerms(h, terms)}</li>`)}</ol>`;
  let done = null;
  if (les.solved) {
    const co = v.course, next = co.at + 1 < co.lessons.length;
    // "complete" only when every lesson has a star; else the way to the first without
    const gap = co.unfinished;
    const more = co.complete ? html` <span class="aw-course-complete">${co.practice ? "Practice done: every item solved." : "The course is complete."}</span>`
      : (gap !== co.at + 1 || !next) && html` <button data-lesson="${gap}" class="aw-course-continue">continue with the first unfinished lesson (${gap! + 1}: ${co.lessons[gap!].title})</button>`;
    done = html`<div class="aw-course-done"><span class="aw-stars" aria-label="${les.stars} of 3 stars">${stars(les.stars)}</span> ${withTerms(les.after, terms)}${
      next && html` <button class="aw-primary" data-lesson="${co.at + 1}">next lesson ▶</button>`}${more}</div>`;
  }
  return html`<div class="aw-row aw-course-help"><button data-lhint="1" ${(les.hints_here ?? les.hints_left) && !les.solved ? "" : "disabled"}>${les.hints.length ? "another hint" : "hint"} (${les.hints_left} left${les.hints_left && !les.hints_here ? ", for the next steps" : ""})</button> <button data-lreset="1">start again</button> <span class="aw-muted">${les.tries} wrong ${les.tries === 1 ? "try" : "tries"}</span>${best}</div>${hints}${done}`;
}

// the course's parts (c = { v, ui, model })
export function courseParts(c: Ctx<CourseView>): Part[] {
  const { v, ui, model } = c;
  const les = v.lesson;
  if (ui.lessonId !== les.id) { ui.lessonId = les.id; ui.numbers = {}; ui.picks = []; ui.payPicks = []; ui.payCur = null; closeGlossary(ui); }
  const part = (key: string, h: SafeHtml): Part => ({ key, html: h });
  const terms = v.glossary.filter((e) => les.terms.includes(e.term));
  const after = html`${feedbackHtml(les, terms)}${helpHtml(v, les, terms)}`;
  return [
    part("map", mapHtml(v.course, mapOpen.get(ui) ?? false)),
    part("glossary", glossaryHtml(ui, v.glossary, !v.course.practice) ?? html``),
    part("lesson", headHtml(les, terms, c.rule)),
    part("board", workHtml(les, ui, model.get("show_coords"), les.game ? null : after)),
    part("after", les.game ? after : html``),
  ];
}

const toggle = (list: number[], i: number) => (list.includes(i) ? list.filter((x) => x !== i) : [...list, i]);

// a click in the course; c = { v, ui, send, redraw, root }
export function courseClick(d: DOMStringMap, c: IntentCtx<CourseView>) {
  const { v, ui, send, redraw } = c;
  const les = v.lesson;
  const answer = (a: Answer) => send({ kind: "answer", v: v.v, answer: a });
  if (d.lmap) { mapOpen.set(ui, !(mapOpen.get(ui) ?? false)); redraw(); }
  else if (d.lesson !== undefined) send({ kind: "lesson", lesson: +d.lesson });
  else if (d.lhint) send({ kind: "hint" });
  else if (d.lreset) { ui.picks = []; ui.payPicks = []; ui.payCur = null; send({ kind: "reset" }); }
  else if (d.lchoice !== undefined) answer({ choice: d.lchoice });
  else if (d.ltake !== undefined) { ui.picks = toggle(ui.picks, +d.ltake); redraw(); }
  else if (d.lpay !== undefined) { ui.payPicks = toggle(ui.payPicks, +d.lpay); redraw(); }
  else if (d.lslot) { ui.payCur = ui.payCur === d.lslot ? null : d.lslot; redraw(); }
  else if (d.ldo === "take") {
    answer({ take: [...ui.picks].sort((a, b) => a - b).map((k) => les.game!.display[k].join(" ")) });
    ui.picks = [];
  } else if (d.ldo === "pay") {
    answer({ buy: ui.payCur, cards: ui.payPicks.map((k) => les.game!.hand[k].join(" ")) });
    ui.payPicks = []; ui.payCur = null;
  } else if (d.ldo === "reserve") answer({ reserve: true });
  else if (d.ldo === "numbers") {
    const numbers: Record<string, string> = {};
    for (const inp of c.root.querySelectorAll<HTMLInputElement>("[data-lfield]")) numbers[inp.dataset.lfield!] = inp.value;
    ui.numbers = numbers;
    answer({ numbers });
  } else if (d.field !== undefined && d.player === "lesson") answer({ field: xy(d.field) });
  else if ((d.cell !== undefined || d.tileCell !== undefined) && d.player === "lesson") { // not the explanation's picture
    const pos = xy((d.cell ?? d.tileCell)!);
    answer(les.task === "place" ? { place: pos } : { cell: pos });
  } else return false;
  return true;
}

export const COURSE_CLICKABLE = "[data-lmap],[data-lesson],[data-lhint],[data-lreset],[data-lchoice],[data-ltake],[data-lpay],[data-lslot],[data-ldo]";
