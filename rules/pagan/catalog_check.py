"""Checking the Pagan catalog against the documented format and the vocabulary the engine
implements: `check_catalog` names every place the data leaves them, so an edit the engine could
not carry out fails a test instead of a game in progress. The ops and conditions, with their
fields, are the ones declared where they are implemented (`rules.pagan.ops`)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from rules.core import is_whole
from rules.pagan.cards import (
    COLOURS,
    HUNTER_TYPES,
    ORIGINS,
    SIDE_NAMES,
    SIDES,
    TYPES_BY_SIDE,
    VILLAGER_ORIGINS,
    WITCH_TYPES,
    Box,
    Card,
    Catalog,
    Faction,
    Scenario,
    Villager,
)
from rules.pagan.catalog import box_order
from rules.pagan.catalog_format import (
    BOARD_TOKENS,
    CARD_FIELDS,
    COST_KEYS,
    COUNTS,
    GLOOM_FIELDS,
    GLOOM_TARGETS,
    LASTING_TYPES,
    MODIFIER_KINDS,
    NONNEG,
    OBJECTIVE_FIELDS,
    POSITIVE,
    SCENARIO_CATEGORIES,
    SIDE_TOKENS,
    SIGNED,
    TARGET_BASES,
    TRIGGER_FIELDS,
    TRIGGER_WHEN,
    TYPE_FIELDS,
    VICTORY_FIELDS,
)
from rules.pagan.decks import validate_deck
from rules.pagan.ops import CONDITIONS_LIST, TOKEN_COUNT, vocabulary


@dataclass(frozen=True, slots=True)
class _Ctx:
    """Where an op list runs: `side` is the player carrying it out (None for villager skills,
    which either player uses), `here_ok` whether a visited villager exists to be `here` and
    `self_ok` whether the effect is on a card in play that can be `self`."""

    where: str
    side: str | None
    here_ok: bool
    self_ok: bool = False

    def at(self, where: str) -> _Ctx:
        return _Ctx(f"{self.where}{where}", self.side, self.here_ok, self.self_ok)


class _Checker:
    """Collects the problems of one catalog, against the ops and conditions the engine declares."""

    def __init__(self) -> None:
        self.op_fields, self.condition_args = vocabulary()
        self.problems: list[str] = []

    def add(self, where: str, message: str) -> None:
        self.problems.append(f"{where}: {message}")

    # --- building blocks ---

    def number(self, where: str, key: str, value: Any, minimum: int = 1) -> None:
        if not is_whole(value) or value < minimum:
            self.add(where, f"`{key}` must be a whole number of at least {minimum}, not {value!r}")

    def flag(self, where: str, key: str, value: Any) -> None:
        if not isinstance(value, bool):
            self.add(where, f"`{key}` must be true or false, not {value!r}")

    def card_types(self, where: str, value: Any) -> None:
        known = HUNTER_TYPES + WITCH_TYPES
        if not isinstance(value, list) or not value or any(t not in known for t in value):
            self.add(
                where, f"`types` must be a non-empty list of card types {known}, not {value!r}"
            )

    def target(self, ctx: _Ctx, key: str, spec: Any) -> None:
        if not isinstance(spec, str):
            self.add(ctx.where, f"`{key}` must be a target such as villager:red, not {spec!r}")
            return
        head, *extras = spec.split("+")
        base, _, colour = head.partition(":")
        if base not in TARGET_BASES:
            self.add(ctx.where, f"unknown target {spec!r} in `{key}`")
            return
        if colour and (base != "villager" or colour not in COLOURS):
            self.add(ctx.where, f"unknown target colour in {spec!r}: villager:blue|red|green")
        for extra in extras:
            token = extra[5:] if extra.startswith("with:") else None
            if extra != "ready" and token not in BOARD_TOKENS:
                self.add(ctx.where, f"unknown target modifier {extra!r} in {spec!r}")
        if base in ("here", "same_colour") and not ctx.here_ok:
            self.add(ctx.where, f"target {spec!r} needs a visited villager, and there is none here")
        if base in ("brew", "villager_or_brew") and ctx.side != "witch":
            self.add(ctx.where, f"target {spec!r}: only the Witch's effects can target Brews")

    def gloom_target(self, ctx: _Ctx, spec: Any) -> None:
        if spec not in GLOOM_TARGETS:
            self.add(
                ctx.where,
                f"unknown Gloom target {spec!r}; Gloom targets are {sorted(GLOOM_TARGETS)}",
            )
        elif spec == "self" and not ctx.self_ok:
            self.add(ctx.where, "target 'self' needs a card in play, and this effect has none")
        elif spec == "here" and not ctx.here_ok:
            self.add(ctx.where, "target 'here' needs a visited villager, and there is none here")
        elif spec.startswith("gloom_card:") and ctx.side is None:
            self.add(ctx.where, f"{spec!r} needs a player: villager skills serve both")

    def token(self, ctx: _Ctx, op: Mapping[str, Any], placing: bool) -> None:
        token = op.get("token")
        if token not in BOARD_TOKENS:
            self.add(ctx.where, f"`token` must be one of {BOARD_TOKENS}, not {token!r}")
            return
        if placing:
            if ctx.side is None:
                self.add(
                    ctx.where, "villager skills serve both players, so they cannot place tokens"
                )
            elif token not in SIDE_TOKENS[ctx.side]:
                self.add(ctx.where, f"the {SIDE_NAMES[ctx.side]} cannot place a {token}")

    def cost(self, where: str, value: Any, side: str | None = "any") -> None:
        """`side` is who pays: a player cannot spend the other's assets, and villager skills
        (side None) serve both players, so they name `assets` (the visitor's own tokens)."""
        if not isinstance(value, Mapping):
            self.add(where, f"a cost must be a mapping such as {{influence: 2}}, not {value!r}")
            return
        for key, n in value.items():
            if key not in COST_KEYS:
                self.add(where, f"unknown cost {key!r}; costs are {sorted(COST_KEYS)}")
            elif not is_whole(n) or n < 1:
                self.add(where, f"cost `{key}` must be a whole number of at least 1, not {n!r}")
            elif (key == "clues" and side in ("witch", None)) or (
                key == "secrets" and side in ("hunter", None)
            ):
                self.add(
                    where,
                    f"cost `{key}`: nobody can spend the opponent's assets "
                    "(villager skills use `assets`, the visitor's own)",
                )

    def count(self, ctx: _Ctx, value: Any) -> None:
        if not isinstance(value, Mapping) or len(value) != 1:
            self.add(ctx.where, f"`per` must be a mapping with one count, not {value!r}")
            return
        ((kind, arg),) = value.items()
        if kind not in COUNTS:
            self.add(ctx.where, f"unknown count {kind!r}; counts are {sorted(COUNTS)}")
        elif kind == "pawns_on" and arg not in COLOURS:
            self.add(ctx.where, f"`pawns_on` must be a colour {COLOURS}, not {arg!r}")
        elif kind == "gloom_cards" and arg not in ("any", "yours", "theirs"):
            self.add(ctx.where, f"`gloom_cards` must be any, yours or theirs, not {arg!r}")

    def cond(self, ctx: _Ctx, value: Any) -> None:
        if not isinstance(value, Mapping) or len(value) != 1:
            self.add(ctx.where, f"`cond` must be a mapping with one condition, not {value!r}")
            return
        ((kind, arg),) = value.items()
        takes = self.condition_args.get(kind)
        if takes is None:
            known = sorted(self.condition_args)
            self.add(ctx.where, f"unknown condition {kind!r}; conditions are {known}")
        elif takes == TOKEN_COUNT:
            if not ctx.here_ok:
                self.add(ctx.where, f"`{kind}` needs a visited villager, and there is none here")
            if not isinstance(arg, Mapping) or set(arg) - {"token", "n"}:
                self.add(ctx.where, f"`{kind}` must be {{token: T, n: N}}, not {arg!r}")
            else:
                if arg.get("token") not in BOARD_TOKENS:
                    self.add(ctx.where, f"`{kind}` token must be one of {BOARD_TOKENS}")
                self.number(ctx.where, f"{kind}.n", arg.get("n", 1))
        elif takes == CONDITIONS_LIST:
            if not isinstance(arg, list) or not arg:
                self.add(ctx.where, f"`{kind}` must be a non-empty list of conditions, not {arg!r}")
            else:
                for sub in arg:
                    self.cond(ctx, sub)
        else:
            self.number(ctx.where, kind, arg, minimum=0)

    # --- ops ---

    def ops(self, ctx: _Ctx, value: Any, allow_empty: bool = False) -> None:
        if not isinstance(value, list):
            self.add(ctx.where, f"an effect must be a list of ops, not {value!r}")
            return
        if not value and not allow_empty:
            self.add(ctx.where, "the effect is empty")
        for i, op in enumerate(value):
            self.op(ctx.at(f"[{i}]"), op)

    def op(self, ctx: _Ctx, op: Any) -> None:
        if not isinstance(op, Mapping) or "op" not in op:
            self.add(ctx.where, f"an op must be a mapping with `op`, not {op!r}")
            return
        name = op["op"]
        fields_of = self.op_fields.get(name)
        if fields_of is None:
            self.add(ctx.where, f"unknown op {name!r}")
            return
        ctx = ctx.at(f" {name}")
        required, optional = fields_of
        fields = set(op) - {"op"}
        for missing in sorted(required - fields):
            self.add(ctx.where, f"missing `{missing}`")
        for extra in sorted(fields - required - optional):
            self.add(ctx.where, f"unknown field `{extra}`")
        for key in ("n", "look", "draw", "max_targets", "secrets"):
            if key in op:
                self.number(ctx.where, key, op[key])
        if "discount" in op:
            self.number(ctx.where, "discount", op["discount"], minimum=0)
        for key in ("upto", "free", "gloom"):
            if key in op:
                self.flag(ctx.where, key, op[key])
        for key in ("who", "owner"):
            if key in op and op[key] not in ("you", "opponent"):
                self.add(ctx.where, f"`{key}` must be you or opponent, not {op[key]!r}")
        if "types" in op:
            self.card_types(ctx.where, op["types"])
        if "per" in op:
            self.count(ctx, op["per"])
        if name in ("add_gloom", "remove_gloom"):
            self.gloom_target(ctx, op.get("target"))
        else:
            for key in ("target", "from", "to"):
                if key in op:
                    self.target(ctx, key, op[key])

        if name in ("gain", "lose") and op.get("what") not in ("influence", "evidence"):
            self.add(ctx.where, f"`what` must be influence or evidence, not {op.get('what')!r}")
        elif name in ("place", "place_each"):
            self.token(ctx, op, placing=True)
        elif name in ("remove", "remove_all", "remove_each", "move"):
            self.token(ctx, op, placing=False)
        elif name == "play" and "secrets" in op and ctx.side != "witch":
            self.add(ctx.where, "only the Witch's effects put Secrets on a Brew they play")
        elif name == "look_draw":
            look, draw = op.get("look"), op.get("draw")
            if isinstance(look, int) and isinstance(draw, int) and draw > look:
                self.add(ctx.where, "cannot draw more cards than it looks at")
        elif name == "reveal_play" and op.get("n") != 2:
            self.add(ctx.where, "reveal_play reveals 2 cards (the opponent discards one)")
        elif name == "copy_cleanse" and ctx.side == "witch":
            self.add(ctx.where, "Cleanse effects are the Hunter's to carry out")
        elif name == "choose":
            options = op.get("options")
            if not isinstance(options, list) or len(options) < 2:
                self.add(ctx.where, "`options` must be a list of at least 2 options")
                return
            for i, option in enumerate(options):
                octx = ctx.at(f" option {i + 1}")
                if not isinstance(option, Mapping) or set(option) != {"label", "effect"}:
                    self.add(octx.where, "an option must be {label: ..., effect: [ops]}")
                    continue
                if not isinstance(option["label"], str) or not option["label"]:
                    self.add(octx.where, "`label` must be text")
                self.ops(octx, option["effect"])
        elif name == "if":
            self.cond(ctx, op.get("cond"))
            self.ops(ctx.at(" then"), op.get("then"), allow_empty=True)
            if "else" in op:
                self.ops(ctx.at(" else"), op["else"], allow_empty=True)
        elif name == "optional":
            if "cost" in op:
                self.cost(ctx.where, op["cost"], ctx.side)
            if "label" in op and not isinstance(op["label"], str):
                self.add(ctx.where, "`label` must be text")
            self.ops(ctx.at(" effect"), op.get("effect"))

    # --- lasting effects ---

    def triggers(self, ctx: _Ctx, owner: str | None, value: Any) -> None:
        """Card triggers (`owner` is the card's side) or scenario rules (`owner` None: `whose`
        names the player, hunter, witch or both)."""
        if not isinstance(value, list) or not value:
            self.add(ctx.where, "`triggers` must be a non-empty list")
            return
        for i, trig in enumerate(value):
            tctx = ctx.at(f" trigger {i + 1}")
            if not isinstance(trig, Mapping):
                self.add(tctx.where, "a trigger must be a mapping")
                continue
            for extra in sorted(set(trig) - TRIGGER_FIELDS):
                self.add(tctx.where, f"unknown field `{extra}`")
            if trig.get("when") not in TRIGGER_WHEN:
                self.add(tctx.where, f"`when` must be one of {TRIGGER_WHEN}")
            if owner is None:
                whose = trig.get("whose")
                if whose not in ("hunter", "witch", "both"):
                    self.add(tctx.where, f"`whose` must be hunter, witch or both, not {whose!r}")
                runner: str | None = whose if whose in SIDES else None
            else:
                whose = trig.get("whose", "owner")
                if whose not in ("owner", "opponent"):
                    self.add(tctx.where, f"`whose` must be owner or opponent, not {whose!r}")
                runner = owner if whose == "owner" else _other(owner)
                if trig.get("when") == "cleansed" and whose != "owner":
                    self.add(tctx.where, "a `cleansed` trigger is carried out by the card's owner")
            optional = trig.get("optional", False)
            self.flag(tctx.where, "optional", optional)
            if "cost" in trig:
                if optional is not True:
                    self.add(tctx.where, "only an optional (may) trigger can have a cost")
                self.cost(tctx.where, trig["cost"], runner)
            if "label" in trig and not isinstance(trig["label"], str):
                self.add(tctx.where, "`label` must be text")
            if "cond" in trig:
                self.cond(_Ctx(tctx.where, runner, False), trig["cond"])
            self.ops(_Ctx(tctx.where, runner, False, ctx.self_ok), trig.get("effect"))

    def modifiers(self, where: str, card_type: str | None, value: Any) -> None:
        if not isinstance(value, list) or not value:
            self.add(where, "`modifiers` must be a non-empty list")
            return
        for i, mod in enumerate(value):
            mwhere = f"{where} modifier {i + 1}"
            if not isinstance(mod, Mapping):
                self.add(mwhere, "a modifier must be a mapping with `kind`")
                continue
            kind = str(mod.get("kind"))
            if kind not in MODIFIER_KINDS:
                self.add(mwhere, f"unknown modifier kind {kind!r}")
                continue
            rule, investigation_only = MODIFIER_KINDS[kind]
            allowed = {"kind", "applies_to"} | ({"n"} if rule else set())
            if kind == "play_cost":
                allowed.add("types")
            for extra in sorted(set(mod) - allowed):
                self.add(mwhere, f"unknown field `{extra}` for {kind}")
            if investigation_only and card_type != "investigation":
                self.add(mwhere, f"{kind} works only on an Investigation")
            if "applies_to" in mod and mod["applies_to"] not in SIDES:
                self.add(mwhere, f"`applies_to` must be hunter or witch, not {mod['applies_to']!r}")
            if card_type is None and "applies_to" not in mod:
                self.add(mwhere, "a scenario's modifier must say whom it `applies_to`")
            if "types" in mod:
                self.card_types(mwhere, mod["types"])
            n = mod.get("n")
            if rule == SIGNED and (not is_whole(n) or n == 0):
                self.add(mwhere, f"{kind} needs a whole, non-zero `n`, not {n!r}")
            elif rule == POSITIVE:
                self.number(mwhere, "n", n)
            elif rule == NONNEG:
                self.number(mwhere, "n", n, minimum=0)

    # --- whole entries ---

    def card(self, card: Card, boxes: Mapping[str, Box]) -> None:
        where = f"card {card.id} {card.name}".rstrip()
        data = card.data
        if card.side not in SIDES:
            self.add(where, f"`side` must be hunter or witch, not {card.side!r}")
            return
        if card.number > 0:
            expected = "hunter" if ((card.number - 1) // 25) % 2 == 0 else "witch"
            if expected != card.side:
                self.add(where, f"number {card.id} belongs to the {SIDE_NAMES[expected]}'s range")
            box = boxes.get(card.box)
            if box is not None and not box.numbers[0] <= card.number <= box.numbers[1]:
                self.add(where, f"number {card.id} is outside box {box.id}'s {box.numbers}")
        if card.type not in TYPES_BY_SIDE[card.side]:
            self.add(
                where,
                f"a {SIDE_NAMES[card.side]} card cannot be of type {card.type!r}; "
                f"types are {TYPES_BY_SIDE[card.side]}",
            )
            return
        if not card.name:
            self.add(where, "`name` is empty")
        if not card.text.strip():
            self.add(where, "`text` is empty: every card says in English what it does")
        if card.cost < 0:
            self.add(where, "`cost` must be a whole number of at least 0")
        if card.origin not in ORIGINS:
            self.add(where, f"`origin` must be one of {ORIGINS}, not {card.origin!r}")
        elif card.origin in ("example", "printed") and not card.source.strip():
            self.add(where, f"an {card.origin} card must cite its `source` in the rulebook")

        required, optional = TYPE_FIELDS[card.type]
        if card.type in LASTING_TYPES:
            optional = optional | GLOOM_FIELDS
        fields = set(data) - CARD_FIELDS
        for missing in sorted(required - fields):
            self.add(where, f"a {card.type} needs `{missing}`")
        for extra in sorted(fields - required - optional):
            self.add(where, f"unknown field `{extra}` for a {card.type}")

        side = card.side
        plain = _Ctx(where, side, False)
        in_play = _Ctx(where, side, False, True)
        gloomy = "gloom" in data
        if gloomy:
            self.number(where, "gloom", data["gloom"])
            if "cleanse" not in data:
                self.add(where, "a Gloom card needs its `cleanse` effect")
        elif "cleanse" in data:
            self.add(where, "only a Gloom card (with `gloom`) has a `cleanse` effect")
        if "cleanse" in data:
            # Cleanse effects are the Hunter's (the card itself is already out of play).
            self.ops(_Ctx(f"{where} cleanse", "hunter", False), data["cleanse"])
        if "effect" in data and card.type in ("event", "charm"):
            self.ops(plain.at(" effect"), data["effect"])
        if "on_play" in data:
            self.ops(plain.at(" on_play"), data["on_play"])
        if "triggers" in data:
            self.triggers(in_play, side, data["triggers"])
        if "modifiers" in data:
            self.modifiers(where, card.type, data["modifiers"])

        if card.type == "ally":
            self.number(where, "upkeep", data.get("upkeep"), minimum=0)
        elif card.type == "location":
            activate = data.get("activate")
            if not isinstance(activate, Mapping) or set(activate) - {"cost", "effect"}:
                self.add(where, "`activate` must be {cost: COST, effect: [ops]}")
            else:
                self.cost(f"{where} activate", activate.get("cost", {}), side)
                self.ops(in_play.at(" activate"), activate.get("effect"))
        elif card.type == "investigation":
            affects = data.get("affects")
            if affects not in SIDES:
                self.add(where, f"`affects` must be hunter or witch, not {affects!r}")
                affects = side
            self.ops(
                _Ctx(f"{where} on_visit", affects, True, True),
                data.get("on_visit"),
                allow_empty=True,
            )
            if not data.get("on_visit") and not data.get("modifiers"):
                self.add(where, "an Investigation needs an on_visit effect or a modifier")
        elif card.type == "brew":
            self.number(where, "secrets", data.get("secrets"))
            self.ops(in_play.at(" consume"), data.get("consume"))
        elif card.type == "familiar":
            visit = _Ctx(where, side, True, True)
            self.ops(visit.at(" effect"), data.get("effect"))
            empower = data.get("empower")
            if not isinstance(empower, Mapping) or set(empower) != {"cost", "effect"}:
                self.add(where, "`empower` must be {cost: COST, effect: [ops]}")
            else:
                self.cost(f"{where} empower", empower["cost"], side)
                self.ops(visit.at(" empower"), empower["effect"])
        elif card.type == "enchantment":
            lift = data.get("lift")
            if gloomy:
                # The Gloom symbol in the banner: each Lift removes 1 Gloom, nothing else.
                if lift != {"gloom": 1}:
                    self.add(
                        where,
                        "a Gloom Enchantment is lifted by removing 1 Gloom: `lift: {gloom: 1}`",
                    )
            else:
                self.cost(f"{where} lift", lift)
                if isinstance(lift, Mapping) and set(lift) - {"influence", "clues"}:
                    self.add(where, "the Hunter lifts an Enchantment with Influence and/or Clues")
            if "covers" in data:
                covers = data["covers"]
                if (
                    not isinstance(covers, list)
                    or not covers
                    or any(t not in HUNTER_TYPES or t == "event" for t in covers)
                ):
                    self.add(where, "`covers` must list Hunter card types that stay in play")
            if not any(k in data for k in ("triggers", "modifiers", "on_play", "covers", "gloom")):
                self.add(where, "an Enchantment needs a trigger, a modifier or an on_play effect")

    def villager(
        self, v: Villager, factions: Mapping[str, Faction], villagers: Mapping[str, Villager]
    ) -> None:
        where = f"villager {v.id}"
        if v.colour not in COLOURS:
            self.add(where, f"`colour` must be one of {COLOURS}, not {v.colour!r}")
        if v.target not in COLOURS:
            self.add(where, f"`target` must be one of {COLOURS}, not {v.target!r}")
        if v.number < 1 or v.number > 9:
            self.add(where, f"`number` must be a board place 1-9, not {v.number}")
        elif v.colour in COLOURS:
            low = 1 + 3 * COLOURS.index(v.colour)
            if not low <= v.number < low + 3:
                self.add(where, f"a {v.colour} villager's board place is {low}-{low + 2}")
        if v.assets < 1:
            self.add(where, "`assets` must be at least 1")
        faction = factions.get(v.faction)
        if faction is None:
            self.add(where, f"unknown faction {v.faction!r}")
        elif faction.colour != v.colour:
            self.add(where, f"is {v.colour} but its faction {faction.id} is {faction.colour}")
        if not v.name:
            self.add(where, "`name` is empty")
        if not v.text.strip():
            self.add(where, "`text` is empty")
        if v.origin not in VILLAGER_ORIGINS:
            self.add(where, f"`origin` must be one of {VILLAGER_ORIGINS}, not {v.origin!r}")
        elif v.origin == "example" and not v.source.strip():
            self.add(where, "an example villager must cite its `source` in the rulebook")
        if v.back_of:
            front = villagers.get(v.back_of)
            if front is None:
                self.add(where, f"`back_of` names unknown villager {v.back_of!r}")
            elif front.back_of:
                self.add(where, f"`back_of` names {front.id}, which is itself a back side")
            elif (front.colour, front.number, front.name) != (v.colour, v.number, v.name):
                self.add(where, f"the back of {front.id} has its name, colour and board place")
            elif front.faction == v.faction:
                self.add(where, "the two sides of a villager card belong to two factions")
        self.ops(_Ctx(f"{where} skill", None, True), list(v.skill))

    def scenario(self, s: Scenario, catalog: Catalog) -> None:
        where = f"scenario {s.id}"
        data = s.data
        if "category" in data and data["category"] not in SCENARIO_CATEGORIES:
            self.add(where, f"`category` must be one of {SCENARIO_CATEGORIES}")
        rules = data.get("rules")
        if rules is not None:
            if not isinstance(rules, Mapping) or set(rules) - {"triggers", "modifiers"}:
                self.add(where, "`rules` must be {triggers: [...], modifiers: [...]}")
            else:
                if "triggers" in rules:
                    self.triggers(_Ctx(f"{where} rules", None, False), None, rules["triggers"])
                if "modifiers" in rules:
                    self.modifiers(f"{where} rules", None, rules["modifiers"])
        ids: set[str] = set()
        for i, obj in enumerate(data.get("objectives") or []):
            owhere = f"{where} objective {i + 1}"
            if not isinstance(obj, Mapping):
                self.add(owhere, "an objective must be a mapping")
                continue
            for extra in sorted(set(obj) - OBJECTIVE_FIELDS):
                self.add(owhere, f"unknown field `{extra}`")
            for key in ("id", "name", "text"):
                if not isinstance(obj.get(key), str) or not obj.get(key):
                    self.add(owhere, f"needs `{key}` as text")
            if obj.get("id") in ids:
                self.add(owhere, f"id {obj.get('id')!r} appears more than once")
            ids.add(str(obj.get("id")))
            who = obj.get("who")
            if who not in SIDES:
                self.add(owhere, f"`who` must be hunter or witch, not {who!r}")
                who = None
            self.cond(_Ctx(owhere, who, False), obj.get("cond"))
            if "effect" in obj:
                self.ops(_Ctx(f"{owhere} effect", who, False), obj["effect"])
            if "modifiers" in obj:
                self.modifiers(owhere, None, obj["modifiers"])
            if "effect" not in obj and "modifiers" not in obj:
                self.add(owhere, "an objective needs a reward: an `effect` or `modifiers`")
        for i, vic in enumerate(data.get("victory") or []):
            vwhere = f"{where} victory {i + 1}"
            if not isinstance(vic, Mapping):
                self.add(vwhere, "a victory condition must be a mapping")
                continue
            for extra in sorted(set(vic) - VICTORY_FIELDS):
                self.add(vwhere, f"unknown field `{extra}`")
            who = vic.get("who")
            if who not in SIDES:
                self.add(vwhere, f"`who` must be hunter or witch, not {who!r}")
                who = None
            self.cond(_Ctx(vwhere, who, False), vic.get("cond"))
            reason = vic.get("reason")
            if not isinstance(reason, str) or not re.fullmatch(r"[a-z][a-z-]*", reason):
                self.add(vwhere, "`reason` must be an id such as gloom-overwhelms")
            if not isinstance(vic.get("text"), str) or not vic.get("text"):
                self.add(vwhere, "needs `text`")
        if "villager_gloom" in data:
            self.number(where, "villager_gloom", data["villager_gloom"])
        green = catalog.factions.get(s.green_faction)
        backs = green is not None and any(
            catalog.villagers[v].back_of for v in green.villagers if v in catalog.villagers
        )
        if backs and "villager_gloom" not in data:
            self.add(
                where, f"{s.green_faction} starts with Gloom: the scenario sets `villager_gloom`"
            )
        if not backs and "villager_gloom" in data:
            self.add(where, "`villager_gloom` needs a Green Faction of back sides (The Tainted)")


def _other(side: str) -> str:
    return "witch" if side == "hunter" else "hunter"


def check_catalog(catalog: Catalog) -> list[str]:
    """Every place the data leaves the documented format and op vocabulary, or contradicts
    itself (a deck naming an unknown card, a faction of the wrong colour...). Empty means the
    engine can carry out every card, villager and scenario as written."""
    c = _Checker()
    c.problems.extend(catalog.load_problems)

    names: dict[tuple[str, str], str] = {}
    for card in catalog.cards.values():
        c.card(card, catalog.boxes)
        key = (card.side, card.name)
        if key in names:
            c.add(f"card {card.id}", f"has the same name as card {names[key]}")
        names[key] = card.id

    numbers: dict[tuple[str, int], str] = {}
    for vil in catalog.villagers.values():
        c.villager(vil, catalog.factions, catalog.villagers)
        key2 = (vil.faction, vil.number)
        if key2 in numbers:
            c.add(f"villager {vil.id}", f"has the same number as {numbers[key2]}")
        numbers[key2] = vil.id

    for f in catalog.factions.values():
        where = f"faction {f.id}"
        if f.colour not in COLOURS:
            c.add(where, f"`colour` must be one of {COLOURS}, not {f.colour!r}")
        if not f.name:
            c.add(where, "`name` is empty")
        if f.origin not in ORIGINS:
            c.add(where, f"`origin` must be one of {ORIGINS}, not {f.origin!r}")
        if len(f.villagers) != 3:
            c.add(where, f"a faction has 3 villagers, not {len(f.villagers)}")
        for vid in f.villagers:
            v = catalog.villagers.get(vid)
            if v is None:
                c.add(where, f"lists unknown villager {vid!r}")
            elif v.faction != f.id:
                c.add(where, f"lists {vid}, whose faction is {v.faction!r}")
        for v in catalog.villagers.values():
            if v.faction == f.id and v.id not in f.villagers:
                c.add(where, f"does not list its villager {v.id}")

    for did, cards in catalog.decks.items():
        where = f"deck {did}"
        side = catalog.deck_sides.get(did, "")
        if side not in SIDES:
            c.add(where, f"`side` must be hunter or witch, not {side!r}")
            continue
        deck_box = box_order(catalog, catalog.deck_boxes.get(did, "base"))
        for cid in sorted(cards):
            listed = catalog.cards.get(cid)
            if listed is None:
                c.add(where, f"unknown card id {cid!r}")
            elif listed.side != side:
                c.add(where, f"{listed.name} ({cid}) is not a {SIDE_NAMES[side]} card")
            elif box_order(catalog, listed.box) > deck_box:
                c.add(where, f"{listed.name} ({cid}) comes in a later box ({listed.box})")
        size = sum(cards.values())
        # Named decks are the 50-card decks of the deckbuilding rules or Scenario 1's 30.
        for problem in validate_deck(cards, side, size if size in (30, 50) else 50, catalog):
            c.add(where, problem)

    for box in catalog.boxes.values():
        where = f"box {box.id}"
        if set(box.decks) != set(SIDES):
            c.add(where, "`decks` must name one default deck for hunter and one for witch")
        for side, did in box.decks.items():
            if catalog.deck_sides.get(did) != side or catalog.deck_boxes.get(did) != box.id:
                c.add(where, f"default {side} deck {did!r} is not a {side} deck of this box")
            elif validate_deck(catalog.decks[did], side, 50, catalog):
                c.add(where, f"default deck {did} is not a legal 50-card deck")
        if set(box.factions) != set(SIDES):
            c.add(where, "`factions` must name the default witch (red) and hunter (blue) factions")
        for side, fid in box.factions.items():
            f2 = catalog.factions.get(fid)
            colour = "red" if side == "witch" else "blue"
            if f2 is None or f2.colour != colour:
                c.add(where, f"default {side} faction {fid!r} is not a {colour} faction")

    for s in catalog.scenarios.values():
        where = f"scenario {s.id}"
        green = catalog.factions.get(s.green_faction)
        if green is None:
            c.add(where, f"unknown green faction {s.green_faction!r}")
        elif green.colour != "green":
            c.add(where, f"green faction {green.id} is {green.colour}")
        elif box_order(catalog, green.box) > box_order(catalog, s.box):
            c.add(where, f"green faction {green.id} comes in a later box")
        if s.origin not in ORIGINS:
            c.add(where, f"`origin` must be one of {ORIGINS}, not {s.origin!r}")
        if not s.name or not s.text.strip():
            c.add(where, "needs a `name` and a `text`")
        if set(s.decks) != set(SIDES):
            c.add(where, "`decks` must name one deck for hunter and one for witch")
        for side, did in s.decks.items():
            if did not in catalog.decks:
                c.add(where, f"unknown deck {did!r}")
            elif catalog.deck_sides.get(did) != side:
                c.add(where, f"deck {did} is not a {side} deck")
            elif side in SIDES:
                for problem in validate_deck(catalog.decks[did], side, s.deck_size, catalog):
                    c.add(f"{where} deck {did}", problem)
        c.scenario(s, catalog)
    return c.problems
