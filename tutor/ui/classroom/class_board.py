"""The teacher's dashboard for one class quiz, redrawn by itself every few seconds while the quiz is
open (``st.fragment(run_every=…)``): requests to come back, the learners' results (one column per
question, in words: never an empty cell), each question with its text, cards, right answer, how the
class answered and the most common mistake, and the results per skill; and the roster (rename or
remove a learner). Numbers are shown with one decimal at most (``stats.one_place``).
"""

from __future__ import annotations

from datetime import UTC, datetime

import streamlit as st

from ...classroom import roster as roster_ops
from ...classroom import stats
from ...classroom.question_language import in_language
from ...classroom.store import ClassError, ClassStore, QuizInfo, Tallies
from ...i18n import _, language, ngettext
from ...progress import StoreError
from ..common.safe import plain
from ..common.text import skill_name
from ..common.widgets import download, show_card_groups

REFRESH = 3  # seconds between two redraws of the dashboard while the quiz is open
RENAMED = "teacher_renamed"  # session key: the note to show after a rename's rerun
ROSTER = "teacher_roster_seen"  # session key: the learners (id, name) the roster was last drawn with


def dashboard(cs: ClassStore, quiz_id: int) -> None:
    quiz = cs.quiz(quiz_id)
    live = quiz.open_at(datetime.now(UTC))

    whole = {"page": True}  # this first run draws the whole page; the board's later runs (its timer) only itself

    @st.fragment(run_every=REFRESH if live else None)
    def board() -> None:
        try:
            tallies = _board(cs, cs.quiz(quiz_id))
        except StoreError as err:
            st.error(plain(err))
            return
        follow_roster([(pid, name) for name, *_rest, pid in tallies.learners], whole.pop("page", False))
    board()

    french = language() == "fr"  # French Excel: ";", French headers, decimal commas and a byte-order mark

    def csv_file() -> str:  # every answer is read only when the teacher asks for the file
        try:
            return stats.to_csv(quiz, *cs.results(quiz.id), french=french)
        except StoreError as err:
            return _("error") + f"\n{err}\n"
    download(st, _("Download the answers (CSV)"), csv_file,
             file_name=f"quiz-classe-{quiz.code}.csv" if french else f"class-quiz-{quiz.code}.csv", mime="text/csv",
             key="teacher_csv")


def follow_roster(people: list[tuple[int, str]], whole_page: bool) -> None:
    """The dashboard redraws itself alone (a fragment), but the roster is drawn outside it: when a learner
    joined, left or was renamed since the roster was drawn, the whole page is drawn again, once. A run that
    draws the whole page (``whole_page``) draws the roster anyway: nothing to follow, and no second run to
    lose its one-time messages ("Quiz set")."""
    now = tuple(people)
    if not whole_page and st.session_state.get(ROSTER, now) != now:
        st.session_state[ROSTER] = now
        st.rerun()


def _board(cs: ClassStore, quiz: QuizInfo) -> Tallies:
    _requests(cs, quiz)
    tallies = cs.tallies(quiz.id)  # counted in SQL: a redraw costs the same for 50 or 5,000 answers
    st.subheader(_("Learners ({n})").format(n=len(tallies.learners)))
    if tallies.learners:
        st.dataframe(stats.learner_table(quiz, tallies, cs.grid(quiz.id)), hide_index=True, width="stretch")
    else:
        st.caption(_("Nobody has joined yet."))
    views = stats.question_views(quiz, tallies)
    st.subheader(_("Questions: where to re-teach"))
    st.dataframe([{_("question"): v.number, _("kind"): v.question.kind, _("answers"): v.answered,
                   _("% right"): stats.one_place(v.percent_right),
                   _("most common mistake"): "—" if v.mistake is None else f"{v.mistake.answer} ×{v.mistake.count}"}
                  for v in views], hide_index=True, width="stretch")
    _question(quiz, views)
    st.subheader(_("Skills"))
    st.dataframe([{_("skill"): skill_name(r.skill), _("answers"): r.answered,
                   _("% right"): stats.one_place(r.percent_right)}
                  for r in stats.skills_from(quiz, tallies)], hide_index=True, width="stretch")
    return tallies


def _question(quiz: QuizInfo, views: list[stats.QuestionView]) -> None:
    """One question in full: its text, cards and answer, how the class answered, the most common mistake."""
    n = len(views)
    default = min(max(quiz.current, 0), n - 1) if quiz.paced else 0
    key = f"teacher_question_{quiz.id}"
    # After a language switch the browser sends the picker's old label ("Question 2 of 3"), which the new
    # labels no longer match, and Streamlit hands over the label itself: the last number shown is kept.
    picked, last = st.session_state.get(key), st.session_state.get(f"{key}_last")
    if not (isinstance(picked, int) and 1 <= picked <= n):
        st.session_state[key] = last if isinstance(last, int) and 1 <= last <= n else default + 1
    number = st.selectbox(_("Look at question"), list(range(1, n + 1)), key=key,
                          format_func=lambda i: _("Question {n} of {total}").format(n=i, total=n))
    st.session_state[f"{key}_last"] = number
    v = views[number - 1]
    q = in_language(v.question, language())  # a generated question in this page's language
    with st.container(border=True):
        right = _("no answers yet") if not v.answered else _("{right} of {answered} right ({pct}%)").format(
            right=v.right, answered=v.answered, pct=stats.one_place(v.percent_right))
        st.markdown(_("**Question {n}** · {kind} · {right}").format(n=v.number, kind=plain(q.kind), right=right))
        st.markdown(q.prompt)
        show_card_groups(q.cards, width=52)
        st.markdown(_("**Right answer:** {answer}").format(answer=plain(q.answer_text)))
        if v.picks:
            what = {"pick_cards": _("card"), "choice": _("option")}.get(q.answer_type.value, _("answer"))
            st.markdown(_("**How the class answered** (learners per {what}):").format(what=what))
            st.dataframe([{what: p.label, _("learners"): p.count, _("right"): _("yes") if p.right else _("no")}
                          for p in v.picks], hide_index=True, width="stretch")
        if v.mistake is not None:
            m = v.mistake
            who = ngettext("{n} learner", "{n} learners", m.count).format(n=m.count)
            st.warning(_("**Most common mistake:** {answer} ({who}). {why}").format(answer=plain(m.answer), who=who,
                                                                                    why=m.why))


def _requests(cs: ClassStore, quiz: QuizInfo) -> None:
    """Every request to come back, by name: how many and from when, each with the code on the asker's
    screen, so the teacher lets in the one in front of them (a later request never replaces one)."""
    by_name: dict[tuple, list] = {}
    for r in roster_ops.requests(cs, quiz.id):
        if not r.approved:
            by_name.setdefault((r.player_id, r.name), []).append(r)
    waiting = sum(len(asks) for asks in by_name.values())
    if waiting > 3 and st.button(_("Turn down all {n} requests").format(n=waiting), key="teacher_deny_all",
                                 help=_("Those in front of you can ask again")):
        roster_ops.turn_down_all(cs, quiz.id)
        st.rerun()
    for (pid, name), asks in by_name.items():
        with st.container(border=True):
            who = f"**{plain(name)}**"
            when = (_("1 request, at {at} UTC").format(at=f"{asks[0].at:%H:%M}") if len(asks) == 1 else
                    _("{n} requests, the first at {first} UTC, the latest at {last} UTC").format(
                        n=len(asks), first=f"{asks[0].at:%H:%M}", last=f"{asks[-1].at:%H:%M}"))
            if pid is None:
                st.markdown(_("{who} asks to come back to the quiz ({when}), but nobody of that name has joined it. "
                              "Turn it down, and tell them to join as a new learner.").format(who=who, when=when))
            else:
                one = _(" Only one of these can be them.") if len(asks) > 1 else ""
                st.markdown(_("{who} asks to come back to the quiz ({when}). Let in only the learner in front of "
                              "you: ask for the code on their screen.{one}").format(who=who, when=when, one=one))
            for r in asks:
                c0, c1, c2 = st.columns([2, 2, 2], vertical_alignment="center")
                c0.markdown(_("Code **{code}** · {at} UTC").format(code=r.code, at=f"{r.at:%H:%M:%S}"))
                let_in = _("Let in {code}").format(code=r.code)
                if pid is not None and c1.button(let_in, key=f"teacher_let_{r.id}", type="primary"):
                    roster_ops.answer_request(cs, quiz.id, r.id, True)
                    st.rerun()
                if c2.button(_("Turn down {code}").format(code=r.code), key=f"teacher_deny_{r.id}"):
                    roster_ops.answer_request(cs, quiz.id, r.id, False)
                    st.rerun()


def roster(cs: ClassStore, quiz_id: int) -> None:
    """Rename or remove a learner (outside the self-redrawing part, so typing is never interrupted)."""
    tallies = cs.tallies(quiz_id)
    people = {pid: name for name, *_rest, pid in tallies.learners}
    st.session_state[ROSTER] = tuple(people.items())  # what the dashboard's redraws compare with
    if not people:
        return
    with st.expander(_("Rename or remove a learner")):
        pid = st.selectbox(_("Learner"), list(people), format_func=lambda i: people[i], key="teacher_roster_who")
        with st.form("teacher_rename", border=False):
            new = st.text_input(_("New name"), max_chars=40, key="teacher_roster_name")
            go = st.form_submit_button(_("Rename"))
        if go:
            try:
                kept = roster_ops.rename(cs, quiz_id, pid, new)
            except ClassError as err:
                st.error(plain(err))
            else:
                st.session_state[RENAMED] = _("{old} is now {new}.").format(old=plain(people[pid]), new=plain(kept))
                st.rerun()  # the tables above show the new name
        if note := st.session_state.pop(RENAMED, None):
            st.success(note)
        sure = st.checkbox(_("Also delete their answers: remove them from the quiz"), key="teacher_roster_sure")
        if st.button(_("Remove this learner"), key="teacher_roster_remove", disabled=not sure):
            roster_ops.remove(cs, quiz_id, pid)
            st.session_state.pop("teacher_roster_sure", None)
            st.rerun()
