// The lobby: create a game, invitation links, games being played, finished games.
"use strict";

let catalog = null;

function nav() {
  const box = document.getElementById("nav");
  box.replaceChildren(
    el("a", { href: "/me" }, t("my_games")),
    langSwitch(() => render()),
  );
}

function gameRow(g, action) {
  const who = g.to_act === null || g.to_act === undefined ? "" : `${t("player")} ${g.to_act} ${t("to_act")}`;
  const seats = g.seats.map((s) => (s.kind === "bot" ? `${t("bot")} ${s.bot}` : s.taken ? t("person").split(" ")[0] : s.open ? t("free") : t("invited")));
  return el("li", { class: "gamerow" },
    el("strong", {}, g.title), " ",
    el("span", { class: "dim" }, `#${g.id} · ${g.moves} ${t("moves_made")} · ${seats.join(" / ")}`), " ",
    who ? el("span", { class: "turn" }, who) : null, " ",
    action);
}

async function render() {
  nav();
  const main = document.getElementById("lobby");
  const l = lang();
  if (!catalog || catalog.lang !== l) {
    catalog = await api("GET", `/api/catalog?lang=${l}`);
    catalog.lang = l;
  }
  const form = el("form", { id: "create", class: "card", onsubmit: create });
  const gameSelect = el("select", { id: "game", name: "game", onchange: () => seatsFor() },
    catalog.games.map((g) => el("option", { value: g.name }, g.title)));
  const langSelect = el("select", { id: "glang", name: "lang" },
    el("option", { value: "en", selected: l === "en" }, "English"), el("option", { value: "de", selected: l === "de" }, "Deutsch"));
  const seatsBox = el("div", { id: "seats" });
  const optionsBox = el("details", { id: "options" }, el("summary", {}, t("options")));
  form.append(
    el("h2", {}, t("new_game")),
    el("label", {}, t("game"), " ", gameSelect), " ",
    el("label", {}, t("language"), " ", langSelect),
    seatsBox, optionsBox,
    el("div", {}, el("label", {}, el("input", { type: "checkbox", id: "public", checked: true }), " ", t("public"))),
    el("div", {}, el("label", {}, t("clock"), " ", el("input", { type: "number", id: "clock", min: "10", size: "6" }))),
    el("div", {}, el("button", { type: "submit", id: "create-btn" }, t("create"))),
    el("div", { id: "created" }),
  );
  function seatsFor() {
    const g = catalog.games.find((x) => x.name === gameSelect.value);
    const countSelect = document.getElementById("players");
    const count = g.players_option && countSelect && countSelect.dataset.game === g.name ? Number(countSelect.value) : g.players;
    seatsBox.replaceChildren();
    if (g.players_option) {
      const counts = [];
      for (let n = g.min_players; n <= g.max_players; n++) counts.push(n);
      seatsBox.append(el("div", {}, el("label", {}, `${t("players")} `,
        el("select", { id: "players", "data-game": g.name, "data-option": g.players_option, onchange: () => seatsFor() },
          counts.map((n) => el("option", { value: String(n), selected: n === count }, String(n)))))));
    }
    for (let i = 0; i < count; i++) {
      const sel = el("select", { id: `seat${i}`, "data-seat": i },
        i === 0 ? el("option", { value: "me" }, t("you")) : null,
        el("option", { value: "person" }, t("person")),
        el("option", { value: "open" }, t("person_open")),
        catalog.levels.map((lv) => el("option", { value: `bot:${lv.name}`, selected: i === 1 && lv.name === "normal" },
          `${t("level_" + lv.name)}${lv.elo[g.name] ? ` (Elo ${lv.elo[g.name]})` : ""}`)),
        el("option", { value: "expert" }, t("expert")));
      const spec = el("input", { id: `spec${i}`, placeholder: "ismcts:time=0.5", size: "18", hidden: true });
      sel.addEventListener("change", () => { spec.hidden = sel.value !== "expert"; });
      seatsBox.append(el("div", {}, el("label", {}, `${t("player")} ${i} `, sel), " ", spec));
    }
    optionsBox.replaceChildren(el("summary", {}, t("options")),
      ...g.options.filter((o) => o.name !== g.players_option).map((o) => el("label", { class: "opt" }, `${o.name} `,
        el("input", { "data-option": o.name, placeholder: o.default === null ? "" : String(o.default), size: "12" }))));
  }
  seatsFor();
  const playing = el("ul", { id: "playing", class: "games" });
  const finished = el("ul", { id: "finished", class: "games" });
  main.replaceChildren(form,
    el("section", { class: "card" }, el("h2", {}, t("open_games")), playing),
    el("section", { class: "card" }, el("h2", {}, t("finished")), finished));
  const [open, done] = await Promise.all([
    api("GET", `/api/games?status=playing&lang=${l}`), api("GET", `/api/games?status=finished&lang=${l}`)]);
  if (!open.length) playing.append(el("li", { class: "dim" }, t("none")));
  for (const g of open) {
    const free = g.seats.some((s) => s.open && !s.taken);  // a seat kept for an invitation link is never joined here
    const actions = el("span", {},
      free ? el("button", { type: "button", class: "join", onclick: () => join(g.id) }, t("join")) : null, " ",
      el("a", { href: `/game/${g.id}` }, t("watch")));
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

async function create(ev) {
  ev.preventDefault();
  const player = await playerKey();
  const game = document.getElementById("game").value;
  const seats = [];
  let mine = null;
  document.querySelectorAll("#seats select[data-seat]").forEach((sel, i) => {
    const v = sel.value;
    if (v === "me") { seats.push({ kind: "person" }); mine = i; }
    else if (v === "person") seats.push({ kind: "person" });
    else if (v === "open") seats.push({ kind: "person", open: true });
    else if (v === "expert") seats.push({ kind: "bot", bot: document.getElementById(`spec${i}`).value || "normal" });
    else seats.push({ kind: "bot", bot: v.slice(4) });
  });
  const options = {};
  document.querySelectorAll("[data-option]").forEach((inp) => { if (inp.value) options[inp.dataset.option] = inp.value; });
  const clock = document.getElementById("clock").value;
  const out = document.getElementById("created");
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
    if (mine === null) mine = 0;
  } catch (e) {
    out.replaceChildren(el("p", { class: "error", role: "alert" }, e.message));
  }
}

render().catch((e) => document.getElementById("lobby").append(el("p", { class: "error" }, e.message)));
