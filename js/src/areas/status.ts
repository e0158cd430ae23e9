// The status line: what to do next, or what the hovered cell says. Words that state a
// rule come with the view model (legal.take_limit, legal.lay_limit): the page holds none.

import { isBot, sayTile, tileName, plainFirst } from "../common.js";
import { nowhere } from "./market.js";
import { botButtonInRow } from "./timeline.js";
import type { GameView, LegalJson, SandboxView } from "../contract.js";
import type { Picks } from "../state.js";
import type { Model, TableView } from "../types.js";

export const NO_KERNEL = "No answer from Python yet: its kernel may be busy, or this board's Python side is gone (the notebook was reopened or the kernel restarted) and it only shows the state it was left in. If nothing happens, run the cell again.";

// "You win", "Ann wins", "Ann and You win"
export function winnersText(w: readonly string[]) {
  return `${w.join(" and ")} ${w.length === 1 && w[0] !== "You" ? "wins" : "win"}`;
}

// "You must", "Ann must" (a hot seat names the mover)
const must = (p: { name: string }) => `${p.name} must`;

// the selected tile's prompt: where it goes, or that it fits nowhere (the engine's verdicts)
function tilePrompt(v: GameView, ui: Picks, L: LegalJson) {
  const t = L.tiles[ui.sel!];
  const cells = Object.values(t.cells || {});
  const exchange = (t.exchange || []).length;
  if (!cells.includes("") && !exchange) {
    return `${sayTile(ui.sel!)} fits nowhere in the Alhambra (every cell breaks a rule: hover one to see which)${L.phase === "act" ? "." : ": put it in the reserve (the button below)."}`;
  }
  return `${sayTile(ui.sel!)}: click a green cell to build it (hover a red one to see which rule forbids it)${exchange ? "; or click a tile outlined in green to exchange it" : ""}.`;
}

// a purchase being paid: which tile, from which slot, and what to do next (the prompt
// follows the row of cards under it, never "take money, buy or redesign" while paying)
function payPrompt(v: GameView, ui: Picks, L: LegalJson) {
  if (!ui.payCur) return "";
  const slot = v.market.find((m) => m.currency === ui.payCur);
  const tile = slot && slot.tile ? sayTile(tileName(slot.tile)) : "the tile";
  const b = L.buy && L.buy[ui.payCur];
  if (!b) return `You cannot buy ${tile} now: the reason is in the row below.`;
  return `Pay for ${tile}: pick the ${ui.payCur} cards to pay with below (at least ${b.price} in all), then Buy.`;
}

// a bot is deciding: the bots play by themselves, or "bot: one move" was just pressed
// on this very board (ui.botAsked holds its version); otherwise the bot waits
export function botDeciding(v: TableView, ui: Picks, model: Model | null) {
  const p = v.live && !v.over && !ui.walk && v.players[v.current];
  if (!p || !isBot(p)) return false;
  return Boolean(model && model.get("autoplay_bots")) || ui.botAsked === v.v;
}

// what the person may do once the game is over (the results name the winners and
// offer the review, except after a guided game): where the scores are, and stepping back
function endPrompt(v: TableView) {
  const person = v.players.some((p) => p.seat === "human");
  const review = person && !v.review && !v.guide ? "“Review my game” compares your decisions with the computer's; the" : "The";
  return `The final scores are in the results. ${review} arrows step back through the game.`;
}

export function statusText({ v, ui, model }: { v: TableView | SandboxView; ui: Picks; model: Model }) {
  if (ui.hover) return ui.hover;
  if (v.mode === "alhambra") {
    if (ui.removing) return "Click a tile outlined in green to remove it; the others say why they must stay.";
    return ui.sel ? "Click a green cell to build the tile; hover any cell to learn why not." : "Pick a tile from the palette to see where it may go.";
  }
  // at the end the results say who won ("Game over: …", once); the prompt says what
  // may be done next
  if (ui.walk && v.live) {
    return v.over ? "Who won and the final scores are in the results; step through the last scoring round there (◀ ▶), or close it (Escape)." :
      "A scoring round was just scored: step through it, then close it (Escape) and the game goes on.";
  }
  if (v.over && v.live) return endPrompt(v);
  if (!v.live) return `Viewing step ${v.step} of ${v.steps}.`;
  if (v.paused) return "A teacher has paused this table: moves wait until it resumes.";
  const p = v.players[v.current];
  if (p.seat === "online") return `${p.name}'s turn: ${p.name} plays from their own notebook, and the move shows here when it is made.`;
  if (p.seat.startsWith("online:")) return `${p.name} (${p.seat.slice(7)} bot) is thinking on the table's server…`;
  if (p.seat !== "human") {
    if (botDeciding(v, ui, model)) return `${p.name} (${p.seat} bot) is thinking…`;
    // the table's turn row has the button and says what it waits for: not said twice
    return botButtonInRow(v, model, ui) ? `${p.name}'s turn (${p.seat} bot).` : `${p.name}'s turn (${p.seat} bot): press “bot: one move”, or tick “bots play”.`;
  }
  if (v.mode === "gardens") {
    return `${must(p)} lay the tile in hand on a green field (click, or Enter)${v.legal && v.legal.lay_limit ? ` — ${v.legal.lay_limit}` : ""}. R turns it.`;
  }
  const L = v.legal;
  if (!L) return "";
  const paying = payPrompt(v, ui, L);
  if (paying) return paying;
  if (ui.picks.length && L.take) return `Taking money: click more display cards to take them together (${L.take_limit}), then Take.`;
  if (ui.sel && L.tiles && L.tiles[ui.sel]) return tilePrompt(v, ui, L);
  if (ui.removing) return "Click a tile outlined in green to move it to the reserve; the others say why they must stay.";
  if (L.phase !== "act" && nowhere(L).length) {
    const n = nowhere(L);
    return `${n.map(sayTile).join(" and ")} fit${n.length > 1 ? "" : "s"} nowhere in your Alhambra (every cell breaks a rule): put ${n.length > 1 ? "them" : "it"} in the reserve (the button below)${Object.keys(L.tiles).length > n.length ? ", then place the others" : ""}.`;
  }
  if (L.phase !== "act") {
    const what = L.phase === "gift" ? "your end-game gift" : "the tiles bought this turn";
    return `${must(p)} place ${what}: pick one under "To place", then click a green cell, or put it in the reserve${L.phase === "place" && v.dirk ? " or give it to Dirk" : ""}.`;
  }
  const waiting = v.dropped ? `${sayTile(v.dropped.tile)} is built where you dropped it when your turn ends. ` : "";
  return `${waiting}${must(p)} take money (click cards in the display), buy a tile (click or drag a market slot), or redesign.`;
}

// hovering a cell, a tile or a field: its verdict in the rule's words
export function hoverText(target: Element, rule: (id: string) => string) {
  const c = target.closest<HTMLElement | SVGElement>("[data-cell],[data-tile-cell],[data-field]");
  if (!c || c.dataset.rule === undefined) return "";
  const r = c.dataset.rule;
  if (c.dataset.field !== undefined) {
    return r === "" ? "This field: your tile may go here — click to lay it." : `Not here: ${plainFirst(`${r}: ${rule(r)}`)}`;
  }
  if (c.dataset.cell !== undefined) {
    return r === "" ? "This cell: the tile may go here — click to build it." : `Not here: ${plainFirst(`${r}: ${rule(r)}`)} Click for the details.`;
  }
  return r === "" ? "This tile may go to the reserve — click to move it." : `This tile must stay: ${plainFirst(`${r}: ${rule(r)}`)}`;
}
