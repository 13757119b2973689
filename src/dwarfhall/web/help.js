// Help on every element: a thing with data-help shows that text in a small popup on hover, on keyboard focus and
// on a long press (touch), with a link to the rules section named by data-rules, opened in the "How to play"
// dialog (learn.js) without leaving the page. Escape closes it; screen readers get the text as a description.
"use strict";

Object.assign(TEXTS.en, { help_rules: "Rules:", help_more: "How to play" });
Object.assign(TEXTS.de, { help_rules: "Regeln:", help_more: "Spielanleitung" });

const HELP_PRESS_MS = 500;   // a press this long on a touch screen opens the help instead of clicking
const HELP_HOVER_MS = 250;   // a pointer resting this long on a thing opens its help
const HELP_LEAVE_MS = 200;   // time to move the pointer from the thing into its popup

const helpState = { quiet: null, node: null, how: null, pop: null, hoverTimer: null, leaveTimer: null, pressTimer: null, pressAt: null, swallowClick: false };

function helpPopup() {
  if (!helpState.pop) {
    helpState.pop = el("div", { id: "help-pop", class: "help-pop", role: "tooltip", hidden: true });
    helpState.pop.addEventListener("pointerenter", () => helpStay());
    helpState.pop.addEventListener("pointerleave", () => helpLater());
    helpState.pop.addEventListener("focusout", (ev) => { if (!helpState.pop.contains(ev.relatedTarget) && ev.relatedTarget !== helpState.node) helpHide(); });
  }
  return helpState.pop;
}

// how: "hover" (a resting mouse), "focus" (the keyboard) or "press" (a long touch); a hover help closes when the
// mouse is anywhere else
function helpShow(node, how) {
  helpStay();
  clearTimeout(helpState.hoverTimer);
  const pop = helpPopup();
  if (helpState.node && helpState.node !== node) helpState.node.removeAttribute("aria-describedby");
  helpState.node = node;
  helpState.how = how;
  const section = node.dataset.rules;
  pop.replaceChildren(el("p", { class: "help-text" }, node.dataset.help));
  if (section) {
    pop.append(el("p", { class: "help-rules" }, `${t("help_rules")} `, el("a", {
      href: `#rules-${section}`, class: "help-link", "data-section": section,
      onclick: (ev) => { ev.preventDefault(); ev.stopPropagation(); helpRules(section); },
    }, helpTitle(section) || t("help_more"))));
  }
  // right after the thing, so that Tab reaches the link next; fixed, so it moves nothing on the page (a thing
  // inside an SVG drawing, a map place, gets it after the drawing: HTML inside SVG is not shown)
  const anchor = node.ownerSVGElement || node;
  if (pop.previousElementSibling !== anchor) anchor.after(pop);
  pop.hidden = false;
  node.setAttribute("aria-describedby", "help-pop");
  helpPlace(node, pop);
}

// beside the thing, never over it: below when there is room, else above (on a phone the width of the screen)
function helpPlace(node, pop) {
  const r = node.getBoundingClientRect();
  const vw = document.documentElement.clientWidth;
  const vh = window.innerHeight;
  const narrow = vw < 600;
  pop.style.maxWidth = narrow ? `${vw - 16}px` : "22em";
  pop.style.left = "0px";
  pop.style.top = "0px";
  const w = pop.offsetWidth;
  const h = pop.offsetHeight;
  const below = vh - r.bottom;
  const above = r.top;
  let top = below >= h + 8 || below >= above ? r.bottom + 6 : r.top - h - 6;
  if (top < 4 && below >= above) top = r.bottom + 6;
  const left = narrow ? 8 : Math.max(4, Math.min(r.left, vw - w - 4));
  pop.style.left = `${left}px`;
  pop.style.top = `${Math.max(4, top)}px`;
}

// the rules sections' titles, read from the rules fragment at the first help shown (a page opens no slower)
const helpTitles = { lang: null, map: null, loading: false };

function helpTitle(section) {
  if (helpTitles.lang !== lang()) Object.assign(helpTitles, { lang: lang(), map: null, loading: false });
  if (helpTitles.map) return helpTitles.map[section];
  if (!helpTitles.loading && typeof learnGameOfPage === "function") {
    helpTitles.loading = true;
    learnGameOfPage()
      .then((game) => (game ? fetch(`/rules/${game}?lang=${lang()}&fragment=true`).then((r) => (r.ok ? r.text() : "")) : ""))
      .then((html) => {
        const doc = new DOMParser().parseFromString(html, "text/html");  // our own server's fragment
        helpTitles.map = {};
        for (const s of doc.querySelectorAll("section[id^='rules-']")) {
          const h = s.querySelector("h2");
          if (h) helpTitles.map[s.id.slice("rules-".length)] = h.textContent;
        }
        const link = document.querySelector("#help-pop .help-link");
        if (link && helpTitles.map[link.dataset.section]) link.textContent = helpTitles.map[link.dataset.section];
      })
      .catch(() => { helpTitles.map = {}; });
  }
  return null;
}

function helpHide() {
  clearTimeout(helpState.hoverTimer);
  helpStay();
  if (helpState.node) helpState.node.removeAttribute("aria-describedby");
  helpState.node = null;
  if (helpState.pop) helpState.pop.hidden = true;
}

// the board was drawn again (a move or a message arrived while the help was open): the help follows its thing
// into the new drawing, or closes when the thing is gone; a thing just clicked stays quiet in the new drawing too
function helpRedrawn() {
  const quiet = helpState.quiet;
  if (quiet && !quiet.isConnected) helpState.quiet = helpSameThing(quiet);
  const old = helpState.node;
  if (!old || old.isConnected) return;
  const again = helpSameThing(old);
  helpState.node = null;
  if (again) helpShow(again, helpState.how); else helpHide();
}

function helpSameThing(old) {
  return [...document.querySelectorAll("#board [data-help]")]
    .find((n) => n.dataset.help === old.dataset.help && n.dataset.rules === old.dataset.rules) || null;
}

function helpLater() {
  helpStay();
  helpState.leaveTimer = setTimeout(helpHide, HELP_LEAVE_MS);
}

// a pending close called off (the pointer came back); null marks that none is pending
function helpStay() {
  clearTimeout(helpState.leaveTimer);
  helpState.leaveTimer = null;
}

// the rules section in the "How to play" dialog, scrolled to; on a page without it, the section's anchor
async function helpRules(section) {
  helpHide();
  if (typeof learnOpen !== "function") { location.hash = `rules-${section}`; return; }
  await learnOpen();
  const target = document.querySelector(`#rules-dialog #rules-${CSS.escape(section)}`);
  if (target) { target.scrollIntoView({ block: "start" }); target.setAttribute("tabindex", "-1"); target.focus({ preventScroll: true }); }
}

function helpNode(ev) {
  return ev.target && ev.target.closest ? ev.target.closest("[data-help]") : null;
}

document.addEventListener("pointerover", (ev) => {
  if (ev.pointerType !== "mouse") return;
  const node = helpNode(ev);
  if (!node) return;
  helpStay();
  if (helpState.node === node && !helpState.pop.hidden) return;
  if (helpState.quiet === node) return;
  clearTimeout(helpState.hoverTimer);
  helpState.hoverTimer = setTimeout(() => helpShow(node, "hover"), HELP_HOVER_MS);
});
document.addEventListener("pointerout", (ev) => {
  if (ev.pointerType !== "mouse") return;
  const node = helpNode(ev);
  if (!node || node.contains(ev.relatedTarget)) return;
  if (helpState.quiet === node) helpState.quiet = null;
  clearTimeout(helpState.hoverTimer);
  if (helpState.node === node) helpLater();
});
document.addEventListener("focusin", (ev) => {
  const node = helpNode(ev);
  if (node && node.matches(":focus-visible")) helpShow(node, "focus");
});
document.addEventListener("focusout", (ev) => {
  const node = helpNode(ev);
  if (node && helpState.node === node && !(helpState.pop && helpState.pop.contains(ev.relatedTarget))) helpHide();
});
document.addEventListener("keydown", (ev) => { if (ev.key === "Escape" && helpState.node) { const node = helpState.node; helpHide(); node.focus && node.focus({ preventScroll: true }); } });

// a long press on a touch screen: the help, and the click that follows the lift is swallowed
document.addEventListener("pointerdown", (ev) => {
  helpState.swallowClick = false;  // a long press whose click never came swallows no later tap
  if (helpState.pop && helpState.pop.contains(ev.target)) return;
  if (helpState.node && !helpNode(ev)) helpHide();  // a tap elsewhere closes it
  if (ev.pointerType === "mouse") {
    // a click is a move being made: the help steps aside until the pointer comes back
    clearTimeout(helpState.hoverTimer);
    if (helpNode(ev)) { helpHide(); helpState.quiet = helpNode(ev); }
    return;
  }
  const node = helpNode(ev);
  if (!node) return;
  clearTimeout(helpState.pressTimer);
  helpState.pressAt = [ev.clientX, ev.clientY];
  helpState.pressTimer = setTimeout(() => { helpState.swallowClick = true; helpShow(node, "press"); }, HELP_PRESS_MS);
});
// the mouse anywhere but on the thing or its popup closes a hover help: after a redraw the browser may never
// send the new thing a pointerout, as the pointer never entered it
document.addEventListener("pointermove", (ev) => {
  if (ev.pointerType !== "mouse" || helpState.how !== "hover" || !helpState.node || helpState.pop.hidden) return;
  if (helpState.node.contains(ev.target) || helpState.pop.contains(ev.target)) { helpStay(); return; }
  if (!helpState.leaveTimer) helpLater();
});
document.addEventListener("pointermove", (ev) => {
  if (!helpState.pressAt || ev.pointerType === "mouse") return;
  if (Math.hypot(ev.clientX - helpState.pressAt[0], ev.clientY - helpState.pressAt[1]) > 10) { clearTimeout(helpState.pressTimer); helpState.pressAt = null; }
});
for (const kind of ["pointerup", "pointercancel"]) {
  document.addEventListener(kind, () => { clearTimeout(helpState.pressTimer); helpState.pressAt = null; });
}
document.addEventListener("click", (ev) => {
  if (!helpState.swallowClick) return;
  helpState.swallowClick = false;
  if (helpNode(ev)) { ev.preventDefault(); ev.stopPropagation(); }
}, true);
document.addEventListener("contextmenu", (ev) => { if (helpState.swallowClick || (helpState.node && helpNode(ev) === helpState.node)) ev.preventDefault(); });
