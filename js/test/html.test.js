// html.js: every value put into the page's markup is escaped, unless it is markup made
// by the html tag itself; morph.js takes nothing else.
import { test } from "node:test";
import assert from "node:assert/strict";
import { JSDOM } from "jsdom";

const dom = new JSDOM("<!doctype html><body></body>");
globalThis.document = dom.window.document;
const { html, isSafeHtml, esc, withCode } = await import("../src/html.js");
const { patchHtml } = await import("../src/morph.js");

const HOSTILE = ["<img src=x onerror=alert(1)>", `"quotes'`, "</script>", "&amp;", "<!--"];

test("text values are escaped", () => {
  for (const name of HOSTILE) {
    const out = html`<b>${name}</b>`;
    assert.ok(isSafeHtml(out));
    assert.equal(String(out), `<b>${esc(name)}</b>`);
    const el = document.createElement("div");
    patchHtml(el, out);
    assert.equal(el.children.length, 1);
    assert.equal(el.firstElementChild.textContent, name); // shown as text, nothing made from it
  }
});

test("attribute values are escaped and cannot close their quotes", () => {
  for (const name of HOSTILE) {
    const el = document.createElement("div");
    patchHtml(el, html`<button aria-label="${name}" title='${name}' data-x="a ${name} b">x</button>`);
    const b = el.firstElementChild;
    assert.equal(b.attributes.length, 3);
    assert.equal(b.getAttribute("aria-label"), name);
    assert.equal(b.getAttribute("title"), name);
    assert.equal(b.getAttribute("data-x"), `a ${name} b`);
  }
});

test("nested results and arrays of them pass unescaped; strings in arrays are escaped", () => {
  const items = ["<i>", "b"].map((x) => html`<li>${x}</li>`);
  assert.equal(String(html`<ol>${items}</ol>`), "<ol><li>&lt;i&gt;</li><li>b</li></ol>");
  assert.equal(String(html`${["<i>", html`<i>`]}`), "&lt;i&gt;<i>");
  assert.equal(String(html`<p>${null}${undefined}${false}${0}</p>`), "<p>0</p>");
});

test("inside a tag only markup or a bare word may go, never a string that adds attributes", () => {
  assert.equal(String(html`<button ${"disabled"}>`), "<button disabled>");
  assert.equal(String(html`<button ${html`data-x="${'"><img>'}"`}>`), '<button data-x="&quot;&gt;&lt;img&gt;">');
  assert.throws(() => html`<button ${"onclick=alert(1)"}>`, TypeError);
  assert.throws(() => html`<img src="a" ${'x" onerror="y'}>`, TypeError);
});

test("markup inside an attribute value is text there", () => {
  assert.equal(String(html`<b title="${html`<i>"</i>`}">`), '<b title="&lt;i&gt;&quot;&lt;/i&gt;">');
});

test("the page refuses a plain string: only html`...` reaches it", () => {
  const el = document.createElement("div");
  assert.throws(() => patchHtml(el, "<img src=x onerror=alert(1)>"), TypeError);
  assert.throws(() => patchHtml(el, { toString: () => "<b>" }), TypeError);
  assert.equal(el.childNodes.length, 0);
});

test("`backticks` become inline code, every part escaped", () => {
  const el = document.createElement("div");
  patchHtml(el, withCode("Run `from alhambra_widget import GuidedGame` and then `GuidedGame()`."));
  assert.deepEqual([...el.querySelectorAll("code")].map((c) => c.textContent), ["from alhambra_widget import GuidedGame", "GuidedGame()"]);
  assert.equal(el.textContent, "Run from alhambra_widget import GuidedGame and then GuidedGame().");
  for (const bad of HOSTILE) {
    patchHtml(el, withCode(`a \`${bad}\` b ${bad}`));
    assert.equal(el.querySelectorAll("img, script").length, 0);
    assert.equal(el.textContent, `a ${bad} b ${bad}`);
    assert.equal(el.querySelector("code").textContent, bad);
  }
  // an unpaired backtick is text, shown as it is
  patchHtml(el, withCode("one ` alone"));
  assert.equal(el.querySelector("code"), null);
  assert.equal(el.textContent, "one ` alone");
});
