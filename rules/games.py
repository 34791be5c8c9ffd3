"""Imports every built-in game so that each registers itself."""

from rules.core.registry import register
from rules.pagan.game import PAGAN

register(PAGAN)
