// Patch the page in place: make a live element's children match freshly drawn ones,
// keeping every node that is still there (so the focus, the hover and a click in
// flight stay on the same control) and touching only what changed.

import { isSafeHtml } from "./html.js";
import type { SafeHtml } from "./html.js";

// Two nodes are the same control when they have the same tag and the same key: their
// first data-* attribute (a cell, a card, a slot, a line of a list...), else their aria-label.
// (the attributes' names, not e.attributes: each item read there is an Attr node made
// for the occasion, which made the key the walk's dearest step)
function dataKey(n: Node) {
  if (n.nodeType !== 1) return null;
  const e = n as Element;
  for (const a of e.getAttributeNames()) if (a.startsWith("data-")) return `${a}=${e.getAttribute(a)}`;
  return null;
}
// a line's key for data-move: a short hash of its sentence (the sentence itself made the
// markup as long again); a clash only patches that line in place, as keying by position did
export function lineKey(text: string) {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return (h >>> 0).toString(36);
}
function keyOf(n: Node) {
  return n.nodeType !== 1 ? "" : dataKey(n) ?? ((n as Element).getAttribute("aria-label") || "");
}

function sameNode(a: Node, b: Node) {
  return a.nodeType === b.nodeType && a.nodeName === b.nodeName && keyOf(a) === keyOf(b);
}

// What the page's fit to the window (sticky.ts) sets on an element it sizes, its style
// (the size) and these classes (how it was fitted), stays when the element is patched:
// the fit puts it right in the next frame, and taking it away first laid the page out
// twice in that frame (unfitted, then fitted again)
const FITTED = new Set(["aw-unnamed", "aw-overflows"]);
function fittedClass(live: Element, want: string) {
  const kept = [...live.classList].filter((c) => FITTED.has(c) && !want.split(" ").includes(c));
  return kept.length ? [want, ...kept].join(" ") : want;
}

function syncAttributes(live: Element, next: Element) {
  const fitted = !!live.awFitted;
  for (const a of live.getAttributeNames()) if (!next.hasAttribute(a) && !(fitted && a === "style")) live.removeAttribute(a);
  for (const a of next.getAttributeNames()) {
    const value = next.getAttribute(a)!;
    const want = fitted && a === "class" ? fittedClass(live, value) : value;
    if (live.getAttribute(a) !== want) live.setAttribute(a, want);
  }
  // what a form control shows is a property, not its attribute
  if (live.nodeName === "INPUT") {
    const input = live as HTMLInputElement;
    if (input.type === "checkbox") input.checked = next.hasAttribute("checked");
    else if (!input.awHeld && input.value !== next.getAttribute("value")) input.value = next.getAttribute("value") ?? "";
  } else if (live.nodeName === "OPTION") {
    (live as HTMLOptionElement).selected = next.hasAttribute("selected");
  }
}

const CONTROLS = "input, option";
const holdsControl = (e: Element) => e.matches(CONTROLS) || e.querySelector(CONTROLS) !== null;

// Children are matched in order. Where the order differs, a node keyed by a data-*
// attribute that is wanted further on stays, the new one is put before it, and one
// wanted nowhere leaves: a line added to the top of a list (the log, the last moves)
// is one node laid out, not every line after it rewritten in place.
export function patchChildren(live: Node, next: Node) {
  const want = [...next.childNodes];
  let ahead: Map<string, number> | null = null; // the data keys wanted from here on (counted at the first mismatch)
  const later = (from: number) => {
    if (ahead) return ahead;
    const m = new Map<string, number>();
    for (let k = from; k < want.length; k++) { const key = dataKey(want[k]); if (key) m.set(key, (m.get(key) || 0) + 1); }
    return (ahead = m);
  };
  want.forEach((n, i) => {
    let o: Node | null = live.childNodes[i];
    if (o && !sameNode(o, n)) {
      // a keyed node wanted nowhere from here on leaves (the ones after it keep their places)
      const keys = later(i);
      while (o && !sameNode(o, n)) {
        const k = dataKey(o);
        if (!k || keys.get(k)) break;
        live.removeChild(o);
        o = live.childNodes[i] || null;
      }
    }
    if (!o) live.appendChild(n);
    else if (!sameNode(o, n)) {
      const k = dataKey(o);
      if (k && dataKey(n) && later(i).get(k)) live.insertBefore(n, o);
      else live.replaceChild(n, o);
    }
    else if (o.nodeType === 1) {
      // what did not change (most of a board's cells, an opponent's Alhambra when only
      // their facts did) is compared in one native call, not walked node by node; unless
      // it holds a form control, whose shown state is a property the walk sets
      if (!(o.isEqualNode(n) && !holdsControl(n as Element))) {
        syncAttributes(o as Element, n as Element);
        patchChildren(o, n);
      }
    }
    else if (o.nodeValue !== n.nodeValue) o.nodeValue = n.nodeValue;
    const done = ahead && dataKey(n);
    if (done) ahead!.set(done, ahead!.get(done)! - 1);
  });
  while (live.childNodes.length > want.length) live.removeChild(live.lastChild!);
}

// patch `live`'s children to `markup`, made by the html tag (html.js) and nothing else:
// a plain string is refused, so no unescaped text reaches the page (parsed once, in a template)
const parser = () => document.createElement("template");
export function patchHtml(live: Element, markup: SafeHtml) {
  if (!isSafeHtml(markup)) throw new TypeError("patchHtml takes html`...` markup, not a string");
  const t = parser();
  t.innerHTML = markup.toString();
  patchChildren(live, t.content);
}

// The board in parts: [{key, html}] (html: html`...` markup) or [{key, cls, parts, attrs, tag}] (a container drawn as
// a real <div class=cls>, or <tag>, with the attributes attrs: {name: value}). Each part sits in a wrapper (display: contents, so the layout is the
// parts' own) that remembers the HTML it shows: a part whose HTML did not change is not
// parsed or walked at all, so a pick redraws only the area it changes.
export type Part = { key: string; html: SafeHtml } | { key: string; cls: string; parts: Part[]; attrs?: Record<string, string>; tag?: string };

export function patchParts(live: Element, parts: Part[]) {
  // the parts no longer drawn leave first, so that the ones after them keep their
  // places: a part moved is taken out of the page and put back, and laid out and
  // painted anew as if new (an opponent's panel, when the seat shown changes)
  // (a part is a <div>, or a container's own tag: one drawn as another leaves too)
  const tagOf = (p: Part) => ("parts" in p && p.tag ? p.tag : "div");
  const tags = new Map(parts.map((p) => [p.key, tagOf(p)]));
  for (const c of [...live.children]) if (c.awPart === undefined || tags.get(c.awPart) !== c.localName) c.remove();
  parts.forEach((p, i) => {
    let w = live.children[i];
    if (!w || w.awPart !== p.key) {
      const found = [...live.children].find((c) => c.awPart === p.key);
      w = found || document.createElement(tagOf(p));
      w.awPart = p.key;
      live.insertBefore(w, live.children[i] || null);
    }
    if ("parts" in p) {
      if (w.className !== p.cls) { w.className = p.cls; w.awHtml = undefined; }
      for (const [k, val] of Object.entries(p.attrs || {})) if (w.getAttribute(k) !== val) w.setAttribute(k, val);
      patchParts(w, p.parts);
    } else if (w.awHtml !== String(p.html)) {
      if (w.className !== "aw-part") { w.className = "aw-part"; w.replaceChildren(); }
      patchHtml(w, p.html);
      w.awHtml = String(p.html);
    }
  });
  while (live.children.length > parts.length) live.removeChild(live.lastElementChild!);
}
