// "My games": every game of the holder of a personal key, on any device (the key travels in the link).
"use strict";

async function render() {
  const params = hashParams();
  if (params.get("k")) localStorage.setItem("dwarfhall-player", params.get("k"));
  const key = await playerKey();
  document.getElementById("nav").replaceChildren(el("a", { href: "/" }, t("lobby")), langSwitch(() => render()));
  const main = document.getElementById("me");
  const link = `${location.origin}/me#k=${key}`;
  const games = await api("GET", `/api/players/${encodeURIComponent(key)}/games?lang=${lang()}`);
  const list = el("ul", { class: "games", id: "mine" });
  if (!games.length) list.append(el("li", { class: "dim" }, t("none")));
  for (const g of games) {
    for (const s of g.my_seats) {
      const turn = g.to_act === s.seat ? el("strong", { class: "turn" }, ` ${t("you")}: ${t("to_act")}`) : "";
      list.append(el("li", {}, el("a", { href: `/game/${g.id}#t=${s.token}` }, `${g.title} #${g.id}`), ` ${t("player")} ${s.seat} · ${g.status} · ${g.moves}`, turn));
    }
  }
  main.replaceChildren(el("section", { class: "card" }, el("h2", {}, t("my_games")), list,
    el("p", {}, t("my_games_link")), el("input", { readonly: true, value: link, size: "60", id: "melink" })));
}

render().catch((e) => document.getElementById("me").append(el("p", { class: "error" }, e.message)));
