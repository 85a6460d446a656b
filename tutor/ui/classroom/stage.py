"""The projector's large pieces as plain HTML and CSS (shown with ``st.html``; no script, no new
dependency): the lobby's name chips, the timer, the top five between questions and the podium.

Pure functions of the values they show, so a test reads what the room would see. Every name is
escaped (``html.escape``): ``<b>x</b>`` shows as those characters, and ``st.html`` makes no link of
``www.evil.example`` (it is not Markdown).

>>> chips(["<b>x</b>", "Ann"]).count('<li class="tt-chip">'), "&lt;b&gt;x&lt;/b&gt;" in chips(["<b>x</b>"])
(2, True)
>>> "Time is up" in timer(0, 30), 'aria-label="18 seconds left"' in timer(17.5, 30)
(True, True)
"""

from __future__ import annotations

from html import escape

from ...classroom import stats
from ...classroom.timer import shown
from ...i18n import N_, _, ngettext

MEDALS = {1: (N_("1st"), "gold"), 2: (N_("2nd"), "silver"), 3: (N_("3rd"), "bronze")}
STEP_ORDER = (2, 1, 3)  # the podium as it stands: 2nd on the left, 1st in the middle, 3rd on the right
CHIPS_LARGE = 24  # up to this many names, chips at 36 px; more, at 28 px (still read from the back)

# Sizes are for a 1920 x 1080 projector seen from the back of a classroom: nothing under 28 px.
CSS = """<style>
.tt-title { font-weight: 700; font-size: 3rem; line-height: 1.2; margin: 0 0 1rem; }
.tt-count { font-weight: 700; font-size: 2.5rem; line-height: 1.2; margin: .25rem 0 .75rem; }
.tt-chips { display: grid; grid-template-columns: repeat(auto-fill, minmax(17rem, 1fr)); gap: .6rem;
  list-style: none; padding: 0; margin: 0; }
.tt-chip { font-size: 2.25rem; line-height: 1.2; padding: .35rem .9rem; border-radius: 999px;
  background: rgba(128,128,128,.14); border: 2px solid rgba(128,128,128,.35); overflow-wrap: anywhere; }
.tt-chips.tt-many { grid-template-columns: repeat(auto-fill, minmax(13rem, 1fr)); }
.tt-chips.tt-many .tt-chip { font-size: 1.75rem; }
/* Streamlit indents lists in its elements: these are grids and rows, not bullet lists */
.tt-chips, .tt-board { margin-left: 0 !important; padding-left: 0 !important; }
.tt-chips li, .tt-board li { margin-left: 0 !important; }
.tt-timer { text-align: center; }
.tt-timer-n { font: 700 4rem/1 ui-monospace, monospace; }
.tt-timer-up { font-weight: 700; font-size: 2.5rem; line-height: 1.1; color: #c62828; }
.tt-timer-bar { height: 1rem; border-radius: .5rem; background: rgba(128,128,128,.2); overflow: hidden;
  margin-top: .4rem; }
.tt-timer-bar > div { height: 100%; background: #1e88e5; animation-name: tt-shrink;
  animation-timing-function: linear; animation-fill-mode: forwards; }
@keyframes tt-shrink { to { width: 0; } }
.tt-board { list-style: none; padding: 0; margin: 0; }
.tt-board li { display: flex; align-items: center; gap: 1.5rem; font-size: 2.5rem; line-height: 1.2;
  padding: .5rem 1rem; border-bottom: 2px solid rgba(128,128,128,.25); }
.tt-board .tt-place { font-weight: 700; min-width: 4rem; }
.tt-board .tt-name { flex: 1; overflow-wrap: anywhere; }
.tt-board .tt-score { font-weight: 700; white-space: nowrap; }
.tt-more { font-size: 2rem; margin: .5rem 1rem; }
.tt-podium { display: flex; align-items: flex-end; justify-content: center; gap: 1.5rem; margin-top: 1rem; }
.tt-step { flex: 0 1 28rem; display: flex; flex-direction: column; align-items: center; text-align: center; }
.tt-who { padding: .5rem; }
.tt-medal { position: relative; width: 5.5rem; height: 5.5rem; margin: 2.2rem auto .5rem; border-radius: 50%;
  display: flex; align-items: center; justify-content: center; font: 700 2.5rem/1 sans-serif; color: #3b2f00;
  border: .3rem solid rgba(0,0,0,.18); box-shadow: 0 .3rem .6rem rgba(0,0,0,.3); }
.tt-medal::before { content: ""; position: absolute; bottom: 100%; left: 50%; width: 2.4rem; height: 2.4rem;
  transform: translateX(-50%); background: linear-gradient(90deg, #c62828 0 33%, #fff 33% 66%, #1565c0 66%);
  clip-path: polygon(0 0, 100% 0, 75% 100%, 25% 100%); }
.tt-gold { background: radial-gradient(circle at 35% 30%, #fff6c2, #f6c700 45%, #b98b00); }
.tt-silver { background: radial-gradient(circle at 35% 30%, #ffffff, #c8ccd2 45%, #8a9099); }
.tt-bronze { background: radial-gradient(circle at 35% 30%, #ffe0c2, #d08a45 45%, #8c5220); color: #2b1500; }
.tt-pname { font-weight: 700; font-size: 2.5rem; line-height: 1.2; overflow-wrap: anywhere; }
.tt-pscore { font-size: 2rem; margin-bottom: .5rem; }
.tt-pmore { font-size: 1.75rem; }
.tt-block { width: 100%; display: flex; align-items: flex-start; justify-content: center; padding-top: 1rem;
  border-radius: .6rem .6rem 0 0; font: 800 3.5rem/1 sans-serif; color: #fff; text-shadow: 0 .15rem .3rem #0006; }
.tt-block-1 { height: 17rem; background: linear-gradient(#f6c700, #b98b00); }
.tt-block-2 { height: 12rem; background: linear-gradient(#b8bec6, #7d848e); }
.tt-block-3 { height: 8.5rem; background: linear-gradient(#d08a45, #8c5220); }
.tt-empty .tt-block { opacity: .45; }
</style>"""


def chips(names: list[str]) -> str:
    """The joined names, one chip each, in a grid that fills the width."""
    many = " tt-many" if len(names) > CHIPS_LARGE else ""
    items = "".join(f'<li class="tt-chip">{escape(n)}</li>' for n in names)
    return f'<ul class="tt-chips{many}" aria-label="{escape(_("Joined"))}">{items}</ul>'


def lobby(names: list[str]) -> str:
    """How many joined, large, and their names as chips (a name finds itself from any seat)."""
    if not names:
        return f'<div class="tt-count">{escape(_("Nobody has joined yet."))}</div>'
    joined = ngettext("{n} joined", "{n} joined", len(names)).format(n=len(names))
    return f'<div class="tt-count">{escape(joined)}</div>' + chips(names)


def timer(left: float, total: int) -> str:
    """The time left, as a number and a bar that runs down by itself (a CSS animation over the seconds
    left: smooth between two redraws, and set right again at each)."""
    n = shown(left)
    if n <= 0:
        return f'<div class="tt-timer" role="timer"><div class="tt-timer-up">{escape(_("Time is up"))}</div></div>'
    width = max(0.0, min(100.0, 100 * left / total)) if total else 0.0
    left_words = escape(ngettext("{n} second left", "{n} seconds left", n).format(n=n))
    return (f'<div class="tt-timer" role="timer" aria-label="{left_words}">'
            f'<div class="tt-timer-n">{n} s</div>'
            f'<div class="tt-timer-bar"><div style="width: {width:.1f}%; animation-duration: {left:.1f}s"></div>'
            f'</div></div>')


def _points(score: float) -> str:
    s = stats.one_place(score)
    return (_("{n} point") if s == "1" else _("{n} points")).format(n=s)  # one_place writes 3,5 in French


def titled(title: str, body: str) -> str:
    """A heading and what it heads in one piece: drawn as one element, they reach the screen together (two
    elements arrive one after the other, and a busy server showed the top five's heading alone for seconds)."""
    return f'<div class="tt-title" role="heading" aria-level="2">{escape(title)}</div>{body}'


def board(b: stats.Board) -> str:
    """The top five: place, name and score, one line each."""
    if not b.places:
        return f'<div class="tt-more">{escape(_("Nobody has joined yet."))}</div>'
    rows = "".join(f'<li><span class="tt-place">{p.place}.</span><span class="tt-name">{escape(p.name)}</span>'
                   f'<span class="tt-score">{_points(p.score)}</span></li>' for p in b.places)
    more = ""
    if b.more:
        last = b.places[-1]
        words = _("and {n} more with {points}").format(n=b.more, points=_points(last.score))
        more = f'<div class="tt-more">{escape(words)}</div>'
    return f'<ol class="tt-board" aria-label="{escape(_("Top five"))}">{rows}</ol>{more}'


def podium(steps: tuple[stats.Step, ...]) -> str:
    """Up to three steps of different heights, 2nd, 1st, 3rd, each with its medal, names and score."""
    by_place = {s.place: s for s in steps}
    # An empty step is drawn only under someone standing lower (two firsts and a third: the 2nd step keeps the
    # podium's shape); with nobody below it (three tie for 2nd) it would look like a missing learner.
    lowest = max((s.place for s in steps if s.learners), default=0)
    parts = []
    for place in STEP_ORDER:
        if place > lowest:
            continue
        s = by_place.get(place) or stats.Step(place, ())
        label, metal = MEDALS[place]
        label = escape(_(label))
        who = "".join(f'<div class="tt-pname">{escape(p.name)}</div>' for p in s.learners)
        if s.more:
            who += f'<div class="tt-pmore">{escape(_("and {n} more").format(n=s.more))}</div>'
        if s.score is not None:
            who += f'<div class="tt-pscore">{_points(s.score)}</div>'
        medal = f'<div class="tt-medal tt-{metal}" aria-hidden="true">{place}</div>' if s.learners else ""
        empty = "" if s.learners else " tt-empty"
        parts.append(f'<div class="tt-step{empty}"><div class="tt-who">{medal}{who}</div>'
                     f'<div class="tt-block tt-block-{place}" role="heading" aria-level="3">{label}</div></div>')
    return f'<div class="tt-podium">{"".join(parts)}</div>'
