// The lobby: each game with its picture and a one-click game against the computer, a new game set up seat by
// seat with its options, the games being played (your own ones to continue) and the finished ones.
"use strict";

let catalog = null;
let quickLevel = "normal";  // the computer's level for "Play against the computer", kept while the page lives

function nav() {
  document.getElementById("nav").replaceChildren(el("a", { href: "/me" }, t("my_games")), langSwitch(() => render()));
}

function seatName(seat) {
  return `${t("player")} ${seat}`;
}

function seatText(s) {
  if (s.kind === "bot") return s.level ? t("level_" + s.level) : `${t("bot")} ${s.bot}`;
  return s.taken ? t("person").split(" ")[0] : s.open ? t("free") : t("invited");
}

function countText(g) {
  // turns as the game counts them; a game the server does not hold in memory says nothing rather than actions
  return g.turns === null || g.turns === undefined ? null : `${g.turns} ${t(g.turns === 1 ? "turn_one" : "turns")}`;
}

function gameRow(g, action) {
  const who = g.to_act === null || g.to_act === undefined ? "" : `${seatName(g.to_act)} ${t("to_act")}`;
  let outcome = null;
  if (g.status === "finished") {
    outcome = g.winners && g.winners.length
      ? el("span", { class: "winner" }, `${t(g.winners.length > 1 ? "winners" : "winner")}: ${g.winners.map(seatName).join(", ")}`)
      : el("span", { class: "winner" }, t("draw"));
  }
  const facts = [`#${g.id}`, countText(g), g.seats.map(seatText).join(" / ")].filter(Boolean).join(" · ");
  return el("li", { class: "gamerow", "data-id": g.id },
    el("strong", {}, g.title), " ", el("span", { class: "dim" }, facts), " ",
    who ? el("span", { class: "turn" }, who) : null, outcome, " ", action);
}

function playersText(g) {
  const n = g.min_players === g.max_players ? String(g.min_players) : `${g.min_players}–${g.max_players}`;
  const parts = [`${n} ${t("players_n")}`];
  if (g.minutes) parts.push(`${g.minutes[0]}–${g.minutes[1]} ${t("minutes")}`);
  return parts.join(" · ");
}

// -- one game's card: picture, line, players and length, and the one-click game against the computer ---------
function gameCard(g) {
  const count = el("select", { class: "quick-players", "aria-label": t("players") },
    ...(g.players_option ? range(g.min_players, g.max_players).map((n) =>
      el("option", { value: String(n), selected: n === g.players }, `${n} ${t("players_n")}`)) : []));
  const seat = el("select", { class: "quick-seat", "aria-label": t("your_seat") });
  const fillSeats = () => {
    const n = g.players_option ? Number(count.value) : g.players;
    const was = Number(seat.value || 0);
    seat.replaceChildren(...range(0, n - 1).map((i) => el("option", { value: String(i), selected: i === Math.min(was, n - 1) }, seatName(i))));
  };
  count.addEventListener("change", fillSeats);
  fillSeats();
  const play = el("button", { type: "button", class: "vs-bots primary", "data-game": g.name,
    onclick: () => quickGame(g, Number(seat.value), g.players_option ? Number(count.value) : null, play) }, t("vs_computer"));
  return el("li", { class: "gamecard", "data-game": g.name },
    el("div", { class: "thumb", "aria-hidden": "true" },
      el("iframe", { src: g.picture, title: g.title, tabindex: "-1", scrolling: "no" })),
    el("div", { class: "gameinfo" },
      el("h3", {}, g.title),
      el("p", { class: "desc" }, g.description),
      el("p", { class: "dim small facts" }, playersText(g)),
      el("div", { class: "quick" },
        g.players_option ? el("label", {}, `${t("players")} `, count) : null,
        el("label", {}, `${t("your_seat")} `, seat), play),
      // per-game action buttons (rules, tutorials, a set-up form) go into this container
      el("div", { class: "game-actions", "data-game": g.name },
        el("button", { type: "button", class: "set-up", onclick: () => setUp(g.name) }, t("set_up")))));
}

function range(a, b) {
  const out = [];
  for (let n = a; n <= b; n++) out.push(n);
  return out;
}

async function quickGame(g, mine, players, button) {
  button.disabled = true;
  try {
    const count = players === null ? g.players : players;
    const seats = range(0, count - 1).map((i) => (i === mine ? { kind: "person", host: true } : { kind: "bot", bot: quickLevel }));
    const options = players === null ? {} : { [g.players_option]: players };
    const res = await api("POST", "/api/games", { game: g.name, options, seats, player: await playerKey(), lang: lang(), public: true });
    location.href = `/game/${res.id}#t=${res.token}`;
  } catch (e) {
    button.disabled = false;
    document.getElementById("quick-error").replaceChildren(el("p", { class: "error", role: "alert" }, e.message));
  }
}

function setUp(name) {
  const select = document.getElementById("game");
  select.value = name;
  select.dispatchEvent(new Event("change"));
  document.getElementById("create").scrollIntoView({ behavior: "smooth", block: "start" });
  select.focus({ preventScroll: true });
}

// -- the new-game form ------------------------------------------------------------------------------------
function fieldError(name) {
  return el("span", { class: "field-error", id: `err-${name}`, role: "alert", hidden: true });
}

function showError(name, text) {
  const box = document.getElementById(`err-${name}`);
  const input = document.querySelector(`[data-field="${name}"]`);
  if (!box) return false;
  box.textContent = text || "";
  box.hidden = !text;
  if (input) input.setAttribute("aria-invalid", text ? "true" : "false");
  return true;
}

function intProblem(value, min, max, optional) {
  if (value.trim() === "") return optional ? null : t("err_required");
  if (!/^-?\d+$/.test(value.trim())) return t("err_whole");
  const n = Number(value);
  if ((min !== null && n < min) || (max !== null && n > max)) {
    if (max === null) return t("err_at_least").replace("{min}", min);
    return t("err_between").replace("{min}", min).replace("{max}", max);
  }
  return null;
}

function optionControl(o, count) {
  const attrs = { "data-option": o.name, "data-field": o.name, id: `opt-${o.name}`, "aria-describedby": `help-${o.name} err-${o.name}` };
  let control;
  if (o.kind === "choice") {
    const choices = o.choices.filter((c) => c.seat === null || c.seat < count);
    control = el("select", attrs, choices.map((c) =>
      el("option", { value: String(c.value), selected: String(c.value) === String(o.default) }, c.seat === null ? c.label : seatName(c.seat))));
  } else if (o.kind === "bool") {
    control = el("input", Object.assign({ type: "checkbox", checked: o.default === true }, attrs));
  } else if (o.kind === "int") {
    control = el("input", Object.assign({
      type: "number", inputmode: "numeric", size: "6", min: o.min === null ? null : String(o.min), max: o.max === null ? null : String(o.max),
      value: o.default === null ? "" : String(o.default), placeholder: o.optional ? t("empty_none") : null,
      "data-kind": "int", "data-min": o.min === null ? "" : String(o.min), "data-max": o.max === null ? "" : String(o.max),
      "data-optional": o.optional ? "1" : "",
    }, attrs));
    control.addEventListener("input", () => checkInt(control));
  } else {
    control = el("input", Object.assign({ size: "12", value: o.default === null ? "" : String(o.default) }, attrs));
  }
  control.addEventListener("change", () => { if (o.kind !== "int") showError(o.name, null); });
  return el("div", { class: "opt" },
    el("label", { for: `opt-${o.name}` }, o.label), " ", control, " ", fieldError(o.name),
    el("p", { class: "help dim small", id: `help-${o.name}` }, o.help));
}

function checkInt(input) {
  const d = input.dataset;
  const problem = intProblem(input.value, d.min === "" ? null : Number(d.min), d.max === "" ? null : Number(d.max), d.optional === "1");
  showError(input.dataset.field, problem);
  return problem === null;
}

function checkSeats() {
  const mine = [...document.querySelectorAll("#seats select[data-seat]")].filter((s) => s.value === "me");
  let ok = true;
  document.querySelectorAll("#seats select[data-seat]").forEach((s) => {
    const i = s.dataset.seat;
    let problem = null;
    if (s.value === "me" && mine.length > 1 && s !== mine[0]) problem = t("err_one_me");
    if (s.value === "expert" && !document.getElementById(`spec${i}`).value.trim()) problem = t("err_spec");
    showError(`seat${i}`, problem);
    ok = ok && problem === null;
  });
  return ok;
}

function newGameForm(l) {
  const form = el("form", { id: "create", class: "card", onsubmit: create, novalidate: true });
  const gameSelect = el("select", { id: "game", name: "game", onchange: () => seatsFor() },
    catalog.games.map((g) => el("option", { value: g.name }, g.title)));
  const langSelect = el("select", { id: "glang", name: "lang" },
    el("option", { value: "en", selected: l === "en" }, "English"), el("option", { value: "de", selected: l === "de" }, "Deutsch"));
  const seatsBox = el("div", { id: "seats" });
  const optionsBox = el("details", { id: "options" }, el("summary", {}, t("options")));
  const clock = el("input", { type: "number", id: "clock", min: "10", size: "6", "data-field": "clock", inputmode: "numeric", "aria-describedby": "err-clock" });
  clock.addEventListener("input", () => showError("clock", intProblem(clock.value, 10, null, true)));
  form.append(
    el("h2", {}, t("new_game")),
    el("label", {}, t("game"), " ", gameSelect), " ",
    el("label", {}, t("language"), " ", langSelect),
    seatsBox, optionsBox,
    el("div", {}, el("label", {}, el("input", { type: "checkbox", id: "public", checked: true }), " ", t("public"))),
    el("div", {}, el("label", {}, t("clock"), " ", clock), " ", fieldError("clock")),
    el("div", {}, el("button", { type: "submit", id: "create-btn", class: "primary" }, t("create"))),
    el("div", { id: "created" }),
  );
  function seatsFor() {
    const g = catalog.games.find((x) => x.name === gameSelect.value);
    const countSelect = document.getElementById("players");
    const count = g.players_option && countSelect && countSelect.dataset.game === g.name ? Number(countSelect.value) : g.players;
    const before = [...seatsBox.querySelectorAll("select[data-seat]")].map((s) => s.value);
    seatsBox.replaceChildren();
    if (g.players_option) {
      const field = g.options.find((o) => o.name === g.players_option);
      seatsBox.append(el("div", {}, el("label", {}, `${field ? field.label : t("players")} `,
        el("select", { id: "players", "data-game": g.name, "data-option": g.players_option, onchange: () => seatsFor() },
          range(g.min_players, g.max_players).map((n) => el("option", { value: String(n), selected: n === count }, String(n)))))));
    }
    for (let i = 0; i < count; i++) {
      const keep = before[i] && (before[i] !== "me" || !before.slice(0, i).includes("me")) ? before[i] : null;
      const chosen = keep || (i === 0 ? "me" : "bot:normal");
      const sel = el("select", { id: `seat${i}`, "data-seat": i, "data-field": `seat${i}`, "aria-describedby": `err-seat${i}` },
        el("option", { value: "me", selected: chosen === "me" }, t("you")),
        el("option", { value: "person", selected: chosen === "person" }, t("person")),
        el("option", { value: "open", selected: chosen === "open" }, t("person_open")),
        catalog.levels.map((lv) => el("option", { value: `bot:${lv.name}`, selected: chosen === `bot:${lv.name}`, title: lv.specs[g.name] || lv.spec },
          `${t("level_" + lv.name)}${lv.elo[g.name] ? ` (Elo ${lv.elo[g.name]})` : ""}`)),
        el("option", { value: "expert", selected: chosen === "expert" }, t("expert")));
      const spec = el("input", { id: `spec${i}`, placeholder: "ismcts:time=0.5", size: "18", hidden: chosen !== "expert", "aria-label": t("expert") });
      sel.addEventListener("change", () => { spec.hidden = sel.value !== "expert"; checkSeats(); });
      spec.addEventListener("input", () => checkSeats());
      seatsBox.append(el("div", {}, el("label", {}, `${seatName(i)} `, sel), " ", spec, " ", fieldError(`seat${i}`)));
    }
    const open = optionsBox.open;
    optionsBox.replaceChildren(el("summary", {}, t("options")),
      ...g.options.filter((o) => o.name !== g.players_option).map((o) => optionControl(o, count)));
    optionsBox.open = open;
  }
  seatsFor();
  return form;
}

async function render() {
  nav();
  const main = document.getElementById("lobby");
  const l = lang();
  if (!catalog || catalog.lang !== l) {
    catalog = await api("GET", `/api/catalog?lang=${l}`);
    catalog.lang = l;
  }
  const level = el("select", { id: "quick-level", onchange: () => { quickLevel = level.value; } },
    catalog.levels.map((lv) => el("option", { value: lv.name, selected: lv.name === quickLevel }, t("level_" + lv.name))));
  const games = el("section", { class: "card", id: "games" },
    el("div", { class: "games-head" }, el("h2", {}, t("games")),
      el("label", {}, `${t("computer_level")} `, level)),
    el("div", { id: "quick-error" }),
    el("ul", { class: "gamecards" }, catalog.games.map(gameCard)));
  const playing = el("ul", { id: "playing", class: "games" });
  const finished = el("ul", { id: "finished", class: "games" });
  main.replaceChildren(games, newGameForm(l),
    el("section", { class: "card" }, el("h2", {}, t("open_games")), playing),
    el("section", { class: "card" }, el("h2", {}, t("finished")), finished));
  const key = localStorage.getItem("dwarfhall-player");  // only a visitor who has one holds games of their own
  const [open, done, mine] = await Promise.all([
    api("GET", `/api/games?status=playing&lang=${l}`), api("GET", `/api/games?status=finished&lang=${l}`),
    key ? api("GET", `/api/players/${encodeURIComponent(key)}/games?lang=${l}`).catch(() => []) : Promise.resolve([])]);
  const myTokens = new Map(mine.filter((g) => g.my_seats.length).map((g) => [g.id, g.my_seats[0].token]));
  if (!open.length) playing.append(el("li", { class: "dim" }, t("none")));
  for (const g of open) {
    const token = myTokens.get(g.id);
    const free = g.seats.some((s) => s.open && !s.taken);  // a seat kept for an invitation link is never joined here
    const actions = token
      ? el("a", { href: `/game/${g.id}#t=${token}`, class: "continue" }, t("continue"))
      : el("span", {},
        free ? el("button", { type: "button", class: "join", onclick: () => join(g.id) }, t("join")) : null, " ",
        el("a", { href: `/game/${g.id}`, class: "watch" }, t("watch")));
    playing.append(gameRow(g, actions));
  }
  if (!done.length) finished.append(el("li", { class: "dim" }, t("none")));
  for (const g of done) finished.append(gameRow(g, el("a", { href: `/game/${g.id}` }, t("replay"))));
}

async function join(id) {
  const player = await playerKey();
  const res = await api("POST", `/api/games/${id}/join`, { player });
  location.href = `/game/${id}#t=${res.token}`;
}

// the field a server's refusal names ("options.turn_limit: ...", "option eras: ...", "seats[1].bot: ...", "clock")
function fieldOf(message) {
  let m = /options?[. ](\w+)/.exec(message);
  if (m && document.getElementById(`err-${m[1]}`)) return m[1];
  m = /seats\[(\d+)\]/.exec(message);
  if (m) return `seat${m[1]}`;
  if (/^clock/.test(message)) return "clock";
  return null;
}

async function create(ev) {
  ev.preventDefault();
  const out = document.getElementById("created");
  out.replaceChildren();
  let ok = checkSeats();
  document.querySelectorAll('#create input[data-kind="int"]').forEach((inp) => { ok = checkInt(inp) && ok; });
  const clock = document.getElementById("clock").value;
  const clockProblem = intProblem(clock, 10, null, true);
  showError("clock", clockProblem);
  if (!ok || clockProblem) {
    const first = document.querySelector('#create [aria-invalid="true"]');
    if (first) {
      if (first.closest("details")) first.closest("details").open = true;
      first.focus();
    }
    return;
  }
  const player = await playerKey();
  const game = document.getElementById("game").value;
  const seats = [];
  document.querySelectorAll("#seats select[data-seat]").forEach((sel, i) => {
    const v = sel.value;
    if (v === "me") seats.push({ kind: "person", host: true });
    else if (v === "person") seats.push({ kind: "person" });
    else if (v === "open") seats.push({ kind: "person", open: true });
    else if (v === "expert") seats.push({ kind: "bot", bot: document.getElementById(`spec${i}`).value.trim() });
    else seats.push({ kind: "bot", bot: v.slice(4) });
  });
  const options = {};
  document.querySelectorAll("#create [data-option]").forEach((inp) => {
    if (inp.type === "checkbox") options[inp.dataset.option] = inp.checked;
    else if (inp.dataset.kind === "int" || inp.id === "players") { if (inp.value.trim() !== "") options[inp.dataset.option] = Number(inp.value); }
    else if (inp.value !== "") options[inp.dataset.option] = inp.value;
  });
  try {
    const res = await api("POST", "/api/games", {
      game, options, seats, player, lang: document.getElementById("glang").value,
      public: document.getElementById("public").checked, clock: clock ? Number(clock) : null,
    });
    const hostLink = `/game/${res.id}#t=${res.token}`;
    const others = res.seats.filter((s) => s.token && s.token !== res.token);
    if (!others.length) { location.href = hostLink; return; }
    out.replaceChildren(el("h3", {}, t("invite")), el("p", {}, t("invite_help")),
      el("ul", { class: "links" }, others.map((s) => {
        const url = `${location.origin}/game/${res.id}#t=${s.token}`;
        return el("li", {}, `${t("invitation_for")} ${s.seat}: `, el("input", { class: "invite", readonly: true, value: url, size: "50", "data-seat": s.seat }));
      })),
      el("p", {}, el("a", { href: hostLink, id: "go" }, `${t("open")} ${t("game")} #${res.id}`)));
  } catch (e) {
    const field = fieldOf(e.message);
    if (field && showError(field, e.message.replace(/^[^:]*:\s*/, ""))) {
      const input = document.querySelector(`[data-field="${field}"]`);
      if (input && input.closest("details")) input.closest("details").open = true;
      if (input) input.focus();
    } else {
      out.replaceChildren(el("p", { class: "error", role: "alert" }, e.message));
    }
  }
}

render().catch((e) => document.getElementById("lobby").append(el("p", { class: "error" }, e.message)));
