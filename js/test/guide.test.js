// The guided first game in a DOM without a browser, on view models the engine wrote
// (tests/test_js.py): one counter (the guide's step in the bar; no table step arrows,
// no Undo), a click that was not the step's move told in the guide's own words (whole,
// not an error bar), the words of a build step matching its drawing, and one end screen
// that names the coached game, with no "New game" beside "start again" and your money shown.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import "../tools/dom.js";

const { default: widget } = await import("../src/widget.js");

const fixture = (name) => JSON.parse(readFileSync(join(process.env.ALHAMBRA_FIXTURES, `${name}.json`), "utf8"));

function mount(view) {
  const state = { texts: fixture("texts"), view, message: {}, autoplay_bots: false, bot_delay: 0.6 };
  const model = { get: (k) => state[k], set: (k, v) => { state[k] = v; }, on: () => {}, off: () => {}, send: () => {}, save_changes: () => {} };
  const el = document.createElement("div");
  document.body.appendChild(el);
  const cleanup = widget.render({ model, el });
  return { cleanup, root: el.querySelector(".aw-root") };
}

test("a guided game: one counter, the guide's; a wrong click told gently in the guide, whole", () => {
  const view = fixture("guided_refused");
  const { root, cleanup } = mount(view);
  const text = root.textContent;
  assert.equal((text.match(/[Ss]tep \d+ of \d+/g) || []).length, 1, "one step counter");
  assert.doesNotMatch(text, /step \d+\/\d+/);
  assert.equal(root.querySelector(".aw-stepno"), null);
  assert.equal(root.querySelector("[data-undo]"), null);
  const bar = root.querySelector("[data-area='guide-do']");
  assert.ok(bar && bar.textContent.includes(view.guide.do) && bar.textContent.includes(`Step 1 of ${view.guide.steps}`));
  const said = root.querySelector("aside.aw-guide .aw-guide-said");
  assert.ok(said, "the refusal is in the guide");
  assert.equal(said.textContent, view.guide.said);
  assert.doesNotMatch(said.textContent, /^R\d/); // the rule in words first
  assert.equal(root.querySelector(".aw-msg-error"), null);
  // no redesign button before the guide teaches it (the script never moves a tile to the reserve)
  assert.equal(root.querySelector("[data-do='removing']"), null);
  assert.notEqual(getComputedStyle(said).whiteSpace, "nowrap");
  cleanup();
});

test("a guided build step: the words name the mark drawn on its cell, not a green cell", () => {
  const view = fixture("guided_build");
  const { root, cleanup } = mount(view);
  const bar = root.querySelector("[data-area='guide-do']");
  assert.match(bar.textContent, /marked ▶ \(dashed outline\)/);
  assert.doesNotMatch(bar.textContent, /green/);
  const [cell] = view.guide.marks.cells;
  assert.ok(root.querySelector(`.aw-me [aria-label^='the guide: click here: (${cell.replace(",", ", ")})']`), "the cell is marked ▶");
  cleanup();
});

test("the end of a guided game: one screen naming the coached game, one button, your money shown", () => {
  const view = fixture("guided_end");
  const { root, cleanup } = mount(view);
  const aside = root.querySelector("aside.aw-guide.aw-coach-end");
  assert.match(aside.textContent, /You finished the guided game/);
  assert.equal((aside.textContent.match(/Next: the coached game/g) || []).length, 1, "said once");
  assert.ok(aside.querySelector("code").textContent.includes("CoachedGame()"));
  assert.equal(root.querySelectorAll("[data-newgame]").length, 0, "no New game beside the guide's button");
  assert.equal(root.querySelectorAll("[data-review='ask']").length, 0);
  assert.equal(aside.querySelectorAll("button").length, 1);
  assert.doesNotMatch(root.querySelector(".aw-me").textContent, /hidden/);
  cleanup();
});
