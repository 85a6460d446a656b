from tutor.ui.lesson import render

render()
