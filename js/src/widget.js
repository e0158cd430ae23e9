// alhambra-widget front end: draws the JSON view model, sends intents back.
// It holds no rule of the game: every "may I?" is a lookup in view.legal,
// computed by the Python engine. Local state is only what the user is picking.

import { gardensHtml, gardensClick, gardensKey } from "./gardens.js";

const CELL = 46; // px per Alhambra cell
const BOT_SPEEDS = [["slow", 1.5], ["normal", 0.6], ["fast", 0.15]]; // seconds per bot action
const BOT_RETRY_MS = 2000; // ask again for a bot move not yet answered
const ANSWER_WAIT_MS = 4000; // a click unanswered this long: no kernel is connected
const HELLO_WAIT_MS = 15000; // the same for the greeting sent when the board is drawn
const NO_KERNEL = "No answer from Python yet: its kernel may be busy, or this board's Python side is gone (the notebook was reopened or the kernel restarted) and it only shows the state it was left in. If nothing happens, run the cell again.";

// Is the page behind the board dark? JupyterLab's theme variables decide where they
// exist (widget.css); this picks the defaults for other hosts (marimo, a plain page).
// A canvas reads any CSS colour (rgb, oklch, ...) as RGBA.
let probe = null;
function rgba(color) {
  if (!probe) probe = document.createElement("canvas").getContext("2d", { willReadFrequently: true });
  if (!probe) return null;
  probe.clearRect(0, 0, 1, 1);
  probe.fillStyle = "rgba(0, 0, 0, 0)";
  probe.fillStyle = color;
  probe.fillRect(0, 0, 1, 1);
  return probe.getImageData(0, 0, 1, 1).data;
}
function hostIsDark(el) {
  for (let e = el; e; e = e.parentElement || (e.getRootNode && e.getRootNode().host) || null) {
    const c = rgba(getComputedStyle(e).backgroundColor);
    if (c && c[3] > 128) return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2] < 128;
  }
  return !!(window.matchMedia && window.matchMedia("(prefers-color-scheme: dark)").matches);
}

const SIDES = { N: [0, 0, 1, 0], E: [1, 0, 1, 1], S: [0, 1, 1, 1], W: [0, 0, 0, 1] };
const KIND_ABBR = {
  pavilion: "Pav", seraglio: "Ser", arcades: "Arc", chambers: "Cha", garden: "Gar", tower: "Tow", fountain: "",
};

const esc = (s) =>
  String(s).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);
const tileName = (t) => (t[2] ? `${t[0]} ${t[1]} ${t[2]}` : `${t[0]} ${t[1]}`);
const key = (x, y) => `${x},${y}`;
// "Ben's", but "your" for a player named You
const whose = (name) => (name === "You" ? "your" : `${name}'s`);
const sameList = (a, b) => a.length === b.length && a.every((v, i) => v === b[i]);

// the building kinds' shapes (SVG paths in a 20x20 box), sent by the engine in the view
let GLYPHS = {};

function tileSvg(t, x, y, size, extra = "") {
  // t = [kind, price, walls]; (x, y) = top-left in px
  const [kind, price, walls] = t;
  const label = kind === "fountain" ? "" : `${KIND_ABBR[kind]} ${price}`;
  let s = `<g class="aw-tile aw-k-${kind}" ${extra}>`;
  s += `<rect x="${x + 1}" y="${y + 1}" width="${size - 2}" height="${size - 2}" rx="4"/>`;
  if (kind === "fountain") {
    s += `<circle cx="${x + size / 2}" cy="${y + size / 2}" r="${size / 4}" class="aw-fountain"/>`;
  } else {
    if (GLYPHS[kind]) s += `<path class="aw-glyph" d="${GLYPHS[kind]}" transform="translate(${x + 3},${y + 3}) scale(${(size * 0.3) / 20})"/>`;
    s += `<text x="${x + size / 2}" y="${y + size / 2 + 7}" text-anchor="middle">${label}</text>`;
  }
  for (const side of walls || "") {
    const [x1, y1, x2, y2] = SIDES[side];
    s += `<line class="aw-wall" x1="${x + x1 * size}" y1="${y + y1 * size}" x2="${x + x2 * size}" y2="${y + y2 * size}"/>`;
  }
  return s + "</g>";
}

function tileChip(t, attrs = "", selected = false) {
  const size = 40;
  return `<button class="aw-chip${selected ? " aw-selected" : ""}" ${attrs} aria-label="${esc(tileName(t))}${
    selected ? " (selected)" : ""
  }"><svg width="${size}" height="${size}" viewBox="0 0 ${size} ${size}" aria-hidden="true">${tileSvg(t, 0, 0, size)}</svg></button>`;
}

// a shape per currency besides its colour (colour-blind-safe palette in widget.css)
const CUR_GLYPH = { denar: "●", dirham: "◆", ducat: "▲", florin: "■" };
const curLabel = (cur) => `${CUR_GLYPH[cur] || ""} ${cur}`;

function cardHtml(c, attrs = "", selected = false) {
  const [cur, val] = c;
  return `<button class="aw-card aw-c-${cur}${selected ? " aw-selected" : ""}" ${attrs} aria-label="${cur} ${val}${
    selected ? " (selected)" : ""
  }"><span class="aw-card-val">${val}</span><span class="aw-card-cur">${curLabel(cur)}</span></button>`;
}

// The board of one Alhambra, with the cells the current selection may use.
// rules: {"x,y": ruleId|""} for the selected tile, every empty cell drawn (the engine's), or null.
function boardSvg(alh, opts) {
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
  const targets = alh.tiles.map((t) => key(t[0], t[1])).filter((k) => (exchange && exchange.includes(k)) || (remove && k in remove));
  // empty cells (targets)
  for (let y = y0; y <= y1; y++) {
    for (let x = x0; x <= x1; x++) {
      const k = key(x, y);
      if (occupied.has(k)) continue;
      if (recent.from.has(k)) {
        s += `<rect class="aw-emptied" x="${px(x) + 6}" y="${py(y) + 6}" width="${CELL - 12}" height="${CELL - 12}" rx="4"><title>emptied by the last moves: ${k}</title></rect>`;
      }
      let cls = "aw-cell";
      if (rules && k in rules) {
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
    // (x, y) in every cell: x grows east, y grows south, the fountain is (0, 0)
    for (let y = y0; y <= y1; y++) {
      for (let x = x0; x <= x1; x++) {
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

// What the user is picking (reset when the shown step changes), kept per widget model:
// when the notebook redraws the output (its picture is refreshed for readers without
// a kernel), the new view carries on with the same picks and keeps the focus.
const PICKS = new WeakMap();
function pickState(model) {
  let ui = PICKS.get(model);
  if (!ui) {
    ui = {
      step: null, over: null, sel: null, picks: [], payCur: null, payPicks: [], removing: false,
      hover: "", confirm: null, roundSel: null, roundRow: 0,
      walk: false, roundsSeen: null, // a scoring round walked through as it happens
      gsel: null, turns: {}, gbuilding: null, // Gardens: tile in hand, its turn, building shown
      enlarged: {}, // the other players' boards shown full size
      inside: false, // the keyboard focus is in the board
    };
    PICKS.set(model, ui);
  }
  return ui;
}

// a selector for the same control after a redraw: its first data-* attribute
function focusKey(e) {
  if (!e || !e.attributes) return null;
  for (const a of e.attributes) {
    if (a.name.startsWith("data-")) return `[${a.name}="${CSS.escape(a.value)}"]`;
  }
  return null;
}

function render({ model, el }) {
  const root = document.createElement("div");
  root.className = "aw-root";
  root.tabIndex = 0;
  root.setAttribute("data-lm-suppress-shortcuts", "true"); // arrow keys are ours
  root.setAttribute("role", "application");
  root.setAttribute("aria-label", "Alhambra board");
  el.appendChild(root);

  const ui = pickState(model);
  // light or dark defaults, from the page behind the board: checked once the board is in
  // the page, and whenever the host switches theme (an attribute of <html> or <body>, as
  // JupyterLab's data-jp-theme-light and marimo's class); redraws keep the class
  let alive = true;
  const applyTheme = () => {
    if (!alive) return;
    if (!el.isConnected) { requestAnimationFrame(applyTheme); return; }
    root.classList.toggle("aw-dark", hostIsDark(el));
  };
  const themeWatch = new MutationObserver(applyTheme);
  for (const n of [document.documentElement, document.body]) {
    if (n) themeWatch.observe(n, { attributes: true });
  }
  requestAnimationFrame(applyTheme);
  root.addEventListener("focusin", () => { ui.inside = true; });
  root.addEventListener("focusout", (ev) => {
    if (ev.relatedTarget && !root.contains(ev.relatedTarget)) ui.inside = false;
  });
  let botTimer = null;
  // Is Python answering? A board restored from a saved notebook, or left behind by a
  // restarted kernel, has nothing behind it: it still draws its last state, and says so
  // when a request gets no answer (the kernel acknowledges every message).
  const link = { pending: 0, timer: null, noKernel: false };
  const silence = () => {
    link.timer = null;
    link.noKernel = true;
    draw();
  };
  const watch = (ms) => {
    clearTimeout(link.timer);
    link.timer = link.pending > 0 ? setTimeout(silence, ms) : null;
  };

  const V = () => model.get("view") || {};
  const RULE = (id) => ((model.get("texts") || {}).rules || {})[id] || ""; // sent once
  const send = (msg) => {
    try {
      model.send(msg);
    } catch (e) {
      silence();
      return;
    }
    link.pending += 1;
    if (!link.timer) watch(msg.kind === "hello" ? HELLO_WAIT_MS : ANSWER_WAIT_MS);
  };
  // an acknowledgement: one request answered, Python is there
  const acked = () => {
    link.pending = Math.max(0, link.pending - 1);
    watch(ANSWER_WAIT_MS);
    if (link.noKernel) { link.noKernel = false; draw(); }
  };
  const act = (action, resolve) => {
    const v = V();
    if (!v.live && !resolve) {
      ui.confirm = action;
      draw();
      return;
    }
    ui.confirm = null;
    const msg = { kind: "act", v: v.v, action };
    if (resolve) msg.resolve = resolve;
    send(msg);
  };

  function resetPicks() {
    ui.sel = null; ui.picks = []; ui.payCur = null; ui.payPicks = []; ui.removing = false; ui.confirm = null;
  }

  function status(v) {
    if (ui.hover) return ui.hover;
    const L = v.legal;
    if (v.mode === "alhambra") {
      if (ui.removing) return "Click a tile outlined in green to remove it; the others say why they must stay.";
      return ui.sel ? "Click a green cell to build the tile; hover any cell to learn why not." : "Pick a tile from the palette to see where it may go.";
    }
    if (ui.walk) return "A scoring round was just scored: step through it, then close it (Escape) and the game goes on.";
    if (v.over) return `Game over: ${v.winners.join(" and ")} win${v.winners.length === 1 ? "s" : ""}.`;
    if (v.mode === "gardens") {
      if (!v.live) return `Looking at step ${v.step} of ${v.steps}. Acting here asks whether to branch off or undo back.`;
      const q = v.players[v.current];
      if (q.seat !== "human") return `${q.name} (${q.seat} bot) is playing…`;
      return `${q.name}: turn your tile (click it or press R), then lay it on a green field${L && L.first ? " (not on the edge: G3)" : ""}.`;
    }
    if (!v.live) return `Looking at step ${v.step} of ${v.steps}. Acting here asks whether to branch off or undo back.`;
    const p = v.players[v.current];
    if (p.seat !== "human") return `${p.name} (${p.seat} bot) is playing…`;
    if (!L) return "";
    if (ui.sel && L.tiles && L.tiles[ui.sel]) {
      return `${ui.sel}: a green cell takes it (click), a red-tinted one is forbidden (hover: which rule)${(L.tiles[ui.sel].exchange || []).length ? "; a tile outlined in green can be exchanged for it" : ""}.`;
    }
    if (L.phase !== "act") return `${p.name}: place ${L.phase === "gift" ? "your end-game gift" : "the tiles bought this turn"}: pick one, then a green cell, the reserve${L.phase === "place" && v.dirk ? " or Dirk" : ""}.`;
    return `${p.name} to play: take money, buy a tile (click a market slot), or redesign (a reserve tile, or "move a tile to the reserve").`;
  }

  function pickedTake(v) {
    const picks = [...ui.picks].sort((a, b) => a - b);
    const ok = v.legal && v.legal.take.some((c) => sameList(c, picks));
    const sum = picks.reduce((s, i) => s + v.display[i][1], 0);
    return { picks, ok, sum };
  }

  function pickedPay(v) {
    const p = v.players[v.current];
    const vals = ui.payPicks.map((i) => p.money[i][1]).sort((a, b) => b - a);
    const b = v.legal && v.legal.buy[ui.payCur];
    const ok = !!b && b.pays.some((pp) => sameList(pp, vals));
    const exact = !!b && b.exact.some((pp) => sameList(pp, vals));
    return { vals, ok, exact, sum: vals.reduce((s, x) => s + x, 0), price: b ? b.price : null };
  }

  function header(v) {
    const n = v.steps;
    let s = `<div class="aw-head">`;
    s += `<div class="aw-timeline" role="group" aria-label="timeline">`;
    s += `<button data-go="first" aria-label="first step" ${v.step === 0 ? "disabled" : ""}>«</button>`;
    s += `<button data-go="prev" aria-label="previous step" ${v.step === 0 ? "disabled" : ""}>‹</button>`;
    s += `<input type="range" class="aw-slider" min="0" max="${n}" value="${v.step}" aria-label="step"/>`;
    s += `<button data-go="next" aria-label="next step" ${v.step === n ? "disabled" : ""}>›</button>`;
    s += `<button data-go="last" aria-label="last step" ${v.step === n ? "disabled" : ""}>»</button>`;
    s += `<span class="aw-stepno">step ${v.step}/${n}${v.live ? "" : " (past)"}</span>`;
    s += `</div><div class="aw-turn">Turn ${v.turn}${v.over ? " — game over" : ""}</div>`;
    if (v.mode === "game") s += `<label class="aw-toggle"><input type="checkbox" data-toggle="show_walls" ${model.get("show_walls") ? "checked" : ""}/> longest walls</label>`;
    if (v.mode === "game") s += `<label class="aw-toggle"><input type="checkbox" data-toggle="show_coords" ${model.get("show_coords") ? "checked" : ""}/> coordinates</label>`;
    s += `<label class="aw-toggle"><input type="checkbox" data-toggle="show_all_money" ${model.get("show_all_money") ? "checked" : ""}/> show all ${v.mode === "game" ? "money" : "hands"}</label>`;
    if (v.players.some((p) => p.seat !== "human")) {
      const d = model.get("bot_delay");
      s += `<span class="aw-bots" role="group" aria-label="bots"><label class="aw-toggle"><input type="checkbox" data-toggle="autoplay_bots" ${model.get("autoplay_bots") ? "checked" : ""}/> bots play</label>`;
      const speeds = BOT_SPEEDS.some(([, x]) => Math.abs(d - x) < 1e-9) ? BOT_SPEEDS : [[`${d} s`, d], ...BOT_SPEEDS];
      s += `<select data-botspeed="1" aria-label="bot speed">${speeds.map(([t, x]) => `<option value="${x}"${Math.abs(d - x) < 1e-9 ? " selected" : ""}>${t}</option>`).join("")}</select>`;
      if (v.bot_to_move && !model.get("autoplay_bots")) s += ` <button data-botstep="1" aria-label="let the bot make one move">bot: one move</button>`;
      s += `</span>`;
    }
    if (v.live && v.steps > 0) s += `<button data-undo="1" aria-label="undo the last action">Undo</button>`;
    return s + `</div>`;
  }

  function marketHtml(v) {
    const L = v.legal;
    let s = `<section class="aw-market" aria-label="building market"><h4>Market</h4><div class="aw-slots">`;
    v.market.forEach((m, i) => {
      const can = L && L.buy && m.currency in L.buy;
      const sel = ui.payCur === m.currency;
      const bought = (v.recent || []).some((r) => r.marks.slot === m.currency);
      const t = m.tile;
      s += `<button class="aw-slot aw-c-${m.currency}${sel ? " aw-selected" : ""}${can ? " aw-can" : ""}${bought ? " aw-recent" : ""}" data-slot="${m.currency}" ${
        t ? "" : "disabled"
      } aria-label="slot ${i + 1}, ${m.currency}: ${t ? esc(tileName(t)) + (can ? ", affordable" : "") : "empty"}${bought ? " (just bought from, refilled)" : ""}" title="${can ? "green ring: you can pay for this tile — click to choose the cards" : `pay in ${m.currency}`}${bought ? "; orange ring: bought from since your last move" : ""}">`;
      s += `<span class="aw-slot-cur">${i + 1} · ${m.currency}</span>`;
      s += t ? `<svg width="50" height="50" viewBox="0 0 50 50" aria-hidden="true">${tileSvg(t, 0, 0, 50)}</svg><span class="aw-price">${t[1]}</span>` : `<span class="aw-empty">empty</span>`;
      s += `</button>`;
    });
    s += `</div></section>`;
    // money display
    s += `<section class="aw-money" aria-label="money display"><h4>Money</h4><div class="aw-cards">`;
    v.display.forEach((c, i) => { s += cardHtml(c, `data-take="${i}"`, ui.picks.includes(i)); });
    s += `</div>`;
    if (L && L.take && ui.picks.length) {
      const t = pickedTake(v);
      s += `<div class="aw-pickinfo ${t.ok ? "aw-ok" : "aw-bad"}">${ui.picks.length} card${ui.picks.length > 1 ? "s" : ""}, total ${t.sum}${
        t.ok ? "" : ` — R5: ${esc(RULE("R5"))}`
      }</div><button data-do="take" ${t.ok ? "" : "disabled"}>Take</button>`;
    }
    const sc = Object.entries(v.scoring).map(([r, w]) => w === null ? `scoring card ${r}: drawn` : `scoring card ${r}: in ${w[0]}–${w[1]} more cards`).join("; ");
    s += `<div class="aw-piles">deck ${v.deck} · discard ${v.discard} · bag ${v.bag} tiles · ${sc}</div></section>`;
    return s;
  }

  function payHtml(v) {
    if (!ui.payCur || !v.legal || !v.legal.buy) return "";
    const p = v.players[v.current];
    const b = v.legal.buy[ui.payCur];
    if (!b) return `<div class="aw-pay aw-bad">You cannot pay for this tile in ${ui.payCur} (R6: ${esc(RULE("R6"))})</div>`;
    let s = `<div class="aw-pay" role="group" aria-label="payment"><div>Pay ${b.price} ${ui.payCur}: pick cards</div><div class="aw-cards">`;
    p.money.forEach((c, i) => {
      if (c[0] === ui.payCur) s += cardHtml(c, `data-pay="${i}"`, ui.payPicks.includes(i));
    });
    s += `</div>`;
    const q = pickedPay(v);
    if (ui.payPicks.length) {
      let info;
      if (!q.ok) info = `total ${q.sum} is less than ${b.price}`;
      else if (q.exact) info = `exact payment: you get another action (R4)`;
      else info = `overpays by ${q.sum - b.price}: no change, and your turn ends (R6)`;
      s += `<div class="aw-pickinfo ${q.ok ? (q.exact ? "aw-ok" : "aw-warn") : "aw-bad"}">${info}</div>`;
    }
    s += `<button data-do="buy" ${q.ok ? "" : "disabled"}>Buy</button> <button data-do="cancel">Cancel</button></div>`;
    return s;
  }

  function playerHtml(v, p, i) {
    const L = v.legal;
    const mine = L && L.player === i && p.seat === "human";
    const walkingWalls = ui.walk && v.rounds.length && (ui.roundSel === null || ui.roundSel === v.rounds.length - 1) && ui.roundRow === v.rounds[v.rounds.length - 1].kinds.length;
    const showWalls = model.get("show_walls") || walkingWalls;
    let rules = null, exchange = null, remove = null;
    if (mine && ui.sel && L.tiles[ui.sel]) {
      rules = L.tiles[ui.sel].cells;
      exchange = L.tiles[ui.sel].exchange || null;
    }
    if (mine && ui.removing) remove = L.remove;
    const compact = v.me !== null && v.me !== undefined && i !== v.me && !ui.enlarged[i];
    const cls = `aw-player${v.current === i && !v.over ? " aw-current" : ""}${compact ? " aw-compact" : ""}${i === v.me ? " aw-me" : ""}`;
    let s = `<section class="${cls}" aria-label="${esc(p.name)}">`;
    s += `<h4>${esc(p.name)} <span class="aw-seat">${p.seat === "human" ? "" : p.seat + " bot"}</span> <span class="aw-score">${p.score} points</span>`;
    if (showWalls) s += ` <span class="aw-walllen">longest wall ${p.alhambra.wall.length}</span>`;
    if (v.me !== null && v.me !== undefined && i !== v.me) s += ` <button class="aw-mini" data-enlarge="${i}" aria-label="${compact ? "enlarge" : "shrink"} ${esc(whose(p.name))} board">${compact ? "enlarge" : "smaller"}</button>`;
    s += ` <button class="aw-mini" data-sandbox="${i}" aria-label="experiment with a copy of ${esc(whose(p.name))} Alhambra">sandbox</button></h4>`;
    const recent = { cells: new Set(), from: new Set() };
    for (const r of v.recent || []) {
      if (r.player !== i) continue;
      for (const c of r.marks.cells || []) recent.cells.add(c);
      for (const c of r.marks.from || []) recent.from.add(c);
    }
    s += `<div class="aw-boardwrap">${boardSvg(p.alhambra, { rules, exchange, remove, recent, tile: ui.sel, wall: showWalls, coords: model.get("show_coords"), scale: compact ? 0.62 : 1, player: i, title: `${whose(p.name)} Alhambra` })}</div>`;
    // money
    if (p.money) {
      s += `<div class="aw-hand" aria-label="${esc(whose(p.name))} money">`;
      p.money.forEach((c) => { s += `<span class="aw-card aw-small aw-c-${c[0]}" aria-label="${c[0]} ${c[1]}"><span class="aw-card-val">${c[1]}</span><span class="aw-card-cur">${curLabel(c[0])}</span></span>`; });
      s += `</div>`;
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

  function roundsHtml(v, walking = false) {
    if (!v.rounds.length) return "";
    const r = v.rounds[ui.roundSel === null ? v.rounds.length - 1 : Math.min(ui.roundSel, v.rounds.length - 1)];
    const names = Object.keys(r.totals);
    const rows = r.kinds.length + 1; // kinds, then walls
    const row = Math.min(ui.roundRow, rows);
    let s = `<section class="aw-rounds${walking ? " aw-walk" : ""}" aria-label="scoring rounds">`;
    if (walking) {
      s += `<h4>Scoring round ${r.number}: step through it, kind by kind, then the walls <button class="aw-mini" data-rowstep="-1" aria-label="previous line">◀</button><button class="aw-mini" data-rowstep="1" aria-label="next line">▶</button> <button class="aw-mini" data-walk="close" aria-label="close the scoring round">close</button></h4>`;
      s += `<p class="aw-muted">The bots wait until you close this. Replay it later from the list of rounds below the boards.</p>`;
    } else {
      s += `<h4>Scoring round `;
      s += v.rounds.map((x, i) => `<button class="aw-mini${x === r ? " aw-selected" : ""}" data-round="${i}">${x.number}</button>`).join(" ");
      s += ` <button class="aw-mini" data-rowstep="-1" aria-label="previous line">◀</button><button class="aw-mini" data-rowstep="1" aria-label="next line">▶</button> <button class="aw-mini" data-walk="open" aria-label="replay this scoring round step by step">replay</button></h4>`;
    }
    s += `<table class="aw-table"><thead><tr><th></th>${names.map((n) => `<th>${esc(n)}</th>`).join("")}</tr></thead><tbody>`;
    r.kinds.forEach((k, i) => {
      const hl = i === row ? " aw-hl" : "";
      s += `<tr class="${hl}"><th>${k.kind}</th>${names.map((n) => {
        const c = k.counts[n] || 0, pl = k.places[n], pts = k.points[n] || 0;
        const shared = k.shared[n] ? ` shares ${k.shared[n].join("+")}` : "";
        return `<td>${c}${pl ? ` <small>#${pl}${shared}</small>` : ""} → <b>${pts}</b></td>`;
      }).join("")}</tr>`;
    });
    s += `<tr class="${row === r.kinds.length ? "aw-hl" : ""}"><th>walls</th>${names.map((n) => `<td>${n in r.walls ? `<b>${r.walls[n]}</b>` : "—"}</td>`).join("")}</tr>`;
    s += `<tr class="aw-total${row === rows ? " aw-hl" : ""}"><th>round total</th>${names.map((n) => `<td><b>${r.totals[n]}</b></td>`).join("")}</tr>`;
    s += `</tbody></table>`;
    if (row < r.kinds.length) {
      const k = r.kinds[row];
      const who = Object.entries(k.places).sort((a, b) => a[1] - b[1]).map(([n, pl]) => `${n} (${k.counts[n]}, place ${pl}${k.shared[n] ? ", sharing places " + k.shared[n].join("+") : ""}: ${k.points[n]})`);
      s += `<p class="aw-explain">${k.kind}: ${who.length ? who.join(", ") : "nobody has one"}.</p>`;
    } else if (row === r.kinds.length) {
      s += `<p class="aw-explain">Walls: each player scores the length of the longest joined outer wall (R11).</p>`;
    }
    return s + `</section>`;
  }

  function sandboxHtml(v, sb, inGame) {
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

  // the standings while playing: the engine's preview of the next scoring round
  function overviewHtml(v) {
    const o = v.overview;
    if (!o) return "";
    const names = o.names;
    const ord = (n) => ["", "1st", "2nd", "3rd"][n] || `${n}th`;
    let s = `<section class="aw-overview" aria-label="overview"><h4>Standings: scoring round ${o.round} if it came now</h4>`;
    s += `<table class="aw-table"><thead><tr><th>kind</th>${names.map((n) => `<th>${esc(n)}</th>`).join("")}<th>pays</th></tr></thead><tbody>`;
    for (const k of o.kinds) {
      s += `<tr><th>${k.kind}</th>`;
      for (const n of names) {
        const c = k.counts[n] || 0, pl = k.places[n];
        const lead = pl === 1 ? " aw-lead" : "";
        const shared = k.shared[n] ? `, shares ${k.shared[n].join("+")}` : "";
        s += `<td class="${lead}">${c}${pl ? ` <small>${ord(pl)}${shared}: ${k.points[n]}</small>` : ""}</td>`;
      }
      s += `<td><small>${k.pays.join(" / ")}</small></td></tr>`;
    }
    s += `<tr><th>longest wall</th>${names.map((n) => `<td>${n in o.walls ? o.walls[n] : "—"}</td>`).join("")}<td></td></tr>`;
    s += `<tr class="aw-total"><th>points now</th>${names.map((n) => `<td>${o.totals[n] ?? 0}</td>`).join("")}<td></td></tr>`;
    return s + `</tbody></table></section>`;
  }

  // the end: ranking, each round's points, the walls
  function resultsHtml(v) {
    const r = v.results;
    if (!r) return "";
    let s = `<section class="aw-results" aria-label="results"><h4>Final results</h4><table class="aw-table"><thead><tr><th>rank</th><th>player</th><th>total</th>`;
    s += r.rounds.map((x) => `<th>round ${x.number}</th>`).join("") + `</tr></thead><tbody>`;
    for (const p of r.ranking) {
      s += `<tr class="${p.winner ? "aw-winner" : ""}"><td>${p.rank}</td><td>${esc(p.name)}${p.winner ? " — wins" : ""}</td><td><b>${p.score}</b></td>`;
      s += r.rounds.map((x) => `<td>${x.totals[p.name] ?? 0}${p.name in x.walls ? ` <small>(wall ${x.walls[p.name]})</small>` : ""}</td>`).join("");
      s += `</tr>`;
    }
    return s + `</tbody></table></section>`;
  }

  // what the others did since the person last acted, in order, until they act
  function followHtml(v) {
    const rec = v.recent || [];
    if (!rec.length) return "";
    const mine = v.players.some((p) => p.seat === "human");
    let s = `<section class="aw-follow" aria-label="the last moves"><h4>${mine ? "Since your last move" : "Last moves"}</h4><ol>`;
    for (const r of rec) {
      const cards = r.marks.cards ? ` <span class="aw-follow-cards">${r.marks.cards.map(([c, x]) => `<span class="aw-card aw-small aw-c-${c}"><span class="aw-card-val">${x}</span><span class="aw-card-cur">${curLabel(c)}</span></span>`).join("")}</span>` : "";
      s += `<li>${esc(r.text)}${cards}</li>`;
    }
    return s + `</ol></section>`;
  }

  function confirmHtml(v) {
    if (!ui.confirm) return "";
    return `<div class="aw-confirm" role="dialog" aria-label="act from a past state"><p>You are looking at step ${v.step} of ${v.steps}. To act here:</p>
      <button data-resolve="branch">Branch off here (keep the old game)</button>
      <button data-resolve="undo">Undo back to here</button>
      <button data-resolve="cancel">Cancel</button></div>`;
  }

  function draw() {
    const v = V();
    if (!v.mode) { root.innerHTML = ""; return; }
    GLYPHS = (model.get("texts") || {}).glyphs || GLYPHS;
    if (ui.step !== v.step || ui.over !== v.over) { resetPicks(); ui.step = v.step; ui.over = v.over; }
    const msg = model.get("message") || {};
    let s = "";
    if (v.mode === "alhambra") {
      s += sandboxHtml(v, v.sandbox, false);
    } else if (v.mode === "gardens") {
      s += header(v);
      s += confirmHtml(v);
      s += gardensHtml(v, ui);
      s += `<section class="aw-log" aria-label="log"><h4>Log</h4><ol>${v.log.slice(-10).map((t) => `<li>${esc(t)}</li>`).join("")}</ol></section>`;
    } else {
      if (ui.roundsSeen === null || v.rounds.length < ui.roundsSeen) ui.roundsSeen = v.rounds.length;
      if (v.live && v.rounds.length > ui.roundsSeen) {
        ui.walk = true; ui.roundSel = v.rounds.length - 1; ui.roundRow = 0; ui.roundsSeen = v.rounds.length;
      }
      s += header(v);
      if (ui.walk) s += roundsHtml(v, true);
      s += resultsHtml(v);
      s += followHtml(v);
      s += `<div class="aw-top">${marketHtml(v)}${overviewHtml(v)}</div>`;
      s += payHtml(v);
      s += confirmHtml(v);
      if (v.sandbox) s += sandboxHtml(v, v.sandbox, true);
      s += `<div class="aw-players">`;
      // the person's own Alhambra first, then the others (compact, can be enlarged)
      const order = v.players.map((_, i) => i);
      if (v.me !== null && v.me !== undefined) order.sort((a, b) => (b === v.me) - (a === v.me));
      for (const i of order) s += playerHtml(v, v.players[i], i);
      if (v.dirk) {
        s += `<section class="aw-player aw-dirk" aria-label="${esc(v.dirk.name)}"><h4>${esc(v.dirk.name)} <span class="aw-seat">collector, no turns</span> <span class="aw-score">${v.dirk.score} points</span></h4><div class="aw-row">`;
        for (const t of v.dirk.tiles) s += tileChip(t, "disabled");
        s += `</div></section>`;
      }
      s += `</div>`;
      if (!ui.walk) s += roundsHtml(v);
      s += `<section class="aw-log" aria-label="log"><h4>Log</h4><ol>${v.log.slice(-12).map((t) => `<li>${esc(t)}</li>`).join("")}</ol></section>`;
    }
    if (link.noKernel) s = `<div class="aw-msg aw-msg-error" role="status">${esc(NO_KERNEL)}</div>` + s;
    s = `<div class="aw-status" aria-live="polite">${esc(status(v))}</div>` +
      (msg.text ? `<div class="aw-msg aw-msg-${msg.kind || "info"}" role="status">${esc(msg.text)}</div>` : "") + s;
    // the keyboard focus survives the redraw: on the same control when it is still
    // there, else on the board, so shortcut keys keep working after a click
    const active = root.contains(document.activeElement) ? document.activeElement : null;
    const again = focusKey(active);
    root.innerHTML = s;
    if (active) (root.querySelector(again || ":not(*)") || root).focus({ preventScroll: true });
  }

  function onClick(ev) {
    const v = V();
    const t = ev.target.closest("[data-enlarge],[data-walk],[data-botstep],[data-go],[data-take],[data-slot],[data-pay],[data-do],[data-sel],[data-cell],[data-tile-cell],[data-resolve],[data-sandbox],[data-round],[data-rowstep],[data-undo],[data-hand],[data-gturn],[data-building],[data-field]");
    if (!t || t.disabled) return;
    const d = t.dataset;
    const L = v.legal;
    if (v.mode === "gardens" && gardensClick(d, v, ui, act, draw)) return;
    if (d.enlarge !== undefined) {
      ui.enlarged[d.enlarge] = !ui.enlarged[d.enlarge];
      draw();
      return;
    }
    if (d.walk) {
      walkRound(d.walk === "open");
      return;
    }
    if (d.botstep) {
      send({ kind: "bot", v: v.v });
      return;
    }
    if (d.go) {
      const to = { first: 0, prev: v.step - 1, next: v.step + 1, last: v.steps }[d.go];
      send({ kind: "goto", step: to });
    } else if (d.undo) {
      send({ kind: "undo", v: v.v });
    } else if (d.resolve) {
      if (d.resolve === "cancel") { ui.confirm = null; draw(); } else act(ui.confirm, d.resolve);
    } else if (d.take !== undefined) {
      const i = +d.take;
      ui.picks = ui.picks.includes(i) ? ui.picks.filter((x) => x !== i) : [...ui.picks, i];
      ui.payCur = null; ui.sel = null; ui.removing = false;
      draw();
    } else if (d.slot) {
      ui.payCur = ui.payCur === d.slot ? null : d.slot;
      ui.payPicks = []; ui.picks = []; ui.sel = null; ui.removing = false;
      draw();
    } else if (d.pay !== undefined) {
      const i = +d.pay;
      ui.payPicks = ui.payPicks.includes(i) ? ui.payPicks.filter((x) => x !== i) : [...ui.payPicks, i];
      draw();
    } else if (d.sel) {
      ui.sel = ui.sel === d.sel ? null : d.sel;
      ui.removing = false; ui.picks = []; ui.payCur = null;
      draw();
    } else if (d.sandbox !== undefined) {
      send({ kind: "sandbox", player: d.sandbox === "close" ? null : +d.sandbox });
      ui.sel = null;
    } else if (d.round !== undefined) {
      ui.roundSel = +d.round; ui.roundRow = 0; draw();
    } else if (d.rowstep) {
      ui.roundRow = Math.max(0, Math.min(7, ui.roundRow + +d.rowstep)); draw();
    } else if (d.do) {
      if (d.do === "take") {
        const cards = [...ui.picks].sort((a, b) => a - b).map((i) => `${v.display[i][0]} ${v.display[i][1]}`);
        act({ type: "take_money", cards });
      } else if (d.do === "buy") {
        act({ type: "buy", currency: ui.payCur, pay: pickedPay(v).vals });
      } else if (d.do === "cancel") {
        ui.payCur = null; ui.payPicks = []; draw();
      } else if (d.do === "reserve" && ui.sel) {
        act({ type: "reserve", tile: ui.sel });
      } else if (d.do === "dirk" && ui.sel) {
        act({ type: "give_to_dirk", tile: ui.sel });
      } else if (d.do === "removing") {
        ui.removing = !ui.removing; ui.sel = null; draw();
      } else if (d.do === "pass") {
        act({ type: "pass" });
      }
    } else if (d.cell) {
      const [x, y] = d.cell.split(",").map(Number);
      const sandbox = d.player === "sb";
      if (!ui.sel) return;
      if (d.rule === "") {
        if (sandbox) send({ kind: "sb_place", tile: ui.sel, pos: [x, y] });
        else if (L && L.phase === "act") act({ type: "from_reserve", tile: ui.sel, pos: [x, y] });
        else act({ type: "place", tile: ui.sel, pos: [x, y] });
      } else {
        send({ kind: "explain", player: sandbox ? null : +d.player, sandbox, tile: ui.sel, pos: [x, y] });
      }
    } else if (d.tileCell) {
      const [x, y] = d.tileCell.split(",").map(Number);
      if (d.player === "sb") {
        if (ui.removing) send({ kind: "sb_remove", pos: [x, y] });
        return;
      }
      if (!L || L.player !== +d.player) return;
      if (ui.sel && L.tiles[ui.sel] && (L.tiles[ui.sel].exchange || []).includes(d.tileCell)) {
        act({ type: "exchange", tile: ui.sel, pos: [x, y] });
      } else if (ui.removing) {
        if (d.rule === "") act({ type: "to_reserve", pos: [x, y] });
        else send({ kind: "explain_removal", pos: [x, y] });
      }
    }
  }

  function onOver(ev) {
    const v = V();
    const c = ev.target.closest("[data-cell],[data-tile-cell],[data-field]");
    let text = "";
    if (c && c.dataset.field !== undefined) {
      const r = c.dataset.rule;
      text = r === "" ? `field (${c.dataset.field}): your tile may go here — click to lay it.` :
        `field (${c.dataset.field}): not here — ${r}: ${RULE(r)}`;
    } else if (c && c.dataset.cell !== undefined && c.dataset.rule !== undefined) {
      const r = c.dataset.rule;
      text = r === "" ? `(${c.dataset.cell}): the tile may go here — click to build it.` :
        `(${c.dataset.cell}): not here — ${r}: ${RULE(r)} (click for the details)`;
    } else if (c && c.dataset.tileCell !== undefined && c.dataset.rule !== undefined) {
      const r = c.dataset.rule;
      text = r === "" ? `(${c.dataset.tileCell}): may go to the reserve.` : `(${c.dataset.tileCell}): must stay — ${r}: ${RULE(r)}`;
    }
    if (text !== ui.hover) {
      ui.hover = text;
      const st = root.querySelector(".aw-status");
      if (st) st.textContent = text || status(v);
    }
  }

  function onKey(ev) {
    const v = V();
    if (v.mode === "gardens" && gardensKey(ev, ui, draw)) {
      ev.preventDefault();
      ev.stopPropagation();
      return;
    }
    if (v.mode !== "game" && v.mode !== "gardens") return;
    if (ev.key === "Escape" && ui.walk) {
      ev.preventDefault();
      ev.stopPropagation();
      walkRound(false);
      return;
    }
    if (ev.target && ev.target.tagName === "INPUT" && ev.target.type === "checkbox") return;
    const at = ev.target && ev.target.dataset && (ev.target.dataset.cell ?? ev.target.dataset.tileCell);
    if (at !== undefined) {
      // a cell or a tile of a board has the focus: the arrows move between its targets
      const moves = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
      if (ev.key in moves) {
        ev.preventDefault();
        ev.stopPropagation();
        const [dx, dy] = moves[ev.key];
        const svg = ev.target.closest("svg");
        const cells = [...svg.querySelectorAll("[data-cell][tabindex],[data-tile-cell][tabindex]")];
        const [x, y] = at.split(",").map(Number);
        // the nearest target in that direction
        let best = null, bestD = Infinity;
        for (const c of cells) {
          const [cx, cy] = (c.dataset.cell ?? c.dataset.tileCell).split(",").map(Number);
          const ahead = dx ? (cx - x) * dx : (cy - y) * dy;
          if (ahead <= 0) continue;
          const d = ahead + 10 * Math.abs(dx ? cy - y : cx - x); // keep to the row/column
          if (d < bestD) { bestD = d; best = c; }
        }
        if (best) {
          for (const c of cells) c.setAttribute("tabindex", "-1");
          best.setAttribute("tabindex", "0");
          best.focus();
        }
        return;
      }
      if (ev.key === "Enter" || ev.key === " ") {
        ev.preventDefault();
        ev.stopPropagation();
        ev.target.dispatchEvent(new MouseEvent("click", { bubbles: true }));
        return;
      }
    }
    if (ev.key === "Escape" && (ui.sel || ui.removing || ui.payCur || ui.picks.length || ui.confirm)) {
      ev.preventDefault();
      ev.stopPropagation();
      resetPicks();
      draw();
      root.focus();
      return;
    }
    const to = { ArrowLeft: v.step - 1, ArrowRight: v.step + 1, Home: 0, End: v.steps }[ev.key];
    if (to === undefined) return;
    ev.preventDefault();
    ev.stopPropagation();
    send({ kind: "goto", step: Math.max(0, Math.min(v.steps, to)) });
  }

  function onInput(ev) {
    const t = ev.target;
    if (t.classList.contains("aw-slider")) {
      send({ kind: "goto", step: +t.value });
    } else if (t.dataset.botspeed) {
      model.set("bot_delay", +t.value);
      model.save_changes();
      scheduleBot();
    } else if (t.dataset.toggle) {
      model.set(t.dataset.toggle, t.checked);
      model.save_changes();
      draw();
      scheduleBot();
    }
  }

  // Ask the kernel for the bot's move, and ask again while the board has not moved: a
  // message can be lost (a kernel still starting, as in JupyterLite), and the kernel drops
  // any request whose version is no longer the board's, so asking twice is harmless.
  // open or close the step-through of a scoring round (the bots wait while it is open)
  function walkRound(open) {
    ui.walk = open;
    ui.roundRow = 0;
    draw();
    scheduleBot();
  }

  const botsMayMove = (v) => v.mode !== "alhambra" && v.bot_to_move && model.get("autoplay_bots") && !ui.walk;

  function scheduleBot() {
    clearTimeout(botTimer);
    const v = V();
    if (!botsMayMove(v)) return;
    const version = v.v;
    const delay = Math.max(0, (model.get("bot_delay") || 0) * 1000);
    const ask = (wait) => {
      botTimer = setTimeout(() => {
        const now = V();
        if (now.v !== version || !botsMayMove(now)) return;
        send({ kind: "bot", v: version });
        ask(Math.max(BOT_RETRY_MS, delay));
      }, wait);
    };
    ask(delay);
  }

  root.addEventListener("click", onClick);
  root.addEventListener("mouseover", onOver);
  root.addEventListener("keydown", onKey);
  root.addEventListener("change", onInput);
  // one redraw per change: the view and the message of one action arrive as separate
  // updates, drawn together in the next frame
  let drawPending = false;
  const requestDraw = () => {
    if (drawPending) return;
    drawPending = true;
    requestAnimationFrame(() => { drawPending = false; draw(); });
  };
  const onView = () => {
    link.noKernel = false;
    ui.hover = "";
    requestDraw();
    scheduleBot();
    // tell the host which step the page shows: a trait change from the page is what
    // marimo re-runs cells on
    const steps = V().steps;
    if (steps !== undefined && model.get("seen_steps") !== steps) {
      model.set("seen_steps", steps);
      model.save_changes();
    }
  };
  const onMessage = () => { link.noKernel = false; requestDraw(); };
  const onCustom = (msg) => { if (msg && msg.kind === "ack") acked(); };
  model.on("change:view", onView);
  model.on("change:message", onMessage);
  model.on("change:show_walls", requestDraw);
  model.on("change:show_coords", requestDraw);
  model.on("msg:custom", onCustom);
  draw();
  if (ui.inside) root.focus({ preventScroll: true });
  send({ kind: "hello" });
  scheduleBot();
  return () => {
    clearTimeout(botTimer);
    clearTimeout(link.timer);
    alive = false;
    themeWatch.disconnect();
    model.off("change:view", onView);
    model.off("change:message", onMessage);
    model.off("change:show_walls", requestDraw);
    model.off("change:show_coords", requestDraw);
    model.off("msg:custom", onCustom);
  };
}

export default { render };
