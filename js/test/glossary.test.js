// The course's glossary in a DOM without a browser, on view models the engine wrote
// (tests/test_js.py): a term Python names is a button showing its meaning, the first use
// per text only; a click opens the glossary at its entry, with the lesson that teaches
// it; hostile words in a text or a meaning stay text. And the Gardens hand tile's name
// in the singular and the plural.
import { test } from "node:test";
import assert from "node:assert/strict";
import { click, fixture, mount as mountState } from "../tools/mount.js";

const mount = (view, texts = {}) =>
  mountState({ view, texts, message: {}, show_coords: true, autoplay_bots: false, bot_delay: 0.6 });

const HOSTILE = `<img src=x onerror="alert(1)"> & "quoted" <script>boom()</script>`;

test("a lesson's term is a button with its meaning; a click opens the glossary at it, with its lesson", () => {
  const v = fixture("course_numbers");
  const entry = v.glossary.find((e) => e.term === "bag");
  assert.ok(entry && entry.at !== null, "the glossary sent names the lesson teaching each term");
  // the lesson's words name the bag twice, and hostile text around them
  v.lesson.teach = `Tiles come from the bag. ${HOSTILE} The bags are cloth, \`bag\` is code.`;
  v.lesson.terms = ["bag"];
  entry.meaning = `the ${HOSTILE} bag`;
  const { root, sent, cleanup } = mount(v);
  const teach = root.querySelector(".aw-course-teach p");
  const terms = teach.querySelectorAll(".aw-term");
  assert.equal(terms.length, 1, "the first use per text is linked");
  const term = terms[0];
  assert.equal(term.tagName, "BUTTON");
  assert.equal(term.textContent, "bag");
  assert.equal(term.dataset.term, "bag");
  assert.equal(term.getAttribute("title"), `bag: ${entry.meaning}`); // the meaning on hover
  assert.equal(term.dataset.tip, entry.meaning); // and on focus
  assert.match(term.getAttribute("aria-label"), /^bag \(glossary: /);
  // nothing hostile became markup: it is all there as text
  assert.equal(root.querySelector("img, script"), null);
  assert.ok(teach.textContent.includes(HOSTILE));
  assert.equal(teach.querySelector("code").textContent, "bag"); // code stays code
  assert.equal(root.querySelector(".aw-glossary"), null); // closed until asked
  click(term);
  const open = root.querySelector(".aw-glossary");
  assert.ok(open, "the click opens the glossary");
  const at = open.querySelector(".aw-gloss-at");
  assert.equal(at.dataset.glossEntry, "bag");
  assert.equal(at.querySelector(".aw-gloss-term").textContent, "bag");
  assert.ok(at.querySelector(".aw-gloss-meaning").textContent.includes(entry.meaning));
  assert.equal(open.querySelector("img, script"), null);
  assert.equal(document.activeElement, at, "the entry takes the focus");
  assert.equal(open.querySelectorAll("[data-gloss-entry]").length, 1, "that entry alone, in sight");
  // the lesson that teaches it, one click away
  const go = at.querySelector("[data-lesson]");
  assert.equal(+go.dataset.lesson, entry.at);
  assert.ok(go.textContent.includes(entry.title));
  click(go);
  assert.deepEqual(sent.at(-1), { kind: "lesson", lesson: entry.at });
  click(open.querySelector("[data-glossary='open']")); // every term
  const all = root.querySelector(".aw-glossary");
  assert.equal(all.querySelectorAll("[data-gloss-entry]").length, v.glossary.length);
  assert.equal(all.querySelector("img, script"), null);
  click(all.querySelector("[data-glossary='close']"));
  assert.equal(root.querySelector(".aw-glossary"), null);
  cleanup();
});

test("the map's glossary button opens the whole glossary; a term Python did not name is not linked", () => {
  const v = fixture("course_numbers");
  v.lesson.teach = "Tiles come from the bag.";
  v.lesson.terms = [];
  const { root, cleanup } = mount(v);
  assert.equal(root.querySelector(".aw-term"), null);
  click(root.querySelector(".aw-course-map [data-glossary='open']"));
  const items = [...root.querySelectorAll(".aw-glossary [data-gloss-entry]")];
  assert.deepEqual(items.map((e) => e.dataset.glossEntry), v.glossary.map((e) => e.term));
  assert.equal(root.querySelector(".aw-gloss-at"), null);
  cleanup();
});

test("every term the lesson's view names is linked in its words, endings and case as written", () => {
  const v = fixture("course_numbers");
  const { root, cleanup } = mount(v);
  const linked = new Set([...root.querySelectorAll(".aw-term")].map((b) => b.dataset.term));
  assert.ok(v.lesson.terms.length > 0, "the fixture's lesson uses glossary terms");
  assert.deepEqual([...linked].sort(), [...v.lesson.terms].sort());
  cleanup();
});

test("the guide's words link their terms to the step's glossary (G/R codes kept)", () => {
  const view = fixture("guided_refused");
  const { root, cleanup } = mount(view, fixture("texts"));
  const aside = root.querySelector("aside.aw-guide");
  const terms = [...aside.querySelectorAll(".aw-term")];
  assert.ok(terms.length > 0 && view.guide.glossary.length > 0);
  for (const t of terms) assert.ok(view.guide.glossary.some((e) => e.term === t.dataset.term));
  assert.ok(aside.querySelector(".aw-rulecode"), "the rule codes are still abbreviations");
  click(terms[0]);
  const open = root.querySelector("aside.aw-guide .aw-glossary");
  assert.ok(open && open.querySelector(".aw-gloss-at").dataset.glossEntry === terms[0].dataset.term);
  assert.equal(open.querySelector("[data-lesson]"), null); // no course map beside a table
  cleanup();
});

test("G2: the Gardens hand tile says 1 tree a side, and 3 trees a side", () => {
  for (const [n, words] of [[1, "tile with 1 tree a side"], [3, "tile with 3 trees a side"]]) {
    const v = fixture("gardens_first");
    const me = v.players.find((p) => p.hand && p.hand.length);
    me.hand[0].trees = n;
    const { root, cleanup } = mount(v, fixture("texts"));
    const tile = root.querySelector(".ag-handtile");
    assert.ok(tile.getAttribute("aria-label").startsWith(words + ":"), tile.getAttribute("aria-label"));
    cleanup();
  }
});
