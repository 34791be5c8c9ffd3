// @ts-check
// The Pagan board: a stub until the Pagan board module lands (branch webpagan). It selects a few
// fields and draws nothing; the shell's list of legal moves below the board is enough to play.
import { gql } from "../api.js";

export const FRAGMENT = gql`
  fragment PaganBoard on PaganView {
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
