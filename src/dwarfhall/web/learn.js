// "How to play": a button in the header of every page opens a dialog with a game's rules (the fragment of
// GET /rules/{game}), without leaving the page. Its texts join the page's catalog (common.js TEXTS).
"use strict";

Object.assign(TEXTS.en, {
  learn_to_play: "Learn to play", lessons_done: "done", lessons_at: "at step", steps: "steps",
  how_to_play: "How to play", close: "Close", rules_page: "Open as a page", rules_failed: "The rules could not be loaded.",
});
Object.assign(TEXTS.de, {
  learn_to_play: "Spielen lernen", lessons_done: "geschafft", lessons_at: "bei Schritt", steps: "Schritte",
  how_to_play: "Spielanleitung", close: "Schließen", rules_page: "Als eigene Seite öffnen",
  rules_failed: "Die Regeln konnten nicht geladen werden.",
});

const learn = {
  games: [],      // [{name, title}] from the catalog
  current: null,  // the game whose rules the dialog shows
  dialog: null,
  ready: null,    // resolves once the catalog (the tabs) has come
};

function learnGameOfPage() {
  // a game page knows its game from the server, a tutorial from its address; the lobby lets the reader choose
  if (location.pathname.startsWith("/learn/")) return Promise.resolve(location.pathname.split("/")[2]);
  if (!location.pathname.startsWith("/game/")) return Promise.resolve(null);
  const id = location.pathname.split("/").pop();
  return fetch(`/api/games/${id}`).then((r) => r.json()).then((g) => g.game || null).catch(() => null);
}

function learnStylesheet(game) {
  // the dialog's styles load with its first opening, so that a page opens no slower for having the button
  return Promise.all(["/static/learn.css", `/games/${game}/web.css`].map(learnLink));
}

// a stylesheet added once; the promise settles when it has loaded (or failed, or after 3 s), so that a scroll to a
// rules section waits for the layout it lands in
const learnSheets = {};
function learnLink(href) {
  if (!learnSheets[href]) {
    const found = [...document.querySelectorAll("link[rel=stylesheet]")].find((l) => l.getAttribute("href") === href);
    if (found && found.sheet) {
      learnSheets[href] = Promise.resolve();
    } else {
      const link = found || el("link", { rel: "stylesheet", href, "data-learn": "1" });
      learnSheets[href] = Promise.race([
        new Promise((done) => { link.addEventListener("load", done, { once: true }); link.addEventListener("error", done, { once: true }); }),
        new Promise((done) => setTimeout(done, 3000)),
      ]);
      if (!found) document.head.append(link);
    }
  }
  return learnSheets[href];
}


async function learnShow(game) {
  learn.current = game;
  const styled = learnStylesheet(game);
  const body = learn.dialog.querySelector(".rules-body");
  const link = learn.dialog.querySelector(".rules-link");
  link.href = `/rules/${game}?lang=${lang()}`;
  for (const tab of learn.dialog.querySelectorAll(".rules-tabs button")) {
    tab.setAttribute("aria-pressed", String(tab.dataset.game === game));
  }
  try {
    const res = await fetch(`/rules/${game}?lang=${lang()}&fragment=true`);
    if (!res.ok) throw new Error(res.statusText);
    body.innerHTML = await res.text();  // our own server's fragment, escaped there
  } catch (e) {
    body.replaceChildren(el("p", { class: "error" }, t("rules_failed")));
  }
  await styled;
}

function learnDialog() {
  const tabs = el("nav", { class: "rules-tabs", "aria-label": t("how_to_play") },
    learn.games.map((g) => el("button", { type: "button", "data-game": g.name, onclick: () => learnShow(g.name) }, g.title)));
  const dialog = el("dialog", { id: "rules-dialog", class: "rules-dialog", "aria-label": t("how_to_play") },
    el("div", { class: "rules-head" }, tabs,
      el("a", { class: "rules-link", href: "#", target: "_blank", rel: "noopener" }, t("rules_page")),
      el("button", { type: "button", class: "rules-close", onclick: () => dialog.close() }, t("close"))),
    el("div", { class: "rules-body" }));
  dialog.addEventListener("click", (ev) => { if (ev.target === dialog) dialog.close(); });  // a click beside it closes
  document.body.append(dialog);
  return dialog;
}

function learnReady() {
  // the catalog is asked for at the first opening, so that a page opens no slower for having the button
  if (!learn.ready) {
    learn.ready = Promise.all([
      fetch(`/api/catalog?lang=${lang()}`).then((r) => r.json()).catch(() => ({ games: [] })), learnGameOfPage(),
    ]).then(([catalog, game]) => {
      learn.games = (catalog.games || []).filter((g) => !game || g.name === game).map((g) => ({ name: g.name, title: g.title }));
      learn.current = game;
    });
  }
  return learn.ready;
}

async function learnOpen() {
  await learnReady();
  if (!learn.dialog) learn.dialog = learnDialog();
  learn.dialog.showModal();
  await learnShow(learn.current || (learn.games[0] && learn.games[0].name));
}

async function learnLessons() {
  // the lobby's "Learn to play": every game's tutorials, with this browser's progress
  learnLink("/static/learn.css");
  let dialog = document.getElementById("learn-dialog");
  if (!dialog) {
    dialog = el("dialog", { id: "learn-dialog", class: "rules-dialog", "aria-label": t("learn_to_play") },
      el("div", { class: "rules-head" }, el("strong", { class: "rules-tabs" }, t("learn_to_play")),
        el("button", { type: "button", class: "rules-close", onclick: () => dialog.close() }, t("close"))),
      el("div", { class: "rules-body", id: "learn-lessons" }));
    dialog.addEventListener("click", (ev) => { if (ev.target === dialog) dialog.close(); });
    document.body.append(dialog);
  }
  dialog.showModal();
  const box = document.getElementById("learn-lessons");
  let progress = {};
  try { progress = JSON.parse(localStorage.getItem("dwarfhall-learn") || "{}"); } catch (e) { progress = {}; }
  const listed = await fetch("/api/tutorials").then((r) => r.json()).catch(() => ({ games: [] }));
  box.replaceChildren(...listed.games.filter((g) => g.tutorials.length).map((g) => el("section", {},
    el("h2", {}, g.title[lang()] || g.title.en),
    el("ul", { class: "learn-list" }, g.tutorials.map((tut) => {
      const mine = progress[`${g.game}/${tut.key}`];
      const state = mine ? (mine.done ? t("lessons_done") : `${t("lessons_at")} ${mine.step + 1}`) : `${tut.steps} ${t("steps")}`;
      return el("li", {}, el("a", { href: `/learn/${g.game}/${tut.key}`, "data-tutorial": `${g.game}/${tut.key}` }, tut.title[lang()]),
        " ", el("span", { class: mine && mine.done ? "learn-done small" : "dim small" }, `(${state})`),
        el("div", { class: "dim small" }, tut.summary[lang()]));
    })))));
}

(function learnStart() {
  const header = document.querySelector("header.top");
  if (!header) return;
  if (location.pathname === "/") {
    header.append(el("button", { type: "button", id: "learn-to-play", class: "how-to-play", style: "margin-left:auto", onclick: learnLessons }, t("learn_to_play")));
    if (location.hash === "#learn") learnLessons();
  }
  const first = location.pathname !== "/";  // in the lobby "Learn to play" comes first and pushes both right
  const button = el("button", { type: "button", id: "how-to-play", class: "how-to-play", style: first ? "margin-left:auto" : null, onclick: learnOpen }, t("how_to_play"));
  header.append(button);
})();
