// An Alhambra: the board with the cells the current selection may use (the engine's
// verdict per cell), a player's panel around it (hand, tiles to place, reserve), the
// sandbox and Dirk.

import { CELL, esc, key, tileName, tileSvg, tileChip, tilePic, cardHtml, whose } from "../common.js";

// rules: {"x,y": ruleId|""} for the selected tile, every empty cell drawn (the engine's), or null.
export function boardSvg(alh, opts) {
  const { rules, exchange, remove, wall, player, title, coords } = opts;
  const recent = opts.recent || { cells: new Set(), from: new Set() }; // the others' last moves
  const xs = alh.tiles.map((t) => t[0]);
  const ys = alh.tiles.map((t) => t[1]);
  const x0 = Math.min(...xs) - 1, x1 = Math.max(...xs) + 1, y0 = Math.min(...ys) - 1, y1 = Math.max(...ys) + 1;
  const w = (x1 - x0 + 1) * CELL, h = (y1 - y0 + 1) * CELL;
  const px = (x) => (x - x0) * CELL, py = (y) => (y - y0) * CELL;
  const occupied = new Set(alh.tiles.map((t) => key(t[0], t[1])));
  const scale = opts.scale || 1; // the other players' boards are drawn smaller
  let s = `<svg class="aw-board" viewBox="0 0 ${w} ${h}" width="${Math.round(w * scale)}" height="${Math.round(h * scale)}" role="group" aria-label="${esc(title)}">`;
  const firstLegal = rules ? Object.keys(rules).find((k) => rules[k] === "") || Object.keys(rules)[0] : null;
  const targets = alh.tiles.map((t) => key(t[0], t[1])).filter((k) => (exchange && exchange.includes(k)) || (remove && k in remove) || opts.pick === "tiles");
  let firstPick = null;
  // empty cells (targets)
  for (let y = y0; y <= y1; y++) {
    for (let x = x0; x <= x1; x++) {
      const k = key(x, y);
      if (occupied.has(k)) continue;
      if (recent.from.has(k)) {
        s += `<rect class="aw-emptied" x="${px(x) + 6}" y="${py(y) + 6}" width="${CELL - 12}" height="${CELL - 12}" rx="4"><title>emptied by the last moves: ${k}</title></rect>`;
      }
      let cls = "aw-cell";
      if (opts.pick === "cells") {
        // a lesson: every cell may be tried, and the engine judges (nothing tells which is right)
        const label = `(${x}, ${y}), empty`;
        s += `<rect class="aw-cell aw-pick" data-cell="${k}" data-player="${player}" x="${px(x) + 2}" y="${py(y) + 2}" width="${CELL - 4}" height="${CELL - 4}" rx="5" role="button" tabindex="${firstPick === null ? ((firstPick = k), 0) : -1}" aria-label="${label}"><title>${label}</title></rect>`;
      } else if (rules && k in rules) {
        const r = rules[k];
        cls += r === "" ? " aw-legal" : " aw-illegal";
        const label = `(${x}, ${y}), empty, legal for ${opts.tile || "the tile"}: ${r === "" ? "yes" : `no (${r})`}`;
        // one tab stop per board (the first legal cell); the arrow keys move between cells
        const stop = k === firstLegal ? 0 : -1;
        s += `<rect class="${cls}" data-cell="${k}" data-player="${player}" data-rule="${r}" x="${px(x) + 2}" y="${py(y) + 2}" width="${CELL - 4}" height="${CELL - 4}" rx="5" role="button" tabindex="${stop}" aria-label="${esc(label)}"><title>${esc(label)}</title></rect>`;
      } else {
        s += `<rect class="${cls}" x="${px(x) + 2}" y="${py(y) + 2}" width="${CELL - 4}" height="${CELL - 4}" rx="5"/>`;
      }
    }
  }
  for (const [x, y, kind, price, walls] of alh.tiles) {
    const k = key(x, y);
    let extra = `data-tile-cell="${k}" data-player="${player}"`;
    let label = kind === "fountain" ? "the fountain" : `${kind} ${price}${walls ? " walls " + walls : ""}`;
    let cls = recent.cells.has(k) ? " aw-recent" : "";
    if (cls) label += " (just built)";
    if (exchange && exchange.includes(k)) { cls = " aw-target"; label += ": exchange here"; }
    else if (remove && k in remove) {
      cls = remove[k] === "" ? " aw-target" : " aw-blocked";
      label += remove[k] === "" ? ": may go to the reserve" : `: stays (${remove[k]})`;
      extra += ` data-rule="${remove[k]}"`;
    }
    if (targets.includes(k)) extra += ` role="button" tabindex="${k === targets[0] ? 0 : -1}" aria-label="(${x}, ${y}), ${esc(label)}"`;
    s += `<g class="aw-placed${cls}" role="img" aria-label="${esc(label)} at ${k}">${tileSvg([kind, price, walls], px(x), py(y), CELL, extra)}<title>${esc(label)} at ${k}</title></g>`;
  }
  if (coords) {
    // (x, y) in every empty cell and on the fountain: x grows east, y grows south, the
    // fountain is (0, 0) (a built tile keeps its picture clear)
    for (let y = y0; y <= y1; y++) {
      for (let x = x0; x <= x1; x++) {
        if (occupied.has(key(x, y)) && (x || y)) continue;
        s += `<text class="aw-coord" x="${px(x) + 4}" y="${py(y) + 11}">${x},${y}</text>`;
      }
    }
  }
  if (wall) {
    for (const [ax, ay, bx, by] of alh.wall) {
      s += `<line class="aw-longest" x1="${px(ax)}" y1="${py(ay)}" x2="${px(bx)}" y2="${py(by)}"/>`;
    }
  }
  return s + "</svg>";
}

// one player's panel; walkingWalls: the scoring walkthrough is on its walls line
export function playerHtml({ v, ui, model }, p, i, walkingWalls) {
  const L = v.legal;
  const mine = L && L.player === i && p.seat === "human";
  const showWalls = model.get("show_walls") || walkingWalls;
  let rules = null, exchange = null, remove = null;
  if (mine && ui.sel && L.tiles[ui.sel]) {
    rules = L.tiles[ui.sel].cells;
    exchange = L.tiles[ui.sel].exchange || null;
  }
  if (mine && ui.removing) remove = L.remove;
  const other = v.me !== null && v.me !== undefined && i !== v.me;
  const compact = other && !ui.enlarged[i];
  const cls = `aw-player${v.current === i && !v.over ? " aw-current" : ""}${compact ? " aw-compact" : ""}${i === v.me ? " aw-me" : ""}`;
  let s = `<section class="${cls}" aria-label="${esc(p.name)}">`;
  s += `<h4>${esc(p.name)} <span class="aw-seat">${p.seat === "human" ? "" : p.seat + " bot"}</span> <span class="aw-score">${p.score} points</span>`;
  if (showWalls) s += ` <span class="aw-walllen">longest wall ${p.alhambra.wall.length}</span>`;
  if (other) s += ` <button class="aw-mini" data-enlarge="${i}" aria-label="${compact ? "enlarge" : "shrink"} ${esc(whose(p.name))} board">${compact ? "enlarge" : "smaller"}</button>`;
  s += ` <button class="aw-mini" data-sandbox="${i}" aria-label="experiment with a copy of ${esc(whose(p.name))} Alhambra">sandbox</button></h4>`;
  const recent = { cells: new Set(), from: new Set() };
  for (const r of v.recent || []) {
    if (r.player !== i) continue;
    for (const c of r.marks.cells || []) recent.cells.add(c);
    for (const c of r.marks.from || []) recent.from.add(c);
  }
  s += `<div class="aw-boardwrap">${boardSvg(p.alhambra, { rules, exchange, remove, recent, tile: ui.sel, wall: showWalls, coords: model.get("show_coords"), scale: compact ? 0.62 : 1, player: i, title: `${whose(p.name)} Alhambra` })}</div>`;
  // money: null for a hand this viewer may not see
  if (p.money) {
    s += `<div class="aw-hand" aria-label="${esc(whose(p.name))} money">${p.money.map((c) => cardHtml(c, "", false, "span")).join("")}</div>`;
  } else {
    s += `<div class="aw-hand">${p.cards} money card${p.cards === 1 ? "" : "s"} (hidden)</div>`;
  }
  // bought / gifts
  if (p.bought.length) {
    s += `<div class="aw-row"><span>to place:</span>`;
    for (const t of p.bought) s += tileChip(t, mine ? `data-sel="${esc(tileName(t))}"` : "", ui.sel === tileName(t));
    if (mine && ui.sel && L.tiles[ui.sel]) {
      s += ` <button data-do="reserve">to the reserve</button>`;
      if (L.tiles[ui.sel].dirk) s += ` <button data-do="dirk">give to ${esc(v.dirk.name)}</button>`;
    }
    s += `</div>`;
  }
  // reserve
  s += `<div class="aw-row"><span>reserve:</span>`;
  if (!p.reserve.length) s += `<span class="aw-muted">empty</span>`;
  for (const t of p.reserve) {
    const n = tileName(t);
    const can = mine && L.phase === "act" && L.tiles[n];
    s += tileChip(t, can ? `data-sel="${esc(n)}"` : "", ui.sel === n);
  }
  s += `</div>`;
  if (mine && L.phase === "act") {
    s += `<div class="aw-row"><button data-do="removing" class="${ui.removing ? "aw-selected" : ""}">move a tile to the reserve</button>`;
    if (L.pass) s += ` <button data-do="pass">pass (nothing else is possible)</button>`;
    s += `</div>`;
  }
  return s + `</section>`;
}

export function dirkHtml(dirk) {
  if (!dirk) return "";
  return `<section class="aw-player aw-dirk" aria-label="${esc(dirk.name)}"><h4>${esc(dirk.name)} <span class="aw-seat">collector, no turns</span> <span class="aw-score">${dirk.score} points</span></h4><div class="aw-row">${dirk.tiles.map((t) => tilePic(t, 40)).join("")}</div></section>`;
}

// a free Alhambra to try tiles in (the sandbox widget, or a copy of a player's in a game)
export function sandboxHtml({ v, ui, model }, sb, inGame) {
  let rules = null;
  if (ui.sel) {
    const t = sb.palette.find((t) => tileName(t) === ui.sel);
    if (t) rules = sb.cells[t[2]] || {};
  }
  let s = `<section class="aw-sandbox" aria-label="sandbox">`;
  s += `<h4>${inGame ? `Sandbox: a copy of ${esc(whose(v.players[sb.player].name))} Alhambra <button class="aw-mini" data-sandbox="close">close</button>` : "Alhambra"} <span class="aw-walllen">longest wall ${sb.alhambra.wall.length}</span></h4>`;
  s += `<div class="aw-boardwrap">${boardSvg(sb.alhambra, { rules, remove: ui.removing ? sb.remove : null, tile: ui.sel, wall: true, coords: model.get("show_coords"), player: "sb", title: "sandbox Alhambra" })}</div>`;
  s += `<div class="aw-row"><button data-do="removing" class="${ui.removing ? "aw-selected" : ""}">remove a tile</button></div>`;
  s += `<div class="aw-palette" aria-label="palette">`;
  for (const t of sb.palette) s += tileChip(t, `data-sel="${esc(tileName(t))}"`, ui.sel === tileName(t));
  return s + `</div></section>`;
}
