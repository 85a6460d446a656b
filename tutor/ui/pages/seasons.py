from tutor.ui.seasons import render

render()
