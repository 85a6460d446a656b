"""A class learner's name must not look like another learner's in the quiz (issue 39): “Annа” with a
Cyrillic а, or “Anna” with a zero-width space, next to “Anna” would take her place on the projector.
Invisible characters are refused by ``display_name`` (``tutor.names.refuse_hidden``); a name that
looks like one already there is refused here as a name taken (``tutor.names.lookalike_key``), inside
the join's write transaction."""

from __future__ import annotations

from sqlalchemy import select

from ..db import name_key
from ..db.classroom import ClassPlayer
from ..names import lookalike_key


def taken_in_quiz(conn, quiz_id: int, name: str, except_id: int | None = None) -> bool:
    """True when another learner of the quiz has ``name`` in any case, or a name that looks the same."""
    rows = conn.execute(select(ClassPlayer.id, ClassPlayer.name, ClassPlayer.name_key)
                        .where(ClassPlayer.quiz_id == quiz_id)).all()
    key, looks = name_key(name), lookalike_key(name)
    return any(pid != except_id and (other_key == key or lookalike_key(other) == looks)
               for pid, other, other_key in rows)
