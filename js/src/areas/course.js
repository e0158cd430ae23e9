// The course: a map of the lessons with their stars, the lesson's goal, the board to
// answer on, the engine's feedback, hints one at a time. The page judges nothing: every
// click on the board is sent as an answer, and Python says whether it was right.

import { esc, tileName, tileSvg, cardHtml, curLabel, tilePic } from "../common.js";
import { boardSvg } from "./alhambra.js";

const STAR = "★", NO_STAR = "☆";
export const stars = (n) => STAR.repeat(n) + NO_STAR.repeat(3 - n);

function mapHtml(co) {
  const L = co.lessons, i = co.at;
  let s = `<nav class="aw-course-map" aria-label="course map">`;
  s += `<div class="aw-row"><button data-lesson="${i - 1}" ${i === 0 ? "disabled" : ""} aria-label="previous lesson">◀ previous</button>`;
  s += `<span class="aw-course-pos">Lesson ${i + 1} of ${L.length} · ${esc(L[i].chapter)} · ${co.stars} of ${3 * L.length} stars</span>`;
  s += `<button data-lesson="${i + 1}" ${i === L.length - 1 ? "disabled" : ""} aria-label="next lesson">next ▶</button></div>`;
  // every lesson: its number and stars, grouped by chapter (the title on hover and for screen readers)
  s += `<div class="aw-course-list">`;
  let chapter = null;
  L.forEach((les, k) => {
    if (les.chapter !== chapter) {
      if (chapter !== null) s += `</span>`;
      chapter = les.chapter;
      s += `<span class="aw-course-ch" role="group" aria-label="${esc(chapter)}" title="${esc(chapter)}">`;
    }
    const cur = k === i ? " aw-selected" : "";
    const label = `lesson ${k + 1}: ${les.title}, ${les.stars} of 3 stars`;
    s += `<button class="aw-course-item${cur}" data-lesson="${k}" ${k === i ? 'aria-current="step"' : ""} aria-label="${esc(label)}" title="${esc(`${les.chapter}: ${les.title}`)}">${k + 1}<span class="aw-stars" aria-hidden="true">${stars(les.stars)}</span></button>`;
  });
  return s + `</span></div></nav>`;
}

function tableHtml(t) {
  if (!t) return "";
  let s = `<table class="aw-course-table"><thead><tr>${t.head.map((h) => `<th>${esc(h)}</th>`).join("")}</tr></thead><tbody>`;
  for (const r of t.rows) s += `<tr>${r.map((c) => `<td>${esc(c)}</td>`).join("")}</tr>`;
  return s + `</tbody></table>`;
}

function gameHtml(les, ui) {
  const g = les.game;
  if (les.solved) return `<div class="aw-course-game">${boughtHtml(g, false)}</div>`; // nothing more to do
  let s = `<div class="aw-course-game">`;
  s += `<div class="aw-row" aria-label="market"><span>market:</span>`;
  for (const [cur, t] of Object.entries(g.market)) {
    if (!t) { s += `<span class="aw-slot aw-muted">${esc(curLabel(cur))}: empty</span>`; continue; }
    const sel = ui.payCur === cur;
    s += `<button class="aw-slot aw-c-${cur}${sel ? " aw-selected" : ""}" data-lslot="${cur}" aria-label="${esc(cur)} slot: ${esc(tileName(t))}${sel ? " (selected)" : ""}"><svg width="36" height="36" viewBox="0 0 36 36" aria-hidden="true">${tileSvg(t, 0, 0, 36)}</svg><span>${esc(curLabel(cur))}</span></button>`;
  }
  s += `</div>`;
  if (g.phase !== "act") return s + boughtHtml(g, true) + `</div>`; // the turn is over: only placing is left
  s += `<div class="aw-row" aria-label="money display"><span>display:</span>`;
  g.display.forEach((c, k) => { s += cardHtml(c, `data-ltake="${k}"`, ui.picks.includes(k)); });
  s += ` <button data-ldo="take" ${ui.picks.length ? "" : "disabled"}>Take</button></div>`;
  s += `<div class="aw-row" aria-label="your money"><span>your money:</span>`;
  g.hand.forEach((c, k) => { s += cardHtml(c, `data-lpay="${k}"`, ui.payPicks.includes(k)); });
  s += ` <button data-ldo="pay" ${ui.payCur && ui.payPicks.length ? "" : "disabled"}>${ui.payCur ? `Pay for the ${esc(ui.payCur)} tile` : "Pay (pick a slot)"}</button></div>`;
  return s + boughtHtml(g, true) + `</div>`;
}

function boughtHtml(g, live) {
  if (!g.bought.length) return "";
  const place = live && g.phase !== "act" ? ` <button data-ldo="reserve">to the reserve</button>` : "";
  return `<div class="aw-row"><span>bought, to place:</span>${g.bought.map((t) => tilePic(t)).join("")}${place}</div>`;
}

function answerHtml(les, ui) {
  if (les.board === "numbers") {
    let s = `<div class="aw-row aw-course-numbers" role="group" aria-label="your answer">`;
    for (const f of les.fields) {
      s += `<label>${esc(f)} <input type="number" step="1" name="${esc(f)}" data-lfield="${esc(f)}" value="${esc(ui.numbers[f] ?? "")}" inputmode="numeric"></label> `;
    }
    return s + `<button data-ldo="numbers" ${les.solved ? "disabled" : ""}>Check</button></div>`;
  }
  if (les.board === "choose") {
    const pics = les.option_tiles || [];
    return `<div class="aw-row aw-course-options" role="group" aria-label="choices">${les.options.map((o, k) => `<button data-lchoice="${esc(o)}" ${les.solved ? "disabled" : ""}>${(pics[k] || []).map((t) => tilePic(t, 36)).join("")} ${esc(o)}</button>`).join("")}</div>`;
  }
  return "";
}

function boardHtml(les, ui, coords) {
  let s = "";
  if (les.game) s += gameHtml(les, ui);
  const alh = les.game ? les.game.alhambra : les.alhambra;
  if (alh) {
    const pick = les.solved ? null : les.pick;
    const who = les.game ? "your Alhambra" : "the Alhambra";
    // once solved, the engine's board after the answer, the changed cell marked
    const marks = les.marks || { cells: [], from: [] };
    const recent = { cells: new Set(marks.cells), from: new Set(marks.from) };
    s += `<div class="aw-boardwrap">${boardSvg(alh, { pick, recent, player: "lesson", coords, wall: les.task === "exchange" || les.id === "count-wall", title: who })}</div>`;
  }
  if (les.tile) {
    const where = les.task === "exchange" ? "in your reserve" : "in hand";
    s += `<div class="aw-row"><span>tile ${where}:</span>${tilePic(les.tile)} <span class="aw-muted">${esc(tileName(les.tile))}</span></div>`;
  }
  if (les.game && les.game.reserve.length) {
    s += `<div class="aw-row"><span>reserve:</span>${les.game.reserve.map((t) => tilePic(t)).join("")}</div>`;
  }
  return s;
}

function feedbackHtml(les) {
  const f = les.feedback;
  if (!f) return `<div class="aw-course-feedback" role="status" aria-live="polite"></div>`;
  const kind = f.ok ? "aw-msg-ok" : "aw-msg-error";
  const mark = f.ok ? (f.done ? "Right!" : "Good.") : "Not yet.";
  let s = `<div class="aw-course-feedback aw-msg ${kind}" role="status" aria-live="polite"><b>${mark}</b> ${esc(f.text)}`;
  if (f.rule) s += ` <span class="aw-rule">${esc(f.rule)}</span>`;
  return s + `</div>`;
}

// the course's parts (c = { v, ui, model })
export function courseParts(c) {
  const { v, ui, model } = c;
  const les = v.lesson;
  if (ui.lessonId !== les.id) { ui.lessonId = les.id; ui.numbers = {}; ui.picks = []; ui.payPicks = []; ui.payCur = null; }
  const part = (key, html) => ({ key, html });
  let head = `<section class="aw-lesson" aria-label="lesson: ${esc(les.title)}"><h3>${esc(les.title)} <span class="aw-rule">${les.rules.map(esc).join(" ")}</span></h3>`;
  head += `<p class="aw-goal">${esc(les.goal)}</p>`;
  head += les.facts.map((f) => `<p class="aw-fact">${esc(f)}</p>`).join("") + tableHtml(les.table) + `</section>`;
  let tail = `<div class="aw-row aw-course-help">`;
  tail += `<button data-lhint="1" ${les.hints_left && !les.solved ? "" : "disabled"}>${les.hints.length ? "another hint" : "hint"} (${les.hints_left} left)</button>`;
  tail += ` <button data-lreset="1">start again</button>`;
  tail += ` <span class="aw-muted">${les.tries} wrong ${les.tries === 1 ? "try" : "tries"}</span>`;
  if (les.best) tail += ` <span class="aw-best">your best: <span class="aw-stars" aria-label="${les.best} of 3 stars">${stars(les.best)}</span></span>`;
  tail += `</div>`;
  if (les.hints.length) tail += `<ol class="aw-course-hints" aria-label="hints">${les.hints.map((h) => `<li>${esc(h)}</li>`).join("")}</ol>`;
  if (les.solved) {
    tail += `<div class="aw-course-done"><span class="aw-stars" aria-label="${les.stars} of 3 stars">${stars(les.stars)}</span> ${esc(les.after)}`;
    const next = v.course.at + 1 < v.course.lessons.length;
    tail += next ? ` <button class="aw-primary" data-lesson="${v.course.at + 1}">next lesson ▶</button>` : ` <span>The course is complete.</span>`;
    tail += `</div>`;
  }
  return [
    part("map", mapHtml(v.course)),
    part("lesson", head),
    part("board", boardHtml(les, ui, model.get("show_coords")) + answerHtml(les, ui)),
    part("feedback", feedbackHtml(les)),
    part("help", tail),
  ];
}

const toggle = (list, i) => (list.includes(i) ? list.filter((x) => x !== i) : [...list, i]);

// a click in the course; c = { v, ui, send, redraw, root }
export function courseClick(d, c) {
  const { v, ui, send, redraw } = c;
  const les = v.lesson;
  const answer = (a) => send({ kind: "answer", v: v.v, answer: a });
  if (d.lesson !== undefined) send({ kind: "lesson", lesson: +d.lesson });
  else if (d.lhint) send({ kind: "hint" });
  else if (d.lreset) { ui.picks = []; ui.payPicks = []; ui.payCur = null; send({ kind: "reset" }); }
  else if (d.lchoice !== undefined) answer({ choice: d.lchoice });
  else if (d.ltake !== undefined) { ui.picks = toggle(ui.picks, +d.ltake); redraw(); }
  else if (d.lpay !== undefined) { ui.payPicks = toggle(ui.payPicks, +d.lpay); redraw(); }
  else if (d.lslot) { ui.payCur = ui.payCur === d.lslot ? null : d.lslot; redraw(); }
  else if (d.ldo === "take") {
    answer({ take: [...ui.picks].sort((a, b) => a - b).map((k) => les.game.display[k].join(" ")) });
    ui.picks = [];
  } else if (d.ldo === "pay") {
    answer({ buy: ui.payCur, cards: ui.payPicks.map((k) => les.game.hand[k].join(" ")) });
    ui.payPicks = []; ui.payCur = null;
  } else if (d.ldo === "reserve") answer({ reserve: true });
  else if (d.ldo === "numbers") {
    const numbers = {};
    for (const inp of c.root.querySelectorAll("[data-lfield]")) numbers[inp.dataset.lfield] = inp.value;
    ui.numbers = numbers;
    answer({ numbers });
  } else if (d.cell !== undefined || d.tileCell !== undefined) {
    const pos = (d.cell ?? d.tileCell).split(",").map(Number);
    answer(les.task === "place" ? { place: pos } : { cell: pos });
  } else return false;
  return true;
}

export const COURSE_CLICKABLE = "[data-lesson],[data-lhint],[data-lreset],[data-lchoice],[data-ltake],[data-lpay],[data-lslot],[data-ldo]";
