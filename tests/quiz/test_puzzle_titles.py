"""`tarot-tutor check` refuses a puzzle title, English or French, that names a card of the solution (issue 38)."""

from tutor.engine import parse_cards
from tutor.quiz.puzzle_titles import named_cards
from tutor.quiz.puzzles import check_puzzle_file, puzzle_files

ENTRY = ("- id: {id}\n  title: \"{title}\"\n  kind: winner\n  tags: [trick-winner]\n  difficulty: 1\n"
         "  position: {{trick: JD CD 9D 2D}}\n  question: Which card wins?\n  solution: CD\n")


def codes(text, cards, lang="en"):
    return [c.code for c in named_cards(text, parse_cards(cards), lang)]


def test_each_way_of_naming_a_card_is_found_in_both_languages():
    # The titles: the Excuse, the Petit, a card by its name; then codes, short forms, rank words, numbers.
    assert codes("A free lead: the Excuse", "EX") == ["EX"]
    assert codes("Draw trumps to bring the Petit home", "T1 T21") == ["T1"]
    assert codes("Keep the king of hearts", "KH") == ["KH"]
    assert codes("Play KH or T21", "KH T21 EX") == ["KH", "T21"]
    assert codes("Is K♥ master?", "KH") == ["KH"]
    assert codes("Throw the knight that cannot win", "CH") == ["CH"]
    assert codes("The 21 over the 16", "T21") == ["T21"] and codes("Trump 15 at trick 9", "T15") == ["T15"]
    assert codes("A small heart near the end", "3H") == ["3H"]
    assert codes("L’Excuse avant qu’il soit trop tard", "EX", "fr") == ["EX"]
    assert codes("Le Roi de pique maintenant", "KS", "fr") == ["KS"]
    assert codes("Le 15 d’atout au 9e pli (5 joueurs)", "T15", "fr") == ["T15"]
    assert codes("Un petit cœur vers la fin", "3H", "fr") == ["3H"]


def test_a_title_that_names_no_card_of_the_solution_passes():
    # Trick and seat numbers, counts, other cards than the answer, the bonus "petit au bout" and a low card.
    assert codes("Seat 1 still has clubs", "T1") == []
    assert codes("The Petit at trick 10 (3 players)", "T10 T3 EX") == []
    assert codes("Le Joueur 1 a encore du trèfle", "T1", "fr") == []
    assert codes("A petit au bout, 40.5 points", "T1 T5") == []
    assert codes("Un petit atout au 3e pli", "T1 T3", "fr") == []
    assert codes("The king is gone: what now?", "QH") == []


def test_the_check_names_the_file_and_line_of_each_title(tmp_path):
    (tmp_path / "fr").mkdir()
    (tmp_path / "p.yaml").write_text(ENTRY.format(id="p-one", title="The knight wins")
                                     + ENTRY.format(id="p-two", title="Two court cards"))
    (tmp_path / "fr" / "p.yaml").write_text("p-one:\n  title: \"Deux honneurs\"\n"
                                            "p-two:\n  title: \"Le Cavalier gagne\"\n")
    problems = [str(p) for p in check_puzzle_file(tmp_path / "p.yaml")]
    assert len(problems) == 2, problems
    assert problems[0].startswith(f"{tmp_path / 'p.yaml'}:2: puzzle 'p-one': the title names CD")
    assert problems[1].startswith(f"{tmp_path / 'fr' / 'p.yaml'}:4: puzzle 'p-two': the title names CD")


def test_every_shipped_puzzle_title_passes(tmp_path):
    from pathlib import Path

    from tutor.quiz.puzzles import read_puzzle_file, title_problems
    folder = Path(__file__).resolve().parents[2] / "puzzles"
    found = [str(p) for f in puzzle_files(folder) for p in title_problems(read_puzzle_file(f, deep=False)[0], f)]
    assert not found, found
