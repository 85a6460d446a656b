"""The Practice page under AppTest: open a deal, read its table, and play the learner's moves to the end."""

from __future__ import annotations

from pathlib import Path

from streamlit.testing.v1 import AppTest

from tutor.engine import Phase
from tutor.practice import choose_ecart, decide

APP = str(Path(__file__).resolve().parents[2] / "streamlit_app.py")

PAGE = "tutor/ui/pages/practice.py"


def practice(**query) -> AppTest:
    at = AppTest.from_file(APP, default_timeout=60)
    at.run()
    at.switch_page(PAGE)
    for k, v in query.items():
        at.query_params[k] = v
    at.run()
    assert not at.exception
    return at


def codes(cards) -> str:
    return " ".join(c.code for c in cards)


def play_typed(at, prefix: str, card) -> None:
    """Play a card through the typed fallback (the card table is driven in the browser tests)."""
    at.text_input(key=f"{prefix}_typed").set_value(card.code)
    at.button(key=f"{prefix}_play_go").click().run()


def table(at):
    return at.session_state["pr_table"]


def learner_step(at, *, show_poignee: bool = True) -> None:
    """One learner action through the page's widgets, choosing what the hint would."""
    t = table(at)
    d = t.deal
    view = t.view()
    if d.phase is Phase.BIDDING:
        bid = decide(view).action.contract
        at.button(key=f"pr_bid_{bid.value if bid else 'pass'}").click().run()
    elif d.phase is Phase.CALLING:
        at.button(key=f"pr_call_{decide(view).action.card}").click().run()
    elif d.phase is Phase.ECART:
        at.text_input(key="pr_ecart_typed").set_value(codes(choose_ecart(view.hand, players=d.players)))
        at.button(key="pr_ecart_go").click().run()
    elif t.awaiting_start:
        at.button(key="pr_start").click().run()
    else:
        if show_poignee and any(b.key == "pr_poignee_go" for b in at.button):
            at.button(key="pr_poignee_go").click().run()
            return
        play_typed(at, "pr", decide(view).card)
    assert not at.exception


def play_to_the_end(at) -> None:
    for _ in range(120):
        if table(at).finished:
            break
        before = (len(table(at).deal.log), table(at).started)
        learner_step(at)
        assert (len(table(at).deal.log), table(at).started) != before, "every learner action moves the deal on"
    assert table(at).deal.phase is Phase.DONE
