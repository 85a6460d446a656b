from tutor.ui.learn.course import render

render()
