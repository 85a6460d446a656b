"""Issue 37: ``tarot-tutor teacher-hash`` always said to put the hash in TUTOR_TEACHER_PASSPHRASE_HASH, also when it
was made for the club's organiser. ``--for organiser`` names TUTOR_ORGANISER_PASSPHRASE_HASH; the hash is the same
kind, and the organiser's sign-in accepts it."""

from __future__ import annotations

import io

from tutor.classroom.passphrase import ENV_VAR, ORGANISER_VAR, organiser_hash, verify
from tutor.cli import main


def _hash(monkeypatch, capsys, *extra):
    monkeypatch.setattr("sys.stdin", io.StringIO("the club's own phrase\n"))
    assert main(["teacher-hash", "--stdin", *extra]) == 0
    got = capsys.readouterr()
    return got.out.strip(), got.err


def test_for_organiser_names_the_organisers_setting(monkeypatch, capsys):
    made, said = _hash(monkeypatch, capsys, "--for", "organiser")
    assert ORGANISER_VAR in said and ENV_VAR not in said
    assert verify("the club's own phrase", organiser_hash({ORGANISER_VAR: made}))


def test_by_default_and_for_teacher_it_names_the_teachers_setting(monkeypatch, capsys):
    for extra in ((), ("--for", "teacher")):
        made, said = _hash(monkeypatch, capsys, *extra)
        assert ENV_VAR in said and ORGANISER_VAR not in said and verify("the club's own phrase", made)


def test_an_unknown_role_is_refused_with_the_choices(monkeypatch, capsys):
    monkeypatch.setattr("sys.stdin", io.StringIO("the club's own phrase\n"))
    try:
        code = main(["teacher-hash", "--stdin", "--for", "janitor"])
    except SystemExit as exit_:
        code = exit_.code
    assert code == 2
    err = capsys.readouterr().err
    assert "teacher" in err and "organiser" in err and "Traceback" not in err
