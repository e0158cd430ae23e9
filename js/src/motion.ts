// Moves you can watch: a bot's bought tile travels from its market slot to its cell,
// its taken cards travel from the display to its panel (face down: its hand is
// hidden). Only the others' moves (view.recent) are animated, never your own; with
// prefers-reduced-motion the change is instant. Ghosts are drawn on document.body
// (JupyterLab's panels contain fixed elements) and removed when they land.

// ms per travel at each bot speed (the player's pace setting, in seconds per bot move)
import type { GameView } from "./contract.js";

export const travelMs = (botDelay: number | undefined) => Math.round(Math.min(900, Math.max(250, (botDelay || 0) * 600)));

export const reducedMotion = () => !!(window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches);

function ghostAt(rect: DOMRect, node: Node | null, cls: string) {
  const g = document.createElement("div");
  g.className = `aw-ghost ${cls}`;
  g.setAttribute("aria-hidden", "true");
  Object.assign(g.style, { position: "fixed", left: `${rect.left}px`, top: `${rect.top}px`, width: `${rect.width}px`, height: `${rect.height}px`, zIndex: 1000, pointerEvents: "none" });
  if (node) g.appendChild(node);
  document.body.appendChild(g);
  return g;
}

// A travelling piece crosses the others' panels, their last moves and the bar's lines
// on its way (Board Game Arena slides pieces above the table, but its log is a column
// of its own that nothing crosses): in flight it is see-through, IN_FLIGHT opaque, so
// the text under it stays readable; solid where it leaves and, a tile, where it lands
// on its cell; cards fade out into the panel's line of facts (its hand is hidden)
const IN_FLIGHT = 0.4;
function travelFrames(dx: number, dy: number, lands: boolean): Keyframe[] {
  return [
    { offset: 0, transform: `translate(${dx}px, ${dy}px) scale(1.1)`, opacity: 1 },
    { offset: 0.15, opacity: IN_FLIGHT },
    { offset: 0.85, opacity: IN_FLIGHT },
    { offset: 1, transform: "translate(0, 0) scale(1)", opacity: lands ? 1 : 0 },
  ];
}

// One travel: what moves (a copy of a tile, or a card's back), from where to where.
// All of a frame's travels are measured first and their ghosts added after (start): a
// ghost added to the page before the next travel is measured would make the page lay
// itself out again in the same frame.
export interface Travel { from: Element; to: Element; tile: boolean; cls: string; hide: HTMLElement | SVGElement | null }

function start(t: Travel, a: DOMRect, z: DOMRect, ms: number) {
  const g = ghostAt(z, t.tile ? tileCopy(t.to as SVGGraphicsElement) : cardBack(), t.cls);
  const dx = a.left + a.width / 2 - (z.left + z.width / 2), dy = a.top + a.height / 2 - (z.top + z.height / 2);
  const anim = g.animate(travelFrames(dx, dy, !!t.hide), { duration: ms, easing: "ease-in-out" });
  const done = () => { g.remove(); if (t.hide) t.hide.style.opacity = ""; };
  anim.onfinish = done;
  anim.oncancel = done;
}

// a copy of a built tile's picture, as a small SVG of its own
function tileCopy(cell: SVGGraphicsElement) {
  if (typeof cell.getBBox !== "function") return null;
  const box = cell.getBBox();
  const copy = document.createElementNS("http://www.w3.org/2000/svg", "svg");
  copy.setAttribute("viewBox", `${box.x} ${box.y} ${box.width} ${box.height}`);
  copy.setAttribute("width", "100%");
  copy.setAttribute("height", "100%");
  copy.setAttribute("class", "aw-ghost-svg");
  const clone = cell.cloneNode(true) as Element;
  // a picture only: no control, no data for tests or scripts to find twice
  for (const n of [clone, ...clone.querySelectorAll("*")]) {
    for (const a of [...n.attributes]) if (/^(data-|role$|tabindex$|aria-)/.test(a.name)) n.removeAttribute(a.name);
  }
  copy.appendChild(clone);
  return copy;
}

// The travels of the entries of view.recent not yet shown (seen: a Set kept per board,
// emptied when the list is). Their tiles are hidden at once, in the frame that shows
// the move (a change of style: nothing is laid out), and fly from the next (fly):
// their ghosts laid out and painted in the frame that shows the move made it 2-5 ms
// later at a table of six.
export function arrivals(root: Element, v: GameView, seen: Set<string>) {
  const rec = v.recent || [];
  if (!rec.length) { seen.clear(); return []; }
  const can = typeof document.body.animate === "function" && !reducedMotion();
  const travels: Travel[] = [];
  rec.forEach((r, i) => {
    const id = `${i}|${r.text}`;
    if (seen.has(id)) return;
    seen.add(id);
    if (!can) return; // reduced motion (or no animations here): the change is instant
    const m = r.marks || {};
    const panel = root.querySelector(`section.aw-player[aria-label="${CSS.escape(v.players[r.player].name)}"]`);
    const slot = m.slot && root.querySelector(`[data-slot="${m.slot}"]`);
    // a tile bought this move comes from its slot, one bought before from the panel
    const from = slot || (panel && panel.querySelector(".aw-facts"));
    for (const c of m.cells || []) {
      const cell = root.querySelector<SVGGraphicsElement>(`[data-tile-cell="${c}"][data-player="${r.player}"]`);
      if (cell && from) travels.push({ from, to: cell, tile: true, cls: "aw-ghost-tile", hide: cell });
    }
    if (m.cards && panel) {
      const display = root.querySelector("[data-area='money'] .aw-cards");
      const to = panel.querySelector(".aw-facts") || panel;
      if (display) m.cards.forEach(() => travels.push({ from: display, to, tile: false, cls: "aw-ghost-card", hide: null }));
    }
  });
  for (const t of travels) if (t.hide) t.hide.style.opacity = "0";
  return travels;
}

// The travels start (the frame after the move is shown); returns how many: those whose
// ends are still in the page (a tile drawn anew since shows at once)
export function fly(travels: Travel[], ms: number) {
  const live = travels.filter((t) => t.from.isConnected && t.to.isConnected);
  for (const t of travels) if (t.hide && !live.includes(t)) t.hide.style.opacity = "";
  // (reads, then writes)
  const rects = live.map((t) => [t.from.getBoundingClientRect(), t.to.getBoundingClientRect()]);
  live.forEach((t, k) => start(t, rects[k][0], rects[k][1], ms));
  return live.length;
}

function cardBack() {
  const back = document.createElement("div");
  back.className = "aw-cardback";
  return back;
}
