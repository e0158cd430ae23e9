// The head of the board: the timeline, the turn, the display toggles, the bots' speed, undo.

import { esc } from "../common.js";

export const BOT_SPEEDS = [["slow", 1.5], ["normal", 0.6], ["fast", 0.15]]; // seconds per bot action

export function timelineHtml({ v, model }) {
  const n = v.steps;
  const check = (name, label) =>
    `<label class="aw-toggle"><input type="checkbox" data-toggle="${name}" ${model.get(name) ? "checked" : ""}/> ${label}</label>`;
  let s = `<div class="aw-head">`;
  s += `<div class="aw-timeline" role="group" aria-label="timeline">`;
  s += `<button data-go="first" aria-label="first step" ${v.step === 0 ? "disabled" : ""}>«</button>`;
  s += `<button data-go="prev" aria-label="previous step" ${v.step === 0 ? "disabled" : ""}>‹</button>`;
  s += `<input type="range" class="aw-slider" data-slider="1" min="0" max="${n}" value="${v.step}" aria-label="step"/>`;
  s += `<button data-go="next" aria-label="next step" ${v.step === n ? "disabled" : ""}>›</button>`;
  s += `<button data-go="last" aria-label="last step" ${v.step === n ? "disabled" : ""}>»</button>`;
  s += `<span class="aw-stepno">step ${v.step}/${n}${v.live ? "" : " (past)"}</span>`;
  s += `</div><div class="aw-turn">Turn ${v.turn}${v.over ? " — game over" : ""}</div>`;
  if (v.mode === "game") s += check("show_walls", "longest walls") + check("show_coords", "coordinates");
  s += check("show_all_money", `show all ${v.mode === "game" ? "money" : "hands"}`);
  if (v.players.some((p) => p.seat !== "human")) {
    const d = model.get("bot_delay");
    s += `<span class="aw-bots" role="group" aria-label="bots">${check("autoplay_bots", "bots play")}`;
    const speeds = BOT_SPEEDS.some(([, x]) => Math.abs(d - x) < 1e-9) ? BOT_SPEEDS : [[`${d} s`, d], ...BOT_SPEEDS];
    s += `<select data-botspeed="1" aria-label="bot speed">${speeds.map(([t, x]) => `<option value="${x}"${Math.abs(d - x) < 1e-9 ? " selected" : ""}>${t}</option>`).join("")}</select>`;
    if (v.bot_to_move && !model.get("autoplay_bots")) s += ` <button data-botstep="1" aria-label="let the bot make one move">bot: one move</button>`;
    s += `</span>`;
  }
  if (v.live && v.steps > 0) s += `<button data-undo="1" aria-label="undo the last action">Undo</button>`;
  return s + `</div>` + linesHtml(v);
}

// the variation tree's lines (the engine's list): play one, promote it, delete another
function linesHtml(v) {
  const lines = v.lines || [];
  if (lines.length < 2) return "";
  let s = `<div class="aw-lines" role="group" aria-label="lines of this game"><span>lines:</span>`;
  for (const l of lines) {
    const steps = `${l.steps} step${l.steps === 1 ? "" : "s"}`;
    const name = l.line === 0 ? `main line, ${steps}` : `line ${l.line}: from step ${l.from}, ${steps}`;
    s += `<span class="aw-line${l.current ? " aw-selected" : ""}"><button class="aw-mini" data-lineswitch="${l.line}" aria-pressed="${l.current}" aria-label="play ${name}">${name}</button>`;
    if (l.current && l.line > 0) s += `<button class="aw-mini" data-linepromote="${l.line}" aria-label="make line ${l.line} the main line">promote</button>`;
    if (!l.current) {
      s += `<button class="aw-mini" data-linecompare="${l.line}" aria-label="compare the scores of ${name} with this line">compare</button>`;
      s += `<button class="aw-mini" data-linedelete="${l.line}" aria-label="delete ${name}">×</button>`;
    }
    s += `</span>`;
  }
  return s + `</div>` + compareHtml(v);
}

// two lines' scores side by side (the engine's what-if comparison)
function compareHtml(v) {
  const c = v.compare;
  if (!c) return "";
  const name = (i) => (i === 0 ? "main line" : `line ${i}`);
  let s = `<table class="aw-compare" aria-label="scoring round ${c.round} at the end of each line"><caption>Scoring round ${c.round} at the end of ${name(c.a)} (this one) and of ${name(c.b)}</caption>`;
  s += `<tr><th>player</th><th>${name(c.a)}</th><th>${name(c.b)}</th><th>change</th></tr>`;
  for (const [n, [a, b, d]] of Object.entries(c.totals)) s += `<tr><td>${esc(n)}</td><td>${a}</td><td>${b}</td><td>${d > 0 ? "+" : ""}${d}</td></tr>`;
  return s + `</table>`;
}
