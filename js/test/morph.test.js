// morph.js: the page is patched, not rebuilt.
import { test } from "node:test";
import assert from "node:assert/strict";
import { JSDOM } from "jsdom";

const dom = new JSDOM("<!doctype html><body></body>");
globalThis.document = dom.window.document;
const { patchHtml, lineKey } = await import("../src/morph.js");
const { html } = await import("../src/html.js");

test("same controls keep their nodes; changed attributes and text are set; others are replaced", () => {
  const el = document.createElement("div");
  patchHtml(el, html`<p class="a">one</p><button data-x="1" disabled>b</button><svg><rect data-cell="0,0" class="c"/></svg>`);
  const [p, b, svg] = el.children;
  const rect = svg.firstElementChild;
  patchHtml(el, html`<p class="b">two</p><button data-x="1">b</button><svg><rect data-cell="0,0" class="d"/></svg><i>new</i>`);
  assert.equal(el.children[0], p);
  assert.equal(p.className, "b");
  assert.equal(p.textContent, "two");
  assert.equal(el.children[1], b);
  assert.equal(b.hasAttribute("disabled"), false);
  assert.equal(el.querySelector("rect"), rect);
  assert.equal(rect.getAttribute("class"), "d");
  assert.equal(rect.namespaceURI, "http://www.w3.org/2000/svg");
  assert.equal(el.lastElementChild.outerHTML, "<i>new</i>");
  patchHtml(el, html`<p class="b">two</p><button data-x="2">b</button>`);
  assert.equal(el.children.length, 2);
  assert.notEqual(el.children[1], b); // another control: a new node
});

test("lines keyed by a data attribute keep their nodes when lines come and go around them", () => {
  const el = document.createElement("ol");
  const lines = (ns) => html`${ns.map((n) => html`<li data-line="${n}">line ${n}</li>`)}`;
  patchHtml(el, lines([3, 4, 5]));
  const [l3, l4, l5] = el.children;
  patchHtml(el, lines([4, 5, 6])); // one leaves at the top, one comes at the foot
  assert.deepEqual([...el.children].map((li) => li.textContent), ["line 4", "line 5", "line 6"]);
  assert.equal(el.children[0], l4);
  assert.equal(el.children[1], l5);
  assert.equal(l3.isConnected, false);
  patchHtml(el, lines([7, 4, 5, 6])); // a new one at the top: the others stay, none rewritten
  assert.deepEqual([...el.children].map((li) => li.textContent), ["line 7", "line 4", "line 5", "line 6"]);
  assert.equal(el.children[1], l4);
  assert.equal(el.children[2], l5);
  patchHtml(el, lines([5, 9])); // several leave, one comes: what stays is still kept
  assert.deepEqual([...el.children].map((li) => li.textContent), ["line 5", "line 9"]);
  assert.equal(el.children[0], l5);
  patchHtml(el, html`<li data-line="5">line 5</li><li data-line="5">again</li><b>plain</b>`); // repeated keys: drawn as asked
  assert.deepEqual([...el.childNodes].map((n) => n.textContent), ["line 5", "again", "plain"]);
  assert.equal(el.children[0], l5);
});

test("a move's line is keyed by a short hash of its sentence: the same sentence the same key, the lines kept as the list moves on", () => {
  const says = ["Ana takes the 3 florins.", "Ben buys a tower for 7 denars.", "Ana takes the 3 florins!"];
  const keys = says.map(lineKey);
  assert.equal(lineKey(says[0]), keys[0]);
  assert.equal(new Set(keys).size, 3);
  for (const k of keys) assert.match(k, /^[0-9a-z]{1,7}$/);
  const el = document.createElement("ol");
  const moves = (ts) => html`${ts.map((t) => html`<li data-move="${lineKey(t)}">${t}</li>`)}`;
  patchHtml(el, moves(says.slice(0, 2)));
  const [first, second] = el.children;
  patchHtml(el, moves([says[2], ...says.slice(0, 2)])); // the newest first
  assert.deepEqual([...el.children].map((li) => li.textContent), [says[2], says[0], says[1]]);
  assert.equal(el.children[1], first);
  assert.equal(el.children[2], second);
});

test("form controls show the drawn state, except a slider held by the pointer", () => {
  const el = document.createElement("div");
  patchHtml(el, html`<input type="checkbox" data-t="1"/><input type="range" data-s="1" min="0" max="9" value="2"/>`);
  const [box, range] = el.children;
  box.checked = true;
  patchHtml(el, html`<input type="checkbox" data-t="1"/><input type="range" data-s="1" min="0" max="9" value="4"/>`);
  assert.equal(box.checked, false);
  assert.equal(range.value, "4");
  range.awHeld = true;
  range.value = "7";
  patchHtml(el, html`<input type="checkbox" data-t="1" checked/><input type="range" data-s="1" min="0" max="9" value="5"/>`);
  assert.equal(box.checked, true);
  assert.equal(range.value, "7");
});

test("a part drawn as it was is left alone, but a form control in it still shows the drawn state", () => {
  const el = document.createElement("div");
  const same = () => html`<section data-p="1"><p class="a">x</p><span><input type="checkbox" data-t="1"/></span></section>`;
  patchHtml(el, same());
  const box = el.querySelector("input");
  box.checked = true; // clicked, and the view redrawn unchanged: the box shows the view's state
  const seen = new dom.window.MutationObserver(() => {});
  seen.observe(el, { subtree: true, childList: true, attributes: true, characterData: true });
  patchHtml(el, same());
  assert.equal(el.querySelector("input"), box);
  assert.equal(box.checked, false);
  assert.deepEqual(seen.takeRecords(), []); // nothing else touched
});

test("a part no longer drawn leaves without moving the parts after it (a moved part is laid out anew)", async () => {
  const { patchParts } = await import("../src/morph.js");
  const el = document.createElement("div");
  const draw = (keys) => patchParts(el, keys.map((k) => ({ key: k, html: html`<section aria-label="${k}">${k}</section>` })));
  draw(["a", "p0", "p1", "p2", "p4", "p5"]);
  const [, p0, p1, p2, , p5] = el.children;
  const seen = new dom.window.MutationObserver(() => {});
  seen.observe(el, { childList: true });
  draw(["a", "p0", "p1", "p2", "p3", "p5"]); // p4 leaves, p3 comes in its place
  const removed = seen.takeRecords().flatMap((r) => [...r.removedNodes]);
  assert.deepEqual(removed.map((n) => n.awPart), ["p4"]);
  assert.deepEqual([...el.children].map((c) => c.awPart), ["a", "p0", "p1", "p2", "p3", "p5"]);
  assert.deepEqual([el.children[1], el.children[2], el.children[3], el.children[5]], [p0, p1, p2, p5]);
  assert.equal(el.children[4].textContent, "p3");
  draw(["a", "p1", "p2", "p3", "p5", "p0"]); // an order that changes: the parts follow it
  assert.deepEqual([...el.children].map((c) => c.awPart), ["a", "p1", "p2", "p3", "p5", "p0"]);
  assert.equal(el.lastElementChild, p0);
});

test("a drawing that did not change is kept whole; one that changed is patched node by node", () => {
  const el = document.createElement("div");
  const board = (cls) => html`<p>facts</p><svg viewBox="0 0 2 1"><rect data-cell="0,0" class="${cls}"/><text data-t="1">9</text></svg>`;
  patchHtml(el, board("a"));
  const rect = el.querySelector("rect"), text = el.querySelector("text");
  const seen = new dom.window.MutationObserver(() => {});
  seen.observe(el, { subtree: true, childList: true, attributes: true, characterData: true });
  patchHtml(el, board("a"));
  assert.deepEqual(seen.takeRecords(), []); // nothing touched
  patchHtml(el, board("b"));
  assert.equal(el.querySelector("rect"), rect);
  assert.equal(rect.getAttribute("class"), "b");
  assert.equal(el.querySelector("text"), text);
  rect.setAttribute("style", "opacity: 0"); // set by the page (an animation): the markup puts it back
  patchHtml(el, board("b"));
  assert.equal(rect.hasAttribute("style"), false);
});

test("what the fit to the window set on the area it sized stays when the area is patched; elsewhere the markup wins", () => {
  const el = document.createElement("div");
  const area = (cls, tile) => html`<div class="aw-boardwrap${cls}" data-area="my-alhambra"><svg viewBox="0 0 2 1"><rect data-cell="0,0" class="${tile}"/></svg></div><p class="aw-note">x</p>`;
  patchHtml(el, area("", "a"));
  const wrap = el.firstElementChild, svg = wrap.firstElementChild, note = el.lastElementChild;
  // (as sticky.ts's fit leaves them)
  svg.style.width = "264px";
  wrap.style.maxHeight = "576px";
  wrap.classList.add("aw-unnamed", "aw-overflows");
  wrap.awFitted = svg.awFitted = true;
  note.style.color = "red";
  note.classList.add("aw-unnamed");
  patchHtml(el, area(" aw-zoomed", "b"));
  assert.equal(el.firstElementChild, wrap);
  assert.equal(svg.style.width, "264px");
  assert.equal(wrap.style.maxHeight, "576px");
  assert.deepEqual([...wrap.classList], ["aw-boardwrap", "aw-zoomed", "aw-unnamed", "aw-overflows"]);
  assert.equal(svg.querySelector("rect").getAttribute("class"), "b");
  // an element the fit did not size shows the markup alone
  assert.equal(note.hasAttribute("style"), false);
  assert.equal(note.className, "aw-note");
});
