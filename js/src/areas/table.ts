// The game table: one screen per decision, like a board-game site's table.
//
//   bar    (sticky) the prompt, the step arrows, and the turn's buttons in a row of
//          fixed height: picking cards, paying, the branch question never move the board
//   main   the market and the money side by side, then your Alhambra with your hand,
//          your tiles to place and your reserve beside it; a finished game's results
//          and review under it
//   side   panels that come and go (the last moves, a hint, a scoring round walked
//          through) above the opponents' compact panels and the standings: they may
//          push the opponents down, never your board or the market
//   foot   the timeline's slider, the lines, the rounds played, the log

import { html } from "../html.js";
import { lineKey } from "../morph.js";
import { plainFirst } from "../common.js";
import { timelineHtml, navHtml, menuHtml } from "./timeline.js";
import { marketHtml, moneyHtml, actionsHtml } from "./market.js";
import { myPanel, opponentPanel, dirkHtml, markNames, sandboxHtml, allBoardsHtml } from "./alhambra.js";
import { standingsHtml, resultsHtml, followHtml, logHtml, scoreTrackHtml } from "./overview.js";
import { roundsHtml, walkingWalls, walkingKind, walkPoints, scoreBeforeRound, shownRound } from "./scoring.js";
import { statusText, botDeciding, NO_KERNEL } from "./status.js";
import { hintHtml } from "./hint.js";
import { reviewHtml, reviewStepHtml } from "./review.js";
import { guideHtml, guideStatus } from "./guide.js";
import { coachHtml, coachStatus } from "./coach.js";
import type { SafeHtml } from "../html.js";
import type { Part } from "../morph.js";
import type { GameView } from "../contract.js";
import type { Ctx, TableView } from "../types.js";

const part = (key: string, markup: SafeHtml): Part => ({ key, html: markup });

// whose Alhambra is drawn large: the person at the screen, else the one to move
export const mainSeat = (v: GameView) => (v.me !== null && v.me !== undefined ? v.me : (v.current ?? 0));

// the banner's one instruction at a past step: act from it, then make a move there; once
// a move is picked the question under the bar is the only instruction
function pastSay({ v, ui }: Ctx<TableView>) {
  if (ui.pastPlay !== v.v) return html` <button class="aw-mini" data-pastplay="1" title="make a move at this step: you then choose whether the game after it is kept or erased">play a move from here</button>`;
  return ui.confirm ? html`` : html`<span> Make your move at step ${v.step} on the board.</span>`;
}

// a step picked in the review brings the board into sight (sticky.js): the way back down
const toReview = (v: TableView) => (v.review && v.review.state !== "running" ? html` <button class="aw-mini" data-toreview="1" aria-label="scroll down to the review of the game">to the review</button>` : html``);

// the past-step banner or the prompt, in the bar's fixed two lines
export function promptHtml(c: Ctx<TableView>) {
  const { v } = c;
  if ((v.mode === "game" || v.mode === "gardens") && !v.live) {
    const last = v.review ? "end" : "game"; // a review is of a finished game
    return html`<div class="aw-status aw-banner" data-area="prompt" aria-live="polite">Viewing step ${v.step} of ${v.steps} — <button class="aw-mini aw-primary" data-go="last" aria-label="back to the ${last} (step ${v.steps})">back to the ${last}</button>${pastSay(c)}${toReview(v)}</div>`;
  }
  const g = v.guide;
  if (g && !g.finished && v.live && !c.ui.walk) return guideStatus(g, lastMovesHtml(c)); // the guide's step is the one instruction
  const thinking = botDeciding(v, c.ui, c.model);
  const coached = coachStatus(v);
  const more = coached ? null : lastMovesHtml(c);
  if (!more) return html`<div class="aw-status${thinking ? " aw-thinking" : ""}" data-area="prompt" aria-live="polite">${coached || statusText(c)}</div>`;
  return html`<div class="aw-status aw-hasmore${thinking ? " aw-thinking" : ""}" data-area="prompt"><span class="aw-say" aria-live="polite">${statusText(c)}</span>${more}</div>`;
}

// The prompt's fixed area (three lines, so that the longest instruction is never cut)
// is filled under a shorter instruction with the last moves, the newest first, one line
// each (the whole sentence on hover, in the others' panels and the log): the others'
// since your last move, else the log's last lines (your own, just made). The bar keeps
// its height from turn to turn with no empty band under a one-line prompt; the lines
// that do not fit are left out of sight, never the instruction.
function lastMovesHtml({ v }: Ctx<TableView>) {
  if (v.mode !== "game" || !v.live || v.over) return null;
  const rec = (v.recent || []).map((r) => r.text);
  const last = (rec.length ? rec : v.log || []).slice(-2).reverse();
  if (!last.length) return null;
  return html`<ol class="aw-lastmoves" aria-label="the last moves, the newest first">${last.map((t) => html`<li data-move="${lineKey(t)}" title="${t}">${t}</li>`)}</ol>`;
}

function messageHtml(c: Ctx<GameView>) {
  const msg = c.model.get("message") || {};
  if (c.noKernel) return html`<div class="aw-msg aw-msg-error" role="status">${NO_KERNEL}</div>`;
  return msg.text ? html`<div class="aw-msg aw-msg-${msg.kind || "info"}" role="status" title="${plainFirst(msg.text)}">${plainFirst(msg.text)}</div>` : html``;
}

// the bar's message line: one line of fixed height, always there (a message never
// floats over the others' panels or the scores, and never moves the board); its full
// text is its title
export const msgLine = (msg: SafeHtml): Part => ({ key: "msgline", cls: "aw-msgline", parts: [part("msg", msg)] });
// what the bar holds, as its classes (widget.css): no message (the turn's buttons take the
// whole row), no step box (at the end, the message line takes it); :has() rules there
// were worked out again at every change of the board
export const barMarks = (msg: SafeHtml, nav: SafeHtml) => `${String(msg) ? "" : " aw-nomsg"}${String(nav) ? "" : " aw-nonav"}`;

// Dirk's points as his heading shows them: before a round being walked through, as the
// players' headings and the score track show theirs
const dirkPoints = ({ v, ui }: Ctx<GameView>) => (v.dirk ? (scoreBeforeRound(v, ui, v.dirk.name)?.points ?? v.dirk.score) : 0);

// a scoring round walked through beside the market (three players or fewer, no coach's
// or guide's words in the side column: sticky.ts places it), over the score track and
// the standings
const walkBeside = ({ v, ui }: Ctx<GameView>) =>
  ui.walk && !v.over && v.rounds.length > 0 && Object.keys(shownRound(v, ui).totals).length <= 3 && !v.coach && !v.guide;

export function tableParts(c: Ctx<GameView>): Part[] {
  const { v, ui } = c;
  const walls = walkingWalls(v, ui);
  const kind = walkingKind(v, ui);
  const me = mainSeat(v);
  const others = v.players.map((_, i) => i).filter((i) => i !== me);
  const strips = others.length >= 4; // four others or more: each a strip, every one in view
  const msg = messageHtml(c), nav = navHtml(c);
  // a finished game: the results take the market's place (one screen: who won, the
  // scores, the last round), the review lies under your board
  const ended = v.over || !!v.review;
  // panels that come and go lie over the side column (the others' panels and the
  // standings): they never push the opponents or the standings out of the window, and
  // never move your board or the market
  const over = [
    part("reviewstep", reviewStepHtml(c)), // a step the review marks: what went wrong there
    part("hint", v.hint ? hintHtml(c) : html``),
    part("sandbox", v.sandbox ? sandboxHtml(c, v.sandbox, v.players[v.sandbox.player].name) : html``),
  ];
  const open = over.some((p) => "html" in p && String(p.html).trim() !== "");
  return [
    // a guided game's bar: the turn's buttons over the foot of the prompt's area (widget.css)
    { key: "bar", cls: `aw-bar${v.live ? "" : " aw-past-bar"}${v.over && v.live ? " aw-bar-end aw-bar-still" : ""}${v.guide && !v.guide.finished && v.live ? " aw-bar-guided" : ""}${barMarks(msg, nav)}`, parts: [
      { key: "barrow", cls: "aw-barrow", parts: [part("status", promptHtml(c)), part("nav", nav)] },
      part("actions", actionsHtml(c)),
      msgLine(msg),
      part("menu", menuHtml(c)),
    ] },
    // a scoring round walked through marks its line's kind on every board (widget.css)
    { key: "grid", cls: `aw-grid${v.live ? "" : " aw-past"}${kind ? ` aw-walkkind aw-walkkind-${kind}` : ""}${walkBeside(c) ? " aw-walkbeside" : ""}`, parts: [
      { key: "main", cls: "aw-main", parts: [
        { key: "top", cls: `aw-top${v.over ? " aw-top-end" : ""}`, parts: v.over ? [part("results", resultsHtml(c))]
          : [part("market", marketHtml(c)), part("money", moneyHtml(c))] },
        myPanel(c, v.players[me], me, walls),
        ...(ended ? [part("review", reviewHtml(c))] : []),
      ] },
      { key: "side", cls: "aw-side", parts: [
        part("coach", v.coach ? coachHtml(c) : v.guide ? guideHtml(c) : html``), // a coached game: the coach's region
        part("track", scoreTrackHtml(c)),
        // three players: the standings under the score track, one row a player, in the
        // first screen; else under the others' panels (with Dirk's or three others' or
        // more, every other's heading stays in view at 1280x720 only so)
        part("standtop", others.length === 2 ? standingsHtml(c, true) : html``),
        { key: "under", cls: `aw-under${open ? " aw-covered" : ""}`, parts: [
          // one part per opponent: a bot's move redraws its own panel only
          // four others or more: each a strip (its Alhambra small beside its heading and facts;
          // "enlarge" or "every Alhambra, large" to read the walls), every one in view
          { key: "opponents", cls: `aw-opponents${strips ? " aw-many" : ""}`, attrs: { "data-area": "opponents", role: "region", "aria-label": "the other players" }, parts: [
            part("allask", html`<button class="aw-mini aw-allask" data-allboards="open" aria-expanded="${ui.allBoards ? "true" : "false"}" title="every Alhambra large, side by side (key A)" aria-keyshortcuts="A">every Alhambra, large <kbd>A</kbd></button>`),
            ...others.map((i) => opponentPanel(c, v.players[i], i, walls, strips)), part("dirk", dirkHtml(v.dirk, !!v.dirk && walkPoints(v, ui).has(v.dirk.name), markNames(v), dirkPoints(c))),
          ] },
          part("standings", others.length === 2 ? html`` : standingsHtml(c)),
          { key: "overlay", cls: `aw-overlay${open ? " aw-open" : ""}`, parts: over },
        ] },
        part("follow", followHtml(c, true)),
        ...(ended ? [] : [part("review", reviewHtml(c))]),
      ] },
      // a scoring round walked through lies beside the market, over the money display
      // and the score track, the market and the boards it points at in sight: it moves
      // nothing (sticky.ts places it); at the end it is in the results (resultsHtml)
      part("walk", ui.walk && !v.over ? roundsHtml(c, true) : html``),
      part("all", ui.allBoards ? allBoardsHtml(c) : html``), // over the whole table
    ] },
    { key: "foot", cls: "aw-foot", parts: [
      part("timeline", timelineHtml(c)),
      part("rounds", ui.walk ? html`` : roundsHtml(c)),
      part("log", logHtml(v.log, 12)),
    ] },
  ];
}
