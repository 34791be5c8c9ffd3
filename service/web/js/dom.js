// @ts-check
import { t } from "./i18n.js";

// A tiny element builder, shared by the shell and the boards: h("button", {class: "x",
// onclick: f}, "text", child). Attributes starting with "on" become listeners; `dataset`
// and boolean attributes are handled; null and false children are skipped.

/**
 * @param {string} tag
 * @param {Record<string, any>|null} [attrs]
 * @param {...(Node|string|number|null|undefined|false|(Node|string|null|undefined|false)[])} children
 * @returns {HTMLElement}
 */
export function h(tag, attrs, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key.startsWith("on") && typeof value === "function") {
      el.addEventListener(key.slice(2), value);
    } else if (key === "dataset") {
      Object.assign(el.dataset, value);
    } else if (key === "class") {
      el.className = String(value);
    } else if (key === "style") {
      // Through the CSSOM: the page's Content-Security-Policy refuses style attributes.
      el.style.cssText = String(value);
    } else if (value === true) {
      el.setAttribute(key, "");
    } else {
      el.setAttribute(key, String(value));
    }
  }
  append(el, children);
  return el;
}

/** @param {HTMLElement} el  @param {any[]} children */
function append(el, children) {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    if (Array.isArray(child)) append(el, child);
    else el.append(child instanceof Node ? child : String(child));
  }
}

/** "keeper_of_flames" or "SomeSeat" -> "Keeper of flames" (for ids with no name). @param {string} id */
export function humanize(id) {
  // Pantacle's seats count from 0 ("seat-0"); people count from 1.
  const seat = /^seat-(\d+)$/.exec(String(id));
  if (seat) return t("Seat {n}", { n: Number(seat[1]) + 1 });
  const words = String(id).replace(/[_-]+/g, " ").replace(/([a-z])([A-Z])/g, "$1 $2").trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * Replace an element's children (null and false skipped, as in `h`).
 * @param {Element} el
 * @param {...(Node|string|number|null|undefined|false|(Node|string|null|undefined|false)[])} children
 */
export function fill(el, ...children) {
  el.replaceChildren();
  append(/** @type {HTMLElement} */ (el), children);
}
