"""The score breakdown form in Chromium: at phone width and with Tab, the fields come in the order of the steps."""

from test_browser_flows import phone, snap

from tutor.quiz import generate
from tutor.quiz.scoreform import FIELDS


def test_score_form_fields_in_step_order_on_a_phone_and_with_tab(browser, server):
    seed = next(s for s in range(60) if len(generate("score", s, players=4, difficulty=2).fields) >= 7)
    q = generate("score", seed, players=4, difficulty=2)
    labels = [FIELDS[f.key][0] for f in q.fields]
    ctx = phone(browser)
    pg = ctx.new_page()
    pg.goto(f"{server}/drill?kind=score&seed={seed}&players=4&difficulty=2")
    pg.get_by_text(f"seed {seed}").first.wait_for()
    first = pg.get_by_label(labels[0], exact=True)
    first.wait_for()
    # On a phone the columns stack: top to bottom the fields must read in the order of the steps.
    tops = [pg.get_by_label(label, exact=True).bounding_box()["y"] for label in labels]
    assert tops == sorted(tops), list(zip(labels, tops))
    # Tab goes from step to step in the same order.
    first.focus()
    seen = [labels[0]]
    for _ in labels[1:]:
        pg.keyboard.press("Tab")
        label = pg.evaluate("document.activeElement.getAttribute('aria-label')")
        while label is None or label not in labels:  # skip the help icons between the fields
            pg.keyboard.press("Tab")
            label = pg.evaluate("document.activeElement.getAttribute('aria-label')")
        seen.append(label)
    assert seen == labels
    # The help shows "+ or −", not a Markdown bullet.
    assert "• or −" not in pg.content()
    snap(pg, "phone_score_form.png")
    ctx.close()
