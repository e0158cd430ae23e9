// morph.js: the page is patched, not rebuilt.
import { test } from "node:test";
import assert from "node:assert/strict";
import { JSDOM } from "jsdom";

const dom = new JSDOM("<!doctype html><body></body>");
globalThis.document = dom.window.document;
const { patchHtml } = await import("../src/morph.js");
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
