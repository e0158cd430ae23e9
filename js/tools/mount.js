// The widget mounted on a fake anywidget model, for the front end's unit tests (on view
// models the engine wrote: tests/test_js.py writes them to ALHAMBRA_FIXTURES): the
// model keeps its traits in `state`, records what the page sends, and lets a test fire
// a trait's change as the kernel would (`fire`, or `show` for a new view).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import "./dom.js";

export const { default: widget } = await import("../src/widget.js");

/** A view model (or other JSON) the engine wrote for the tests. */
export const fixture = (name) => JSON.parse(readFileSync(join(process.env.ALHAMBRA_FIXTURES, `${name}.json`), "utf8"));

/** The widget drawn in a new element on a fake model of `state` (texts: the engine's). */
export function mount(state) {
  const listeners = {};
  const sent = [];
  state = { texts: fixture("texts"), ...state };
  const model = {
    get: (k) => state[k],
    set: (k, v) => { state[k] = v; },
    on: (ev, fn) => { (listeners[ev] = listeners[ev] || []).push(fn); },
    off: () => {},
    send: (m) => sent.push(m),
    save_changes: () => {},
  };
  const el = document.createElement("div");
  document.body.appendChild(el);
  const cleanup = widget.render({ model, el });
  const fire = (ev, ...args) => (listeners[ev] || []).forEach((f) => f(...args));
  const show = (view) => { state.view = view; fire("change:view"); };
  return { el, root: el.querySelector(".aw-root"), state, sent, model, fire, show, cleanup };
}

/** A click as a user's, bubbling to the page's handlers. */
export const click = (node) => node.dispatchEvent(new MouseEvent("click", { bubbles: true }));
