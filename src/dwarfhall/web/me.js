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
  const rows = [];
  for (const g of games) {
    for (const s of g.my_seats) rows.push({ g, s, waiting: g.status === "playing" && g.to_act === s.seat });
  }
  // the games waiting for you first, then the others being played, then the finished ones (each newest first)
  const rank = (r) => (r.waiting ? 0 : r.g.status === "playing" ? 1 : 2);
  rows.sort((a, b) => rank(a) - rank(b));
  if (!rows.length) list.append(el("li", { class: "dim" }, t("none")));
  for (const { g, s, waiting } of rows) {
    const facts = [`${t("player")} ${s.seat}`, t("status_" + g.status)];
    if (g.turns !== null && g.turns !== undefined) facts.push(`${g.turns} ${t(g.turns === 1 ? "turn_one" : "turns")}`);
    if (g.status === "finished" && !g.flag) {
      // the winner, and how this seat fared
      const mine = !g.winners || !g.winners.length ? t("draw") : g.winners.includes(s.seat) ? t("won") : t("lost");
      const who = g.winners && g.winners.length ? `${t(g.winners.length > 1 ? "winners" : "winner")}: ${g.winners.map((w) => `${t("player")} ${w}`).join(", ")} · ` : "";
      facts.push(`${who}${t("you")}: ${mine}`);
    }
    list.append(el("li", { class: waiting ? "waiting" : null, "data-id": g.id },
      el("a", { href: `/game/${g.id}#t=${s.token}` }, `${g.title} #${g.id}`), ` ${facts.join(" · ")}`,
      waiting ? el("strong", { class: "turn mine" }, ` ${t("your_turn")}`) : null));
  }
  main.replaceChildren(el("section", { class: "card" }, el("h2", {}, t("my_games")), list,
    el("p", {}, t("my_games_link")), el("input", { readonly: true, value: link, size: "60", id: "melink" })));
}

render().catch((e) => document.getElementById("me").append(el("p", { class: "error" }, e.message)));
