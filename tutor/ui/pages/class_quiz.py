from tutor.ui.classroom import render

render()
