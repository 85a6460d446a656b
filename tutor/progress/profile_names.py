"""Profile names and PINs on a shared server (issue 39).

A new profile's name is refused when it is taken in any case or *looks like* one already there
(``tutor.names.lookalike_key``: “Annа” with a Cyrillic а next to “Anna”), and the refusal says what a
wrong sign-in says (``NO_MATCH``): neither answer tells which names exist. A new PIN is refused when
it is one anyone would try first (``tutor.names.weak_pin``); PINs set before are still accepted at sign-in.
"""

from __future__ import annotations

from sqlalchemy import select

from ..db import name_key
from ..db.progress import Learner
from ..i18n import _
from ..names import lookalike_key, refuse_weak_pin

__all__ = ["name_taken", "no_match", "refuse_weak_pin"]


def no_match() -> str:
    """One answer for a wrong sign-in and for a new profile whose name cannot be had."""
    return _("That name and PIN do not match a profile you can use here. If the profile is yours, check the PIN "
             "(it was set when the profile was made); otherwise pick another name for a new profile (add an "
             "initial).")


def name_taken(conn, name: str, except_id: int | None = None) -> bool:
    """True when another learner has ``name`` in any case, or a name that looks the same."""
    query = select(Learner.id).where(Learner.name_key == name_key(name))
    if except_id is not None:
        query = query.where(Learner.id != except_id)
    if conn.execute(query).first():
        return True
    others = [other for lid, other in conn.execute(select(Learner.id, Learner.name)) if lid != except_id]
    if not others:  # the first profile (a new install's first page): no lookalike table to load
        return False
    key = lookalike_key(name)
    return any(lookalike_key(other) == key for other in others)
