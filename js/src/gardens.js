// The Gardens of the Alhambra board: octagonal garden fields at the inner corners of
// a 7x7 grid of buildings (diamonds in the gaps). Drawing only: every legality comes
// in view.legal from the Python engine.

const S = 72; // building grid unit in px
const R = S / 2 / Math.cos(Math.PI / 8); // octagon radius for apothem S/2
const DIAG = [[1, -1], [1, 1], [-1, 1], [-1, -1]]; // NE, SE, SW, NW
export const TREE_ABBR = { lemon: "Le", orange: "Or", palm: "Pa", lavender: "La" };

import { esc as escG } from "./common.js";

function octagon(cx, cy, r) {
  const pts = [];
  for (let i = 0; i < 8; i++) {
    const a = Math.PI / 8 + (i * Math.PI) / 4;
    pts.push(`${(cx + r * Math.cos(a)).toFixed(1)},${(cy + r * Math.sin(a)).toFixed(1)}`);
  }
  return pts.join(" ");
}

// sides: the four kinds at NE, SE, SW, NW (already turned); trees per side
function gardenTile(cx, cy, scale, sides, trees, extra = "") {
  const r = R * scale;
  let s = `<g class="ag-tile" ${extra}><polygon class="ag-oct" points="${octagon(cx, cy, r)}"/>`;
  sides.forEach((kind, k) => {
    const [dx, dy] = DIAG[k];
    const d = S * 0.2 * scale; // along each axis: 0.28 S from the centre, inside the octagon
    const x = cx + (dx * d), y = cy + (dy * d);
    s += `<circle class="ag-tree ag-t-${kind}" cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="${(S * 0.135 * scale).toFixed(1)}"/>`;
    s += `<text class="ag-treetxt" x="${x.toFixed(1)}" y="${(y + 3.5 * scale).toFixed(1)}" text-anchor="middle" font-size="${(10 * scale).toFixed(1)}">${trees}${TREE_ABBR[kind]}</text>`;
  });
  return s + "</g>";
}


export function gardensHtml(v, ui) {
  const L = v.legal;
  const me = L && v.players[L.player].seat === "human" ? v.players[L.player] : null;
  const hand = me && me.hand ? me.hand : [];
  if (hand.length && !hand.some((t) => t.id === ui.gsel)) ui.gsel = hand[0].id;
  const W = 7 * S;
  let s = `<div class="ag-wrap"><svg class="ag-board" viewBox="0 0 ${W} ${W}" width="${W}" height="${W}" role="group" aria-label="garden board">`;
  s += `<rect class="ag-ground" x="0" y="0" width="${W}" height="${W}" rx="8"/>`;
  // buildings (diamonds in the gaps)
  const h = S * 0.293;
  for (const [x, y, value, kind] of v.buildings) {
    const cx = (x + 0.5) * S, cy = (y + 0.5) * S;
    const k = `${x},${y}`;
    const sc = v.scored[k];
    const cls = sc ? `ag-bld ag-done${sc.winner ? " ag-t-" + sc.winner : " ag-none"}` : "ag-bld";
    const hl = v.last_scored.includes(k) ? " ag-last" : "";
    const label = sc
      ? `${kind} ${value} at ${k}, scored: ${sc.winner ? sc.winner + " wins" : "nobody wins"}, ${sc.points} points${sc.owner ? " for " + sc.owner : ""}`
      : `${kind} ${value} at ${k}, not yet enclosed`;
    s += `<g class="${cls}${hl}" data-building="${k}" role="img" aria-label="${escG(label)}"><title>${escG(label)}</title>`;
    s += `<polygon points="${cx},${cy - h} ${cx + h},${cy} ${cx},${cy + h} ${cx - h},${cy}"/>`;
    s += `<text x="${cx}" y="${cy + 4}" text-anchor="middle">${sc ? (sc.points ? sc.points : "–") : value}</text></g>`;
  }
  // fields: one tab stop on the board (the first legal field), the arrow keys move on
  const laid = {};
  const first = L && me ? Object.keys(L.fields).find((k) => L.fields[k] === "") : null;
  for (const [x, y, id, trees, sides] of v.fields) laid[`${x},${y}`] = [id, trees, sides];
  for (let fy = 0; fy < 6; fy++) {
    for (let fx = 0; fx < 6; fx++) {
      const k = `${fx},${fy}`, cx = (fx + 1) * S, cy = (fy + 1) * S;
      if (laid[k]) {
        const [id, trees, sides] = laid[k];
        s += gardenTile(cx, cy, 1, sides, trees, `role="img" aria-label="garden ${id} at ${k}: ${sides.map((kk, i) => trees + " " + kk).join(", ")}"`);
        continue;
      }
      const rule = L && me ? L.fields[k] : null;
      const cls = rule === "" ? "ag-field ag-legal" : rule ? "ag-field ag-illegal" : "ag-field";
      const at = `field (${fx}, ${fy})`;
      const label = rule === "" ? `${at}, empty, legal for tile ${ui.gsel}: yes` : rule ? `${at}, empty, legal for tile ${ui.gsel}: no (${rule})` : at;
      s += `<polygon class="${cls}" points="${octagon(cx, cy, R - 2)}" ${rule !== null ? `data-field="${k}" data-rule="${rule}" role="button" tabindex="${k === first ? 0 : -1}"` : ""} aria-label="${label}"><title>${label}</title></polygon>`;
    }
  }
  s += `</svg></div>`;
  // side panel: players, hand, scoring explanation
  let p = `<div class="ag-side">`;
  p += `<div class="ag-players">`;
  v.players.forEach((pl, i) => {
    const kinds = pl.kinds.map((k) => `<span class="ag-kind ag-t-${k}">${k}</span>`).join(" ");
    const per = pl.kinds.length > 1 ? ` (${pl.kinds.map((k) => `${k} ${pl.points[k]}`).join(" + ")})` : "";
    p += `<div class="ag-player${v.current === i && !v.over ? " aw-current" : ""}"><b>${escG(pl.name)}</b> ${pl.seat === "human" ? "" : `<span class="aw-seat">${pl.seat} bot</span>`} ${kinds} <span class="aw-score">${pl.score} points${per}</span> · ${pl.cards} in hand</div>`;
  });
  const nobody = Object.entries(v.owners).filter(([, o]) => !o).map(([k]) => k);
  if (nobody.length) p += `<div class="aw-muted">owned by nobody: ${nobody.join(", ")} (their points are not scored)</div>`;
  p += `</div>`;
  if (hand.length) {
    p += `<div class="ag-hand" aria-label="your tiles"><div>${me.name === "You" ? "Your" : escG(me.name) + "'s"} tile${hand.length > 1 ? "s" : ""} — click to turn (or press R), then click a green field:</div><div class="aw-row">`;
    for (const t of hand) {
      const tt = ui.turns[t.id] || 0;
      const selected = t.id === ui.gsel;
      p += `<button class="ag-handtile${selected ? " aw-selected" : ""}" data-hand="${t.id}" aria-label="tile ${t.id}, ${t.trees} trees a side, turned ${tt}${selected ? ", selected" : ""}"><svg width="96" height="96" viewBox="0 0 96 96" aria-hidden="true">${gardenTile(48, 48, 1.15, t.turned[tt], t.trees)}</svg></button>`;
    }
    p += `</div><button data-gturn="1">turn ⟳</button></div>`;
  }
  p += `<div class="ag-supply aw-muted">supply: ${v.supply} tiles · turn ${v.turn}</div>`;
  const show = ui.gbuilding && v.scored[ui.gbuilding] ? [ui.gbuilding] : v.last_scored;
  if (show.length) {
    p += `<div class="ag-explain" aria-live="polite"><h4>Scoring</h4>`;
    for (const k of show) {
      const sc = v.scored[k];
      const trees = Object.entries(sc.counts).map(([kk, c]) => `<span class="ag-kind ag-t-${kk}">${kk} ${c}</span>`).join(" ");
      p += `<p><b>${sc.kind} (${sc.value}) at ${k}</b>: ${trees}<br>${escG(sc.why)}.<br>`;
      p += sc.owner ? `${sc.winner} wins: ${sc.value} × ${sc.multiplier} kinds = <b>${sc.points}</b> for ${escG(sc.owner)}.` : `No points.`;
      p += `</p>`;
    }
    p += `</div>`;
  }
  p += `</div>`;
  return `<div class="ag-main">${s}${p}</div>`;
}

export function gardensClick(d, v, ui, act, draw) {
  if (d.hand) {
    if (ui.gsel === d.hand) ui.turns[d.hand] = ((ui.turns[d.hand] || 0) + 1) % 4;
    ui.gsel = d.hand;
    draw();
    return true;
  }
  if (d.gturn) {
    if (ui.gsel) ui.turns[ui.gsel] = ((ui.turns[ui.gsel] || 0) + 1) % 4;
    draw();
    return true;
  }
  if (d.building) {
    ui.gbuilding = ui.gbuilding === d.building ? null : d.building;
    draw();
    return true;
  }
  if (d.field !== undefined) {
    if (d.rule !== "" || !ui.gsel) return true;
    const [x, y] = d.field.split(",").map(Number);
    act({ type: "lay", tile: ui.gsel, field: [x, y], turn: ui.turns[ui.gsel] || 0 });
    return true;
  }
  return false;
}

export function gardensKey(ev, ui, draw) {
  if (ev.key !== "r" && ev.key !== "R") return false;
  if (ui.gsel) ui.turns[ui.gsel] = ((ui.turns[ui.gsel] || 0) + (ev.key === "R" ? 3 : 1)) % 4;
  draw();
  return true;
}
