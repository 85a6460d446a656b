"""Duplicate in class, teacher side: set a session (4 to 12 prenable deals for the learner's seat, 3, 4 or 5
players) and read its dashboard: who has played what, the class ranking by global % (the FFT's weights), and
for each deal the spread of results and the decisions where the class split, with the strategy layer's
verdict on each choice.

The dashboard redraws itself every few seconds while the session is open, reading only the database. The
verdicts are worked out only when the teacher asks (a button), behind a spinner, at most
``duplicate_stats.MAX_CARD_SPLITS`` card moments a deal, and each is cached (``st.cache_data``), so a
redraw never works one out again.
"""

from __future__ import annotations

import csv
import io
from datetime import UTC, datetime

import streamlit as st

from ... import i18n
from ...classroom import duplicate as dup
from ...classroom import duplicate_stats as ds
from ...classroom.store import ClassError, ClassStore, QuizInfo
from ...csvsafe import guard
from ...engine import TarotError
from ...i18n import _
from ...i18n.typography import minus, signed
from ...progress import StoreError
from ..common.safe import plain
from ..common.text import say
from ..common.widgets import download, minus_table
from .class_board import REFRESH, _requests, follow_roster

JUDGED = "teacher_dup_judged"  # session key: the deals whose verdicts the teacher asked for


def create_form(cs: ClassStore, first: bool) -> QuizInfo | None:
    """The form that sets a duplicate session; the session when it has just been set."""
    made = problem = None
    with st.expander(_("Set a duplicate class session (everyone plays the same deals)"), expanded=False):
        st.caption(_("Each learner plays the same deals at the Practice table, in the same seat against the same "
                     "bots; each deal gives the learner's seat a prenable hand (judged like the club's étuis). "
                     "After each deal they see their result against the class; you see where the class split."))
        with st.form("teacher_dup_create"):
            title = st.text_input(_("Session title"), max_chars=80, placeholder=_("e.g. Year 9 · duplicate"),
                                  key="teacher_dup_title")
            c1, c2, c3 = st.columns(3)
            players = c1.radio(_("Players at the table"), (3, 4, 5), index=1, horizontal=True,
                               key="teacher_dup_players")
            count = c2.number_input(_("Deals"), min_value=dup.MIN_DEALS, max_value=dup.MAX_DEALS, value=dup.MIN_DEALS,
                                    key="teacher_dup_count")
            seed = c3.number_input(_("Seed (0: new deals)"), min_value=0, max_value=10**6, value=0,
                                   key="teacher_dup_seed",
                                   help=_("The same seed, players and number of deals give the same deals again"))
            go = st.form_submit_button(_("Set the duplicate session"), type="primary")
        if go:
            try:
                with st.spinner(_("Choosing deals in which the learner's seat holds a prenable hand…")):
                    made = dup.create(cs, title=title, players=int(players), count=int(count),
                                      seed=int(seed) or None)
            except ClassError as err:
                problem = err
            else:
                st.session_state["teacher_quiz"] = made.id
                st.session_state["teacher_pick"] = made.id
    if problem is not None:
        st.error(plain(problem))
    if made is not None:
        st.success(_("Duplicate session set. Code: **{code}**. Learners open the Class page and type it.").format(
            code=made.code))
    return made


def controls(cs: ClassStore, quiz: QuizInfo, link: str) -> None:
    state = _("closed") if quiz.closed else (_("ended (deadline passed)") if not quiz.open_at(datetime.now(UTC))
                                             else _("open"))
    st.markdown(_("**{title}** · code `{code}` · duplicate, {deals} deals at {players} players · {state}").format(
        title=plain(quiz.title), code=quiz.code, deals=len(quiz.deals), players=quiz.players, state=state))
    st.code(link, language=None)
    if st.button(_("Reopen the session") if quiz.closed else _("Close the session"), key="teacher_close"):
        cs.set_flags(quiz.id, closed=not quiz.closed)
        st.rerun()


def dashboard(cs: ClassStore, quiz_id: int) -> None:
    quiz = cs.quiz(quiz_id)
    live = quiz.open_at(datetime.now(UTC))

    whole = {"page": True}  # this first run draws the whole page; the board's later runs (its timer) only itself

    @st.fragment(run_every=REFRESH if live else None)
    def board() -> None:
        try:
            q = cs.quiz(quiz_id)
            _requests(cs, q)
            people = _board(cs, q)
        except StoreError as err:
            st.error(plain(err))
            return
        follow_roster(people, whole.pop("page", False))
    board()

    def csv_file() -> str:  # read only when the teacher asks for the file
        try:
            return ranking_csv(cs, quiz)
        except StoreError as err:
            return f"error\n{err}\n"
    download(st, _("Download the ranking (CSV)"), csv_file, file_name=f"duplicate-{quiz.code}.csv", mime="text/csv",
             key="teacher_dup_csv")


def ranking_csv(cs: ClassStore, quiz: QuizInfo) -> str:
    """The class ranking as CSV: place, learner, deals, attack %, defence %, global % (names made safe)."""
    people, plays = dup.plays(cs, quiz.id)
    standings = ds.ranking(len(quiz.deals), {k: (p.score, p.took) for k, p in plays.items() if p.done}, dict(people))
    french = i18n.language() == "fr"  # French Excel: ";", French headers, decimal commas and a byte-order mark
    out = io.StringIO()
    w = csv.writer(out, lineterminator="\n", delimiter=";" if french else ",")
    w.writerow(["place", "élève", "donnes", "pct_attaque", "pct_defense", "pct_global"] if french else
               ["place", "learner", "deals", "attack_pct", "defence_pct", "global_pct"])
    for i, s in enumerate(standings, start=1):
        pcts = [ds.pct(x) for x in (s.attack, s.defence, s.global_)]
        if french:
            pcts = ["" if p is None else i18n.number(p) for p in pcts]
        w.writerow([i, guard(s.name), s.deals, *pcts])
    return ("\ufeff" if french else "") + out.getvalue()


def _board(cs: ClassStore, quiz: QuizInfo) -> list[tuple[int, str]]:
    """The learners' progress and the ranking; returns the learners (id, name), for the roster below."""
    people, plays = dup.plays(cs, quiz.id)
    names = dict(people)
    total = len(quiz.deals)
    st.subheader(_("Learners ({n})").format(n=len(people)))
    if not people:
        st.caption(_("Nobody has joined yet."))
        return people
    done = {k: p for k, p in plays.items() if p.done}
    st.dataframe([{_("learner"): name, _("deals played"): sum(1 for n in range(total) if (pid, n) in done),
                   _("playing now"): next((_("deal {n}").format(n=n + 1) for n in range(total)
                                        if (pid, n) in plays and not plays[pid, n].done), "—")}
                  for pid, name in people], hide_index=True, width="stretch")
    st.subheader(_("Class ranking"))
    standings = ds.ranking(total, {k: (p.score, p.took) for k, p in done.items()}, names)
    if standings:
        st.dataframe([{_("place"): i, _("learner"): s.name, _("deals"): s.deals, _("attack %"): _p(s.attack),
                       _("defence %"): _p(s.defence), _("global %"): _p(s.global_)}
                      for i, s in enumerate(standings, start=1)], hide_index=True, width="stretch")
    else:
        st.caption(_("No deal finished yet."))
    st.caption(_("Each deal is topped among the learners who finished it (everyone held the same seat): the best "
                 "score 100 %, the worst 0 %, the others evenly between, ties shared. A deal counts in attack when "
                 "the learner's seat took, else in defence; global % = ¼ attack + ¾ defence, as the FFT ranks a "
                 "duplicate (only one of them measured: that one)."))
    _deal_view(quiz, people, plays)
    return people


def _p(x) -> str:
    return "—" if x is None else i18n.number(ds.pct(x))


def _deal_view(quiz: QuizInfo, people, plays) -> None:
    total = len(quiz.deals)
    st.subheader(_("Deal by deal"))
    key = f"teacher_dup_deal_{quiz.id}"
    number = st.selectbox(_("Look at deal"), list(range(total)), key=key,
                          format_func=lambda i: _("Deal {n} of {total}").format(n=i + 1, total=total))
    finished = [(name, plays[pid, number]) for pid, name in people
                if (pid, number) in plays and plays[pid, number].done]
    seed = quiz.deals[number]["seed"]
    st.caption(_("Practice deal #{seed} ({players} players): open it on the Practice page with `{address}`.").format(
        seed=seed, players=quiz.players, address=f"/practice?players={quiz.players}&seed={seed}"))
    if not finished:
        st.caption(_("Nobody has finished this deal yet."))
        return
    scores = [p.score for _, p in finished]
    notes = ds.notes(scores)
    sp = ds.spread(scores)
    st.markdown(_("**Results:** {n}, from {lowest} to {highest} (middle {median}).").format(
        n=sp["results"], lowest=signed(sp["lowest"]), highest=signed(sp["highest"]),
        median=minus(("+" if sp["median"] >= 0 else "") + i18n.number(sp["median"]))))
    score = i18n.pgettext("deal", "score")  # drawn with the true minus sign ("−27"), a number underneath
    st.dataframe(minus_table([{_("learner"): name, score: p.score, _("note %"): ds.pct(n),
                               _("played in"): _("attack") if p.took else _("defence")}
                              for (name, p), n in sorted(zip(finished, notes), key=lambda x: -x[0][1].score)],
                             [score], name="teacher_dup_scores"), hide_index=True, width="stretch")
    found = ds.bounded(ds.splits([p.log for _, p in finished]))
    if not found:
        st.caption(_("Everyone who finished it made the same decisions."))
        return
    st.markdown(_("**Where the class split** (learners at the same moment of the deal who chose differently):"))
    judged = number in st.session_state.get(f"{JUDGED}_{quiz.id}", ())
    verdicts = {}
    if judged:
        with st.spinner(_("The strategy layer judges each choice (the bidding estimate, the écart's principles, "
                          "the solver or sampled deals for a card)…")):
            for s in found:
                verdicts[s.step, s.before] = _judge(quiz.players, seed, s)
    for s in found:
        v = verdicts.get((s.step, s.before), {})
        with st.container(border=True):
            trick = sum(1 for c in s.before if ":play:" in c) // quiz.players + 1
            when = {"bid": _("The bid"), "écart": _("The écart"), "call": _("The king called"),
                    "chelem": _("Before the first card"), "poignée": _("The poignée, trick {n}").format(n=trick)
                    }.get(s.kind, _("A card, trick {n}").format(n=trick))
            st.markdown(_("**{when}** ({n} learners at this moment)").format(when=when, n=s.learners))
            st.dataframe([{_("choice"): say(ds.choice_words(code, quiz.players)), _("learners"): n,
                           _("verdict"): minus(say(v.get(code, "—" if judged else "")))} for code, n in s.choices],
                         hide_index=True, width="stretch")
    if not judged:
        st.button(_("Judge these choices"), key=f"teacher_dup_judge_{quiz.id}_{number}", on_click=_ask_judge,
                  args=(quiz.id, number), help=_("The strategy layer's verdict on each choice: a few seconds, once"))


def _ask_judge(quiz_id: int, number: int) -> None:
    k = f"{JUDGED}_{quiz_id}"
    st.session_state[k] = (*st.session_state.get(k, ()), number)


@st.cache_data(show_spinner=False, max_entries=500)
def _judge(players: int, seed: int, split: ds.Split) -> dict[str, str]:
    """One split judged, cached per deal and moment: a redraw reads it back."""
    try:
        return ds.judge(players, seed, split)
    except (TarotError, ValueError):  # a verdict that cannot be worked out is left blank, never a traceback
        return {}
