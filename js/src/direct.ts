// Direct manipulation on the board: a ghost of the picked tile on the legal cell under
// the pointer (or the keyboard focus), with the walls of built tiles it would join
// marked, and dragging a tile from the tiles to place, the reserve or a market slot onto
// a cell (click, then click, still works). The verdicts and the joined walls are the
// engine's (view.legal: each cell's rule, each legal cell's joins); the ghost only draws.

import { CELL_PX, tileSvg, key } from "./common.js";
import { html } from "./html.js";
import { patchHtml } from "./morph.js";
import type { CellRules, SegmentJson, TileJson } from "./contract.js";
import type { Picks } from "./state.js";
import type { TableView } from "./types.js";

const SVGNS = "http://www.w3.org/2000/svg";

// "arcades 8 NE" -> ["arcades", 8, "NE"] (the tile's name is its id in the view)
const tileOf = (name: string): TileJson => {
  const [kind, price, walls] = String(name).split(" ");
  return [kind, +price, walls || ""];
};

// the tile picked and the engine's word on it (cells: null for the sandbox's palette)
export interface Picked { tile: string; cells: CellRules | null; joins: Record<string, SegmentJson[]>; exchange: string[] | null }

// The tile being placed or dragged and the engine's word on it: its cells (rule per
// cell), the walls each legal cell would join, the tiles it may be exchanged with.
// A market slot dragged: the tile in it (bought on the drop).
export function pickedTile(v: TableView | null, ui: Picks): Picked | null {
  const L = v && v.mode === "game" ? v.legal : null;
  if (L && ui.dragSlot && L.buy && L.buy[ui.dragSlot]) {
    const b = L.buy[ui.dragSlot];
    return { tile: b.tile, cells: b.cells, joins: b.joins || {}, exchange: null };
  }
  if (L && ui.sel && L.tiles && L.tiles[ui.sel]) {
    const t = L.tiles[ui.sel];
    return { tile: ui.sel, cells: t.cells, joins: t.joins || {}, exchange: t.exchange || null };
  }
  return ui.sel ? { tile: ui.sel, cells: null, joins: {}, exchange: null } : null; // the sandbox's palette
}

export function clearGhost(root: Element) {
  for (const g of root.querySelectorAll(".aw-preview")) g.remove();
}

// the picked tile drawn faintly on a legal cell, its walls darker, and the walls of
// the built tiles it would join drawn over them
export function showGhost(root: Element, cell: SVGRectElement | null, picked: Picked | null) {
  clearGhost(root);
  if (!cell || !picked || cell.dataset.rule !== "" || cell.dataset.cell === undefined) return;
  const svg = cell.closest("svg")!;
  const x = cell.x.baseVal.value - 2, y = cell.y.baseVal.value - 2;
  const [cx, cy] = cell.dataset.cell.split(",").map(Number);
  const px = (gx: number) => x + (gx - cx) * CELL_PX, py = (gy: number) => y + (gy - cy) * CELL_PX;
  const joins = (cell.dataset.player !== "sb" && picked.joins[key(cx, cy)]) || [];
  const lines = joins.map(([ax, ay, bx, by]) => html`<line class="aw-join" x1="${px(ax)}" y1="${py(ay)}" x2="${px(bx)}" y2="${py(by)}"/>`);
  const box = document.createElement("div");
  // the legal cell's green frame drawn over the ghost: the cell under the pointer still
  // reads as legal while a tile is dragged or hovered over it
  const frame = html`<rect class="aw-ghostframe" x="${x + 2}" y="${y + 2}" width="${CELL_PX - 4}" height="${CELL_PX - 4}" rx="5"/>`;
  patchHtml(box, html`<svg xmlns="${SVGNS}">${tileSvg(tileOf(picked.tile), x, y, CELL_PX, null, false, "kind")}${frame}${lines}</svg>`); // parsed as SVG
  const g = document.createElementNS(SVGNS, "g");
  g.setAttribute("class", "aw-preview");
  g.setAttribute("aria-hidden", "true");
  g.dataset.joins = String(joins.length); // for tests: how many segments are marked
  g.append(...box.firstChild!.childNodes);
  svg.appendChild(g);
}

// drag a tile (to place, from the reserve, or from a market slot) onto a cell: a tile's
// drop is the cell's click; a slot's drop buys the tile (on.dropSlot) and builds it there
// c = { ui, redraw, picked: () => pickedTile, clickCell(cell), dropSlot(currency, cell) }
export interface DragHandlers {
  ui: Picks; redraw: () => void; picked: () => Picked | null;
  clickCell: (cell: SVGRectElement) => void; dropSlot: (currency: string, cell: SVGRectElement) => void;
}
// a cell of a board under an event (a drag's target)
const cellAt = (ev: Event) => {
  const t = ev.target as Element;
  return t.closest && t.closest<SVGRectElement>("[data-cell]");
};

export function listenToDrags(root: HTMLElement, on: DragHandlers) {
  const { ui } = on;
  root.addEventListener("dragstart", (ev) => {
    const target = ev.target as Element;
    const t = target.closest && target.closest<HTMLElement>("[data-sel][draggable],[data-slot][draggable]");
    if (!t) return;
    const slot = t.dataset.slot;
    ev.dataTransfer!.setData("text/plain", (slot ? t.dataset.tile : t.dataset.sel)!);
    ev.dataTransfer!.effectAllowed = "move";
    if (slot ? ui.dragSlot !== slot : ui.sel !== t.dataset.sel) {
      ui.sel = slot ? null : t.dataset.sel!; ui.dragSlot = slot || null;
      ui.removing = false; ui.picks = []; ui.payCur = null;
      requestAnimationFrame(on.redraw); // its cells light up (the chip stays the same node)
    }
  });
  root.addEventListener("dragover", (ev) => {
    const c = cellAt(ev);
    if (c && c.dataset.rule === "" && (ui.sel || ui.dragSlot)) {
      ev.preventDefault();
      ev.dataTransfer!.dropEffect = "move";
      showGhost(root, c, on.picked());
    }
  });
  root.addEventListener("dragleave", (ev) => { if (cellAt(ev)) clearGhost(root); });
  root.addEventListener("drop", (ev) => {
    const c = cellAt(ev);
    clearGhost(root);
    if (!c || c.dataset.rule !== "" || !(ui.sel || ui.dragSlot)) return;
    ev.preventDefault();
    if (ui.dragSlot) on.dropSlot(ui.dragSlot, c);
    else on.clickCell(c);
  });
  root.addEventListener("dragend", () => {
    clearGhost(root);
    if (ui.dragSlot) { ui.dragSlot = null; requestAnimationFrame(on.redraw); }
  });
}
