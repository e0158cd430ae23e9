// The review's picture: each player's estimated chance to win, step by step
// (lichess's advantage chart), from the figures Python sent (view.review.graph, made by
// players.review_graph): one line a player, the mistakes marked on the line of the
// player who made them, the accuracy of each player in the legend. A click anywhere on
// the graph goes to that step (data-step: the timeline's goto). Colours are the theme's
// (widget.css: .aw-c0.. from --aw-line0.., --aw-fg2, --aw-accent); lines differ by dash
// as well, for colour blindness.

import { pct } from "../common.js";
import { html } from "../html.js";
import type { DecisionJson, DirkJson, GraphJson } from "../contract.js";

// a side panel is about 300 px wide: the picture is drawn at about that size, so its
// labels stay readable there
const W = 320, H = 150, LEFT = 34, RIGHT = 6, TOP = 6, BOTTOM = 16;
const DASH = ["", "6 3", "2 3", "8 3 2 3"];

const X = (step: number, steps: number) => LEFT + ((W - LEFT - RIGHT) * step) / Math.max(steps, 1);
const Y = (chance: number) => TOP + (H - TOP - BOTTOM) * (1 - chance);
const r1 = (n: number) => Math.round(n * 10) / 10;

function axes(steps: number) {
  const grid = [0, 0.5, 1].map((c) => html`<line class="aw-grid${c === 0.5 ? " aw-grid-half" : ""}" x1="${LEFT}" x2="${W - RIGHT}" y1="${Y(c)}" y2="${Y(c)}"/><text class="aw-axis" x="${LEFT - 4}" y="${Y(c) + 4}" text-anchor="end">${pct(c)}</text>`);
  return html`${grid}<text class="aw-axis" x="${W - RIGHT}" y="${H - 4}" text-anchor="end">step ${steps}</text>`;
}

// a transparent strip a step wide over the whole height: a click there goes to the step
function strips(steps: number) {
  const w = (W - LEFT - RIGHT) / Math.max(steps, 1);
  const out = [];
  for (let i = 0; i <= steps; i++) {
    out.push(html`<rect class="aw-graph-step" data-step="${i}" x="${r1(X(i, steps) - w / 2)}" y="${TOP}" width="${r1(w)}" height="${H - TOP - BOTTOM}"><title>step ${i}</title></rect>`);
  }
  return out;
}

// the scoring rounds (the engine's round_scored steps): a thin line, and the round's
// number under the axis (not for the last round at the game's end: the axis ends there)
function rounds(g: GraphJson, steps: number) {
  return (g.rounds || []).filter((step) => step < steps).map((step, i) => html`<line class="aw-graph-round" x1="${r1(X(step, steps))}" x2="${r1(X(step, steps))}" y1="${TOP}" y2="${H - BOTTOM}"/><text class="aw-axis" x="${r1(X(step, steps))}" y="${H - 4}" text-anchor="middle">round ${i + 1}</text>`);
}

// the step the board shows: a grey band a step wide (no line's colour, no line's shape)
function nowBand(now: number, steps: number) {
  const w = Math.max(3, (W - LEFT - RIGHT) / Math.max(steps, 1));
  return html`<rect class="aw-graph-now" data-now="${now}" x="${r1(X(now, steps) - w / 2)}" y="${TOP}" width="${r1(w)}" height="${H - TOP - BOTTOM}"/>`;
}

function lines(g: GraphJson, steps: number) {
  return g.players.map((name, k) => {
    const pts = g.chances.map((row, i) => `${r1(X(i, steps))},${r1(Y(row[k]))}`).join(" ");
    return html`<polyline class="aw-graph-line aw-c${k % 4}" data-player="${name}" points="${pts}" stroke-dasharray="${DASH[k % 4]}"/>`;
  });
}

function markTip(m: DecisionJson) {
  const better = m.best !== undefined ? `; better: ${m.best}` : "";
  return `step ${m.step}, ${m.player}: ${m.played}${better} (gave away ${pct(m.loss)} of the chance to win)`;
}

function marks(g: GraphJson, steps: number) {
  const seat = new Map(g.players.map((n, k) => [n, k]));
  return g.mistakes.filter((m) => seat.has(m.player) && m.step < g.chances.length).map((m) => {
    const k = seat.get(m.player)!;
    const tip = markTip(m);
    return html`<circle data-step="${m.step}" data-player="${m.player}" cx="${r1(X(m.step, steps))}" cy="${r1(Y(g.chances[m.step][k]))}" r="5" class="aw-mistake aw-c${k % 4}" tabindex="0" role="button" aria-label="${tip}"><title>${tip}</title></circle>`;
  });
}

function legend(g: GraphJson) {
  const items = g.players.map((name, k) => {
    const acc = g.accuracy[name];
    const n = g.mistakes.filter((m) => m.player === name).length;
    const swatch = html`<svg width="26" height="10" aria-hidden="true"><line class="aw-graph-line aw-c${k % 4}" x1="1" x2="25" y1="5" y2="5" stroke-dasharray="${DASH[k % 4]}"/></svg>`;
    const figure = acc === undefined ? html`<span class="aw-muted">not reviewed</span>` : html`<span title="100% when no decision gave away any chance to win against the computer's choice; each loss lowers it, big ones most (lichess's formula)">accuracy <b>${Math.round(acc)}%</b></span>, ${n} mistake${n === 1 ? "" : "s"}`;
    return html`<span role="listitem" data-player="${name}">${swatch}<span>${name}: ${figure}</span></span>`;
  });
  return html`<div class="aw-graph-legend" role="list" aria-label="each player's accuracy">${items}</div>`;
}

// g = view.review.graph; at = the step shown on the board (drawn as a vertical line)
// gardens: the Gardens' graph follows the points only (it has no scoring rounds to come)
// dirk: view.dirk in a two-player game (R3): the caption says why he has no line
export function reviewGraphHtml(g: GraphJson, at: number, gardens = false, dirk: DirkJson | null = null) {
  if (!g || !g.chances || g.chances.length < 2) return html``;
  const steps = g.chances.length - 1;
  const now = Math.max(0, Math.min(steps, at));
  const label = `each player's estimated chance to win, step by step, over ${steps} steps; the mistakes are marked`;
  const searched = Object.keys(g.accuracy || {}).length > 0;
  const how = `Estimated from what everybody sees (${gardens ? "the points" : "the points and the scoring rounds to come"})${searched ? ", moved a little toward the computer's look at the reviewed players' moves" : ""}.`;
  return html`<figure class="aw-graph">
<svg class="aw-review-graph" viewBox="0 0 ${W} ${H}" role="group" aria-label="${label}">${axes(steps)}${rounds(g, steps)}${strips(steps)}${nowBand(now, steps)}${lines(g, steps)}${marks(g, steps)}</svg>
<figcaption class="aw-muted">A line: each player's <span class="aw-hashelp" title="${how}">chance to win</span>, step by step. A dot: a mistake (it gave away 10% or more of that chance). ${searched ? "Accuracy 100%: no move gave any away. " : ""}Click the graph to go to a step.${dirk ? ` ${dirk.name} has no line: he makes no decisions${dirk.can_win ? "" : " and cannot win"} (R3).` : ""}</figcaption>
${legend(g)}</figure>`;
}
