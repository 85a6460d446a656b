from tutor.ui.classroom.teacher import render

render()
