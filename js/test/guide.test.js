// The guided first game in a DOM without a browser, on view models the engine wrote
// (tests/test_js.py): one counter (the guide's step in the bar; no table step arrows,
// no Undo), a click that was not the step's move told in the guide's own words (whole,
// not an error bar), the words of a build step matching its drawing, and one end screen
// that names the coached game, with no "New game" beside "start again" and your money shown.
import { test } from "node:test";
import assert from "node:assert/strict";
import { fixture, mount as mountState } from "../tools/mount.js";

const mount = (view, board_id = undefined) =>
  mountState({ view, message: {}, autoplay_bots: false, bot_delay: 0.6, board_id });

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

test("the end of a guided game with its last round walked through: no word of a review the end does not offer", async () => {
  const view = fixture("guided_end");
  assert.ok(view.over && view.rounds.length === 3);
  // the last round arrives: it is walked through
  const m = mount({ ...view, rounds: view.rounds.slice(0, -1), v: view.v - 1 });
  m.model.set("view", view);
  m.fire("change:view");
  await new Promise((res) => setTimeout(res, 5));
  assert.ok(m.root.querySelector(".aw-rounds.aw-walk"), "the last round walked through");
  assert.doesNotMatch(m.root.textContent, /Review my game/);
  m.cleanup();
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
  assert.doesNotMatch(root.querySelector("[data-area='prompt']").textContent, /Review my game/, "the prompt names no button the end does not offer");
  assert.equal(aside.querySelectorAll("button:not(.aw-term)").length, 1); // (a glossary term is a link in the words)
  assert.doesNotMatch(root.querySelector(".aw-me").textContent, /hidden/);
  cleanup();
});

test("a refused click clears what it picked: no wrong card left picked with a live Take", () => {
  const start = fixture("guided_start");
  const refused = fixture("guided_refused");
  assert.ok(refused.v > start.v && refused.guide.said && !start.guide.said);
  const first = mount(start, "guided-picks");
  const card = first.root.querySelector(".aw-money button.aw-card:not(.aw-hinted)");
  card.dispatchEvent(new MouseEvent("click", { bubbles: true }));
  assert.match(first.root.textContent, /1 card, total \d+/, "a card picked");
  first.cleanup();
  // the table's answer: the click refused, told in the guide
  const second = mount(refused, "guided-picks");
  assert.doesNotMatch(second.root.textContent, /\d+ cards?, total \d+/, "the picks are cleared");
  assert.equal(second.root.querySelector("[data-do='take']"), null);
  // picked again after the refusal: the pick stays (cleared once, not at every redraw)
  const again = second.root.querySelector(".aw-money button.aw-card:not(.aw-hinted)");
  again.dispatchEvent(new MouseEvent("click", { bubbles: true }));
  assert.match(second.root.textContent, /1 card, total \d+/);
  second.cleanup();
});

test("a guided step after a scoring round: the guide's text follows the walkthrough", () => {
  const view = fixture("guided_scored");
  assert.ok(view.guide.walk && view.guide.walked);
  mount(fixture("guided_start"), "guided-walk").cleanup(); // the board seen before the round
  const { root, cleanup } = mount(view, "guided-walk");
  const guide = () => root.querySelector("aside.aw-guide").textContent;
  assert.ok(root.querySelector(".aw-rounds.aw-walk"), "the walkthrough opens by itself");
  assert.ok(guide().includes(view.guide.walk));
  root.querySelector("[data-walk='close']").dispatchEvent(new MouseEvent("click", { bubbles: true }));
  assert.equal(root.querySelector(".aw-rounds.aw-walk"), null);
  assert.ok(guide().includes(view.guide.walked), "once closed, what comes next");
  assert.doesNotMatch(guide(), /step through it|close it/);
  cleanup();
});

test("each ruling code in the guide explains itself; the first step says what the codes are, once", () => {
  const view = fixture("guided_refused");
  const { root, cleanup } = mount(view);
  const guide = root.querySelector("aside.aw-guide");
  const codes = [...guide.querySelectorAll("abbr.aw-rulecode")];
  assert.ok(codes.length >= 3);
  const texts = fixture("texts").rules;
  for (const c of codes) {
    const id = c.textContent;
    assert.ok(texts[id], id);
    assert.equal(c.getAttribute("title"), `${id}: ${texts[id]}`);
    assert.equal(c.getAttribute("aria-label"), c.getAttribute("title"));
  }
  const body = guide.querySelector(".aw-coach-body").textContent;
  assert.match(body, /name the rulebook's rules/);
  // no code listed twice: the step's rulings are named in its words, not again after them
  const count = (t, id) => (t.match(new RegExp(`\\b${id}\\b`, "g")) || []).length;
  for (const id of view.guide.rules) {
    assert.ok(count(body, id) >= 1, id);
    assert.equal(count(body, id), count(view.guide.why, id) + count(view.guide.good, id), `${id} is not listed again`);
  }
  cleanup();
});

test("a walked scoring round says what each kind pays in it, and what 1st= means", () => {
  const view = fixture("guided_scored");
  mount(fixture("guided_start"), "guided-pays").cleanup(); // the board seen before the round
  const { root, cleanup } = mount(view, "guided-pays");
  const r = view.rounds[view.rounds.length - 1];
  const heads = [...root.querySelectorAll(".aw-walktable thead th[title]")].slice(0, r.kinds.length);
  r.kinds.forEach((k, i) => {
    assert.ok(k.pays.length === r.number, k.kind); // round n pays its first n places
    const said = k.pays.map((p, j) => `${["1st", "2nd", "3rd"][j]} place ${p}`).join(", ");
    assert.equal(heads[i].getAttribute("title"), `${k.kind}: ${said} in round ${r.number} (R10)`);
  });
  // the heading of the kind walked through says it too
  assert.equal(root.querySelector(".aw-walk .aw-walkpays").textContent, `pays ${r.kinds[0].pays.join(" · ")}`);
  assert.match(root.querySelector(".aw-walklegend").getAttribute("title"), /“1st=”: tied for first/);
  cleanup();
});

test("the guided Gardens: the guide lies beside the board, above the players, never above the board", () => {
  const view = fixture("guided_gardens_start");
  const { root, cleanup } = mount(view);
  const guide = root.querySelector("aside.aw-guide");
  assert.ok(guide && guide.closest(".ag-side"), "in the column beside the board");
  // in the page's order: the board, then the guide, then the players
  const order = [...root.querySelectorAll(".ag-board, aside.aw-guide, .ag-player")].map((e) => e.tagName === "ASIDE" ? "guide" : e.classList.contains("ag-board") ? "board" : "player");
  assert.deepEqual(order.slice(0, 3), ["board", "guide", "player"]);
  const [field] = view.guide.marks.fields;
  assert.equal(root.querySelectorAll(`[data-hinted='${field}']`).length, 1, "its field marked ▶");
  cleanup();
});
