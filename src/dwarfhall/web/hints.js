// Hints at the table: the bot's three best moves for my decision now, from my own view; on in a game of one
// person against bots, otherwise once every person allowed them. The page says who used hints.
"use strict";

Object.assign(TEXTS.en, {
  hints: "Hints", hint: "Hint", hint_thinking: "Thinking…", hints_allow: "Allow hints in this game",
  hints_need_all: "Hints are on once every person at the table allows them; allowed so far:",
  hints_allowed_me: "You allow hints; waiting for the others.", hints_used_by: "Hints used by",
  hints_none_used: "No hints used.", hint_when_mine: "A hint is for your own decision.",
});
Object.assign(TEXTS.de, {
  hints: "Tipps", hint: "Tipp", hint_thinking: "Denke nach…", hints_allow: "Tipps in diesem Spiel erlauben",
  hints_need_all: "Tipps gibt es, sobald alle Personen am Tisch sie erlauben; bisher erlaubt von:",
  hints_allowed_me: "Du erlaubst Tipps; warte auf die anderen.", hints_used_by: "Tipps genutzt von",
  hints_none_used: "Keine Tipps genutzt.", hint_when_mine: "Ein Tipp gilt deiner eigenen Entscheidung.",
});

const coachHints = { version: null, state: null, answer: null, waiting: null };

async function drawHints(m) {
  if (coachHints.version !== m.version || coachHints.state === null) {
    coachHints.version = m.version;
    coachHints.answer = null;  // a hint is for one decision only
    try { coachHints.state = await api("GET", `/api/games/${gameId}/hints`); } catch (e) { return; }
  }
  showHints(m);
}

function showHints(m) {
  const side = document.querySelector(".side");
  if (!side || !current || current.version !== m.version) return;
  let box = document.getElementById("hints");
  if (!box) { box = el("section", { class: "card", id: "hints" }); side.insertBefore(box, side.children[1] || null); }
  const s = coachHints.state;
  if (!s) return;  // not read yet (the server was away): the next message draws it
  const used = Object.entries(s.used || {});
  const usedLine = el("p", { class: "dim small", id: "hints-used" }, used.length
    ? `${t("hints_used_by")}: ${used.map(([seat, n]) => `${seatName(Number(seat))} (${n})`).join(", ")}` : t("hints_none_used"));
  const mine = m.seat !== null && m.seats[m.seat].kind === "person";
  if (m.to_act === null || !mine) {
    box.hidden = !used.length;  // after the game (or for spectators) only who used hints
    box.replaceChildren(el("h2", {}, t("hints")), usedLine);
    return;
  }
  box.hidden = false;
  const parts = [el("h2", {}, t("hints"))];
  if (s.on) {
    const myTurn = m.to_act === m.seat && m.moves.length > 0;
    parts.push(el("button", { type: "button", id: "hint", disabled: !myTurn, title: myTurn ? null : t("hint_when_mine"), onclick: askHint }, t("hint")));
  } else {
    parts.push(el("p", { class: "small" }, `${t("hints_need_all")} ${s.allowed_by.length} / ${s.people.length}`));
    if (s.allowed_by.includes(m.seat)) {
      parts.push(el("p", { class: "dim small" }, t("hints_allowed_me")));
      // the others' answers change no board: look again now and then while waiting for them
      if (!coachHints.waiting) coachHints.waiting = setTimeout(() => { coachHints.waiting = null; coachHints.state = null; if (current) drawHints(current); }, 3000);
    }
    else parts.push(el("button", { type: "button", id: "hints-allow", onclick: allowHints }, t("hints_allow")));
  }
  if (coachHints.answer === "thinking") parts.push(el("p", { class: "dim", id: "hint-moves" }, t("hint_thinking")));
  else if (coachHints.answer) {
    parts.push(el("ol", { id: "hint-moves", class: "hint-moves" }, coachHints.answer.moves.map((mv) =>
      el("li", {}, mv.label, mv.chance === undefined ? "" : el("span", { class: "chance" }, ` ${Math.round(mv.chance * 100)} %`)))));
  }
  parts.push(usedLine);
  box.replaceChildren(...parts);
}

async function askHint() {
  const m = current;
  coachHints.answer = "thinking";
  showHints(m);
  try {
    const r = await api("POST", `/api/games/${gameId}/hint?lang=${lang()}`, { token });
    if (current.version !== r.version) return;  // the game moved on meanwhile: the hint is stale
    coachHints.answer = r;
    coachHints.state = await api("GET", `/api/games/${gameId}/hints`);
  } catch (e) { coachHints.answer = null; showError(e.message); }
  showHints(current);
}

async function allowHints() {
  try { coachHints.state = await api("POST", `/api/games/${gameId}/hints/allow`, { token }); } catch (e) { showError(e.message); }
  showHints(current);
}
