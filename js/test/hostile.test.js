// Players named like markup (tests/test_js.py plays their games with the engine's bots):
// whatever the page draws, a name is text, never an element, an attribute or a script.
import { test } from "node:test";
import assert from "node:assert/strict";
import { click, fixture, mount as mountState } from "../tools/mount.js";

export const NAMES = ["<img src=x onerror=alert(1)>", `"quotes'`, "</script>"];

const mount = (view) =>
  mountState({ view, message: {}, show_walls: true, show_coords: true, autoplay_bots: false, bot_delay: 0.6 });
const frame = () => new Promise((r) => setTimeout(r, 5));

function nothingInjected(root) {
  assert.equal(root.querySelectorAll("img, script, iframe, object, embed").length, 0);
  for (const e of root.querySelectorAll("*")) {
    for (const a of e.attributes) assert.ok(!a.name.startsWith("on"), `${e.tagName} has ${a.name}`);
  }
  for (const n of NAMES) assert.ok(root.textContent.includes(n), `${n} is shown as text`);
}

test("an Alhambra game with hostile names: its scoring round walked through and its end", async () => {
  const { root, cleanup, show } = mount(fixture("hostile_start"));
  nothingInjected(root);
  show(fixture("hostile_end")); // three scoring rounds since: the last is walked through
  await frame();
  assert.ok(root.querySelector(".aw-rounds.aw-walk"));
  assert.ok(root.querySelector(".aw-results"));
  nothingInjected(root);
  const heads = [...root.querySelectorAll(".aw-results td:nth-child(2)")].map((td) => td.textContent.replace(" — wins", ""));
  assert.deepEqual(heads.sort(), [...NAMES].sort());
  for (const n of NAMES) assert.ok(root.querySelector(`section.aw-player[aria-label="${CSS.escape(n)}"]`), n);
  cleanup();
});

test("a Gardens game with hostile names", async () => {
  const { root, cleanup } = mount(fixture("hostile_gardens"));
  nothingInjected(root);
  assert.equal(root.querySelectorAll(".ag-board [data-field], .ag-board .ag-tile").length, 36);
  const key = root.querySelector(".ag-key").textContent; // what a tile's "2Le" means
  for (const kind of ["lemon", "orange", "palm", "lavender"]) assert.match(key, new RegExp(kind));
  assert.match(key, /A diamond is a building: its kind's picture and its value/); // the buildings explained too
  assert.match(key, /grey: nobody won/); // and what a scored one shows
  cleanup();
});

test("the review's graph of a game with hostile names: a line a player, the mistakes marked, a click goes to the step", async () => {
  const view = fixture("hostile_review");
  const { root, cleanup, sent } = mount(view);
  await frame();
  const g = view.review.graph;
  const svg = root.querySelector("section.aw-review svg.aw-review-graph");
  assert.ok(svg, "the graph is drawn in the review");
  const lines = [...svg.querySelectorAll("polyline.aw-graph-line")];
  assert.deepEqual(lines.map((l) => l.getAttribute("data-player")), NAMES);
  assert.equal(lines[0].getAttribute("points").split(" ").length, g.chances.length);
  assert.equal(g.rounds.length, 3); // a finished game: three scoring rounds, the last at its end
  assert.equal(g.rounds[2], g.chances.length - 1);
  assert.equal(svg.querySelectorAll("line.aw-graph-round").length, 2);
  const marks = svg.querySelectorAll("circle.aw-mistake[data-step]");
  assert.equal(marks.length, g.mistakes.length);
  const legend = root.querySelectorAll(".aw-graph-legend > span");
  assert.equal(legend.length, 3);
  assert.doesNotMatch(root.querySelector("figure.aw-graph figcaption").textContent, /no line/); // three players: no Dirk
  for (const li of legend) assert.match(li.textContent, /accuracy \d+%/);
  nothingInjected(root);
  // a mark and a strip of the graph are the timeline's controls: goto that step
  click(marks[0]);
  click(svg.querySelector("rect.aw-graph-step[data-step='5']"));
  marks[1].focus();  // the keyboard: a mark is a button
  marks[1].dispatchEvent(new KeyboardEvent("keydown", { key: "Enter", bubbles: true }));
  assert.deepEqual(sent.filter((m) => m.kind === "goto"), [{ kind: "goto", step: g.mistakes[0].step }, { kind: "goto", step: 5 }, { kind: "goto", step: g.mistakes[1].step }]);
  // the tip of a mark names the player's move as text
  assert.ok(marks[0].querySelector("title").textContent.startsWith(`step ${g.mistakes[0].step}, `));
  cleanup();
});

test("at the game's end the last scoring round is walked through first, the review opens when it closes", async () => {
  const view = fixture("hostile_review");
  assert.ok(view.over && view.rounds.length === 3);
  const { root, cleanup, show } = mount({ ...view, rounds: view.rounds.slice(0, 2), v: view.v - 1 });
  await frame();
  show(view); // the last scoring round comes in: it is walked through
  await frame();
  assert.ok(root.querySelector(".aw-rounds.aw-walk"));
  assert.equal(root.querySelector("section.aw-review"), null, "not both in the side column");
  assert.match(root.querySelector(".aw-review-waits").textContent, /opens here once the scoring round is closed/);
  root.querySelector(".aw-rounds.aw-walk [data-walk='close']").dispatchEvent(new MouseEvent("click", { bubbles: true }));
  await frame();
  assert.equal(root.querySelector(".aw-rounds.aw-walk"), null);
  assert.ok(root.querySelector("section.aw-review svg.aw-review-graph"));
  assert.equal(root.querySelector(".aw-review-waits"), null);
  // under your board, not in the side column (beside the others' panels and the standings)
  assert.ok(root.querySelector(".aw-main section.aw-review") && root.querySelector(".aw-main section.aw-results"));
  assert.equal(root.querySelector(".aw-side section.aw-review, .aw-side section.aw-results"), null);
  // asked, the review's button in the results says where it is (it lies under your board)
  assert.ok(view.players.some((p) => p.seat === "human"));
  assert.equal(root.querySelector("[data-area='results'] [data-review='ask']"), null);
  assert.match(root.querySelector("[data-area='results'] h4 button[data-toreview]").textContent, /review/);
  root.querySelector("section.aw-rounds [data-walk='open']").dispatchEvent(new MouseEvent("click", { bubbles: true }));
  await frame(); // replayed from the list: the review waits again
  assert.ok(root.querySelector(".aw-rounds.aw-walk"));
  assert.equal(root.querySelector("section.aw-review"), null);
  cleanup();
});

test("R3 the review graph's caption says why Dirk has no line, as the view says whether he may win", async () => {
  for (const [canWin, said] of [[false, "Dirk has no line: he makes no decisions and cannot win (R3)."], [true, "Dirk has no line: he makes no decisions (R3)."]]) {
    const view = { ...fixture("hostile_review"), dirk: { name: "Dirk", can_win: canWin, score: 0, tiles: [] } };
    const { root, cleanup } = mount(view);
    await frame();
    assert.ok(root.querySelector("figure.aw-graph figcaption").textContent.endsWith(said));
    cleanup();
  }
});

test("a step picked in the review is shown at that step; the banner's 'to the review' scrolls back down to it", async () => {
  const view = fixture("hostile_review");
  const { root, cleanup, show, sent } = mount(view);
  await frame();
  const scrolled = [];
  const had = window.HTMLElement.prototype.scrollIntoView;
  window.HTMLElement.prototype.scrollIntoView = function () { scrolled.push(this); };
  root.querySelector("section.aw-review ol button[data-step]").dispatchEvent(new MouseEvent("click", { bubbles: true }));
  const step = sent.filter((m) => m.kind === "goto").pop().step;
  assert.equal(root.querySelector(".aw-banner"), null); // at the live end: no banner (the results say where the review is)
  show({ ...view, step, live: false, v: view.v + 1 });
  await frame();
  // a finished game: the way forward is to its end, not "back to the game"
  assert.match(root.querySelector(".aw-banner").textContent, new RegExp(`Viewing step ${step} of \\d+ — back to the end`));
  // beside the board: what the review says of this step
  const m = view.review.graph.mistakes.find((d) => d.step === step);
  assert.ok(m, "the list's mistake is a dot of the graph");
  const said = root.querySelector(".aw-side section.aw-review-step").textContent;
  assert.ok(said.startsWith(`A mistake at this step: ${m.played}`), said);
  assert.match(said, /It gave away \d+% of the chance to win\.$/);
  nothingInjected(root);
  const back = root.querySelector(".aw-banner button[data-toreview]");
  assert.equal(back.textContent, "to the review");
  back.dispatchEvent(new MouseEvent("click", { bubbles: true }));
  assert.deepEqual(scrolled, [root.querySelector("section.aw-review")]);
  assert.equal(sent.filter((m) => m.kind === "goto").length, 1); // the way down asks Python nothing
  window.HTMLElement.prototype.scrollIntoView = had;
  cleanup();
});

test("a running review draws the graph so far under its progress, and its steps are links", async () => {
  const view = fixture("hostile_review");
  const g = view.review.graph;
  const running = { ...view, review: { state: "running", done: 5, total: 40, graph: g } };
  const { root, cleanup, sent } = mount(running);
  await frame();
  const box = root.querySelector(".aw-review-running");
  assert.ok(box, "the running review");
  assert.match(box.textContent, /Reviewing… decision 5 of 40/);
  const svg = box.querySelector("svg.aw-review-graph");
  assert.ok(svg, "its graph so far");
  assert.equal(svg.querySelectorAll("polyline.aw-graph-line").length, g.players.length);
  svg.querySelector("rect.aw-graph-step[data-step='3']").dispatchEvent(new MouseEvent("click", { bubbles: true }));
  assert.deepEqual(sent.filter((m) => m.kind === "goto"), [{ kind: "goto", step: 3 }]);
  nothingInjected(root);
  cleanup();
  // no graph yet (it is being worked out): the progress alone
  const bare = mount({ ...view, review: { state: "running", done: 0, total: 40 } });
  await frame();
  assert.ok(bare.root.querySelector(".aw-review-running [role='status']"));
  assert.equal(bare.root.querySelector(".aw-review-running svg"), null);
  bare.cleanup();
});
