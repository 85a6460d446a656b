"""The fixed facts of the game, in tables: per player count, per contract, per bonus.

Nothing here depends on one deal. A deal reads its facts from a RuleSet.

>>> rules = RuleSet.for_players(5)
>>> rules.hand_size, rules.dog_size, rules.poignee_thresholds
(15, 3, {'simple': 8, 'double': 10, 'triple': 13})
>>> Contract.parse("garde sans").multiplier
4
>>> target_points(2)
41
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from .errors import TarotError
from .words import N_, Text


class Contract(enum.Enum):
    """The four bids, lowest first. The value is the canonical name used in the API."""

    PETITE = "petite"
    GARDE = "garde"
    GARDE_SANS = "garde_sans"
    GARDE_CONTRE = "garde_contre"

    @property
    def multiplier(self) -> int:
        return CONTRACT_FACTS[self][0]

    @property
    def dog(self) -> DogFate:
        return CONTRACT_FACTS[self][1]

    @property
    def level(self) -> int:
        return list(Contract).index(self)

    @property
    def english(self) -> str:
        return CONTRACT_FACTS[self][2]

    @property
    def french(self) -> str:
        return CONTRACT_FACTS[self][3]

    def __lt__(self, other: Contract) -> bool:
        return self.level < other.level

    def __le__(self, other: Contract) -> bool:
        return self.level <= other.level

    def __gt__(self, other: Contract) -> bool:
        return self.level > other.level

    def __ge__(self, other: Contract) -> bool:
        return self.level >= other.level

    @classmethod
    def parse(cls, value: str | Contract) -> Contract:
        if isinstance(value, Contract):
            return value
        key = str(value).strip().lower().replace("-", " ").replace("_", " ")
        key = " ".join(w for w in key.split() if w not in ("le", "chien", "the", "dog"))
        try:
            return _CONTRACT_ALIASES[key]
        except KeyError:
            names = ", ".join(c.value.replace("_", " ") for c in cls)  # in words: what a scorer types
            raise TarotError(Text(N_("unknown contract {value}: use one of {names}"), value=repr(value),
                                  names=names)) from None


class DogFate(enum.Enum):
    """What a contract does with the dog (le chien)."""

    TAKER_EXCHANGES = N_("shown to everyone and taken into the taker's hand; the taker then discards an écart")
    TAKER_KEEPS_HIDDEN = N_("left face down and counts for the taker")
    DEFENCE_KEEPS_HIDDEN = N_("left face down and counts for the defence")


# contract: (multiplier, dog, English, French)
CONTRACT_FACTS = {
    Contract.PETITE: (1, DogFate.TAKER_EXCHANGES, "small", "petite"),  # also called "prise" (glossary)
    Contract.GARDE: (2, DogFate.TAKER_EXCHANGES, "guard", "garde"),
    Contract.GARDE_SANS: (4, DogFate.TAKER_KEEPS_HIDDEN, "guard without the dog", "garde sans le chien"),
    Contract.GARDE_CONTRE: (6, DogFate.DEFENCE_KEEPS_HIDDEN, "guard against the dog", "garde contre le chien"),
}
_CONTRACT_ALIASES = {
    "petite": Contract.PETITE, "prise": Contract.PETITE, "small": Contract.PETITE, "p": Contract.PETITE,
    "garde": Contract.GARDE, "guard": Contract.GARDE, "g": Contract.GARDE,
    "garde sans": Contract.GARDE_SANS, "guard without": Contract.GARDE_SANS, "gs": Contract.GARDE_SANS,
    "sans": Contract.GARDE_SANS,
    "garde contre": Contract.GARDE_CONTRE, "guard against": Contract.GARDE_CONTRE, "gc": Contract.GARDE_CONTRE,
    "contre": Contract.GARDE_CONTRE,
}

# Target by the number of oudlers the attack holds at the end (FFT p.4).
TARGETS = {0: 56, 1: 51, 2: 41, 3: 36}
CONTRACT_BASE = 25
PETIT_AU_BOUT_BONUS = 10  # multiplied by the contract
POIGNEE_BONUS = {"simple": 20, "double": 30, "triple": 40}  # never multiplied
# Chelem outcome -> bonus per defender, from the attack's side.
CHELEM_BONUS = {"announced_made": 400, "made": 200, "announced_failed": -200, "defence": -200}
MISERE_BONUS = 10  # house rule: each other player pays the declarer 10
DECK_POINTS = 91


@dataclass(frozen=True)
class RuleSet:
    """The fixed facts for one player count, plus opt-in house rules (off by default)."""

    players: int
    hand_size: int
    dog_size: int
    packet_size: int
    poignee_thresholds: dict
    taker_share: int  # the taker's multiple of the per-defender value
    partner_share: int = 0  # 5 players with a partner
    alone_share: int = 0  # 5 players alone
    misere: bool = False  # house rule, not FFT
    half_points: bool = False  # 3 and 5 players can end on x.5

    @classmethod
    def for_players(cls, players: int, *, misere: bool = False) -> RuleSet:
        try:
            if isinstance(players, bool) or (isinstance(players, float) and not players.is_integer()):
                raise TypeError(players)
            base = RULESETS[int(players)]
        except (KeyError, TypeError, ValueError):
            raise TarotError(Text(N_("French tarot is played by 3, 4 or 5 players, not {value}"),
                                   value=repr(players))) from None
        if misere:
            return RuleSet(**{**base.__dict__, "misere": True})
        return base

    @property
    def tricks(self) -> int:
        return self.hand_size

    @property
    def defenders(self) -> int:
        """Defenders when the taker has a partner (5 players) or plays alone (3, 4)."""
        return self.players - (2 if self.players == 5 else 1)

    def poignee_level(self, trumps: int) -> str | None:
        """The biggest poignée a count of trumps (Excuse included) allows, or None."""
        best = None
        for level, need in self.poignee_thresholds.items():
            if trumps >= need:
                best = level
        return best


RULESETS = {
    3: RuleSet(3, 24, 6, 4, {"simple": 13, "double": 15, "triple": 18}, taker_share=2, half_points=True),
    4: RuleSet(4, 18, 6, 3, {"simple": 10, "double": 13, "triple": 15}, taker_share=3),
    5: RuleSet(5, 15, 3, 3, {"simple": 8, "double": 10, "triple": 13}, taker_share=2,
               partner_share=1, alone_share=4, half_points=True),
}


def target_points(oudlers: int) -> int:
    """Points the attack needs with this many oudlers: 56, 51, 41 or 36.

    >>> [target_points(n) for n in range(4)]
    [56, 51, 41, 36]
    """
    try:
        return TARGETS[int(oudlers)]
    except (KeyError, TypeError, ValueError):
        raise TarotError(Text(N_("oudlers must be 0, 1, 2 or 3, not {value}"), value=repr(oudlers))) from None
