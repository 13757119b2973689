// A game's story: the log by turns, the score sheet at the end, the replay slider, and the "your turn" signals.
// game.js calls these hooks; they only draw into the elements they are given or create.
"use strict";

const storyOpen = new Set();  // the turns whose details a reader opened (kept while the page lives)
let storyTurnOf = new Map();  // turn -> the number of moves played when it began (from the log)
let storyMine = false;  // whether the last view asked this seat to move (a change rings the signals)

function turnName(turn) {
  return turn === 0 ? t("setup") : `${t("turn_label")} ${turn}`;
}

// -- the log: who began, then one line per turn whose moves fold away --------------------------------------
function drawLog(m, showPasses) {
  let box = document.getElementById("log");
  if (box.tagName === "OL") {  // turns hold lists of their own: the log becomes a plain box
    const div = el("div", { id: "log", class: box.className, "aria-live": "polite" });
    box.replaceWith(div);
    box = div;
  }
  const over = m.to_act === null;
  const entries = m.log.filter((e) => showPasses || !e.pass);
  const groups = [];
  for (const e of entries) {
    const turn = e.turn === null || e.turn === undefined ? null : e.turn;
    const last = groups[groups.length - 1];
    if (last && last.turn === turn) last.entries.push(e);
    else groups.push({ turn, entries: [e] });
  }
  storyTurnOf = new Map();
  for (const e of m.log) {
    if (e.turn !== null && e.turn !== undefined && !storyTurnOf.has(e.turn)) storyTurnOf.set(e.turn, e.n - 1);
  }
  const line = (e) => el("li", { value: e.n, "data-n": e.n, class: over ? "jump" : null, tabindex: over ? "0" : null,
    title: over ? t("go_there") : null },
  el("span", { class: `who p${e.seat}` }, `${seatName(e.seat)}: `), e.label,
  e.outcome ? el("span", { class: "outcome" }, ` — ${e.outcome}`) : null);
  const parts = [];
  if (m.opening) parts.push(el("p", { class: "opening", id: "opening" }, m.opening));
  groups.forEach((g, i) => {
    if (g.turn === null) { parts.push(el("ol", { class: "turn-moves" }, g.entries.map(line))); return; }
    const latest = i === groups.length - 1 && !over;
    const seats = [...new Set(g.entries.map((e) => e.seat))];
    const head = `${turnName(g.turn)} · ${seats.map(seatName).join(", ")} · ${g.entries.length} ${t(g.entries.length === 1 ? "move_one" : "moves_made_log")}`;
    const details = el("details", { class: "turn-block", "data-turn": g.turn, open: latest || storyOpen.has(g.turn),
      ontoggle: (ev) => { if (ev.target.open) storyOpen.add(g.turn); else storyOpen.delete(g.turn); } },
    el("summary", {}, el("span", { class: "turn-head" }, head),
      over && storyTurnOf.has(g.turn) ? el("button", { type: "button", class: "go-turn", "data-turn": g.turn, title: t("go_there"),
        onclick: (ev) => { ev.preventDefault(); replay(storyTurnOf.get(g.turn)); } }, "»") : null),
    el("ol", { class: "turn-moves" }, g.entries.map(line)));
    parts.push(details);
  });
  box.replaceChildren(...parts);
  box.scrollTop = box.scrollHeight;
}

// a finished game: a click (or Enter) on a log line shows the game right after that move
document.addEventListener("click", (ev) => {
  const item = ev.target.closest && ev.target.closest("#log li.jump");
  if (item) replay(Number(item.dataset.n));
});
document.addEventListener("keydown", (ev) => {
  const item = ev.target.closest && ev.target.closest("#log li.jump");
  if (item && (ev.key === "Enter" || ev.key === " ")) { ev.preventDefault(); replay(Number(item.dataset.n)); }
});

// -- the end: the score sheet and the slider over the turns -----------------------------------------------
function drawStoryEnd(box, m) {
  const parts = [];
  const sheet = m.score_sheet;
  if (sheet) {
    const head = el("tr", {}, el("th", {}, ""), m.seats.map((s) => el("th", { scope: "col", class: sheet.winners.includes(s.seat) ? "won" : null },
      `${seatName(s.seat)}${s.seat === m.seat ? ` (${t("you")})` : ""}`)));
    const row = (r, cls) => el("tr", { class: cls, "data-source": r.source }, el("th", { scope: "row" }, r.label),
      r.points.map((p, i) => el("td", { class: sheet.winners.includes(i) ? "won" : null }, String(p))));
    const total = { source: "total", label: t("total"), points: sheet.totals };
    parts.push(el("h3", {}, t("score_sheet")),
      el("div", { class: "sheet-wrap" }, el("table", { class: "score-sheet", id: "score-sheet" },
        el("thead", {}, head),
        el("tbody", {}, sheet.rows.map((r) => row(r, null)), row(total, "total"), sheet.facts.map((r) => row(r, "fact"))))),
      el("p", { id: "decided" }, `${t("decided_by")} ${sheet.decided}`));
  }
  const turns = [...storyTurnOf.keys()];
  if (turns.length > 1) {
    const last = turns[turns.length - 1];
    const label = el("span", { id: "slider-turn", class: "dim" }, "");
    const slider = el("input", { type: "range", id: "turn-slider", min: "0", max: String(last), step: "1", value: String(last),
      "aria-label": t("jump_to_turn"),
      oninput: (ev) => { label.textContent = ` ${turnName(Number(ev.target.value))} / ${last}`; },
      onchange: (ev) => replayTurn(Number(ev.target.value)) });
    parts.push(el("label", { class: "slider" }, `${t("jump_to_turn")} `, slider, label));
  }
  const anchor = box.querySelector("h3");
  const wrap = el("div", { id: "story-end" }, parts);
  if (anchor) box.insertBefore(wrap, anchor); else box.append(wrap);
}

function replayTurn(turn) {
  if (storyTurnOf.has(turn)) replay(storyTurnOf.get(turn));
}

// after game.js drew a replayed position: say it in turns, keep the slider and the log's mark in step
function replayShown(r) {
  const pos = document.getElementById("replay-pos");
  const turns = [...storyTurnOf.keys()];
  const last = turns.length ? turns[turns.length - 1] : null;
  if (pos && r.turn !== null && r.turn !== undefined && last !== null) {
    pos.textContent = ` ${turnName(r.turn)} / ${last} (${r.move} / ${r.total})${r.label ? " · " + r.label : ""}`;
  }
  const slider = document.getElementById("turn-slider");
  if (slider && r.turn !== null && r.turn !== undefined) slider.value = String(r.turn);
  const label = document.getElementById("slider-turn");
  if (label && r.turn !== null && r.turn !== undefined) label.textContent = ` ${turnName(r.turn)} / ${last}`;
  document.querySelectorAll("#log li.here").forEach((li) => li.classList.remove("here"));
  const here = document.querySelector(`#log li[data-n="${r.move}"]`);
  if (here) {
    here.classList.add("here");
    const block = here.closest("details");
    if (block) block.open = true;
  }
}

// -- "your turn": the tab's title and icon, and (if switched on here) a notification and a sound ------------
function yourTurn(m) {
  const mine = m.seat !== null && m.to_act !== null && m.to_act === m.seat && m.moves.length > 0;
  const base = `${m.title} #${m.game_id} · dwarfhall`;
  document.title = mine ? `● ${t("your_turn_title")} · ${base}` : base;
  const icon = document.querySelector("link[rel=icon]");
  if (icon) icon.href = mine ? "/static/favicon-turn.svg" : "/favicon.ico";
  if (mine && !storyMine) {
    if (localStorage.getItem("dwarfhall-notify") === "on" && document.hidden && "Notification" in window && Notification.permission === "granted") {
      new Notification(t("your_turn_title"), { body: base, icon: "/static/favicon-turn.svg", tag: `dwarfhall-${m.game_id}` });
    }
    if (localStorage.getItem("dwarfhall-sound") === "on") chime();
  }
  storyMine = mine;
  drawSignals(m);
}

function chime() {
  try {
    const audio = new (window.AudioContext || window.webkitAudioContext)();
    const tone = audio.createOscillator();
    const gain = audio.createGain();
    tone.frequency.value = 660;
    gain.gain.setValueAtTime(0.15, audio.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + 0.4);
    tone.connect(gain).connect(audio.destination);
    tone.start();
    tone.stop(audio.currentTime + 0.4);
  } catch (e) { /* no sound on this browser */ }
}

// the two switches, off by default and remembered per browser
function drawSignals(m) {
  const seats = document.getElementById("seats");
  if (!seats || m.seat === null || m.to_act === null) { const old = document.getElementById("signals"); if (old) old.remove(); return; }
  let box = document.getElementById("signals");
  if (!box) { box = el("div", { id: "signals", class: "signals" }); seats.after(box); }
  const toggle = (key, id, text, before) => el("label", {}, el("input", { type: "checkbox", id, checked: localStorage.getItem(key) === "on",
    onchange: async (ev) => {
      let on = ev.target.checked;
      if (on && before) on = await before();
      localStorage.setItem(key, on ? "on" : "off");
      ev.target.checked = on;
    } }), " ", text);
  const askPermission = async () => {
    if (!("Notification" in window)) return false;
    if (Notification.permission === "granted") return true;
    return (await Notification.requestPermission()) === "granted";
  };
  box.replaceChildren(toggle("dwarfhall-notify", "notify", t("notify_turn"), askPermission), " ",
    toggle("dwarfhall-sound", "sound", t("sound_turn"), null));
}
