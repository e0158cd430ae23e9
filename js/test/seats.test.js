// Who plays a seat, in the page's words: a person here, a bot this page drives, a
// person at their own notebook, or a bot on the table's server. The page must never
// drive (or offer to drive) a seat played elsewhere.
import { test } from "node:test";
import assert from "node:assert/strict";
import { JSDOM } from "jsdom";

const dom = new JSDOM("<!doctype html><body></body>");
globalThis.document = dom.window.document;
const { isBot, online, seatLabel } = await import("../src/common.js");
const { botDeciding, statusText } = await import("../src/areas/status.js");

test("seat labels", () => {
  assert.equal(seatLabel("human"), "");
  assert.equal(seatLabel("greedy"), "greedy bot");
  assert.equal(seatLabel("online"), "online");
  assert.equal(seatLabel("online:strong"), "strong bot");
  assert.equal(online({ players: [{ seat: "human" }, { seat: "online" }] }), true);
  assert.equal(online({ players: [{ seat: "human" }, { seat: "greedy" }] }), false);
  assert.deepEqual(["human", "greedy", "online", "online:easy"].map((seat) => isBot({ seat })), [false, true, false, false]);
});

const view = (seat) => ({ mode: "table", live: true, over: false, step: 3, steps: 3, current: 1, legal: null,
  players: [{ name: "Ann", seat: "human" }, { name: "Ben", seat }] });
const model = { get: (k) => (k === "autoplay_bots" ? true : null) };

test("a seat played elsewhere is waited for, never driven by this page", () => {
  assert.equal(botDeciding(view("online"), {}, model), false);
  assert.equal(botDeciding(view("online:greedy"), {}, model), false);
  assert.equal(botDeciding(view("greedy"), {}, model), true);
  assert.match(statusText({ v: view("online"), ui: {}, model }), /Ben plays from their own notebook/);
  assert.match(statusText({ v: view("online:greedy"), ui: {}, model }), /greedy bot\) is thinking on the table's server/);
});
