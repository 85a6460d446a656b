from tutor.ui.check import render

render()
