// @ts-check
// The Pantacle board: the PANTACLE with every seat's Flames at its five points, the Favor board
// (marked, announced, bribed), the piles and the supply, the bribe round (who passed what), and
// each Sanctuary: Influence, Adepts, Powers, the pentagram of Flame discs, the Resolve Bonus,
// Curses, the hand (blades face up in the seat's own view, backs otherwise). Every legal move is
// clickable where it lives: a point, a Favor, a disc, a blade, a Curse, a Sanctuary to look at;
// what lives nowhere (bribe, pass, stop, draw) is a button on the board's action bar.
// See board-context.js for the contract with the shell.
import { gql } from "../api.js";
import { h, humanize, seatWords } from "../dom.js";

export const FRAGMENT = gql`
  fragment PantacleBoard on PantacleView {
    seat players seats firstPlayer turn active decisions extraTurns
    supply { adepts influence }
    favors { marked announced announcedMoon bribedBy }
    keeperPileCount keeperDiscard cursePileCount
    sanctuaries {
      key
      value {
        influence adepts powers pentagram flames resolve handCount handSince turns
        curses { id name kind faceDown influence adepts target }
        hand { id keeper moon }
        knownHand { id keeper moon }
      }
    }
    passes { seat favor resolveHound }
    decision { seat kind prompt drawnCount drawn }
    outcome { winners reason }
    cursePileKnown { fromTop curse }
  }
`;

const POINTS = ["top", "upper-right", "lower-right", "lower-left", "upper-left"];
// The five points of a star in a 200×200 box, top first, clockwise.
const POINT_XY = /** @type {Record<string, [number, number]>} */ ({
  top: [100, 14], "upper-right": [182, 74], "lower-right": [151, 170], "lower-left": [49, 170], "upper-left": [18, 74],
});
const SEAT_COLOURS = ["#e3683b", "#6fa8dc", "#7fbf73", "#d9b44a", "#b07cd8"];
const SVG = "http://www.w3.org/2000/svg";

/**
 * @param {string} tag
 * @param {Record<string, string|number>} attrs
 * @param {...Node} children
 */
function svg(tag, attrs, ...children) {
  const el = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  el.append(...children);
  return el;
}

/** A small drawn Moon Phase (no emoji fonts needed). @param {string} moon */
function moonIcon(moon) {
  const lit = "#f3e9c6";
  const dark = "#2a2433";
  const shapes = {
    new: [svg("circle", { cx: 8, cy: 8, r: 7, fill: dark, stroke: lit, "stroke-width": 1 })],
    full: [svg("circle", { cx: 8, cy: 8, r: 7, fill: lit })],
    waxing: [svg("circle", { cx: 8, cy: 8, r: 7, fill: dark, stroke: lit, "stroke-width": 1 }), svg("path", { d: "M8 1 A7 7 0 0 1 8 15 Z", fill: lit })],
    waning: [svg("circle", { cx: 8, cy: 8, r: 7, fill: dark, stroke: lit, "stroke-width": 1 }), svg("path", { d: "M8 1 A7 7 0 0 0 8 15 Z", fill: lit })],
  };
  const icon = svg("svg", { viewBox: "0 0 16 16", width: 16, height: 16, class: `moon moon-${moon}`, "aria-hidden": "true" },
    ...(/** @type {any} */ (shapes)[moon] || []));
  return icon;
}

/**
 * The legal moves of this seat, found by what they act on.
 * @param {import("../board-context.js").LegalMove[]} moves
 */
function index(moves) {
  /** @type {Map<string, import("../board-context.js").LegalMove[]>} */
  const by = new Map();
  /** @type {Set<string>} */
  const placed = new Set();
  for (const move of moves) {
    const a = move.args || {};
    const keys = [];
    if (a.point) keys.push(`point:${a.point}`);
    if (a.favor) keys.push(`favor:${a.favor}`);
    if (a.disc) keys.push(`disc:${a.disc}`);
    if (a.blade) keys.push(`blade:${a.blade}`);
    if (a.from) keys.push(a.from === "resolve" ? "resolve" : `blade:${a.from}`);
    if (a.curse) keys.push(`curse:${a.curse}`);
    if (a.seat) keys.push(`seat:${a.seat}`);
    for (const key of keys) by.set(key, [...(by.get(key) || []), move]);
  }
  return {
    /** @param {string} key */
    take(key) {
      const found = by.get(key) || [];
      for (const m of found) placed.add(m.id);
      return found;
    },
    /** Moves no element of the board took. */
    rest() {
      return moves.filter((m) => !placed.has(m.id));
    },
  };
}

/**
 * @param {HTMLElement} root
 * @param {import("../board-context.js").BoardContext} ctx
 */
export function render(root, ctx) {
  // Typed from openapi/schema.graphql and FRAGMENT (web/: npm run check): a field the schema
  // drops or renames fails the type check.
  const view = /** @type {import("../../generated/graphql").PantacleBoardFragment} */ (ctx.view);
  const catalog = ctx.catalog || {};
  const favorsById = new Map((catalog.favors || []).map((/** @type {any} */ f) => [f.id, f]));
  const keeperNames = new Map((catalog.keepers || []).map((/** @type {any} */ k) => [k.id, k.name]));
  const pointsById = new Map((catalog.points || []).map((/** @type {any} */ p) => [p.id, p]));
  const cursesById = new Map((catalog.curses || []).map((/** @type {any} */ c) => [c.id, c]));
  const powersById = new Map((catalog.powers || []).map((/** @type {any} */ p) => [p.id, p]));
  const moves = index(ctx.myTurn ? ctx.legalMoves : []);
  const seats = /** @type {string[]} */ (view.seats || []);
  const colour = (/** @type {string} */ seat) => SEAT_COLOURS[Math.max(0, seats.indexOf(seat)) % SEAT_COLOURS.length];
  const sanctuaries = new Map((view.sanctuaries || []).map((/** @type {any} */ e) => [e.key, e.value]));
  const last = ctx.lastMove && ctx.lastMove.description ? ctx.lastMove.description.args || {} : {};
  const lastSeat = ctx.lastMove ? ctx.lastMove.seat : null;
  const keeperName = (/** @type {string} */ id) => keeperNames.get(id) || humanize(id);

  /**
   * A clickable element for the moves that act on it (or a plain one). Several moves on one
   * element (a blade to pay or to discard) become one button each, labelled by the move.
   * @param {string} tag  @param {Record<string, any>} attrs
   * @param {import("../board-context.js").LegalMove[]} found  @param {...any} children
   */
  function actionable(tag, attrs, found, ...children) {
    if (!found.length) return h(tag, attrs, ...children);
    if (found.length === 1) {
      const move = found[0];
      return h("button", {
        ...attrs, type: "button", class: `${attrs.class || ""} can`, title: move.label, "aria-label": move.label,
        "data-move-id": move.id, onclick: () => ctx.send(move).catch(() => {}),
      }, ...children);
    }
    return h(tag, { ...attrs, class: `${attrs.class || ""} can` }, ...children,
      h("span", { class: "choices" }, ...found.map((move) => h("button", {
        type: "button", class: "choice", "data-move-id": move.id, title: move.label,
        onclick: () => ctx.send(move).catch(() => {}),
      }, humanize(move.kind.toLowerCase())))));
  }

  // -- the PANTACLE ------------------------------------------------------------------------
  const star = svg("svg", { viewBox: "0 0 200 200", class: "pantacle-star", "aria-hidden": "true" },
    svg("circle", { cx: 100, cy: 100, r: 92, fill: "none", stroke: "#8a6d3b", "stroke-width": 2 }),
    svg("polygon", {
      points: ["top", "lower-right", "upper-left", "upper-right", "lower-left"].map((p) => POINT_XY[p].join(",")).join(" "),
      fill: "rgba(224,178,82,0.06)", stroke: "#e0b252", "stroke-width": 2,
    }));
  const pointEls = POINTS.map((point) => {
    const [x, y] = POINT_XY[point];
    const info = pointsById.get(point);
    const flames = seats.filter((s) => (sanctuaries.get(s)?.flames || []).includes(point));
    return actionable("div", {
      class: `point point-${point}${last.point === point ? " just" : ""}`,
      style: `left:${x / 2}%;top:${y / 2}%`,
      "data-point": point,
      title: info ? `${info.name}: ${info.text}` : humanize(point),
    }, moves.take(`point:${point}`),
    h("span", { class: "point-name" }, info ? info.name.replace(/ point$/, "") : humanize(point)),
    h("span", { class: "flames" }, ...flames.map((s) => h("span", { class: "disc", style: `background:${colour(s)}`, title: humanize(s) }))));
  });
  const pantacle = h("section", { class: "pantacle", "aria-label": "PANTACLE" }, h("h3", null, "PANTACLE"),
    h("div", { class: "star-wrap" }, star, ...pointEls));

  // -- the Favor board -----------------------------------------------------------------------
  const favors = view.favors || {};
  const favorList = (catalog.favors || []).length ? catalog.favors : [];
  const favorBoard = h("section", { class: "favor-board", "aria-label": "Favors" },
    h("h3", null, "Favors", favors.announced ? h("small", null, ` · announced: ${favorsById.get(favors.announced)?.name || humanize(favors.announced)}`) : null,
      favors.bribedBy ? h("small", null, ` · bribed by ${humanize(favors.bribedBy)}`) : null),
    h("div", { class: "favors" }, ...favorList.map((/** @type {any} */ f) => actionable("div", {
      class: ["favor", favors.marked === f.id ? "marked" : "", favors.announced === f.id ? "announced" : "", last.favor === f.id ? "just" : ""].join(" "),
      "data-favor": f.id,
      title: f.text,
    }, moves.take(`favor:${f.id}`),
    h("strong", null, f.name),
    h("span", { class: "keepers" }, f.keepers.map(keeperName).join(" + ")),
    f.moon ? h("span", { class: "favor-moon" }, moonIcon(f.moon)) : null,
    favors.marked === f.id ? h("span", { class: "marker", title: "the Favor marker" }, "◆") : null))));

  // -- piles, supply, turn --------------------------------------------------------------------
  const discard = /** @type {string[]} */ (view.keeperDiscard || []);
  const piles = h("section", { class: "piles" },
    h("div", { class: "pile" }, h("span", { class: "count" }, view.keeperPileCount), h("small", null, "Keeper pile")),
    h("div", { class: "pile" }, h("span", { class: "count" }, view.cursePileCount), h("small", null, "Curse pile")),
    h("div", { class: "pile" }, h("span", { class: "count cube" }, view.supply.influence), h("small", null, "Influence")),
    h("div", { class: "pile" }, h("span", { class: "count adept" }, view.supply.adepts), h("small", null, "Adepts")),
    h("div", { class: "pile" }, h("span", { class: "count" }, view.turn), h("small", null, `Turn${view.extraTurns ? ` (+${view.extraTurns})` : ""}`)),
    discard.length ? h("div", { class: "discard", title: "Keeper discard" }, h("small", null, "Discard"),
      ...discard.slice(-6).map((id) => h("span", { class: "emblem" }, keeperName(id.replace(/-(new|waxing|full|waning)$/, ""))))) : null);

  // -- the bribe round -----------------------------------------------------------------------
  const passes = /** @type {any[]} */ (view.passes || []);
  const bribe = h("section", { class: "bribe-round", "aria-label": "Bribe round" },
    h("strong", null, "Bribe round"),
    passes.length > 6 ? h("small", null, ` ${passes.length - 6} earlier passes, then:`) : null,
    passes.length ? h("ul", { class: "passes" }, ...passes.slice(-6).map((p) => h("li", null,
      h("span", { class: "disc", style: `background:${colour(p.seat)}` }), `${humanize(p.seat)} passed ${favorsById.get(p.favor)?.name || humanize(p.favor)}`,
      p.resolveHound ? " (Resolve Hound)" : ""))) : h("small", null, " no passes yet"));

  // -- the decision the game waits for -------------------------------------------------------
  const decision = view.decision;
  const drawn = decision && decision.drawn ? h("div", { class: "drawn" }, ...decision.drawn.map((/** @type {string} */ id) => {
    const c = cursesById.get(id);
    return actionable("div", { class: "curse-card", "data-curse": id, title: c ? c.text : id }, moves.take(`curse:${id}`),
      h("strong", null, c ? c.name : humanize(id)), h("small", null, c ? `${c.kind}: ${c.text}` : ""));
  })) : null;

  // -- the Sanctuaries -----------------------------------------------------------------------
  const order = ctx.seat && seats.includes(ctx.seat) ? [...seats.slice(seats.indexOf(ctx.seat)), ...seats.slice(0, seats.indexOf(ctx.seat))] : seats;
  const sanctuaryEls = order.map((seat) => {
    const s = sanctuaries.get(seat);
    if (!s) return null;
    const mine = seat === ctx.seat;
    const cards = mine && s.hand ? s.hand : null;
    const lookMoves = moves.take(`seat:${seat}`);
    const hand = cards
      ? h("div", { class: "hand", "aria-label": "Your hand" }, ...cards.map((/** @type {any} */ b) => actionable("div", {
        class: "blade", "data-blade": b.id, title: `${keeperName(b.keeper)}, ${humanize(b.moon)} Moon`,
      }, moves.take(`blade:${b.id}`), h("span", { class: "keeper" }, keeperName(b.keeper)), moonIcon(b.moon))))
      : h("div", { class: "hand backs", title: `${s.handCount} blades in hand` },
        ...Array.from({ length: s.handCount }, (_, i) => {
          const known = (s.knownHand || [])[i];
          return h("span", { class: `blade back${known ? " known" : ""}` }, known ? keeperName(known.keeper) : "");
        }));
    const pentagram = h("div", { class: "pentagram", title: "Pentagram of the Flames: discs still on the Sanctuary" },
      ...POINTS.map((p) => {
        const here = (s.pentagram || []).includes(p);
        const key = p === "top" ? "disc:curse-free" : "disc:cursed";
        const found = here && mine ? moves.take(key) : [];
        return actionable("span", { class: `pdisc${here ? " here" : ""}${p === "top" ? " free" : " cursed"}`, style: here ? `background:${colour(seat)}` : "", "data-disc": p }, found.slice(0, 1));
      }));
    return h("article", {
      class: ["sanctuary", mine ? "mine" : "", view.active === seat ? "active" : "", decision && decision.seat === seat ? "deciding" : "", lastSeat === seat ? "just" : ""].join(" "),
      "data-seat": seat, style: `--seat:${colour(seat)}`,
    },
    h("header", null, h("span", { class: "disc", style: `background:${colour(seat)}` }), h("strong", null, humanize(seat)), mine ? h("small", null, " (you)") : null,
      view.active === seat ? h("small", { class: "tag" }, "active") : null,
      lookMoves.length ? actionable("span", { class: "look" }, lookMoves, "Look at hand") : null),
    h("div", { class: "stats" },
      h("span", { class: "stat", title: "Influence cubes" }, h("span", { class: "cube" }), s.influence),
      h("span", { class: "stat", title: "Adepts" }, h("span", { class: "adept" }), s.adepts),
      actionable("span", { class: "stat", title: "Resolve Bonus" }, mine ? moves.take("resolve") : [], "Resolve ", s.resolve),
      h("span", { class: "stat", title: "Flames on the PANTACLE" }, `Flames ${(s.flames || []).length}/5`)),
    pentagram,
    (s.powers || []).length ? h("div", { class: "powers" }, ...s.powers.map((/** @type {string} */ p) =>
      h("span", { class: "power", title: powersById.get(p)?.text || p }, powersById.get(p)?.name || humanize(p)))) : null,
    (s.curses || []).length ? h("div", { class: "curses" }, ...s.curses.map((/** @type {any} */ c) => actionable("div", {
      class: `curse${c.faceDown ? " face-down" : ""}`, "data-curse": c.id, title: cursesById.get(c.id)?.text || c.name,
    }, mine ? moves.take(`curse:${c.id}`) : [], h("strong", null, c.name), h("small", null,
      [c.kind, c.influence ? `${c.influence} Influence` : "", c.adepts ? `${c.adepts} Adepts` : "", c.target ? `targets ${c.target}` : "", c.faceDown ? "face down" : ""].filter(Boolean).join(" · "))))) : null,
    hand);
  });

  // -- a bribe and its payment in one go ----------------------------------------------------
  // A bribe is followed by one payment per Keeper of the announced Favor, in the Favor's order:
  // with a blade of each Keeper in hand, the three decisions are offered as one batch (the
  // `moves` mutation, all or none). Paying with Hounds stays the step-by-step way.
  const batches = [];
  const bribeMove = ctx.myTurn ? ctx.legalMoves.find((m) => m.kind === "BRIBE") : undefined;
  const announced = favors.announced ? favorsById.get(favors.announced) : null;
  const myHand = ctx.seat ? sanctuaries.get(ctx.seat)?.hand || [] : [];
  if (bribeMove && announced && announced.keepers.length === 2) {
    const [a, b] = announced.keepers.map((/** @type {string} */ k) =>
      [...new Set(myHand.filter((blade) => blade.keeper === k).map((blade) => blade.id))]);
    for (const first of a) {
      for (const second of b) {
        if (first === second) continue;
        const name = (/** @type {string} */ id) => {
          const blade = myHand.find((x) => x.id === id);
          return blade ? `${keeperName(blade.keeper)} (${humanize(blade.moon)} Moon)` : id;
        };
        batches.push(h("button", {
          type: "button", class: "bar-move batch", "data-batch": `${first},${second}`,
          onclick: () => ctx.sendBatch([bribeMove.value, { type: "pay", blade: first }, { type: "pay", blade: second }]).catch(() => {}),
        }, `Bribe, paying ${name(first)} + ${name(second)}`));
      }
    }
  }

  // -- what lives nowhere else: an action bar ------------------------------------------------
  const rest = moves.rest();
  const bar = h("div", { class: "action-bar" },
    decision ? h("p", { class: "decision" }, decision.seat === ctx.seat ? "" : `${humanize(decision.seat)}: `, seatWords(decision.prompt)) : null,
    drawn,
    batches.length ? h("div", { class: "bar-moves batches" }, ...batches) : null,
    rest.length ? h("div", { class: "bar-moves" }, ...rest.map((move) => h("button", {
      type: "button", class: `bar-move kind-${move.kind.toLowerCase()}`, "data-move-id": move.id, onclick: () => ctx.send(move).catch(() => {}),
    }, move.label))) : null);

  root.replaceChildren(h("div", { class: `pantacle-board players-${view.players}` },
    h("div", { class: "centre" }, pantacle, h("div", { class: "centre-side" }, favorBoard, piles, bribe)),
    bar,
    h("div", { class: "sanctuaries" }, ...sanctuaryEls.filter(Boolean))));
}
