"""The progress pages and the saving hooks, driven with Streamlit's AppTest on a throw-away SQLite file."""

import json
import sqlite3
from datetime import UTC, datetime, timedelta

from apptest_helpers import APP, app
from streamlit.testing.v1 import AppTest

from tutor.progress import AnswerRecord, Store
from tutor.quiz import generate

PROGRESS = "tutor/ui/pages/progress.py"


def view(at: AppTest, name: str) -> AppTest:
    at.segmented_control(key="progress_view").set_value(name).run()
    assert not at.exception
    return at


def answer_count_drill(at: AppTest, right: bool) -> None:
    seed = at.session_state["drill_seed"]
    q = generate("count", seed, players=4, difficulty=1)
    at.text_input[0].set_value(f"{q.answer:g}" if right else f"{q.answer + 1.5:g}")
    submit(at)


def submit(at: AppTest) -> None:
    at.button(key=next(b.key for b in at.button if b.key and b.key.startswith("FormSubmitter"))).click().run()
    assert not at.exception


def test_empty_progress_page_says_how_to_start():
    at = app(PROGRESS)
    assert not at.exception
    assert at.title[0].value == "Your progress"
    from tutor.ui.common.data import course, puzzles
    assert [m.value for m in at.metric] == ["0", f"0 / {len(course().lessons)}", f"0 / {len(puzzles())}", "0 days"]
    assert "Answer a few questions" in at.info[0].value


def test_drill_answers_are_saved_and_shown_on_progress(db):
    at = app("tutor/ui/pages/drill.py")
    at.multiselect[0].set_value(["count"]).run()
    assert any("Mastery of" in c.value and "new" in c.value for c in at.caption)
    answer_count_drill(at, right=False)
    at.button(key="drill_next").click().run()
    answer_count_drill(at, right=True)
    me = db.learners()[0]
    rows = db.answers(me.id)
    assert [(r.kind, r.skill, r.correct, r.source) for r in rows] == [
        ("count", "counting", False, "drill"), ("count", "counting", True, "drill")]
    assert rows[0].params == {"players": 4, "difficulty": 1} and rows[0].seconds is not None
    # Plain words, no percentages or "confidence" in the main view.
    line = next(c.value for c in at.caption if "Card values" in c.value)
    assert "1 right out of 2: on the way, answer a few more" in line and "%" not in line and "confidence" not in line

    at.switch_page(PROGRESS)
    at.run()
    assert not at.exception
    assert at.metric[0].value == "2" and at.metric[3].value == "1 day"
    table = at.dataframe[0].value
    counting = table[table["Skill"].str.startswith("Card values")].iloc[0]
    assert counting["How it is going"] == "1 right out of 2: on the way, answer a few more"
    assert list(table.columns) == ["Skill", "How it is going"]  # the statistics wait in the expander
    stats = at.dataframe[1].value
    counting = stats[stats["Skill"].str.startswith("Card values")].iloc[0]
    assert (counting["Accuracy"], counting["Recent answers"]) == (50, 2)
    assert at.button(key="progress_next").label.startswith("Practise next")


def test_a_finished_lesson_is_remembered_in_a_new_session(db):
    from lesson_answers import play_lesson

    from tutor.ui.common.data import course

    at = app("tutor/ui/pages/lesson.py", lesson="the-deck")
    play_lesson(at, course().lesson("the-deck"))
    assert any("You finished" in s.value for s in at.success)
    assert list(db.lessons_done(db.learners()[0].id)) == ["the-deck"]
    fresh = app()  # another browser session, same learner
    assert any("Continue: lesson 0" in m.value for m in fresh.markdown)  # the overview, still to do


def test_a_solved_puzzle_is_saved(db):
    from tutor.ui.common.data import puzzles

    first = next(p for p in puzzles() if p.to_question().answer_type.value == "choice")
    q = first.to_question()
    at = app("tutor/ui/pages/puzzles.py", puzzle=first.id)
    wrong = next(c.label for c in q.choices if c.key != q.answer)
    at.radio[0].set_value(wrong)
    at.button[0].click().run()
    at.button(key=f"pz_{first.id}_again").click().run()  # the missed puzzle is closed until tried again
    at.radio[0].set_value(q.choice(q.answer).label)
    at.button[0].click().run()
    assert not at.exception
    me = db.learners()[0]
    assert set(db.puzzles_solved(me.id)) == {first.id}
    assert len(db.activity_times(me.id)) == 2  # the wrong try is kept too
    assert "1 of" in app("tutor/ui/pages/puzzles.py").get("progress")[0].proto.text


def test_replay_my_mistakes_regenerates_and_clears_them(db):
    me = db.default_learner()
    t = datetime.now(UTC) - timedelta(days=2)
    db.record_answer(me.id, AnswerRecord("counting", "count", 101, {"players": 4, "difficulty": 1}, "3", False, 0.0),
                     at=t)
    db.record_answer(me.id, AnswerRecord("target", "target", 202, {"players": 3, "difficulty": 2}, "51", False, 0.0),
                     at=t + timedelta(hours=1))
    at = view(app(PROGRESS), "replay")
    first = generate("count", 101, players=4, difficulty=1)
    assert any(m.value == first.prompt for m in at.markdown)  # oldest first, the very question again
    at.selectbox(key="replay_skill").set_value("target").run()
    second = generate("target", 202, players=3, difficulty=2)
    assert any(m.value == second.prompt for m in at.markdown)
    # Put the second one right, with the hint.
    at.button(key=next(b.key for b in at.button if b.key and b.key.endswith("_hintbtn"))).click().run()
    assert at.info[0].value  # the rule that decides it
    at.text_input[0].set_value(f"{second.answer:g}")
    submit(at)
    replayed = [a for a in db.answers(me.id) if a.source == "replay"]
    assert [(a.seed, a.params, a.correct, a.hints_used) for a in replayed] == [
        (202, {"players": 3, "difficulty": 2}, True, True)]
    at = view(app(PROGRESS), "replay")
    assert any("1 mistake," in c.value and "1 put right" in c.value for c in at.caption)
    assert any(m.value == first.prompt for m in at.markdown)
    assert not any(m.value == second.prompt for m in at.markdown)


def test_spaced_review_opt_in_review_now_and_why(db):
    me = db.default_learner()
    db.record_answer(me.id, AnswerRecord("counting", "count", 5, {"players": 4}, "3", True, 1.0))
    at = view(app(PROGRESS), "review")
    # The label names the switch; the state is said apart, so an off switch never reads "is on".
    assert at.toggle[0].label == "Use spaced review" and at.toggle[0].value is False
    assert any("Spaced review is off" in c.value for c in at.caption)
    assert not any("FSRS" in m.value for m in at.markdown if m not in at.expander[0].markdown)
    at.toggle[0].set_value(True).run()
    assert not at.exception
    assert db.learner(me.id).review_enabled
    assert any("Spaced review is on" in c.value for c in at.caption)
    assert any(m.value == "**1 skill due now.**" for m in at.markdown)
    assert any("Not reviewed yet" in c.value for c in at.caption)  # why it is due
    at.button(key="review_start").click().run()
    kind, seed = at.session_state["review_q"]
    assert kind == "count"  # the only due skill is counting
    q = generate(kind, seed, players=4)
    at.text_input[0].set_value(f"{q.answer:g}")
    submit(at)
    (card,) = db.review_cards(me.id)
    assert card.reviews == 1 and card.due > datetime.now(UTC)
    assert any("All caught up" in s.value for s in at.success)
    assert not any("due now." in m.value for m in at.markdown)  # the count follows the answer
    at.button(key="review_done").click().run()
    assert any("due in 10 min" in m.value or "due in 9 min" in m.value for m in at.markdown)
    assert any("Still being learnt" in c.value for c in at.caption)


def who(at: AppTest):
    return next(s for s in at.selectbox if s.label == "Who is learning?")


def test_profiles_create_switch_and_export(db):
    me = db.default_learner()
    at = view(app(PROGRESS), "profile")
    at.text_input[0].set_value("Ana")
    at.button[0].click().run()
    assert not at.exception
    assert at.session_state["progress_learner"][1] == "Ana"
    ana = next(p for p in db.learners() if p.name == "Ana")
    assert who(at).value == ana.id and sorted(who(at).options) == ["Ana", "Me"]
    assert any("Learner: **Ana**" in c.value for c in at.caption)
    at.text_input[0].set_value("me")
    at.button[0].click().run()
    assert "already a learner" in at.error[0].value
    assert at.get("download_button")  # export offered for the current learner
    who(at).set_value(me.id).run()
    assert at.session_state["progress_learner"] == (me.id, "Me")
    assert any("Learner: **Me**" in c.value for c in at.caption)


def test_read_only_database_keeps_the_app_working_and_says_so(monkeypatch, _fresh_progress_db, db):
    db.default_learner()
    monkeypatch.setenv("TUTOR_DATABASE_URL", f"sqlite:///file:{_fresh_progress_db}?mode=ro&uri=true")
    at = app("tutor/ui/pages/drill.py")
    at.multiselect[0].set_value(["count"]).run()
    assert any("Not saving" in w.value and "read-only" in w.value for w in at.warning)
    answer_count_drill(at, right=True)
    assert any(s.value.startswith("Right") for s in at.success)
    assert db.count_answers() == 0


def test_corrupt_database_is_backed_up_and_the_learner_told(monkeypatch, tmp_path):
    bad = tmp_path / "broken.sqlite3"
    bad.write_bytes(b"garbage " * 1000)
    monkeypatch.setenv("TUTOR_DATABASE_URL", f"sqlite:///{bad}")
    at = app()
    assert not at.exception
    assert any("was damaged" in i.value for i in at.info)
    assert list(tmp_path.glob("broken.sqlite3.corrupt-*"))
    at.button(key="progress_notice_ok").click().run()
    assert not any("was damaged" in i.value for i in at.info)


def test_locked_database_stops_saving_then_try_again_saves(monkeypatch, _fresh_progress_db, db):
    monkeypatch.setattr("tutor.progress.db.BUSY_TIMEOUT_MS", 100)
    monkeypatch.setattr("tutor.progress.db.WRITE_PATIENCE", 0.3)
    db.default_learner()
    at = app("tutor/ui/pages/drill.py")
    at.multiselect[0].set_value(["count"]).run()
    other = sqlite3.connect(_fresh_progress_db, isolation_level=None)
    other.execute("BEGIN EXCLUSIVE")
    try:
        answer_count_drill(at, right=True)
        assert any("Not saving" in w.value and "busy" in w.value for w in at.warning)
    finally:
        other.execute("ROLLBACK")
        other.close()
    at.button(key="progress_retry").click().run()
    assert not any("Not saving" in w.value for w in at.warning)
    at.button(key="drill_next").click().run()
    answer_count_drill(at, right=True)
    assert db.count_answers() == 2  # the answer given during the lock was kept and is saved now


def test_after_a_lock_the_next_answer_saves_without_try_again(monkeypatch, _fresh_progress_db, db):
    """Saving resumes by itself: the answers given while the file was locked are kept in the session
    and written, in order and with their own times, by the first write after the lock is gone."""
    monkeypatch.setattr("tutor.progress.db.BUSY_TIMEOUT_MS", 100)
    monkeypatch.setattr("tutor.progress.db.WRITE_PATIENCE", 0.3)
    db.default_learner()
    at = app("tutor/ui/pages/drill.py")
    at.multiselect[0].set_value(["count"]).run()
    other = sqlite3.connect(_fresh_progress_db, isolation_level=None)
    other.execute("BEGIN EXCLUSIVE")
    try:
        for right in (True, False, True):
            answer_count_drill(at, right=right)
            at.button(key="drill_next").click().run()
        assert any("Not saving" in w.value and "busy" in w.value for w in at.warning)
        assert db.count_answers() == 0
    finally:
        other.execute("ROLLBACK")
        other.close()
    answer_count_drill(at, right=False)  # no Try again pressed
    assert not any("Not saving" in w.value for w in at.warning)
    rows = db.answers(db.learners()[0].id)
    assert [r.correct for r in rows] == [True, False, True, False]
    assert [r.answered_at for r in rows] == sorted(r.answered_at for r in rows)


def test_a_full_disk_says_the_disk_is_full(monkeypatch, _fresh_progress_db, db):
    db.default_learner()
    con = sqlite3.connect(_fresh_progress_db)
    used = con.execute("PRAGMA page_count").fetchone()[0]
    con.close()
    from tutor.progress import db as dbmod
    real = dbmod._sqlite_connect

    def capped(dbapi_conn, record):  # the file may not grow: SQLite fails with SQLITE_FULL, as on a full disk
        real(dbapi_conn, record)
        dbapi_conn.execute(f"PRAGMA max_page_count = {used}")
    monkeypatch.setattr(dbmod, "_sqlite_connect", capped)
    at = app("tutor/ui/pages/drill.py")
    at.multiselect[0].set_value(["count"]).run()
    assert not at.exception
    warning = next(w.value for w in at.warning if "Not saving" in w.value)
    assert "is full" in warning and "Free some space" in warning and "TUTOR_DATABASE_URL" not in warning


def test_unreachable_database_on_the_progress_page(monkeypatch):
    monkeypatch.setenv("TUTOR_DATABASE_URL", "postgresql+psycopg://x:y@127.0.0.1:1/none")
    at = app(PROGRESS)
    assert not at.exception
    assert "cannot be opened" in at.warning[0].value
    for name in ("replay", "review", "profile"):
        view(at, name)


def test_streamlit_secrets_choose_the_database(monkeypatch, tmp_path):
    monkeypatch.delenv("TUTOR_DATABASE_URL")
    monkeypatch.setattr("tutor.progress.config.default_path", lambda: tmp_path / "never-used.sqlite3")
    target = tmp_path / "from-secrets.sqlite3"
    at = AppTest.from_file(APP, default_timeout=60)
    at.secrets["TUTOR_DATABASE_URL"] = f"sqlite:///{target}"
    at.run()
    at.switch_page(PROGRESS)
    at.run()
    assert not at.exception
    assert target.exists() and not (tmp_path / "never-used.sqlite3").exists()
    assert [p.name for p in Store.open(f"sqlite:///{target}").learners()] == ["Me"]


def test_every_saving_page_opens_without_a_database(monkeypatch):
    """With saving off, every page still opens (the store is optional, never required)."""
    monkeypatch.setenv("TUTOR_DATABASE_URL", "postgresql+psycopg://x:y@127.0.0.1:1/none")
    for page in ("tutor/ui/pages/course.py", "tutor/ui/pages/drill.py", "tutor/ui/pages/puzzles.py",
                 "tutor/ui/pages/lesson.py"):
        at = app(page)
        assert not at.exception, page
        assert any("Not saving" in w.value for w in at.warning) or page.endswith("lesson.py")


def test_import_a_progress_file_from_the_profile_page(db):
    from tutor.progress.transfer import export_learner

    ana = db.create_learner("Ana")
    db.record_answer(ana.id, AnswerRecord("target", "target", 9, {"players": 4}, "51", True, 1.0))
    data = json.dumps(export_learner(db, ana.id)).encode()
    at = view(app(PROGRESS), "profile")
    submit_import = next(b for b in at.button if b.label == "Import as a new learner")
    at.file_uploader[0].set_value(("bad.json", b"{oops", "application/json"))
    submit_import.click().run()
    assert not at.exception and "not a JSON file" in at.error[0].value
    at.file_uploader[0].set_value(("ana.json", data, "application/json"))
    next(t for t in at.text_input if t.label == "Import as").set_value("Ana on the laptop")
    next(b for b in at.button if b.label == "Import as a new learner").click().run()
    assert not at.exception
    assert any("Imported “Ana on the laptop”" in s.value for s in at.success)
    copy = next(p for p in db.learners() if p.name == "Ana on the laptop")
    assert db.count_answers(copy.id) == 1
    assert at.session_state["progress_learner"] == (copy.id, "Ana on the laptop")


def _texts(at: AppTest) -> str:
    """Everything the page shows as text, and every option a widget offers (to look for a name)."""
    out = []
    for el in at.main:
        for attr in ("value", "label", "options", "body"):
            v = getattr(el, attr, None)
            if v is not None and not callable(v):
                out.append(str(v))
    def walk(node):
        for child in getattr(node, "children", {}).values():
            for attr in ("value", "label", "options", "body", "placeholder"):
                try:
                    v = getattr(child, attr, None)
                except Exception:
                    v = None
                if v is not None and not callable(v):
                    out.append(str(v))
            walk(child)
    walk(at._tree)
    return "\n".join(out)


def learner_of(at: AppTest):
    return at.session_state["progress_learner"] if "progress_learner" in at.session_state else None  # noqa: SIM401


def _form(at: AppTest, **values) -> None:
    for key, value in values.items():
        at.text_input(key=key).set_value(value)


def test_a_shared_server_never_opens_someone_elses_progress(monkeypatch, db):
    """On a shared server a new visitor starts as a guest, not as the last active learner, and stays one
    on the Profile page (where the old “Who is learning?” box silently made them the last learner)."""
    monkeypatch.setenv("TUTOR_SHARED_SERVER", "1")
    ana = db.create_learner("Ana", pin="4821")
    db.record_answer(ana.id, AnswerRecord(skill="counting", kind="count", seed=1, params={}, answer="3",
                                          correct=False, credit=0.0))
    at = app(PROGRESS)
    assert learner_of(at) is None
    assert at.metric[0].value == "0"  # Ana's answer is not shown to a stranger
    assert any("sign in with your name and PIN" in i.value for i in at.info)
    at = view(at, "profile")
    at.run()
    assert not at.exception and not at.selectbox  # no list of learners to pick from
    assert "Ana" not in _texts(at)  # nor her name anywhere on the page
    assert learner_of(at) is None
    drill = app("tutor/ui/pages/drill.py")
    drill.multiselect[0].set_value(["count"]).run()
    answer_count_drill(drill, right=True)
    assert [p.name for p in db.learners()] == ["Ana"]  # no “Me” made behind the visitor's back
    assert len(db.answers(ana.id)) == 1  # and nothing written into Ana's progress
    _form(at, new_name="ANA", new_pin="3917", new_pin_again="3917")
    at.button(key=next(b.key for b in at.button if b.label == "Make my profile")).click().run()
    assert "do not match a profile" in at.error[0].value  # names are unique whatever their case
    _form(at, new_name="Bea", new_pin="3917", new_pin_again="3917")
    at.button(key=next(b.key for b in at.button if b.label == "Make my profile")).click().run()
    assert at.session_state["progress_learner"][1] == "Bea"
    assert not any("sign in with your name" in i.value for i in at.info)
    assert "Ana" not in _texts(at)


def test_a_learner_comes_back_with_name_and_pin_only(monkeypatch, db):
    monkeypatch.setenv("TUTOR_SHARED_SERVER", "1")
    ana = db.create_learner("Ana", pin="4821")
    db.record_answer(ana.id, AnswerRecord("counting", "count", 1, {}, "3", True, 1.0))
    at = view(app(PROGRESS), "profile")
    sign_in = next(b.key for b in at.button if b.label == "Sign in")
    _form(at, sign_in_name="ana", sign_in_pin="0000")
    at.button(key=sign_in).click().run()
    assert "do not match" in at.error[0].value and learner_of(at) is None
    from tutor.db.progress import Throttle
    with db.engine.connect() as conn:  # the wrong PIN was counted for this session, in the database
        (row,) = conn.execute(Throttle.__table__.select().where(Throttle.key.like("pin:session:%"))).all()
    assert row.score == 1.0 and (row.until - row.at).total_seconds() == 1.0
    with db.engine.begin() as conn:  # as if the next try came within the wait (a slow test run may not)
        conn.execute(Throttle.__table__.update().values(until=datetime.now(UTC) + timedelta(minutes=1)))
    _form(at, sign_in_name="ana", sign_in_pin="4821")
    at.button(key=sign_in).click().run()
    assert "wait" in at.error[0].value  # a slowed-down session waits, even with the right PIN
    with db.engine.begin() as conn:  # a minute later
        conn.execute(Throttle.__table__.update().values(until=datetime(2000, 1, 1, tzinfo=UTC)))
    at.button(key=sign_in).click().run()
    assert not at.error and at.session_state["progress_learner"] == (ana.id, "Ana")
    at = view(at, "mastery")
    assert at.metric[0].value == "1"  # her own progress
    at = view(at, "profile")
    at.button(key="profile_sign_out").click().run()
    assert learner_of(at) is None
    assert any(b.label == "Sign in" for b in at.button)


def test_a_learner_without_a_pin_is_asked_to_set_one(monkeypatch, db):
    monkeypatch.setenv("TUTOR_SHARED_SERVER", "1")
    at = view(app(PROGRESS), "profile")
    _form(at, new_name="Cleo", new_pin="12", new_pin_again="12")
    at.button(key=next(b.key for b in at.button if b.label == "Make my profile")).click().run()
    assert "4 to 64 characters" in at.error[0].value and [p.name for p in db.learners()] == []
    _form(at, new_name="Cleo", new_pin="5381", new_pin_again="5382")
    at.button(key=next(b.key for b in at.button if b.label == "Make my profile")).click().run()
    assert "differ" in at.error[0].value and [p.name for p in db.learners()] == []
    _form(at, new_name="Cleo", new_pin="5381", new_pin_again="5381")
    at.button(key=next(b.key for b in at.button if b.label == "Make my profile")).click().run()
    (cleo,) = db.learners()
    assert db.has_pin(cleo.id) and db.sign_in("cleo", "5381", "s1").id == cleo.id


def test_a_server_sign_in_is_the_learner(monkeypatch, db):
    """With ``[auth]`` in the secrets, st.login's identity is the learner: the same person comes back to
    the same profile in a new session, and two identities never share one."""
    monkeypatch.setenv("TUTOR_SHARED_SERVER", "1")
    db.create_learner("Chloé", pin="9173")  # someone else already has the name
    who = {"id": ("https://idp.example|sub-1", "Chloé")}
    monkeypatch.setattr("tutor.ui.common.learner.signed_in", lambda: who["id"])
    at = app(PROGRESS)
    first = at.session_state["progress_learner"]
    assert first[1] == "Chloé (2)"
    again = app(PROGRESS)
    assert again.session_state["progress_learner"] == first
    who["id"] = ("https://idp.example|sub-2", "Dan")
    other = app(PROGRESS)
    assert other.session_state["progress_learner"][1] == "Dan"
    monkeypatch.setattr("tutor.ui.common.learner.signed_in", lambda: None)
    at = AppTest.from_file(APP, default_timeout=60)
    at.secrets["auth"] = {"redirect_uri": "http://localhost:8501/oauth2callback", "cookie_secret": "x"}
    at.run()
    at.switch_page(PROGRESS)
    at.run()
    at = view(at, "profile")
    assert any(b.key == "profile_login" for b in at.button)  # the sign-in button is offered


def test_a_generated_check_in_a_lesson_counts_toward_mastery_and_replay(db):
    """Lesson 3's closing quiz opens with a generated counting question: its first answer is saved
    with source "lesson", so a wrong one comes back in Replay my mistakes."""
    from tutor.ui.common.data import course

    lesson = course().lesson("card-values")
    first_quiz = len(lesson.steps)
    step = lesson.quiz[0]
    assert step.generator == "count"
    at = app("tutor/ui/pages/lesson.py", lesson="card-values")
    at.session_state["step_card-values"] = first_quiz
    at.run()
    q = generate("count", step.quiz_seed, **dict(step.params))
    at.text_input(key=f"card-values_{first_quiz}_number").set_value(f"{q.answer + 1.5:g}")
    submit(at)
    # A check is answered once per attempt: no second try is offered, so there is no second answer.
    assert not any(b.key and b.key.startswith("FormSubmitter") for b in at.button)
    assert any(e.value.startswith("Not quite") or "not" in e.value.lower() for e in at.error)
    rows = db.answers(db.learners()[0].id)
    assert [(r.kind, r.skill, r.correct, r.source, r.seed) for r in rows] == [
        ("count", "counting", False, "lesson", step.quiz_seed)]
    at.switch_page(PROGRESS)
    at.run()
    assert at.metric[0].value == "1"
    at = view(at, "replay")
    assert any(m.value == q.prompt for m in at.markdown)  # the lesson's mistake, regenerated


def test_a_puzzle_answered_after_its_solution_was_shown_is_not_solved(db):
    """Issue 12, point 16: right after "Show the solution" is a revealed try, saved as not solved."""
    from tutor.ui.common.data import puzzles

    first = next(p for p in puzzles() if p.to_question().answer_type.value == "choice")
    q = first.to_question()
    at = app("tutor/ui/pages/puzzles.py", puzzle=first.id)
    at.button(key=f"pz_{first.id}_show").click().run()
    assert any(m.value.startswith("**Solution:**") for m in at.markdown)
    at.radio[0].set_value(q.choice(q.answer).label)
    submit(at)
    assert any("does not count as solved" in i.value for i in at.info)
    assert "solved" not in at.selectbox(key="pz_pick").format_func(first.id)
    me = db.learners()[0]
    assert db.puzzles_solved(me.id) == {}
    # Both kept, as not solved: showing the solution first (a miss for the puzzle rating), then the try after it.
    assert len(db.activity_times(me.id)) == 2
    assert db.puzzle_rating(me.id)[1] == 1  # only the first counts for the rating
    assert "0 of" in app("tutor/ui/pages/puzzles.py").get("progress")[0].proto.text


def test_sign_in_on_a_read_only_database_says_so_once_and_reading_still_works(monkeypatch, db, _fresh_progress_db):
    """A shared server whose database is read-only: one clear sentence about signing in, the saving
    note once, and the pages still read (no garbled “The progress database the database …”)."""
    monkeypatch.setenv("TUTOR_SHARED_SERVER", "1")
    ana = db.create_learner("Ana", pin="4821")
    db.record_answer(ana.id, AnswerRecord("counting", "count", 1, {}, "3", True, 1.0))
    monkeypatch.setenv("TUTOR_DATABASE_URL", f"sqlite:///file:{_fresh_progress_db}?mode=ro&uri=true")
    at = view(app(PROGRESS), "profile")
    sign_in = next(b.key for b in at.button if b.label == "Sign in")
    _form(at, sign_in_name="ana", sign_in_pin="4821")
    at.button(key=sign_in).click().run()
    assert not at.exception
    said = [e.value for e in (*at.error, *at.warning, *at.info)]
    assert not any("the database is" in s or "database the database" in s for s in said), said
    assert sum("read-only" in s for s in said) == 1, said  # the saving note, said once
    assert any("Signing in is off" in e.value for e in at.error), said
    assert learner_of(at) is None
    _form(at, new_name="Bea", new_pin="3917", new_pin_again="3917")
    at.button(key=next(b.key for b in at.button if b.label == "Make my profile")).click().run()
    said = [e.value for e in (*at.error, *at.warning, *at.info)]
    assert sum("read-only" in s for s in said) == 1 and any("New profiles are off" in s for s in said), said
    drill = app("tutor/ui/pages/drill.py")  # every page still works for reading
    assert not drill.exception
    assert [p.name for p in db.learners()] == ["Ana"] and len(db.answers(ana.id)) == 1
