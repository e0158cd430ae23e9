// What a click or a key means: a change of what the user is picking (then a redraw),
// or an intent sent to Python ({kind: "act", action} and the like). Whether an action
// is legal is the engine's to say: the page only offers what view.legal lists.

import { gardensClick, gardensKey } from "./gardens.js";
import { courseClick, COURSE_CLICKABLE } from "./areas/course.js";
import { coachClick, COACH_CLICKABLE } from "./areas/coach.js";
import { guideClick } from "./areas/guide.js";
import { glossaryClick, GLOSSARY_CLICKABLE } from "./glossary.js";
import { resetPicks, pickedPay } from "./state.js";
import { shownRound } from "./areas/scoring.js";
import { xy } from "./common.js";
import { reviewIntoSight } from "./sticky.js";
import type { GameView, SandboxView } from "./contract.js";
import type { IntentCtx, TableView } from "./types.js";

type Resolve = "branch" | "undo";

export const CLICKABLE = "[data-allboards],[data-zoom],[data-newgame],[data-menu],[data-pastplay],[data-reservetile],[data-playhint],[data-hintgo],[data-enlarge],[data-standings],[data-walk],[data-botstep],[data-go],[data-take],[data-slot],[data-pay],[data-do],[data-sel],[data-cell],[data-tile-cell],[data-resolve],[data-sandbox],[data-round],[data-rowstep],[data-undo],[data-hand],[data-gturn],[data-building],[data-field],[data-hint],[data-review],[data-step],[data-toreview],[data-lineswitch],[data-linepromote],[data-linedelete],[data-linecompare]," + COURSE_CLICKABLE + "," + COACH_CLICKABLE + ",[data-guide]," + GLOSSARY_CLICKABLE;

const toggle = (list: number[], i: number) => (list.includes(i) ? list.filter((x) => x !== i) : [...list, i]);

// a control that only asks Python something: the bots, the timeline, the hint, the review, the lines
function requestIntent(d: DOMStringMap, { v, ui, send, redraw }: IntentCtx<TableView>) {
  if (d.botstep) { ui.botAsked = v.v; send({ kind: "bot", v: v.v }); redraw(); } // the bot decides now: say so
  else if (d.go) send({ kind: "goto", step: ({ first: 0, prev: v.step - 1, next: v.step + 1, last: v.steps } as Record<string, number>)[d.go] });
  else if (d.undo) send({ kind: "undo", v: v.v });
  else if (d.newgame) send({ kind: "new_game" }); // a finished game's results: the same table again
  else if (d.hint) send(d.hint === "cancel" ? { kind: "hint", cancel: true } : { kind: "hint", v: v.v });
  else if (d.review === "cancel") send({ kind: "review", cancel: true });
  else if (d.review) { if (ui.walk) { ui.walk = false; redraw(); } send({ kind: "review", v: v.v }); } // (the last round walked through closes)
  else if (d.step !== undefined) { // a step picked in the review: its board comes into sight once drawn
    ui.toBoard = +d.step;
    if (+d.step === v.step) redraw();
    else send({ kind: "goto", step: +d.step });
  }
  else if (d.lineswitch !== undefined) send({ kind: "line", do: "switch", line: +d.lineswitch });
  else if (d.linepromote !== undefined) send({ kind: "line", do: "promote", line: +d.linepromote });
  else if (d.linedelete !== undefined) send({ kind: "line", do: "delete", line: +d.linedelete });
  else if (d.linecompare !== undefined) send({ kind: "line", do: "compare", line: +d.linecompare });
  else if (coachClick(d, v, send)) return true;
  else if (guideClick(d, v, send)) return true;
  else return false;
  return true;
}

// the page's own panels: the teacher's menu, the standings' details, a hint's move to
// play (asked first in the action bar)
function panelIntent(d: DOMStringMap, { v, ui, root, act, redraw }: IntentCtx<TableView>) {
  if (d.toreview) { reviewIntoSight(root); return true; }
  if (d.menu) ui.menu = !ui.menu;
  else if (d.allboards) ui.allBoards = !ui.allBoards; // every Alhambra side by side
  else if (d.zoom) ui.zoomed = !ui.zoomed; // your Alhambra larger than its area, or fitted
  else if (d.standings) ui.standings = !ui.standings;
  else if (d.pastplay) ui.pastPlay = v.v; // a past step: its targets show from now on
  else if (d.playhint !== undefined) ui.playHint = +d.playhint;
  else if (d.hintgo) {
    const m = d.hintgo === "yes" && v.hint && "moves" in v.hint && v.hint.moves[ui.playHint!];
    ui.playHint = null;
    if (m) { act(m.action); return true; }
  } else return false;
  redraw();
  return true;
}

// d = the clicked control's dataset
export function clickIntent(d: DOMStringMap, c: IntentCtx) {
  const { v, ui, act, send, redraw } = c;
  // a term (in a lesson or the guide) opens its glossary entry; a course's board has only its own controls
  if (glossaryClick(d, c) || (v.mode === "course" && (courseClick(d, { ...c, v }) || true))) return;
  if (v.mode === "gardens" && gardensClick(d, v, ui, act, redraw)) return;
  // (the sandbox's board has none of the table's panels and requests)
  if (v.mode !== "alhambra" && panelIntent(d, { ...c, v })) return;
  const L = v.mode === "game" ? v.legal : null;
  if (d.enlarge !== undefined) { ui.enlarged[+d.enlarge] = !ui.enlarged[+d.enlarge]; redraw(); }
  else if (d.walk) c.walkRound(d.walk === "open");
  else if (v.mode !== "alhambra" && requestIntent(d, { ...c, v })) return;
  else if (d.resolve) {
    if (d.resolve === "cancel") { ui.confirm = null; redraw(); } else act(ui.confirm!, d.resolve as Resolve);
  } else if (d.take !== undefined) {
    ui.picks = toggle(ui.picks, +d.take);
    ui.payCur = null; ui.sel = null; ui.removing = false;
    redraw();
  } else if (d.reservetile) {
    act({ type: "reserve", tile: d.reservetile }); // a tile that fits nowhere (the prompt says so)
  } else if (d.slot) {
    ui.payCur = ui.payCur === d.slot ? null : d.slot;
    ui.dropTo = null;
    ui.payPicks = []; ui.picks = []; ui.sel = null; ui.removing = false;
    redraw();
  } else if (d.pay !== undefined) {
    ui.payPicks = toggle(ui.payPicks, +d.pay);
    redraw();
  } else if (d.sel) {
    ui.sel = ui.sel === d.sel ? null : d.sel;
    ui.removing = false; ui.picks = []; ui.payCur = null;
    redraw();
  } else if (d.sandbox !== undefined) {
    send({ kind: "sandbox", player: d.sandbox === "close" ? null : +d.sandbox });
    ui.sel = null;
  } else if (d.round !== undefined) {
    ui.roundSel = +d.round; ui.roundRow = 0; redraw();
  } else if (d.rowstep && v.mode === "game") {
    // the rows: the round's kinds, then the walls, then the total (walked through: the
    // boards the line points at come into sight)
    ui.roundRow = Math.max(0, Math.min(shownRound(v, ui).kinds.length + 1, ui.roundRow + +d.rowstep)); ui.walkScroll = ui.walk; redraw();
  } else if (d.do && v.mode !== "gardens") {
    doIntent(d.do, { ...c, v });
  } else if (d.cell) {
    if (!ui.sel) return;
    const pos = xy(d.cell);
    const sandbox = d.player === "sb";
    if (d.rule !== "") send({ kind: "explain", player: sandbox ? null : +d.player!, sandbox, tile: ui.sel, pos });
    else if (sandbox) send({ kind: "sb_place", tile: ui.sel, pos });
    else if (L && L.tiles[ui.sel]) act({ type: L.tiles[ui.sel].action, tile: ui.sel, pos }); // the view's action for this tile
  } else if (d.tileCell) {
    const pos = xy(d.tileCell);
    if (d.player === "sb") {
      if (ui.removing) send({ kind: "sb_remove", pos });
      return;
    }
    if (!L || L.player !== +d.player!) return;
    if (ui.sel && L.tiles[ui.sel] && (L.tiles[ui.sel].exchange || []).includes(d.tileCell)) {
      act({ type: "exchange", tile: ui.sel, pos });
    } else if (ui.removing) {
      if (d.rule === "") act({ type: "to_reserve", pos });
      else send({ kind: "explain_removal", pos });
    }
  }
}

// A market slot dropped on a cell: the same intents as buying. One payment: bought at
// once; several: the payment is picked in the action bar as after a click on the slot.
// The purchase carries the cell: Python builds the tile there once the turn's actions are
// over (R9), if the engine allows it then; the page decides nothing of the turn.
export function buyDropped(cur: string, cell: string, { v, ui, act, redraw }: IntentCtx<GameView>) {
  const b = v.legal && v.legal.buy && v.legal.buy[cur];
  ui.dragSlot = null;
  if (!b) return;
  ui.sel = null; ui.picks = []; ui.removing = false; ui.payPicks = [];
  if (b.pays.length === 1) {
    ui.payCur = null; ui.dropTo = null;
    act({ type: "buy", currency: cur, pay: b.pays[0] }, undefined, xy(cell));
  } else {
    ui.dropTo = { cur, tile: b.tile, pos: cell }; // (the payment row says where it goes)
    ui.payCur = cur; redraw();
  }
}

// (the sandbox's board has one button: removing)
function doIntent(what: string, { v, ui, act, redraw }: IntentCtx<GameView | SandboxView>) {
  if (what === "take" && v.mode === "game") {
    act({ type: "take_money", cards: [...ui.picks].sort((a, b) => a - b).map((i) => `${v.display[i][0]} ${v.display[i][1]}`) });
  } else if (what === "buy" && v.mode === "game") {
    const d = ui.dropTo; // a slot dropped on a cell, then paid for: built there (R9)
    act({ type: "buy", currency: ui.payCur!, pay: pickedPay(v, ui).vals }, undefined, d && d.cur === ui.payCur ? xy(d.pos) : undefined);
  } else if (what === "cancel") {
    ui.payCur = null; ui.payPicks = []; ui.picks = []; ui.sel = null; ui.dropTo = null; redraw();
  } else if (what === "reserve" && ui.sel) {
    act({ type: "reserve", tile: ui.sel });
  } else if (what === "dirk" && ui.sel) {
    act({ type: "give_to_dirk", tile: ui.sel });
  } else if (what === "removing") {
    ui.removing = !ui.removing; ui.sel = null; redraw();
  } else if (what === "pass") {
    act({ type: "pass" });
  }
}

const MOVES: Record<string, [number, number]> = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
const TARGETS = "[data-cell][tabindex],[data-tile-cell][tabindex],[data-field][tabindex]";
const at = (e: HTMLElement | SVGElement) => e.dataset && (e.dataset.cell ?? e.dataset.tileCell ?? e.dataset.field);

// the nearest target of the same board in an arrow's direction, keeping to the row/column
function nextTarget(from: SVGElement, dx: number, dy: number) {
  const [x, y] = xy(at(from)!);
  let best: SVGElement | null = null, bestD = Infinity;
  for (const c of from.closest("svg")!.querySelectorAll<SVGElement>(TARGETS)) {
    const [cx, cy] = xy(at(c)!);
    const ahead = dx ? (cx - x) * dx : (cy - y) * dy;
    if (ahead <= 0) continue;
    const d = ahead + 10 * Math.abs(dx ? cy - y : cx - x);
    if (d < bestD) { bestD = d; best = c; }
  }
  return best;
}

// A key pressed in the board. Returns true when it was used (the caller stops it there).
export function keyIntent(ev: KeyboardEvent, c: IntentCtx) {
  const { v, ui, send, redraw } = c;
  if (v.mode !== "game" && v.mode !== "gardens" && v.mode !== "course") return false;
  if (ev.key === "Escape" && ui.walk) { c.walkRound(false); return true; }
  if (ev.key === "Escape" && ui.menu) { ui.menu = false; redraw(); return true; }
  const t = ev.target as (HTMLInputElement & SVGElement) | null; // a control, a cell, a field
  if (t && t.tagName === "INPUT" && t.type === "checkbox") return false;
  // a mistake marked on the review's graph (an SVG button): Enter or Space goes to its step
  if (t && t.classList && t.classList.contains("aw-mistake") && (ev.key === "Enter" || ev.key === " ")) {
    t.dispatchEvent(new MouseEvent("click", { bubbles: true }));
    return true;
  }
  if (t && at(t) !== undefined) {
    // a cell, a tile or a field has the focus: the arrows move between its board's targets
    if (ev.key in MOVES) {
      const best = nextTarget(t, ...MOVES[ev.key]);
      if (best) {
        for (const n of t.closest("svg")!.querySelectorAll(TARGETS)) n.setAttribute("tabindex", "-1");
        best.setAttribute("tabindex", "0");
        best.focus();
      }
      return true;
    }
    if (ev.key === "Enter" || ev.key === " ") {
      t.dispatchEvent(new MouseEvent("click", { bubbles: true }));
      return true;
    }
  }
  if (v.mode === "course") {
    // Enter in a number box checks the answer
    if (ev.key === "Enter" && t && t.dataset && t.dataset.lfield !== undefined) {
      const check = c.root.querySelector<HTMLButtonElement>('[data-ldo="numbers"]');
      if (check) check.click();
      return true;
    }
    return false;
  }
  if (v.mode === "gardens" && gardensKey(ev, ui, redraw)) return true;
  // A: every Alhambra large, side by side (the key its button names); again, or Escape, closes it
  const typing = !!t && ["INPUT", "SELECT", "TEXTAREA"].includes(t.tagName);
  if (v.mode === "game" && !typing && (ev.key === "a" || ev.key === "A" || (ev.key === "Escape" && ui.allBoards)) && !ev.ctrlKey && !ev.metaKey && !ev.altKey) {
    ui.allBoards = ev.key !== "Escape" && !ui.allBoards;
    redraw();
    return true;
  }
  if (ev.key === "Escape" && (ui.sel || ui.removing || ui.payCur || ui.picks.length || ui.confirm)) {
    resetPicks(ui);
    redraw();
    c.root.focus();
    return true;
  }
  const to = ({ ArrowLeft: v.step - 1, ArrowRight: v.step + 1, Home: 0, End: v.steps } as Record<string, number>)[ev.key];
  if (to === undefined) return false;
  send({ kind: "goto", step: Math.max(0, Math.min(v.steps, to)) });
  return true;
}
