// Moves by the things they act on, and a move list folded into groups. A move may name `things` (keys of the
// board's data-thing elements, in picking order), a `group` heading, a `confirm` question and a `preview`.
// Picking things narrows the moves to those whose things contain every pick (a key may repeat: two dice showing 4
// are two picks of "die:4"); when one move is left it is played, or shown with a confirm button.
"use strict";

Object.assign(TEXTS.en, {
  pick_clear: "Clear", pick_confirm: "Confirm", pick_more: "Pick more, or choose:", pick_picked: "Picked:",
  pick_one: "Confirm or change the picked things:", more_moves: "More moves", confirm_yes: "Yes", confirm_no: "Cancel",
  pick_left: "more",
});
Object.assign(TEXTS.de, {
  pick_clear: "Zurücksetzen", pick_confirm: "Bestätigen", pick_more: "Wähle weiter aus oder nimm einen Zug:",
  pick_picked: "Gewählt:", pick_one: "Bestätige oder ändere die Auswahl:", more_moves: "Weitere Züge",
  confirm_yes: "Ja", confirm_no: "Abbrechen", pick_left: "weitere",
});

const TOP_LEVEL = 12;  // buttons at the top of the move list; the rest fold away
const CHOICES_SHOWN = 10;  // candidate moves listed while things are being picked

const choosing = {
  version: null,
  picked: [],       // [{key, nth}]: the nth board element carrying data-thing=key
  preset: false,    // the rest of a move was picked for the player once (the cheapest payment); never again
  auto: [],         // the picks the page made for the player, which give way to another way to pay
  open: new Set(),  // the groups a player opened, kept open while the list is drawn again
};

function chooseMoves() {
  return (current && current.moves) || [];
}

// -- matching picks against moves (multisets of keys) --

function keyCounts(keys) {
  const c = new Map();
  for (const k of keys) c.set(k, (c.get(k) || 0) + 1);
  return c;
}

function thingsContain(things, keys) {
  const c = keyCounts(things);
  for (const k of keys) {
    const n = c.get(k) || 0;
    if (!n) return false;
    c.set(k, n - 1);
  }
  return true;
}

function pickedKeys() {
  return choosing.picked.map((p) => p.key);
}

function candidates(keys) {
  return chooseMoves().filter((m) => m.things && m.things.length && thingsContain(m.things, keys));
}

function fullMatches(moves, keys) {
  return moves.filter((m) => m.things.length === keys.length);
}

// the move to preselect: the fewest things, then the things worth least to keep (an optional data-worth on the
// board's element, e.g. a Wild Card that lasts beyond the turn), then the things that fit the fewest other moves
// (an axe fits almost any cost, so a die showing the number is spent first), then the game's order
function bestMove(moves, keys) {
  const fits = new Map();
  for (const m of chooseMoves()) for (const k of new Set(m.things || [])) fits.set(k, (fits.get(k) || 0) + 1);
  const worth = (k) => Number((thingNodes(k)[0] || { dataset: {} }).dataset.worth || 0);
  const rest = (m, weigh) => {
    const c = keyCounts(m.things);
    for (const k of keys) c.set(k, c.get(k) - 1);
    let cost = 0;
    for (const [k, n] of c) cost += n * weigh(k);
    return cost;
  };
  return moves.map((m, i) => ({ m, i, n: m.things.length, worth: rest(m, worth), fits: rest(m, (k) => fits.get(k) || 0) }))
    .sort((a, b) => a.n - b.n || a.worth - b.worth || a.fits - b.fits || a.i - b.i)[0].m;
}

// -- the board's things --

function thingNodes(key) {
  return [...document.querySelectorAll("#board [data-thing]")].filter((n) => n.dataset.thing === key);
}

function nodeNth(node) {
  return thingNodes(node.dataset.thing).indexOf(node);
}

function isPicked(node) {
  const nth = nodeNth(node);
  return choosing.picked.some((p) => p.key === node.dataset.thing && p.nth === nth);
}

function pickNode(node) {
  choosing.picked.push({ key: node.dataset.thing, nth: nodeNth(node) });
}

function pickKey(key) {
  // the first element carrying `key` that is not picked yet
  const taken = choosing.picked.filter((p) => p.key === key).map((p) => p.nth);
  const nodes = thingNodes(key);
  const nth = nodes.findIndex((_, i) => !taken.includes(i));
  if (nth >= 0) choosing.picked.push({ key, nth });
}

function chooseClear() {
  choosing.picked = [];
  choosing.auto = [];
  choosing.preset = false;
  chooseShow();
}

// a click (or Enter) on a board element; true when it was taken as a thing
function chooseThing(node) {
  const key = node && node.dataset ? node.dataset.thing : undefined;
  if (!key || !current || pending !== null) return false;
  const named = chooseMoves().some((m) => m.things && m.things.includes(key));
  if (!named) return false;
  if (isPicked(node)) {
    const nth = nodeNth(node);
    choosing.picked = choosing.picked.filter((p) => !(p.key === key && p.nth === nth));
    chooseShow();
    return true;
  }
  let gaveWay = [];  // the keys the page had picked, when they gave way to this click
  if (!candidates(pickedKeys().concat([key])).length) {
    // another way to pay: the things the page picked for the player give way to the one clicked
    gaveWay = choosing.auto.map((a) => a.key);
    choosing.picked = choosing.picked.filter((p) => !choosing.auto.some((a) => a.key === p.key && a.nth === p.nth));
    choosing.auto = [];
    if (!candidates(pickedKeys().concat([key])).length) { choosing.picked = []; choosing.preset = false; gaveWay = []; }  // a fresh start
  }
  pickNode(node);
  const keys = pickedKeys();
  const left = candidates(keys);
  const full = fullMatches(left, keys);
  if (left.length === 1 && full.length === 1) {
    chooseShow(false);
    chooseSend(full[0].id);
    return true;
  }
  // the thing every remaining move starts with (the card to play): preselect the best way to finish it, once;
  // a thing marked data-pick="list" (a map spot: build, explore or the fortress) lists the ways instead
  if (!choosing.preset && node.dataset.pick !== "list" && !full.length && left.length && left.every((m) => m.things[0] === key)) {
    preselect(left, keys, []);
    choosing.preset = true;
  } else if (gaveWay.length && !full.length && left.length) {
    // the payment is finished again around the new pick, keeping what it can of the page's earlier picks
    preselect(left, keys, gaveWay);
  }
  chooseShow();
  chooseKeepInView(node);
  const first = document.querySelector("#choose button.move");
  if (first && pickedByKeyboard) first.focus({ preventScroll: true });
  return true;
}

// picks the rest of the best remaining move for the player, preferring the one that keeps most of `prefer`;
// these picks are the page's own, which give way to another click
function preselect(left, keys, prefer) {
  const kept = (m) => {
    const c = keyCounts(m.things);
    for (const k of keys) c.set(k, c.get(k) - 1);
    let n = 0;
    for (const k of prefer) if (c.get(k) > 0) { c.set(k, c.get(k) - 1); n += 1; }
    return n;
  };
  const most = Math.max(...left.map(kept));
  const best = bestMove(left.filter((m) => kept(m) === most), keys);
  const c = keyCounts(keys);
  for (const k of best.things) {
    if (c.get(k)) c.set(k, c.get(k) - 1);
    else pickKey(k);
  }
  choosing.auto = choosing.picked.slice(keys.length);
}

// on a phone the moves are a sheet fixed at the bottom: a picked thing it would cover scrolls up above it
function chooseKeepInView(node) {
  const sheet = document.getElementById("choose") && document.getElementById("choose").closest("section");
  if (!sheet || getComputedStyle(sheet).position !== "fixed") return;
  const top = sheet.getBoundingClientRect().top;
  const r = node.getBoundingClientRect();
  if (r.bottom > top - 8) window.scrollBy({ top: r.bottom - top + 16 });
}
let pickedByKeyboard = false;  // the last pick came from the keyboard: the focus follows it to the choice

// marks picked and pickable things, and says in #choose what the picks lead to
function chooseShow(choices = true) {
  const box = document.getElementById("choose");
  if (!box) return;
  const keys = pickedKeys();
  const left = keys.length ? candidates(keys) : [];
  // what a click may still add: to the player's own picks, the ones the page made giving way
  const own = choosing.picked.filter((p) => !choosing.auto.some((a) => a.key === p.key && a.nth === p.nth)).map((p) => p.key);
  const open = keys.length ? candidates(own) : [];
  for (const node of document.querySelectorAll("#board [data-thing]")) {
    const named = chooseMoves().some((m) => m.things && m.things.includes(node.dataset.thing));
    const picked = named && isPicked(node);
    // a thing a move of this decision names answers a tap now (phones give it a finger's size: app.css)
    node.classList.toggle("thing-live", named);
    node.classList.toggle("thing-picked", picked);
    node.classList.toggle("thing-open", named && !picked && keys.length > 0 && open.some((m) => thingsContain(m.things, own.concat([node.dataset.thing]))));
    if (named) {
      node.setAttribute("aria-pressed", String(picked));
      if (!node.hasAttribute("tabindex")) node.setAttribute("tabindex", "0");
      if (!node.hasAttribute("role")) node.setAttribute("role", "button");
    } else node.removeAttribute("aria-pressed");
  }
  if (!keys.length || !choices) { box.replaceChildren(); return; }
  const full = fullMatches(left, keys);
  const parts = [];
  if (full.length === 1) {
    const m = full[0];
    parts.push(el("p", { class: "pick-head" }, t("pick_one")),
      el("div", { class: "choices" }, el("button", { type: "button", class: "move primary", id: "pick-confirm", "data-id": m.id, onclick: () => chooseSend(m.id) },
        el("span", { class: "move-label" }, `${t("pick_confirm")}: ${m.label}`), m.preview ? el("span", { class: "move-preview" }, m.preview) : null)));
  }
  const others = left.filter((m) => !full.includes(m) || full.length !== 1);
  if (others.length) {
    parts.push(el("p", { class: "pick-head" }, t("pick_more")),
      el("div", { class: "choices" }, others.slice(0, CHOICES_SHOWN).map((m) => moveButton(m, null))));
    if (others.length > CHOICES_SHOWN) parts.push(el("p", { class: "dim small" }, `+${others.length - CHOICES_SHOWN} ${t("pick_left")}`));
  }
  parts.push(el("button", { type: "button", class: "pick-clear", id: "pick-clear", onclick: chooseClear }, t("pick_clear")));
  box.replaceChildren(...parts);
}

// -- sending, with the in-page question for a move that asks one --

function chooseSend(id) {
  const m = chooseMoves().find((x) => x.id === id);
  if (!m || !m.confirm) { send(id); return; }
  let dialog = document.getElementById("confirm-move");
  if (!dialog) {
    dialog = el("dialog", { id: "confirm-move", class: "confirm-move", "aria-labelledby": "confirm-text" });
    document.body.append(dialog);
  }
  const yes = el("button", { type: "button", class: "primary", id: "confirm-yes", onclick: () => { dialog.close(); send(id); } }, `${t("confirm_yes")}: ${m.label}`);
  dialog.replaceChildren(el("p", { id: "confirm-text" }, m.confirm),
    el("div", { class: "choices" }, yes, el("button", { type: "button", id: "confirm-no", onclick: () => dialog.close() }, t("confirm_no"))));
  dialog.showModal();
  yes.focus();
}

// -- the move list: top-level buttons and groups, each with its preview --

function moveButton(m, shortcut) {
  return el("button", { type: "button", class: "move", "data-id": m.id, "aria-keyshortcuts": shortcut, onclick: () => chooseSend(m.id) },
    el("span", { class: "move-label" }, m.label), m.preview ? el("span", { class: "move-preview" }, m.preview) : null);
}

// the top-level buttons in order: the digits 1-9 play them
function chooseTopLevel() {
  return [...document.querySelectorAll("#moves > li > button.move")];
}

function chooseList(moves, box) {
  const items = [];  // in the order their first move comes: a move, or a group of moves
  const groups = new Map();
  for (const m of moves) {
    if (!m.group) { items.push({ move: m }); continue; }
    if (!groups.has(m.group)) { const g = { group: m.group, moves: [] }; groups.set(m.group, g); items.push(g); }
    groups.get(m.group).moves.push(m);
  }
  let top = items;
  let more = [];
  if (items.length > TOP_LEVEL) { top = items.slice(0, TOP_LEVEL - 1); more = items.slice(TOP_LEVEL - 1); }
  let digit = 0;
  const drawItem = (item) => {
    // the list numbers the top-level moves only, so that each number is the digit that plays it
    if (item.move) { digit += 1; return el("li", { value: digit }, moveButton(item.move, digit <= 9 ? String(digit) : null)); }
    return el("li", { class: "move-group" }, groupBox(item.group, item.moves.map((m) => el("li", {}, moveButton(m, null)))));
  };
  const lines = top.map(drawItem);
  if (more.length) {
    lines.push(el("li", { class: "move-group" }, groupBox(t("more_moves"), more.map((item) => item.move
      ? el("li", {}, moveButton(item.move, null))
      : el("li", {}, groupBox(item.group, item.moves.map((m) => el("li", {}, moveButton(m, null)))))))));
  }
  box.replaceChildren(...lines);
}

function groupBox(name, children) {
  return el("details", { open: choosing.open.has(name), "data-group": name, ontoggle: (ev) => {
    if (ev.target.open) choosing.open.add(name); else choosing.open.delete(name);
  } }, el("summary", {}, name, el("span", { class: "dim small" }, ` (${children.length})`)), el("ol", { class: "moves" }, children));
}

// game.js calls this after drawing a state: the list, and the picks of this decision (a new one starts afresh)
function chooseDraw(m, box) {
  if (choosing.version !== m.version) {
    choosing.version = m.version; choosing.picked = []; choosing.auto = []; choosing.preset = false; choosing.open.clear();
  }
  chooseList(m.moves, box);
  chooseShow();
}

document.addEventListener("keydown", (ev) => { pickedByKeyboard = ev.key === "Enter" || ev.key === " "; }, true);
document.addEventListener("pointerdown", () => { pickedByKeyboard = false; }, true);
