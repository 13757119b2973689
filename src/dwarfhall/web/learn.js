// "How to play": a button in the header of every page opens a dialog with a game's rules (the fragment of
// GET /rules/{game}), without leaving the page. Its texts join the page's catalog (common.js TEXTS).
"use strict";

Object.assign(TEXTS.en, {
  how_to_play: "How to play", close: "Close", rules_page: "Open as a page", rules_failed: "The rules could not be loaded.",
});
Object.assign(TEXTS.de, {
  how_to_play: "Spielanleitung", close: "Schließen", rules_page: "Als eigene Seite öffnen",
  rules_failed: "Die Regeln konnten nicht geladen werden.",
});

const learn = {
  games: [],      // [{name, title}] from the catalog
  current: null,  // the game whose rules the dialog shows
  dialog: null,
};

function learnGameOfPage() {
  // a game page knows its game from the server; the lobby lets the reader choose
  if (!location.pathname.startsWith("/game/")) return Promise.resolve(null);
  const id = location.pathname.split("/").pop();
  return fetch(`/api/games/${id}`).then((r) => r.json()).then((g) => g.game || null).catch(() => null);
}

function learnStylesheet(game) {
  const href = `/games/${game}/web.css`;
  if (![...document.querySelectorAll("link[rel=stylesheet]")].some((l) => l.getAttribute("href") === href)) {
    document.head.append(el("link", { rel: "stylesheet", href, "data-learn": "1" }));
  }
}

async function learnShow(game) {
  learn.current = game;
  learnStylesheet(game);
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

async function learnOpen() {
  if (!learn.dialog) learn.dialog = learnDialog();
  learn.dialog.showModal();
  await learnShow(learn.current || (learn.games[0] && learn.games[0].name));
}

(async function learnStart() {
  const header = document.querySelector("header.top");
  if (!header) return;
  const button = el("button", { type: "button", id: "how-to-play", class: "how-to-play", onclick: learnOpen }, t("how_to_play"));
  header.append(button);
  const [catalog, game] = await Promise.all([
    fetch(`/api/catalog?lang=${lang()}`).then((r) => r.json()).catch(() => ({ games: [] })), learnGameOfPage(),
  ]);
  learn.games = (catalog.games || []).filter((g) => !game || g.name === game).map((g) => ({ name: g.name, title: g.title }));
  learn.current = game;
})();
