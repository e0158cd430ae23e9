// A teacher's dashboard: every table at a glance, and the class's progress. It draws
// what Python sends (the `view` trait) and sends intents back; it holds no rule.
import { html } from "./html.js";
import { patchHtml } from "./morph.js";

// What the table server's dashboard (alhambra_widget/online/dashboard.py) sends: its
// view is written there, outside the page contract (views/contract/), so these types
// are the page's reading of it, not generated.
interface TableRow {
  id: string; game: string; players: string[]; seats: Record<string, string>; scores: Record<string, number>;
  step: number; over: boolean; paused: boolean; winners?: string[]; to_move?: string; waiting?: number;
}
interface LessonRow { lesson: string; done: number; people: number; stars: number; wrong: number }
interface DashboardView { tables?: TableRow[]; progress?: LessonRow[]; message?: string }
interface DashboardModel {
  get(key: "view"): DashboardView | undefined;
  send(msg: Record<string, unknown>): void;
  on(event: string, fn: (msg: { kind?: string; text?: string; table?: string }) => void): void;
}

const secs = (s: number) => (s < 90 ? `${Math.round(s)} s` : s < 5400 ? `${Math.round(s / 60)} min` : `${Math.round(s / 3600)} h`);

function tableRow(t: TableRow) {
  const status = t.over ? html`over: ${(t.winners || []).join(" and ")} won` : t.paused ? "paused" : html`${t.to_move} to move, ${secs(t.waiting || 0)}`;
  const seats = t.players.map((n) => html`<label>${n} <select data-seat="${n}" data-table="${t.id}" aria-label="who plays ${n}">${["human", "greedy", "easy", "strong"].map((k) => html`<option value="${k}" ${t.seats[n] === k ? "selected" : ""}>${k === "human" ? "person" : `${k} bot`}</option>`)}</select></label>`);
  const scores = t.players.map((n) => `${n} ${t.scores[n] ?? 0}`).join(" · ");
  return html`<tr><td><code>${t.id}</code> ${t.game}</td><td>${seats}</td><td>${status}</td><td>${t.step}</td><td>${scores}</td><td>
    <button data-do="watch" data-table="${t.id}">watch</button>
    ${!t.over && html`<button data-do="watch" data-hands="1" data-table="${t.id}" title="see every player's money: the game's record and its review will say from which step a teacher saw them">watch, showing every hand</button>`}
    ${!t.over && html`<button data-do="${t.paused ? "resume" : "pause"}" data-table="${t.id}">${t.paused ? "resume" : "pause"}</button>`}
    ${t.over && html`<button data-do="review" data-table="${t.id}">review</button> <button data-do="record" data-table="${t.id}">download record</button>`}</td></tr>`;
}

function view(v: DashboardView) {
  const tables = v.tables || [];
  const rows = tables.map(tableRow);
  const progress = (v.progress || []).map((p) => html`<tr><td>${p.lesson}</td><td>${p.done} of ${p.people}</td><td>${p.stars}</td><td>${p.wrong}</td></tr>`);
  return html`<div class="ad-root">
    ${v.message && html`<p class="ad-message" role="status">${v.message}</p>`}
    <h3>Tables (${tables.length})</h3>
    <table class="ad-tables"><thead><tr><th>table</th><th>who plays each seat</th><th>to move (waiting for)</th><th>step</th><th>scores</th><th></th></tr></thead><tbody>${rows}</tbody></table>
    <h3>Seat a class</h3>
    <form class="ad-class"><label>names <textarea name="names" rows="2" placeholder="Ann, Ben, Cem, ..."></textarea></label>
      <label>or a Hub group <input name="group" placeholder="class-7b"></label>
      <label>people at a table <select name="size">${[2, 3, 4, 5, 6].map((n) => html`<option ${n === 4 ? "selected" : ""}>${n}</option>`)}</select></label>
      <label>empty seats <select name="bots"><option value="">stay empty</option><option value="greedy">a greedy bot</option><option value="easy">an easy bot</option><option value="strong">a strong bot</option></select></label>
      <button type="submit">seat them</button></form>
    <h3>The class's progress (most answered wrong first)</h3>
    ${progress.length ? html`<table class="ad-progress"><thead><tr><th>lesson</th><th>done</th><th>stars</th><th>wrong answers</th></tr></thead><tbody>${progress}</tbody></table>` : html`<p>No progress kept yet (on a Hub, the course keeps it under each student's name).</p>`}
  </div>`;
}

const STYLE = `.ad-root{font:13px/1.4 var(--jp-ui-font-family,sans-serif);color:var(--jp-ui-font-color1,#222)}
.ad-root table{border-collapse:collapse;margin:4px 0 12px}.ad-root th,.ad-root td{border-bottom:1px solid var(--jp-border-color2,#ddd);padding:4px 8px;text-align:left;vertical-align:top}
.ad-root td label{display:block;white-space:nowrap}.ad-root h3{margin:10px 0 4px}.ad-message{padding:4px 8px;background:var(--jp-layout-color2,#eee)}
.ad-class label{margin-right:10px}.ad-root button{margin:1px 2px}`;

function render({ model, el }: { model: DashboardModel; el: HTMLElement }) {
  if (!document.getElementById("ad-style")) {
    const s = document.createElement("style");
    s.id = "ad-style";
    s.textContent = STYLE;
    document.head.appendChild(s);
  }
  const draw = () => patchHtml(el, view(model.get("view") || {}));
  el.addEventListener("click", (e) => {
    const b = (e.target as Element).closest<HTMLButtonElement>("button[data-do]");
    if (b) model.send({ kind: b.dataset.do, table: b.dataset.table, hands: b.dataset.hands === "1" });
  });
  el.addEventListener("change", (e) => {
    const s = (e.target as Element).closest<HTMLSelectElement>("select[data-seat]");
    if (s) model.send({ kind: "seat", table: s.dataset.table, name: s.dataset.seat, seat: s.value });
  });
  el.addEventListener("submit", (e) => {
    e.preventDefault();
    const f = new FormData(e.target as HTMLFormElement);
    model.send({ kind: "class", names: f.get("names"), group: f.get("group"), size: Number(f.get("size")), bots: f.get("bots") });
  });
  model.on("msg:custom", (msg) => {
    if (msg.kind !== "record") return;
    const a = document.createElement("a");
    a.href = URL.createObjectURL(new Blob([msg.text!], { type: "application/json" }));
    a.download = `alhambra-${msg.table}.json`;
    a.click();
  });
  model.on("change:view", draw);
  draw();
}

export default { render };
