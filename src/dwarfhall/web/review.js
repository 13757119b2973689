// The coach's review of a finished game: asked for on the server, its progress shown while it runs, then each
// decision of the seat with its mark; a click on a decision shows that position in the replay.
"use strict";

addTexts({
  review: ["Review", "Analyse"],
  review_seat: ["Review of", "Analyse von"],
  review_start: ["Review", "Analysieren"],
  review_running: ["Reviewing…", "Analysiere…"],
  review_failed: ["The review stopped; ask for it again.", "Die Analyse wurde abgebrochen; starte sie neu."],
  accuracy: ["Accuracy", "Genauigkeit"],
  win_chance: ["win chance", "Gewinnchance"],
  played: ["played", "gespielt"],
  best: ["best", "am besten"],
  turning_points: ["Turning points", "Wendepunkte"],
  move_no: ["Move", "Zug"],
  bots_choice: ["the bot's choice too", "auch die Wahl des Bots"],
  mark_inaccuracy: ["inaccuracy", "Ungenauigkeit"],
  mark_mistake: ["mistake", "Fehler"],
  mark_blunder: ["blunder", "grober Fehler"],
  marks_inaccuracy: ["inaccuracies", "Ungenauigkeiten"],
  marks_mistake: ["mistakes", "Fehler"],
  marks_blunder: ["blunders", "grobe Fehler"],
  review_help: ["Each decision with the bot's estimate, from what this seat knew at that moment. Click a line to see the position.", "Jede Entscheidung mit der Schätzung des Bots, aus dem, was dieser Platz damals wusste. Klicke eine Zeile, um die Stellung zu sehen."],
});

const coachReview = { seat: null, data: null, lang: null, polling: false, asked: false };

function pct(x) {
  return `${Math.round(x * 100)} %`;
}

function drawReview(endBox, m) {
  let panel = document.getElementById("review");
  if (m.to_act !== null || m.status !== "finished") { if (panel) panel.remove(); return; }
  if (!panel) {
    panel = el("section", { class: "card review", id: "review" });
    endBox.after(panel);
    if (coachReview.seat === null) coachReview.seat = m.seat !== null ? m.seat : 0;
    panel.append(el("h2", {}, t("review")),
      el("div", { class: "review-controls" },
        el("label", {}, `${t("review_seat")} `, el("select", { id: "review-seat", onchange: (ev) => { coachReview.seat = Number(ev.target.value); coachReview.data = null; showReview(); lookReview(); } },
          m.seats.map((s) => el("option", { value: String(s.seat), selected: s.seat === coachReview.seat }, seatName(s.seat))))),
        " ", el("button", { type: "button", id: "review-start", onclick: startReview }, t("review_start"))),
      el("progress", { id: "review-progress", max: "1", value: "0", hidden: true }),
      el("div", { id: "review-body" }));
    if (coachReview.data && coachReview.lang === lang()) showReview(); else lookReview();
  }
}

async function startReview() {
  try {
    const r = await api("POST", `/api/games/${gameId}/reviews/${coachReview.seat}`);
    showProgress(r);
    pollReview();
  } catch (e) { showError(e.message); }
}

async function lookReview() {
  // a stored review (or one under way) shows at once; none yet is no error
  const res = await fetch(`/api/games/${gameId}/reviews/${coachReview.seat}?lang=${lang()}`);
  if (!res.ok) return;
  const r = await res.json();
  if (r.status === "running") { showProgress(r); pollReview(); }
  else if (r.status === "done") { coachReview.data = r; coachReview.lang = lang(); showReview(); }
}

async function pollReview() {
  if (coachReview.polling) return;
  coachReview.polling = true;
  const seat = coachReview.seat;
  try {
    for (;;) {
      const r = await api("GET", `/api/games/${gameId}/reviews/${seat}?lang=${lang()}`);
      if (seat !== coachReview.seat) return;
      showProgress(r);
      if (r.status === "done") { coachReview.data = r; coachReview.lang = lang(); showReview(); return; }
      if (r.status !== "running") { showError(t("review_failed")); return; }
      await new Promise((ok) => setTimeout(ok, 400));
    }
  } catch (e) { showError(e.message); } finally { coachReview.polling = false; }
}

function showProgress(r) {
  const bar = document.getElementById("review-progress");
  if (!bar) return;
  bar.hidden = r.status !== "running";
  bar.max = Math.max(1, r.total);
  bar.value = r.done;
  bar.title = `${r.done} / ${r.total}`;
  const body = document.getElementById("review-body");
  if (r.status === "running" && body) body.replaceChildren(el("p", { class: "dim", id: "review-state" }, `${t("review_running")} ${r.done} / ${r.total}`));
}

function showReview() {
  const body = document.getElementById("review-body");
  if (!body) return;
  const data = coachReview.data;
  if (!data || !data.review) { body.replaceChildren(); return; }
  document.getElementById("review-progress").hidden = true;
  const rv = data.review;
  const counts = ["inaccuracy", "mistake", "blunder"].map((k) => `${rv.counts[k]} ${t(`${rv.counts[k] === 1 ? "mark" : "marks"}_${k}`)}`).join(" · ");
  const result = rv.result === null ? "" : ` · ${rv.result >= 1 ? t("won") : rv.result <= 0 ? t("lost") : t("draw")}`;
  const summary = el("p", { id: "review-summary" },
    el("strong", {}, `${t("accuracy")} ${rv.accuracy === null ? "–" : Math.round(rv.accuracy)}`), ` · ${counts}${result}`);
  const turning = el("p", { class: "small", id: "review-turning" }, `${t("turning_points")}: `,
    rv.turning_points.flatMap((tp, i) => [i ? ", " : "", el("a", { href: "#", onclick: (ev) => { ev.preventDefault(); showDecision(tp.move); } },
      `${t("move_no")} ${tp.move + 1} (${tp.swing > 0 ? "+" : "−"}${Math.round(Math.abs(tp.swing) * 100)})`)]));
  const list = el("ol", { class: "review-list", id: "review-list" }, rv.decisions.map((d) => {
    const same = d.played.action === d.top[0].action;
    return el("li", { class: `decision${d.mark ? " " + d.mark : ""}`, "data-move": d.move, tabindex: "0", role: "button",
      onclick: () => showDecision(d.move), onkeydown: (ev) => { if (ev.key === "Enter") showDecision(d.move); } },
      el("span", { class: "when" }, `${t("move_no")} ${d.move + 1}`), " ",
      el("span", { class: "chance", title: t("win_chance") }, pct(d.before)), " · ",
      el("span", { class: "played" }, `${t("played")}: ${d.played.label}${same ? "" : ` (${pct(d.played.chance)})`}`),
      same ? el("span", { class: "dim" }, ` · ${t("bots_choice")}`) : el("span", { class: "best" }, ` · ${t("best")}: ${d.top[0].label} (${pct(d.top[0].chance)})`),
      d.mark ? el("span", { class: `mark ${d.mark}` }, t(`mark_${d.mark}`)) : null);
  }));
  // as the terminal's review does: it says who used hints in this game
  const used = data.hints ? Object.entries(data.hints.used) : [];
  const hinted = used.length ? el("p", { class: "small", id: "review-hints" },
    `${t("hints_used_by")}: ${used.map(([seat, n]) => `${seatName(Number(seat))} (${n})`).join(", ")}`) : null;
  body.replaceChildren(summary, turning, hinted || "", el("p", { class: "dim small" }, t("review_help")), list);
}

function showDecision(move) {
  // the position the seat decided in, as that seat saw it
  replaySeat = String(coachReview.seat);
  const select = document.getElementById("replay-seat");
  if (select) select.value = replaySeat;
  for (const li of document.querySelectorAll("#review-list li")) li.classList.toggle("current", Number(li.dataset.move) === move);
  replay(move);
}
