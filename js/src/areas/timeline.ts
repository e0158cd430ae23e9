// The timeline: the step arrows and undo in the bar, the bots' pace, the teacher's
// menu (display toggles), the slider and the lines at the foot.

import { isBot, online } from "../common.js";
import { html } from "../html.js";
import type { LineJson, Traits } from "../contract.js";
import type { Ctx, Model, TableView } from "../types.js";
import type { Picks } from "../state.js";

export const BOT_SPEEDS: [string, number][] = [["slow", 1.5], ["normal", 0.6], ["fast", 0.15]]; // seconds per bot action

// a toggle; its title (optional) says what it does on hover
const check = (model: Model, name: keyof Traits, label: string, title = "") =>
  html`<label class="aw-toggle" title="${title}"><input type="checkbox" data-toggle="${name}" ${model.get(name) ? "checked" : ""}/> ${label}</label>`;

// what "step 2/8" means (its title, and the arrows' group's name)
const STEP_TITLE = (i: number, n: number) => `you are viewing step ${i} of the game's ${n} steps (a step is one action: a take, a buy, a tile placed); the arrows go back and forth`;

// the step arrows and the step shown, in the bar (keyed by a data attribute, not by its
// label, which names the step: patched in place at each step, not drawn anew, morph.ts)
function stepsHtml(v: TableView) {
  const n = v.steps;
  return html`<span class="aw-timeline" data-timeline="" role="group" aria-label="${STEP_TITLE(v.step, n)}"><button data-go="first" aria-label="first step" ${v.step === 0 ? "disabled" : ""}>«</button><button data-go="prev" aria-label="previous step" ${v.step === 0 ? "disabled" : ""}>‹</button><span class="aw-stepno aw-hashelp" title="${STEP_TITLE(v.step, n)}">step ${v.step}/${n}</span><button data-go="next" aria-label="next step" ${v.step === n ? "disabled" : ""}>›</button><button data-go="last" aria-label="last step" ${v.step === n ? "disabled" : ""}>»</button></span>`;
}

// the bots' pace: play on or pause, the speed, one move at a time
function botsHtml(v: TableView, model: Model, ui: Picks) {
  if (!v.players.some(isBot)) return null;
  const d = model.get("bot_delay")!;
  const speeds: [string, number][] = BOT_SPEEDS.some(([, x]) => Math.abs(d - x) < 1e-9) ? BOT_SPEEDS : [[`${d} s`, d], ...BOT_SPEEDS];
  const options = speeds.map(([t, x]) => html`<option value="${x}" ${Math.abs(d - x) < 1e-9 ? "selected" : ""}>${t}</option>`);
  return html`<span class="aw-bots" role="group" aria-label="bots">${check(model, "autoplay_bots", "bots play", "bots play: on, the bots move by themselves at the pace beside; off, they wait for “bot: one move”")}<label class="aw-pace" title="the bots' pace: how long each bot move takes to show (slow 1.5 s, normal 0.6 s, fast 0.15 s)">pace <select data-botspeed="1" aria-label="pace: how long each bot move takes to show" title="the bots' pace: how long each bot move takes to show (slow 1.5 s, normal 0.6 s, fast 0.15 s)">${options}</select></label>${
    // (the table's is in the turn's row, othersTurnHtml; never while a scoring round is
    // walked through: the bots wait for it to close)
    v.mode !== "game" && v.bot_to_move && !model.get("autoplay_bots") && !ui.walk && botStepButton}</span>`;
}
const botStepButton = html` <button data-botstep="1" aria-label="let the bot make one move" title="let the bot make one move, then wait">bot: one move</button>`;

// Whether the turn's row shows the bot's button ("bot: one move"): another's turn in a
// live table game, a bot to move, the bots not playing on by themselves, and no scoring
// round open (the bots wait for it to close); the prompt leaves the button's word to it
export function botButtonInRow(v: TableView, model: Model | undefined, ui: Picks): boolean {
  if (v.mode !== "game" || !v.live || v.over || ui.walk) return false;
  const p = v.players[v.current];
  return !!p && p.seat !== "human" && !!v.bot_to_move && !model?.get("autoplay_bots");
}

// The turn's row in another's turn: what the table waits for, with the bot's button
// ("bot: one move", here under the mouse where your own turn's buttons are); the row
// keeps its place and height, so nothing moves when your turn comes
export function othersTurnHtml({ v, model, ui }: Ctx<TableView>) {
  if (v.mode !== "game" || !v.live || v.over) return null;
  const p = v.players[v.current];
  if (ui.walk) return html`<span class="aw-waitsay">The game waits while the scoring round is open.</span>`;
  if (!p || p.seat === "human") return null;
  if (botButtonInRow(v, model, ui)) {
    return html`<button class="aw-primary" data-botstep="1" aria-label="let the bot make one move" title="let the bot make one move, then wait">bot: one move</button> <span class="aw-waitsay">${p.name} waits for it; or tick “bots play” to let the bots play on.</span>`;
  }
  if (model.get("autoplay_bots") && isBot(p)) return html`<span class="aw-waitsay">The bots play on: untick “bots play” to stop them after this move.</span>`;
  return html`<span class="aw-waitsay">${p.name}'s move shows here when it is made.</span>`;
}

// the bar's right side: the steps, undo, the bots' pace, the teacher's menu
export function navHtml({ v, model, ui }: Ctx<TableView>) {
  if (v.mode !== "game" && v.mode !== "gardens") return html``;
  // a guided game has one counter, the guide's, and follows its script: no step
  // arrows, no undo, no teacher menu
  if (v.guide) return html``;
  const shown = v.hands_shown !== null && v.hands_shown !== undefined && html`<span class="aw-shown" title="every hand was shown from step ${v.hands_shown} (teacher menu)">hands shown</span>`;
  return html`<div class="aw-nav">${shown}${stepsHtml(v)}${v.live && v.steps > 0 && !online(v) && html`<button data-undo="1" aria-label="undo the last action" title="undo the last action">Undo</button>`}${botsHtml(v, model, ui)}<button class="aw-mini" data-menu="1" aria-expanded="${ui.menu ? "true" : "false"}" aria-label="teacher menu: longest walls, coordinates, show all money" title="teacher menu: longest walls, coordinates, show all money">☰</button></div>`;
}

// the teacher's menu: what a player would not see at a real table
export function menuHtml({ v, model, ui }: Ctx<TableView>) {
  if (!ui.menu) return html``;
  const game = v.mode === "game";
  return html`<div class="aw-menu" role="group" aria-label="teacher menu">${game && html`${check(model, "show_walls", "longest walls")}${check(model, "show_coords", "coordinates")}`}${check(model, "show_all_money", `show all ${game ? "money" : "hands"} (marked in the record)`)}<button class="aw-mini" data-menu="1" aria-label="close the teacher menu">close</button></div>`;
}

// the foot of the board: the slider over every step, and the lines of the game
export function timelineHtml({ v }: Ctx<TableView>) {
  return html`<div class="aw-head"><label class="aw-slide">step <input type="range" class="aw-slider" data-slider="1" min="0" max="${v.steps}" value="${v.step}" aria-label="step"/></label><span class="aw-turn">Turn ${v.turn}${v.over ? " — game over" : ""}</span>${
    v.hands_shown !== null && v.hands_shown !== undefined && html`<span class="aw-shown">Every hand was shown from step ${v.hands_shown} on (teacher menu): the record says so.</span>`}</div>${linesHtml(v)}`;
}

// the variation tree's lines (the engine's list): play one, promote it, delete another
function lineHtml(l: LineJson) {
  const steps = `${l.steps} step${l.steps === 1 ? "" : "s"}`;
  const name = l.line === 0 ? `main line, ${steps}` : `line ${l.line}: from step ${l.from}, ${steps}`;
  return html`<span class="aw-line${l.current ? " aw-selected" : ""}"><button class="aw-mini" data-lineswitch="${l.line}" aria-pressed="${l.current}" aria-label="play ${name}">${name}</button>${
    l.current && l.line > 0 && html`<button class="aw-mini" data-linepromote="${l.line}" aria-label="make line ${l.line} the main line">promote</button>`}${
    !l.current && html`<button class="aw-mini" data-linecompare="${l.line}" aria-label="compare the scores of ${name} with this line">compare</button><button class="aw-mini" data-linedelete="${l.line}" aria-label="delete ${name}">×</button>`}</span>`;
}

function linesHtml(v: TableView) {
  const lines = v.lines || [];
  if (lines.length < 2) return null;
  return html`<div class="aw-lines" role="group" aria-label="lines of this game"><span>lines:</span>${lines.map(lineHtml)}</div>${compareHtml(v)}`;
}

// two lines' scores side by side (the engine's what-if comparison)
function compareHtml(v: TableView) {
  const c = v.compare;
  if (!c) return null;
  const name = (i: number) => (i === 0 ? "main line" : `line ${i}`);
  const rows = Object.entries(c.totals).map(([n, [a, b, d]]) => html`<tr><td>${n}</td><td>${a}</td><td>${b}</td><td>${d > 0 ? "+" : ""}${d}</td></tr>`);
  return html`<table class="aw-compare" aria-label="scoring round ${c.round} at the end of each line"><caption>Scoring round ${c.round} at the end of ${name(c.a)} (this one) and of ${name(c.b)}</caption><tr><th>player</th><th>${name(c.a)}</th><th>${name(c.b)}</th><th>change</th></tr>${rows}</table>`;
}
