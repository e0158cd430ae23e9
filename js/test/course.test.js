// The course in a DOM without a browser, on view models the engine wrote
// (tests/test_js.py): the page offers every cell alike and sends what was clicked or
// typed as an answer; whether it is right is Python's to say.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { JSDOM, VirtualConsole } from "jsdom";

const quiet = new VirtualConsole();
quiet.on("jsdomError", (e) => { if (!/Not implemented/.test(e.message)) console.error(e); });
const dom = new JSDOM("<!doctype html><html><body></body></html>", { pretendToBeVisual: true, virtualConsole: quiet });
for (const k of ["window", "document", "getComputedStyle", "MutationObserver", "MouseEvent", "KeyboardEvent", "HTMLElement"]) {
  globalThis[k] = dom.window[k];
}
globalThis.CSS = globalThis.CSS || { escape: (s) => String(s).replace(/"/g, '\\"') };
globalThis.requestAnimationFrame = (f) => setTimeout(f, 0);
globalThis.IntersectionObserver = class { observe() {} disconnect() {} };
const { default: widget } = await import("../src/widget.js");

const FIXTURES = process.env.ALHAMBRA_FIXTURES;
const fixture = (name) => JSON.parse(readFileSync(join(FIXTURES, `${name}.json`), "utf8"));

function mount(view) {
  const state = { view, texts: {}, message: {}, show_coords: true };
  const sent = [];
  const model = {
    get: (k) => state[k], set: (k, v) => { state[k] = v; }, on: () => {}, off: () => {},
    send: (m) => sent.push(m), save_changes: () => {},
  };
  const el = document.createElement("div");
  document.body.appendChild(el);
  const cleanup = widget.render({ model, el });
  return { root: el.querySelector(".aw-root"), sent, cleanup };
}
const click = (node) => node.dispatchEvent(new MouseEvent("click", { bubbles: true }));

test("a cell lesson offers every empty cell alike and sends the clicked one", () => {
  const v = fixture("course_cells");
  const { root, sent, cleanup } = mount(v);
  const cells = root.querySelectorAll(".aw-board [data-cell]");
  const empty = v.lesson.alhambra.tiles.length;
  assert.ok(cells.length > empty);
  assert.equal(root.querySelectorAll(".aw-legal, .aw-illegal, [data-rule]").length, 0); // no answer shown
  const classes = new Set([...cells].map((c) => c.getAttribute("class")));
  assert.deepEqual([...classes], ["aw-cell aw-pick"]);
  click(cells[3]);
  const a = sent.find((m) => m.kind === "answer");
  assert.deepEqual(a, { kind: "answer", v: v.v, answer: { cell: cells[3].dataset.cell.split(",").map(Number) } });
  assert.equal(root.querySelectorAll(".aw-course-map [data-lesson]").length >= v.course.lessons.length, true);
  cleanup();
});

test("a numbers lesson sends what was typed, one box per name", () => {
  const v = fixture("course_numbers");
  const { root, sent, cleanup } = mount(v);
  const boxes = root.querySelectorAll("[data-lfield]");
  assert.deepEqual([...boxes].map((b) => b.dataset.lfield), v.lesson.fields);
  boxes.forEach((b, i) => { b.value = String(i + 1); });
  click(root.querySelector("[data-ldo='numbers']"));
  const a = sent.find((m) => m.kind === "answer");
  assert.deepEqual(a.answer, { numbers: Object.fromEntries(v.lesson.fields.map((f, i) => [f, String(i + 1)])) });
  cleanup();
});

test("a money lesson sends the picked display cards by name", () => {
  const v = fixture("course_take");
  const { root, sent, cleanup } = mount(v);
  click(root.querySelector("[data-ltake='2']"));
  click(root.querySelector("[data-ltake='0']"));
  click(root.querySelector("[data-ldo='take']"));
  const a = sent.find((m) => m.kind === "answer");
  const name = (k) => v.lesson.game.display[k].join(" ");
  assert.deepEqual(a.answer, { take: [name(0), name(2)] });
  cleanup();
});
