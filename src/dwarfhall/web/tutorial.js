// A tutorial: the guide's sentence, the board as the learner sees it, the taught move highlighted. Only the taught
// move is accepted; progress is kept per browser (localStorage "dwarfhall-learn").
"use strict";

addTexts({
  step_of: ["Step", "Schritt"],
  of: ["of", "von"],
  next: ["Next", "Weiter"],
  restart: ["Start again", "Neu beginnen"],
  not_this: ["Not this one. The lesson wants:", "Nicht dieser Zug. Die Lektion möchte:"],
  play_real: ["Play a real game against the computer", "Ein echtes Spiel gegen den Computer spielen"],
  all_tutorials: ["All tutorials", "Alle Lektionen"],
  finished: ["Lesson complete", "Lektion geschafft"],
  guide: ["Guide", "Anleitung"],
  learn_failed: ["The lesson could not be loaded.", "Die Lektion konnte nicht geladen werden."],
  play_on: ["Play on against the computer", "Gegen den Computer weiterspielen"],
  playing_on: ["Finish the game against the computer.", "Spiel die Partie gegen den Computer zu Ende."],
  your_move: ["Your move: click a highlighted thing or pick a move.", "Dein Zug: Klicke etwas Markiertes an oder wähle einen Zug."],
  guide_open: ["Show the whole guide", "Die ganze Anleitung zeigen"],
  guide_close: ["Fold the guide", "Die Anleitung einklappen"],
});

const [, , tutGame, tutKey] = location.pathname.split("/");
const progressKey = `${tutGame}/${tutKey}`;
let lesson = null;  // the current step as the server drew it

function learnProgress() {
  try { return JSON.parse(localStorage.getItem("dwarfhall-learn") || "{}"); } catch (e) { return {}; }
}

function saveProgress(step, done, moves) {
  const all = learnProgress();
  const old = all[progressKey] || {};
  all[progressKey] = { step, done: Boolean(done || old.done), moves: moves || (step === old.step ? old.moves : undefined) };
  localStorage.setItem("dwarfhall-learn", JSON.stringify(all));
}

let playedOn = null;  // the learner's moves after the lesson, while the game goes on against the bot

async function playOn(moves) {
  const res = await fetch(`/api/tutorials/${tutGame}/${tutKey}/play`, {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ moves, lang: lang() }),
  });
  if (!res.ok) throw new Error(res.statusText);
  const game = await res.json();
  playedOn = moves;
  saveProgress(lesson.total, true, moves);
  drawPlayOn(game);
}

function drawPlayOn(game) {
  const main = document.getElementById("tutorial");
  const result = game.over ? (game.result > 0 ? t("won") : game.result < 0 ? t("lost") : t("draw")) : null;
  const actions = [el("button", { type: "button", onclick: () => go(0) }, t("restart")), el("a", { href: "/#learn" }, t("all_tutorials"))];
  if (game.over) {
    actions.unshift(el("button", { type: "button", class: "learn-target", id: "play-real", onclick: () => playReal().catch((e) => guideSay(e.message, "error")) }, t("play_real")));
  }
  const moves = game.moves.map((m) => el("li", {}, el("button", {
    type: "button", class: "move", "data-move": String(m.id), onclick: () => playOn(playedOn.concat([m.id])).catch((e) => guideSay(e.message, "error")),
  }, m.label)));
  main.replaceChildren(
    el("div", { class: "bar" }, el("h1", {}, game.title), langSwitch(() => playOn(playedOn))),
    el("div", { class: "play" },
      el("section", { id: "board", class: "board", "aria-label": "board" }),
      el("aside", { class: "side" },
        guideCard(t("playing_on"), game.over ? `${t("over")} (${t("you")}: ${result})` : t("your_move"), actions),
        el("section", { class: "card" }, el("h2", {}, t("moves")), el("ol", { id: "moves", class: "moves" }, moves)),
        el("section", { class: "card" }, el("h2", {}, t("log")), el("ol", { id: "log", class: "small" },
          game.log.map((e) => el("li", {}, `${t("player")} ${e.seat}: ${e.label}${e.outcome ? ` — ${e.outcome}` : ""}`)))))));
  const board = document.getElementById("board");
  board.innerHTML = game.html;  // the game's own web view, drawn by our server for the learner's seat
  for (const node of board.querySelectorAll("[data-action]")) {
    const ids = node.getAttribute("data-action").split(" ").map(Number);
    const pick = () => {
      if (ids.length === 1) { playOn(playedOn.concat(ids)).catch((e) => guideSay(e.message, "error")); return; }
      for (const b of document.querySelectorAll("#moves button.move")) b.classList.toggle("learn-target", ids.includes(Number(b.dataset.move)));
      guideSay(t("choose_one"), "");  // several moves act on this thing: the list shows them
      guideReveal(document.querySelector("#moves button.learn-target"));
    };
    node.addEventListener("click", pick);
    node.addEventListener("keydown", (ev) => { if (ev.key === "Enter" || ev.key === " ") { ev.preventDefault(); pick(); } });
  }
}

async function loadStep(index) {
  const res = await fetch(`/api/tutorials/${tutGame}/${tutKey}/steps/${index}?lang=${lang()}`);
  if (!res.ok) throw new Error(res.statusText);
  lesson = await res.json();
  saveProgress(index, lesson.over);
  drawLesson();
}

function go(index) {
  loadStep(index).catch(() => guideSay(t("learn_failed"), "error"));
}

// the guide: a card beside the board on a desktop; on a phone (learn.css) a bar of a few lines at the foot of the
// screen that opens on demand, with the page scrolling above it
function guideCard(head, say, actions) {
  const guide = el("section", { class: "card learn-guide folded", id: "learn-guide", "aria-live": "polite" },
    el("h2", {}, `${t("guide")} · ${head}`), el("p", { id: "learn-say" }, say),
    el("p", { id: "learn-why", hidden: true }), el("div", { class: "learn-actions" }, actions),
    el("button", { type: "button", class: "learn-fold", "aria-controls": "learn-guide", onclick: () => guideFold(guide.classList.contains("folded")) }));
  new ResizeObserver(guideHeight).observe(guide);
  guideFold(false, guide);
  return guide;
}

function guideFold(open, guide = document.getElementById("learn-guide")) {
  guide.classList.toggle("folded", !open);
  const fold = guide.querySelector(".learn-fold");
  fold.setAttribute("aria-expanded", String(open));
  fold.setAttribute("aria-label", t(open ? "guide_close" : "guide_open"));
  fold.textContent = open ? "▾" : "▴";
}

function guideDocked(guide) {
  return Boolean(guide) && getComputedStyle(guide).position === "fixed";
}

// the page's scroll area ends where the docked guide begins (--guide-h, read by learn.css)
function guideHeight() {
  const guide = document.getElementById("learn-guide");
  const height = guideDocked(guide) ? guide.getBoundingClientRect().height : 0;
  document.documentElement.style.setProperty("--guide-h", `${Math.ceil(height)}px`);
}

// on a phone the thing to click is scrolled into the screen above the docked guide
function guideReveal(target) {
  const guide = document.getElementById("learn-guide");
  if (!target || !guideDocked(guide) || guide.contains(target)) return;
  guideHeight();
  const room = guide.getBoundingClientRect().top;
  const box = target.getBoundingClientRect();
  if (box.top >= 0 && box.bottom <= room) return;
  window.scrollBy({ top: box.top - Math.max(0, (room - box.height) / 2), behavior: "instant" });
}

function guideSay(text, kind) {
  const why = document.getElementById("learn-why");
  why.textContent = text;
  why.className = kind || "";
  why.hidden = !text;
}

function choose(ids) {
  if (!lesson || lesson.taught === null) return;
  if (ids.includes(lesson.taught)) { go(lesson.index + 1); return; }
  guideSay(`${t("not_this")} ${lesson.taught_label}.${lesson.why ? ` ${lesson.why}` : ""}`, "learn-wrong");
}

async function playReal() {
  const seats = [{ kind: "person" }, { kind: "bot", bot: "easy" }];
  const players = lesson.options && lesson.options.players;
  for (let i = 2; i < (players || 2); i++) seats.push({ kind: "bot", bot: "easy" });
  const made = await api("POST", "/api/games", { game: tutGame, lang: lang(), options: lesson.options || {}, seats, public: false, player: await playerKey() });
  location.assign(`/game/${made.id}#t=${made.token}`);
}

function drawLesson() {
  const main = document.getElementById("tutorial");
  document.title = `${lesson.title} · dwarfhall`;
  const actions = [];
  if (lesson.over && lesson.finish) {
    actions.push(el("button", { type: "button", class: "learn-target", id: "play-on", onclick: () => playOn([]).catch((e) => guideSay(e.message, "error")) }, t("play_on")));
  } else if (lesson.over) {
    actions.push(el("button", { type: "button", class: "learn-target", id: "play-real", onclick: () => playReal().catch((e) => guideSay(e.message, "error")) }, t("play_real")));
  } else if (lesson.scripted) {
    actions.push(el("button", { type: "button", class: "learn-target", id: "learn-next", onclick: () => go(lesson.index + 1) }, t("next")));
  }
  actions.push(el("button", { type: "button", onclick: () => go(0) }, t("restart")), el("a", { href: "/#learn" }, t("all_tutorials")));
  const head = lesson.over ? t("finished") : `${t("step_of")} ${lesson.index + 1} ${t("of")} ${lesson.total}`;
  const moves = lesson.moves.map((m) => el("li", {}, el("button", {
    type: "button", class: m.id === lesson.taught ? "move learn-target" : "move", "data-move": String(m.id),
    onclick: () => choose([m.id]),
  }, m.label)));
  main.replaceChildren(
    el("div", { class: "bar" }, el("h1", {}, lesson.title), langSwitch(() => go(lesson.index))),
    el("div", { class: "play" },
      el("section", { id: "board", class: "board", "aria-label": "board" }),
      el("aside", { class: "side" },
        guideCard(head, lesson.say, actions),
        el("section", { class: "card" }, el("h2", {}, t("moves")), el("ol", { id: "moves", class: "moves" }, moves)))));
  const board = document.getElementById("board");
  board.innerHTML = lesson.html;  // the game's own web view, drawn by our server for the learner's seat
  for (const node of board.querySelectorAll("[data-action]")) {
    const ids = node.getAttribute("data-action").split(" ").map(Number);
    if (ids.includes(lesson.taught)) node.classList.add("learn-target");
    node.addEventListener("click", () => choose(ids));
    node.addEventListener("keydown", (ev) => { if (ev.key === "Enter" || ev.key === " ") { ev.preventDefault(); choose(ids); } });
  }
  const target = main.querySelector("#board .learn-target") || main.querySelector(".learn-target");
  // on a phone it is scrolled into view, not focused: the help that focus opens would cover much of the screen
  if (guideDocked(document.getElementById("learn-guide"))) guideReveal(target);
  else if (target) target.focus({ preventScroll: true });
}

(function startLesson() {
  setLang(lang());
  document.getElementById("nav").replaceChildren(el("a", { href: "/" }, t("lobby")));
  const saved = learnProgress()[progressKey];
  if (saved && saved.moves) {  // the game played on after the lesson, where it was left
    loadStep(saved.step).then(() => playOn(saved.moves)).catch(() => go(0));
    return;
  }
  go(saved && !saved.done ? saved.step : 0);
})();
