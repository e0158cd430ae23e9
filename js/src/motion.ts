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

function travel(from: Element | null, to: Element | null, node: Node | null, cls: string, ms: number, hide: HTMLElement | SVGElement | null) {
  if (!from || !to || typeof document.body.animate !== "function") return null;
  const a = from.getBoundingClientRect(), z = to.getBoundingClientRect();
  const g = ghostAt(z, node, cls);
  const dx = a.left + a.width / 2 - (z.left + z.width / 2), dy = a.top + a.height / 2 - (z.top + z.height / 2);
  if (hide) hide.style.opacity = "0";
  const anim = g.animate(travelFrames(dx, dy, !!hide), { duration: ms, easing: "ease-in-out" });
  const done = () => { g.remove(); if (hide) hide.style.opacity = ""; };
  anim.onfinish = done;
  anim.oncancel = done;
  return anim;
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

// Animate the entries of view.recent not yet shown; returns how many travels started.
// seen: a Set kept per board (emptied when the list is).
export function animateRecent(root: Element, v: GameView, seen: Set<string>, ms: number) {
  const rec = v.recent || [];
  if (!rec.length) { seen.clear(); return 0; }
  if (!root.isConnected) return 0; // not yet in the page (nothing has a place): later
  let started = 0;
  const can = typeof document.body.animate === "function" && !reducedMotion();
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
      if (cell && from && travel(from, cell, tileCopy(cell), "aw-ghost-tile", ms, cell)) started++;
    }
    if (m.cards && panel) {
      const display = root.querySelector("[data-area='money'] .aw-cards");
      const to = panel.querySelector(".aw-facts") || panel;
      m.cards.forEach(() => {
        const back = document.createElement("div");
        back.className = "aw-cardback";
        if (travel(display, to, back, "aw-ghost-card", ms, null)) started++;
      });
    }
  });
  return started;
}

