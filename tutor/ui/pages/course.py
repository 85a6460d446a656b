from tutor.ui.course import render

render()
