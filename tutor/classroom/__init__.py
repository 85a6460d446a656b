"""Class quizzes: a teacher sets a quiz with a short code, learners join with the code and a name.

- ``codes``: the 6-character join codes (no 0/O, 1/I/L).
- ``models``: the tables (migration ``0004``), on the progress store's database.
- ``store``: ``ClassStore``: create, join, answer, close, results; the questions are a stored snapshot.
- ``stats``: the teacher dashboard (scores, per question, per skill) and the CSV export.
- ``passphrase``: the teacher passphrase hash and the slow-down after failed attempts.
"""

# No imports here: ``tutor.progress.models`` imports ``.models`` so the class tables are always on its
# metadata, and this package must not pull the store in while that module is still loading.
