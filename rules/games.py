"""Imports every built-in game so that each registers itself."""

from rules.core.registry import register
from rules.pagan.game import PAGAN
from rules.pantacle.game import PANTACLE

register(PAGAN)
register(PANTACLE)
