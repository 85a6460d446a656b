from tutor.ui.teacher import render

render()
