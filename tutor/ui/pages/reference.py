from tutor.ui.reference import render

render()
