// The page's own state: only what the user is picking. Every "may I?" is a lookup in
// the engine's lists (view.legal); nothing here computes a rule.

import { sameList } from "./common.js";
import type { ActionJson, GameView } from "./contract.js";
import type { Model, TableView } from "./types.js";

// a market slot dropped on a cell, its payment being picked: the purchase carries the cell
// to Python, which builds the tile there once the turn's actions are over (R9)
export interface Drop { cur: string; tile: string; pos: string }

export interface Picks {
  step: number | null | undefined; over: boolean | null | undefined; // the step drawn (the picks are reset when it changes; a course has none)
  sel: string | null; picks: number[]; payCur: string | null; payPicks: number[]; removing: boolean;
  hover: string; confirm: ActionJson | null; playHint: number | null; roundSel: number | null; roundRow: number;
  walk: boolean; roundsSeen: number | null;
  gsel: string | null; turns: Record<string, number>; gbuilding: string | null;
  enlarged: Record<number, boolean>;
  zoomed: boolean; // your Alhambra drawn larger than its area (it scrolls within it)
  allBoards: boolean; // every player's Alhambra large, side by side, over the table
  menu: boolean; standings: boolean;
  inside: boolean; focused: string | null;
  dragging: boolean;
  dragSlot: string | null; dropTo: Drop | null;
  pastPlay: number | null;
  lessonId: string | null; numbers: Record<string, string>;
  afterAct?: number | null; // the view an action was sent from: the focus moves on once it is answered
  botAsked?: number; // the view on which "bot: one move" was pressed
  walkScroll?: boolean; // a line of the scoring walkthrough picked: the boards it points at come into sight once drawn
  refusedAt?: number; // the view that told a guided game's refused click: its picks were cleared
  toBoard?: number | null; // a step picked in the review: its board comes into sight once drawn
  animated?: Set<string>; animations?: number; // the others' moves animated (motion.ts)
}

// What the user is picking (reset when the shown step changes), kept per board (its
// board_id: anywidget gives each view its own model object): when the notebook redraws
// the output (its picture is refreshed for readers without a kernel), the new view
// carries on with the same picks and keeps the focus.
const PICKS = new Map<string | Model, Picks>();
export function pickState(model: Model): Picks {
  const id = model.get("board_id") || model;
  let ui = PICKS.get(id);
  if (!ui) {
    ui = {
      step: null, over: null, sel: null, picks: [], payCur: null, payPicks: [], removing: false,
      hover: "", confirm: null, playHint: null, roundSel: null, roundRow: 0,
      walk: false, roundsSeen: null, // a scoring round walked through as it happens
      gsel: null, turns: {}, gbuilding: null, // Gardens: tile in hand, its turn, building shown
      enlarged: {}, // the other players' boards shown full size
      zoomed: false, // your Alhambra drawn to fit its area, or larger
      allBoards: false,
      menu: false, standings: false, // the teacher's menu, the standings' details open
      inside: false, focused: null, // the keyboard focus is in the board, on this control
      dragging: false, // the timeline slider is held down
      dragSlot: null, dropTo: null, // a market slot dragged; its tile's cell, built once bought
      pastPlay: null, // the version of the past step the player chose to act from
      lessonId: null, numbers: {}, // the course: the lesson shown, the numbers typed
    };
    PICKS.set(id, ui);
  }
  return ui;
}

export function resetPicks(ui: Picks) {
  ui.sel = null; ui.picks = []; ui.payCur = null; ui.payPicks = []; ui.removing = false; ui.confirm = null; ui.playHint = null; ui.dropTo = null;
}

// a click the guided game refused: its picks are cleared with it (no wrong card left
// picked with a live button), once per view that tells it
export function clearRefused(v: TableView | { mode: string }, ui: Picks) {
  const guide = "guide" in v ? v.guide : undefined;
  if (guide && guide.said && "v" in v && ui.refusedAt !== v.v) { resetPicks(ui); ui.refusedAt = v.v; }
}

// whether the board shows the engine's targets (green cells, affordable rings): always
// at the live end; at a past step once the player chose to act from it (the banner's
// button), and not while the branch question about a picked move is open (one
// instruction at a time)
export const showsTargets = (v: TableView, ui: Picks) => v.live || (ui.pastPlay === v.v && !ui.confirm);

// the display cards picked, and whether the engine lists that take (R5)
export function pickedTake(v: GameView, ui: Picks) {
  const picks = [...ui.picks].sort((a, b) => a - b);
  const ok = !!v.legal && !!v.legal.take && v.legal.take.some((c) => sameList(c, picks));
  const sum = picks.reduce((s, i) => s + v.display[i][1], 0);
  return { picks, ok, sum };
}

// the hand's cards picked to pay, and whether the engine lists that payment (exact or not)
export function pickedPay(v: GameView, ui: Picks) {
  const p = v.players[v.current];
  const vals = ui.payPicks.map((i) => p.money![i][1]).sort((a, b) => b - a);
  const b = v.legal && v.legal.buy && ui.payCur !== null ? v.legal.buy[ui.payCur] : undefined;
  const ok = !!b && b.pays.some((pp) => sameList(pp, vals));
  const exact = !!b && b.exact.some((pp) => sameList(pp, vals));
  return { vals, ok, exact, sum: vals.reduce((s, x) => s + x, 0), price: b ? b.price : null };
}

// a selector for the same control after a redraw: its first data-* attribute
export function focusKey(e: Element | null) {
  if (!e || !e.attributes) return null;
  for (const a of e.attributes) {
    if (a.name.startsWith("data-")) return `[${a.name}="${CSS.escape(a.value)}"]`;
  }
  return null;
}
