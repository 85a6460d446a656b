"""Plain, independent statements of the play rules, used to cross-check the engine."""


def reference_legal(hand, trick):
    """RULES.md 'Playing a trick', written out plainly and independently of the engine."""
    led = next((c for c in trick if not c.is_excuse), None)
    if led is None:
        return list(hand)
    excuse = [c for c in hand if c.is_excuse]
    trumps = [c for c in hand if c.is_trump]
    highest = max((c.rank for c in trick if c.is_trump), default=0)
    if not led.is_trump:
        same = [c for c in hand if c.suit == led.suit]
        if same:
            return same + excuse
    if not trumps:
        return list(hand)
    higher = [c for c in trumps if c.rank > highest]
    return (higher or trumps) + excuse
