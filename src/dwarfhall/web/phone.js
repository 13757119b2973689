// Phones and tablets. The move bar folds to one line at the foot of the screen and opens on demand; the page
// scrolls above it, so it never covers the board. A board drawing marked "zoomable" by its game (a map) is zoomed
// by a two-finger pinch, panned with two fingers, and zoomed by buttons. game.js calls phoneLayout and phoneDraw.
"use strict";

Object.assign(TEXTS.en, {
  move_one: "move", moves_many: "moves", bar_open: "open", bar_close: "close",
  zoom_in: "Zoom in", zoom_out: "Zoom out", zoom_reset: "Show all", zoom_tools: "Zoom",
});
Object.assign(TEXTS.de, {
  move_one: "Zug", moves_many: "Züge", bar_open: "öffnen", bar_close: "schließen",
  zoom_in: "Vergrößern", zoom_out: "Verkleinern", zoom_reset: "Alles zeigen", zoom_tools: "Zoom",
});

const PHONE_NARROW = matchMedia("(max-width: 900px)");  // where the side column becomes the folded move bar
const PHONE_COARSE = matchMedia("(pointer: coarse)");
const TAP_SIZE = 44;  // px a tap target gets on a touch screen (at least 40)
const ZOOM_MAX = 5;
const phone = { open: false, auto: false, zoom: [] };
PHONE_NARROW.addEventListener("change", () => phoneBarHeight());  // a turned tablet: the bar comes or goes

function phoneLayout() {
  const bar = document.getElementById("movebar");
  if (!bar || bar.querySelector(".movebar-fold")) return;
  bar.prepend(el("button", { type: "button", class: "movebar-fold", "aria-controls": "movebar", onclick: () => phoneOpen(!phone.open, false) }));
  new ResizeObserver(phoneBarHeight).observe(bar);
  new MutationObserver(phoneChoices).observe(document.getElementById("choose"), { childList: true, subtree: true });
  new MutationObserver(phoneBoard).observe(document.getElementById("board"), { childList: true });
  phoneOpen(phone.open, phone.auto);
}

function phoneDraw() {
  phoneSummary();
  phoneBoard();
}

// the page's scroll area ends where the bar begins (--movebar-h, read by app.css)
function phoneBarHeight() {
  const bar = document.getElementById("movebar");
  const height = bar && PHONE_NARROW.matches ? bar.getBoundingClientRect().height : 0;
  document.documentElement.style.setProperty("--movebar-h", `${Math.ceil(height)}px`);
}

function phoneOpen(open, auto) {
  const bar = document.getElementById("movebar");
  if (!bar) return;
  phone.open = open;
  phone.auto = open && auto;
  bar.classList.toggle("folded", !open);
  bar.classList.toggle("choosing", phone.auto);  // opened for a choice: only its few moves, not the whole list
  bar.querySelector(".movebar-fold").setAttribute("aria-expanded", String(open));
  phoneSummary();
  phoneBarHeight();
}

function phoneSummary() {
  const fold = document.querySelector("#movebar .movebar-fold");
  if (!fold) return;
  const n = document.querySelectorAll("#moves button.move").length;
  fold.textContent = `${n} ${t(n === 1 ? "move_one" : "moves_many")} · ${t(phone.open ? "bar_close" : "bar_open")}`;
  fold.classList.toggle("mine", n > 0);
}

// a thing on the board with several moves asks which one in the bar: it opens for that, and folds again after
function phoneChoices() {
  const choosing = document.getElementById("choose").childElementCount > 0;
  if (choosing && !phone.open) phoneOpen(true, true);
  else if (!choosing && phone.auto) phoneOpen(false, false);
}

function phoneBoard() {
  document.querySelectorAll("#board .zoomable").forEach((box, i) => phoneZoomable(box, i));
}

function phoneZoomable(box, index) {
  const content = box.firstElementChild;
  if (!content || content.classList.contains("zoom-tools")) return;  // already set up
  const view = el("div", { class: "zoom-view" });
  content.replaceWith(view);
  view.append(content);
  const zoomBy = (f) => { const r = view.getBoundingClientRect(); phoneZoomAt(index, view, f, r.width / 2, r.height / 2); };
  box.prepend(el("div", { class: "zoom-tools", role: "group", "aria-label": t("zoom_tools") },
    el("button", { type: "button", class: "zoom-in", "aria-label": t("zoom_in"), title: t("zoom_in"), onclick: () => zoomBy(1.5) }, "+"),
    el("button", { type: "button", class: "zoom-out", "aria-label": t("zoom_out"), title: t("zoom_out"), onclick: () => zoomBy(1 / 1.5) }, "−"),
    el("button", { type: "button", class: "zoom-reset", "aria-label": t("zoom_reset"), title: t("zoom_reset"), onclick: () => phoneSetZoom(index, view, { s: 1, x: 0, y: 0, user: true }) }, "⤢")));
  phone.zoom[index] = phone.zoom[index] || { s: 1, x: 0, y: 0, user: false };
  phonePinch(view, index);
  view.addEventListener("click", (ev) => phoneTapSmall(ev, view, index), true);
  // a finger or a mouse focuses what it presses where it is seen: only the keyboard's focus is panned to
  const press = { down: false, up: -Infinity };
  view.addEventListener("pointerdown", () => { press.down = true; }, true);
  window.addEventListener("pointerup", (ev) => { press.down = false; press.up = ev.timeStamp; }, true);
  window.addEventListener("pointercancel", (ev) => { press.down = false; press.up = ev.timeStamp; }, true);
  view.addEventListener("focusin", (ev) => {
    if (!press.down && ev.timeStamp - press.up > PRESS_FOCUS_MS) phoneShow(index, view, ev.target);
  });
  new ResizeObserver(() => phoneFit(view, index)).observe(view);  // the game's styles arriving, a turned screen
  phoneFit(view, index);
}

// until the person zooms themselves, a touch screen shows the targets of each decision big enough to tap
function phoneFit(view, index) {
  if (!view.isConnected) return;
  if (phoneTouchy() && !phone.zoom[index].user && phoneTargets(view).length) phoneTapZoom(index, view);
  else phoneSetZoom(index, view, phone.zoom[index]);
}

function phoneTouchy() {
  return PHONE_COARSE.matches || PHONE_NARROW.matches;
}

// what a tap acts on now: moves, or a thing the decision names (choose.js); an element with help only is not one
const PHONE_TARGET = "[data-action], .thing-live";

function phoneTargets(view) {
  return [...view.querySelectorAll(PHONE_TARGET)];
}

// the smallest side of a target at zoom 1
function phoneSmallest(view, index) {
  const s = phone.zoom[index].s;
  const sides = phoneTargets(view).map((node) => { const r = node.getBoundingClientRect(); return Math.min(r.width, r.height) / s; });
  return sides.length ? Math.min(...sides) : 0;
}

// zoom in until every target is at least TAP_SIZE, with the targets' middle in the middle of the view
function phoneTapZoom(index, view, at) {
  const smallest = phoneSmallest(view, index);
  const s = smallest ? Math.min(ZOOM_MAX, Math.max(1, TAP_SIZE / smallest)) : 1;
  const r = view.getBoundingClientRect();
  const old = phone.zoom[index];
  let px, py;  // the point of the unzoomed drawing that is to be in the middle
  if (at) { px = (at.x - r.left - old.x) / old.s; py = (at.y - r.top - old.y) / old.s; } else {
    const boxes = phoneTargets(view).map((n) => n.getBoundingClientRect());
    px = ((Math.min(...boxes.map((b) => b.left)) + Math.max(...boxes.map((b) => b.right))) / 2 - r.left - old.x) / old.s;
    py = ((Math.min(...boxes.map((b) => b.top)) + Math.max(...boxes.map((b) => b.bottom))) / 2 - r.top - old.y) / old.s;
  }
  phoneSetZoom(index, view, { s, x: r.width / 2 - px * s, y: r.height / 2 - py * s, user: Boolean(at) || old.user });
}

// on a touch screen a tap on a target still too small to hit surely zooms in there instead of playing it
function phoneTapSmall(ev, view, index) {
  if (!PHONE_COARSE.matches || !ev.target.closest(PHONE_TARGET)) return;
  if (phoneSmallest(view, index) * phone.zoom[index].s >= 40) return;
  ev.stopPropagation();
  ev.preventDefault();
  phoneTapZoom(index, view, { x: ev.clientX, y: ev.clientY });
}

const PRESS_FOCUS_MS = 600;  // a tap's focus follows its pointerup by a few milliseconds
// a thing reached by the keyboard (or a screen reader) outside the zoomed part of the map is panned into sight
function phoneShow(index, view, node) {
  const z = phone.zoom[index];
  if (z.s === 1 || !node.getBoundingClientRect) return;
  const r = view.getBoundingClientRect(), b = node.getBoundingClientRect();
  if (b.left >= r.left && b.right <= r.right && b.top >= r.top && b.bottom <= r.bottom) return;
  // the drawing's point under the thing's middle comes to the middle of the view, at the same zoom
  const px = ((b.left + b.right) / 2 - r.left - z.x) / z.s, py = ((b.top + b.bottom) / 2 - r.top - z.y) / z.s;
  phoneSetZoom(index, view, { s: z.s, x: r.width / 2 - px * z.s, y: r.height / 2 - py * z.s, user: z.user });
}

function phoneZoomAt(index, view, factor, cx, cy) {
  const z = phone.zoom[index];
  const s = Math.min(ZOOM_MAX, Math.max(1, z.s * factor));
  phoneSetZoom(index, view, { s, x: cx - (cx - z.x) * (s / z.s), y: cy - (cy - z.y) * (s / z.s), user: true });
}

// the drawing always covers the view: no empty margin is panned into sight
function phoneSetZoom(index, view, z) {
  const w = view.clientWidth, h = view.clientHeight;
  const s = Math.min(ZOOM_MAX, Math.max(1, z.s));
  const x = Math.min(0, Math.max(w - w * s, z.x)), y = Math.min(0, Math.max(h - h * s, z.y));
  phone.zoom[index] = { s, x, y, user: Boolean(z.user) };
  view.firstElementChild.style.transform = s === 1 ? "" : `translate(${x}px, ${y}px) scale(${s})`;
  view.dataset.zoom = s.toFixed(2);
}

function phonePinch(view, index) {
  let start = null;
  const measure = (ev) => {
    const r = view.getBoundingClientRect();
    const [a, b] = ev.touches;
    return { d: Math.hypot(a.clientX - b.clientX, a.clientY - b.clientY) || 1,
      mx: (a.clientX + b.clientX) / 2 - r.left, my: (a.clientY + b.clientY) / 2 - r.top };
  };
  view.addEventListener("touchstart", (ev) => {
    if (ev.touches.length !== 2) { start = null; return; }
    start = { ...measure(ev), ...phone.zoom[index] };
  }, { passive: true });
  view.addEventListener("touchmove", (ev) => {
    if (!start || ev.touches.length !== 2) return;
    ev.preventDefault();  // the page itself does not zoom or scroll under two fingers on the map
    const now = measure(ev);
    const s = Math.min(ZOOM_MAX, Math.max(1, start.s * now.d / start.d));
    // the drawing's point that lay under the fingers' middle follows the middle (a pinch zooms and pans at once)
    const px = (start.mx - start.x) / start.s, py = (start.my - start.y) / start.s;
    phoneSetZoom(index, view, { s, x: now.mx - px * s, y: now.my - py * s, user: true });
  }, { passive: false });
  view.addEventListener("touchend", (ev) => { if (ev.touches.length < 2) start = null; }, { passive: true });
  view.addEventListener("touchcancel", () => { start = null; }, { passive: true });
}
