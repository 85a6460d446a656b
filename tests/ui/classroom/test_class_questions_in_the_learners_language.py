"""A class quiz set on an English page and answered on a French one: each generated question is read in French (the
same deal made again from its seed, with the same answer, cards and options, in the same order), a teacher's own
question as it was written, and every answer is marked as it would be in English."""

from __future__ import annotations

import os
from dataclasses import replace

from class_pages import HASH, page

from tutor.classroom import passphrase, signin
from tutor.classroom.question_language import in_language
from tutor.classroom.store import ClassStore
from tutor.i18n import using
from tutor.progress import Store
from tutor.quiz import generate
from tutor.quiz.order import shown_choices
from tutor.ui.classroom import teacher as teacher_page


def _radio_labels(at, key):
    return next(r for r in at.radio if r.key == key).options


def test_a_french_learner_reads_an_english_quiz_in_french_and_is_marked_alike():
    s = Store.open(os.environ["TUTOR_DATABASE_URL"])
    try:
        cs = ClassStore(s.engine)
        quiz = cs.create(title="Mixed", kinds=["contract", "count"], count=2, seed=3)  # an English page's quiz
        english = list(quiz.questions)
        with using("fr"):  # what a French page makes of the same seeds, worked out here from the generator
            french = [generate(q.kind, q.seed, **q.params) for q in english]
        assert all(f.prompt != e.prompt and f.answer == e.answer for f, e in zip(french, english, strict=True))

        at = page("class_quiz", code=quiz.code, lang="fr")
        at.text_input[1].input("Zoé")
        next(b for b in at.button if b.label == "Rejoindre le quiz").click()
        at.run()
        for n, (e, f) in enumerate(zip(english, french, strict=True)):
            shown = " ".join(m.value for m in at.markdown)
            assert f.prompt in shown and e.prompt not in shown, (n, shown[:300])
            key = f"class_{quiz.code}_{n}"
            if e.answer_type.value == "choice":
                labels = _radio_labels(at, f"{key}_choice")
                assert labels == [c.label for c in shown_choices(f)]  # French words, the English order
                right = next(c.label for c in f.choices if c.key == e.answer)
                next(r for r in at.radio if r.key == f"{key}_choice").set_value(right)
            else:
                at.text_input(key=f"{key}_number").input(str(e.answer))
            next(b for b in at.button if b.label == "Envoyer ma réponse").click()
            at.run()
            assert not at.exception and not at.error, [x.value for x in at.error]
        _players, marks = cs.results(quiz.id)
        assert [(m.number, m.correct) for m in marks] == [(0, True), (1, True)]  # marked against the quiz as set
    finally:
        s.close()


def test_a_question_that_cannot_be_made_again_alike_is_shown_as_set():
    q = generate("count", 4)
    assert in_language(q, "fr").prompt != q.prompt
    own = replace(q, seed=None, prompt="Combien de points ?")  # a teacher's own question: no seed
    assert in_language(own, "en") is own
    changed = replace(q, answer=q.answer + 1)  # a stored answer the generator no longer gives
    assert in_language(changed, "fr") is changed
    assert in_language(replace(q, kind="no_such_kind"), "fr").kind == "no_such_kind"


def test_the_projector_shows_the_question_in_the_teachers_language(monkeypatch):
    monkeypatch.setenv(passphrase.ENV_VAR, HASH)
    s = Store.open(os.environ["TUTOR_DATABASE_URL"])
    try:
        token = signin.make_token(signin.signing_key(s.engine), HASH)
        monkeypatch.setattr(teacher_page, "_cookie", lambda: token)  # the teacher's browser, signed in
        cs = ClassStore(s.engine)
        quiz = cs.create(title="Projected", kinds=["count"], count=1, seed=8, paced=True)
        cs.move(quiz.id, 0)
        q = quiz.questions[0]
        with using("fr"):
            french = generate(q.kind, q.seed, **q.params).prompt
        for lang, want, not_want in (("en", q.prompt, french), ("fr", french, q.prompt)):
            at = page("teacher", present=str(quiz.id), lang=lang)
            shown = " ".join(m.value for m in at.main.markdown)
            assert want in shown and not_want not in shown, (lang, shown[:300])
    finally:
        s.close()
