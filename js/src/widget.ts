// alhambra-widget front end: draws the JSON view model, sends intents back.
// It holds no rule of the game: every "may I?" is a lookup in view.legal, computed by
// the Python engine. Local state is only what the user is picking (state.js).
//
//   state.js    what the user is picking
//   intents.js  what a click or a key means
//   areas/      one drawing per area: timeline, market (and money), alhambra,
//               overview (standings, last moves, results), scoring, status, course
//   morph.js    patches the page in place, one redraw per change

import { setGlyphs, plainFirst } from "./common.js";
import { html } from "./html.js";
import { pickState, resetPicks, focusKey, clearRefused } from "./state.js";
import { CLICKABLE, clickIntent, keyIntent, buyDropped } from "./intents.js";
import { patchParts } from "./morph.js";
import { watchScroll, boardIntoSight, walkIntoSight, fitToWindow, prefit } from "./sticky.js";
import { sandboxHtml, markRecent } from "./areas/alhambra.js";
import { tableParts, promptHtml } from "./areas/table.js";
import { arrivals, fly, travelMs } from "./motion.js";
import { showGhost, clearGhost, listenToDrags, pickedTile } from "./direct.js";
import { NO_KERNEL, statusText, hoverText } from "./areas/status.js";
import { gardensParts } from "./areas/gardenpage.js";
import { courseParts } from "./areas/course.js";
import { coachStatus } from "./areas/coach.js";
import type { SafeHtml } from "./html.js";
import type { Part } from "./morph.js";
import type { Picks } from "./state.js";
import type { Sticky } from "./sticky.js";
import type { ActionJson, ActIntent, Intent, PosJson, View } from "./contract.js";
import type { Ctx, IntentCtx, Model, TableView } from "./types.js";

const BOT_RETRY_MS = 2000; // ask again for a bot move not yet answered
const ANSWER_WAIT_MS = 4000; // a click unanswered this long: no kernel is connected
const HELLO_WAIT_MS = 15000; // the same for the greeting sent when the board is drawn

// Is the page behind the board dark? JupyterLab's theme variables decide where they
// exist (widget.css); this picks the defaults for other hosts (marimo, a plain page).
// A canvas reads any CSS colour (rgb, oklch, ...) as RGBA.
let probe: CanvasRenderingContext2D | null = null;
function rgba(color: string) {
  if (!probe) probe = document.createElement("canvas").getContext("2d", { willReadFrequently: true });
  if (!probe) return null;
  probe.clearRect(0, 0, 1, 1);
  probe.fillStyle = "rgba(0, 0, 0, 0)";
  probe.fillStyle = color;
  probe.fillRect(0, 0, 1, 1);
  return probe.getImageData(0, 0, 1, 1).data;
}
function hostIsDark(el: Element) {
  for (let e: Element | null = el; e; e = e.parentElement || (e.getRootNode && (e.getRootNode() as ShadowRoot).host) || null) {
    const c = rgba(getComputedStyle(e).backgroundColor);
    if (c && c[3] > 128) return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2] < 128;
  }
  return !!(window.matchMedia && window.matchMedia("(prefers-color-scheme: dark)").matches);
}

// the whole board for one view model, in parts
function boardParts(c: Ctx): Part[] {
  const { v } = c;
  const part = (key: string, html: SafeHtml): Part => ({ key, html });
  const msg = c.model.get("message") || {};
  const msgHtml = c.noKernel ? html`<div class="aw-msg aw-msg-error" role="status" title="${NO_KERNEL}">${NO_KERNEL}</div>`
    : msg.text ? html`<div class="aw-msg aw-msg-${msg.kind || "info"}" role="status" title="${plainFirst(msg.text)}">${plainFirst(msg.text)}</div>` : html``;
  const msgPart = part("msg", msgHtml);
  if (v.mode === "game") return tableParts({ ...c, v });
  if (v.mode === "course") return [msgPart, ...courseParts({ ...c, v })]; // the lesson's own texts say what to do
  if (v.mode === "alhambra") {
    const status = part("status", html`<div class="aw-status" data-area="prompt" aria-live="polite">${statusText({ ...c, v })}</div>`);
    return [status, msgPart, part("sandbox", sandboxHtml({ ...c, v }, v.sandbox, null))];
  }
  // the Gardens: the same bar, the board in its own column
  return gardensParts({ ...c, v }, part("status", promptHtml({ ...c, v })), msgHtml);
}

// The board's state besides the picks: the root element, the view model's getters,
// the link to Python, the bot timer. Every function below takes it (b).
interface Board {
  model: Model; el: HTMLElement; root: HTMLDivElement; ui: Picks; alive: boolean;
  botTimer: number | undefined;
  shown: boolean; behind: boolean; // in the page once, and left behind since
  link: { pending: number; timer: number | undefined; noKernel: boolean }; // is Python answering?
  slide: { want: number | null; asked: number | null }; // the timeline slider's requests
  V: () => View | undefined; // the view model (none before Python's first)
  rule: (id: string) => string;
  sticky?: Sticky; stopEscape?: () => void; dispose?: () => void;
}
function makeBoard(model: Model, el: HTMLElement): Board {
  const root = document.createElement("div");
  root.className = "aw-root";
  root.tabIndex = 0;
  root.setAttribute("data-lm-suppress-shortcuts", "true"); // arrow keys are ours
  root.setAttribute("role", "application");
  root.setAttribute("aria-label", "Alhambra board");
  el.appendChild(root);
  return {
    model, el, root, ui: pickState(model), alive: true, botTimer: undefined,
    shown: false, behind: false,
    link: { pending: 0, timer: undefined, noKernel: false },
    slide: { want: null, asked: null },
    V: () => { const v = model.get("view"); return v && v.mode ? v : undefined; },
    rule: (id) => ((model.get("texts") || { rules: {} as Record<string, string> }).rules || {})[id] || "", // sent once
  };
}

// light or dark defaults, from the page behind the board: checked once the board is in
// the page, and whenever the host switches theme (an attribute of <html> or <body>, as
// JupyterLab's data-jp-theme-light and marimo's class)
function watchTheme(b: Board) {
  const applyTheme = () => {
    if (!b.alive) return;
    if (!b.el.isConnected) { requestAnimationFrame(applyTheme); return; }
    b.root.classList.toggle("aw-dark", hostIsDark(b.el));
  };
  const themeWatch = new MutationObserver(applyTheme);
  for (const n of [document.documentElement, document.body]) {
    if (n) themeWatch.observe(n, { attributes: true });
  }
  requestAnimationFrame(applyTheme);
  return () => themeWatch.disconnect();
}

// A view out of the page draws nothing and asks nothing. The notebook draws the board
// anew when it refreshes the output's picture, and the old view may be left behind
// without being disposed; a view that comes back (a notebook that unmounts cells out
// of sight) is drawn again when it shows.
function away(b: Board) {
  if (b.root.isConnected) { b.shown = true; return false; }
  if (!b.shown) return false; // not yet in the page: drawn before it is put there
  b.behind = true;
  return true;
}
function watchPresence(b: Board) {
  if (typeof IntersectionObserver !== "function") return () => {};
  const back = new IntersectionObserver(() => {
    if (b.behind && b.root.isConnected) { b.behind = false; draw(b); scheduleBot(b); }
  });
  back.observe(b.root);
  return () => back.disconnect();
}

// Is Python answering? A board restored from a saved notebook, or left behind by a
// restarted kernel, has nothing behind it: it still draws its last state, and says so
// when a request gets no answer (the kernel acknowledges every message).
function silence(b: Board) {
  b.link.timer = undefined;
  b.link.noKernel = true;
  draw(b);
}
function watchLink(b: Board, ms: number) {
  clearTimeout(b.link.timer);
  b.link.timer = b.link.pending > 0 ? setTimeout(() => silence(b), ms) : undefined;
}
function send(b: Board, msg: Intent) {
  try {
    b.model.send(msg);
  } catch (e) {
    silence(b);
    return;
  }
  b.link.pending += 1;
  if (!b.link.timer) watchLink(b, msg.kind === "hello" ? HELLO_WAIT_MS : ANSWER_WAIT_MS);
}
// an acknowledgement: one request answered, Python is there
function acked(b: Board) {
  b.link.pending = Math.max(0, b.link.pending - 1);
  watchLink(b, ANSWER_WAIT_MS);
  if (b.link.noKernel) { b.link.noKernel = false; draw(b); }
}

// an action from the shown step; from a past step, first ask: branch off or undo back?
// (place: with a purchase, the cell its tile is dropped on)
function act(b: Board, action: ActionJson, resolve?: "branch" | "undo", place?: PosJson) {
  const v = b.V();
  if (!v || (v.mode !== "game" && v.mode !== "gardens")) return; // (a table's action)
  if (!v.live && !resolve) {
    b.ui.confirm = action;
    draw(b);
    return;
  }
  b.ui.confirm = null;
  b.ui.afterAct = v.v; // when the answer is drawn, the focus goes to the next decision
  const msg: ActIntent = { kind: "act", v: v.v, action };
  if (resolve) msg.resolve = resolve;
  if (place) msg.place = place;
  send(b, msg);
}

// a scoring round that just happened is walked through (the bots wait)
function followRounds(v: View, ui: Picks) {
  if (v.mode !== "game") return;
  // rounds already walked through stay seen while you look at the past and come back
  // (an undo or a branch at the live end may have fewer)
  if (ui.roundsSeen === null || (v.live && v.rounds.length < ui.roundsSeen)) ui.roundsSeen = v.rounds.length;
  if (!v.live) ui.walk = false; // a jump back closes the walkthrough (and its prompt)
  if (v.live && v.rounds.length > ui.roundsSeen) {
    ui.walk = true; ui.roundSel = v.rounds.length - 1; ui.roundRow = 0; ui.roundsSeen = v.rounds.length; ui.walkScroll = true; // (its first line's boards come into sight)
  }
}

// Patch the board in place, only the parts that changed. The keyboard focus stays on
// its control when that control is still there; else it goes to the same control drawn
// anew, or to the board, so shortcut keys keep working after a click.
function draw(b: Board) {
  if (away(b)) return;
  const { ui, model, root } = b;
  const v = b.V();
  if (!v) { root.replaceChildren(); return; }
  setGlyphs((model.get("texts") || { glyphs: undefined }).glyphs);
  const [step, over] = "step" in v ? [v.step, v.over] : [undefined, undefined]; // (a course and a sandbox have none)
  if (ui.step !== step || ui.over !== over) { resetPicks(ui); ui.step = step; ui.over = over; }
  clearRefused(v, ui); followRounds(v, ui); // (a refused guided click's picks cleared)
  const active = root.contains(document.activeElement) ? document.activeElement : null;
  const again = focusKey(active);
  patchParts(root, boardParts({ v, ui, model, rule: b.rule, noKernel: b.link.noKernel })); markRecent(root, v); prefit(root); // (your Alhambra sized before the page is laid out)
  if (active && !active.isConnected) (root.querySelector<HTMLElement>(again || ":not(*)") || root).focus({ preventScroll: true });
  // the board fits the window in the next frame, before it is painted (measuring it now
  // would force a layout of the page in the middle of the change); what scrolls the
  // board into sight measures it fitted, now
  const scroll = ui.toBoard === step || ui.walkScroll;
  if (scroll || !b.sticky) fitToWindow(root);
  if (b.sticky) (scroll ? b.sticky.update : b.sticky.refit)();
  if (ui.toBoard === step) { ui.toBoard = null; boardIntoSight(root); } // a step picked in the review
  if (ui.walkScroll) { ui.walkScroll = false; walkIntoSight(root); } // a line of the walkthrough picked
  focusNextDecision(b, v);
  requestAnimationFrame(() => animate(b)); // after the patch: measuring the page forces a layout
}

// the others' new moves travel (motion.js), from the frame after the one showing them;
// a board drawn before it is in the page (a notebook draws the output anew at each
// move) animates once it is there
function animate(b: Board, tries = 0) {
  const v = b.V(), ui = b.ui;
  if (!v || v.mode !== "game" || !v.live || !b.alive) return;
  if (!b.root.isConnected) { if (tries < 120) requestAnimationFrame(() => animate(b, tries + 1)); return; }
  const travels = arrivals(b.root, v, ui.animated || (ui.animated = new Set()));
  const started = (n: number) => { ui.animations = (ui.animations || 0) + n; b.root.dataset.animations = String(ui.animations); }; // (for tests and benchmarks)
  if (travels.length) requestAnimationFrame(() => started(fly(travels, travelMs(b.model.get("bot_delay"))))); else started(0);
}

// after an action, the keyboard focus goes to the control of the next decision: a tile
// to place (when placing), the first legal cell, the turn's buttons, the money display
function focusNextDecision(b: Board, v: View) {
  const { ui, root } = b;
  if (ui.afterAct === undefined || ui.afterAct === null || v.v === ui.afterAct || !root.isConnected) return;
  ui.afterAct = null;
  const a = document.activeElement;
  if (!("live" in v) || !v.live || !(a === root || a === document.body || root.contains(a) || !a)) return;
  const placing = v.mode === "game" && v.legal && v.legal.phase !== "act";
  const next = [placing && "[data-area='to-place'] [data-sel]", "[data-cell][tabindex='0']", "[data-take]", ".aw-actions button"];
  for (const sel of next) {
    const e = sel && root.querySelector<HTMLButtonElement>(sel);
    if (e && !e.disabled) { e.focus({ preventScroll: true }); return; }
  }
}

// what a click or a key may use (nothing before Python's first view: no board is drawn)
function intentContext(b: Board): IntentCtx | null {
  const v = b.V();
  return v ? {
    v, ui: b.ui, root: b.root,
    act: (action, resolve, place) => act(b, action, resolve, place),
    send: (msg) => send(b, msg),
    redraw: () => draw(b),
    walkRound: (open) => walkRound(b, open),
  } : null;
}

// open or close the step-through of a scoring round (the bots wait while it is open)
function walkRound(b: Board, open: boolean) {
  b.ui.walk = open;
  b.ui.roundRow = 0;
  draw(b);
  scheduleBot(b);
}

const botsMayMove = (b: Board, v: View | undefined): v is TableView =>
  !!v && (v.mode === "game" || v.mode === "gardens") && v.bot_to_move && !!b.model.get("autoplay_bots") && !b.ui.walk;

// Ask the kernel for the bot's move, and ask again while the board has not moved: a
// message can be lost (a kernel still starting, as in JupyterLite), and the kernel drops
// any request whose version is no longer the board's, so asking twice is harmless.
function scheduleBot(b: Board) {
  clearTimeout(b.botTimer);
  const v = b.V();
  if (away(b) || !botsMayMove(b, v)) return;
  const version = v.v;
  const delay = Math.max(0, (b.model.get("bot_delay") || 0) * 1000);
  const ask = (wait: number) => {
    b.botTimer = setTimeout(() => {
      const now = b.V();
      if (!now || now.v !== version || away(b) || !botsMayMove(b, now)) return;
      send(b, { kind: "bot", v: version });
      ask(Math.max(BOT_RETRY_MS, delay));
    }, wait);
  };
  ask(delay);
}

// The timeline slider follows the pointer: while it is dragged, each new position is
// asked for as soon as the last one is drawn (never more than one request in flight).
function slideTo(b: Board, step: number) {
  b.slide.want = step;
  const v = b.V();
  if (b.slide.asked === null && !(v && "step" in v && step === v.step)) {
    b.slide.asked = step;
    send(b, { kind: "goto", step });
  }
}
function slideAnswered(b: Board) {
  const asked = b.slide.asked;
  b.slide.asked = null;
  if (asked !== null && b.slide.want !== null && b.slide.want !== asked) slideTo(b, b.slide.want);
}

// the page's own controls: the slider, the bots' speed, the display toggles
function onChange(b: Board, ev: Event) {
  const t = ev.target as HTMLInputElement;
  if (t.dataset.slider) {
    t.awHeld = false;
    slideTo(b, +t.value);
  } else if (t.dataset.botspeed) {
    b.model.set("bot_delay", +t.value);
    b.model.save_changes();
    scheduleBot(b);
  } else if (t.dataset.toggle) {
    b.model.set(t.dataset.toggle as "show_walls" | "show_coords" | "show_all_money" | "autoplay_bots", t.checked);
    b.model.save_changes();
    draw(b);
    scheduleBot(b);
  }
}

// hovering a cell, a tile or a field: the status line says its verdict
function onOver(b: Board, ev: Event) {
  const target = ev.target as Element, v = b.V();
  const cell = target.closest && target.closest<SVGRectElement>("[data-cell]");
  if (cell && v && v.mode === "game") showGhost(b.root, cell, pickedTile(v, b.ui));
  else if (!(target.closest && target.closest(".aw-preview"))) clearGhost(b.root);
  const text = hoverText(target, b.rule);
  if (text === b.ui.hover) return;
  b.ui.hover = text;
  const st = b.root.querySelector(".aw-status");
  if (st && v && v.mode !== "course") {
    st.textContent = text || (v.mode !== "alhambra" && coachStatus(v)) || statusText({ v, ui: b.ui, model: b.model });
    st.parentElement!.awHtml = undefined; // its part no longer shows what was drawn
  }
}

function listenToPage(b: Board) {
  const { root, ui } = b;
  const held = (on: boolean) => (ev: Event) => {
    const t = ev.target as Element;
    const s = t.closest && t.closest("[data-slider]");
    if (s) s.awHeld = on;
  };
  // a click's, a key's or a drop's intent (none before Python's first view)
  const withIntents = (fn: (c: IntentCtx) => void) => { const c = intentContext(b); if (c) fn(c); };
  root.addEventListener("focusin", (ev) => {
    ui.inside = true; ui.focused = focusKey(ev.target as Element);
    onOver(b, ev); // a focused cell says its verdict on screen, as when hovered
  });
  root.addEventListener("focusout", (ev) => {
    if (ev.relatedTarget && !root.contains(ev.relatedTarget as Node)) ui.inside = false;
  });
  root.addEventListener("click", (ev) => {
    const t = (ev.target as Element).closest<HTMLButtonElement>(CLICKABLE);
    if (t && !t.disabled) withIntents((c) => clickIntent(t.dataset, c));
  });
  root.addEventListener("mouseover", (ev) => onOver(b, ev));
  // back at a course board: its map reads the progress again (another notebook may have
  // earned stars since), at most every 2 s
  let refreshed = 0;
  root.addEventListener("pointerenter", () => withIntents((c) => {
    if (c.v.mode !== "course" || Date.now() - refreshed < 2000) return;
    refreshed = Date.now();
    c.send({ kind: "refresh" });
  }));
  listenToDrags(root, {
    ui, redraw: () => draw(b), picked: () => { const v = b.V(); return v && v.mode === "game" ? pickedTile(v, ui) : null; },
    clickCell: (cell) => withIntents((c) => clickIntent(cell.dataset, c)),
    dropSlot: (cur, cell) => withIntents((c) => { if (c.v.mode === "game") buyDropped(cur, cell.dataset.cell!, { ...c, v: c.v }); }),
  });
  // Escape closes an open panel (the scoring round, the teacher menu) wherever the focus is
  const onEscape = (ev: KeyboardEvent) => {
    // (a view left behind by a redraw of the output shares the picks: only the shown one acts)
    if (ev.key !== "Escape" || !b.alive || !root.isConnected || root.contains(ev.target as Node)) return;
    if (ui.walk) { walkRound(b, false); ev.stopPropagation(); } else if (ui.menu) { ui.menu = false; draw(b); ev.stopPropagation(); }
  };
  window.addEventListener("keydown", onEscape, true); // the host may stop it at the document
  b.stopEscape = () => window.removeEventListener("keydown", onEscape, true);
  root.addEventListener("keydown", (ev) => withIntents((c) => {
    if (keyIntent(ev, c)) { ev.preventDefault(); ev.stopPropagation(); }
  }));
  root.addEventListener("input", (ev) => {
    const t = ev.target as HTMLInputElement;
    if (t.dataset.slider) slideTo(b, +t.value);
  });
  root.addEventListener("change", (ev) => onChange(b, ev));
  root.addEventListener("pointerdown", held(true));
  root.addEventListener("pointerup", held(false));
}

// Python's side: a new view, a message, an acknowledgement. One redraw per change: the
// updates of one message from Python (the view and the message of one action) are drawn
// together once they are all set, at once (not in the next frame: that waited 8 ms on
// average before anything showed). Returns the function that stops listening.
const whenIdle = (f: () => void) => (typeof requestIdleCallback === "function" ? requestIdleCallback(f, { timeout: 200 }) : setTimeout(f, 0));
function listenToModel(b: Board) {
  const { model } = b;
  let drawPending = false;
  const requestDraw = () => {
    if (drawPending) return;
    drawPending = true;
    queueMicrotask(() => { drawPending = false; draw(b); });
  };
  const onView = () => {
    b.link.noKernel = false;
    b.ui.hover = "";
    requestDraw();
    scheduleBot(b);
    slideAnswered(b);
    // tell the host which step the page shows (a trait change from the page is what
    // marimo re-runs cells on), once the frame showing it is painted and the page is
    // idle: sent before the draw, its message to the kernel held the new frame back (a
    // hidden tab: at once)
    if (document.hidden) setTimeout(tellSeen, 0); else requestAnimationFrame(() => whenIdle(tellSeen));
  };
  const tellSeen = () => {
    const v = b.V(), steps = v && "steps" in v ? v.steps : undefined;
    if (b.alive && steps !== undefined && model.get("seen_steps") !== steps) { model.set("seen_steps", steps); model.save_changes(); }
  };
  const onMessage = () => { b.link.noKernel = false; requestDraw(); };
  const onCustom = (msg?: unknown) => {
    if (msg && (msg as { kind?: string }).kind === "ack") {
      acked(b);
      slideAnswered(b); // a step asked for that did not change the view
    }
  };
  const on: [string, (msg?: unknown) => void][] = [["change:view", onView], ["change:message", onMessage], ["change:show_walls", requestDraw],
    ["change:show_coords", requestDraw], ["msg:custom", onCustom]];
  for (const [ev, fn] of on) model.on(ev, fn);
  return () => { for (const [ev, fn] of on) model.off(ev, fn); };
}

// the notebook may draw this board anew (it refreshes the output's picture): the
// keyboard focus, if it was in the old board, comes back to the same control
function refocus(b: Board) {
  const { ui, el, root } = b;
  if (!b.alive || !ui.inside) return;
  if (!el.isConnected) { requestAnimationFrame(() => refocus(b)); return; }
  // take it from the old board (or from nowhere), never from the rest of the page
  const a = document.activeElement;
  if (!a || a === document.body || (!root.contains(a) && a.closest(".aw-root"))) {
    (root.querySelector<HTMLElement>(ui.focused || ":not(*)") || root).focus({ preventScroll: true });
  }
}

// The notebook draws the output anew when it refreshes the output's picture (at each
// move a person makes): the widget gets a new view, and the old one is left behind. The
// new view takes over the old one's drawn parts (moved, not drawn again from nothing: a
// full draw of a 6-player table took 12-20 ms), then patches them. Once the new view is
// in the page, the old one is stopped if its place left the page; if it is still shown
// (the same widget displayed twice), it draws its own parts again.
const BOARDS = new Map<string | Model, Board>();
function takeOver(b: Board) {
  const id = b.model.get("board_id") || b.model;
  const prev = BOARDS.get(id);
  BOARDS.set(id, b);
  if (!prev || !prev.alive || prev.root === b.root) return;
  b.root.append(...prev.root.childNodes);
  let frames = 0;
  const settle = () => {
    if (!prev.alive) return;
    if (prev.root.isConnected) { draw(prev); return; } // shown twice: both are drawn
    if (b.el.isConnected || ++frames > 300) { prev.dispose!(); return; }
    requestAnimationFrame(settle);
  };
  requestAnimationFrame(settle);
}

function render({ model, el }: { model: Model; el: HTMLElement }) {
  const b = makeBoard(model, el);
  const stops = [watchTheme(b), watchPresence(b), listenToModel(b), watchScroll(b)];
  listenToPage(b);
  const view = Math.random().toString(36).slice(2); // the kernel counts the views left: none, no background review
  b.dispose = () => {
    if (b.alive) try { model.send({ kind: "bye", view } satisfies Intent); } catch { /* no kernel */ }
    clearTimeout(b.botTimer); clearTimeout(b.link.timer);
    b.alive = false;
    b.stopEscape?.();
    for (const stop of stops) stop();
  };
  takeOver(b); draw(b); refocus(b);
  send(b, { kind: "hello", view });
  scheduleBot(b);
  return () => b.dispose!();
}

export default { render };
