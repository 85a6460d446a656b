"""The class: the learner's class page, the teacher's page with its dashboard and bank of own questions, the
projector and its timer, and duplicate in class.
"""
