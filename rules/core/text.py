"""Marking the texts a player reads, so that they can be translated at the edge.

The rules speak English only and stay free of I/O: a text is built from a marked template,
`N_("Visit {villager}").format(villager=...)`, which returns the template unchanged (gettext's
`gettext_noop`). Babel extracts every `N_` template into the message catalog (service/locale);
the service renders a text in another language by matching it against those templates and
formatting the translation with the same arguments (docs/localisation.md).
"""

from __future__ import annotations


def N_(message: str) -> str:
    """`message` unchanged: marks it as a template of the message catalog."""
    return message


__all__ = ["N_"]
