// Shared by every page: texts in English and German, the personal key, small helpers.
"use strict";

const TEXTS = {
  en: {
    lobby: "Lobby", new_game: "New game", game: "Game", language: "Language", seat: "Seat", you: "you",
    person: "person (invite)", person_open: "person (anyone may join)", invited: "invited", create: "Create game", open_games: "Games being played", finished: "Finished games",
    my_games: "My games", join: "Join", watch: "Watch", replay: "Replay", invite: "Invitation links",
    invite_help: "Send each link to the person who plays that seat; it is their key to the game.",
    to_act: "to move", moves: "Your moves", log: "Game log", waiting: "Waiting for", connected: "connected",
    reconnecting: "connection lost, reconnecting…", spectator: "You are watching (public view only).",
    over: "The game is over.", won: "won", lost: "lost", draw: "draw", rematch: "Rematch", open_rematch: "Open the rematch",
    hand_to_bot: "Hand to a bot", take_back: "Take my seat back", bot_plays: "a bot plays", online: "online",
    offline: "offline", connection_lost: "The connection to the server broke off; try again.", free: "free seat", options: "Options", public: "listed in the lobby",
    clock: "seconds per move (empty: no clock)", expert: "expert spec", none: "none yet", open: "Open",
    my_games_link: "Your personal “my games” link (bookmark it; it lists your games on any device):",
    copy: "Copy", start: "Start", prev: "Back", next: "Forward", end: "End", player: "Player", players: "Players",
    reconstructed: "° reconstructed value (the rulebook does not state it)", no_moves: "Nothing to decide now.",
    choose_one: "Several moves act on this; pick one:", flagged: "This game cannot continue:", bot: "bot",
    level_easy: "Bot: easy", level_normal: "Bot: normal", level_hard: "Bot: hard", level_expert: "Bot: expert", view_as: "View as",
    public_view: "public view", invitation_for: "Invitation for seat", moves_made: "moves",
    auto_pass: "Auto-pass: pass by itself in a window where I have nothing to answer",
    auto_pass_help: "It works only when every person at the table turns it on, and an automatic pass tells the others that you had no answer.",
    handed_by_host: "The host gave your seat to a bot while you were away; take it back whenever you like.",
    auto_pass_on: "Auto-pass is on for the table.", auto_pass_off: "Auto-pass is off: chosen by",
    games: "Games", computer_level: "Computer level", vs_computer: "Play against the computer", your_seat: "Your seat",
    set_up: "Set up a game", players_n: "players", minutes: "min", turns: "turns", turn_one: "turn", winner: "Winner", winners: "Winners",
    continue: "Continue", empty_none: "empty: none", err_required: "Enter a number.", err_whole: "Enter a whole number.",
    err_at_least: "Enter a whole number of at least {min}.", err_between: "Enter a whole number from {min} to {max}.",
    err_one_me: "Only one seat can be yours.", err_spec: "Enter the agent spec for this seat.",
    status_playing: "playing", status_finished: "finished", status_flagged: "cannot continue", your_turn: "your turn",
    undo: "Undo", resign: "Resign", resign_confirm: "Give up this game? The others win.", offer_draw: "Offer a draw",
    accept_draw: "Accept the draw", decline_draw: "Decline", draw_offered: "offers a draw.", end_abandoned: "End the game (player absent)",
    windows: "Ask me…", windows_help: "In the other windows you pass by yourself after the same short delay as a bot's answer, whatever you hold.",
    show_passes: "Show passes", hide_passes: "Hide passes", resigned: "gave up.", abandoned: "left the game.", agreed_draw: "Draw by agreement.",
  },
  de: {
    lobby: "Lobby", new_game: "Neues Spiel", game: "Spiel", language: "Sprache", seat: "Platz", you: "du",
    person: "Person (einladen)", person_open: "Person (alle dürfen mitspielen)", invited: "eingeladen", create: "Spiel anlegen", open_games: "Laufende Spiele", finished: "Beendete Spiele",
    my_games: "Meine Spiele", join: "Mitspielen", watch: "Zuschauen", replay: "Wiederholung", invite: "Einladungslinks",
    invite_help: "Schicke jeden Link der Person, die an diesem Platz spielt; er ist ihr Schlüssel zum Spiel.",
    to_act: "am Zug", moves: "Deine Züge", log: "Spielverlauf", waiting: "Warte auf", connected: "verbunden",
    reconnecting: "Verbindung verloren, verbinde neu…", spectator: "Du schaust zu (nur öffentliche Ansicht).",
    over: "Das Spiel ist vorbei.", won: "gewonnen", lost: "verloren", draw: "unentschieden", rematch: "Revanche",
    open_rematch: "Zur Revanche", hand_to_bot: "An einen Bot geben", take_back: "Meinen Platz zurücknehmen",
    bot_plays: "ein Bot spielt", online: "online", offline: "offline", connection_lost: "Die Verbindung zum Server ist abgebrochen; versuch es noch einmal.", free: "freier Platz", options: "Optionen",
    public: "in der Lobby zeigen", clock: "Sekunden pro Zug (leer: keine Uhr)", expert: "Experten-Spec",
    none: "noch keine", open: "Öffnen",
    my_games_link: "Dein persönlicher „Meine Spiele“-Link (als Lesezeichen; er zeigt deine Spiele auf jedem Gerät):",
    copy: "Kopieren", start: "Anfang", prev: "Zurück", next: "Weiter", end: "Ende", player: "Spieler", players: "Spielerzahl",
    reconstructed: "° rekonstruierter Wert (die Anleitung nennt ihn nicht)", no_moves: "Gerade nichts zu entscheiden.",
    choose_one: "Mehrere Züge betreffen dies; wähle einen:", flagged: "Dieses Spiel kann nicht weitergehen:", bot: "Bot",
    level_easy: "Bot: leicht", level_normal: "Bot: normal", level_hard: "Bot: schwer", level_expert: "Bot: Experte", view_as: "Ansicht von",
    public_view: "öffentliche Ansicht", invitation_for: "Einladung für Platz", moves_made: "Züge",
    auto_pass: "Automatisch passen: in einem Fenster, in dem ich nichts entgegnen kann",
    auto_pass_help: "Es wirkt nur, wenn alle Personen am Tisch es einschalten, und ein automatisches Passen verrät den anderen, dass du keine Antwort hattest.",
    handed_by_host: "Der Gastgeber hat deinen Platz an einen Bot gegeben, während du weg warst; du kannst ihn jederzeit zurücknehmen.",
    auto_pass_on: "Automatisches Passen ist für den Tisch an.", auto_pass_off: "Automatisches Passen ist aus: gewählt von",
    games: "Spiele", computer_level: "Stärke des Computers", vs_computer: "Gegen den Computer spielen", your_seat: "Dein Platz",
    set_up: "Spiel einrichten", players_n: "Spieler", minutes: "Min.", turns: "Züge", turn_one: "Zug", winner: "Sieger", winners: "Sieger",
    continue: "Weiterspielen", empty_none: "leer: keine", err_required: "Gib eine Zahl ein.", err_whole: "Gib eine ganze Zahl ein.",
    err_at_least: "Gib eine ganze Zahl ab {min} ein.", err_between: "Gib eine ganze Zahl von {min} bis {max} ein.",
    err_one_me: "Nur ein Platz kann deiner sein.", err_spec: "Gib die Agenten-Spec für diesen Platz ein.",
    status_playing: "läuft", status_finished: "beendet", status_flagged: "kann nicht weitergehen", your_turn: "du bist am Zug",
    undo: "Zurücknehmen", resign: "Aufgeben", resign_confirm: "Dieses Spiel aufgeben? Die anderen gewinnen.", offer_draw: "Remis anbieten",
    accept_draw: "Remis annehmen", decline_draw: "Ablehnen", draw_offered: "bietet ein Remis an.", end_abandoned: "Spiel beenden (Spieler abwesend)",
    windows: "Frag mich…", windows_help: "In den anderen Fenstern passt du von selbst, nach derselben kurzen Wartezeit wie ein Bot, egal was du hältst.",
    show_passes: "Passen zeigen", hide_passes: "Passen ausblenden", resigned: "hat aufgegeben.", abandoned: "hat das Spiel verlassen.", agreed_draw: "Remis nach Absprache.",
  },
};

// a game's story (story.js): the log by turns, the score sheet, the replay slider, the your-turn signals
Object.assign(TEXTS.en, {
  setup: "Set-up", turn_label: "Turn", move_one: "move", go_there: "Show the game at this point", score_sheet: "Score sheet",
  total: "Total", decided_by: "Decided by:", jump_to_turn: "Jump to turn", your_turn_title: "Your turn",
  notify_turn: "Notify me when it is my turn", sound_turn: "Sound when it is my turn", moves_made_log: "moves",
});
Object.assign(TEXTS.de, {
  setup: "Aufbau", turn_label: "Zug", move_one: "Aktion", moves_made_log: "Aktionen", go_there: "Das Spiel an dieser Stelle zeigen",
  score_sheet: "Wertung", total: "Summe", decided_by: "Entschieden durch:", jump_to_turn: "Springe zu Zug",
  your_turn_title: "Du bist am Zug", notify_turn: "Benachrichtige mich, wenn ich am Zug bin", sound_turn: "Ton, wenn ich am Zug bin",
});

// a script's own texts, each as [English, German], so that the German stands beside its English
function addTexts(pairs) {
  for (const [key, [en, de]] of Object.entries(pairs)) {
    TEXTS.en[key] = en;
    TEXTS.de[key] = de;
  }
}

function lang() {
  const l = localStorage.getItem("dwarfhall-lang");
  return l === "de" ? "de" : "en";
}

function setLang(l) {
  localStorage.setItem("dwarfhall-lang", l);
  document.documentElement.lang = l;
}

function t(key) {
  return (TEXTS[lang()] || TEXTS.en)[key] || TEXTS.en[key] || key;
}

function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else node.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children.flat()) {
    if (c === null || c === undefined) continue;
    node.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return node;
}

async function api(method, path, body, headers) {
  const init = { method, headers: Object.assign({ "Content-Type": "application/json" }, headers || {}) };
  if (body !== undefined) init.body = JSON.stringify(body);
  const res = await fetch(path, init);
  // a body cut off (the server went away while answering) is a failed request, never an empty answer
  const text = await res.text().catch(() => null);
  let data = {};
  try { if (text) data = JSON.parse(text); } catch (e) { data = null; }
  if (!res.ok) throw new Error((data && data.error) || (data && data.detail && JSON.stringify(data.detail)) || res.statusText);
  if (text === null || data === null) throw new Error(t("connection_lost"));
  return data;
}

async function playerKey() {
  let key = localStorage.getItem("dwarfhall-player");
  if (!key) {
    key = (await api("POST", "/api/players")).key;
    localStorage.setItem("dwarfhall-player", key);
  }
  return key;
}

function hashParams() {
  return new URLSearchParams(location.hash.replace(/^#/, ""));
}

function langSwitch(onChange) {
  const box = el("span", { class: "langs", role: "group", "aria-label": "language" });
  for (const l of ["en", "de"]) {
    box.append(el("button", {
      type: "button", class: l === lang() ? "on" : "", "aria-pressed": String(l === lang()), "data-lang": l,
      onclick: () => { setLang(l); onChange(l); },
    }, l.toUpperCase()));
  }
  return box;
}
