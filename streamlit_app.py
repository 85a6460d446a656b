"""Tarot Tutor: the Streamlit entry point (``streamlit run streamlit_app.py``)."""

import streamlit as st

from tutor.i18n import _
from tutor.ui.common import language

language.setup()  # before the navigation, so every page and its titles are in the learner's language
st.set_page_config(page_title=_("Tarot Tutor"), page_icon=":material/playing_cards:", layout="wide")
language.switch()

# Sections, so a newcomer sees "Learn" first and the club and class tools apart.
PAGES = {
    _("Learn"): [
        st.Page("tutor/ui/pages/course.py", title=_("Course"), icon=":material/map:", default=True),
        st.Page("tutor/ui/pages/lesson.py", title=_("Lesson"), icon=":material/menu_book:", url_path="lesson"),
        st.Page("tutor/ui/pages/drill.py", title=_("Drill"), icon=":material/target:", url_path="drill"),
        st.Page("tutor/ui/pages/puzzles.py", title=_("Puzzles"), icon=":material/extension:", url_path="puzzles"),
        st.Page("tutor/ui/pages/practice.py", title=_("Practice"), icon=":material/playing_cards:",
                url_path="practice"),
        st.Page("tutor/ui/pages/progress.py", title=_("Progress"), icon=":material/insights:",
                url_path="progress"),
    ],
    _("Look up"): [
        st.Page("tutor/ui/pages/reference.py", title=_("Rules reference"), icon=":material/gavel:",
                url_path="reference"),
        st.Page("tutor/ui/pages/check.py", title=_("Check a deal"), icon=":material/calculate:",
                url_path="check"),
    ],
    _("Club and class"): [
        st.Page("tutor/ui/pages/scoresheet.py", title=_("Score sheet"), icon=":material/scoreboard:",
                url_path="scoresheet"),
        st.Page("tutor/ui/pages/seasons.py", title=_("Seasons"), icon=":material/leaderboard:",
                url_path="seasons"),
        st.Page("tutor/ui/pages/duplicate.py", title=_("Duplicate"), icon=":material/content_copy:",
                url_path="duplicate"),
        st.Page("tutor/ui/pages/worksheets.py", title=_("Worksheets"), icon=":material/print:",
                url_path="worksheets"),
        st.Page("tutor/ui/pages/table.py", title=_("Play together"), icon=":material/diversity_3:", url_path="table"),
        st.Page("tutor/ui/pages/class_quiz.py", title=_("Class"), icon=":material/groups:", url_path="class"),
        st.Page("tutor/ui/pages/teacher.py", title=_("Teacher"), icon=":material/school:", url_path="teacher"),
    ],
}
st.navigation(PAGES).run()
