"""The generators, a few kinds per module; importing this package registers them all."""

from . import bidding, contract, dealing, ecart, endgame, excuse, five, good_ecart, piles, play, poignee, score, seat  # noqa: F401, E501
