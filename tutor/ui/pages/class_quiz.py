from tutor.ui.classroom.classroom import render

render()
