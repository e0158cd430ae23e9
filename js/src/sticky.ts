// The table's bar (the prompt and the turn's buttons) stays in sight while the notebook
// scrolls, thin while it floats (see thinBar). CSS sticky cannot do it in JupyterLab
// (the output area clips overflow), so the bar is moved down by the height of the
// board scrolled out of sight, within the board.
import { CELL_PX } from "./common.js";

// the board's bar in the page: what scrolls the notebook, and a redraw of the bar's place
// (refit: fit the board to the window too, in the same frame: zoomToFit and fitToWindow
// measure the page, so they wait for the frame instead of forcing a layout mid-change)
export interface Sticky { scroller: Element | null; update: () => void; refit: () => void }
interface Board { root: HTMLElement; sticky?: Sticky }

function scrollerOf(el: Element) {
  for (let e = el.parentElement; e; e = e.parentElement) {
    const o = getComputedStyle(e).overflowY;
    if ((o === "auto" || o === "scroll") && e.scrollHeight > e.clientHeight + 1) return e;
  }
  return null; // the window scrolls
}
// Where the bar goes (read first, before the fit's writes: the page laid out once for
// both), then a function that puts it there (its writes)
function barPlace(b: Board & { sticky: Sticky }) {
  const bar = b.root.querySelector<HTMLElement>(":scope > .aw-bar");
  if (!bar || !b.root.isConnected) return null;
  const sc = b.sticky.scroller && b.sticky.scroller.isConnected ? b.sticky.scroller : (b.sticky.scroller = scrollerOf(b.root));
  const top = sc ? sc.getBoundingClientRect().top : 0;
  const r = b.root.getBoundingClientRect();
  const room = r.height - bar.offsetHeight - bar.offsetTop;
  // at the end of a game (live) the bar stays at the board's top: floating, it covered
  // the results' heading ("Game over") as the notebook scrolled; it holds no turn's
  // buttons then, and the results hold what may be done next
  const end = bar.classList.contains("aw-bar-still");
  const dy = end ? 0 : Math.max(0, Math.min(room, top - r.top - bar.offsetTop));
  const high = bar.offsetHeight;
  return () => {
    const want = dy > 0 ? `translateY(${Math.round(dy)}px)` : "";
    if (bar.style.transform !== want) bar.style.transform = want;
    bar.classList.toggle("aw-floating", dy > 0);
    // parts scrolled to stop below it (set only when it changed: a custom property set on
    // the board is inherited by every element in it)
    setVar(b.root, "--aw-bar-h", `${thinBar(bar, dy > 0, high)}px`);
  };
}
// While the bar floats over the page, its empty rows at the foot (no turn's buttons at a
// past step or in another's turn, no message) let the page show through and take no
// clicks: the bar covers only what it says (at 1366x768 its empty rows hid the top of
// the review's graph). Its place in the page stays as tall, so nothing below moves.
// Returns the height the bar covers.
export function thinBar(bar: HTMLElement, floating: boolean, high?: number) {
  const rows = [
    bar.querySelector<HTMLElement>(":scope > .aw-barrow"),
    bar.querySelector<HTMLElement>(":scope > .aw-part > .aw-actions"),
    bar.querySelector<HTMLElement>(":scope > .aw-msgline"),
  ].filter((r): r is HTMLElement => Boolean(r));
  const says = (r: HTMLElement) => (r.classList.contains("aw-actions") ? r.childElementCount > 0
    : r.classList.contains("aw-msgline") ? !!r.querySelector(".aw-msg") : true);
  let last = 0;
  rows.forEach((r, i) => { if (says(r)) last = i; });
  // (at the end the bar is a short grid of its own, the prompt and the step box side by
  // side over the message line: it floats whole)
  const thin = floating && last < rows.length - 1 && !bar.classList.contains("aw-bar-end");
  bar.classList.toggle("aw-thin", thin);
  rows.forEach((r, i) => {
    r.classList.toggle("aw-through", thin && i > last);
    r.classList.toggle("aw-barfoot", thin && i === last);
  });
  if (!thin) return high ?? bar.offsetHeight; // (its height as measured before, when given)
  return rows[last].offsetTop + rows[last].offsetHeight;
}
export function watchScroll(b: Board) {
  let pending = false, fit = false;
  const onScroll = () => {
    if (pending) return;
    pending = true;
    requestAnimationFrame(() => {
      pending = false;
      const place = barPlace(sticky);
      if (fit) { fit = false; fitToWindow(b.root, place ? sticky.sticky.scroller : undefined); } // (the scroller the bar just found)
      if (place) place();
    });
  };
  const refit = () => { fit = true; onScroll(); };
  const sticky = Object.assign(b, { sticky: { scroller: null, update: onScroll, refit } });
  const onResize = () => { fitToWindow(b.root); onScroll(); };
  // the first layout in the page, and any change of the board's size, fits it again
  const sized = typeof ResizeObserver === "function" ? new ResizeObserver(() => fitToWindow(b.root)) : null;
  if (sized) sized.observe(b.root);
  document.addEventListener("scroll", onScroll, { capture: true, passive: true });
  window.addEventListener("resize", onResize, { passive: true });
  return () => {
    document.removeEventListener("scroll", onScroll, { capture: true });
    window.removeEventListener("resize", onResize);
    if (sized) sized.disconnect();
  };
}

// The review lies under the board (review.js): a step picked there (a mark or a point of
// its graph, a mistake's button) brings the board of that step into sight, its top
// below the floating bar (the scroll margin of widget.css), when its top is not in sight
// already. The banner's "to the review" goes back (reviewIntoSight).
function inSight(root: Element, el: Element) {
  const sc = scrollerOf(root);
  const view = sc ? sc.getBoundingClientRect() : { top: 0, bottom: window.innerHeight };
  const bar = parseFloat(getComputedStyle(root).getPropertyValue("--aw-bar-h")) || 0;
  const top = el.getBoundingClientRect().top;
  return top >= view.top + bar - 1 && top <= view.bottom - 120;
}
export function boardIntoSight(root: Element) {
  const main = root.querySelector(".aw-grid > .aw-main");
  if (main && root.querySelector(".aw-main section.aw-review") && !inSight(root, main)) main.scrollIntoView({ block: "start" });
}
// A line of a scoring round walked through points at the boards of the players with a
// tile of its kind (or every board, at the walls): when none of their drawings is wholly
// in sight below the floating bar and clear of the walkthrough, the first one clear of
// it is scrolled into sight, the least distance (when one is in sight already, nothing
// moves: the walkthrough's buttons stay under the mouse)
export function walkIntoSight(root: Element) {
  const sc = scrollerOf(root);
  const view = sc ? sc.getBoundingClientRect() : { top: 0, bottom: window.innerHeight };
  const bar = parseFloat(getComputedStyle(root).getPropertyValue("--aw-bar-h")) || 0;
  const walk = root.querySelector(".aw-rounds.aw-walk");
  const w = walk ? walk.getBoundingClientRect() : null;
  const pointed = [...root.querySelectorAll(".aw-player.aw-walkpoint")];
  const drawing = (p: Element) => (p.querySelector(".aw-board") || p).getBoundingClientRect();
  const clear = (p: Element) => {
    const r = drawing(p);
    return !w || r.right <= w.left + 0.5 || r.left >= w.right - 0.5 || r.bottom <= w.top + 0.5 || r.top >= w.bottom - 0.5;
  };
  const seen = (p: Element) => {
    const r = drawing(p);
    return r.top >= view.top + bar - 1 && r.bottom <= view.bottom + 1 && clear(p);
  };
  if (pointed.length && !pointed.some(seen)) (pointed.find(clear) || pointed[0]).scrollIntoView({ block: "nearest" });
}
export function reviewIntoSight(root: Element) {
  const review = root.querySelector("section.aw-review");
  if (review) review.scrollIntoView({ block: "start" });
}

// Zoom to fit: your Alhambra (zoomToFit), the Gardens board and the panels over the side column
// are as tall as the window leaves them below their place in the board when the board's
// top is scrolled to the top of the notebook, never less than a readable least (their
// box scrolls, or the board is drawn smaller). Measured from the board's top, so
// scrolling the notebook changes nothing.
// (selector, least px, room kept under it: the Gardens board's key)
// (the Gardens' list of buildings scored scrolls within what the window leaves)
const FITS: [string, number, number][] = [[".ag-board", 320, 48], [".aw-overlay", 200, 0], [".aw-allboard .aw-board", 160, 0], [".ag-side .ag-explain", 140, 0]];
export function fitToWindow(root: HTMLElement, found?: Element | null) {
  if (!root.isConnected) return;
  const sc = found === undefined ? scrollerOf(root) : found;
  const room = sc ? Math.min(sc.clientHeight, window.innerHeight) : window.innerHeight;
  const top = root.getBoundingClientRect().top;
  // every measure first, then the writes: the page is laid out once for them (a read
  // after a write lays it out again; your Alhambra's fit reads back what it drew, which
  // costs nothing when it drew nothing new)
  const moves = movesLines(root);
  const narrow = narrowMoney(root);
  const fits: [HTMLElement | SVGElement, string][] = [];
  for (const [sel, least, under] of FITS) {
    for (const el of root.querySelectorAll<HTMLElement | SVGElement>(sel)) {
      const at = el.getBoundingClientRect().top - top;
      fits.push([el, `${Math.max(least, Math.floor(room - at - under - 16))}px`]);
    }
  }
  const wraps = [...root.querySelectorAll<HTMLElement>(".aw-me .aw-boardwrap")].map((wrap) =>
    [wrap, wrap.offsetWidth, room - (wrap.getBoundingClientRect().top - top) - 16] as const);
  const walk = placeWalk(root);
  for (const [wrap, width, high] of wraps) if (zoomToFit(wrap, high, width)) root.awFit = [width, high]; // (what prefit draws the next board at)
  for (const [el, want] of fits) {
    if (el.style.maxHeight !== want) el.style.maxHeight = want;
    el.awFitted = true;
  }
  if (narrow !== null) root.classList.toggle("aw-narrowmoney", narrow);
  if (walk) walk();
  if (moves) setVar(moves[0], "--aw-moves-lines", moves[1]);
}

// The bar's last moves (table.ts) under a shorter instruction: as many lines as the
// prompt's fixed area leaves under it (one or two), the newest move first, wrapping
// into them whole when it fits (one line each cut it short with "…"); past them a move
// ends with "…" at their last line (its whole sentence on hover and in the log). Read
// here, where the page is measured anyway; widget.css clamps the list to that.
// (set on the bar, which the patches keep: set on the list, drawn anew at each prompt,
// it was set again at every change, and laid the page out once more)
function movesLines(root: HTMLElement): [HTMLElement, string] | null {
  const ol = root.querySelector<HTMLElement>(":scope > .aw-bar .aw-lastmoves");
  if (!ol) return null;
  const line = parseFloat(getComputedStyle(ol).lineHeight) || 18;
  return [ol.closest<HTMLElement>(".aw-bar")!, String(Math.max(1, Math.floor((ol.clientHeight + 1) / line)))];
}
// a custom property set only when it changes (a write, even of the same value, makes the
// next read lay the page out again)
function setVar(el: HTMLElement, name: string, value: string) {
  if (el.style.getPropertyValue(name) !== value) el.style.setProperty(name, value);
}

// A money display 283 px wide or less (its content box) leaves the currencies' names to
// their bands (widget.css): a class on the board, which no patch of the parts resets,
// set where the page is measured anyway (a container query laid out the display's
// content twice at each of its changes, 1.3 ms for a 6-player table's): true or false,
// or null without a money display
const NARROW_MONEY_PX = 283;
function narrowMoney(root: HTMLElement) {
  const money = root.querySelector<HTMLElement>("[data-area=money]");
  if (!money) return null;
  const pad = getComputedStyle(money);
  return money.clientWidth - parseFloat(pad.paddingLeft) - parseFloat(pad.paddingRight) <= NARROW_MONEY_PX;
}

// A scoring round walked through lies beside the market (its left edge past the
// market's right one, its right edge the table's): the market stays in sight, and the
// walkthrough covers the money display and the score track, which wait while it is
// open; it ends above the first of the others' panels (their headings and boards stay
// in sight; its table and sentence scroll within what is left). A round of four
// players or more (a taller table) lies under the market and the money display
// instead, over the main column: every other's panel stays in sight. At the end it is
// a strip of the results (overview.ts), not placed here. In a guided or a coached game the guide's or the coach's
// words at the top of the side column stay in sight: the walkthrough lies over the
// market and the money display instead (the game waits while it is open).
function placeWalk(root: HTMLElement) {
  const grid = root.querySelector<HTMLElement>(".aw-grid");
  const walk = grid && grid.querySelector(".aw-rounds.aw-walk");
  if (!grid || !walk) return null;
  const g = grid.getBoundingClientRect();
  const market = grid.querySelector(".aw-main [data-area=market]");
  const main = grid.querySelector(":scope > .aw-main");
  const top = grid.querySelector(".aw-main > .aw-top");
  const atop = !!market && !walk.classList.contains("aw-walkmany");
  const beside = atop && grid.classList.contains("aw-walkbeside"); // (the table decides: walkBeside, table.ts)
  const left = beside ? Math.round(market.getBoundingClientRect().right - g.left + 8) : 0;
  const right = beside || !main ? 0 : Math.round(g.right - main.getBoundingClientRect().right);
  const down = atop || !top ? 0 : Math.round(top.getBoundingClientRect().bottom - g.top + 6);
  const first = beside && grid.querySelector(".aw-side .aw-opponents .aw-player");
  const high = first ? Math.max(60, Math.floor(first.getBoundingClientRect().top - g.top - 4)) : 2000;
  return () => {
    for (const [name, px] of [["--aw-walk-left", left], ["--aw-walk-right", right], ["--aw-walk-top", down], ["--aw-walk-high", high]] as const) {
      setVar(grid, name, `${px}px`);
    }
  };
}

// Your Alhambra's drawing fits its area: its frame (the tiles built and the ring of
// cells around them) as large as the area's width and the window's height below it
// allow, its cells between a least (a tile's picture is recognisable at 25 px; under
// NAMED_CELL the kinds' names, too small to read, are left to the pictures, the labels
// and the hover) and a most (a first tile is not a poster);
// enlarged ("larger"), half as large again, at least LARGE_CELL, scrolling within the
// area. The area is never taller than the window leaves it: a frame too large for the
// least cells scrolls within it.
export const MIN_CELL = 26, MAX_CELL = 64, LARGE_CELL = 64, MOST_CELL = 96, NAMED_CELL = 38;
export function zoomToFit(wrap: HTMLElement, high: number, width = wrap.offsetWidth) {
  const svg = wrap.querySelector<SVGSVGElement>(":scope > svg.aw-board");
  if (!svg || !sizeDrawing(wrap, svg, width, high)) return false;
  // drawn larger than its area: the area says it scrolls (its scrollbars shown, and a
  // note at its foot that stays in sight), its size unchanged
  wrap.classList.toggle("aw-overflows", wrap.scrollWidth > wrap.clientWidth + 1 || wrap.scrollHeight > wrap.clientHeight + 1);
  // just enlarged or fitted again: the middle of the drawing in sight
  const zoomed = wrap.classList.contains("aw-zoomed");
  if (wrap.awZoomed !== undefined && wrap.awZoomed !== zoomed) {
    wrap.scrollLeft = (wrap.scrollWidth - wrap.clientWidth) / 2;
    wrap.scrollTop = (wrap.scrollHeight - wrap.clientHeight) / 2;
  }
  wrap.awZoomed = zoomed;
  return true;
}

// the drawing's size in its area `width` px wide with `high` px of the window below its
// top (no measuring: only writes); false when there is nothing to size
function sizeDrawing(wrap: HTMLElement, svg: SVGSVGElement, width: number, high: number) {
  if (!svg.viewBox || !svg.viewBox.baseVal) return false;
  const { width: w, height: h } = svg.viewBox.baseVal;
  const cols = w / CELL_PX, rows = h / CELL_PX;
  if (!cols || !rows || !width) return false;
  const room = Math.max(MIN_CELL * 3, Math.floor(high));
  const fit = Math.min(MAX_CELL, Math.floor(width / cols), Math.floor(room / rows));
  const zoomed = wrap.classList.contains("aw-zoomed"), fitted = Math.max(MIN_CELL, fit);
  const cell = zoomed ? Math.min(MOST_CELL, Math.max(LARGE_CELL, Math.floor(fit * 1.5))) : fitted;
  const want = [`${cols * cell}px`, `${rows * cell}px`, `${room}px`];
  if (svg.style.width !== want[0] || svg.style.height !== want[1]) Object.assign(svg.style, { width: want[0], height: want[1], maxWidth: "none", maxHeight: "none" });
  if (wrap.style.maxHeight !== want[2]) wrap.style.maxHeight = want[2];
  // enlarged, the area keeps the height it has fitted: the larger drawing scrolls inside it
  const keep = zoomed ? `${Math.min(room, rows * fitted)}px` : "";
  if (wrap.style.height !== keep) wrap.style.height = keep;
  wrap.classList.toggle("aw-unnamed", cell < NAMED_CELL);
  wrap.awFitted = svg.awFitted = true; // (what is set here stays when they are patched: morph.ts)
  return true;
}

// Right after a patch, before the page is laid out: your Alhambra's drawing sized for
// its area as last measured (a board drawn anew, as the hot-seat table's at each move,
// is laid out once at its fitted size, not first at its own and then again fitted);
// the fit in the next frame measures it and corrects what changed.
export function prefit(root: HTMLElement) {
  if (!root.awFit) return;
  for (const wrap of root.querySelectorAll<HTMLElement>(".aw-me .aw-boardwrap")) {
    const svg = wrap.querySelector<SVGSVGElement>(":scope > svg.aw-board");
    if (svg) sizeDrawing(wrap, svg, ...root.awFit);
  }
}
