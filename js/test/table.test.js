// The game table's controls offer only what the engine allows, the Gardens hint's move
// is asked before it is played, and a scoring round walked through shows the boards it
// points at and keeps its total for its last line: on view models the Python engine
// wrote (tests/test_js.py), in a DOM without a browser (node:test + jsdom).
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { click, fixture, mount as mountState } from "../tools/mount.js";

const mount = (view) => mountState({ view, message: {}, autoplay_bots: false, bot_delay: 0.6 });

test("R6 Buy is offered only for a payment the engine lists: disabled with its reason before, enabled after", () => {
  const v = fixture("paying");
  const b = v.legal.buy.denar;
  const { root, sent, cleanup } = mount(v);
  click(root.querySelector("[data-slot='denar']"));
  const buy = () => root.querySelector("button[data-do='buy']");
  assert.ok(buy().disabled, "nothing picked yet");
  assert.match(buy().getAttribute("title"), new RegExp(`at least ${b.price}`));
  // the payment the engine lists first, card by card: Buy is disabled until it is whole
  const hand = v.players[v.current].money;
  const pay = b.pays[0];
  const left = [...b.cards];
  pay.forEach((value, n) => {
    const i = left.find((k) => hand[k][1] === value);
    left.splice(left.indexOf(i), 1);
    click(root.querySelector(`[data-pay='${i}']`));
    const listed = b.pays.some((p) => p.join() === pay.slice(0, n + 1).join());
    assert.equal(buy().disabled, !listed, `after ${pay.slice(0, n + 1)}`);
  });
  click(buy());
  assert.equal(sent.filter((m) => m.kind === "act").length, 1);
  cleanup();
});

test("R8 a tile in your reserve is built from it or left there: no 'to the reserve' for it", () => {
  const v = fixture("reserve_tile");
  const { root, cleanup } = mount(v);
  click(root.querySelector("[data-sel='pavilion 3']"));
  assert.ok(root.querySelector("[data-cell].aw-legal"), "its cells are offered");
  assert.equal(root.querySelector("button[data-do='reserve']"), null);
  cleanup();
});

test("G3 the Gardens hint's 'play it' asks in the bar, then plays the move", () => {
  const v = fixture("hint_gardens");
  const { root, sent, cleanup } = mount(v);
  click(root.querySelector("[data-playhint='0']"));
  const ask = root.querySelector(".aw-actions");
  assert.match(ask.textContent, /Play the hint's move: .*\?/);
  assert.doesNotMatch(ask.textContent, /\.\?/);
  assert.equal(sent.filter((m) => m.kind === "act").length, 0, "asked first");
  click(ask.querySelector("[data-hintgo='yes']"));
  const acts = sent.filter((m) => m.kind === "act");
  assert.equal(acts.length, 1);
  assert.deepEqual(acts[0].action, v.hint.moves[0].action);
  cleanup();
});

const frame = () => new Promise((res) => setTimeout(res, 5)); // redraws come one a frame

test("R10 R11 a scoring round walked through: the points before it (the engine's) until its total, over the market, each line's boards marked", async () => {
  const v = fixture("scoring_round");
  const r = v.rounds[0];
  const { root, model, fire, cleanup } = mount({ ...v, rounds: [], v: v.v - 1 });
  model.set("view", v);
  fire("change:view");
  await frame();
  const me = v.players.findIndex((p) => p.seat === "human");
  const mine = () => Number(root.querySelector(".aw-me .aw-score").textContent.match(/-?\d+/)[0]);
  assert.equal(mine(), r.before[v.players[me].name], "before the round");
  assert.equal(r.before[v.players[me].name] + r.totals[v.players[me].name], v.players[me].score);
  // the round's total column keeps its figures for the last line too (not given before)
  const totalCells = () => [...root.querySelectorAll(".aw-walktable tbody tr")].map((tr) => tr.lastElementChild.textContent.trim());
  assert.ok(totalCells().every((t) => !/\d/.test(t)), "no round total before its line");
  // beside the market, laid over the table (sticky.ts places it), never in the flow of
  // the main column or among the others' panels
  const walk = root.querySelector(".aw-grid > .aw-part > .aw-rounds.aw-walk");
  assert.ok(walk, "the walkthrough lies over the table, beside the market");
  assert.equal(root.querySelector(".aw-main .aw-rounds.aw-walk"), null);
  assert.equal(root.querySelector(".aw-side .aw-rounds.aw-walk"), null);
  const grid = root.querySelector(".aw-grid");
  const pointed = () => [...root.querySelectorAll(".aw-player.aw-walkpoint")].map((e) => e.getAttribute("aria-label")).sort();
  for (const k of r.kinds) {
    // the line's kind marked on the boards; the boards pointed at: those with a tile of it
    assert.ok(grid.classList.contains(`aw-walkkind-${k.kind}`), k.kind);
    assert.deepEqual(pointed(), Object.keys(k.counts).filter((n) => k.counts[n] > 0).sort(), k.kind);
    assert.match(root.querySelector(".aw-walkwhat").textContent, new RegExp(k.kind));
    click(root.querySelector("[data-rowstep='1']"));
    await frame();
  }
  // the walls line: every board draws its longest wall as the round scored it (in this
  // game Cem built after the round, so his wall now is longer), and is pointed at
  assert.ok(!grid.className.includes("aw-walkkind"));
  assert.deepEqual(pointed(), Object.keys(r.walls).sort());
  assert.ok(v.players.some((p) => p.alhambra.wall.length !== r.walls[p.name]), "a wall changed since the round");
  v.players.forEach((p) => {
    const panel = root.querySelector(`.aw-player[aria-label="${p.name}"]`);
    assert.equal(panel.querySelectorAll(".aw-board .aw-longest").length, r.walls[p.name], p.name);
    assert.equal(r.wall_lines[p.name].length, r.walls[p.name], p.name);
    assert.match(panel.querySelector(".aw-walllen").textContent, new RegExp(`wall ${r.walls[p.name]} in round ${r.number}$`), p.name);
  });
  click(root.querySelector("[data-rowstep='1']")); // the round's total
  await frame();
  assert.equal(mine(), v.players[me].score);
  assert.deepEqual(totalCells(), Object.keys(r.totals).map((n) => String(r.totals[n])));
  cleanup();
});

// a view whose newest scoring round has just come: the board sees it come, as in play
async function roundComes(v) {
  const m = mount({ ...v, rounds: v.rounds.slice(0, -1), v: v.v - 1 });
  m.model.set("view", v);
  m.fire("change:view");
  await frame();
  return m;
}
const score = (el) => Number(el.querySelector(".aw-score").textContent.match(/-?\d+/)[0]);

test("R3 R10 while a round is walked through, Dirk's heading and every marker of the score track show the points before it, as the players' headings do, until its total", async () => {
  const v = fixture("scoring_round_two");
  const r = v.rounds.at(-1);
  assert.ok(v.dirk && r.totals[v.dirk.name] > 0, "Dirk scores in this round");
  const { root, cleanup } = await roundComes(v);
  const track = () => Object.fromEntries([...root.querySelectorAll(".aw-trackmark")].map((g) => g.getAttribute("aria-label").split(": ")).map(([n, p]) => [n, parseInt(p, 10)]));
  const heads = () => Object.fromEntries([...root.querySelectorAll(".aw-player")].map((p) => [p.getAttribute("aria-label"), score(p)]));
  assert.ok(root.querySelector(".aw-rounds.aw-walk"));
  const names = [...v.players.map((p) => p.name), v.dirk.name];
  for (const n of names) {
    assert.equal(heads()[n], r.before[n], `${n}'s heading before the round`);
    assert.equal(track()[n], r.before[n], `${n}'s marker before the round`);
  }
  // the walkthrough's last line (the round's total): the points after it, everywhere
  for (let i = 0; i <= r.kinds.length; i++) { click(root.querySelector("[data-rowstep='1']")); await frame(); }
  for (const n of names) {
    const now = n === v.dirk.name ? v.dirk.score : v.players.find((p) => p.name === n).score;
    assert.equal(now, r.before[n] + r.totals[n], n);
    assert.equal(heads()[n], now, `${n}'s heading at the total`);
    assert.equal(track()[n], now, `${n}'s marker at the total`);
  }
  cleanup();
});

test("R12 the end with its last round walked through: the results keep who won, the scores, the review and a new game; the walkthrough's totals agree with them; asking the review closes it", async () => {
  const v = fixture("end_two");
  assert.ok(v.over && v.results);
  const { root, sent, cleanup } = await roundComes(v);
  const walk = root.querySelector(".aw-rounds.aw-walk");
  assert.ok(walk, "the last round is walked through");
  const end = root.querySelector("[data-area='results']");
  assert.ok(end.querySelector("button[data-review='ask']"), "the review's button, beside the walkthrough");
  assert.ok(end.querySelector("button[data-newgame]"), "a new game's button");
  assert.ok(end.contains(walk), "walked through in the results, over nothing else");
  // each line marks its column of the results: the kind's points, then the wall, then
  // the round's total; at the end nothing is kept back: the totals are the results' last
  // round, and the line's sentence agrees
  const last = v.results.rounds.at(-1), r = v.rounds.at(-1);
  const order = [...v.results.ranking, ...v.results.apart].map((p) => p.name);
  const marked = () => [...root.querySelectorAll("[data-area='results'] tbody td.aw-hl")].map((td) => td.textContent.trim());
  assert.deepEqual(marked(), order.map((n) => String(r.kinds[0].points[n] ?? 0)), "the first kind's column");
  for (let i = 0; i <= r.kinds.length; i++) click(root.querySelector("[data-area='results'] [data-rowstep='1']"));
  assert.deepEqual(marked(), order.map((n) => String(last.totals[n])), "the round's column on its last line");
  const said = root.querySelector("[data-area='results'] .aw-walk .aw-explain").textContent;
  for (const n of order) assert.ok(said.includes(`${n} +${last.totals[n]}`), said);
  for (const p of v.players) assert.equal(score(root.querySelector(`.aw-player[aria-label="${p.name}"]`)), p.score, p.name);
  click(end.querySelector("button[data-review='ask']"));
  assert.equal(root.querySelector(".aw-rounds.aw-walk"), null, "closed for the review");
  assert.ok(sent.some((m) => m.kind === "review" && !m.cancel));
  cleanup();
});

test("R3 Dirk in the results: under the ranking, unnumbered, named no player, never the winner; the players' ranks are the engine's", () => {
  const v = fixture("end_two");
  const dirk = v.dirk.name;
  const { root, cleanup } = mount(v);
  const rows = [...root.querySelectorAll("[data-area='results'] tbody tr")];
  const who = (tr) => tr.querySelector(".aw-who").textContent;
  const his = rows.filter((tr) => who(tr).includes(dirk));
  assert.equal(his.length, 1, "one row for Dirk");
  const [row] = his;
  assert.equal(rows.at(-1), row, "below the ranking");
  assert.equal(row.querySelector("td").textContent.trim(), "", "no rank");
  assert.match(who(row), /\(not a player\)/);
  assert.doesNotMatch(who(row), /wins/);
  assert.ok(!row.classList.contains("aw-winner"));
  assert.equal(row.querySelectorAll("td")[2].textContent, String(v.dirk.score), "his points, as the engine scored them");
  // the players, numbered as the engine ranked them
  const ranked = rows.filter((tr) => tr !== row).map((tr) => [tr.querySelector("td").textContent, who(tr).replace(" — wins", "")]);
  assert.deepEqual(ranked, v.results.ranking.map((p) => [String(p.rank), p.name]));
  assert.deepEqual(v.results.ranking.map((p) => p.name).sort(), v.players.map((p) => p.name).sort(), "the ranking is the players'");
  assert.doesNotMatch(root.querySelector("[data-area='results'] h4").textContent, new RegExp(dirk));
  cleanup();
});

test("R3 Dirk's heading: his name and points, who he is whole on a line under them (nothing cut)", () => {
  const v = fixture("two_players");
  const { root, cleanup } = mount(v);
  const dirk = root.querySelector(".aw-dirk");
  assert.doesNotMatch(dirk.querySelector("h4").textContent, /imaginary/, "not squeezed into the heading");
  assert.match(dirk.querySelector(".aw-dirksays").textContent, /imaginary collector: no turns, cannot win \(R3\)/);
  cleanup();
});

test("R12 the end of a game is one panel: who won, the final scores, the last round kind by kind, review and new game", () => {
  const v = fixture("hostile_end");
  const { root, sent, cleanup } = mount(v);
  const end = root.querySelector("[data-area='results']");
  assert.ok(end, "the results' panel");
  assert.equal(root.querySelector("[data-area='market']"), null, "in the market's place");
  const winners = v.results.ranking.filter((p) => p.winner).map((p) => p.name);
  for (const n of winners) assert.ok(end.querySelector("h4").textContent.includes(n), n);
  const last = v.rounds.at(-1);
  const rows = [...end.querySelectorAll("tbody tr")];
  v.results.ranking.forEach((p, i) => {
    const cells = [...rows[i].querySelectorAll("td")].map((td) => td.textContent);
    assert.equal(cells[2], String(p.score));
    // then each round's points, then the last round's kinds and its wall, as the engine scored them
    const kinds = cells.slice(3 + v.results.rounds.length, 3 + v.results.rounds.length + last.kinds.length);
    assert.deepEqual(kinds, last.kinds.map((k) => String(k.points[p.name] ?? 0)));
  });
  // (a game of bots only: no one's decisions to review)
  assert.equal(!!end.querySelector("[data-review='ask']"), v.players.some((p) => p.seat === "human"));
  click(end.querySelector("[data-newgame]"));
  assert.ok(sent.some((m) => m.kind === "new_game"));
  cleanup();
});

test("G5 the Gardens end is one panel like the Alhambra's: who won, the ranking with each player's points kind by kind, review and new game", () => {
  const v = fixture("gardens_end");
  assert.ok(v.over && v.ranking.length === v.players.length);
  const { root, sent, cleanup } = mount(v);
  const end = root.querySelector("[data-area='results']");
  assert.ok(end, "the results' panel");
  const heading = end.querySelector("h4").textContent;
  for (const n of v.winners) assert.ok(heading.includes(n), n);
  const rows = [...end.querySelectorAll("tbody tr")];
  assert.equal(rows.length, v.ranking.length);
  v.ranking.forEach((r, i) => {
    const cells = [...rows[i].querySelectorAll("td")].map((td) => td.textContent.trim());
    // the engine's rank, the name (the winner said so), the total, then kind by kind
    assert.equal(cells[0], String(r.rank));
    assert.equal(cells[1], r.winner ? `${r.name} — wins` : r.name);
    assert.equal(cells[2], String(r.score));
    const pl = v.players.find((p) => p.name === r.name);
    for (const k of pl.kinds) assert.ok(cells[3].includes(`${k} ${pl.points[k]}`), `${r.name}: ${k}`);
  });
  // the buttons in the results' heading, as the Alhambra's (review: a person played)
  assert.ok(end.querySelector("h4 button[data-review='ask']"), "the review's button");
  click(end.querySelector("h4 button[data-newgame]"));
  assert.ok(sent.some((m) => m.kind === "new_game"));
  cleanup();
});

test("R11 one click shows every Alhambra large side by side, its longest wall marked; close hides them", () => {
  const v = fixture("scoring_round");
  const { root, cleanup } = mount(v);
  click(root.querySelector("[data-allboards='open']"));
  const boards = [...root.querySelectorAll(".aw-allboards .aw-allboard")];
  assert.equal(boards.length, v.players.length);
  v.players.forEach((p, i) => {
    assert.match(boards[i].querySelector("figcaption").textContent, new RegExp(`${p.name} ${p.score} points · longest wall ${p.alhambra.wall.length}`));
    assert.equal(boards[i].querySelectorAll(".aw-longest").length, p.alhambra.wall.length);
    assert.equal(boards[i].querySelectorAll(".aw-placed").length, p.alhambra.tiles.length);
  });
  click(root.querySelector("[data-allboards='close']"));
  assert.equal(root.querySelector(".aw-allboards"), null);
  cleanup();
});

test("R11 every Alhambra large is found at the others' panels: its button names its key, A opens it, A or Escape closes it", () => {
  const v = fixture("you_to_move");
  const { root, cleanup } = mount(v);
  const ask = root.querySelector("[data-area='opponents'] button[data-allboards='open']");
  assert.ok(ask, "the button among the others' panels");
  assert.match(ask.textContent, /\bA\b/);
  assert.equal(ask.getAttribute("aria-keyshortcuts"), "A");
  const key = (k) => root.dispatchEvent(new KeyboardEvent("keydown", { key: k, bubbles: true }));
  key("a");
  assert.equal(root.querySelectorAll(".aw-allboards .aw-allboard").length, v.players.length);
  key("Escape");
  assert.equal(root.querySelector(".aw-allboards"), null);
  key("A");
  assert.ok(root.querySelector(".aw-allboards"));
  key("A");
  assert.equal(root.querySelector(".aw-allboards"), null);
  cleanup();
});

test("each opponent's panel lists its own moves since yours, in order, as the engine narrates them", () => {
  const v = fixture("you_to_move");
  assert.ok(v.recent.length > 0);
  const { root, cleanup } = mount(v);
  v.players.forEach((p, i) => {
    const panel = root.querySelector(`.aw-opp[aria-label="${p.name}"]`);
    if (!panel) return; // the person's own panel
    const want = v.recent.filter((r) => r.player === i).map((r) => r.text);
    assert.deepEqual([...panel.querySelectorAll(".aw-oppmoves li")].map((li) => li.textContent), want, p.name);
  });
  cleanup();
});

test("a hand of many cards is drawn small (value and symbol), every card still named by its currency", () => {
  const v = fixture("you_to_move");
  const me = v.players.findIndex((p) => p.seat === "human");
  const cards = [...Array(12).keys()].map((k) => [["denar", "dirham", "ducat", "florin"][k % 4], 1 + (k % 9)]);
  const players = v.players.map((p, i) => (i === me ? { ...p, money: cards } : p));
  const { root, cleanup } = mount({ ...v, players });
  const hand = root.querySelector(".aw-me [data-area='hand']");
  assert.ok(hand.classList.contains("aw-many"));
  const shown = [...hand.querySelectorAll(".aw-card")];
  assert.deepEqual(shown.map((c) => c.getAttribute("aria-label")).sort(), cards.map(([c, n]) => `${c} ${n}`).sort());
  // a hand of two rows or fewer keeps the large cards
  const few = mount({ ...v, players: v.players.map((p, i) => (i === me ? { ...p, money: cards.slice(0, 8) } : p)) });
  assert.ok(!few.root.querySelector(".aw-me [data-area='hand']").classList.contains("aw-many"));
  few.cleanup();
  cleanup();
});

test("R3 Dirk's panel says who he is, on hover and for a screen reader", () => {
  const v = fixture("two_players");
  const { root, cleanup } = mount(v);
  const dirk = root.querySelector(".aw-dirk");
  assert.match(dirk.getAttribute("aria-description"), /imaginary third collector \(R3\)/);
  assert.match(dirk.querySelector(".aw-hashelp").getAttribute("title"), /no turns/);
  cleanup();
});

test("G1 a Gardens building shows its kind's picture and its value, both in its name", () => {
  const v = fixture("gardens_first");
  const { root, cleanup } = mount(v);
  const drawn = [...root.querySelectorAll("[data-building]")];
  assert.equal(drawn.length, v.buildings.length);
  v.buildings.forEach(([x, y, value, kind], i) => {
    const b = drawn[i];
    assert.equal(b.dataset.building, `${x},${y}`);
    assert.ok(b.querySelector("path.ag-bldkind"), `${kind} at ${x},${y}: its picture`);
    assert.equal(b.querySelector("text").textContent, String(value));
    assert.match(b.getAttribute("aria-label"), new RegExp(`^${kind}, value ${value}, (between|beside) field`));
  });
  cleanup();
});

test("your money is shown by currency in the market's order, then by value; each card keeps its index in the hand", () => {
  const v = fixture("you_to_move");
  const me = v.players.findIndex((p) => p.seat === "human");
  const order = v.market.map((m) => m.currency);
  // a hand dealt out of order: the last currency of the market first, values falling
  const money = [[order[3], 7], [order[0], 9], [order[3], 2], [order[1], 4], [order[0], 1], [order[2], 5]];
  const players = v.players.map((p, i) => (i === me ? { ...p, money } : p));
  const { root, cleanup } = mount({ ...v, players });
  const shown = [...root.querySelectorAll(".aw-me [data-area='hand'] .aw-card")];
  const said = shown.map((c) => c.getAttribute("aria-label"));
  assert.deepEqual(said, [`${order[0]} 1`, `${order[0]} 9`, `${order[1]} 4`, `${order[2]} 5`, `${order[3]} 2`, `${order[3]} 7`]);
  // each card drawn names the card of the hand it is (payments and hints refer to those)
  for (const c of shown) assert.equal(c.getAttribute("aria-label"), money[+c.dataset.card].join(" "));
  cleanup();
});

test("G4 a Gardens building's number is its value, before and after scoring; the points it gave are on a tag of their own", () => {
  const v = fixture("gardens_first");
  const [x, y, value, kind] = v.buildings.find(([bx, by]) => bx > 0 && by > 0);
  const k = `${x},${y}`;
  // the same building scored: won by palm for its owner, value times two kinds
  const scored = structuredClone(v);
  const owner = scored.players[0].name;
  scored.scored[k] = { building: [x, y], value, kind, counts: { palm: 5, lemon: 2 }, winner: "palm", multiplier: 2, points: 2 * value, owner, why: "palm has the most trees" };
  const { root, cleanup } = mount(scored);
  const b = root.querySelector(`[data-building="${k}"]`);
  assert.equal(b.querySelector("text").textContent, String(value), "the diamond's number: its value");
  const tags = [...root.querySelectorAll(".ag-board .ag-pts text")].map((t) => t.textContent);
  assert.deepEqual(tags, [`${2 * value}`], "one tag, the points given (a dark tag of their own, no plus sign: too wide at 11 px)");
  assert.match(b.getAttribute("aria-label"), new RegExp(`value ${value}, ${v.places[k].replace(/[()]/g, "\\$&")}, scored: palm wins, ${2 * value} points for ${owner}`));
  // the key says which is which
  assert.match(root.querySelector(".ag-key").textContent, /its value\. .*its points on a dark tag/);
  cleanup();
});

test("G2 each Gardens tree kind has a crown of its own shape, not its colour alone (tiles and key)", () => {
  const v = fixture("gardens_first");
  const { root, cleanup } = mount(v);
  // a crown's outline: its element, its points' count, wider or taller than round
  const shape = (el) => {
    if (el.tagName === "circle") return "circle";
    const n = (el.getAttribute("d") || el.getAttribute("points")).match(/-?[\d.]+/g).map(Number);
    const xs = n.filter((_, i) => i % 2 === 0), ys = n.filter((_, i) => i % 2 === 1);
    const aspect = (Math.max(...xs) - Math.min(...xs)) / (Math.max(...ys) - Math.min(...ys));
    return `${el.tagName}:${n.length / 2}:${aspect > 1.15 ? "wide" : aspect < 0.87 ? "tall" : "round"}`;
  };
  const key = root.querySelector(".ag-key");
  const seen = new Map();
  for (const kind of ["lemon", "orange", "palm", "lavender"]) {
    const crown = key.querySelector(`.ag-tree.ag-t-${kind}`);
    assert.ok(crown, `${kind} in the key`);
    seen.set(shape(crown) + (crown.nextElementSibling && crown.nextElementSibling.classList.contains("ag-leaf") ? "+leaf" : ""), kind);
  }
  assert.equal(seen.size, 4, `four different shapes: ${[...seen.keys()]}`);
  // the hand's tile draws its trees with the same shapes
  const hand = root.querySelector(".ag-handtile");
  if (hand) for (const crown of hand.querySelectorAll(".ag-tree")) {
    const kind = [...crown.classList].find((c) => c.startsWith("ag-t-")).slice(5);
    const mine = key.querySelector(`.ag-tree.ag-t-${kind}`);
    assert.equal(crown.tagName, mine.tagName, kind);
  }
  cleanup();
});

// where a marker's pointer touches the track: the last point of its path
const pinTip = (mark) => mark.closest(".aw-trackgroup").querySelector(".aw-trackpin").getAttribute("d").split(/[MLZ ]+/).filter(Boolean).at(-1).split(",").map(Number);

test("the score track's scale never changes: a marker's pointer moves only when its player's points change", async () => {
  const v = fixture("you_to_move");
  const { root, model, fire, cleanup } = mount(v);
  const marks = () => Object.fromEntries([...root.querySelectorAll(".aw-trackmark")].map((g) => [g.getAttribute("aria-label").split(":")[0], pinTip(g)]));
  const before = marks();
  const scale = () => [...root.querySelectorAll(".aw-track text")].filter((t) => !t.closest(".aw-trackgroup")).map((t) => `${t.textContent}@${t.getAttribute("x")},${t.getAttribute("y")}`);
  const ticks = scale();
  // the last player drawn scores far past what anyone had (the track's second lane)
  const later = structuredClone(v);
  const who = later.players.at(-1);
  who.score += 137;
  later.v += 1;
  model.set("view", later);
  fire("change:view");
  await frame();
  const after = marks();
  assert.equal(Object.keys(after).length, Object.keys(before).length);
  for (const p of v.players) {
    if (p.name === who.name) assert.notDeepEqual(after[p.name], before[p.name], "the one who scored moves");
    else assert.deepEqual(after[p.name], before[p.name], `${p.name} did not score: the marker stays`);
  }
  assert.ok(root.querySelector(`.aw-trackmark[aria-label="${who.name}: ${who.score} points"]`));
  assert.deepEqual(scale(), ticks, "the same numbers at the same places");
  assert.deepEqual(ticks.map((t) => t.split("@")[0]), ["0", "20", "40", "60", "80", "100", "100", "120", "140", "160", "180", "200"]);
  cleanup();
});

test("the score track: markers at equal or nearby points stand side by side on their lane's row, each pointing at its points", () => {
  const v = fixture("you_to_move");
  // six players: three at 12 points, one at 14 (near), one at 150 and one at 150 (second lane)
  const base = v.players[0];
  const points = { A: 12, B: 12, C: 12, D: 14, E: 150, F: 150 };
  const players = Object.entries(points).map(([name, score]) => ({ ...base, name, score, seat: name === "A" ? "human" : "greedy" }));
  const { root, cleanup } = mount({ ...v, players, me: 0, current: 0, dirk: null });
  // the scale's numbers and lines, read from the drawing: where a score lies on its lane
  const labels = [...root.querySelectorAll(".aw-track svg > text")].map((t) => [+t.textContent, +t.getAttribute("x"), +t.getAttribute("y")]);
  const lines = [...root.querySelectorAll(".aw-track .aw-trackline")].map((l) => +l.getAttribute("y1"));
  const laneOf = (s) => (s >= 100 ? 1 : 0);
  const at = (s) => {
    const lane = labels.filter(([, , y]) => y > lines[laneOf(s)] && y < lines[laneOf(s)] + 15);
    const [n0, x0] = lane[0], [n1, x1] = lane.at(-1);
    return x0 + ((s - n0) * (x1 - x0)) / (n1 - n0);
  };
  const marks = [...root.querySelectorAll(".aw-trackmark")].map((g) => {
    const c = g.querySelector("circle");
    return { name: g.getAttribute("aria-label").split(":")[0], cx: +c.getAttribute("cx"), cy: +c.getAttribute("cy"), tip: pinTip(g), g };
  });
  assert.equal(marks.length, 6);
  for (const m of marks) {
    const s = points[m.name], lane = laneOf(s);
    // on its own lane's row: above its line, below the numbers of the lane above
    const others = marks.filter((o) => laneOf(points[o.name]) === lane);
    assert.ok(others.every((o) => o.cy === m.cy), `${m.name}: one row a lane (no marker stacked up or down)`);
    assert.ok(m.cy < lines[lane] && (lane === 0 || m.cy - 7 > lines[lane - 1] + 11), `${m.name} in lane ${lane}'s row`);
    // its pointer touches its lane's line at its points
    assert.ok(Math.abs(m.tip[0] - at(s)) < 0.6, `${m.name}: pointer at ${m.tip[0]}, ${s} points lie at ${at(s)}`);
    assert.ok(Math.abs(m.tip[1] - lines[lane]) <= 1, `${m.name}: pointer down to the line`);
    // and covers no other marker
    for (const o of marks) if (o !== m) assert.ok(Math.hypot(o.cx - m.cx, o.cy - m.cy) >= 13.5, `${m.name} and ${o.name} apart`);
  }
  // equal points: one frame over one pointer, the initials side by side
  const groupOf = (n) => marks.find((m) => m.name === n).g.closest(".aw-trackgroup");
  assert.equal(groupOf("A"), groupOf("B"));
  assert.equal(groupOf("A"), groupOf("C"));
  assert.ok(groupOf("A").querySelector(".aw-trackframe"));
  assert.notEqual(groupOf("D"), groupOf("A"), "near but not equal: a marker of its own");
  assert.equal(groupOf("E"), groupOf("F"));
  // three or more at one number: the frame says the number, and names them on hover
  assert.equal(groupOf("A").querySelector(".aw-tracklabel").textContent, "12:");
  assert.equal(groupOf("A").querySelector(".aw-trackframe title").textContent, "12 points: A, B, C");
  assert.equal(groupOf("E").querySelector(".aw-tracklabel"), null, "two side by side need no number");
  const label = groupOf("A").querySelector(".aw-tracklabel"), frameX = +groupOf("A").querySelector(".aw-trackframe").getAttribute("x");
  const first = Math.min(...["A", "B", "C"].map((n) => marks.find((m) => m.name === n).cx));
  assert.ok(+label.getAttribute("x") >= frameX && first - 7 >= +label.getAttribute("x") + 5.5 * 2 + 2, "the number before the markers, inside the frame");
  cleanup();
});

test("your Alhambra's drawing fits its area, or is drawn larger on one keyboard-reachable click", () => {
  const v = fixture("you_to_move");
  const { root, cleanup } = mount(v);
  const zoom = () => root.querySelector(".aw-me button[data-zoom]");
  const wrap = () => root.querySelector(".aw-me [data-area='my-alhambra']");
  assert.equal(zoom().getAttribute("aria-pressed"), "false");
  assert.match(zoom().getAttribute("aria-label"), /larger/);
  assert.ok(!wrap().classList.contains("aw-zoomed"));
  click(zoom());
  assert.equal(zoom().getAttribute("aria-pressed"), "true");
  assert.match(zoom().getAttribute("aria-label"), /fit/);
  assert.ok(wrap().classList.contains("aw-zoomed"));
  click(zoom());
  assert.ok(!wrap().classList.contains("aw-zoomed"));
  cleanup();
});

test("the Gardens: the others' last lay and the bar listing it take the mover's colour (the kind they own)", () => {
  const v = fixture("hint_gardens");
  assert.ok(v.recent.length >= 1);
  const { root, cleanup } = mount(v);
  for (const r of v.recent) {
    const kinds = v.players[r.player].kinds;
    assert.equal(kinds.length, 1);
    for (const f of r.marks.fields || []) {
      const marks = [...root.querySelectorAll("polygon.ag-recent")];
      assert.ok(marks.length >= 1);
      assert.ok(marks.every((m) => m.classList.contains(`ag-by-${kinds[0]}`)), f);
    }
  }
  const movers = new Set(v.recent.map((r) => v.players[r.player].kinds[0]));
  if (movers.size === 1) assert.ok(root.querySelector(`.aw-follow.ag-by-${[...movers][0]}`));
  cleanup();
});

test("the end says \"Game over\" once, in the results' heading; the prompt says what may be done next", () => {
  const v = fixture("hostile_end");
  for (const view of [v, { ...v, players: v.players.map((p, i) => (i ? p : { ...p, seat: "human" })) }]) {
    const { root, cleanup } = mount(view);
    const heading = root.querySelector("[data-area='results'] h4").textContent;
    assert.match(heading, /^Game over: /);
    const prompt = root.querySelector("[data-area='prompt']").textContent;
    assert.doesNotMatch(prompt, /Game over|wins?\b/, prompt);
    assert.match(prompt, /The final scores are in the results/);
    // a person at the table is told of the review the results offer; a table of bots is not
    assert.equal(/Review my game/.test(prompt), view !== v, prompt);
    // once on the table (the log at its foot keeps the engine's sentence of the end)
    const table = root.cloneNode(true);
    table.querySelectorAll(".aw-log, .aw-follow, .aw-oppmoves").forEach((e) => e.remove());
    assert.equal(table.textContent.split("Game over").length - 1, 1, "said once on the table");
    cleanup();
  }
});

test("the market's rings are explained beside it: a key for each kind of ring on a slot now, and in what the marks mean", () => {
  const v = fixture("you_to_move");
  assert.ok(v.legal.buy && Object.keys(v.legal.buy).length, "the fixture can buy");
  const key = (root) => [...root.querySelectorAll("[data-area='market'] .aw-cap .aw-ringkey")].map((k) => [k.textContent.trim(), k.getAttribute("aria-label")]);
  const live = mount(v);
  assert.ok(live.root.querySelectorAll(".aw-slot.aw-can").length > 0);
  const can = key(live.root).find(([word]) => word === "can pay");
  assert.ok(can, "the solid ring is in the key");
  assert.match(can[1], /solid ring and ✓ by the price: you can pay/);
  // the tick by the price on exactly the slots you can pay for
  assert.deepEqual([...live.root.querySelectorAll(".aw-slot")].map((b) => !!b.querySelector(".aw-canpay")), [...live.root.querySelectorAll(".aw-slot")].map((b) => b.classList.contains("aw-can")));
  assert.match(live.root.querySelector(".aw-me .aw-legend").getAttribute("title"), /dashed ring around a market slot: bought from since your last move.*solid ring hugging a market slot, and ✓ by its price: you can pay.*frame of a market slot or of a money card is its currency's colour/);
  live.cleanup();
  // another's purchase since your last move: its slot ringed, the ring in the key
  const bought = { ...v.recent[0], marks: { ...v.recent[0].marks, slot: v.market[1].currency } };
  const after = mount({ ...v, recent: [bought] });
  assert.ok(after.root.querySelector(`.aw-slot.aw-recent[data-slot='${v.market[1].currency}']`));
  assert.match(key(after.root).find(([word]) => word === "refilled")[1], /dashed ring: a tile was bought from this slot since your last move/);
  after.cleanup();
  // no ring on any slot (a past step, nobody bought): no key
  const past = mountState({ view: { ...v, live: false, step: 2, recent: [] }, message: {}, autoplay_bots: false, bot_delay: 0.6 });
  assert.equal(past.root.querySelectorAll(".aw-slot.aw-can, .aw-slot.aw-recent").length, 0);
  assert.deepEqual(key(past.root), []);
  past.cleanup();
});

test("four others or more: each other's panel is a strip without their moves (the log and the last moves say them), enlarged it lists them", () => {
  const six = fixture("six_players");
  assert.ok(six.recent.length > 0);
  const { root, cleanup } = mount(six);
  assert.equal(root.querySelectorAll(".aw-opp").length, 5);
  assert.equal(root.querySelectorAll(".aw-oppmoves").length, 0);
  const mover = six.recent[0].player;
  click(root.querySelector(`[data-enlarge='${mover}']`));
  const panel = root.querySelector(`.aw-opp[aria-label="${six.players[mover].name}"]`);
  const want = six.recent.filter((r) => r.player === mover).map((r) => r.text);
  assert.deepEqual([...panel.querySelectorAll(".aw-oppmoves li")].map((li) => li.textContent), want);
  assert.ok(root.querySelector(".aw-follow li"), "the last moves are listed");
  cleanup();
});

test("five players or more: the standings' columns are headed by each player's marker, the name on hover and read out (the table fits the side column)", () => {
  const six = fixture("six_players");
  const { root, cleanup } = mount(six);
  const heads = [...root.querySelectorAll("[data-area='standings'] thead th[scope='col']")].slice(1);
  assert.deepEqual(heads.map((th) => th.getAttribute("aria-label")), six.overview.names);
  for (const th of heads) {
    assert.ok(th.querySelector("svg.aw-headmark"), th.outerHTML);
    assert.equal(th.textContent.trim(), th.getAttribute("aria-label").slice(0, 1)); // its initial only
  }
  cleanup();
  // names with one initial: as many first letters as tell them apart, else the seat's
  // number; never two markers alike, on the track or over the standings
  const heads6 = (view) => {
    const { root: r, cleanup: c } = mount(view);
    const shown = [...r.querySelectorAll("[data-area='standings'] thead th[scope='col']")].slice(1).map((th) => th.textContent.trim());
    const track = [...r.querySelectorAll(".aw-trackmark")].map((g) => [g.getAttribute("aria-label").split(":")[0], g.querySelector("text").textContent]);
    const fills = new Set([...r.querySelectorAll(".aw-trackmark circle")].map((e) => e.getAttribute("class")));
    c();
    return { shown, track: Object.fromEntries(track), fills };
  };
  const numbered = six.players.map((p, i) => `P${i}`);
  let json = JSON.stringify(six);
  six.players.forEach((p, i) => { json = json.replaceAll(`"${p.name}"`, `"${numbered[i]}"`); });
  const p = heads6(JSON.parse(json));
  assert.deepEqual(p.shown, JSON.parse(json).overview.names); // "P0", "P1", ...: two letters
  for (const n of numbered) assert.equal(p.track[n], n);
  assert.equal(p.fills.size, 6, "six colours");
  const b = heads6(JSON.parse(JSON.stringify(six).replaceAll('"Dia"', '"Bea"'))); // Ben and Bea
  assert.equal(new Set(b.shown).size, 6, `alike: ${b.shown}`);
  assert.deepEqual(Object.values(b.track).sort(), ["1", "2", "3", "4", "5", "6"]);
  const three = fixture("bot_to_move"); // three players: one row each, headed by the name itself
  const { root: r3, cleanup: c3 } = mount(three);
  const names = [...r3.querySelectorAll("[data-area='standings'] tbody th[scope='row']")].map((th) => th.textContent);
  assert.deepEqual(names, three.overview.names);
  // (under the score track, above the others' panels: in the first screen)
  const side = [...r3.querySelector(".aw-side").querySelectorAll("[data-area='standings'], [data-area='opponents']")];
  assert.deepEqual(side.map((e) => e.dataset.area), ["standings", "opponents"]);
  c3();
});

test("the tiles the others just built are marked on the page, their boards' markup the same with the marks or without", async () => {
  const v = fixture("you_to_move");
  const r = v.recent.find((x) => (x.marks.cells || []).length);
  assert.ok(r, "a move since yours built a tile");
  const { root, show, cleanup } = mount(v);
  const tile = () => root.querySelector(`[data-tile-cell="${r.marks.cells[0]}"][data-player="${r.player}"]`).closest(".aw-placed");
  assert.ok(tile().classList.contains("aw-recent"));
  assert.equal(tile().getAttribute("aria-description"), "just built");
  const panel = root.querySelector(`.aw-opp[aria-label="${v.players[r.player].name}"]`);
  const part = [...panel.querySelectorAll(".aw-part")].find((p) => p.querySelector(":scope > .aw-boardwrap"));
  const drawn = part.awHtml;
  // your first action of the turn: nothing since your last move any more
  show({ ...v, recent: [] });
  await frame();
  assert.equal(part.awHtml, drawn, "the board's markup is the same: it was not drawn anew");
  assert.equal(root.querySelectorAll(".aw-placed.aw-recent, [aria-description]").length, 0);
  show(v);
  await frame();
  assert.ok(tile().classList.contains("aw-recent"), "marked again");
  cleanup();
});

test("the bar says what it holds by its classes, as widget.css reads them: no message, no step box, an empty row of buttons", () => {
  const cases = [["paying", {}], ["paying", { text: "R6: too little money.", kind: "error" }], ["end_two", {}], ["hint_gardens", {}], ["guided_start", {}], ["guided_refused", { text: "Not this move.", kind: "error" }], ["guided_end", {}], ["guided_gardens_start", {}]];
  for (const [name, message] of cases) {
    const { root, cleanup } = mountState({ view: fixture(name), message, autoplay_bots: false, bot_delay: 0.6 });
    const bar = root.querySelector(".aw-bar");
    const where = `${name} ${message.text || "no message"}`;
    assert.equal(bar.classList.contains("aw-nomsg"), !bar.querySelector(":scope > .aw-msgline .aw-msg"), where);
    assert.equal(bar.classList.contains("aw-nomsg"), !message.text, where);
    assert.equal(bar.classList.contains("aw-nonav"), !bar.querySelector(".aw-nav"), where);
    for (const row of bar.querySelectorAll(".aw-actions")) assert.equal(row.classList.contains("aw-actions-empty"), row.children.length === 0, where);
    cleanup();
  }
});

test("the stylesheet has no :has() rule: Chrome worked each out again at every change of the board (a class the table sets says the same)", () => {
  const css = readFileSync(new URL("../src/widget.css", import.meta.url), "utf8").replace(/\/\*[\s\S]*?\*\//g, "");
  assert.deepEqual(css.split("}").filter((rule) => rule.includes(":has(")).map((rule) => rule.trim().split("{")[0]), []);
});

test("a board's drawing is kept for the same board and options, and drawn anew when the board, an option or the glyphs change", async () => {
  const { boardSvg } = await import("../src/areas/alhambra.js");
  const { setGlyphs } = await import("../src/common.js");
  setGlyphs(fixture("texts").glyphs);
  const alh = { tiles: [[0, 0, "fountain", 0, ""], [1, 0, "tower", 8, "N"]], wall: [[1, 0, 2, 0]] };
  const opts = () => ({ title: "Ana's Alhambra", player: 0, wall: true, recent: { cells: new Set(), from: new Set() } });
  const first = String(boardSvg(alh, opts()));
  assert.equal(boardSvg(structuredClone(alh), opts()), boardSvg(alh, opts()), "the same board and options: the drawing kept");
  const grown = { ...alh, tiles: [...alh.tiles, [0, 1, "garden", 6, ""]] };
  assert.match(String(boardSvg(grown, opts())), /data-tile-cell="0,1"/, "a tile built shows");
  const emptied = opts();
  emptied.recent.from.add("0,1"); // a set in the options: its members count (a cell just emptied)
  assert.notEqual(String(boardSvg(alh, emptied)), first);
  assert.doesNotMatch(String(boardSvg(alh, { ...opts(), wall: false })), /aw-longest/, "an option changed");
  setGlyphs({ ...fixture("texts").glyphs, tower: "M0 0h1" });
  assert.match(String(boardSvg(alh, opts())), /d="M0 0h1"/, "new glyphs: drawn anew");
  setGlyphs(fixture("texts").glyphs);
  assert.equal(String(boardSvg(alh, opts())), first);
});

test("a board's empty cells that are no target are one path, a rounded square each; a target stays a control of its own", async () => {
  const { boardSvg } = await import("../src/areas/alhambra.js");
  const alh = { tiles: [[0, 0, "fountain", 0, ""], [1, 0, "tower", 8, "N"]], wall: [] };
  const svgOf = (opts) => {
    const host = document.createElement("div");
    host.innerHTML = String(boardSvg(alh, { title: "Ana's Alhambra", player: 0, ...opts }));
    return host.querySelector("svg");
  };
  // the frame is 4 x 3 cells around the two tiles: 10 empty
  const plain = svgOf({});
  assert.equal(plain.querySelectorAll("rect.aw-cell").length, 0);
  const paths = plain.querySelectorAll("path.aw-cell");
  assert.equal(paths.length, 1);
  assert.equal(paths[0].getAttribute("d").match(/M/g).length, 10, "one subpath a cell");
  // a tile to place: the cells the engine judged are controls (keyed, with their verdict); the rest one path
  const placing = svgOf({ rules: { "2,0": "", "0,1": "R7a: a wall would touch an open side" }, tile: "garden 6" });
  assert.deepEqual([...placing.querySelectorAll("rect.aw-cell")].map((r) => [r.dataset.cell, r.dataset.rule]), [["2,0", ""], ["0,1", "R7a: a wall would touch an open side"]]);
  assert.equal(placing.querySelector("path.aw-cell").getAttribute("d").match(/M/g).length, 8);
});
