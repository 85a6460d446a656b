"""``tarot-tutor quiz``: questions, answers, JSON, and one-line errors."""

import json

import pytest

from tutor.cli import main
from tutor.quiz import KINDS, generate


def run(capsys, *args):
    status = main(list(args))
    out, err = capsys.readouterr()
    return status, out, err


def test_questions_with_answers(capsys):
    status, out, _ = run(capsys, "quiz", "--kind", "legal", "--count", "3", "--seed", "42", "--answers")
    assert status == 0
    assert out.count("legal · seed ") == 3 and "seed 42" in out and "seed 44" in out
    assert out.count("Answer: ") == 3 and "Rule: " in out
    q = generate("legal", 43)
    assert f"Answer: {q.answer_text}" in out


def test_without_answers_nothing_is_given_away(capsys):
    status, out, _ = run(capsys, "quiz", "--kind", "score", "--seed", "7")
    assert status == 0 and "Answer:" not in out and "Fill in:" in out


def test_every_kind_prints(capsys):
    for kind in KINDS:
        status, out, _ = run(capsys, "quiz", "--kind", kind, "--count", "2", "--seed", "1", "--answers")
        assert status == 0 and "Answer:" in out, kind


def test_json_reproduces_the_generator(capsys):
    status, out, _ = run(capsys, "quiz", "--kind", "legal", "--count", "2", "--seed", "5", "--players", "5",
                         "--answers", "--json")
    assert status == 0
    data = json.loads(out)
    assert [d["seed"] for d in data] == [5, 6]
    assert data[0] == json.loads(json.dumps(generate("legal", 5, players=5).to_dict()))
    status, out, _ = run(capsys, "quiz", "--kind", "legal", "--seed", "5", "--json")
    assert "answer" not in json.loads(out)[0] and "explanation" not in json.loads(out)[0]


def test_options(capsys):
    status, out, _ = run(capsys, "quiz", "--kind", "legal", "--seed", "3", "--players", "5", "--option",
                         "situation=first_lead", "--json", "--answers")
    assert status == 0 and "first_lead" in json.loads(out)[0]["context"]["situation"]


@pytest.mark.parametrize("args,words", [
    (["--kind", "five", "--players", "4"], "for 5 players"),
    (["--kind", "legal", "--count", "0"], "--count"),
    (["--kind", "legal", "--option", "oops"], "NAME=VALUE"),
    (["--kind", "legal", "--option", "situation=nonsense"], "situation must be one of"),
])
def test_bad_input_is_one_line_and_exit_2(capsys, args, words):
    status, out, err = run(capsys, "quiz", *args)
    assert status == 2 and words in err and err.count("\n") == 1


def test_unknown_kind_is_a_usage_error(capsys):
    with pytest.raises(SystemExit) as exc:
        main(["quiz", "--kind", "nope"])
    assert exc.value.code == 2
