"""The Practice page: whole deals against the bots and guided hands, the pieces of a played deal, and the review of
the learner's play.
"""
