from tutor.ui.quiz.reference import render

render()
