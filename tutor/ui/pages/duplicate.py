from tutor.ui.duplicate import render

render()
