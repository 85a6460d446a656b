"""Words for every layer's text, kept language-free: counted words and sentences that remember their message.

The engine writes English (the source language) and must not import the text layer. A sentence it builds is a
``Text``: the English string exactly as before, which also keeps its message id and parameters, so the text layer
(``tutor.i18n.words.say``) can say it in the learner's language. ``N_`` marks a message id for extraction.

>>> plural(1, "oudler"), plural(3, "oudler"), plural(0, "deal"), plural(2, "is", "are")
('1 oudler', '3 oudlers', '0 deals', '2 are')
>>> t = Text(N_("Target: {target} points."), target=51)
>>> t, t.msgid, t.params
('Target: 51 points.', 'Target: {target} points.', {'target': 51})
>>> w = NP_("deal", "won")
>>> w, w.msgid, w.context
('won', 'won', 'deal')
"""

from __future__ import annotations


def N_(message: str) -> str:
    """Mark ``message`` for extraction (pybabel ``-k N_``); the text layer translates it where it is shown."""
    return message


def NP_(context: str, message: str, /, **params) -> Text:
    """``message`` told apart by ``context`` (pgettext; pybabel ``-k NP_:1c,2``), where one English word needs
    different French by use: ``NP_("deal", "won")`` is « gagnée », ``NP_("side", "won")`` « gagné »."""
    return Text(message, _context=context, **params)


class Text(str):
    """An English sentence built from ``msgid`` and ``params`` (``msgid.format(**params)``), remembering both.

    ``plural``/``n``: a counted message (``ngettext(msgid, plural, n)``); ``context``: its msgctxt (``NP_``). A
    parameter may be a Card (the message writes ``{card.short}``, ``{card.the_name}``...), another Text, a number
    or a plain string.
    """

    msgid: str
    params: dict
    plural: str | None
    n: float | None
    context: str | None

    def __new__(cls, msgid: str, /, *, _plural: str | None = None, _count: float | None = None,
                _context: str | None = None, **params) -> Text:
        template = msgid if _plural is None or _count == 1 else _plural
        self = super().__new__(cls, template.format(**params))
        self.msgid, self.params, self.plural, self.n, self.context = msgid, params, _plural, _count, _context
        return self

    def __reduce__(self):
        # Pickled (st.cache_data keeps a copy so), a Text stays a Text: its message id and parameters come back,
        # so a cached verdict is still said in each learner's language, not in English.
        return (_restore, (str(self), dict(self.__dict__)))

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self


def _restore(english: str, state: dict) -> Text:
    """A pickled Text back: its English, its message id, parameters, plural and context."""
    self = str.__new__(Text, english)
    self.__dict__.update(state)
    return self


def counted(n: int | float, one: str, many: str, /, **params) -> Text:
    """A counted message, ``{n}`` the count: ``counted(k, N_("{n} trump is"), N_("{n} trumps are"))``."""
    return Text(one, _plural=many, _count=n, **{"n": f"{n:g}" if isinstance(n, float) else n, **params})


def plural(n: int | float, word: str, many: str | None = None) -> Text:
    """``n`` and ``word``, in the plural unless ``n`` is 1 (``many`` for an irregular plural)."""
    return counted(n, "{n} " + word, "{n} " + (many or word + "s"))


def joined(items, sep: str = ", ") -> Text | str:
    """Items (Texts or strings) joined by ``sep``, each still said in the learner's language."""
    items = list(items)
    if not items:
        return ""
    out = items[0]
    for item in items[1:]:
        out = Text("{a}" + sep + "{b}", a=out, b=item)
    return out


def lower_first(text: str) -> Text:
    """``text`` (a Text or a string) with its first letter in lower case, in every language: a sentence quoted after
    a colon.

    >>> lower_first(Text(N_("Counts {n}."), n=46))
    'counts 46.'
    """
    english = str(text)
    self = str.__new__(Text, english[:1].lower() + english[1:])
    self.msgid, self.params, self.plural, self.n, self.context = "{text}", {"text": text}, None, None, None
    self.lower_first = True
    return self


def card_word(card, form: str = "short") -> Text:
    """One card's name as a Text (``form``: short, name, the_name), said in the learner's language."""
    return Text("{card." + form + "}", card=card)
