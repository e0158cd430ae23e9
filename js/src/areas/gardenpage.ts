// The Gardens page: laid out like the Alhambra table, so nothing
// moves under the mouse.
//
//   bar    the prompt, the step arrows, and a row of fixed height for the turn's
//          buttons (the question asked when acting at a past step, the hint button)
//   main   the board in its own column; beside it a guided game's guide, the players, the tile in hand and
//          the supply, then the last moves and the scoring explained, with a hint or
//          the review over them: they never move the board
//   foot   the timeline's slider, the log

import { html } from "../html.js";
import { gardensBoardHtml, gardensSideHtml, gardensExplainHtml } from "../gardens.js";
import { timelineHtml, navHtml, menuHtml } from "./timeline.js";
import { logHtml, followHtml } from "./overview.js";
import { hintHtml } from "./hint.js";
import { reviewHtml } from "./review.js";
import { guideHtml } from "./guide.js";
import { coachHtml } from "./coach.js";
import { actionsRow, confirmRow, hintButton, hintConfirm } from "./market.js";
import { barMarks, msgLine } from "./table.js";
import type { SafeHtml } from "../html.js";
import type { Part } from "../morph.js";
import type { GardensView } from "../contract.js";
import type { Ctx } from "../types.js";

const part = (key: string, markup: SafeHtml): Part => ({ key, html: markup });

function actionsHtml({ v, ui }: Ctx<GardensView>) {
  return actionsRow(html`${ui.confirm ? confirmRow(v) : hintConfirm(v, ui)}${hintButton(v)}`);
}

// status: the prompt's part; msg: the message's markup (its line in the bar)
export function gardensParts(c: Ctx<GardensView>, status: Part, msg: SafeHtml): Part[] {
  const { v, ui } = c;
  const nav = navHtml(c);
  const open = !!(v.hint || v.review); // a panel over the last moves and the scoring explained
  return [
    { key: "bar", cls: `aw-bar${v.live ? "" : " aw-past-bar"}${v.over && v.live ? " aw-bar-still" : ""}${barMarks(msg, nav)}`, parts: [
      { key: "barrow", cls: "aw-barrow", parts: [status, part("nav", nav)] },
      part("actions", actionsHtml(c)), msgLine(msg), part("menu", menuHtml(c)),
    ] },
    part("coach", v.coach ? coachHtml(c) : html``), // a coached game: a fixed region on top
    { key: "gmain", cls: `ag-main${v.live ? "" : " aw-past"}`, parts: [
      part("gboard", gardensBoardHtml(v, ui)),
      { key: "gside", cls: "ag-side", parts: [
        // a guided game: the guide beside the board, so that its words never push the
        // field it marks below the window
        part("guide", v.guide ? guideHtml(c) : html``),
        part("gplayers", gardensSideHtml(v, ui)),
        // a hint and the review lie over the last moves and the scoring explained, as
        // tall as the window leaves (sticky.ts): they never run below the window
        { key: "under", cls: `aw-under${open ? " aw-covered" : ""}`, parts: [
          part("follow", followHtml(c)),
          part("explain", gardensExplainHtml(v, ui)),
          { key: "overlay", cls: `aw-overlay${open ? " aw-open" : ""}`, parts: [
            part("hint", v.hint ? hintHtml(c) : html``),
            part("review", v.review ? reviewHtml(c) : html``),
          ] },
        ] },
      ] },
    ] },
    { key: "foot", cls: "aw-foot", parts: [part("timeline", timelineHtml(c)), part("log", logHtml(v.log, 10))] },
  ];
}
