from tutor.ui.learn.progress import render

render()
