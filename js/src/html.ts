// The only way the page writes HTML: the `html` tagged template. Every value put into
// it is escaped (text and attribute values alike) unless it is itself an `html` result
// (SafeHtml) or an array of them; morph.js refuses anything but SafeHtml. A player's
// name, a lesson's text or a rule's words can therefore never become markup.
//
//   html`<b>${name}</b>`                  name escaped
//   html`<ol>${items.map((i) => html`<li>${i}</li>`)}</ol>`   nested results pass
//   html`<button ${attrs}>`               attrs must be html`...` (or a bare word)
//
// null, undefined and false draw nothing (for `${cond && html`...`}`); numbers are text.

const ESC: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
const SPECIAL = /[&<>"']/;
export const esc = (s: unknown): string => {
  const text = String(s);
  return SPECIAL.test(text) ? text.replace(/[&<>"']/g, (c) => ESC[c]) : text; // (most values, a board's coordinates, have nothing to escape)
};

// the class is not exported (its type is): only `html` makes one
class SafeHtml {
  s: string;
  constructor(s: string) { this.s = s; }
  toString() { return this.s; }
}
export type { SafeHtml };
export const isSafeHtml = (x: unknown): x is SafeHtml => x instanceof SafeHtml;

// what a template may hold: markup, text to escape (a string, a number), nothing (null,
// undefined, false), or a list of these
export type Value = SafeHtml | string | number | boolean | null | undefined | readonly Value[];
type Place = "text" | "attr" | "tag";

// Where each value of a template sits: "text" (between tags), "attr" (inside a quoted
// attribute value) or "tag" (inside a tag, outside quotes: only markup or a bare word may
// go there, never a string that could add an attribute). Worked out once per template.
const PLACES = new WeakMap<TemplateStringsArray, Place[]>();
function places(strings: TemplateStringsArray): Place[] {
  let found = PLACES.get(strings);
  if (found) return found;
  found = [];
  let state: Place | "dq" | "sq" = "text";
  for (let i = 0; i < strings.length - 1; i++) {
    for (const ch of strings[i]) {
      if (state === "text") { if (ch === "<") state = "tag"; }
      else if (state === "tag") { if (ch === '"') state = "dq"; else if (ch === "'") state = "sq"; else if (ch === ">") state = "text"; }
      else if ((state === "dq" && ch === '"') || (state === "sq" && ch === "'")) state = "tag";
    }
    found.push(state === "dq" || state === "sq" ? "attr" : state);
  }
  PLACES.set(strings, found);
  return found;
}

const BARE = /^[A-Za-z0-9_-]*$/; // a word such as "disabled" or "checked"

function piece(v: Value, place: Place): string {
  if (v === null || v === undefined || v === false) return "";
  if (Array.isArray(v)) return v.map((x: Value) => piece(x, place)).join("");
  if (typeof v === "number") return String(v); // digits, a sign, a point, an exponent: nothing to escape, a bare word
  if (v instanceof SafeHtml) return place === "attr" ? esc(v.s) : v.s; // markup inside a value is text
  const s = String(v);
  if (place === "tag" && !BARE.test(s)) throw new TypeError(`html: a plain string cannot add attributes: ${JSON.stringify(s)}`);
  return esc(s);
}

export function html(strings: TemplateStringsArray, ...values: Value[]): SafeHtml {
  const where = places(strings);
  let out = strings[0];
  for (let i = 0; i < values.length; i++) out += piece(values[i], where[i]) + strings[i + 1];
  return new SafeHtml(out);
}

// the concatenation of parts (SafeHtml, arrays of them, or text to escape)
export const join = (parts: Value) => html`${parts}`;

// a text in which `backticks` mark inline code (the course's Markdown): each such part
// drawn as <code>, every part escaped; an unpaired backtick stays as it is. `prose`
// draws the parts outside the code (the glossary's terms linked in them), escaped too
export function withCode(text: string, prose: (part: string) => Value = (p) => p): SafeHtml {
  const parts = text.split("`");
  if (parts.length % 2 === 0) return html`${prose(text)}`; // an odd number of backticks: no pairs to trust
  return join(parts.map((p, k) => (k % 2 ? html`<code>${p}</code>` : prose(p))));
}
