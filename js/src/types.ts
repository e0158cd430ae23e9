// The page's own types, beside the contract's (contract.ts, generated from Python): the
// model that links the board to Python, and what every drawing of an area is given.
import type { ActionJson, GameView, GardensView, Intent, PosJson, Traits, View } from "./contract.js";
import type { Picks } from "./state.js";

// anywidget's model: the synced traits (typed by the contract), the page's messages
export interface Model {
  get<K extends keyof Traits>(key: K): Traits[K];
  set<K extends keyof Traits>(key: K, value: Traits[K]): void;
  on(event: string, fn: (msg?: unknown) => void): void;
  off(event: string, fn: (msg?: unknown) => void): void;
  send(msg: Intent): void;
  save_changes(): void;
}

// what a drawing is given: the view model, the picks, the model, the rules' texts, and
// whether Python has stopped answering
export interface Ctx<V extends View = View> {
  v: V;
  ui: Picks;
  model: Model;
  rule: (id: string) => string;
  noKernel: boolean;
}

// the page's own markers on its nodes: a part's key and the markup it shows (morph.ts),
// a slider held down (its value is the pointer's, not the view's)
declare global {
  interface Element {
    awPart?: string;
    awHtml?: string;
    awHeld?: boolean;
    awZoomed?: boolean; // your Alhambra's area: drawn larger than it when last fitted
    awFitted?: boolean; // sized by the page's fit to the window (sticky.ts): its size kept when patched
    awFit?: [number, number]; // a board: your Alhambra's area when last fitted, its width and the window's height below it
  }
}

// a table over a game with a timeline: the Alhambra's or the Gardens'
export type TableView = GameView | GardensView;

// what a click or a key may use (intents.ts): the view and the picks, the board, and the
// ways to act, ask Python, redraw, and open or close a scoring round's walkthrough
export interface IntentCtx<V extends View = View> {
  v: V;
  ui: Picks;
  root: HTMLElement;
  act: (action: ActionJson, resolve?: "branch" | "undo", place?: PosJson) => void;
  send: (msg: Intent) => void;
  redraw: () => void;
  walkRound: (open: boolean) => void;
}
