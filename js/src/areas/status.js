// The status line (what to do next, or what the hovered cell says) and the question
// asked when acting from a past step.

import { html } from "../html.js";

export const NO_KERNEL = "No answer from Python yet: its kernel may be busy, or this board's Python side is gone (the notebook was reopened or the kernel restarted) and it only shows the state it was left in. If nothing happens, run the cell again.";

const PAST = (v) => `Looking at step ${v.step} of ${v.steps}. Acting here asks whether to branch off or undo back.`;

export function statusText({ v, ui }) {
  if (ui.hover) return ui.hover;
  const L = v.legal;
  if (v.mode === "alhambra") {
    if (ui.removing) return "Click a tile outlined in green to remove it; the others say why they must stay.";
    return ui.sel ? "Click a green cell to build the tile; hover any cell to learn why not." : "Pick a tile from the palette to see where it may go.";
  }
  const over = v.over ? `Game over: ${v.winners.join(" and ")} win${v.winners.length === 1 ? "s" : ""}.` : "";
  if (ui.walk) {
    return over ? `${over} Step through the last scoring round, then close it (Escape).` :
      "A scoring round was just scored: step through it, then close it (Escape) and the game goes on.";
  }
  if (over) return over;
  if (!v.live) return PAST(v);
  const p = v.players[v.current];
  if (p.seat !== "human") return `${p.name} (${p.seat} bot) is playing…`;
  if (v.mode === "gardens") {
    return `${p.name}: turn your tile (click it or press R), then lay it on a green field${L && L.first ? " (not on the edge: G3)" : ""}. Keyboard: Tab to the board, arrows between fields, Enter lays.`;
  }
  if (!L) return "";
  if (ui.sel && L.tiles && L.tiles[ui.sel]) {
    return `${ui.sel}: a green cell takes it (click), a red-tinted one is forbidden (hover: which rule)${(L.tiles[ui.sel].exchange || []).length ? "; a tile outlined in green can be exchanged for it" : ""}.`;
  }
  if (L.phase !== "act") return `${p.name}: place ${L.phase === "gift" ? "your end-game gift" : "the tiles bought this turn"}: pick one, then a green cell, the reserve${L.phase === "place" && v.dirk ? " or Dirk" : ""}.`;
  return `${p.name} to play: take money, buy a tile (click a market slot), or redesign (a reserve tile, or "move a tile to the reserve").`;
}

// hovering a cell, a tile or a field: its verdict in the rule's words
export function hoverText(target, rule) {
  const c = target.closest("[data-cell],[data-tile-cell],[data-field]");
  if (!c || c.dataset.rule === undefined) return "";
  const r = c.dataset.rule;
  if (c.dataset.field !== undefined) {
    return r === "" ? `field (${c.dataset.field}): your tile may go here — click to lay it.` : `field (${c.dataset.field}): not here — ${r}: ${rule(r)}`;
  }
  if (c.dataset.cell !== undefined) {
    return r === "" ? `(${c.dataset.cell}): the tile may go here — click to build it.` : `(${c.dataset.cell}): not here — ${r}: ${rule(r)} (click for the details)`;
  }
  return r === "" ? `(${c.dataset.tileCell}): may go to the reserve.` : `(${c.dataset.tileCell}): must stay — ${r}: ${rule(r)}`;
}

export function confirmHtml({ v, ui }) {
  if (!ui.confirm) return html``;
  return html`<div class="aw-confirm" role="dialog" aria-label="act from a past state"><p>You are looking at step ${v.step} of ${v.steps}. To act here:</p>
      <button data-resolve="branch">Branch off here (keep the old game)</button>
      <button data-resolve="undo">Undo back to here</button>
      <button data-resolve="cancel">Cancel</button></div>`;
}
