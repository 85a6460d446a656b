"""The exact solver: a known-cards endgame (``Position``) and its double-dummy search (``solve``)."""
