"""The class flow in AppTest: the teacher unlocks and sets a quiz, two learners answer differently,
the dashboard shows the right statistics; and the doors a learner must not get through."""

import os
import re
from html import escape

import pytest
from class_pages import (
    HASH,
    PASS,
    _id_of,
    _teacher_hash,  # noqa: F401  (autouse: the passphrase hash for every test here)
    button,
    learner,
    main_text,
    page,
    present,
    set_paced_quiz,
    set_quiz,
    snapshot,
    unlocked_teacher,
)
from streamlit.testing.v1 import AppTest

from tutor.classroom import passphrase
from tutor.classroom.store import ClassStore
from tutor.progress import Store
from tutor.ui.common.safe import JOINER, plain  # the page escapes answers for Markdown ("6.5" is written 6\\.5)


def test_whole_class_flow_two_learners_and_the_dashboard():
    teacher = unlocked_teacher()
    code = set_quiz(teacher)
    quiz = snapshot(code)
    right = [q.answer_text for q in quiz.questions]
    wrong = [str(int(float(r)) + 1) for r in right]

    ann = learner(code, "Ann", right)
    assert "Your result: 3 right out of 3" in ann.subheader[0].value
    assert any("explanations later" in i.value for i in ann.info)
    bob = learner(code, "Bob", [right[0], wrong[1], wrong[2]])
    assert "Your result: 1 right out of 3" in bob.subheader[0].value
    # a learner's page shows only their own answers
    text = " ".join(m.value for m in bob.markdown)
    assert "Ann" not in text and not bob.dataframe

    teacher.run()
    assert "Learners (2)" in [h.value for h in teacher.subheader]
    people, per_q, picks, skills = (d.value for d in teacher.dataframe)
    assert list(people["learner"]) == ["Ann", "Bob"]
    assert list(people["right"]) == ["3/3", "1/3"] and list(people["score"]) == ["3", "1"]
    assert list(people["Q1"]) == ["right", "right"] and list(people["Q2"]) == ["right", "wrong"]
    cells = [str(v) for col in people.columns for v in people[col]]
    assert not any(c in ("None", "nan", "") for c in cells), cells  # never an empty or "None" cell
    assert list(per_q["% right"]) == ["100", "50", "50"]
    assert list(per_q["most common mistake"]) == ["—", f"{wrong[1]} ×1", f"{wrong[2]} ×1"]
    assert list(picks["answer"]) == [right[0]] and list(picks["learners"]) == [2]  # question 1: both right
    assert list(skills["% right"]) == ["66.7"]  # 4 right of 6: one decimal, not 66.66666
    # question 2 in full: its text, the right answer, how the class answered and the mistake named
    teacher.selectbox(key=f"teacher_question_{quiz.id}").set_value(2).run()
    md = " ".join(m.value for m in teacher.markdown)
    assert quiz.questions[1].prompt in md and f"**Right answer:** {plain(right[1])}" in md
    picks = teacher.dataframe[2].value
    assert dict(zip(picks["answer"], picks["learners"], strict=True)) == {right[1]: 1, wrong[1]: 1}
    assert dict(zip(picks["answer"], picks["right"], strict=True)) == {right[1]: "yes", wrong[1]: "no"}
    mistake = teacher.warning[0].value
    assert f"Most common mistake:** {wrong[1]} (1 learner)" in mistake and f"answer is {right[1]}" in mistake

    button(teacher, "Allow the explanations").click()
    teacher.run()
    bob.run()  # Bob's page now opens the explanations
    assert any("answer and why" in e.label for e in bob.expander)


def test_closing_the_quiz_stops_answers_with_a_clear_message():
    teacher = unlocked_teacher()
    code = set_quiz(teacher, count=2)
    ann = learner(code, "Ann", [])
    button(teacher, "Close the quiz").click()
    teacher.run()
    ann.text_input(key=f"class_{code}_0_number").input("3")
    button(ann, "Send my answer").click()
    ann.run()
    assert "is closed" in ann.error[0].value
    late = page("class_quiz", code=code)
    late.text_input[1].input("Cleo")
    button(late, "Join the quiz").click()
    late.run()
    assert "is closed" in late.error[0].value


def test_an_unknown_code_gets_a_clear_message():
    at = page("class_quiz", code="ZZZZZZ")
    at.text_input[1].input("Ann")
    button(at, "Join the quiz").click()
    at.run()
    assert "no class quiz with the code “ZZZZZZ”" in at.error[0].value


def test_a_wrong_passphrase_is_refused_and_slows_the_next_try():
    at = page("teacher")
    at.text_input[0].input("guess")
    button(at, "Unlock").click()
    at.run()
    assert "Wrong passphrase" in at.error[0].value
    assert not at.dataframe and not any(b.label == "Set the quiz" for b in at.button)
    at.text_input[0].input(PASS)  # even the right one must wait now
    button(at, "Unlock").click()
    at.run()
    assert "wait" in at.error[0].value and not any(b.label == "Set the quiz" for b in at.button)
    other = page("teacher")  # another session that has not failed is never locked out by this one
    other.text_input[0].input(PASS)
    button(other, "Unlock").click()
    other.run()
    assert not other.error and any(b.label == "Set the quiz" for b in other.button)


def test_without_a_configured_passphrase_the_teacher_area_stays_locked(monkeypatch):
    monkeypatch.delenv(passphrase.ENV_VAR)
    at = page("teacher")
    assert "TUTOR_TEACHER_PASSPHRASE_HASH" in at.warning[0].value
    assert not at.text_input and not at.dataframe


def test_a_learner_session_never_reaches_the_dashboard():
    teacher = unlocked_teacher()
    code = set_quiz(teacher, count=1)
    ann = learner(code, "Ann", ["3"])
    ann.switch_page("tutor/ui/pages/teacher.py")  # the learner's own session opens the Teacher page
    ann.run()
    assert not ann.dataframe and any(b.label == "Unlock" for b in ann.button)
    ann.switch_page("tutor/ui/pages/class_quiz.py")
    ann.query_params["code"] = code
    ann.run()
    assert "Bob" not in " ".join(m.value for m in ann.markdown)


def test_a_reload_comes_back_to_the_same_place_through_the_address():
    """A reload is a new session: the token in the address (?me=) brings the learner back, mid-quiz."""
    teacher = unlocked_teacher()
    code = set_quiz(teacher, count=3)
    right = [q.answer_text for q in snapshot(code).questions]
    ann = learner(code, "Ann", right[:1])
    token = ann.query_params["me"]
    assert ann.query_params["code"] == code and len(token) >= 24

    again = page("class_quiz", code=code, me=token)  # a fresh session, as after a reload
    assert not again.exception and not again.error
    assert [t.key for t in again.text_input] == [f"class_{code}_1_number"]  # question 2 waits
    assert "playing as Ann" in again.caption[0].value
    again.text_input(key=f"class_{code}_1_number").input(right[1])
    button(again, "Send my answer").click()
    again.run()
    assert [m.correct for m in snapshot_marks(code, token)] == [True, True]

    # "Not you?" leaves on this device: the join form is back and the address forgets the token.
    button(again, "Not you?").click()
    again.run()
    assert "me" not in again.query_params
    assert [b.label for b in again.button if b.label == "Join the quiz"]


def test_a_broken_token_in_the_address_gets_a_message_and_the_join_form():
    code = set_quiz(unlocked_teacher(), count=1)
    at = page("class_quiz", code=code, me="not-a-token")
    assert not at.exception
    assert "Join again with the code" in at.warning[0].value
    assert at.text_input[0].value == code
    assert "me" not in at.query_params


def snapshot_marks(code, token):
    s = Store.open(os.environ["TUTOR_DATABASE_URL"])
    try:
        return ClassStore(s.engine).my_answers(token)
    finally:
        s.close()


def test_a_locked_database_on_the_class_page_offers_try_again(monkeypatch, _fresh_progress_db):
    """The message says “press Try again”: the button is there, and after the lock it joins."""
    import sqlite3
    monkeypatch.setattr("tutor.progress.db.BUSY_TIMEOUT_MS", 100)
    monkeypatch.setattr("tutor.classroom.store.PATIENCE", 0.3)
    monkeypatch.setattr("tutor.progress.db.WRITE_PATIENCE", 0.3)
    teacher = unlocked_teacher()
    code = set_quiz(teacher, count=2)
    at = page("class_quiz", code=code)
    other = sqlite3.connect(_fresh_progress_db, isolation_level=None)
    other.execute("BEGIN EXCLUSIVE")
    try:
        at.text_input[1].input("Ann")
        button(at, "Join the quiz").click()
        at.run()
        assert not at.exception
        assert "busy" in at.error[0].value and "Try again" in at.error[0].value
        assert any(b.label == "Try again" for b in at.button)
    finally:
        other.execute("ROLLBACK")
        other.close()
    button(at, "Try again").click()
    at.run()
    assert not at.error
    at.text_input[1].input("Ann")
    button(at, "Join the quiz").click()
    at.run()
    assert "Question 1 of 2" in at.get("progress")[0].proto.text


def test_a_tab_guessing_codes_is_slowed_down():
    at = page("class_quiz")
    messages = []
    for i in range(12):  # the waits double (2, 4, 8 … s): however slow each run, one of them comes in time
        at.text_input[0].input(f"ZZZZZ{i % 8 + 2}")
        at.text_input[1].input("Eve")
        button(at, "Join the quiz").click()
        at.run()
        messages.append(at.error[0].value)
        if "Too many tries" in messages[-1]:
            break
    assert all("no class quiz" in m for m in messages[:5])
    assert "Too many tries to join from this browser" in messages[-1]


# -- a class at a real table: projector, paced mode, coming back, roster, the teacher's sign-in --------


def test_the_projector_shows_the_code_and_qr_with_no_controls_on_the_projected_part():
    from tutor.classroom.qr import png_size
    teacher = unlocked_teacher()
    code = set_quiz(teacher, count=1)
    learner(code, "Ann", [])
    present(teacher)
    assert not teacher.exception
    big = [h.proto.body for h in teacher.main.get("html")]
    assert any(f">{code}</div>" in b and "font: 700" in b for b in big)  # the code, large
    (img,) = teacher.main.get("image")
    assert img.proto.imgs[0].caption == "Scan to join" and img.proto.imgs[0].url.endswith(".png")
    from tutor.ui.classroom.projector import qr_png
    assert png_size(qr_png(f"/class?code={code}"))[0] >= 250  # the image the page sent, from its cache
    assert '<div class="tt-count">1 joined</div><ul class="tt-chips" aria-label="Joined"><li class="tt-chip">Ann</li>' \
        in " ".join(h.proto.body for h in teacher.main.get("html"))
    # nothing to click on the projected part: every control is in the sidebar
    assert not teacher.main.button and not teacher.main.toggle and not teacher.main.text_input
    assert not teacher.main.selectbox and not teacher.main.dataframe
    teacher.sidebar.toggle(key="teacher_present").set_value(False).run()
    assert "Learners (1)" in [h.value for h in teacher.subheader]


def test_a_teacher_paced_quiz_the_projector_question_and_the_podium():
    teacher = unlocked_teacher()
    code = set_paced_quiz(teacher, count=2)
    quiz = snapshot(code)
    right = [q.answer_text for q in quiz.questions]
    wrong = str(int(float(right[0])) + 1)

    ann = learner(code, "Ann", [])
    bob = learner(code, "Bob", [])
    assert "will start the quiz" in " ".join(i.value for i in ann.info)
    assert not [t for t in ann.text_input if t.key and t.key.startswith(f"class_{code}_")]  # nothing to answer yet

    button(teacher, "Start the quiz").click()
    teacher.run()
    assert "question 1 of 2" in main_text(teacher)
    ann.run()
    ann.text_input(key=f"class_{code}_0_number").input(right[0])
    button(ann, "Send my answer").click()
    ann.run()
    assert "Answer to question 1 saved" in ann.success[0].value
    assert not [t for t in ann.text_input if t.key == f"class_{code}_1_number"]  # question 2 waits for the teacher
    bob.run()
    bob.text_input(key=f"class_{code}_0_number").input(wrong)
    button(bob, "Send my answer").click()
    bob.run()

    present(teacher)
    md = main_text(teacher)
    assert "Question 1 of 2" in md and quiz.questions[0].prompt in md and "2 of 2" in md
    assert "Right answer" not in md and not teacher.main.dataframe  # the room never sees the answer or results
    button(teacher, "Next question").click()  # in the sidebar, while presenting
    teacher.run()
    assert "Question 2 of 2" in main_text(teacher)
    ann.run()  # the learner's page follows the teacher
    assert [t.key for t in ann.text_input if t.key and t.key.startswith("class_")] == [f"class_{code}_1_number"]
    ann.text_input(key=f"class_{code}_1_number").input(right[1])
    button(ann, "Send my answer").click()
    ann.run()

    button(teacher, "Show the results").click()
    teacher.run()
    assert "the end" in main_text(teacher)
    podium = " ".join(h.proto.body for h in teacher.main.get("html"))  # the steps (tutor/ui/classroom/stage.py)
    assert re.findall(r'tt-pname">(\w+)<.*?aria-level="3">(\w+)<', podium) == [("Bob", "2nd"), ("Ann", "1st")]
    ann.run()
    assert "Your result: 2 right out of 2" in ann.subheader[0].value
    bob.run()
    assert "Your result: 0 right out of 2" in bob.subheader[0].value  # question 2 missed: counted as not right

    teacher.sidebar.toggle(key=f"teacher_podium_{quiz.id}_side").set_value(False).run()
    assert "tt-podium" not in " ".join(h.proto.body for h in teacher.main.get("html"))
    assert "2 learners took part" in main_text(teacher)


def test_an_answer_to_another_question_than_the_class_is_on_is_refused():
    teacher = unlocked_teacher()
    code = set_paced_quiz(teacher, count=2)
    ann = learner(code, "Ann", [])
    token = ann.query_params["me"]
    s = Store.open(os.environ["TUTOR_DATABASE_URL"])
    try:
        from tutor.classroom.store import ClassError, Reason
        with pytest.raises(ClassError) as err:
            ClassStore(s.engine).answer(token, 0, "3")
        assert err.value.reason is Reason.NOT_NOW and "the start" in str(err.value)
    finally:
        s.close()


def test_a_learner_who_lost_the_address_comes_back_with_the_pin():
    teacher = unlocked_teacher()
    code = set_quiz(teacher, count=2)
    right = [q.answer_text for q in snapshot(code).questions]
    ann = learner(code, "Ann", right[:1])
    pin = next(i.value for i in ann.info if "Your PIN is" in i.value).split("**")[1]
    assert len(pin) == 6 and pin.isdigit() and pin not in str(dict(ann.query_params))
    old = ann.query_params["me"]

    again = page("class_quiz", code=code)  # another device, no address
    again.text_input(key="class_rejoin_name").input("ann")
    again.text_input(key="class_rejoin_pin").input(str((int(pin) + 1) % 10000).zfill(4))
    button(again, "Come back with my PIN").click()
    again.run()
    assert "do not match" in again.error[0].value
    again.text_input(key="class_rejoin_pin").input(pin)
    button(again, "Come back with my PIN").click()
    again.run()
    assert "wait" in again.error[0].value  # the try after a wrong PIN waits, even with the right one

    fresh = page("class_quiz", code=code)  # a session that has not failed is not slowed down
    fresh.text_input(key="class_rejoin_name").input("Ann")
    fresh.text_input(key="class_rejoin_pin").input(pin)
    button(fresh, "Come back with my PIN").click()
    fresh.run()
    assert not fresh.error and "playing as Ann" in fresh.caption[0].value
    assert [t.key for t in fresh.text_input if t.key and t.key.startswith("class_")] == [f"class_{code}_1_number"]
    assert fresh.query_params["me"] != old
    stale = page("class_quiz", code=code, me=old)  # the lost address no longer opens the quiz
    assert "Join again" in stale.warning[0].value


def _ask(code, name) -> tuple[AppTest, str]:
    """A new device asks to come back as ``name``: the page and the code it shows."""
    at = page("class_quiz", code=code)
    at.text_input(key="class_rejoin_name").input(name)
    button(at, "Ask my teacher to let me in").click()
    at.run()
    assert not at.error, [e.value for e in at.error]
    return at, at.info[0].value.split("**")[1]


def test_a_learner_comes_back_when_the_teacher_lets_them_in():
    teacher = unlocked_teacher()
    code = set_quiz(teacher, count=1)
    learner(code, "Ann", [])
    asker, shown = _ask(code, "Ann")
    assert f"Your request to come back as Ann is with your teacher. Show them this code: **{shown}**" in \
        asker.info[0].value and len(shown) == 4

    teacher.run()
    assert any("asks to come back" in m.value and "1 request" in m.value for m in teacher.markdown)
    button(teacher, f"Let in {shown}").click()
    teacher.run()
    assert not any("asks to come back" in m.value for m in teacher.markdown)
    asker.run()  # the waiting page looks again (every few seconds in a browser)
    assert not asker.error and "playing as Ann" in asker.caption[0].value

    other, other_code = _ask(code, "Ann")  # turned down: the waiting page says so
    teacher.run()
    button(teacher, f"Turn down {other_code}").click()
    teacher.run()
    other.run()
    assert "no longer waiting" in other.error[0].value


def test_a_second_request_for_a_name_does_not_replace_the_first_and_the_teacher_sees_both():
    """Issue 29: asking to come back as "ann" replaced Ann's waiting request, and the teacher let the
    asker into Ann's place. Now both wait, the teacher sees how many and from when, with the code each
    page shows, and lets in the learner in front of them."""
    teacher = unlocked_teacher()
    code = set_quiz(teacher, count=1)
    learner(code, "Ann", ["3"])
    ann, ann_code = _ask(code, "Ann")
    eve, eve_code = _ask(code, "ann")
    teacher.run()
    (note,) = [m.value for m in teacher.markdown if "asks to come back" in m.value]
    assert note.startswith("**Ann** asks to come back") and "2 requests, the first at" in note
    assert "Only one of these can be them" in note
    assert {b.label for b in teacher.button} >= {f"Let in {ann_code}", f"Let in {eve_code}",
                                                 f"Turn down {ann_code}", f"Turn down {eve_code}"}
    button(teacher, f"Let in {ann_code}").click()
    teacher.run()
    ann.run()
    assert not ann.error and "playing as Ann" in ann.caption[0].value
    eve.run()
    assert "no longer waiting" in eve.error[0].value and not eve.caption  # never in Ann's place


def test_the_teacher_turns_a_flood_of_requests_down_at_once():
    teacher = unlocked_teacher()
    code = set_quiz(teacher, count=1)
    askers = [_ask(code, name)[0] for name in ("Ann", "Ann", "Bob", "Cy")]
    teacher.run()
    button(teacher, "Turn down all 4 requests").click()
    teacher.run()
    assert not any("asks to come back" in m.value for m in teacher.markdown)
    askers[0].run()
    assert "no longer waiting" in askers[0].error[0].value


def test_asking_to_come_back_does_not_tell_whether_a_name_is_in_the_quiz():
    teacher = unlocked_teacher()
    code = set_quiz(teacher, count=1)
    learner(code, "Ann", [])
    known, known_code = _ask(code, "Ann")
    unknown, unknown_code = _ask(code, "Zed")
    assert known.info[0].value.replace("Ann", "X").replace(known_code, "C") == \
        unknown.info[0].value.replace("Zed", "X").replace(unknown_code, "C")
    teacher.run()
    assert any(m.value.startswith("**Zed** asks to come back") and "nobody of that name has joined" in m.value
               for m in teacher.markdown)
    assert not any(b.label == f"Let in {unknown_code}" for b in teacher.button)  # it names nobody
    button(teacher, f"Turn down {unknown_code}").click()
    teacher.run()
    unknown.run()
    assert "no longer waiting" in unknown.error[0].value


def test_the_teacher_renames_and_removes_a_learner():
    teacher = unlocked_teacher()
    code = set_quiz(teacher, count=1)
    ann = learner(code, "Ann", [])
    learner(code, "Bob", ["3"])
    teacher.run()
    teacher.selectbox(key="teacher_roster_who").set_value(_id_of(teacher, "Ann"))
    teacher.text_input(key="teacher_roster_name").input("BOB")
    button(teacher, "Rename").click()
    teacher.run()
    assert "already called “BOB”" in teacher.error[0].value  # any case: Bob is taken
    teacher.text_input(key="teacher_roster_name").input("Anna <b>")
    button(teacher, "Rename").click()
    teacher.run()
    assert list(teacher.dataframe[0].value["learner"]) == ["Anna <b>", "Bob"]
    assert "Ann is now Anna \\<b\\>." in teacher.success[0].value
    ann.run()
    assert "playing as Anna \\<b\\>" in ann.caption[0].value

    teacher.selectbox(key="teacher_roster_who").set_value(_id_of(teacher, "Bob"))
    teacher.run()
    assert button(teacher, "Remove this learner").disabled
    teacher.checkbox(key="teacher_roster_sure").check()
    teacher.run()
    button(teacher, "Remove this learner").click()
    teacher.run()
    assert list(teacher.dataframe[0].value["learner"]) == ["Anna <b>"]
    assert "Learners (1)" in [h.value for h in teacher.subheader]


def test_unlocking_hands_the_browser_a_signed_cookie_never_the_passphrase_nor_the_address():
    from tutor.classroom import signin
    at = page("teacher")
    at.text_input[0].input(PASS)
    button(at, "Unlock").click()
    at.run()
    (script,) = [h.proto.body for h in at.get("html") if signin.COOKIE in h.proto.body]
    token = script.split(f"{signin.COOKIE}=", 1)[1].split(";", 1)[0]
    assert PASS not in script and "Max-Age=28800" in script and "SameSite=Strict" in script
    assert not dict(at.query_params)  # nothing in the address, which the projector shows
    s = Store.open(os.environ["TUTOR_DATABASE_URL"])
    try:
        key = signin.signing_key(s.engine)
        assert signin.check_token(token, key, HASH, hours=8)
        assert not signin.check_token(token, key, passphrase.make_hash("another"), hours=8)
        button(at, "Lock the teacher area").click()
        at.run()
        assert any("Max-Age=0" in h.proto.body for h in at.get("html"))  # the cookie is taken back
        assert any(b.label == "Unlock" for b in at.button)
        at.text_input[0].input(PASS)
        button(at, "Unlock").click()
        at.run()
        other = unlocked_teacher()  # another tab, signed in
        button(at, "Sign out everywhere").click()
        at.run()
        assert not signin.check_token(token, signin.signing_key(s.engine), HASH, hours=8)  # a new key
        other.run()  # the other tab's next run is locked too
        assert any(b.label == "Unlock" for b in other.button) and not other.dataframe
    finally:
        s.close()


def test_a_reload_with_the_cookie_keeps_the_teacher_signed_in(monkeypatch):
    """AppTest cannot send cookies, so the page's reading of them is given one: a valid token opens the
    area, a forged or expired one does not."""
    from tutor.classroom import signin
    from tutor.ui.classroom import teacher as teacher_page
    s = Store.open(os.environ["TUTOR_DATABASE_URL"])
    try:
        key = signin.signing_key(s.engine)
    finally:
        s.close()
    good = signin.make_token(key, HASH)
    old = signin.make_token(key, HASH, now=__import__("time").time() - 9 * 3600)
    for token, opens in ((good, True), (good[:-3] + "abc", False), (old, False), ("", False)):
        monkeypatch.setattr(teacher_page, "_cookie", lambda t=token: t)
        at = page("teacher")
        assert any(b.label == "Set the quiz" for b in at.button) is opens, token
        assert any(b.label == "Unlock" for b in at.button) is not opens


def test_a_cookie_replayed_after_locking_the_teacher_area_is_refused(monkeypatch):
    """Issue 29: "Lock the teacher area" took the cookie back from this browser only, and a copy of it
    still opened the area. Now the lock ends the token on the server."""
    from tutor.classroom import signin
    from tutor.ui.classroom import teacher as teacher_page
    at = page("teacher")
    at.text_input[0].input(PASS)
    button(at, "Unlock").click()
    at.run()
    (script,) = [h.proto.body for h in at.get("html") if signin.COOKIE in h.proto.body]
    token = script.split(f"{signin.COOKIE}=", 1)[1].split(";", 1)[0]
    other = unlocked_teacher()  # another browser, signed in with its own token
    monkeypatch.setattr(teacher_page, "_cookie", lambda: token)
    replay = page("teacher")  # before the lock, the copy opens the area (as a reload would)
    assert any(b.label == "Set the quiz" for b in replay.button)
    button(at, "Lock the teacher area").click()
    at.run()
    assert any(b.label == "Unlock" for b in at.button)
    replay = page("teacher")  # the same cookie, sent again after the lock
    assert any(b.label == "Unlock" for b in replay.button) and not any(b.label == "Set the quiz" for b in replay.button)
    other.run()  # locking one browser does not sign the others out
    assert any(b.label == "Set the quiz" for b in other.button)


# What Streamlit's Markdown (remark-gfm, its "autolink literal" patterns, copied from its bundle) makes
# a link of: run on the text once the backslash escapes are read, which is why escaping alone fails.
WEB = re.compile(r"(https?://|www(?=\.))([-.\w]+)", re.IGNORECASE | re.ASCII)
MAIL = re.compile(r"(?:^|(?<=[\s\W]))([-.\w+]+)@([-\w]+(?:\.[-\w]+)+)", re.ASCII)
LINKY = ["www.evil.example", "go to https://evil.example/x", "mail me a@evil.example"]


def autolinks(markdown: str) -> list[str]:
    text = re.sub(r"\\(.)", r"\1", markdown)
    return [m.group(0) for pattern in (WEB, MAIL) for m in pattern.finditer(text)]


def all_markdown(at) -> str:
    parts = [str(e.value) for kind in ("markdown", "caption", "info", "success", "warning", "error", "subheader",
                                       "title", "header") for e in getattr(at, kind)]
    return "\n".join(parts + [str(b.label) for b in at.button])


def test_names_and_titles_that_look_like_addresses_never_become_links():
    """Issue 29: a learner named www.evil.example (or with a URL or a mail address in the name), and a
    URL in a quiz title, showed as clickable links on the projector and the dashboard."""
    assert autolinks("www\\.evil\\.example and https\\://evil\\.example a@evil\\.example") == [
        "www.evil.example", "https://evil.example", "a@evil.example"]  # the old escaping: links
    teacher = unlocked_teacher()
    title = "Read https://evil.example/q or www.evil.example"
    code = set_quiz(teacher, title=title, count=1)
    pupils = [learner(code, name, []) for name in LINKY]
    _ask(code, LINKY[0])  # a request to come back names the learner too
    teacher.run()
    shown = all_markdown(teacher)
    assert autolinks(shown) == [], autolinks(shown)
    readable = re.sub(r"\\(.)", r"\1", shown).replace(JOINER, "")
    assert title in readable and LINKY[0] in readable  # the same characters, only never a link
    projected = present(teacher)
    shown = all_markdown(projected)
    assert autolinks(shown) == [], autolinks(shown)
    readable = re.sub(r"\\(.)", r"\1", shown).replace(JOINER, "")
    assert title in readable
    chips = " ".join(h.proto.body for h in projected.main.get("html"))  # the lobby's names: HTML, not Markdown
    assert "<a" not in chips and all(f'<li class="tt-chip">{escape(name)}</li>' in chips for name in LINKY)
    for at in pupils:  # each learner's own page: the title and their name
        shown = all_markdown(at)
        assert autolinks(shown) == [] and title in re.sub(r"\\(.)", r"\1", shown).replace(JOINER, "")
