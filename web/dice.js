// Dice as pictures: inline SVG built in the page (no files, no fonts).
// Poker dice show their card letter; standard dice show pips. Every die
// has a text alternative.

import { faceIndex, faceLabel, faceName, tr } from "./i18n.js";

const SVG = "http://www.w3.org/2000/svg";

function el(name, attrs) {
  const node = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  return node;
}

// Pip centres on a 100×100 face, by number of pips.
const PIPS = {
  1: [[50, 50]],
  2: [[28, 28], [72, 72]],
  3: [[26, 26], [50, 50], [74, 74]],
  4: [[28, 28], [72, 28], [28, 72], [72, 72]],
  5: [[26, 26], [74, 26], [50, 50], [26, 74], [74, 74]],
  6: [[28, 24], [72, 24], [28, 50], [72, 50], [28, 76], [72, 76]],
};
// Standard-dice pips by face index (nine … ace = 2 3 4 5 6 1).
const STANDARD_PIPS = [2, 3, 4, 5, 6, 1];
// Poker faces: the court cards and the ace in red, the numbers in ink.
const RED = new Set([2, 3, 4]);

/// The picture of one die showing `letter` (9 T J Q K A), or its back
/// (`letter` null: a hidden die).
export function dieSvg(lang, dice, letter) {
  const svg = el("svg", { viewBox: "0 0 100 100", "aria-hidden": "true", focusable: "false" });
  svg.classList.add("die-svg");
  svg.appendChild(el("rect", { x: 3, y: 3, width: 94, height: 94, rx: 18, class: "die-body" }));
  if (letter === null) {
    svg.appendChild(el("rect", { x: 22, y: 22, width: 56, height: 56, rx: 10, class: "die-back" }));
    return svg;
  }
  const face = faceIndex(letter);
  if (dice === "standard") {
    for (const [cx, cy] of PIPS[STANDARD_PIPS[face]]) {
      const pip = el("circle", { cx, cy, r: STANDARD_PIPS[face] === 1 ? 13 : 9.5 });
      pip.classList.add(STANDARD_PIPS[face] === 1 ? "pip-ace" : "pip");
      svg.appendChild(pip);
    }
    return svg;
  }
  const label = faceLabel(lang, dice, letter);
  const ink = RED.has(face) ? "face-red" : face === 5 ? "face-ace" : "face-ink";
  if (face === 5) svg.appendChild(el("circle", { cx: 50, cy: 52, r: 30, class: "ace-ring" }));
  const big = el("text", { x: 50, y: 52, class: `face-text ${ink}` });
  big.setAttribute("text-anchor", "middle");
  big.setAttribute("dominant-baseline", "central");
  if (label.length > 1) big.setAttribute("textLength", "58");
  big.textContent = label;
  svg.appendChild(big);
  for (const [x, y] of [[17, 22], [83, 88]]) {
    const small = el("text", { x, y, class: `corner-text ${ink}` });
    small.setAttribute("text-anchor", "middle");
    small.textContent = label;
    svg.appendChild(small);
  }
  return svg;
}

/// A die's text alternative: "die 2: king".
export function dieLabel(lang, dice, letter, position) {
  const what = letter === null ? tr(lang, "dieHidden") : faceName(lang, dice, letter);
  return position === null ? what : tr(lang, "dieAt", { n: position + 1, what });
}
