"""A generated question in the reader's language: made again from its kind, seed and parameters.

A class quiz stores its questions as the teacher's page wrote them when the quiz was set. A learner whose page is
in the other language reads each generated question made again in theirs: the same seed and parameters give the
same deal, so only the words change. It is used only when it is the same question (the answer, the cards, the
options and the form's fields); otherwise, and for a teacher's own question (no seed), the question is shown as set.

>>> from tutor.i18n import using
>>> from tutor.quiz import generate
>>> q = generate("contract", 1)
>>> fr = in_language(q, "fr")
>>> fr.answer == q.answer and fr.prompt != q.prompt, list(fr.cards)
(True, ['Votre main'])
>>> in_language(q, "en") == q
True
"""

from __future__ import annotations

import functools
import json

from ..engine import TarotError
from ..i18n import using
from ..quiz import Question, generate
from ..quiz.question import jsonable
from ..quiz.registry import KINDS_SPEC


def in_language(q: Question, lang: str) -> Question:
    """``q`` in ``lang`` when it can be made again there and is the same question; else ``q`` itself."""
    if q.seed is None or q.kind not in KINDS_SPEC:
        return q
    again = _made_again(q.kind, q.seed, json.dumps(jsonable(q.params), sort_keys=True), lang)
    return again if again is not None and same_question(q, again) else q


def same_question(a: Question, b: Question) -> bool:
    """The same question in any words: its answer, the cards shown, the options and the form's fields."""
    return (a.answer_type is b.answer_type and jsonable(a.answer) == jsonable(b.answer)
            and list(a.cards.values()) == list(b.cards.values()) and a.pool == b.pool
            and [c.key for c in a.choices] == [c.key for c in b.choices]
            and [f.key for f in a.fields] == [f.key for f in b.fields])


@functools.lru_cache(maxsize=512)  # a class reads the same few questions: each made once a process and language
def _made_again(kind: str, seed: int, params: str, lang: str) -> Question | None:
    try:
        with using(lang):
            return generate(kind, seed, **json.loads(params))
    except (TarotError, TypeError, ValueError):  # parameters this version no longer takes: shown as set
        return None
