"""Pieces every area of the app shares: the learner's link to the progress store, the language switch, text in the
learner's language, safe display of typed text, cached content, card pictures and small widgets.
"""
