// The coach of a coached game in a DOM without a browser, on a view model the engine
// wrote (tests/test_js.py): a costly move flagged, its reasons drawn as text, the bots
// waiting, and "Take it back" asking Python to take the move back.
import { test } from "node:test";
import assert from "node:assert/strict";
import { fixture, mount } from "../tools/mount.js";

test("a flagged move: the coach's remark and reasons are drawn on top, the bots wait, Take it back is sent", async () => {
  const view = fixture("coach_flagged");
  const more = [...view.coach.remark.more];
  assert.ok(more.length >= 1, "the overpayment differs in more than three ways");
  view.coach.remark.lines.push("<img src=x onerror=alert(1)>"); // drawn as text, never markup
  view.coach.remark.more.push("<img src=x onerror=alert(2)>");
  const { root, sent, cleanup } = mount({ view, texts: {}, message: {}, autoplay_bots: true, bot_delay: 0 });
  const aside = root.querySelector("aside.aw-coach.aw-coach-mistake");
  assert.ok(aside, "the remark is drawn");
  assert.equal(root.children[1].querySelector("aside.aw-coach"), aside); // on top, below the status line
  assert.match(aside.textContent, /your chance to win would be about/);
  assert.match(aside.textContent, /\(R6\)/);
  assert.equal(aside.querySelectorAll("img").length, 0);
  // the rest of what tells the moves apart is there on demand, folded, whole
  const details = aside.querySelector("details.aw-coach-more");
  assert.ok(details && !details.open);
  assert.deepEqual([...details.querySelectorAll("li")].map((li) => li.textContent), [...more, "<img src=x onerror=alert(2)>"]);
  // the remark is in its own body, never cut; the buttons are outside it
  const body = aside.querySelector(".aw-coach-body");
  assert.ok(body && body.textContent.includes("your chance to win would be about"));
  for (const d of ["undo", "keep"]) {
    const b = aside.querySelector(`button[data-coach='${d}']`);
    assert.ok(b && !body.contains(b), d);
  }
  assert.match(root.querySelector(".aw-status").textContent, /The coach waits for your answer/);
  await new Promise((r) => setTimeout(r, 30));
  assert.ok(!sent.some((m) => m.kind === "bot"), "the bots wait for the answer");
  aside.querySelector("button[data-coach='undo']").dispatchEvent(new MouseEvent("click", { bubbles: true }));
  assert.deepEqual(sent.at(-1), { kind: "coach", do: "undo", v: view.v });
  cleanup();
});
