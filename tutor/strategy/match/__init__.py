"""Duplicate matches: the same boards played with a policy in a seat and the bots in it (``boards``)."""
