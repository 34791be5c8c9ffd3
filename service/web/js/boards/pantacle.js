// @ts-check
// The Pantacle board (filled in below the contract; see board-context.js).
import { gql } from "../api.js";

export const FRAGMENT = gql`
  fragment PantacleBoard on PantacleView {
    turn
    active
    decision { seat prompt }
  }
`;

/**
 * @param {HTMLElement} root
 * @param {import("../board-context.js").BoardContext} ctx
 */
export function render(root, ctx) {
  root.replaceChildren();
  const note = document.createElement("p");
  note.className = "board-note";
  note.textContent = ctx.view.decision ? ctx.view.decision.prompt : "";
  root.append(note);
}
