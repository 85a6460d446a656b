"""Text a person typed, shown exactly as typed in Markdown: no link, image, HTML or emphasis made from it.

Pure Python below every layer that shows text (the UI, and the quiz layer, which escapes a teacher's own
question once when it is built, so every page that shows it shows it plain). ``tutor.ui.common.safe`` uses it for
every name a person typed.

>>> print(plain("![p](http://host/x)"), plain("<img src=x>"), plain("Ann-Marie O'Neil, 3rd."))
\\!\\[p\\]\\(http\\:\u2060//host/x\\) \\<img src=x\\> Ann-Marie O'Neil, 3rd.
>>> print(plain("1. www.a.org").replace(JOINER, "+"))
1\\. www+\\.a\\.org
>>> unlinked("Mail a@b.org, WWW.b.org").replace(JOINER, "+")
'Mail a+@b.org, WWW+.b.org'
"""

from __future__ import annotations

# Markdown, HTML, GitHub's autolinks and Streamlit's own syntax (":red[...]", ":material/x:", "$x$").
_ALWAYS = frozenset("\\`*_[]()!<>#|{}~:$&")
_LEADING = frozenset("+-=>")  # a list item or a quote, at the start of a line
# An invisible word joiner (U+2060). Streamlit's Markdown (remark-gfm) turns ``www.x``, ``http://x``
# and ``a@x.y`` into links *after* reading backslash escapes, so escaping cannot stop it: a joiner
# inside ``www.``, ``://`` and before ``@`` does (its patterns match only those exact characters).
JOINER = "\u2060"


def unlinked(text: str) -> str:
    """``text`` with a word joiner where Markdown would start a link: after ``www`` before its dot,
    after the ``:`` of ``://``, before ``@``. It looks the same."""
    out = []
    for i, ch in enumerate(text):
        if ch == "@" or (ch == "." and text[max(0, i - 3):i].lower() == "www"):
            out.append(JOINER)
        out.append(ch)
        if ch == ":" and text[i + 1:i + 3] == "//":
            out.append(JOINER)
    return "".join(out)


def plain(text) -> str:
    """``text`` escaped for ``st.markdown`` and widget labels: it shows exactly as typed.

    Markdown's backslash escape goes before every character that could start markup (links,
    images, HTML tags, emphasis, code, Streamlit's ``:color[...]`` and ``:icon:``, ``$`` maths),
    before a ``.`` inside a word (``www.host.org`` would become a link) or after a leading number
    (``1. Ann`` would become a list), and before a leading ``+ - = >``. Line breaks become spaces.
    Ordinary punctuation (commas, full stops, apostrophes) is left alone. A web or mail address gets
    invisible joiners, so it is never made a link (``unlinked``).
    """
    text = unlinked(" ".join(str(text).splitlines()).strip())
    out = []
    for i, ch in enumerate(text):
        if (ch in _ALWAYS or (i == 0 and ch in _LEADING)
                or (ch == "." and ((i + 1 < len(text) and not text[i + 1].isspace()) or text[:i].isdigit()))):
            out.append("\\")
        out.append(ch)
    return "".join(out)
