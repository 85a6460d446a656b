"""One line of a club score sheet (feuille de marque): who took, what contract, what happened.

``make_entry(players, fields)`` reads what a scorer typed (strings or values) and returns a checked
``DealEntry``, or raises ``EntryError`` naming every bad field. The cross-field checks (points
possible with that many oudlers, petit au bout against the chelem) are the engine's: the entry is
scored with ``score_deal`` and an error there is traced back to the field that caused it.

>>> e = make_entry(("Ann", "Bob", "Cleo", "Dan"), {"taker": "ann", "contract": "garde", "points": "49",
...                "oudlers": 2, "petit_au_bout": "attack", "poignees": "simple"})
>>> e.taker, e.contract.value, e.points, e.poignees
('Ann', 'garde', 49.0, ('simple',))
>>> make_entry(("Ann", "Bob", "Cleo", "Dan"), {"taker": "Ann", "contract": "garde", "points": 95, "oudlers": 4,
...            "partner": "Bob"})
Traceback (most recent call last):
...
tutor.club.entry.EntryError: partner: only a 5-player game has a called partner (this game has 4 players); \
points: the attack's points must be between 0 and 91, not 95; \
oudlers: there are only 3 oudlers (the 21, the Petit and the Excuse), not 4
"""

from __future__ import annotations

import difflib
import math
import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache

from ..engine import CHELEM_BONUS, POIGNEE_BONUS, Contract, DealScore, RuleSet, TarotError, score_deal
from ..engine.pilebounds import PileError
from ..engine.rules import DECK_POINTS
from ..engine.scoring import check_points
from ..i18n import N_, NP_, _
from ..i18n.words import say

FIELDS = ("taker", "partner", "contract", "points", "oudlers", "petit_au_bout", "poignees", "chelem", "alone")
REQUIRED = ("taker", "contract", "points", "oudlers")
# Each field as the scorer reads it (the form's labels, the CSV's headers in words): a refusal names a field
# by these words, never by its code name.
FIELD_WORDS = {"taker": N_("taker"), "partner": NP_("score sheet", "partner"), "contract": N_("contract"),
               "points": N_("points"), "oudlers": N_("oudlers"), "petit_au_bout": N_("petit au bout"),
               "poignees": N_("poignées"), "chelem": N_("chelem"), "alone": N_("alone")}
TRUMPS_IN_DECK = 22  # 21 trumps and the Excuse: the most all poignées of one deal can show together

# What a scorer may type, read as the canonical value (French beside English), keyed by ``fold``.
SIDES = {"attack": "attack", "attaque": "attack", "taker": "attack", "preneur": "attack", "a": "attack",
         "defence": "defence", "defense": "defence", "defenseurs": "defence", "d": "defence"}
CHELEMS = {**{c.replace("_", " "): c for c in CHELEM_BONUS}, "chelem": "made", "grand chelem": "made",
           # French: annoncé (et) réussi / non annoncé / réussi / annoncé (et) chuté / défense
           "annonce reussi": "announced_made", "annonce et reussi": "announced_made",
           "annonce realise": "announced_made", "annonce et realise": "announced_made",
           "reussi": "made", "realise": "made", "non annonce": "made", "non annonce reussi": "made",
           "annonce chute": "announced_failed", "annonce et chute": "announced_failed",
           "annonce rate": "announced_failed", "annonce non realise": "announced_failed",
           "chute": "announced_failed", "defense": "defence", "defenseurs": "defence"}
# The headers a French club writes, read as the sheet's fields (compared by ``fold``: "Petit au bout",
# "petit_au_bout" and "PETIT AU BOUT" are one column). No player may be called one of them.
FRENCH_HEADERS = {"preneur": "taker", "partenaire": "partner", "appele": "partner", "contrat": "contract",
                  "bouts": "oudlers", "petit au bout": "petit_au_bout", "poignee": "poignees",
                  "poignees": "poignees", "seul": "alone"}
TRUTHY = {"yes": True, "y": True, "true": True, "1": True, "oui": True, "o": True, "x": True,
          "no": False, "n": False, "false": False, "0": False, "non": False, "": False}
EMPTY = ("", "none", "-", "—", "no", "non", "aucun", "aucune")


def fold(text) -> str:
    """Lower case, no accents, ``_`` and ``-`` as spaces, spaces collapsed: how typed words are compared.

    >>> fold("  Défense "), fold("Annoncé_et-RÉUSSI"), fold("Poignées")
    ('defense', 'annonce et reussi', 'poignees')
    """
    plain = unicodedata.normalize("NFKD", str(text))
    plain = "".join(c for c in plain if not unicodedata.combining(c))
    return " ".join(plain.casefold().replace("_", " ").replace("-", " ").split())


def field_words(field: str) -> str:
    """How a refusal names ``field`` (``FIELD_WORDS``), with any ``deal 3: `` prefix kept.

    >>> field_words("petit_au_bout"), field_words("deal 3: poignees"), field_words("Ann")
    ('petit au bout', 'deal 3: poignées', 'Ann')
    """
    where, _sep, name = field.rpartition(": ")
    word = _(FIELD_WORDS[name]) if name in FIELD_WORDS else name
    return colon(where, word) if where else word


def said(err: Exception) -> str:
    """An error's sentence in the current language: an engine error keeps its message id (``Text``)."""
    return say(err.args[0]) if err.args and isinstance(err.args[0], str) else str(err)


def colon(one: str, other: str) -> str:
    """``one: other`` as the language writes it (French: a no-break space before the colon)."""
    return _("{one}: {other}").format(one=one, other=other)


class EntryError(TarotError):
    """Bad fields of a deal entry: ``problems`` is a tuple of (field, message), every one reported; the
    text names each field in words (``field_words``)."""

    def __init__(self, problems: Sequence[tuple[str, str]]):
        self.problems = tuple(problems)
        super().__init__("; ".join(self.lines()))

    def lines(self) -> list[str]:
        """``field: message`` per problem, each field in words."""
        return [colon(field_words(f), m) for f, m in self.problems]


@dataclass(frozen=True)
class DealEntry:
    """One deal as written on the sheet. ``points`` are the attack's card points (taker and partner)."""

    taker: str
    contract: Contract
    points: float
    oudlers: int
    partner: str | None = None  # 5 players: the called partner (l'appelé)
    petit_au_bout: str | None = None  # "attack" or "defence"
    poignees: tuple[str, ...] = ()  # one level per poignée shown, by either side
    chelem: str | None = None  # one of tutor.engine.CHELEM_BONUS
    alone: bool = False  # 5 players: the taker called their own king, or one in the dog

    def to_row(self) -> dict:
        """Plain JSON-able values; ``make_entry(players, entry.to_row())`` gives the entry back."""
        return {"taker": self.taker, "partner": self.partner, "contract": self.contract.value,
                "points": int(self.points) if self.points.is_integer() else self.points,
                "oudlers": self.oudlers, "petit_au_bout": self.petit_au_bout, "poignees": list(self.poignees),
                "chelem": self.chelem, "alone": self.alone}


def _blank(value) -> bool:
    return value is None or (isinstance(value, str) and value.strip().lower() in EMPTY)


def find_player(players: Sequence[str], name) -> str:
    """The player called ``name`` (spaces and case ignored), or a TarotError with a suggestion."""
    wanted = str(name).strip()
    for p in players:
        if p.casefold() == wanted.casefold():
            return p
    guess = difflib.get_close_matches(wanted, list(players), n=1, cutoff=0.6)
    hint = _("; did you mean {name!r}?").format(name=guess[0]) if guess else ""
    raise TarotError(_("no player called {name!r} (players: {players}){hint}").format(
        name=wanted, players=", ".join(players), hint=hint))


def _number(value) -> float:
    if isinstance(value, bool):
        raise TarotError(_("a number like 43 or 40.5, not {value!r}").format(value=value))
    try:
        number = float(str(value).strip().replace(",", "."))
    except ValueError:
        raise TarotError(_("a number like 43 or 40.5, not {value!r}").format(value=value)) from None
    if not math.isfinite(number):
        raise TarotError(_("a number like 43 or 40.5, not {value!r}").format(value=value))
    return number


def _oudlers(value) -> int:
    number = _number(value)
    if not number.is_integer():
        raise TarotError(_("a whole number from 0 to 3, not {value!r}").format(value=value))
    if number > 3:
        raise TarotError(_("there are only 3 oudlers (the 21, the Petit and the Excuse), not {n}").format(
            n=f"{number:g}"))
    if number < 0:
        raise TarotError(_("a whole number from 0 to 3, not {n}").format(n=f"{number:g}"))
    return int(number)


def _points(value, rules: RuleSet, oudlers: int | None) -> float:
    points = _number(value)
    if oudlers is None:  # the oudlers are wrong too: only the range can be checked
        if not 0 <= points <= DECK_POINTS:
            raise TarotError(_("the attack's points must be between 0 and {most}, not {n}").format(
                most=DECK_POINTS, n=f"{points:g}"))
        return points
    check_points(rules, points, oudlers)
    return points


def _side(value) -> str | None:
    if _blank(value):
        return None
    side = SIDES.get(fold(value))
    if side is None:
        raise TarotError(_("'attack', 'defence' or empty, not {value!r}").format(value=value))
    return side


def _chelem(value) -> str | None:
    if _blank(value):
        return None
    chelem = CHELEMS.get(fold(value))
    if chelem is None:
        raise TarotError(_("one of {options} or empty, not {value!r}").format(
            options=", ".join(c.replace("_", " ") for c in CHELEM_BONUS), value=value))
    return chelem


def _alone(value) -> bool:
    if isinstance(value, bool):
        return value
    if value is None:
        return False
    flag = TRUTHY.get(fold(value))
    if flag is None:
        raise TarotError(_("yes or no, not {value!r}").format(value=value))
    return flag


def _poignees(value, rules: RuleSet) -> tuple[str, ...]:
    """Levels by name ("simple") or by the trumps shown ("10" with 4 players), checked against the deck."""
    if _blank(value):
        return ()
    items = value.replace("+", " ").replace(";", " ").replace(",", " ").split() if isinstance(value, str) \
        else list(value)
    by_count = {need: level for level, need in rules.poignee_thresholds.items()}
    levels = []
    for item in items:
        key = str(item).strip().lower()
        if key in POIGNEE_BONUS:
            levels.append(key)
            continue
        shown = [f"{need} ({level})" for level, need in rules.poignee_thresholds.items()]
        shown = ", ".join(shown[:-1]) + _(" or ") + shown[-1]
        if key.isdigit():
            if int(key) not in by_count:
                raise TarotError(_("with {players} players a poignée shows exactly {shown} trumps, not {key}").format(
                    players=rules.players, shown=shown, key=key))
            levels.append(by_count[int(key)])
            continue
        raise TarotError(_("a poignée is simple, double or triple (or its trump count), not {item!r}").format(
            item=item))
    if len(levels) > rules.players:
        raise TarotError(_("each player shows at most one poignée: {n} with {players} players").format(
            n=len(levels), players=rules.players))
    trumps = sum(rules.poignee_thresholds[level] for level in levels)
    if trumps > TRUMPS_IN_DECK:
        parts = " + ".join(f"{rules.poignee_thresholds[level]} ({level})" for level in levels)
        raise TarotError(_("with {players} players these poignées show {parts} = {trumps} trumps, but the deck has "
                           "only {most} (21 trumps and the Excuse)").format(players=rules.players, parts=parts,
                                                                            trumps=trumps, most=TRUMPS_IN_DECK))
    return tuple(levels)


def make_entry(players: Sequence[str], fields: Mapping) -> DealEntry:
    """Read and check one deal typed by a scorer; raise EntryError naming every bad field."""
    players = tuple(players)
    rules = RuleSet.for_players(len(players))
    problems: list[tuple[str, str]] = []
    unknown = [k for k in fields if k not in FIELDS]
    for k in unknown:
        problems.append((str(k), _("not a field of a deal (fields: {fields})").format(fields=", ".join(FIELDS))))
    values: dict = {}

    def read(name, parse, *args):
        raw = fields.get(name)
        if name in REQUIRED and _blank(raw):
            problems.append((name, _("missing")))
            return None
        try:
            values[name] = parse(raw, *args)
        except TarotError as err:
            problems.append((name, said(err)))
        return values.get(name)

    read("taker", lambda v: find_player(players, v))
    read("contract", lambda v: Contract.parse(v if isinstance(v, Contract) else fold(v)))
    oudlers = read("oudlers", _oudlers)
    read("points", _points, rules, oudlers if "oudlers" in values else None)
    alone = read("alone", _alone)
    if not _blank(fields.get("partner")):
        if len(players) != 5:
            problems.append(("partner", _("only a 5-player game has a called partner (this game has {n} players)")
                                        .format(n=len(players))))
        elif alone:
            problems.append(("partner", _("a taker playing alone has no partner")))
        else:
            partner = read("partner", lambda v: find_player(players, v))
            if partner is not None and partner == values.get("taker"):
                problems.append(("partner", _("{name} is the taker: a taker who calls their own king plays alone "
                                              "(set alone instead)").format(name=partner)))
    elif len(players) == 5 and not alone and "alone" in values:
        problems.append(("partner", _("missing: name the called partner, or mark the taker as playing alone")))
    if alone and len(players) != 5:
        problems.append(("alone", _("only a 5-player taker can play alone (with {n} players the taker always plays "
                                    "alone)").format(n=len(players))))
    read("petit_au_bout", _side)
    read("poignees", _poignees, rules)
    read("chelem", _chelem)
    if problems:  # in the order of the sheet's columns
        raise EntryError(sorted(problems, key=lambda p: FIELDS.index(p[0]) if p[0] in FIELDS else -1))
    entry = DealEntry(taker=values["taker"], contract=values["contract"], points=values["points"],
                      oudlers=values["oudlers"], partner=values.get("partner"),
                      petit_au_bout=values.get("petit_au_bout"), poignees=values.get("poignees", ()),
                      chelem=values.get("chelem"), alone=bool(values.get("alone")))
    score_entry(len(players), entry)  # the engine's cross-field checks, traced to a field
    return entry


# The optional parts of a deal, added one at a time to find which one the engine rejects.
_LAYERS = (("points", ()), ("petit_au_bout", ("petit_au_bout",)), ("chelem", ("petit_au_bout", "chelem")),
           ("poignees", ("petit_au_bout", "chelem", "poignees")))


@lru_cache(maxsize=4096)
def score_entry(players: int, entry: DealEntry) -> DealScore:
    """The engine's score of one entry; an impossible combination raises EntryError naming a field.

    Cached: entries are immutable, so editing one deal rescoring the sheet costs one engine call.
    """
    try:
        return _score(players, entry, ("petit_au_bout", "chelem", "poignees"))
    except PileError as err:  # who took the tricks against the points: the chelem's field when one is marked
        raise EntryError([("chelem" if entry.chelem else "points", said(err))]) from None
    except TarotError as err:
        for field, extras in _LAYERS:
            try:
                _score(players, entry, extras)
            except TarotError as first:
                raise EntryError([(field, said(first))]) from None
        raise EntryError([("points", said(err))]) from None


def _score(players: int, e: DealEntry, extras: tuple[str, ...]) -> DealScore:
    return score_deal(players=players, contract=e.contract, taker_points=e.points, oudlers=e.oudlers,
                      alone=e.alone,
                      petit_au_bout=e.petit_au_bout if "petit_au_bout" in extras else None,
                      chelem=e.chelem if "chelem" in extras else None,
                      poignees=e.poignees if "poignees" in extras else ())
