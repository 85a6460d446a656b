"""The learner's pages: the course, a lesson, the drill, puzzles, progress with replay and review, the daily goal,
Check a deal and the worksheets.
"""
