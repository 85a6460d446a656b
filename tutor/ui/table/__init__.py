"""The card table: its model (what the learner sees and may do), the component that draws it, the picture of a
table, and lines of play stepped through on it.
"""
