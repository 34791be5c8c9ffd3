// @ts-check
// The Pantacle board: the PANTACLE with every seat's Flames at its five points, the Favor board
// (marked, announced, bribed), the piles and the supply, the bribe round (who passed what), and
// each Sanctuary: Influence, Adepts, Powers, the pentagram of Flame discs, the Resolve Bonus,
// Curses, the hand (blades face up in the seat's own view, backs otherwise). Every legal move is
// clickable where it lives: a point, a Favor, a disc, a blade, a Curse, a Sanctuary to look at;
// what lives nowhere (bribe, pass, stop, draw) is a button on the board's action bar. A legend
// says what every piece and mark means; what changed since this seat last decided glows once.
// See board-context.js for the contract with the shell.
import { gql } from "../api.js";
import { h, humanize } from "../dom.js";
import { N_, t, tn } from "../i18n.js";
import { seatWords } from "../seats.js";

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

/** What the board keeps between renders of one root: a refused batch, told where it was made. */
/** @type {WeakMap<HTMLElement, {error: string, decisions: number|null, ctx: any}>} */
const STATES = new WeakMap();

// A move's verb, for the small buttons of an element several moves act on.
const KIND_WORDS = /** @type {Record<string, string>} */ ({
  PAY: N_("Pay"), DISCARD: N_("Discard"), HOUND: N_("Pay as a Hound"), HOUNDS: N_("Pay a pair of Hounds"),
  KEEP: N_("Keep"), PROTECT: N_("Protect"), LOOK: N_("Look"), DISC: N_("Move"), POINT: N_("Place"),
  FAVOR: N_("Announce"), TAKE: N_("Take"), RETURN: N_("Return"),
});

/**
 * The bribe round going on: the Favor announced, and the passes made since it was announced
 * (the view keeps every pass of the game; the log says where this round began).
 * @param {any} view  @param {import("../board-context.js").GameEvent[]} events
 */
function currentRound(view, events) {
  const favors = view.favors || {};
  if (!favors.announced) return null;
  const passes = /** @type {any[]} */ (view.passes || []);
  let count = 0;
  let found = false;
  for (let i = events.length - 1; i >= 0; i--) {
    const d = events[i].description;
    if (!d) continue;
    if (d.action === "favor") {
      found = true;
      break;
    }
    if (d.action === "pass") count++;
  }
  // Before the log is read back that far: at most one pass per opponent, of this Favor.
  if (!found) count = Math.min(Math.max(0, (view.players || 1) - 1), passes.length);
  const round = count ? passes.slice(-count) : [];
  return { favor: favors.announced, passes: round.filter((p) => p.favor === favors.announced) };
}

/** The ids a change acted on (its visible arguments). @param {any} event */
function touched(event) {
  const args = event && event.description ? event.description.args || {} : {};
  return Object.values(args).filter((v) => typeof v === "string");
}

/**
 * A count in words for a screen reader, and the visible count beside its icon.
 * @param {string} cls  @param {number} n  @param {string} words  @param {Node|null} [icon]
 */
function count(cls, n, words, icon = null) {
  return h("span", { class: cls, title: words },
    icon, h("span", { "aria-hidden": "true" }, String(n)), h("span", { class: "sr-only" }, words));
}

/**
 * @param {HTMLElement} root
 * @param {import("../board-context.js").BoardContext} ctx
 */
export function render(root, ctx) {
  // Typed from openapi/schema.graphql and FRAGMENT (web/: npm run check): a field the schema
  // drops or renames fails the type check.
  const view = /** @type {import("../../generated/graphql").PantacleBoardFragment} */ (ctx.view);
  const state = STATES.get(root) || { error: "", decisions: null, ctx: null };
  if (state.decisions !== view.decisions) state.error = "";
  state.decisions = view.decisions;
  state.ctx = ctx;
  STATES.set(root, state);
  const name = ctx.seatName || humanize;
  const catalog = ctx.catalog || {};
  const favorsById = new Map((catalog.favors || []).map((/** @type {any} */ f) => [f.id, f]));
  const keeperNames = new Map((catalog.keepers || []).map((/** @type {any} */ k) => [k.id, k.name]));
  const moonNames = new Map((catalog.moon_phases || []).map((/** @type {any} */ m) => [m.id, m.name]));
  const pointsById = new Map((catalog.points || []).map((/** @type {any} */ p) => [p.id, p]));
  const cursesById = new Map((catalog.curses || []).map((/** @type {any} */ c) => [c.id, c]));
  const powersById = new Map((catalog.powers || []).map((/** @type {any} */ p) => [p.id, p]));
  const moves = index(ctx.myTurn ? ctx.legalMoves : []);
  const seats = /** @type {string[]} */ (view.seats || []);
  const colour = (/** @type {string} */ seat) => SEAT_COLOURS[Math.max(0, seats.indexOf(seat)) % SEAT_COLOURS.length];
  const sanctuaries = new Map((view.sanctuaries || []).map((/** @type {any} */ e) => [e.key, e.value]));
  // What changed since this seat last decided glows once: the ids acted on, the seats that acted.
  const recent = ctx.recent || (ctx.lastMove ? [ctx.lastMove] : []);
  const changed = new Set(recent.flatMap(touched));
  const actors = new Set(recent.map((e) => e.seat));
  const keeperName = (/** @type {string} */ id) => keeperNames.get(id) || humanize(id);
  const moonName = (/** @type {string|null|undefined} */ id) => (id ? moonNames.get(id) || humanize(id) : "");
  const words = (/** @type {string} */ text) => seatWords(text, name);

  /**
   * A clickable element for the moves that act on it (or a plain one). Several moves on one
   * element (a blade to pay or to discard) become one button each, named by the move.
   * @param {string} tag  @param {Record<string, any>} attrs
   * @param {import("../board-context.js").LegalMove[]} found  @param {...any} children
   */
  function actionable(tag, attrs, found, ...children) {
    if (!found.length) return h(tag, attrs, ...children);
    if (found.length === 1) {
      const move = found[0];
      // Named by the move, then by what it shows: a name must hold the visible text, so that
      // a player who speaks to a screen reader can say what they see (WCAG 2.5.3).
      return h("button", {
        ...attrs, type: "button", class: `${attrs.class || ""} can`, title: words(move.label),
        "data-move-id": move.id, "data-kind": move.kind, onclick: () => ctx.send(move).catch(() => {}),
      }, h("span", { class: "sr-only" }, `${words(move.label)}: `), ...children);
    }
    return h(tag, { ...attrs, class: `${attrs.class || ""} can` }, ...children,
      h("span", { class: "choices" }, ...found.map((move) => h("button", {
        type: "button", class: "choice", "data-move-id": move.id, "data-kind": move.kind, title: words(move.label), "aria-label": words(move.label),
        onclick: () => ctx.send(move).catch(() => {}),
      }, KIND_WORDS[move.kind] ? t(KIND_WORDS[move.kind]) : words(move.label)))));
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
    const title = info ? `${info.name}: ${info.text}` : humanize(point);
    return actionable("div", {
      class: `point point-${point}${changed.has(point) ? " just" : ""}`,
      style: `left:${x / 2}%;top:${y / 2}%`,
      "data-point": point,
      title,
    }, moves.take(`point:${point}`),
    h("span", { class: "point-name" }, info ? pointWords(info.name) : humanize(point)),
    h("span", { class: "flames" }, ...flames.map((s) => h("span", { class: "disc", style: `background:${colour(s)}`, title: t("{name}'s Flame", { name: name(s) }) }))),
    h("span", { class: "sr-only" }, flames.length ? t("Flames of {names}", { names: flames.map(name).join(", ") }) : t("no Flame yet")));
  });
  const pantacle = h("section", { class: "pantacle", "aria-label": t("The PANTACLE") }, h("h3", null, "PANTACLE"),
    h("div", { class: "star-wrap" }, star, ...pointEls));

  // -- the Favor board -----------------------------------------------------------------------
  const favors = view.favors || {};
  const favorList = (catalog.favors || []).length ? catalog.favors : [];
  const announcedName = favors.announced ? favorsById.get(favors.announced)?.name || humanize(favors.announced) : "";
  const favorBoard = h("section", { class: "favor-board", "aria-label": t("Favors") },
    h("h3", null, t("Favors"),
      favors.announced ? h("small", null, ` · ${t("announced: {favor}", { favor: announcedName })}`) : null,
      favors.bribedBy ? h("small", null, ` · ${t("bribed away by {name}", { name: name(favors.bribedBy) })}`) : null),
    h("div", { class: "favors" }, ...favorList.map((/** @type {any} */ f) => actionable("div", {
      class: ["favor", favors.marked === f.id ? "marked" : "", favors.announced === f.id ? "announced" : "", changed.has(f.id) ? "just" : ""].join(" "),
      "data-favor": f.id,
      title: f.text,
    }, moves.take(`favor:${f.id}`),
    h("strong", null, f.name),
    h("span", { class: "keepers" }, f.keepers.map(keeperName).join(" + ")),
    f.moon ? h("span", { class: "favor-moon", title: moonName(f.moon) }, moonIcon(f.moon), h("span", { class: "sr-only" }, moonName(f.moon))) : null,
    favors.marked === f.id ? h("span", { class: "marker", title: t("the Favor marker: this Favor cannot be announced") }, h("span", { "aria-hidden": "true" }, "◆"),
      h("span", { class: "sr-only" }, t("marked: cannot be announced"))) : null))));

  // -- piles, supply, turn --------------------------------------------------------------------
  const discard = /** @type {string[]} */ (view.keeperDiscard || []);
  const piles = h("section", { class: "piles", "aria-label": t("Piles and supply") },
    h("div", { class: "pile" }, count("count", view.keeperPileCount, tn(view.keeperPileCount, "{n} blade in the Keeper pile", "{n} blades in the Keeper pile")), h("small", { "aria-hidden": "true" }, t("Keeper pile"))),
    h("div", { class: "pile" }, count("count", view.cursePileCount, tn(view.cursePileCount, "{n} card in the Curse pile", "{n} cards in the Curse pile")), h("small", { "aria-hidden": "true" }, t("Curse pile"))),
    h("div", { class: "pile" }, count("count", view.supply.influence, tn(view.supply.influence, "{n} Influence cube in the supply", "{n} Influence cubes in the supply"), h("span", { class: "cube", "aria-hidden": "true" })), h("small", { "aria-hidden": "true" }, t("Influence"))),
    h("div", { class: "pile" }, count("count", view.supply.adepts, tn(view.supply.adepts, "{n} Adept in the supply", "{n} Adepts in the supply"), h("span", { class: "adept", "aria-hidden": "true" })), h("small", { "aria-hidden": "true" }, t("Adepts"))),
    h("div", { class: "pile" }, count("count", view.turn, t("Turn {n}", { n: view.turn })), h("small", { "aria-hidden": "true" }, view.extraTurns ? t("Turn (+{n} extra)", { n: view.extraTurns }) : t("Turn"))),
    discard.length ? h("div", { class: "discard", title: t("The Keeper discard, newest last") }, h("small", null, t("Discard")),
      ...discard.slice(-6).map((id) => h("span", { class: "emblem" }, keeperName(id.replace(/-(new|waxing|full|waning)$/, ""))))) : null);

  // -- the bribe round going on --------------------------------------------------------------
  const round = currentRound(view, ctx.events || []);
  const bribe = h("section", { class: "bribe-round", "aria-label": t("Bribe round") },
    h("strong", null, t("Bribe round")), " ",
    round
      ? h("small", null, t("{name} announced {favor}", { name: name(view.active), favor: favorsById.get(round.favor)?.name || humanize(round.favor) }))
      : h("small", null, t("none now: a round begins when the active player announces a Favor")),
    round && round.passes.length ? h("ul", { class: "passes" }, ...round.passes.map((p) => h("li", null,
      h("span", { class: "disc", style: `background:${colour(p.seat)}`, "aria-hidden": "true" }), t("{name} passed", { name: name(p.seat) }),
      p.resolveHound ? ` ${t("(with the Resolve Hound)")}` : ""))) : null,
    round && !round.passes.length ? h("small", null, ` · ${t("no pass yet")}`) : null);

  // -- the decision the game waits for -------------------------------------------------------
  const decision = ctx.over ? null : view.decision;
  const drawn = decision && decision.drawn ? h("div", { class: "drawn" }, ...decision.drawn.map((/** @type {string} */ id) => {
    const c = cursesById.get(id);
    return actionable("div", { class: "curse-card", "data-curse": id, title: c ? c.text : id }, moves.take(`curse:${id}`),
      h("strong", null, c ? c.name : humanize(id)), h("small", null, c ? `${curseKind(c.kind)}: ${c.text}` : ""));
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
      ? h("div", { class: "hand", role: "group", "aria-label": t("Your hand") }, ...cards.map((/** @type {any} */ b) => actionable("div", {
        class: `blade${changed.has(b.id) ? " just" : ""}`, "data-blade": b.id, title: `${keeperName(b.keeper)}, ${moonName(b.moon)}`,
      }, moves.take(`blade:${b.id}`), h("span", { class: "keeper" }, keeperName(b.keeper)), moonIcon(b.moon), h("span", { class: "sr-only" }, moonName(b.moon)))))
      : h("div", { class: "hand backs", role: "group", "aria-label": tn(s.handCount, "{n} blade in hand", "{n} blades in hand"), title: tn(s.handCount, "{n} blade in hand", "{n} blades in hand") },
        ...Array.from({ length: s.handCount }, (_, i) => {
          const known = (s.knownHand || [])[i];
          return h("span", { class: `blade back${known ? " known" : ""}`, title: known ? t("known: {name}", { name: keeperName(known.keeper) }) : t("a blade face down") },
            known ? keeperName(known.keeper) : "");
        }));
    const pentagram = h("div", { class: "pentagram", role: "group", "aria-label": t("Pentagram of the Flames: the discs still on the Sanctuary") },
      ...POINTS.map((p) => {
        const here = (s.pentagram || []).includes(p);
        const key = p === "top" ? "disc:curse-free" : "disc:cursed";
        const found = here && mine ? moves.take(key) : [];
        const what = !here ? t("an empty place") : p === "top" ? t("the curse-free disc") : t("a cursed disc");
        return actionable("span", { class: `pdisc${here ? " here" : ""}${p === "top" ? " free" : " cursed"}`, style: here ? `background:${colour(seat)}` : "", "data-disc": p, title: what },
          found.slice(0, 1), h("span", { class: "sr-only" }, what));
      }));
    const flames = (s.flames || []).length;
    return h("article", {
      class: ["sanctuary", mine ? "mine" : "", view.active === seat ? "active" : "", decision && decision.seat === seat ? "deciding" : "", actors.has(seat) ? "just" : ""].join(" "),
      "data-seat": seat, style: `--seat:${colour(seat)}`, "aria-label": t("{name}'s Sanctuary", { name: name(seat) }),
    },
    h("header", null, h("span", { class: "disc", style: `background:${colour(seat)}`, "aria-hidden": "true" }), h("strong", null, name(seat)),
      seat === ctx.you ? h("small", { class: "tag" }, t("you")) : null,
      view.active === seat ? h("small", { class: "tag" }, t("active")) : null,
      lookMoves.length ? actionable("span", { class: "look" }, lookMoves, t("Look at the hand")) : null),
    h("div", { class: "stats" },
      count("stat", s.influence, tn(s.influence, "{n} Influence cube", "{n} Influence cubes"), h("span", { class: "cube", "aria-hidden": "true" })),
      count("stat", s.adepts, tn(s.adepts, "{n} Adept", "{n} Adepts"), h("span", { class: "adept", "aria-hidden": "true" })),
      actionable("span", { class: "stat", title: t("Resolve Bonus: {n} of 3", { n: s.resolve }) }, mine ? moves.take("resolve") : [],
        h("span", { "aria-hidden": "true" }, `${t("Resolve")} ${s.resolve}`), h("span", { class: "sr-only" }, t("Resolve Bonus: {n} of 3", { n: s.resolve }))),
      h("span", { class: "stat", title: t("Flames on the PANTACLE: {n} of 5", { n: flames }) },
        h("span", { "aria-hidden": "true" }, `${t("Flames")} ${flames}/5`), h("span", { class: "sr-only" }, t("Flames on the PANTACLE: {n} of 5", { n: flames })))),
    pentagram,
    (s.powers || []).length ? h("div", { class: "powers" }, ...s.powers.map((/** @type {string} */ p) =>
      h("span", { class: "power", title: powersById.get(p)?.text || p }, powersById.get(p)?.name || humanize(p)))) : null,
    (s.curses || []).length ? h("div", { class: "curses" }, ...s.curses.map((/** @type {any} */ c) => actionable("div", {
      class: `curse${c.faceDown ? " face-down" : ""}${changed.has(c.id) ? " just" : ""}`, "data-curse": c.id, title: cursesById.get(c.id)?.text || c.name,
    }, mine ? moves.take(`curse:${c.id}`) : [], h("strong", null, c.name), h("small", null,
      [curseKind(c.kind), c.influence ? tn(c.influence, "{n} Influence cube on it", "{n} Influence cubes on it") : "",
        c.adepts ? tn(c.adepts, "{n} Adept on it", "{n} Adepts on it") : "", c.target ? t("targets {what}", { what: c.target }) : "",
        c.faceDown ? t("face down") : ""].filter(Boolean).join(" · "))))) : null,
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
        const bladeName = (/** @type {string} */ id) => {
          const blade = myHand.find((x) => x.id === id);
          return blade ? `${keeperName(blade.keeper)} (${moonName(blade.moon)})` : id;
        };
        batches.push(h("button", {
          type: "button", class: "bar-move batch", "data-batch": `${first},${second}`,
          onclick: () => ctx.sendBatch([bribeMove.value, { type: "pay", blade: first }, { type: "pay", blade: second }]).catch((err) => {
            // Refused: told here, where it was asked (the shell leaves a batch's refusal to us).
            state.error = err && err.message ? String(err.message) : t("The moves were refused, so none was made.");
            if (state.ctx) render(root, state.ctx);
          }),
        }, t("Bribe, paying {first} + {second}", { first: bladeName(first), second: bladeName(second) })));
      }
    }
  }

  // -- what lives nowhere else: an action bar ------------------------------------------------
  const rest = moves.rest();
  const outcome = ctx.over
    ? h("section", { class: "pantacle-outcome", role: "status" }, h("strong", null, t("Game over")), " ", ctx.outcomeText || "")
    : null;
  const bar = h("div", { class: "action-bar" },
    decision ? h("p", { class: "decision" }, decision.seat === ctx.seat ? "" : `${t("Waiting for {name}", { name: name(decision.seat) })}: `, words(decision.prompt)) : null,
    state.error ? h("p", { class: "bar-error", role: "alert" }, state.error) : null,
    drawn,
    batches.length ? h("div", { class: "bar-moves batches" }, ...batches) : null,
    rest.length ? h("div", { class: "bar-moves" }, ...rest.map((move) => h("button", {
      type: "button", class: `bar-move kind-${move.kind.toLowerCase()}`, "data-move-id": move.id, "data-kind": move.kind, onclick: () => ctx.send(move).catch(() => {}),
    }, words(move.label)))) : null);

  // On a phone the board is one column: what the decision is about comes first (css).
  const centreFirst = ctx.myTurn && ctx.legalMoves.some((m) => m.args && (m.args.favor || m.args.point));
  root.replaceChildren(h("div", { class: `pantacle-board players-${view.players}${centreFirst ? " centre-first" : ""}` },
    outcome,
    h("div", { class: "centre" }, pantacle, h("div", { class: "centre-side" }, favorBoard, bribe, piles)),
    bar,
    h("div", { class: "sanctuaries" }, ...sanctuaryEls.filter(Boolean)),
    legend()));
}

/** A point's name, short enough for the star: "Top point" is "Top", "Punta superior" "Superior". @param {string} name */
function pointWords(name) {
  const short = name.replace(/\s+point$/i, "").replace(/^Punta\s+/i, "");
  return short.charAt(0).toUpperCase() + short.slice(1);
}

const CURSE_KINDS = /** @type {Record<string, string>} */ ({ permanent: N_("Permanent"), exhaustion: N_("Exhaustion") });

/** @param {string} kind */
function curseKind(kind) {
  return CURSE_KINDS[kind] ? t(CURSE_KINDS[kind]) : humanize(kind);
}

let legendOpen = false;

/** What every piece and mark means: a list that opens with a click or a tap. */
function legend() {
  /** @param {string} kind  @param {Node|string|null} sample  @param {string} text */
  const entry = (kind, sample, text) => h("li", { "data-legend": kind },
    h("span", { class: "legend-sample", "aria-hidden": "true" }, sample), h("span", null, t(text)));
  // Open or closed as the player left it: the board is redrawn after every change.
  return h("details", { class: "legend pantacle-legend", open: legendOpen, ontoggle: (/** @type {Event} */ e) => {
    legendOpen = /** @type {HTMLDetailsElement} */ (e.target).open;
  } },
    h("summary", null, t("Legend: what the pieces and marks mean")),
    h("ul", null,
      entry("flame", h("span", { class: "disc", style: `background:${SEAT_COLOURS[0]}` }), N_("A Flame disc, in its player's colour: on the PANTACLE's points, and on each Sanctuary's pentagram until it is moved there.")),
      entry("curse-free", h("span", { class: "pdisc here free", style: `background:${SEAT_COLOURS[1]}` }), N_("The ringed disc at the top of a pentagram is curse-free; moving any other disc makes its player draw a Curse card.")),
      entry("cube", h("span", { class: "cube" }), N_("Influence cubes: with enough, the Preparation phase buys an Adept (2, plus 1 per Flame on the PANTACLE).")),
      entry("adept", h("span", { class: "adept" }), N_("Adepts: 3 on a Sanctuary are sacrificed to move a Flame disc to the PANTACLE.")),
      entry("moon", h("span", null, moonIcon("new"), moonIcon("waxing"), moonIcon("full"), moonIcon("waning")),
        N_("Moon Phases (new, waxing, full, waning): a blade discarded in the Change of the Moon with the phase of the Favor announced gains an Influence cube.")),
      entry("marker", h("span", { class: "marker-sample" }, "◆"), N_("The Favor marker: the marked Favor cannot be announced this turn.")),
      entry("announced", h("span", { class: "favor announced legend-favor" }, "★"), N_("The Favor announced this turn, which the opponents may bribe away.")),
      entry("blade", h("span", { class: "blade back legend-blade" }), N_("A Keeper blade face down in another player's hand; a lighter one with a name is a blade the table saw.")),
      entry("resolve", h("span", null, "3"), N_("Resolve Bonus: it rises each time a Favor of yours is bribed away; at 3 it pays as a pair of Hounds.")),
      entry("power", h("span", { class: "power" }, "✦"), N_("A Power token: its effect lasts while it is on the Sanctuary (3 are sacrificed to move a Flame disc).")),
      entry("curse", h("span", { class: "curse legend-curse" }, "✕"), N_("A Curse card: Permanent ones act while face up; Exhaustion ones hold cubes or Adepts that your gains pay back first.")),
      entry("can", h("span", { class: "legend-can" }, "▢"), N_("Glowing gold: you can act there now (click or tap it).")),
      entry("just", h("span", { class: "legend-just" }, "▢"), N_("A short flash: changed since your last decision.")),
    ));
}
