"""The generators, a few kinds per module; importing this package registers them all."""

from . import bidding, dealing, ecart, excuse, five, piles, play, poignee, score  # noqa: F401
