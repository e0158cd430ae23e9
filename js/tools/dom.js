// A page for the front end's unit tests (imported first by each test file that mounts
// the widget): jsdom's window and document as globals, quiet about what jsdom does not
// implement, with CSS.escape, requestAnimationFrame and an IntersectionObserver that
// observes nothing (jsdom has none of them): each one made is kept in `observers`, for a
// test to tell it when a board shows.
import { JSDOM, VirtualConsole } from "jsdom";

const quiet = new VirtualConsole();
quiet.on("jsdomError", (e) => { if (!/Not implemented/.test(e.message)) console.error(e); });
export const dom = new JSDOM("<!doctype html><html><body></body></html>", { pretendToBeVisual: true, virtualConsole: quiet });
for (const k of ["window", "document", "getComputedStyle", "MutationObserver", "MouseEvent", "KeyboardEvent", "HTMLElement"]) {
  globalThis[k] = dom.window[k];
}
globalThis.CSS = { escape: (s) => String(s).replace(/"/g, '\\"') };
globalThis.requestAnimationFrame = (f) => setTimeout(f, 0);
export const observers = [];
globalThis.IntersectionObserver = class {
  constructor(cb) { this.cb = cb; observers.push(this); }
  observe() {}
  disconnect() {}
};
