// The front end in a DOM without a browser (node:test + jsdom), on view models the
// Python engine wrote (tests/test_js.py writes them and runs this file): the page draws
// what it is told and sends intents; it decides no rule.
import { test } from "node:test";
import assert from "node:assert/strict";
import { observers as seen } from "../tools/dom.js";
import { click, fixture, mount, widget } from "../tools/mount.js";

test("a bot's hand is never drawn, and its turn offers no payment", () => {
  const { root, cleanup } = mount({ view: fixture("bot_to_move"), message: {}, autoplay_bots: false, bot_delay: 0.6 });
  const v = fixture("bot_to_move");
  const bot = v.players[v.current];
  assert.notEqual(bot.seat, "human");
  const panel = root.querySelector(`section.aw-player[aria-label="${bot.name}"]`);
  assert.equal(panel.querySelectorAll(".aw-card").length, 0);
  assert.match(panel.textContent, /\d+ cards?/);
  click(root.querySelector("[data-slot]"));
  assert.equal(root.querySelectorAll(".aw-pay [data-pay]").length, 0);
  cleanup();
});

test("Dirk's tiles are pictures with their names, not controls", () => {
  const v = fixture("two_players");
  const { root, cleanup } = mount({ view: v, message: {}, autoplay_bots: false, bot_delay: 0.6 });
  const dirk = root.querySelector("section.aw-dirk");
  const pics = [...dirk.querySelectorAll('[role="img"]')].map((n) => n.getAttribute("aria-label"));
  assert.equal(pics.length, v.dirk.tiles.length);
  assert.ok(pics.every((name) => /^(pavilion|seraglio|arcades|chambers|garden|tower) \d+/.test(name)), pics.join());
  assert.equal(dirk.querySelectorAll("button").length, 0);
  cleanup();
});

test("taking money sends the engine's action for the picked card, on the view's version", () => {
  const v = fixture("you_to_move");
  const { root, sent, cleanup } = mount({ view: v, message: {}, autoplay_bots: false, bot_delay: 0.6 });
  assert.equal(sent[0].kind, "hello"); // the greeting, answered by an ack, names the view
  assert.equal(typeof sent[0].view, "string");
  click(root.querySelector("[data-take='0']"));
  click(root.querySelector("button[data-do='take']"));
  const act = sent.find((m) => m.kind === "act");
  assert.equal(act.v, v.v);
  assert.deepEqual(act.action, { type: "take_money", cards: [`${v.display[0][0]} ${v.display[0][1]}`] });
  cleanup(); // the view leaves: it says bye with its name (the kernel counts the views left)
  assert.deepEqual(sent.at(-1), { kind: "bye", view: sent[0].view });
});

test("a pick the engine did not list is refused in the page with the rule's text", () => {
  const v = fixture("you_to_move");
  const { root, cleanup } = mount({ view: v, message: {}, autoplay_bots: false, bot_delay: 0.6 });
  // all four display cards together: not among the engine's takes (R5)
  for (let i = 0; i < v.display.length; i++) click(root.querySelector(`[data-take='${i}']`)); // each click redraws
  const sum = v.display.reduce((s, c) => s + c[1], 0);
  assert.ok(sum > 5 && !v.legal.take.some((t) => t.length === v.display.length));
  assert.ok(root.querySelector("button[data-do='take']").disabled);
  // the rule's plain sentence first, its id after it (a player reads the sentence)
  assert.match(root.querySelector(".aw-pickinfo").textContent, new RegExp(`total ${sum} — [A-Z][^()]+ \\(R5\\)\\.$`));
  cleanup();
});

test("the others' last moves are listed in order until you act", () => {
  const v = fixture("you_to_move");
  const { root, cleanup } = mount({ view: v, message: {}, autoplay_bots: false, bot_delay: 0.6 });
  const items = [...root.querySelectorAll(".aw-follow li")].map((li) => li.textContent);
  assert.equal(items.length, v.recent.length);
  v.recent.forEach((r, i) => assert.ok(items[i].startsWith(r.text)));
  cleanup();
});

test("a request nobody answers turns into a notice; an answer clears it", async () => {
  const v = fixture("you_to_move");
  const { root, fire, cleanup } = mount({ view: v, message: {}, autoplay_bots: false, bot_delay: 0.6 });
  fire("msg:custom", { kind: "ack" }); // the greeting answered
  root.querySelector("[data-go='first']").dispatchEvent(new MouseEvent("click", { bubbles: true }));
  await new Promise((r) => setTimeout(r, 4300)); // longer than the page waits for an answer
  assert.match(root.querySelector(".aw-msg-error").textContent, /No answer from Python yet/);
  fire("msg:custom", { kind: "ack" });
  assert.equal(root.querySelector(".aw-msg-error"), null);
  cleanup();
});

test("a redraw patches the page in place: untouched controls are the same nodes, the focus stays", () => {
  const v = fixture("you_to_move");
  const { root, cleanup } = mount({ view: v, message: {}, autoplay_bots: false, bot_delay: 0.6 });
  const slot = root.querySelector("[data-slot]");
  const card = root.querySelector("[data-take='0']");
  const other = root.querySelector("[data-take='1']");
  card.focus();
  click(card); // a pick: drawn again at once
  assert.ok(card.isConnected && card.classList.contains("aw-selected"));
  assert.equal(root.querySelector("[data-take='0']"), card);
  assert.equal(root.querySelector("[data-take='1']"), other);
  assert.equal(root.querySelector("[data-slot]"), slot);
  assert.equal(document.activeElement, card);
  assert.ok(root.querySelector("button[data-do='take']")); // what the pick adds is there
  click(card); // unpicked: the Take button goes away
  assert.equal(root.querySelector("button[data-do='take']"), null);
  cleanup();
});

test("the slider asks for the steps it is dragged over, one request at a time", async () => {
  const v = fixture("you_to_move");
  const { root, sent, model, fire, cleanup } = mount({ view: v, message: {}, autoplay_bots: false, bot_delay: 0.6 });
  const slider = root.querySelector("[data-slider]");
  const drag = (to) => { slider.value = String(to); slider.dispatchEvent(new window.Event("input", { bubbles: true })); };
  drag(3);
  drag(4);
  drag(5);
  const gotos = () => sent.filter((m) => m.kind === "goto").map((m) => m.step);
  assert.deepEqual(gotos(), [3]); // the first, while it is not yet drawn
  model.set("view", { ...v, step: 3, live: false });
  fire("change:view");
  assert.deepEqual(gotos(), [3, 5]); // then straight to where the pointer is now
  model.set("view", { ...v, step: 5, live: false });
  fire("change:view");
  assert.deepEqual(gotos(), [3, 5]);
  await new Promise((r) => setTimeout(r, 20)); // the redraw
  assert.equal(root.querySelector("[data-slider]"), slider);
  assert.equal(slider.value, "5");
  assert.match(root.querySelector(".aw-stepno").textContent, /step 5\/\d+/);
  // a past step says so in a banner, with the way back
  assert.match(root.querySelector(".aw-banner").textContent, /Viewing step 5 of \d+ — back to the game/);
  assert.ok(root.querySelector(".aw-grid.aw-past"));
  cleanup();
});

test("a board out of the page draws nothing and asks nothing, and is drawn again when it shows", async () => {
  const v = fixture("bot_to_move");
  const { el, root, sent, model, fire, cleanup } = mount({ view: v, message: {}, autoplay_bots: true, bot_delay: 0 });
  const io = seen[seen.length - 1];
  await new Promise((r) => setTimeout(r, 30));
  assert.ok(sent.some((m) => m.kind === "bot")); // in the page: the bot is asked to move
  el.remove(); // the notebook drew the board anew elsewhere; this view is left behind
  const asked = sent.length;
  model.set("view", { ...v, v: v.v + 1, step: v.step + 1, steps: v.steps + 1 });
  fire("change:view");
  await new Promise((r) => setTimeout(r, 30));
  assert.match(root.querySelector(".aw-stepno").textContent, new RegExp(`step ${v.step}/`));
  assert.equal(sent.filter((m) => m.kind === "bot").length, sent.slice(0, asked).filter((m) => m.kind === "bot").length);
  document.body.appendChild(el); // it shows again
  io.cb([]);
  assert.match(root.querySelector(".aw-stepno").textContent, new RegExp(`step ${v.step + 1}/`));
  cleanup();
});

test("the table: every area is marked, the prompt says what you must do, picking never inserts anything above the boards", () => {
  const v = fixture("you_to_move");
  const { root, cleanup } = mount({ view: v, message: {}, autoplay_bots: false, bot_delay: 0.6 });
  for (const a of ["prompt", "market", "money", "hand", "my-alhambra", "to-place", "opponents", "standings"]) {
    assert.ok(root.querySelector(`[data-area="${a}"]`), `no data-area=${a}`);
  }
  assert.match(root.querySelector("[data-area='prompt']").textContent, /must take money/);
  // the others' small boards: kind symbols, no tiny names (Ben and Cem have built tiles)
  const others = root.querySelector("[data-area='opponents']");
  assert.ok(others.querySelectorAll(".aw-placed .aw-glyph").length >= 2);
  assert.equal(others.querySelectorAll(".aw-tilename").length, 0);
  const market = root.querySelector("[data-area='market']"), mine = root.querySelector("[data-area='my-alhambra']");
  click(root.querySelector("[data-take='0']"));
  assert.ok(root.querySelector(".aw-actions button[data-do='take']")); // the turn's buttons are in the bar
  click(root.querySelector("[data-slot]:not([disabled])"));
  // nothing came in above your board: the same nodes, at the same place in the page
  assert.equal(root.querySelector("[data-area='market']"), market);
  assert.equal(root.querySelector("[data-area='my-alhambra']"), mine);
  assert.ok(root.querySelector(".aw-bar").contains(root.querySelector(".aw-actions")));
  cleanup();
});

test("a hint's move is played after a confirmation, never at once", () => {
  const v = fixture("you_to_move");
  const action = { type: "take_money", cards: [`${v.display[0][0]} ${v.display[0][1]}`] };
  const hint = { state: "done", moves: [{ says: "take the card", action, chance: 0.5, visits: 10, reasons: [] }] };
  const { root, sent, cleanup } = mount({ view: { ...v, hint }, message: {}, autoplay_bots: false, bot_delay: 0.6 });
  click(root.querySelector("[data-playhint='0']"));
  assert.equal(sent.filter((m) => m.kind === "act").length, 0);
  assert.match(root.querySelector(".aw-actions").textContent, /Play the hint's move: take the card\?/);
  click(root.querySelector("[data-hintgo='yes']"));
  const act = sent.find((m) => m.kind === "act");
  assert.deepEqual(act.action, action);
  cleanup();
});

test("a hint's moves within the search's noise are said to be about equal, with their reasons", () => {
  const v = fixture("hint_about_equal");
  const { root, cleanup } = mount({ view: v, message: {}, autoplay_bots: false, bot_delay: 0.6 });
  const tied = v.hint.moves.filter((m) => m.about_equal);
  const items = [...root.querySelectorAll("section.aw-hint li")];
  assert.equal(items.length, v.hint.moves.length);
  assert.equal(root.querySelectorAll("section.aw-hint li .aw-tag").length, tied.length);
  assert.match(root.querySelector("section.aw-hint").textContent, new RegExp(`The first ${tied.length} are about equal`));
  v.hint.moves.forEach((m, i) => { for (const r of m.reasons) assert.ok(items[i].textContent.includes(r), r); });
  cleanup();
});

test("a hint's moves are marked where they act: the display cards taken, the slot bought from and the cards paid, with their numbers", () => {
  const v = fixture("hint_about_equal");
  const { root, cleanup } = mount({ view: v, message: {}, autoplay_bots: false, bot_delay: 0.6 });
  let marked = 0;
  v.hint.moves.forEach((m, i) => {
    const mk = m.marks, n = `hint ${i + 1}`;
    if (mk.slot) {
      const slot = root.querySelector(`[data-slot="${mk.slot}"]`);
      assert.ok(slot.classList.contains("aw-hinted") && slot.getAttribute("aria-label").includes(n), slot.outerHTML);
      assert.match(slot.querySelector(".aw-hintbadge").textContent, new RegExp(`\\b${i + 1}\\b`));
      const paid = [...root.querySelectorAll("[data-area='hand'] .aw-card.aw-hinted")].filter((c) => c.getAttribute("aria-label").includes(n));
      assert.equal(paid.length, mk.pay.length);
      marked++;
    }
    if (mk.cards) {
      const taken = [...root.querySelectorAll("[data-take].aw-hinted")].filter((c) => c.getAttribute("aria-label").includes(n));
      assert.deepEqual(taken.map((c) => c.getAttribute("aria-label").split(",")[0]).sort(), mk.cards.map(([c, x]) => `${c} ${x}`).sort());
      marked++;
    }
  });
  assert.ok(marked >= 2, "the fixture's hint has takes or buys");
  // nothing else is marked: no cell (no move builds), no card the moves do not name
  assert.equal(root.querySelectorAll(".aw-hintmark").length, 0);
  cleanup();
});

test("a hint's placement marks its cell on your board (not by colour only), and only the move picked to play once picked", () => {
  const v = fixture("hint_place");
  const { root, cleanup } = mount({ view: v, message: {}, autoplay_bots: false, bot_delay: 0.6 });
  const board = root.querySelector("[data-area='my-alhambra']");
  const places = v.hint.moves.map((m, i) => [m, i]).filter(([m]) => m.marks.cells);
  assert.ok(places.length >= 1);
  for (const [m, i] of places) {
    const mark = board.querySelector(`[data-hinted="${m.marks.cells[0]}"]`);
    assert.ok(mark, `no mark at ${m.marks.cells[0]}`);
    assert.match(mark.getAttribute("aria-label"), new RegExp(`hint [0-9, ]*\\b${i + 1}\\b.*: \\(${m.action.pos[0]}, ${m.action.pos[1]}\\), built here`));
    assert.ok(mark.querySelector(".aw-hintno").textContent.split(",").includes(String(i + 1)));
  }
  assert.equal(board.querySelectorAll(".aw-hintmark").length, new Set(places.map(([m]) => m.marks.cells[0])).size);
  // the others' boards show none of it
  assert.equal(root.querySelectorAll("[data-area='opponents'] .aw-hintmark").length, 0);
  // "play it" on one move: only its cell stays marked
  const [m, i] = places.at(-1);
  click(root.querySelector(`[data-playhint="${i}"]`));
  const left = [...root.querySelectorAll("[data-area='my-alhambra'] .aw-hintmark")].map((e) => e.dataset.hinted);
  assert.deepEqual(left, [m.marks.cells[0]]);
  cleanup();
});

test("a Gardens hint marks the fields its lays use, each with its number (G3)", () => {
  const v = fixture("hint_gardens");
  const { root, cleanup } = mount({ view: v, message: {}, autoplay_bots: false, bot_delay: 0.6 });
  const want = new Map();
  v.hint.moves.forEach((m, i) => { for (const f of m.marks.fields) want.set(f, [...(want.get(f) || []), i + 1]); });
  const marks = [...root.querySelectorAll(".ag-board .aw-hintmark")];
  assert.deepEqual(marks.map((e) => e.dataset.hinted).sort(), [...want.keys()].sort());
  for (const e of marks) {
    const ns = want.get(e.dataset.hinted);
    assert.equal(e.querySelector(".aw-hintno").textContent, ns.join(","));
    assert.match(e.getAttribute("aria-label"), new RegExp(`^hint ${ns.join(", ")}: field \\(\\d+, \\d+\\), laid here$`));
  }
  cleanup();
});

test("a past step shows the banner and a scoring walkthrough is closed by the jump (no stale prompt)", async () => {
  const v = fixture("you_to_move");
  const { root, model, fire, cleanup } = mount({ view: v, message: {}, autoplay_bots: false, bot_delay: 0.6 });
  const round = { number: 1, kinds: [], walls: {}, wall_lines: {}, totals: Object.fromEntries(v.players.map((p) => [p.name, 0])), before: Object.fromEntries(v.players.map((p) => [p.name, p.score])) };
  model.set("view", { ...v, rounds: [round], v: v.v + 1 });
  fire("change:view");
  await new Promise((r) => setTimeout(r, 20));
  assert.match(root.querySelector("[data-area='prompt']").textContent, /A scoring round was just scored/);
  model.set("view", { ...v, step: 0, live: false, v: v.v + 2 });
  fire("change:view");
  await new Promise((r) => setTimeout(r, 20));
  const prompt = root.querySelector("[data-area='prompt']").textContent;
  assert.doesNotMatch(prompt, /scoring round/);
  assert.match(prompt, /Viewing step 0 of \d+ — back to the game/);
  assert.equal(root.querySelector(".aw-rounds.aw-walk"), null);
  cleanup();
});

test("a tile to place that fits nowhere: the prompt says so and the reserve is one click (R7)", () => {
  const v = fixture("you_to_move");
  const me = v.legal.player;
  const players = v.players.map((p, i) => (i === me ? { ...p, bought: [["pavilion", 8, ""]] } : p));
  const cells = { "1,0": "R7a", "0,1": "R7a", "2,2": "R7b" }; // the engine's verdicts: no cell takes it
  const legal = { player: me, phase: "place", tiles: { "pavilion 8": { source: "bought", action: "place", cells, joins: {}, dirk: false } } };
  const { root, sent, cleanup } = mount({ view: { ...v, players, legal }, message: {}, autoplay_bots: false, bot_delay: 0.6 });
  assert.match(root.querySelector("[data-area='prompt']").textContent, /pavilion 8 fits nowhere in your Alhambra/);
  click(root.querySelector("[data-reservetile='pavilion 8']"));
  assert.deepEqual(sent.find((m) => m.kind === "act").action, { type: "reserve", tile: "pavilion 8" });
  cleanup();
});

test("a market tile dropped on a cell is bought with that cell: Python builds it there once the turn's actions are over (R9)", async () => {
  const { buyDropped } = await import("../src/intents.js");
  const { pickState } = await import("../src/state.js");
  const v = fixture("you_to_move");
  const cells = { "1,0": "", "0,1": "R7a" };
  const one = { denar: { price: 5, pays: [[5]], exact: [[5]], cards: [0], tile: "garden 5", cells, joins: {} } };
  const view = { ...v, legal: { ...v.legal, buy: one } };
  const { model, cleanup } = mount({ view, message: {}, autoplay_bots: false, bot_delay: 0.6 });
  const ui = pickState(model);
  const acts = [];
  const c = { v: view, ui, act: (a, resolve, place) => acts.push({ a, resolve, place }), redraw: () => {} };
  buyDropped("denar", "1,0", c);
  // one payment: bought at once, the cell with it; the page decides nothing more of the turn
  assert.deepEqual(acts, [{ a: { type: "buy", currency: "denar", pay: [5] }, resolve: undefined, place: [1, 0] }]);
  assert.equal(ui.dropTo, null);
  cleanup();
  // several payments: the payment row opens and says where the tile goes; Buy sends the cell
  // (the fixture's hand: card 0 is worth 7, card 1 is worth 2; Buy is offered only for
  // a payment the engine lists)
  const several = { denar: { ...one.denar, pays: [[7], [7, 2]], cards: [0, 1], says: { 7: "pays 7", 9: "pays 9" } } };
  const paying = { ...v, legal: { ...v.legal, buy: several } };
  const m = mount({ view: paying, message: {}, autoplay_bots: false, bot_delay: 0.6, board_id: "drop-several" });
  const ui2 = pickState(m.model);
  buyDropped("denar", "1,0", { v: paying, ui: ui2, act: () => assert.fail("not yet"), redraw: () => m.fire("change:message") });
  await new Promise((r) => setTimeout(r, 20));
  assert.match(m.root.querySelector(".aw-pay").textContent, /then built where you dropped it/);
  click(m.root.querySelector("[data-pay='0']"));
  click(m.root.querySelector("button[data-do='buy']"));
  const buy = m.sent.find((msg) => msg.kind === "act");
  assert.equal(buy.action.type, "buy");
  assert.deepEqual(buy.place, [1, 0]);
  m.cleanup();
  // Python says the tile waits for the turn's end (an exact payment, R4): the prompt says so
  const waiting = { ...v, dropped: { tile: "garden 5", cell: "1,0" } };
  const w = mount({ view: waiting, message: {}, autoplay_bots: false, bot_delay: 0.6, board_id: "drop-waits" });
  assert.match(w.root.querySelector("[data-area='prompt']").textContent, /garden 5 is built where you dropped it when your turn ends/);
  w.cleanup();
});

test("a view drawn anew for the same board takes over the drawn parts; a board shown twice draws both", async () => {
  const v = fixture("you_to_move");
  const { el, model, cleanup } = mount({ view: v, message: {}, autoplay_bots: false, bot_delay: 0.6, board_id: "take-over" });
  const market = el.querySelector("[data-area='market']");
  // the notebook refreshes the output's picture: a new view, the old place goes
  const el2 = document.createElement("div");
  const stop2 = widget.render({ model, el: el2 });
  el.remove();
  document.body.appendChild(el2);
  assert.equal(el2.querySelector("[data-area='market']"), market); // moved, not drawn again
  await new Promise((r) => setTimeout(r, 30));
  // the same board shown a second time: both show it
  const el3 = document.createElement("div");
  const stop3 = widget.render({ model, el: el3 });
  document.body.appendChild(el3);
  await new Promise((r) => setTimeout(r, 30));
  assert.ok(el2.querySelector("[data-area='market']") && el3.querySelector("[data-area='market']"));
  stop3(); stop2(); cleanup();
});

test("a bot that waits for 'bot: one move' is not shown thinking; pressing it shows who decides", () => {
  const v = fixture("bot_to_move");
  const bot = v.players[v.current];
  const { root, sent, cleanup } = mount({ view: v, message: {}, autoplay_bots: false, bot_delay: 0.6 });
  const prompt = () => root.querySelector("[data-area='prompt']");
  assert.doesNotMatch(prompt().textContent, /thinking/);
  assert.ok(!prompt().classList.contains("aw-thinking"));
  assert.match(prompt().textContent, new RegExp(`${bot.name}'s turn`));
  assert.ok(root.querySelector("[data-botstep]")); // "bot: one move" (the turn's row says what it waits for)
  click(root.querySelector("[data-botstep]"));
  assert.ok(sent.some((m) => m.kind === "bot" && m.v === v.v));
  assert.match(prompt().textContent, new RegExp(`${bot.name} \\(${bot.seat} bot\\) is thinking`));
  assert.ok(prompt().classList.contains("aw-thinking"));
  cleanup();
});

test("a bot that plays by itself is shown thinking", () => {
  const v = fixture("bot_to_move");
  const { root, cleanup } = mount({ view: v, message: {}, autoplay_bots: true, bot_delay: 5 });
  const prompt = root.querySelector("[data-area='prompt']");
  assert.match(prompt.textContent, /is thinking/);
  assert.ok(prompt.classList.contains("aw-thinking"));
  cleanup();
});

test("R10 R11: the scoring walkthrough's column shows the engine's points at once, never a count in flight, and agrees with its explanation", async () => {
  const v = fixture("scoring_round");
  const r = v.rounds[0];
  const names = Object.keys(r.totals);
  const { root, model, fire, cleanup } = mount({ view: { ...v, rounds: [], v: v.v - 1 }, message: {}, autoplay_bots: false, bot_delay: 0.6 });
  model.set("view", v);
  fire("change:view");
  const cells = () => [...root.querySelectorAll(".aw-rounds.aw-walk tbody td.aw-hl b")].map((b) => Number(b.textContent));
  for (const [row, k] of r.kinds.entries()) {
    await new Promise((res) => setTimeout(res, 5));
    assert.deepEqual(cells(), names.map((n) => k.points[n] || 0), `row ${row} ${k.kind}`);
    const said = root.querySelector(".aw-rounds.aw-walk .aw-explain").textContent;
    for (const n of Object.keys(k.places)) {
      assert.ok(said.includes(n) && said.includes(`${k.points[n]} point`), said);
      // a tied player is said to tie, with the places shared (R10)
      if (k.shared[n]) assert.match(said, new RegExp(`tie for|places ${k.shared[n].join(" and ")} shared`), said);
    }
    click(root.querySelector("[data-rowstep='1']"));
  }
  await new Promise((res) => setTimeout(res, 5));
  assert.deepEqual(cells(), names.map((n) => (n in r.walls ? r.walls[n] : NaN)), "the walls");
  cleanup();
});

test("R10: players tied for a place are said once, together, with the places they share", async () => {
  const v = fixture("scoring_round");
  const r = v.rounds[0], names = Object.keys(r.totals);
  const all = (x) => Object.fromEntries(names.map((n) => [n, x]));
  // every player with two arcades: all share the first three places' points
  const k = { ...r.kinds[0], counts: all(2), places: all(1), shared: all([1, 2, 3]), points: all(3) };
  const tied = { ...v, rounds: [{ ...r, kinds: [k, ...r.kinds.slice(1)] }] };
  const { root, model, fire, cleanup } = mount({ view: { ...v, rounds: [], v: v.v - 1 }, message: {}, autoplay_bots: false, bot_delay: 0.6 });
  model.set("view", tied);
  fire("change:view");
  await new Promise((res) => setTimeout(res, 5));
  const said = root.querySelector(".aw-rounds.aw-walk .aw-explain").textContent;
  assert.equal(said, `${k.kind}: ${names[0]}, ${names[1]} and ${names[2]} tie for 1st (2 tiles each; places 1, 2 and 3 shared): 3 points each.`);
  cleanup();
});

test("a message sits in the bar's own line: never over the opponents, the standings or an open panel", async () => {
  const v = fixture("you_to_move");
  const { root, model, fire, cleanup } = mount({ view: v, message: {}, autoplay_bots: false, bot_delay: 0.6 });
  const line = root.querySelector(".aw-bar > .aw-msgline");
  assert.ok(line, "the message line is reserved even with no message");
  assert.equal(root.querySelectorAll(".aw-msg").length, 0);
  const text = "You build the garden 10, two cells north of the fountain. Market refilled. Turn 11: Ben to play.";
  for (const view of [v, { ...v, v: v.v + 1, over: true, winners: ["Ben"] }]) { // the game over too
    model.set("message", { text, kind: "info" });
    model.set("view", view);
    fire("change:message");
    fire("change:view");
    await new Promise((r) => setTimeout(r, 20));
    const msgs = [...root.querySelectorAll(".aw-msg")];
    assert.equal(msgs.length, 1);
    assert.equal(msgs[0].parentElement.parentElement, root.querySelector(".aw-bar > .aw-msgline"));
    assert.equal(msgs[0].title, text); // one line on screen, the whole text on hover
    assert.equal(root.querySelector(".aw-side .aw-msg, [data-area='opponents'] .aw-msg, [data-area='standings'] .aw-msg"), null);
  }
  cleanup();
});

test("R7 R9: dragging a market slot lights the same legal cells as the engine lists for it", async () => {
  const v = fixture("you_to_move");
  const [cur, b] = Object.entries(v.legal.buy || {}).find(([, x]) => Object.values(x.cells).includes(""));
  const { root, cleanup } = mount({ view: v, message: {}, autoplay_bots: false, bot_delay: 0.6 });
  const slot = root.querySelector(`[data-slot='${cur}'][draggable]`);
  assert.ok(slot, "an affordable slot can be dragged");
  const ev = new window.Event("dragstart", { bubbles: true });
  ev.dataTransfer = { setData() {}, effectAllowed: "" };
  slot.dispatchEvent(ev);
  await new Promise((r) => setTimeout(r, 20));
  const board = root.querySelector("[data-area='my-alhambra']");
  const green = [...board.querySelectorAll("rect.aw-legal[data-cell]")].map((c) => c.dataset.cell).sort();
  const want = Object.entries(b.cells).filter(([, r]) => r === "").map(([k]) => k).sort();
  assert.deepEqual(green, want);
  assert.ok(green.length > 0);
  cleanup();
});

test("a past step shows no green targets until the player acts from it, and the banner does not repeat the branch question", () => {
  const v = fixture("you_to_move");
  const me = v.legal.player;
  const players = v.players.map((p, i) => (i === me ? { ...p, bought: [["pavilion", 8, ""]] } : p));
  const legal = { player: me, phase: "place", tiles: { "pavilion 8": { source: "bought", action: "place", cells: { "1,0": "", "0,1": "R7a" }, joins: {}, dirk: false } } };
  const past = { ...v, players, legal, live: false, step: 2 };
  const { root, cleanup } = mount({ view: past, message: {}, autoplay_bots: false, bot_delay: 0.6 });
  click(root.querySelector("[data-sel='pavilion 8']"));
  const board = root.querySelector("[data-area='my-alhambra']");
  assert.equal(board.querySelectorAll("rect.aw-legal").length, 0, "a past step looks not live");
  const banner = root.querySelector(".aw-banner");
  assert.doesNotMatch(banner.textContent, /undo back to here/i);
  click(banner.querySelector("[data-pastplay]")); // the tile stays picked
  assert.equal(root.querySelectorAll("[data-area='my-alhambra'] rect.aw-legal").length, 1);
  assert.match(root.querySelector(".aw-banner").textContent, /Make your move at step 2 on the board/);
  cleanup();
});

test("a move picked at a past step: one question in plain words, the banner and the board ask nothing else", () => {
  const v = fixture("you_to_move");
  const me = v.legal.player;
  const players = v.players.map((p, i) => (i === me ? { ...p, bought: [["pavilion", 8, ""]] } : p));
  const legal = { player: me, phase: "place", tiles: { "pavilion 8": { source: "bought", action: "place", cells: { "1,0": "", "0,1": "R7a" }, joins: {}, dirk: false } } };
  const past = { ...v, players, legal, live: false, step: 2, steps: 8 };
  const { root, sent, cleanup } = mount({ view: past, message: {}, autoplay_bots: false, bot_delay: 0.6 });
  click(root.querySelector(".aw-banner [data-pastplay]"));
  click(root.querySelector("[data-sel='pavilion 8']"));
  click(root.querySelector("button[data-do='reserve']"));
  const row = root.querySelector("[data-area='prompt']").closest(".aw-bar").querySelector(".aw-actions");
  assert.match(row.textContent, /Your move at step 2 of 8:/);
  const branch = row.querySelector("[data-resolve='branch']");
  assert.equal(branch.textContent, "Play it, keep the old game");
  assert.match(branch.title, /steps 3–8\) stays saved/);
  assert.equal(row.querySelector("[data-resolve='undo']").textContent, "Play it, erase steps 3–8");
  assert.doesNotMatch(root.querySelector(".aw-bar").textContent, /new line|make your move|pick your move/i);
  assert.equal(root.querySelectorAll("[data-area='my-alhambra'] rect.aw-legal").length, 0, "no targets while the question is open");
  click(row.querySelector("[data-resolve='cancel']")); // back to picking, the tile still picked
  assert.match(root.querySelector(".aw-banner").textContent, /Make your move at step 2/);
  assert.equal(root.querySelectorAll("[data-area='my-alhambra'] rect.aw-legal").length, 1);
  click(root.querySelector("button[data-do='reserve']"));
  click(root.querySelector("[data-resolve='branch']"));
  assert.equal(sent.at(-1).kind, "act");
  assert.equal(sent.at(-1).resolve, "branch");
  cleanup();
});

test("a past step's market shows no affordable rings until the player acts from it", () => {
  const v = fixture("you_to_move");
  assert.ok(v.legal.buy && Object.keys(v.legal.buy).length, "the fixture can buy");
  const { root, cleanup } = mount({ view: { ...v, live: false, step: 2 }, message: {}, autoplay_bots: false, bot_delay: 0.6 });
  assert.equal(root.querySelectorAll(".aw-slot.aw-can").length, 0, "a past step's market looks not live");
  click(root.querySelector(".aw-banner [data-pastplay]"));
  assert.equal(root.querySelectorAll(".aw-slot.aw-can").length, Object.keys(v.legal.buy).length);
  cleanup();
});

test("the bar's controls and the scoring forecast say what they do on hover and to a screen reader", () => {
  const v = fixture("bot_to_move");
  const { root, cleanup } = mount({ view: v, message: {}, autoplay_bots: false, bot_delay: 0 });
  const stepno = root.querySelector(".aw-stepno");
  assert.match(stepno.title, new RegExp(`viewing step ${v.step} of the game's ${v.steps} steps`));
  assert.match(stepno.closest("[role='group']").getAttribute("aria-label"), /viewing step/);
  const bots = root.querySelector("input[data-toggle='autoplay_bots']").closest("label");
  assert.match(bots.title, /move by themselves/);
  const pace = root.querySelector("select[data-botspeed]");
  assert.match(pace.title, /pace/);
  assert.match(pace.getAttribute("aria-label"), /pace/);
  assert.match(pace.selectedOptions[0].textContent, /^0 s$/); // an unusual pace is shown as it is
  const menu = root.querySelector("button[data-menu]");
  assert.match(menu.title, /teacher menu: longest walls, coordinates/);
  assert.equal(menu.getAttribute("aria-label"), menu.title);
  const tryTiles = root.querySelector("section.aw-me button[data-sandbox]");
  assert.match(tryTiles.title, /a copy of .*\(the game is not changed\)/);
  assert.match(tryTiles.getAttribute("aria-label"), /try tiles on a copy/);
  const next = [...root.querySelectorAll("[data-area='money'] [title]")].find((e) => /next scoring/.test(e.textContent));
  assert.match(next.title, /hidden in the money deck .* every Alhambra is scored/);
  assert.match(next.title, /comes after \d+ to \d+ more money cards/);
  cleanup();
});

test("R6 a market slot's header is its currency, never a number; the price is said once, under the tile", () => {
  const v = fixture("you_to_move");
  const { root, cleanup } = mount({ view: v, message: {}, autoplay_bots: false, bot_delay: 0.6 });
  v.market.forEach((m) => {
    const slot = root.querySelector(`[data-slot="${m.currency}"]`);
    const head = slot.querySelector(".aw-slot-cur").textContent;
    assert.match(head, new RegExp(`^\\S+ ${m.currency}$`));
    assert.doesNotMatch(head, /\d/, "a header with a number reads as a price");
    assert.match(slot.title, new RegExp(`paid in ${m.currency}`));
    if (!m.tile) return;
    const price = String(m.tile[1]);
    // (a tick after it when you can pay it)
    assert.equal(slot.querySelector(".aw-price").textContent, `costs ${price}${slot.classList.contains("aw-can") ? " \u2713" : ""}`);
    const onTile = [...slot.querySelectorAll("svg text")].map((e) => e.textContent).join(" ");
    assert.doesNotMatch(onTile, /\d/, `the price once: ${onTile}`);
  });
  cleanup();
});

test("R5 R6 the prompt follows what is being done: taking money, then paying for a tile, then back", () => {
  const v = fixture("paying");
  const { root, cleanup } = mount({ view: v, message: {}, autoplay_bots: false, bot_delay: 0.6 });
  const prompt = () => root.querySelector("[data-area='prompt']").textContent;
  assert.match(prompt(), /must take money/);
  click(root.querySelector("[data-take='0']"));
  assert.match(prompt(), /^Taking money: .*at most 5 in all, R5.*Take/);
  click(root.querySelector("button[data-do='cancel']"));
  assert.match(prompt(), /must take money/);
  const b = v.legal.buy.denar;
  assert.ok(b.pays.length > 1); // several payments: a row of cards to pick from
  click(root.querySelector("[data-slot='denar']"));
  assert.ok(root.querySelector(".aw-pay"));
  assert.match(prompt(), new RegExp(`^Pay for ${b.tile.split(" ")[0]} ${b.price}.*: pick the denar cards to pay with below \\(at least ${b.price} in all\\), then Buy`));
  assert.doesNotMatch(prompt(), /must take money/);
  click(root.querySelector("[data-pay]"));
  assert.match(prompt(), /^Pay for /); // picking a card keeps the prompt
  click(root.querySelector("button[data-do='cancel']"));
  assert.match(prompt(), /must take money/);
  cleanup();
});

// pick in the payment row the hand's cards of a listed payment (values, largest first)
function pickPayment(root, v, cur, pay) {
  const hand = v.players[v.current].money;
  const left = [...v.legal.buy[cur].cards];
  for (const value of pay) {
    const i = left.find((k) => hand[k][1] === value);
    left.splice(left.indexOf(i), 1);
    click(root.querySelector(`[data-pay='${i}']`));
  }
}

test("R4 R5 R6 G3 the words that state a rule are the view model's: the page prints them, never its own", () => {
  const v = fixture("paying");
  const b = v.legal.buy.denar;
  // the engine's sentence per total, as the log says it; every payment's total has one
  assert.ok(b.pays.every((pay) => typeof b.says[pay.reduce((s, x) => s + x, 0)] === "string"));
  const real = mount({ view: v, message: {}, autoplay_bots: false, bot_delay: 0.6 });
  const exact = b.pays.find((pay) => b.exact.some((e) => e.join() === pay.join()));
  const over = b.pays.find((pay) => !b.exact.some((e) => e.join() === pay.join()));
  assert.ok(exact && over); // the fixture holds both (R4, R6)
  for (const pay of [exact, over]) {
    click(real.root.querySelector("[data-slot='denar']"));
    pickPayment(real.root, v, "denar", pay);
    assert.equal(real.root.querySelector(".aw-pickinfo").textContent, b.says[pay.reduce((s, x) => s + x, 0)]);
    click(real.root.querySelector("button[data-do='cancel']"));
  }
  real.cleanup();
  // other words in the view model: the page shows those, so it holds no rule of its own
  const says = Object.fromEntries(Object.keys(b.says).map((t) => [t, `the view says ${t}`]));
  const view = { ...v, legal: { ...v.legal, take_limit: "the view's R5 words", buy: { ...v.legal.buy, denar: { ...b, says } } } };
  const { root, cleanup } = mount({ view, message: {}, autoplay_bots: false, bot_delay: 0.6 });
  const prompt = () => root.querySelector("[data-area='prompt']").textContent;
  click(root.querySelector("[data-take='0']"));
  assert.match(prompt(), /^Taking money: .*\(the view's R5 words\)/);
  click(root.querySelector("button[data-do='cancel']"));
  click(root.querySelector("[data-slot='denar']"));
  pickPayment(root, view, "denar", b.pays[0]);
  assert.equal(root.querySelector(".aw-pickinfo").textContent, `the view says ${b.pays[0].reduce((s, x) => s + x, 0)}`);
  cleanup();
  const g = fixture("gardens_first");
  assert.ok(g.legal.first && g.legal.lay_limit);
  const gardens = (view) => {
    const m = mount({ view, message: {}, autoplay_bots: false, bot_delay: 0.6 });
    const text = m.root.querySelector("[data-area='prompt']").textContent;
    m.cleanup();
    return text;
  };
  assert.match(gardens(g), new RegExp(` — ${g.legal.lay_limit.replace(/[()]/g, "\\$&")}\\. R turns it`));
  assert.match(gardens({ ...g, legal: { ...g.legal, lay_limit: "the view's G3 words" } }), / — the view's G3 words\. R turns it/);
  assert.doesNotMatch(gardens({ ...g, legal: { ...g.legal, lay_limit: "" } }), / — /);
});

test("R8 a past step offers no redesign until the player acts from it", () => {
  const first = fixture("you_to_move");
  assert.equal(first.legal.phase, "act");
  // a tile built beside the fountain that may leave (the view's rules, R8)
  const v = { ...first, legal: { ...first.legal, remove: { ...first.legal.remove, "1,0": "" } } };
  const { root, cleanup } = mount({ view: { ...v, live: false, step: 2 }, message: {}, autoplay_bots: false, bot_delay: 0.6 });
  assert.equal(root.querySelectorAll("[data-do='removing']").length, 0);
  click(root.querySelector(".aw-banner [data-pastplay]"));
  assert.equal(root.querySelectorAll("[data-do='removing']").length, 1);
  cleanup();
});

test("a floating bar with nothing in its lower rows covers only the rows that say something", async () => {
  const { thinBar } = await import("../src/sticky.js");
  const bar = document.createElement("div");
  bar.className = "aw-bar";
  bar.innerHTML = '<div class="aw-barrow"><div class="aw-part"><div class="aw-status">Viewing step 3</div></div></div>'
    + '<div class="aw-part"><div class="aw-actions" role="group"></div></div>'
    + '<div class="aw-msgline"><div class="aw-part"></div></div>';
  const [row, actions, msg] = [".aw-barrow", ".aw-actions", ".aw-msgline"].map((s) => bar.querySelector(s));
  thinBar(bar, true);
  assert.ok(bar.classList.contains("aw-thin"));
  assert.ok(row.classList.contains("aw-barfoot") && !row.classList.contains("aw-through"));
  assert.ok(actions.classList.contains("aw-through") && msg.classList.contains("aw-through"));
  // a message under the empty buttons' row: the bar covers down to the message, whole
  msg.firstChild.innerHTML = '<div class="aw-msg">Not now</div>';
  thinBar(bar, true);
  assert.ok(!bar.classList.contains("aw-thin") && !actions.classList.contains("aw-through"));
  // the turn's buttons are its foot: only the empty message line lets the page through
  msg.firstChild.innerHTML = "";
  actions.innerHTML = "<button>move a tile to the reserve</button>";
  thinBar(bar, true);
  assert.ok(actions.classList.contains("aw-barfoot") && !actions.classList.contains("aw-through"));
  assert.ok(msg.classList.contains("aw-through") && !row.classList.contains("aw-barfoot"));
  // in its place in the page (not floating) it is whole
  actions.innerHTML = "";
  thinBar(bar, false);
  assert.ok(!bar.classList.contains("aw-thin") && !actions.classList.contains("aw-through"));
});

test("a hint's first answer says it is still refining, with how far; the whole search's answer does not", () => {
  const v = fixture("hint_about_equal");
  const first = { ...v, hint: { ...v.hint, refining: { done: 200, total: 1600 } } };
  const { root, cleanup } = mount({ view: first, message: {}, autoplay_bots: false, bot_delay: 0.6 });
  const note = root.querySelector("section.aw-hint .aw-refining");
  assert.ok(note, "the first answer is said to be one");
  assert.match(note.textContent, /still thinking, 200 of 1600 simulations/);
  assert.equal(note.querySelector("progress").getAttribute("value"), "200");
  // its moves are listed and playable meanwhile
  assert.equal(root.querySelectorAll("section.aw-hint li").length, v.hint.moves.length);
  assert.ok(root.querySelector("[data-playhint='0']"));
  cleanup();
  const done = mount({ view: v, message: {}, autoplay_bots: false, bot_delay: 0.6 });
  assert.equal(done.root.querySelector("section.aw-hint .aw-refining"), null);
  done.cleanup();
});

test("R8 'move a tile to the reserve' is not offered with only the fountain built, and is disabled with the rules' reason when no tile may leave", () => {
  const v = fixture("you_to_move");
  assert.deepEqual(Object.keys(v.legal.remove), ["0,0"]); // the fountain alone
  const bar = (legal) => {
    const m = mount({ view: { ...v, legal }, message: {}, autoplay_bots: false, bot_delay: 0.6 });
    const b = m.root.querySelector("[data-do='removing']");
    const out = b && { disabled: b.disabled, title: b.title };
    m.cleanup();
    return out;
  };
  assert.equal(bar(v.legal), null);
  const stuck = bar({ ...v.legal, remove: { ...v.legal.remove, "1,0": "R8b" } });
  assert.ok(stuck.disabled && /R8b/.test(stuck.title), stuck.title);
  const free = bar({ ...v.legal, remove: { ...v.legal.remove, "1,0": "" } });
  assert.ok(!free.disabled && /redesign/.test(free.title));
});

test("a bot's turn: the prompt names whose turn it is, and only the turn's row says how to let the bot move", () => {
  const v = fixture("bot_to_move");
  assert.ok(v.bot_to_move);
  const { root, cleanup } = mount({ view: v, message: {}, autoplay_bots: false, bot_delay: 0.6 });
  const prompt = root.querySelector("[data-area='prompt']").textContent;
  const row = root.querySelector(".aw-actions").textContent;
  const bot = v.players[v.current];
  assert.match(prompt, new RegExp(`${bot.name}'s turn`));
  assert.doesNotMatch(prompt, /bots play|one move/);
  assert.match(row, /bot: one move/);
  assert.match(row, /bots play/);
  cleanup();
});

test("a refusal the engine leads with its ruling id reads plain sentence first, the id kept after it", () => {
  const v = fixture("you_to_move");
  const said = "R7a: touching sides must match: wall against wall, open against open.";
  const { root, cleanup } = mount({ view: v, message: { text: said, kind: "error", id: 1 }, autoplay_bots: false, bot_delay: 0.6 });
  const msg = root.querySelector(".aw-msg");
  assert.equal(msg.textContent, "Touching sides must match: wall against wall, open against open (R7a).");
  assert.equal(msg.getAttribute("title"), msg.textContent);
  cleanup();
  // a sentence with no ruling id in front stays as it is
  const plain = mount({ view: v, message: { text: "A new game: You, Ben (seed 4).", kind: "info", id: 2 }, autoplay_bots: false, bot_delay: 0.6 });
  assert.equal(plain.root.querySelector(".aw-msg").textContent, "A new game: You, Ben (seed 4).");
  plain.cleanup();
});
