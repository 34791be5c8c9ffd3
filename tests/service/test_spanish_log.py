"""The log's own lines in Spanish: a move the mover reads in full is rendered from its most
specific message, so no English is left in it."""

from __future__ import annotations

from rules.pagan.state import WITCH
from service import i18n
from tests.pagan.positions import GAME, action_phase, new_game, put_in_play
from tests.service.test_spanish import assert_spanish


def test_the_witchs_own_visit_with_the_familiar_pawn_reads_spanish() -> None:
    s = new_game(seed=3)
    put_in_play(s, WITCH, "0048")  # Learn Secrets, a Familiar
    action_phase(s, WITCH)
    visit = next(m for m in GAME.legal_moves(s) if dict(m.args).get("pawn") == "familiar")
    entry = GAME.describe(s, visit.value, WITCH).to_json()
    assert entry["text"].endswith("with the Familiar pawn")  # the English log, unchanged
    spanish = i18n.translator("es")
    assert spanish is not None
    text = spanish.description(entry)
    assert "Peón de Familiar" in text, text
    assert_spanish(text)
