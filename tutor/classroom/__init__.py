"""Class quizzes: a teacher sets a quiz with a short code, learners join with the code and a name.

- ``codes``: the 6-character join codes (no 0/O, 1/I/L).
- ``store``: ``ClassStore``: create, join, answer, close, results; the questions are a stored snapshot.
- ``stats``: the teacher dashboard (scores, per question, per skill) and the CSV export.
- ``passphrase``: the teacher passphrase hash and the slow-down after failed attempts.

The tables are in ``tutor.db.classroom``, with every other table (see ``tutor.db``).
"""
