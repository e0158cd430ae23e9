// Small pieces every area draws with: names, a tile, a card. No rule here. All markup
// is made with the html tag (html.js), which escapes every value.

import { html } from "./html.js";
import type { SafeHtml } from "./html.js";
import type { CardJson, PosJson, TileJson } from "./contract.js";

export const CELL_PX = 46; // px per Alhambra cell

const SIDES: Record<string, [number, number, number, number]> = { N: [0, 0, 1, 0], E: [1, 0, 1, 1], S: [0, 1, 1, 1], W: [0, 0, 0, 1] };
const KIND_ABBR: Record<string, string> = {
  pavilion: "Pav", seraglio: "Ser", arcades: "Arc", chambers: "Cha", garden: "Gar", tower: "Tow", fountain: "",
};

export { esc } from "./html.js";
export const tileName = (t: TileJson) => (t[2] ? `${t[0]} ${t[1]} ${t[2]}` : `${t[0]} ${t[1]}`);
export const key = (x: number, y: number) => `${x},${y}`;
// a cell's key ("x,y", the view's name for a cell or a field) as [x, y]
export const xy = (k: string) => k.split(",").map(Number) as PosJson;
// a tile's name in words: "arcades 8 N" is "arcades 8, wall north" (the name stays the id)
const SIDE_WORD: Record<string, string> = { N: "north", E: "east", S: "south", W: "west" };
export function sayTile(name: string) {
  const [kind, price, walls] = String(name).split(" ");
  if (!walls) return String(name);
  const words = [...walls].map((c) => SIDE_WORD[c] || c);
  const list = words.length > 1 ? `${words.slice(0, -1).join(", ")} and ${words.at(-1)}` : words[0];
  return `${kind} ${price}, wall${walls.length > 1 ? "s" : ""} ${list}`;
}
// "Ben's", but "your" for a player named You
export const whose = (name: string) => (name === "You" ? "your" : `${name}'s`);
// who plays a seat: "human" (at this screen), a bot's level (played by this page),
// "online" (a person at their own notebook) or "online:LEVEL" (a bot on the table's server)
// a table a server keeps (other seats played elsewhere): no undo, no hands to show
export const online = (v: { players: readonly Seated[] }) => v.players.some((p) => p.seat.startsWith("online"));
export const isBot = (p: Seated) => p.seat !== "human" && !p.seat.startsWith("online");
export function seatLabel(seat: string) {
  if (seat === "human") return "";
  if (seat === "online") return "online";
  return seat.startsWith("online:") ? `${seat.slice(7)} bot` : `${seat} bot`;
}
export const pct = (x: number) => `${Math.round(x * 100)}%`;
// A sentence the engine leads with its ruling id ("R9: You has bought …", its errors'
// form, which they keep) as a player reads it: the plain sentence first, the id after it
// in brackets ("You has bought … (R9)"); any other text as it is
const RULED = /^((?:R\d+[a-d]?|G\d+)(?:(?:, | and )(?:R\d+[a-d]?|G\d+))*): (\S[\s\S]*)$/;
export function plainFirst(text: string) {
  const m = RULED.exec(text);
  if (!m) return text;
  const said = m[2].charAt(0).toUpperCase() + m[2].slice(1);
  const stop = /[.!?]$/.test(said) ? said.slice(0, -1) : said;
  return `${stop} (${m[1]})${/[.!?]$/.test(said) ? said.slice(-1) : ""}`;
}
export const sameList = <T>(a: readonly T[], b: readonly T[]) => a.length === b.length && a.every((v, i) => v === b[i]);

// a seat at the table (either game): who plays it
export interface Seated { seat: string }

// the building kinds' shapes (SVG paths in a 20x20 box), sent once by the engine ('texts')
let GLYPHS: Record<string, string> = {};
let glyphsSet = 0; // (how many times the glyphs were replaced: part of a drawing's memo key)
export const setGlyphs = (g: Record<string, string> | undefined) => { if (g && g !== GLYPHS) { GLYPHS = g; glyphsSet++; } };
export const glyphsVersion = () => glyphsSet;
export const glyph = (kind: string) => GLYPHS[kind] || "";

// how a tile is named on its face: with its price, the kind only ("kind": a tile bought,
// whose price no longer matters), or not at all (false: the board names every tile)
export type Named = boolean | "kind";

// a tile's name on its face ("Tow 8"), centred below the middle of the tile at (x, y)
export function tileLabel([kind, price]: readonly [string, number | string, ...unknown[]], x: number, y: number, size: number, cls = "") {
  if (kind === "fountain") return html``;
  const name = `${KIND_ABBR[kind]} ${price}`.trim(); // a price of "": the kind only
  // a caption under the building's picture, at 9 px bold about 5.3 px a character: a
  // name wider than a small tile is squeezed in
  const fit = name.length * 5.3 > size - 8 && html`textLength="${size - 8}" lengthAdjust="spacingAndGlyphs"`;
  // its baseline above a south wall's band (the wall never covers the name)
  return html`<text class="aw-tilename${cls}" x="${x + size / 2}" y="${y + size - Math.max(4, size * 0.17)}" text-anchor="middle" ${fit}>${name}</text>`;
}

export function tileSvg(t: TileJson | [string, string, string], x: number, y: number, size: number, extra: SafeHtml | null = null, small = false, named: Named = true) {
  // t = [kind, price, walls]; (x, y) = top-left in px; extra: html`...` attributes;
  // small: a board drawn small shows each kind's symbol large and no text; named:
  // false when the board draws every name above every tile (see tileLabel), "kind" for
  // the kind only: a tile bought (built, in a reserve, to place) shows no price, which
  // no longer matters once paid; the market says its price under the tile
  const [kind, price, walls] = t;
  const label = kind === "fountain" || !named ? "" : `${KIND_ABBR[kind]} ${price}`;
  const parts = [html`<rect x="${x + 1}" y="${y + 1}" width="${size - 2}" height="${size - 2}" rx="4"/>`];
  if (kind === "fountain") {
    const cx = x + size / 2, cy = y + size / 2;
    parts.push(html`<circle cx="${cx}" cy="${cy}" r="${size * 0.36}" class="aw-basin"/><circle cx="${cx}" cy="${cy}" r="${size * 0.28}" class="aw-fountain"/><path class="aw-jet" d="M${cx} ${cy + size * 0.08} V${cy - size * 0.16} M${cx} ${cy - size * 0.16} q${-size * 0.1} ${size * 0.02} ${-size * 0.14} ${size * 0.14} M${cx} ${cy - size * 0.16} q${size * 0.1} ${size * 0.02} ${size * 0.14} ${size * 0.14}"/>`);
  } else if (small && GLYPHS[kind]) {
    parts.push(html`<path class="aw-glyph" d="${GLYPHS[kind]}" transform="translate(${x + size * 0.15},${y + size * 0.15}) scale(${(size * 0.7) / 20})"/>`);
  } else if (GLYPHS[kind]) {
    // the building's picture large, its name a caption under it
    parts.push(html`<path class="aw-glyph" d="${GLYPHS[kind]}" transform="translate(${x + size * 0.22},${y + size * 0.08}) scale(${(size * 0.56) / 20})"/>`);
  }
  // a wall is a dark line on a light halo (the halo shows in the dark theme), so it
  // stands out against its tile and against the page in both themes. It lies just
  // inside its own tile's edge: two walls back to back are two lines, one tile's wall
  // against an open side is one line on that tile's side (R7a).
  // A tile's walls are one path (a segment a wall) and their halo another: two nodes a
  // tile, not two a wall, for the page to parse and lay out.
  const d = Math.max(2, size * 0.07), at = (v: number) => (v ? size - d : d);
  const segs = [...(walls || "")].map((side) => {
    const [x1, y1, x2, y2] = SIDES[side];
    return `M${x + at(x1)} ${y + at(y1)}L${x + at(x2)} ${y + at(y2)}`;
  }).join("");
  if (segs) parts.push(html`<path class="aw-wall-halo" d="${segs}"/><path class="aw-wall" d="${segs}"/>`);
  // the name last: walls never cover it (a small board shows the kind's symbol only)
  if (label && !(small && GLYPHS[kind])) parts.push(tileLabel(named === "kind" ? [kind, ""] : t, x, y, size));
  return html`<g class="aw-tile aw-k-${kind}" ${extra}>${parts}</g>`;
}

// a tile shown, not a control (Dirk's tiles, a lesson's tiles)
// (named: "kind" for a tile bought, whose price no longer matters; true where the price
// is the point, as a lesson's picture of a tile to buy)
export const tilePic = (t: TileJson, size = 46, named: Named = true) =>
  html`<svg class="aw-intray" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}" role="img" aria-label="${sayTile(tileName(t))}"><title>${sayTile(tileName(t))}</title>${tileSvg(t, 0, 0, size, null, false, named)}</svg>`;

// a tile bought (to place, in the reserve, the sandbox's palette): its kind and walls
// drawn, no price (paid already); the label keeps the tile's name, as the log says it
export function tileChip(t: TileJson, attrs: SafeHtml | false | null = null, selected = false) {
  const size = 40;
  const say = sayTile(tileName(t));
  return html`<button class="aw-chip${selected ? " aw-selected" : ""}" ${attrs} aria-label="${say}${
    selected ? " (selected)" : ""
  }" title="${say}"><svg width="${size}" height="${size}" viewBox="0 0 ${size} ${size}" aria-hidden="true">${tileSvg(t, 0, 0, size, null, false, "kind")}</svg></button>`;
}

// a shape per currency besides its colour (colour-blind-safe palette in widget.css)
const CUR_GLYPH: Record<string, string> = { denar: "●", dirham: "◆", ducat: "▲", florin: "■" };
export const curLabel = (cur: string) => `${CUR_GLYPH[cur] || ""} ${cur}`;

// a money card: a button to pick, or (span) one shown in a hand or the last moves;
// hinted: the numbers of the hint's moves that use it (a badge and its label say so)
export function cardHtml(c: CardJson, attrs: SafeHtml | null = null, selected = false, tag: "button" | "span" = "button", hinted: number[] | null = null) {
  const [cur, val] = c;
  const cls = `aw-card${tag === "button" ? "" : " aw-small"} aw-c-${cur}${selected ? " aw-selected" : ""}${hinted ? " aw-hinted" : ""}`;
  // (0 is a guided game's step: "click here", badge ▶; hint.ts)
  const label = `${cur} ${val}${selected ? " (selected)" : ""}${hinted ? (hinted.includes(0) ? ", the guide: click here" : `, hint ${hinted.join(", ")}`) : ""}`;
  // the currency's symbol and its name apart: a hand of many cards shows the symbol only
  // (widget.css), the name stays in the card's label
  const inner = html`<span class="aw-card-val">${val}</span><span class="aw-card-cur"><span class="aw-cur-sym">${CUR_GLYPH[cur] || ""}</span> <span class="aw-cur-name">${cur}</span></span>${
    hinted && html`<span class="aw-hintbadge" aria-hidden="true">${hinted.includes(0) ? "\u25b6" : hinted.join(",")}</span>`}`;
  return tag === "button"
    ? html`<button class="${cls}" ${attrs} aria-label="${label}">${inner}</button>`
    : html`<span class="${cls}" ${attrs} aria-label="${label}">${inner}</span>`;
}
