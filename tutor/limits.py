"""Every size, depth, length and range the app accepts from outside, in one table.

Input from a visitor, a command line or a file is checked against these limits at the edge, before
any work is done on it, so a hostile or damaged input gets one clear sentence instead of a crash,
a hang or a traceback. The README's "Security and limits" section lists them. Pure Python; it
imports only the engine's own two card limits, so every layer above the engine may use it.

>>> parse_int("42", 0, MAX_SEED), parse_int("²", 0, MAX_SEED), parse_int("9" * 5000, 0, MAX_SEED)
(42, None, None)
>>> parse_int(" 4 ", 1, 5), parse_int("-3", -5, 5), parse_int("6", 1, 5)
(4, -3, None)
>>> shorten("x" * 100, 10)
'xxxxxxxxx…'
"""

from __future__ import annotations

import reprlib
from typing import BinaryIO

from .engine.cards import MAX_CARD_TOKEN, MAX_CARDS_TEXT  # noqa: F401 - listed here with the others

# ---------------------------------------------------------------- the limits

MAX_SEED = 2**31 - 1             # a question's or a deal's seed: 0 to 2,147,483,647
MAX_ANSWER_CHARS = 2_000         # one typed answer (all the fields of a score form together)
MAX_ANSWER_ITEMS = 100           # cards or form fields in one answer given as a list or a mapping
# MAX_CARD_TOKEN (one card written out, 40) and MAX_CARDS_TEXT (a list of cards as text, 4,000) are
# the engine's, imported above: its parser needs them and it is the bottom layer.
MAX_TEXT_INPUT = 500             # a text box on a page (cards, points, a poignée, a search)
MAX_NAME_CHARS = 40              # a learner's, a player's or a game's name
MAX_CONTENT_BYTES = 512 * 1024   # one lesson, puzzle or guided-hand YAML file (the largest is ~40 KB)
MAX_YAML_DEPTH = 40              # nested lists and mappings in a content file (lessons use ~8)
MAX_YAML_NODES = 100_000         # values in a content file once its aliases are expanded
MAX_OWN_QUESTION_BYTES = 16 * 1024  # one question a teacher writes, as YAML (a long one with a verify is ~1 KB)
MAX_OWN_QUESTIONS = 500          # questions in a teacher's bank
MAX_SHEET_BYTES = 1024 * 1024    # a club score sheet CSV (a 400-deal sheet is ~25 KB)
MAX_CSV_CELL = 1_000             # one cell of a score sheet CSV
MAX_DUPLICATE_SCORE = 5_000      # a duplicate marque per defender (a garde contre chelem is under 1,000)
MAX_DUPLICATE_TABLES = 15        # tables of a duplicate tournament set up in the app (60 players)
MAX_DUPLICATE_ETUIS = 8          # étuis a table plays in one round of a duplicate
CLASS_DUPLICATE_DEALS = (4, 12)  # deals of a duplicate class session (fewest, most)
QUESTION_TIMER_SECONDS = (10, 120)  # a paced class quiz's timer per question (shortest, longest)
MAX_LOG_CHARS = 4_000            # one deal's log of action codes (5 players: about 900)
MAX_PROGRESS_BYTES = 20 * 1024 * 1024  # a progress export (10,000 answers is ~3 MB)
MAX_JSON_DEPTH = 20              # nesting in a progress export (it uses 4)
MAX_MATCH_BOARDS = 10_000         # boards of a duplicate match (`tarot-tutor match`; 200 take hours)
MAX_MATCH_BUDGET_MS = 60_000     # the advisor's budget per decision in a match, in milliseconds of work
# On a shared server the table may correct or delete a deal this long after entering it; later, only the
# club's organiser may (README, "The organiser"). Long enough to notice a slip before the next deal ends.
CLUB_TABLE_FIX_MINUTES = 15
MAX_UPLOAD_MB = 20               # server.maxUploadSize in .streamlit/config.toml (the largest of the above)

# The command line. Counts are sized by bench/cli_limits.py so the largest valid request ends in seconds.
MAX_POSITION_BYTES = 64 * 1024   # a position for `tarot-tutor solve` (a whole deal written out is ~600 bytes)
MAX_PASSPHRASE_CHARS = 1_024     # a teacher passphrase (`teacher-hash --stdin` reads one line, never more)
MAX_BID_SAMPLES = 1_000          # deals `tarot-tutor bid` plays out (~7 ms of CPU each: ~7 s at most)
MAX_QUESTIONS = 100              # questions in one `tarot-tutor quiz` run or one worksheet (a worksheet's
                                 # PDFs take ~50 ms a question: ~5 s at most)
MAX_DRILL_QUESTIONS = 5          # questions of a strategy drill in one `quiz` run (the contract drill plays
                                 # deals out: ~1 s a question, 2 s at worst)
MAX_TITLE_CHARS = 100            # a worksheet's title, one line

# Digits in a number typed anywhere: more than this is never a seed, a score or a count.
MAX_DIGITS = 30


def parse_int(text, lo: int, hi: int) -> int | None:
    """``text`` as an int in ``lo..hi`` (ASCII digits and an optional minus only), else None.

    ``str.isdigit`` accepts "²" and other digits ``int`` refuses, and ``int`` of 5000 digits raises:
    this never raises.
    """
    if isinstance(text, bool):
        return None
    if isinstance(text, int):
        return text if lo <= text <= hi else None
    if not isinstance(text, str):
        return None
    s = text.strip()
    body = s[1:] if s.startswith("-") else s
    if not body or len(body) > MAX_DIGITS or not (body.isascii() and body.isdigit()):
        return None
    n = int(s)
    return n if lo <= n <= hi else None


def shorten(text: str, limit: int = 60) -> str:
    """``text`` cut to ``limit`` characters with an ellipsis, for quoting input in a message."""
    text = str(text)
    return text if len(text) <= limit else text[: limit - 1] + "…"


class _ShortRepr(reprlib.Repr):
    def repr1(self, x, level):
        # Subclasses (the loader's LineDict, LineList) would fall back to the full builtin repr.
        for base, name in ((dict, "repr_dict"), (list, "repr_list"), (tuple, "repr_tuple"), (str, "repr_str")):
            if isinstance(x, base) and type(x) is not base:
                return getattr(self, name)(x, level)
        return super().repr1(x, level)

    def repr_int(self, x, level):
        if abs(x) < 10**MAX_DIGITS:
            return repr(x)
        # repr() of an int over 4,300 digits raises: say its size instead (bit_length is exact and cheap)
        return f"<a number of about {int(x.bit_length() * 0.30103) + 1:,} digits>"


_REPR = _ShortRepr()
_REPR.maxstring = _REPR.maxother = 40
_REPR.maxlist = _REPR.maxdict = _REPR.maxtuple = _REPR.maxset = 4
_REPR.maxlevel = 2


def short_repr(value) -> str:
    """A repr that stays short whatever the value holds (an expanded YAML alias bomb, a huge list).

    >>> short_repr({"a": [[1] * 100] * 100, "b": 2})
    "{'a': [[...], [...], [...], [...], ...], 'b': 2}"
    >>> short_repr([10**5000, True, 12])
    '[<a number of about 5,001 digits>, True, 12]'
    """
    return shorten(_REPR.repr(value), 200)


class TooLarge(ValueError):
    """Input over one of the limits above; the message says which and by how much."""


def read_capped(stream: BinaryIO, limit: int, what: str = "the file") -> bytes:
    """Read at most ``limit`` bytes; a longer stream (``/dev/zero``, a huge upload) raises TooLarge."""
    data = stream.read(limit + 1)
    if len(data) > limit:
        raise TooLarge(f"{what} is larger than the {limit // 1024:,} KB allowed")
    return data
