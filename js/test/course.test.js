// The course in a DOM without a browser, on view models the engine wrote
// (tests/test_js.py): the page offers every cell alike and sends what was clicked or
// typed as an answer; whether it is right is Python's to say.
import { test } from "node:test";
import assert from "node:assert/strict";
import { click, fixture, mount as mountState } from "../tools/mount.js";

const mount = (view) => mountState({ view, texts: {}, message: {}, show_coords: true });

test("a cell lesson offers every empty cell alike and sends the clicked one", () => {
  const v = fixture("course_cells");
  const { root, sent, cleanup } = mount(v);
  const cells = root.querySelectorAll(".aw-board [data-cell]");
  const empty = v.lesson.alhambra.tiles.length;
  assert.ok(cells.length > empty);
  assert.equal(root.querySelectorAll(".aw-legal, .aw-illegal, [data-rule]").length, 0); // no answer shown
  const classes = new Set([...cells].map((c) => c.getAttribute("class")));
  assert.deepEqual([...classes], ["aw-cell aw-pick"]);
  click(cells[3]);
  const a = sent.find((m) => m.kind === "answer");
  assert.deepEqual(a, { kind: "answer", v: v.v, answer: { cell: cells[3].dataset.cell.split(",").map(Number) } });
  // the map's one line names the lesson shown (its number and title), then its chapter
  const pos = root.querySelector(".aw-course-pos").textContent;
  assert.ok(pos.startsWith(`Lesson ${v.course.at + 1} of ${v.course.lessons.length}: ${v.course.lessons[v.course.at].title}`), pos);
  // the map is one line until opened: then every lesson is a button
  assert.equal(root.querySelectorAll(".aw-course-map .aw-course-item").length, 0);
  click(root.querySelector(".aw-course-map [data-lmap]"));
  assert.equal(root.querySelectorAll(".aw-course-map [data-lesson]").length >= v.course.lessons.length, true);
  assert.equal(root.querySelector(".aw-course-map [data-lmap]").getAttribute("aria-expanded"), "true");
  cleanup();
});

test("after a wrong try the board marks the pick wrong with its ruling; once right, every right cell (the check's)", () => {
  const w = fixture("course_wrong");
  let { root, cleanup } = mount(w);
  const a = w.lesson.answer;
  assert.equal(a.ok, false);
  const marks = [...root.querySelectorAll(".aw-course-board [data-answer]")];
  assert.deepEqual(marks.map((m) => m.dataset.answer), [a.picked]); // the right cells stay unsaid
  assert.ok(marks[0].classList.contains("aw-answer-wrong"));
  assert.equal(marks[0].getAttribute("aria-label"), `(${a.picked.replace(",", ", ")}): your answer, not right (${a.rule})`);
  assert.equal(marks[0].querySelector("text").textContent, "✗");
  assert.ok(root.querySelectorAll(".aw-course-board [data-cell]").length > 0); // still clickable cells
  cleanup();
  const r = fixture("course_right");
  ({ root, cleanup } = mount(r));
  const right = [...root.querySelectorAll(".aw-course-board [data-answer]")];
  assert.deepEqual(right.map((m) => m.dataset.answer).sort(), [...r.lesson.answer.right].sort());
  assert.ok(right.every((m) => m.classList.contains("aw-answer-right") && m.querySelector("text").textContent === "✓"));
  const mine = right.filter((m) => m.classList.contains("aw-answer-mine"));
  assert.deepEqual(mine.map((m) => m.dataset.answer), [r.lesson.answer.picked]);
  assert.match(mine[0].getAttribute("aria-label"), /your answer, right$/);
  cleanup();
});

test("a Gardens lesson marks the field picked wrong, with the ruling the engine gave (G3)", () => {
  const v = fixture("course_gardens_wrong");
  const { root, cleanup } = mount(v);
  const a = v.lesson.answer;
  const marks = [...root.querySelectorAll(".aw-course-gardens [data-answer]")];
  assert.deepEqual(marks.map((m) => m.dataset.answer), [a.picked]);
  assert.match(marks[0].getAttribute("aria-label"), new RegExp(`your answer, not right \\(${a.rule}\\)`));
  cleanup();
});

test("a numbers lesson sends what was typed, one box per name", () => {
  const v = fixture("course_numbers");
  const { root, sent, cleanup } = mount(v);
  const boxes = root.querySelectorAll("[data-lfield]");
  assert.deepEqual([...boxes].map((b) => b.dataset.lfield), v.lesson.fields);
  boxes.forEach((b, i) => { b.value = String(i + 1); });
  click(root.querySelector("[data-ldo='numbers']"));
  const a = sent.find((m) => m.kind === "answer");
  assert.deepEqual(a.answer, { numbers: Object.fromEntries(v.lesson.fields.map((f, i) => [f, String(i + 1)])) });
  cleanup();
});

test("a money lesson sends the picked display cards by name", () => {
  const v = fixture("course_take");
  const { root, sent, cleanup } = mount(v);
  click(root.querySelector("[data-ltake='2']"));
  click(root.querySelector("[data-ltake='0']"));
  click(root.querySelector("[data-ldo='take']"));
  const a = sent.find((m) => m.kind === "answer");
  const name = (k) => v.lesson.game.display[k].join(" ");
  assert.deepEqual(a.answer, { take: [name(0), name(2)] });
  cleanup();
});

test("the counted wall's numbers stand outside the Alhambra and every tile name is drawn above every tile (R11)", () => {
  const v = fixture("course_count_wall");
  const { root, cleanup } = mount(v);
  const svg = root.querySelector(".aw-course-picture svg.aw-board");
  const rects = [...svg.querySelectorAll(".aw-placed rect")].map((r) => [+r.getAttribute("x"), +r.getAttribute("y"), +r.getAttribute("width")]);
  const badges = [...svg.querySelectorAll(".aw-wallno circle")];
  assert.equal(badges.length, v.lesson.picture.alhambra.wall.length);
  for (const b of badges) {
    const cx = +b.getAttribute("cx"), cy = +b.getAttribute("cy");
    assert.ok(rects.every(([x, y, s]) => cx < x || cx > x + s || cy < y || cy > y + s), `badge at ${cx},${cy} on a tile`);
  }
  const kids = [...svg.children];
  const names = kids.findIndex((e) => e.classList.contains("aw-names"));
  assert.ok(names > kids.findLastIndex((e) => e.classList.contains("aw-placed")));
  assert.deepEqual([...svg.querySelectorAll(".aw-names text")].map((t) => t.textContent), ["Gar", "Tow"]); // the kind, no price (paid already)
  cleanup();
});

test("a Gardens picture draws the tiles the engine laid and the building it scored (G4)", () => {
  const v = fixture("course_g_points");
  const { root, cleanup } = mount(v);
  const pic = v.lesson.picture.gardens;
  const fig = root.querySelector(".aw-course-picture");
  assert.equal(fig.querySelectorAll(".ag-tile").length, pic.fields.length);
  const [k, sc] = Object.entries(pic.scored)[0];
  const b = fig.querySelector(`[data-building="${k}"]`);
  assert.ok(b.classList.contains("ag-done") && b.classList.contains(`ag-t-${sc.winner}`));
  // the diamond keeps the building's value (never "–"); the points it gave are in its label
  const [, , value] = pic.buildings.find(([x, y]) => `${x},${y}` === k);
  assert.equal(b.querySelector("text").textContent, String(value));
  assert.match(b.getAttribute("aria-label"), new RegExp(`, ${sc.points} points`));
  assert.ok(fig.textContent.includes(`points for ${sc.owner}`));
  cleanup();
});

test("the scoring-card picture draws the deck and where each scoring card may lie (R9)", () => {
  const v = fixture("course_scoring_card");
  const { root, cleanup } = mount(v);
  const deck = root.querySelector(".aw-course-deck");
  assert.equal(deck.querySelectorAll(".aw-deckcard").length, v.lesson.picture.deck.size);
  const wins = [...deck.querySelectorAll(".aw-decklabel")].map((t) => t.textContent).filter((t) => t.startsWith("scoring card"));
  assert.deepEqual(wins, Object.entries(v.lesson.picture.deck.windows).map(([r, [a, b]]) => `scoring card ${r}: draws ${a}–${b}`));
  cleanup();
});

test("a wall lies just inside its own tile's edge: back-to-back walls are two lines, a one-sided wall one (R7a); a tile's walls one path", async () => {
  const { tileSvg } = await import("../src/common.js");
  const S = 46;
  const lines = (markup) => {
    const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
    svg.innerHTML = String(markup);
    // the wall's path: one "M x1 y1 L x2 y2" segment a wall
    const d = svg.querySelector("path.aw-wall")?.getAttribute("d") || "";
    return [...d.matchAll(/M([-\d.]+) ([-\d.]+)L([-\d.]+) ([-\d.]+)/g)].map((m) => m.slice(1).map(Number));
  };
  // a tile walled east at x 0, its neighbour walled west at x 46: the shared edge is x = 46
  const [east] = lines(tileSvg(["tower", 9, "E"], 0, 0, S));
  const [west] = lines(tileSvg(["garden", 7, "W"], S, 0, S));
  assert.ok(east[0] < S && east[2] < S, "the east wall stays on its own tile's side of the edge");
  assert.ok(west[0] > S && west[2] > S, "the west wall stays on its own tile's side of the edge");
  assert.ok(west[0] - east[0] >= 4, "two walls back to back read as two lines");
  // a north wall stays below the tile's top edge and within its width
  const [north] = lines(tileSvg(["pavilion", 2, "N"], 0, 0, S));
  assert.ok(north[1] > 0 && north[0] > 0 && north[2] < S);
  // three walls: three segments of one path, and one halo under them
  assert.equal(lines(tileSvg(["tower", 9, "NEW"], 0, 0, S)).length, 3);
  const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
  svg.innerHTML = String(tileSvg(["tower", 9, "NEW"], 0, 0, S));
  assert.deepEqual([...svg.querySelectorAll(".aw-wall, .aw-wall-halo")].map((e) => e.getAttribute("class")), ["aw-wall-halo", "aw-wall"]);
});

test("the Gardens board numbers its fields' columns on the top edge and rows on the left, over the fields so named", async () => {
  const { gardensBoardSvg } = await import("../src/gardens.js");
  const v = { size: { buildings: 7, fields: 6 }, fields: [], buildings: [], scored: {}, last_scored: [], recent: [] };
  const host = document.createElement("div");
  host.innerHTML = String(gardensBoardSvg(v, 300));
  const texts = [...host.querySelectorAll(".ag-coords text")];
  assert.equal(texts.length, 12);
  const centre = (label) => {
    const poly = [...host.querySelectorAll("polygon")].find((p) => p.getAttribute("aria-label") === label);
    const pts = poly.getAttribute("points").split(" ").map((p) => p.split(",").map(Number));
    return [0, 1].map((k) => pts.reduce((a, p) => a + p[k], 0) / pts.length);
  };
  for (const t of texts) {
    const i = Number(t.textContent), x = Number(t.getAttribute("x")), y = Number(t.getAttribute("y"));
    if (y < 20) assert.ok(Math.abs(centre(`field (${i}, 0)`)[0] - x) < 1, `column ${i}`);
    else assert.ok(Math.abs(centre(`field (0, ${i})`)[1] - y) < 6, `row ${i}`);
  }
});

test("a tile's wall code is said in words where a learner reads it (\"NEW\" is not \"new\")", async () => {
  const { sayTile } = await import("../src/common.js");
  assert.equal(sayTile("pavilion 2 NEW"), "pavilion 2, walls north, east and west");
  assert.equal(sayTile("tower 9 S"), "tower 9, wall south");
  assert.equal(sayTile("garden 7"), "garden 7");
});

test("a Gardens field lesson draws the tiles the lesson laid and offers only the empty fields", () => {
  const v = fixture("course_g_next");
  const { root, sent, cleanup } = mount(v);
  const board = root.querySelector(".aw-course-gardens");
  const laid = v.lesson.gardens.fields.map(([x, y]) => `${x},${y}`);
  assert.equal(laid.length, 3);
  assert.equal(board.querySelectorAll(".ag-tile").length, laid.length);
  const offered = [...board.querySelectorAll("[data-field]")].map((f) => f.dataset.field);
  assert.equal(offered.length, 36 - laid.length);
  assert.ok(laid.every((k) => !offered.includes(k)));
  assert.equal(board.querySelectorAll("[data-rule], .ag-legal, .ag-illegal").length, 0); // no answer shown
  click(board.querySelector('[data-field="4,2"]'));
  assert.deepEqual(sent.find((m) => m.kind === "answer").answer, { field: [4, 2] });
  cleanup();
});

test("a practice session counts practice items, not lessons; the course counts lessons", () => {
  const pr = fixture("course_practice");
  assert.ok(pr.course.practice);
  let { root, cleanup } = mount(pr);
  const pos = root.querySelector(".aw-course-pos").textContent;
  assert.match(pos, new RegExp(`^Practice item 1 of ${pr.course.lessons.length}:`));
  assert.doesNotMatch(pos, /Lesson/);
  cleanup();
  ({ root, cleanup } = mount(fixture("course_cells")));
  assert.match(root.querySelector(".aw-course-pos").textContent, /^Lesson \d+ of \d+:/);
  cleanup();
});

test("a lesson's garden tile is drawn as on the board: each side's tree by its kind's shape, with its count", () => {
  const v = fixture("course_g_turn");
  const g = v.lesson.picture.garden;
  const { root, cleanup } = mount(v);
  const pic = root.querySelector("svg.aw-course-garden");
  const trees = [...pic.querySelectorAll(".ag-treepic")];
  assert.equal(trees.length, 4);
  trees.forEach((t, k) => {
    const crown = t.querySelector(".ag-tree");
    assert.ok(crown.classList.contains(`ag-t-${g.sides[k]}`), `${k}: ${g.sides[k]}`);
    // a lemon is an oval path, a palm a star, a lavender a spike: only an orange is round
    assert.equal(crown.tagName.toLowerCase() === "circle", g.sides[k] === "orange", g.sides[k]);
    assert.equal(t.querySelector(".ag-treetxt").textContent, String(g.trees));
  });
  assert.deepEqual([...pic.querySelectorAll(".aw-coord")].map((e) => e.textContent), ["NE", "SE", "SW", "NW"]);
  cleanup();
});

test("a lesson's ruling codes say their rule on hover, from the texts Python sent once (R and G alike)", () => {
  const texts = fixture("course_texts");
  for (const [name, id] of [["course_cells", "R7c"], ["course_g_turn", "G2"]]) {
    const v = fixture(name);
    assert.ok(v.lesson.rules.includes(id), `${name} cites ${id}`);
    const { root, cleanup } = mountState({ view: v, texts, message: {}, show_coords: true });
    const codes = [...root.querySelectorAll(".aw-lesson h3 abbr.aw-rulecode")];
    assert.deepEqual(codes.map((a) => a.textContent), v.lesson.rules);
    const abbr = codes.find((a) => a.textContent === id);
    assert.equal(abbr.getAttribute("title"), `${id}: ${texts.rules[id]}`);
    assert.ok(texts.rules[id].length > 20, id);
    cleanup();
  }
});
