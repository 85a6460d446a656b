"""Issue 38: a strategy puzzle once answered is closed, for each of its three kinds (the best card with every hand
shown, the seat's own view, the bid): the card table is drawn only to look at, the typed check and the bid are
greyed out with the answer given still in them, and the verdict and "Next puzzle" come right under the question,
before the table and the form, so they are on the first screen. "Try again" opens a missed puzzle again."""

from __future__ import annotations

import json

from apptest_helpers import app, french_page

from tutor.engine import card
from tutor.i18n import using
from tutor.ui.common.cards import card_name

PAGE = "tutor/ui/pages/puzzles.py"
BEST = "petit-when-nobody-can-overtrump"  # every hand shown; best: the Petit (T1); T18 and T7 are legal
SEAT = "seat-4p-defence-28"  # the seat's own view; best: K♠, the 7♠ is legal and worse
BID = "bid-nothing-to-take"  # best: Pass


def walk(node):
    yield node
    for child in (getattr(node, "children", None) or {}).values():
        yield from walk(child)


def order(at) -> list[str]:
    """The page's elements in the order they are drawn ('error', 'button:pz_next', 'table', 'text_input', …)."""
    out = []
    for node in walk(at._tree):
        kind = getattr(node, "type", "")
        if kind == "bidi_component" and node.proto.component_name == "tarot_tutor.card_table":
            out.append("card_table")
        elif kind in ("button", "text_input", "radio") and getattr(node, "key", None):
            out.append(f"{kind}:{node.key}")
        else:
            out.append(kind)
    return out


def table_mode(at) -> str:
    """The mode of the puzzle's own card table, the page's first (the line of play's tables come below)."""
    table = next(n for n in walk(at._tree) if getattr(n, "type", "") == "bidi_component"
                 and n.proto.component_name == "tarot_tutor.card_table")
    return json.loads(table.proto.json)[0]["mode"]  # the card table's data is sent in a list


def button(at, label):
    return next(b for b in at.button if b.label == label)


def test_a_best_card_puzzle_missed_is_closed_with_its_verdict_first_until_tried_again():
    key = f"pz_{BEST}"
    at = app(PAGE, puzzle=BEST)
    assert table_mode(at) == "play" and not at.text_input(key=f"{key}_typed").disabled
    at.text_input(key=f"{key}_typed").set_value("T18")
    button(at, "Check what I typed").click().run()
    assert not at.exception
    assert at.error[0].value == "Not the best: Trump 18. Best: The Petit (trump 1)."
    assert table_mode(at) == "view", "the hand is no longer to click"
    typed = at.text_input(key=f"{key}_typed")
    assert typed.disabled and typed.value == "T18"  # the answer given, shown
    assert button(at, "Check what I typed").disabled
    assert at.button(key="pz_next").proto.type == "primary"
    page = order(at)
    # The verdict, then Try again and Next puzzle, then the puzzle's table and the (closed) form.
    assert (page.index("error") < page.index(f"button:{key}_again") < page.index("button:pz_next")
            < page.index("card_table") < page.index(f"text_input:{key}_typed")), page
    assert page.index("button:pz_next") < page.index("table"), page  # the values table comes below
    at.button(key=f"{key}_again").click().run()
    assert not at.exception and not at.error
    assert table_mode(at) == "play" and not at.text_input(key=f"{key}_typed").disabled
    at.text_input(key=f"{key}_typed").set_value("petit")
    button(at, "Check what I typed").click().run()
    assert at.success[0].value == "Right: The Petit (trump 1) is best."
    assert table_mode(at) == "view" and not any(b.key == f"{key}_again" for b in at.button)


def test_an_illegal_card_leaves_the_puzzle_open():
    key = f"pz_{BEST}"
    at = app(PAGE, puzzle=BEST)
    at.text_input(key=f"{key}_typed").set_value("KH")
    button(at, "Check what I typed").click().run()
    assert "cannot be played here" in at.warning[0].value and not at.error and not at.success
    assert table_mode(at) == "play" and not at.text_input(key=f"{key}_typed").disabled
    assert not button(at, "Check what I typed").disabled


def test_a_seat_puzzle_solved_is_closed_with_its_verdict_and_next_first():
    key = f"pz_{SEAT}"
    at = app(PAGE, puzzle=SEAT)
    assert table_mode(at) == "play"
    at.text_input(key=f"{key}_typed").set_value("KS")
    button(at, "Check what I typed").click().run()
    assert not at.exception
    assert at.success[0].value == f"Right: {card_name(card('KS'))} is best."
    assert table_mode(at) == "view"
    assert at.text_input(key=f"{key}_typed").disabled and button(at, "Check what I typed").disabled
    page = order(at)
    assert not any(b.key == f"{key}_again" for b in at.button)  # solved: nothing to try again
    assert page.index("success") < page.index("button:pz_next") < page.index("card_table") < page.index(
        f"text_input:{key}_typed"), page
    assert page.index("button:pz_next") < page.index("table"), page


def test_a_bid_puzzle_missed_is_closed_its_check_button_no_longer_gold():
    key = f"pz_{BID}"
    at = app(PAGE, puzzle=BID)
    check = button(at, "Check my answer")
    assert check.proto.type == "primary" and not check.disabled and not at.radio(key=f"{key}_bid").disabled
    at.radio(key=f"{key}_bid").set_value("Garde")
    check.click().run()
    assert not at.exception
    assert at.error[0].value == "Not the best bid: Garde. Best: Pass."
    bid = at.radio(key=f"{key}_bid")
    assert bid.disabled and bid.value == "Garde"
    check = button(at, "Check my answer")
    assert check.disabled and check.proto.type == "secondary"
    page = order(at)
    assert (page.index("error") < page.index(f"button:{key}_again") < page.index("button:pz_next")
            < page.index(f"radio:{key}_bid") < page.index("table")), page
    at.button(key=f"{key}_again").click().run()
    assert not at.error and not at.radio(key=f"{key}_bid").disabled
    assert button(at, "Check my answer").proto.type == "primary"


def test_a_french_bid_puzzle_is_graded_and_closed_in_french():
    key = f"pz_{BID}"
    at = french_page("puzzles", puzzle=BID)
    at.radio(key=f"{key}_bid").set_value("Garde")
    with using("fr"):  # AppTest sends the page's select boxes through their French labels
        button(at, "Vérifier ma réponse").click().run()
    assert not at.exception
    assert at.error[0].value == "Pas la meilleure enchère\u00a0: Garde. La meilleure\u00a0: Passe."
    assert at.radio(key=f"{key}_bid").disabled and button(at, "Vérifier ma réponse").disabled
    assert at.button(key="pz_next").label == "Problème suivant →"
