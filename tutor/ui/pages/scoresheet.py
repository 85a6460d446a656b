from tutor.ui.scoresheet import render

render()
