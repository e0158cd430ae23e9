// Direct manipulation on the board: a ghost of the picked tile on the legal cell under
// the pointer (or the keyboard focus), and dragging a tile from the tiles to place or
// the reserve onto a cell (click, then click, still works). The verdicts are the
// engine's (each cell's data-rule); the ghost only draws the picked tile there.

import { CELL, tileSvg } from "./common.js";
import { html } from "./html.js";
import { patchHtml } from "./morph.js";

const SVGNS = "http://www.w3.org/2000/svg";

// "arcades 8 NE" -> ["arcades", 8, "NE"] (the tile's name is its id in the view)
const tileOf = (name) => {
  const [kind, price, walls] = String(name).split(" ");
  return [kind, +price, walls || ""];
};

export function clearGhost(root) {
  for (const g of root.querySelectorAll(".aw-preview")) g.remove();
}

// the picked tile drawn faintly on a legal cell, its walls darker: where they would
// stand, next to the walls of its neighbours
export function showGhost(root, cell, sel) {
  clearGhost(root);
  if (!cell || !sel || cell.dataset.rule !== "" || cell.dataset.cell === undefined) return;
  const svg = cell.closest("svg");
  const x = cell.x.baseVal.value - 2, y = cell.y.baseVal.value - 2;
  const box = document.createElement("div");
  patchHtml(box, html`<svg xmlns="${SVGNS}">${tileSvg(tileOf(sel), x, y, CELL)}</svg>`); // parsed as SVG
  const g = document.createElementNS(SVGNS, "g");
  g.setAttribute("class", "aw-preview");
  g.setAttribute("aria-hidden", "true");
  g.append(...box.firstChild.childNodes);
  svg.appendChild(g);
}

// drag a tile (to place, or from the reserve) onto a cell: the drop is the cell's click
export function listenToDrags(root, ui, redraw, clickCell) {
  root.addEventListener("dragstart", (ev) => {
    const t = ev.target.closest && ev.target.closest("[data-sel][draggable]");
    if (!t) return;
    ev.dataTransfer.setData("text/plain", t.dataset.sel);
    ev.dataTransfer.effectAllowed = "move";
    if (ui.sel !== t.dataset.sel) {
      ui.sel = t.dataset.sel; ui.removing = false; ui.picks = []; ui.payCur = null;
      requestAnimationFrame(redraw); // its cells light up (the chip stays the same node)
    }
  });
  root.addEventListener("dragover", (ev) => {
    const c = ev.target.closest && ev.target.closest("[data-cell]");
    if (c && c.dataset.rule === "" && ui.sel) {
      ev.preventDefault();
      ev.dataTransfer.dropEffect = "move";
      showGhost(root, c, ui.sel);
    }
  });
  root.addEventListener("dragleave", (ev) => { if (ev.target.closest && ev.target.closest("[data-cell]")) clearGhost(root); });
  root.addEventListener("drop", (ev) => {
    const c = ev.target.closest && ev.target.closest("[data-cell]");
    clearGhost(root);
    if (!c || c.dataset.rule !== "" || !ui.sel) return;
    ev.preventDefault();
    clickCell(c);
  });
  root.addEventListener("dragend", () => clearGhost(root));
}
