"""Tarot Tutor: the Streamlit entry point (``streamlit run streamlit_app.py``)."""

import streamlit as st

st.set_page_config(page_title="Tarot Tutor", page_icon=":material/playing_cards:", layout="wide")

# Sections, so a newcomer sees "Learn" first and the club and class tools apart.
PAGES = {
    "Learn": [
        st.Page("tutor/ui/pages/course.py", title="Course", icon=":material/map:", default=True),
        st.Page("tutor/ui/pages/lesson.py", title="Lesson", icon=":material/menu_book:", url_path="lesson"),
        st.Page("tutor/ui/pages/drill.py", title="Drill", icon=":material/target:", url_path="drill"),
        st.Page("tutor/ui/pages/puzzles.py", title="Puzzles", icon=":material/extension:", url_path="puzzles"),
        st.Page("tutor/ui/pages/practice.py", title="Practice", icon=":material/playing_cards:",
                url_path="practice"),
        st.Page("tutor/ui/pages/progress.py", title="Progress", icon=":material/insights:", url_path="progress"),
    ],
    "Look up": [
        st.Page("tutor/ui/pages/reference.py", title="Rules reference", icon=":material/gavel:",
                url_path="reference"),
        st.Page("tutor/ui/pages/check.py", title="Check a deal", icon=":material/calculate:", url_path="check"),
    ],
    "Club and class": [
        st.Page("tutor/ui/pages/scoresheet.py", title="Score sheet", icon=":material/scoreboard:",
                url_path="scoresheet"),
        st.Page("tutor/ui/pages/seasons.py", title="Seasons", icon=":material/leaderboard:", url_path="seasons"),
        st.Page("tutor/ui/pages/duplicate.py", title="Duplicate", icon=":material/content_copy:",
                url_path="duplicate"),
        st.Page("tutor/ui/pages/worksheets.py", title="Worksheets", icon=":material/print:", url_path="worksheets"),
        st.Page("tutor/ui/pages/class_quiz.py", title="Class", icon=":material/groups:", url_path="class"),
        st.Page("tutor/ui/pages/teacher.py", title="Teacher", icon=":material/school:", url_path="teacher"),
    ],
}
st.navigation(PAGES).run()
