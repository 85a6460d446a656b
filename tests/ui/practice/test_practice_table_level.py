"""Practice's two tables (issue 35): the Beginner table seats the frozen reference bots, the Club table today's
bots (the default); the choice applies from the next deal, is kept with the profile, and rides in a deal's link."""

from __future__ import annotations

from practice_pages import practice, table

from tutor.practice.table import LEVELS
from tutor.progress import Store
from tutor.progress.records import TABLE_LEVELS
from tutor.strategy.bots import POLICIES
from tutor.ui.practice import level


def _picker(at):
    return at.segmented_control(key=level.KEY)


def test_the_profile_keeps_the_names_the_table_knows():
    assert set(TABLE_LEVELS) == set(LEVELS)


def test_the_club_table_by_default_and_the_beginner_table_from_the_next_deal(db):
    at = practice(players="4", seed="17")
    assert table(at).level == "club" and table(at).bot is POLICIES["bots"]
    assert _picker(at).value == "club"
    _picker(at).set_value("beginner").run()
    assert not at.exception
    assert table(at).level == "club" and table(at).deal.seed == 17  # this deal goes on at its table
    assert any("from the next deal on" in i.value for i in at.info)
    at.button(key="pr_restart").click().run()  # the same deal again: at its own table
    assert table(at).level == "club"
    at.button(key="pr_new").click().run()
    if any(b.key == "pr_new_yes" for b in at.button):  # a deal in progress: the page asks first
        at.button(key="pr_new_yes").click().run()
    assert table(at).level == "beginner" and table(at).bot is POLICIES["reference"]
    assert at.query_params["table"] == "beginner"  # the address (and so the shared link) names the table
    assert "&table=beginner" in " ".join(c.value for c in at.caption)
    # Kept with the profile: the store says so, and a new session (another day) sits at the Beginner table.
    me = db.default_learner()
    assert db.learner(me.id).table_level == "beginner"
    again = practice()
    assert table(again).level == "beginner" and _picker(again).value == "beginner"


def test_a_link_names_its_table_and_a_link_without_one_is_the_club_table(db):
    at = practice(players="3", seed="5", table="beginner")
    assert table(at).level == "beginner" and table(at).bot is POLICIES["reference"]
    other = practice(players="3", seed="5")
    assert table(other).level == "club"
    odd = practice(players="3", seed="5", table="<script>")  # not a table: the default one, and no error
    assert not odd.exception and table(odd).level == "club"


def test_the_table_survives_export_and_import(db, tmp_path):
    from tutor.progress.transfer import export_learner, import_learner
    me = db.create_learner("Ann")
    db.set_table_level(me.id, "beginner")
    data = export_learner(db, me.id)
    fresh = Store.open(f"sqlite:///{tmp_path / 'other.sqlite3'}")
    try:
        back = import_learner(fresh, data, "Ann")
        assert back.table_level == "beginner" and fresh.learner(back.id).table_level == "beginner"
    finally:
        fresh.close()
