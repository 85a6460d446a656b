"""Puzzles: hand-written positions by theme and difficulty, solved here, with a record of solved ones."""

from __future__ import annotations

from dataclasses import replace

import streamlit as st

from ...engine import parse_cards
from ...engine.rules import RuleSet
from ...i18n import DEFAULT, N_, _, language, ngettext, pgettext
from ...i18n.typography import minus
from ...progress.rating import nearest
from ...quiz.puzzles import address_code
from ...quiz.seat_puzzles import seat_view
from ...quiz.strategy_record import StrategyPuzzle
from ..common.cards import cards_inline
from ..common.data import puzzles
from ..common.learner import puzzle_rating, reveal_puzzle, saving_notice, track_puzzle
from ..common.safe import query_choice
from ..common.widgets import done, remember_done
from ..quiz.question import render_question, show_answer
from ..quiz.reference import linked_sections, reference_links
from . import strategy_puzzle
from .drill import kind_label

STARS = {1: "★☆☆", 2: "★★☆", 3: "★★★"}
# The puzzles' themes in words (a tag, its hyphens as spaces), listed so that they are translated.
THEMES = (
    N_("all pass"), N_("alone"), N_("attack"), N_("bidding"), N_("called king"), N_("cash kings"), N_("charger"),
    N_("chelem"),
    N_("count tricks"), N_("counting"), N_("dealing"), N_("defence"), N_("discard"), N_("dog"), N_("ecart"),
    N_("excuse"),
    N_("excuse led"), N_("excuse timing"), N_("first lead"), N_("five players"), N_("follow suit"), N_("half point"),
    N_("hunt the petit"), N_("juste fait"), N_("king"), N_("last trick"), N_("lead for partner"), N_("lead long suit"),
    N_("misdeal"),
    N_("multiplier"), N_("must trump"), N_("oudler"), N_("oudlers"), N_("outbid"), N_("overtrump"), N_("partner"),
    N_("petit au bout"), N_("petit sec"), N_("play the 21"), N_("poignee"), N_("ranks"), N_("reading"),
    N_("save the petit"), N_("scoring"), N_("single dummy"), N_("strategy"), N_("taker"), N_("target"),
    N_("three players"), N_("trick winner"), N_("trump"), N_("trump led"), N_("trumps"), N_("unavoidable"),
    N_("undertrump"), N_("void"),
)


def theme_label(tag: str) -> str:
    """A puzzle's theme as the learner reads it: 'petit au bout' (in their language)."""
    return _(tag.replace("-", " "))


_NEUTRAL: dict[tuple[str, str], str] = {}  # (puzzle id, language) -> its neutral title, worked out once


def neutral_title(p) -> str:
    """What the puzzle is, without what its title says (which can give the answer away, as Lichess keeps a
    puzzle's themes until it is solved): the table, then the side and the trick, the seat that bids, or the
    kind of question. "4 players · defence · trick 6"."""
    key = (p.id, language())
    if key not in _NEUTRAL:
        parts = [_("{n} players").format(n=p.players)]
        if not isinstance(p, StrategyPuzzle):
            parts.append(kind_label(p.kind) if p.kind != "five" else _("called king"))
        elif p.kind == "bid":
            parts += [_("bidding"), _("seat {seat}").format(seat=p.seat + 1)]
        elif p.kind == "seat-card":
            view = seat_view(p)
            attack = view.seat in (view.taker, view.partner)
            parts += [_("attack") if attack else _("defence"),
                      pgettext("puzzle title", "trick {n}").format(n=len(view.tricks) + 1)]
        else:  # best-card: an endgame, by the tricks left
            pos = p.position
            trick = RuleSet.for_players(pos.players).tricks - pos.tricks_left + 1
            parts += [_("attack") if pos.is_attack(pos.to_play) else _("defence"),
                      pgettext("puzzle title", "trick {n}").format(n=trick)]
        _NEUTRAL[key] = " · ".join(parts)
    return _NEUTRAL[key]


def title_shown(pid: str, solved) -> bool:
    """The real title once the puzzle is solved, answered (its feedback shows the answer) or its solution shown."""
    return pid in solved or pid in st.session_state.get("pz_seen", ()) or bool(st.session_state.get(
        f"pz_{pid}_revealed"))


def render() -> None:
    st.title(_("Puzzles"))
    with st.spinner(_("Loading the puzzles…")):
        all_puzzles = puzzles()
    if not all_puzzles:
        st.error(_("No puzzle could be loaded. Run `tarot-tutor check puzzles` to see what is wrong."))
        return
    saving_notice()
    solved = done("puzzles")
    st.progress(len(solved) / len(all_puzzles), text=ngettext(
        "{solved} of {n} puzzles solved", "{solved} of {n} puzzles solved", len(solved)).format(
        solved=len(solved), n=len(all_puzzles)))
    rated = puzzle_rating()
    if rated is not None:
        st.caption(rating_text(*rated))
    themes = sorted({t for p in all_puzzles for t in p.tags})
    # Streamlit forgets widget values while another page is shown: keep copies (see the drill).
    for name, default in (("pz_themes", []), ("pz_level", "any")):
        if name not in st.session_state:
            st.session_state[name] = st.session_state.get(f"kept_{name}", default)
    c1, c2 = st.columns([3, 1])
    picked_themes = c1.multiselect(_("Themes"), themes, format_func=theme_label, key="pz_themes",
                                   placeholder=_("Choose options"))
    level = c2.selectbox(_("Difficulty"), ("any", 1, 2, 3), key="pz_level",
                         format_func=lambda v: pgettext("difficulty", "any") if v == "any" else STARS[v])
    shown = [p for p in all_puzzles
             if (not picked_themes or set(picked_themes) & set(p.tags)) and (level == "any" or p.difficulty == level)]
    if not shown:
        st.info(_("No puzzle matches these filters."))
        return
    ids = [p.id for p in shown]
    # Numbered: Streamlit tells options apart by their labels, so two equal titles would be one option.
    number = {p.id: i + 1 for i, p in enumerate(all_puzzles)}
    solved_mark = _("solved · ")
    pid = _pick(ids, {p.id: f"{solved_mark if p.id in solved else ''}{number[p.id]}. {STARS[p.difficulty]}  "
                            + (p.title if title_shown(p.id, solved) else neutral_title(p)) for p in shown})
    puzzle = next(p for p in shown if p.id == pid)
    head = st.container()  # filled once the answer is known: the title waits until the puzzle is over
    key = f"pz_{pid}"
    # Revealed per puzzle: the next puzzle opens with its solution hidden, whatever was shown before.
    revealed = f"{key}_revealed"
    strategic = isinstance(puzzle, StrategyPuzzle)
    by_id = {p.id: p for p in shown}
    later = [(i, by_id[i].difficulty) for i in ids[ids.index(pid) + 1:] + ids[:ids.index(pid)] if i not in solved]

    def next_button() -> None:
        missed = st.session_state.get(f"{key}_feedback")
        if missed is not None and not missed.correct:  # the question is closed: a second try is asked for
            st.button(_("Try again"), key=f"{key}_again", on_click=try_again, args=(key,))
        if later:
            # The unsolved puzzle nearest the learner's rating (the list order without a rating).
            target = nearest(later, rated[0].rating) if rated is not None else later[0][0]
            # A callback: the selectbox's value may only change before the selectbox is drawn.
            st.button(_("Next puzzle →"), type="primary", key="pz_next", on_click=st.session_state.__setitem__,
                      args=("pz_pick", target), help=_("The unsolved puzzle nearest your puzzle rating"))

    # The answer was graded in its callback: saved before the verdict is drawn, so a run cut short after it (a
    # quick "Next puzzle", a page closed) loses nothing.
    fb = st.session_state.get(f"{key}_feedback")
    if fb is not None and st.session_state.get(revealed) and f"{key}_after_reveal" not in st.session_state:
        # Answered after the solution was shown: never counted as solved (saved as not solved, no credit).
        st.session_state[f"{key}_after_reveal"] = fb
    counted = fb
    if fb is not None and st.session_state.get(f"{key}_after_reveal") is fb:
        kept = st.session_state.get(f"{key}_counted")  # the same object on every rerun: saved once
        if kept is None or kept[0] is not fb:
            kept = st.session_state[f"{key}_counted"] = (fb, replace(fb, correct=False, credit=0.0))
        counted = kept[1]
    track_puzzle(pid, key, counted, puzzle.difficulty)
    # Answered, a puzzle draws its verdict and the next puzzle's button under its prompt (first screen).
    if strategic:
        strategy_puzzle.render(puzzle, key, next_action=next_button)
    else:
        render_question(puzzle.to_question(), key=key, next_action=next_button)
    if counted is not fb:
        st.info(_("You answered after showing the solution, so this puzzle does not count as solved. "
                  "Come back to it later and solve it on your own."))
    seen = st.session_state.setdefault("pz_seen", set())  # answered this session: its feedback gave the answer
    if fb is not None and (pid not in seen or (counted.correct and pid not in solved)):
        seen.add(pid)
        if counted.correct and pid not in solved:
            remember_done("puzzles", pid)
        st.rerun()  # the list, drawn above, names it by its title now (and marks it solved)
    with head:
        if title_shown(pid, solved):
            tags = puzzle.tags if language() == DEFAULT else [theme_label(t) for t in puzzle.tags]
            st.caption(_("{n} players").format(n=puzzle.players) + " · " + ", ".join(tags))
            st.subheader(puzzle.title)
        else:
            st.subheader(neutral_title(puzzle))
    change = st.session_state.get(f"{key}_rating")
    if change is not None:
        old, new = change
        st.caption(_("Your puzzle rating: {old} → {new} ({change})").format(
            old=f"{old:.0f}", new=f"{new:.0f}", change=minus(f"{new - old:+.0f}")))
    if strategic and fb is not None and not st.session_state.get(revealed):
        with st.container(border=True):
            strategy_puzzle.show_solution(puzzle, key)
    if fb is None and st.session_state.get(revealed):
        next_button()
    if not st.session_state.get(revealed):
        st.button(_("Show the solution"), key=f"{key}_show", on_click=reveal_puzzle,
                  args=(pid, key, puzzle.difficulty),
                  help=_("A puzzle answered after its solution was shown is not counted as solved, and showing it "
                         "first counts as a miss for your puzzle rating."))
        return
    if strategic:
        with st.container(border=True):
            if puzzle.kind == "bid":
                st.markdown(_("**Solution:** {answer}").format(answer=puzzle.solution_text))
            else:  # the best card(s), as pictures
                st.markdown(_("**Solution:** {answer}").format(
                    answer=cards_inline(parse_cards(" ".join(puzzle.solution)), width=48)), unsafe_allow_html=True)
            strategy_puzzle.show_solution(puzzle, key)
        return
    with st.container(border=True):
        q = puzzle.to_question()
        show_answer(q, _("Solution"))
        st.markdown(q.explanation)  # the puzzle's own note, then the engine's worked explanation
        reference_links(linked_sections(rules=q.rules), label=_("Read the rule"))


def try_again(key: str) -> None:
    """Open a missed puzzle again (a callback): its verdict goes, the answer given stays to be changed."""
    for name in ("feedback", "given"):
        st.session_state.pop(f"{key}_{name}", None)


def rating_text(rating, count: int) -> str:
    """The learner's puzzle rating in words.

    >>> from tutor.progress.rating import Rating
    >>> rating_text(Rating(), 0)
    'Puzzle rating: 1500, not yet settled (solve a puzzle to start it)'
    >>> rating_text(Rating(1612.4, 80.2), 12)
    'Puzzle rating: 1612 (likely between 1452 and 1773, from 12 puzzles)'
    """
    if count == 0:
        return _("Puzzle rating: {rating}, not yet settled (solve a puzzle to start it)").format(
            rating=f"{rating.rating:.0f}")
    return ngettext("Puzzle rating: {rating} (likely between {low} and {high}, from {n} puzzle)",
                    "Puzzle rating: {rating} (likely between {low} and {high}, from {n} puzzles)", count).format(
        rating=f"{rating.rating:.0f}", low=f"{rating.low:.0f}", high=f"{rating.high:.0f}", n=count)


def _pick(ids: list[str], label: dict) -> str:
    """The puzzle selectbox: a link (``?puzzle=<code>``) chooses the puzzle once, then the learner does.

    The address holds the puzzle's neutral code (``address_code``), never its id, which can give the
    answer away; a link with the old id still opens the puzzle. One stable widget key: a key that changed
    with the URL made every other choice a no-op.
    """
    by_code = {address_code(i): i for i in ids}
    asked = query_choice("puzzle", [*by_code, *ids])
    wanted = by_code.get(asked, asked)
    if wanted in ids and st.session_state.get("pz_link") != wanted:
        st.session_state["pz_pick"] = wanted
    elif st.session_state.get("pz_pick") not in ids:
        kept = st.session_state.get("kept_pz_pick")
        st.session_state["pz_pick"] = kept if kept in ids else ids[0]
    pid = st.selectbox(_("Puzzle"), ids, format_func=label.get, key="pz_pick")
    st.session_state["pz_link"] = st.session_state["kept_pz_pick"] = pid
    for name in ("pz_themes", "pz_level"):
        st.session_state[f"kept_{name}"] = st.session_state[name]
    st.query_params["puzzle"] = address_code(pid)
    return pid
