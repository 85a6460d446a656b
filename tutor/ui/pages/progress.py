from tutor.ui.progress import render

render()
