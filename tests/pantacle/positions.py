"""Prepared Pantacle positions for rule tests: build a state by hand, then play moves by id.

    s = new_game(players=3)
    set_hand(s, 1, ["oracle-full", "herald-full", "hound-new"])
    give(s, 0, influence=4)
    favor_phase(s, 0)                 # seat-0 is about to announce a Favor
    s = play(s, "favor:recruitment")  # checked: must be a legal move

Components are taken from (or returned to) the supplies and piles, so the conservation
invariants hold in every prepared position.
"""

from __future__ import annotations

from rules.pantacle import machine
from rules.pantacle.board import CURSES
from rules.pantacle.game import PANTACLE as GAME
from rules.pantacle.state import CurseCard, PantacleState

PLAYER_COUNTS = (2, 3, 4, 5)


def new_game(players: int = 3, seed: int | str = 1, first: int = 0) -> PantacleState:
    return GAME.new({"players": players, "first_player": f"seat-{first}"}, seed)


def ids(s: PantacleState) -> list[str]:
    return [m.id for m in GAME.legal_moves(s)]


def play(s: PantacleState, *moves: str) -> PantacleState:
    """Apply each move (by id) through the checked path; fails loudly if one is not legal."""
    for move in moves:
        s = GAME.apply(s, move)
    return s


def _take_blade(s: PantacleState, blade: str) -> None:
    if blade in s.blade_pile:
        s.blade_pile.remove(blade)
        return
    if blade in s.blade_discard:
        s.blade_discard.remove(blade)
        return
    for p in s.players:
        if blade in p.hand:
            p.remove_blade(blade)
            return
    raise ValueError(f"blade {blade} is nowhere")


def set_hand(s: PantacleState, seat: int, blades: list[str]) -> None:
    """Make `blades` the seat's hand (nobody else knows them); the old hand goes on the pile."""
    p = s.players[seat]
    old = p.hand[:]
    p.hand, p.seen, p.since = [], [], []
    s.blade_pile[:0] = old
    for blade in blades:
        _take_blade(s, blade)
        p.take_blade(blade, len(s.passes))


def stack_pile(s: PantacleState, blades: list[str]) -> None:
    """Put blades on top of the Keeper pile, the first listed drawn first."""
    for blade in blades:
        _take_blade(s, blade)
    s.blade_pile.extend(reversed(blades))


def give(
    s: PantacleState, seat: int, influence: int | None = None, adepts: int | None = None
) -> None:
    """Set the seat's Influence and/or Adepts (those given), through the supply."""
    p = s.players[seat]
    if influence is not None:
        s.supply["influence"] += p.influence - influence
        p.influence = influence
    if adepts is not None:
        s.supply["adepts"] += p.adepts - adepts
        p.adepts = adepts


def give_powers(s: PantacleState, seat: int, powers: list[str]) -> None:
    s.players[seat].powers = list(powers)


def place_flames(s: PantacleState, seat: int, points: list[str], top_first: bool = False) -> None:
    """Put discs on these points, taking them from the pentagram: the curse-free top disc
    first when `top_first`, else last."""
    p = s.players[seat]
    for point in points:
        cursed = [d for d in p.pentagram if d != "top"]
        if top_first and "top" in p.pentagram:
            p.pentagram.remove("top")
        else:
            p.pentagram.remove(cursed[0] if cursed else "top")
        p.flames.append(point)


def give_curse(
    s: PantacleState,
    seat: int,
    curse: str,
    face_down: bool = False,
    target: str = "",
) -> CurseCard:
    """Put a curse in front of the seat from the pile, with its resources from the reserve."""
    i = s.curse_pile.index(curse)
    del s.curse_pile[i]
    del s.curse_seen[i]
    card = CURSES[curse]
    c = CurseCard(curse, face_down, target=target)
    c.influence = int(card.holds.get("influence", 0))
    c.adepts = int(card.holds.get("adepts", 0))
    s.supply["influence"] -= c.influence
    s.supply["adepts"] -= c.adepts
    s.players[seat].curses.append(c)
    return c


def curses_on_top(s: PantacleState, curses: list[str]) -> None:
    """Put Curse cards on top of the pile, the first listed drawn first."""
    for curse in curses:
        i = s.curse_pile.index(curse)
        del s.curse_pile[i]
        del s.curse_seen[i]
    for curse in reversed(curses):
        s.curse_pile.append(curse)
        s.curse_seen.append(0)


def _jump(s: PantacleState, seat: int, step: int, turns: int) -> None:
    s.active = seat
    s.players[seat].turns = turns
    s.winner = s.reason = None
    s.stack = [{"t": "turn", "step": step}]
    machine.advance(s)


def start_turn(s: PantacleState, seat: int, first: bool = False) -> None:
    """Begin `seat`'s turn (its first when `first`, else a later one)."""
    _jump(s, seat, 0, 0 if first else 3)


def favor_phase(s: PantacleState, seat: int) -> None:
    """Jump to `seat`'s Favor phase (Preparation done)."""
    s.announced = None
    s.bribed_by = None
    _jump(s, seat, 5, 4)


def moon_phase(s: PantacleState, seat: int, announced: str | None = None) -> None:
    """Jump to `seat`'s Change of the Moon, after announcing `announced`."""
    s.announced = announced
    s.marked = announced
    s.bribed_by = None
    _jump(s, seat, 6, 4)
