// One game: live over a WebSocket that reconnects by itself; the board is the game's own HTML fragment.
"use strict";

const gameId = location.pathname.split("/").pop();
let token = hashParams().get("t");
let ws = null;
let current = null;
let retry = 0;
let replayAt = null;
let replaySeat = "";
let pending = null;
let refocus = null;  // where the keyboard focus returns once the page is drawn again

function connect() {
  const proto = location.protocol === "https:" ? "wss" : "ws";
  ws = new WebSocket(`${proto}://${location.host}/ws/games/${gameId}`);
  ws.onopen = () => {
    retry = 0;
    ws.send(JSON.stringify({ token, lang: lang() }));
    status(t("connected"), "ok");
  };
  ws.onmessage = (ev) => {
    const msg = JSON.parse(ev.data);
    if (msg.type === "state") {
      const log = msg.log_from === 0 ? msg.log : current && current.log.length === msg.log_from ? current.log.concat(msg.log) : null;
      if (log === null) { ws.send(JSON.stringify({ type: "sync" })); return; }  // a gap: ask for everything again
      msg.log = log;
      current = msg; pending = null; draw();
    }
    else if (msg.type === "error") { pending = null; showError(msg.error); if (msg.code === "bad_token" || msg.code === "not_found") retry = -1; }
  };
  ws.onclose = () => {
    if (retry < 0) return;
    status(t("reconnecting"), "warn");
    const wait = Math.min(5000, 250 * 2 ** retry++);
    setTimeout(connect, wait);
  };
}

function status(text, kind) {
  const s = document.getElementById("conn");
  if (s) { s.textContent = text; s.className = `conn ${kind}`; }
}

function showError(text) {
  const box = document.getElementById("error");
  if (box) { box.textContent = text; box.hidden = false; }
}

function focusPlace(node) {
  if (!node || !node.closest) return null;
  if (node.closest("#board")) return "#board [data-action]";
  if (node.closest("#moves, #choose")) return "#moves > li > button.move";  // a top-level move, not one folded away
  return null;
}

function send(actionId) {
  if (!current || !ws || ws.readyState !== 1 || pending !== null) return;
  refocus = focusPlace(document.activeElement);
  pending = actionId;
  document.getElementById("error").hidden = true;
  ws.send(JSON.stringify({ type: "move", action: actionId, version: current.version }));
}

function seatName(i) {
  return `${t("player")} ${i}`;
}

function layout() {
  const main = document.getElementById("game");
  if (document.getElementById("board")) return;
  main.replaceChildren(
    el("div", { class: "bar" },
      el("h1", { id: "title" }), el("span", { id: "turn", class: "turn", "aria-live": "polite" }),
      el("span", { id: "conn", class: "conn" })),
    el("p", { id: "error", class: "error", role: "alert", hidden: true }),
    el("div", { class: "play" },
      el("section", { id: "board", class: "board", "aria-label": "board" }),
      el("aside", { class: "side" },
        el("section", { class: "card", id: "movebar" }, el("h2", {}, t("moves")), el("div", { id: "choose" }), el("ol", { id: "moves", class: "moves" })),
        el("section", { class: "card", id: "end", hidden: true }),
        el("section", { class: "card" }, el("h2", {}, t("seat")), el("ul", { id: "seats", class: "seats" }), el("div", { id: "autopass" })),
        el("section", { class: "card" }, el("h2", {}, t("log")), el("ol", { id: "log", class: "log", "aria-live": "polite" })),
        el("p", { class: "dim small" }, t("reconstructed")))));
  document.getElementById("nav").replaceChildren(el("a", { href: "/" }, t("lobby")), el("a", { href: "/me" }, t("my_games")),
    langSwitch((l) => { document.getElementById("game").replaceChildren(); layout(); if (ws && ws.readyState === 1) ws.send(JSON.stringify({ type: "lang", lang: l })); draw(); }));
  document.getElementById("board").addEventListener("click", (ev) => boardPick(ev));
  document.getElementById("board").addEventListener("keydown", (ev) => { if (ev.key === "Enter" || ev.key === " ") boardPick(ev); });
  if (typeof phoneLayout === "function") phoneLayout();  // the folding move bar and the zoomable map (phone.js)
}

// a thing that moves name is picked (choose.js); otherwise a thing with moves offers them
function boardPick(ev) {
  const thing = ev.target.closest("[data-thing]");
  if (thing && typeof chooseThing === "function" && chooseThing(thing)) { ev.preventDefault(); return; }
  const target = ev.target.closest("[data-action]");
  if (target) { ev.preventDefault(); actOn(target); }
}

function play(id) {
  if (typeof chooseSend === "function") chooseSend(id); else send(id);  // choose.js asks first where a move wants it
}

function actOn(target) {
  const ids = target.dataset.action.split(" ").map(Number);
  if (ids.length === 1) { send(ids[0]); return; }
  const box = document.getElementById("choose");
  const moves = current.moves.filter((m) => ids.includes(m.id));
  box.replaceChildren(el("p", {}, t("choose_one")),
    el("div", { class: "choices" }, moves.map((m) => el("button", { type: "button", class: "move", "data-id": m.id, onclick: () => { play(m.id); box.replaceChildren(); } }, m.label))));
  const first = box.querySelector("button");
  if (first) first.focus();
}

function draw() {
  layout();
  if (!current) return;
  const m = current;
  document.body.dataset.version = String(m.version);
  document.title = `${m.title} #${m.game_id} · dwarfhall`;
  document.getElementById("title").textContent = `${m.title} #${m.game_id}`;
  const turn = document.getElementById("turn");
  if (m.flag) turn.textContent = `${t("flagged")} ${m.flag}`;
  else if (m.to_act === null) turn.textContent = t("over");
  else if (m.to_act === m.seat) turn.textContent = `${seatName(m.seat)} (${t("you")}) ${t("to_act")}`;
  else turn.textContent = `${t("waiting")} ${seatName(m.to_act)}`;
  turn.classList.toggle("mine", m.to_act !== null && m.to_act === m.seat);
  // a keyboard player whose focus sat on the board or the moves keeps it there when they are drawn again
  const nothingFocused = !document.activeElement || document.activeElement === document.body;
  const focusWasIn = focusPlace(document.activeElement) || (nothingFocused ? refocus : null);
  if (replayAt === null) document.getElementById("board").innerHTML = m.html;
  if (typeof helpRedrawn === "function") helpRedrawn();  // an open help follows its thing (help.js)
  const moves = document.getElementById("moves");
  if (unsettled(m)) m.moves = [];  // the game's default window preferences are on their way: no click may race them
  document.getElementById("choose").replaceChildren();
  if (typeof chooseDraw === "function") chooseDraw(m, moves);  // groups, previews and picked things (choose.js)
  else {
    moves.replaceChildren(...m.moves.map((mv, i) => el("li", {},
      el("button", { type: "button", class: "move", "data-id": mv.id, "aria-keyshortcuts": i < 9 ? String(i + 1) : null, onclick: () => send(mv.id) }, mv.label))));
  }
  if (!m.moves.length) moves.append(el("li", { class: "dim" }, m.seat === null ? t("spectator") : t("no_moves")));
  if (focusWasIn) {
    const next = document.querySelector(focusWasIn) || document.querySelector("#moves > li > button.move, #moves summary");
    if (next) next.focus({ preventScroll: true });
    refocus = next ? null : focusWasIn;  // nothing to decide now: the focus comes back with the next decision
  }
  const seats = document.getElementById("seats");
  seats.replaceChildren(...m.seats.map((s) => {
    const bot = s.level ? t("level_" + s.level) : `${t("bot")} ${s.bot}`;
    const who = s.kind === "bot" ? bot : s.stand_in ? `${t("bot_plays")} (${bot})` : s.taken ? (s.online ? t("online") : t("offline")) : s.open ? t("free") : t("invited");
    const line = el("li", { "data-seat": s.seat }, `${seatName(s.seat)}${s.seat === m.seat ? ` (${t("you")})` : ""}: ${who}`);
    if (s.seat === m.seat && s.handed_by_host) line.append(" ", el("span", { class: "notice", role: "status" }, t("handed_by_host")));
    // the server hands over only a player who is away or has not moved for a while; it says so otherwise
    if (m.host && s.kind === "person" && !s.stand_in && s.seat !== m.seat && m.to_act !== null && (!s.online || m.to_act === s.seat)) {
      line.append(" ", el("button", { type: "button", class: "tobot", onclick: () => api("POST", `/api/games/${gameId}/seats/${s.seat}/bot`, { token, bot: "normal" }).catch((e) => showError(e.message)) }, t("hand_to_bot")));
    }
    if (s.seat === m.seat && s.stand_in) {
      line.append(" ", el("button", { type: "button", class: "takeback", onclick: () => api("POST", `/api/games/${gameId}/take`, { token }).catch((e) => showError(e.message)) }, t("take_back")));
    }
    return line;
  }));
  drawAutoPass();
  drawTable();
  const logBox = document.getElementById("log");
  // passes that brought nothing about are folded away unless asked for; story.js groups the log by turns
  if (typeof drawLog === "function") drawLog(m, showPasses);
  else logBox.replaceChildren(...m.log.filter((e) => showPasses || !e.pass).map((e) => el("li", { value: e.n }, el("span", { class: `who p${e.seat}` }, `${seatName(e.seat)}: `), e.label,
    e.outcome ? el("span", { class: "outcome" }, ` — ${e.outcome}`) : null)));
  logBox.scrollTop = logBox.scrollHeight;
  drawEnd();
  if (typeof drawHints === "function") drawHints(m);  // the coach's hints (hints.js)
  if (typeof phoneDraw === "function") phoneDraw();
  if (typeof yourTurn === "function") yourTurn(m);  // the tab's title and icon, notification and sound (story.js)
}

let showPasses = false;

function post(path, body) {
  return api("POST", `/api/games/${gameId}/${path}`, { token, ...body }).catch((e) => showError(e.message));
}

// undo, resign, a draw and abandoned seats, the window preferences and the log's folded passes
function drawTable() {
  const m = current;
  let box = document.getElementById("table-actions");
  if (!box) { box = el("div", { id: "table-actions" }); document.getElementById("autopass").before(box); }
  const parts = [];
  const mine = m.seat !== null && m.seats[m.seat].kind === "person";
  if (mine && m.to_act !== null) {
    if (m.undo) parts.push(el("button", { type: "button", id: "undo", onclick: () => post("undo", { version: m.version }) }, t("undo")));
    parts.push(el("button", { type: "button", id: "resign", onclick: () => { if (confirm(t("resign_confirm"))) post("resign"); } }, t("resign")));
    if (m.draws && m.draw_offer === null) parts.push(el("button", { type: "button", id: "offer-draw", onclick: () => post("draw") }, t("offer_draw")));
    if (m.draw_offer !== null && m.draw_offer !== m.seat) {
      parts.push(el("span", { role: "status" }, `${seatName(m.draw_offer)} ${t("draw_offered")} `),
        el("button", { type: "button", id: "accept-draw", onclick: () => post("draw") }, t("accept_draw")),
        el("button", { type: "button", id: "decline-draw", onclick: () => post("draw/decline") }, t("decline_draw")));
    }
    for (const s of m.seats) {
      if (s.seat !== m.seat && s.kind === "person" && (!s.online || s.stand_in) && !s.handed_by_host) {
        parts.push(el("button", { type: "button", class: "abandoned", onclick: () => post(`seats/${s.seat}/abandoned`) }, `${t("end_abandoned")}: ${seatName(s.seat)}`));
      }
    }
  }
  if (m.ending) {
    const [kind, seat] = m.ending.split(":");
    parts.push(el("p", { id: "ending" }, kind === "draw" ? t("agreed_draw") : `${seatName(Number(seat))} ${t(kind)}`));
  }
  if (mine && m.windows && m.windows.kinds.length && m.to_act !== null) {
    const ask = () => [...document.querySelectorAll("#windows input:checked")].map((i) => i.value);
    parts.push(el("details", { id: "windows", open: windowsOpen, ontoggle: (ev) => { windowsOpen = ev.target.open; } }, el("summary", {}, t("windows")),
      m.windows.kinds.map((k) => el("label", { class: "window-kind" }, el("input", { type: "checkbox", value: k.kind, checked: k.ask, onchange: () => post("windows", { ask: ask() }) }), " ", k.text)),
      el("p", { class: "dim small" }, t("windows_help"))));
  }
  if (m.log.some((e) => e.pass)) parts.push(el("button", { type: "button", id: "toggle-passes", onclick: () => { showPasses = !showPasses; draw(); } }, t(showPasses ? "hide_passes" : "show_passes")));
  box.replaceChildren(...parts);
}
let windowsSent = false;
let windowsOpen = false;

// a person who never chose window preferences gets the game's defaults once, before any move is offered
function unsettled(m) {
  if (m.seat === null || !m.windows || m.windows.chosen || !m.windows.kinds.length || m.to_act === null) return false;
  if (windowsSent) return windowsSent === true;
  windowsSent = true;
  api("POST", `/api/games/${gameId}/windows`, { token, ask: m.windows.kinds.filter((k) => k.default).map((k) => k.kind) })
    .catch((e) => { windowsSent = "failed"; showError(e.message); draw(); });
  return true;
}

function drawAutoPass() {
  const m = current;
  const box = document.getElementById("autopass");
  const persons = m.seats.filter((s) => s.kind === "person");
  if (m.to_act === null || !persons.length) { box.replaceChildren(); return; }
  const chosen = persons.filter((s) => s.auto_pass).length;
  const state = el("p", { class: "dim small", id: "autopass-state" },
    m.auto_pass ? t("auto_pass_on") : `${t("auto_pass_off")} ${chosen} / ${persons.length}`);
  const parts = [];
  if (m.seat !== null && m.seats[m.seat].kind === "person") {
    parts.push(el("label", {}, el("input", { type: "checkbox", id: "autopass-mine", checked: !!m.seats[m.seat].auto_pass,
      onchange: (ev) => api("POST", `/api/games/${gameId}/auto-pass`, { token, on: ev.target.checked }).catch((e) => showError(e.message)) }),
      " ", t("auto_pass")), el("p", { class: "dim small" }, t("auto_pass_help")));
  }
  box.replaceChildren(...parts, state);
}

function drawEnd() {
  const m = current;
  const box = document.getElementById("end");
  if (m.to_act !== null) { box.hidden = true; return; }
  box.hidden = false;
  const outcome = m.result ? m.result.map((r, i) => `${seatName(i)}: ${r > 0 ? t("won") : r < 0 ? t("lost") : t("draw")}`).join(" · ") : "";
  const controls = el("div", { class: "replay" },
    el("button", { type: "button", onclick: () => replay(0) }, t("start")),
    el("button", { type: "button", onclick: () => replay(Math.max(0, (replayAt ?? m.version) - 1)) }, t("prev")),
    el("button", { type: "button", onclick: () => replay(Math.min(m.version, (replayAt ?? m.version) + 1)) }, t("next")),
    el("button", { type: "button", onclick: () => replay(m.version) }, t("end")),
    el("label", {}, ` ${t("view_as")} `, el("select", { id: "replay-seat", onchange: (ev) => { replaySeat = ev.target.value; replay(replayAt ?? m.version); } },
      el("option", { value: "" }, t("public_view")), m.seats.map((s) => el("option", { value: String(s.seat), selected: replaySeat === String(s.seat) }, seatName(s.seat))))),
    el("span", { id: "replay-pos", class: "dim" }, replayAt === null ? "" : ` ${replayAt} / ${m.version}`));
  let rematch;
  if (m.rematch && m.rematch.token) rematch = el("a", { href: `/game/${m.rematch.game_id}#t=${m.rematch.token}`, id: "rematch-link" }, t("open_rematch"));
  else if (m.rematch) rematch = el("a", { href: `/game/${m.rematch.game_id}` }, t("open_rematch"));
  else if (m.seat !== null) rematch = el("button", { type: "button", id: "rematch", onclick: async () => {
    // another game's address: one navigation (a reload right after it would cancel it and stay on this game)
    try { const r = await api("POST", `/api/games/${gameId}/rematch`, { token }); location.assign(`/game/${r.id}#t=${r.token}`); } catch (e) { showError(e.message); }
  } }, t("rematch"));
  box.replaceChildren(el("h2", {}, t("over")), el("p", { id: "outcome" }, outcome), rematch || "", el("h3", {}, t("replay")), controls);
  if (typeof drawStoryEnd === "function") drawStoryEnd(box, m);  // the score sheet and the turn slider (story.js)
  if (typeof drawReview === "function") drawReview(box, m);  // the coach's review panel (review.js)
}

async function replay(n) {
  replayAt = n;
  const seat = replaySeat === "" ? "" : `&seat=${replaySeat}`;
  try {
    const r = await api("GET", `/api/games/${gameId}/replay/${n}?lang=${lang()}${seat}`);
    document.getElementById("board").innerHTML = r.html;
    const pos = document.getElementById("replay-pos");
    if (pos) pos.textContent = ` ${r.move} / ${r.total}${r.label ? " · " + r.label : ""}`;
    if (typeof replayShown === "function") replayShown(r);  // said in turns, the slider and the log in step (story.js)
  } catch (e) { showError(e.message); }
}

document.addEventListener("keydown", (ev) => {
  // digits typed into a field are text; a focused checkbox (auto-pass) takes no digits, so they pick moves
  if (ev.target.closest && ev.target.closest("input:not([type=checkbox]), select, textarea")) return;
  if (!current || ev.altKey || ev.ctrlKey || ev.metaKey) return;
  if (document.querySelector("dialog[open]")) return;  // a question or the rules are open: digits are not moves
  const n = Number(ev.key);
  const top = typeof chooseTopLevel === "function" ? chooseTopLevel().map((b) => Number(b.dataset.id)) : current.moves.map((mv) => mv.id);
  if (n >= 1 && n <= 9 && top[n - 1] !== undefined) { ev.preventDefault(); play(top[n - 1]); }
});

async function claim() {
  if (!token) return;
  try { await api("POST", `/api/games/${gameId}/claim`, { token, player: await playerKey() }); } catch (e) { /* the game page works without "my games" */ }
}

(function start() {
  setLang(lang());
  const css = el("link", { rel: "stylesheet", href: "" });
  document.head.append(css);
  layout();
  connect();
  claim();
  fetch(`/api/games/${gameId}`).then((r) => r.json()).then((g) => { if (g.game) css.href = `/games/${g.game}/web.css`; }).catch(() => {});  // the next load tries again
})();
