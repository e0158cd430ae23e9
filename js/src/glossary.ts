// The course's glossary on the page (Python: alhambra_widget/course/glossary.py). In a
// lesson's words, the guide's and the feedback, the first use of each term Python names
// is a button: its meaning shows on hover (its title) and on keyboard focus (a tip
// under it), and a click opens the glossary at its entry. The glossary lists each term,
// its meaning and the lesson that teaches it (a button to go there, in the course).
// Every text is escaped: a term's word and its meaning are values of the `html` template.

import { html, join } from "./html.js";
import type { SafeHtml, Value } from "./html.js";
import type { GlossaryEntry } from "./contract.js";

const reEscape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

// a term's use in a text: the word as written, its meaning on hover and focus
export function termButton(word: string, e: GlossaryEntry): SafeHtml {
  return html`<button type="button" class="aw-term" data-term="${e.term}" data-tip="${e.meaning}" title="${e.term}: ${e.meaning}" aria-label="${word} (glossary: ${e.meaning})">${word}</button>`;
}

// a text with the first use of each of `terms` as its button (from the start of a word,
// in any case, to the end of that word: Python's own rule, sent as each term's stem);
// `used`: the terms already linked in this text (the parts of one text share it)
export function termParts(text: string, terms: readonly GlossaryEntry[], used: Set<string> = new Set()): Value[] {
  if (!terms.length || !text) return [text];
  const byStem = [...terms].sort((a, b) => b.stem.length - a.stem.length); // the longest first
  const re = new RegExp(`\\b(${byStem.map((t) => reEscape(t.stem)).join("|")})\\w*`, "gi");
  const out: Value[] = [];
  let last = 0;
  for (const m of text.matchAll(re)) {
    const e = byStem.find((t) => t.stem.toLowerCase() === m[1].toLowerCase());
    if (!e || used.has(e.term)) continue;
    used.add(e.term);
    out.push(text.slice(last, m.index), termButton(m[0], e));
    last = m.index + m[0].length;
  }
  out.push(text.slice(last));
  return out;
}

export const withTerms = (text: string, terms: readonly GlossaryEntry[]) => join(termParts(text, terms));

// a ruling id in a text (the guide's, a lesson's: R7b, G4): itself, its rule's short text on hover
// and in its accessible name (the rules' texts the table was sent); the first use of
// each of the glossary's `terms` in the text, linked to its entry
const CODE = /\b(R\d{1,2}[a-d]?|G\d)\b/;

export function withRules(text: string, rule: (id: string) => string, terms: readonly GlossaryEntry[] = []): SafeHtml {
  const parts = text.split(CODE);
  const used = new Set<string>();
  return join(parts.map((p, k) => {
    if (k % 2 === 0) return termParts(p, terms, used);
    const say = rule(p);
    return say ? html`<abbr class="aw-rulecode" title="${p}: ${say}" aria-label="${p}: ${say}">${p}</abbr>` : p;
  }));
}

// the term the glossary is open at, per board ("" = open, no entry picked)
const openAt = new WeakMap<object, string>();
export const glossaryOpen = (ui: object) => openAt.get(ui);
export const closeGlossary = (ui: object) => { openAt.delete(ui); };

// the glossary: opened at a term, that entry alone (in sight where the term was
// clicked, however long the list) and a button for every entry; opened from its own
// button, every entry. `course`: the lessons can be opened
export function glossaryHtml(ui: object, entries: readonly GlossaryEntry[], course: boolean): SafeHtml | null {
  const at = openAt.get(ui);
  if (at === undefined || !entries.length) return null;
  const one = entries.filter((e) => e.term === at);
  const shown = one.length ? one : entries;
  const all = one.length && entries.length > 1 ? html` <button class="aw-mini" data-glossary="open">all ${entries.length} terms</button>` : null;
  const items = shown.map((e) => {
    const where = course && e.at !== null
      ? html`<button class="aw-mini" data-lesson="${e.at}" aria-label="go to lesson ${e.at + 1}, ${e.title}, which teaches ${e.term}">lesson ${e.at + 1}: ${e.title}</button>`
      : html`the lesson \u201c${e.title}\u201d`;
    return html`<div class="aw-gloss-entry${e.term === at ? " aw-gloss-at" : ""}" data-gloss-entry="${e.term}" tabindex="-1" role="listitem"><b class="aw-gloss-term">${e.term}</b> <span class="aw-gloss-meaning">${e.meaning}. <span class="aw-muted">Taught in ${where}.</span></span></div>`;
  });
  const title = course ? "Glossary" : "Glossary of this step";
  return html`<section class="aw-glossary" aria-label="glossary"><h4>${title}${all} <button class="aw-mini" data-glossary="close" aria-label="close the glossary">close</button></h4><div role="list">${items}</div></section>`;
}

// a click on a term (the glossary opens at its entry, which takes the focus) or on the
// glossary's own buttons; the board's state and how to draw it again
export function glossaryClick(d: DOMStringMap, c: { ui: object; root: HTMLElement; redraw: () => void }): boolean {
  if (d.term !== undefined) {
    openAt.set(c.ui, d.term);
    c.redraw();
    const entry = [...c.root.querySelectorAll<HTMLElement>("[data-gloss-entry]")].find((e) => e.dataset.glossEntry === d.term);
    if (entry) {
      if (entry.scrollIntoView) entry.scrollIntoView({ block: "nearest" });
      entry.focus({ preventScroll: true });
    }
    return true;
  }
  if (d.glossary === undefined) return false;
  if (d.glossary === "close") openAt.delete(c.ui); else openAt.set(c.ui, "");
  c.redraw();
  return true;
}

export const GLOSSARY_CLICKABLE = "[data-term],[data-glossary]";
