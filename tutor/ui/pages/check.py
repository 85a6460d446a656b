from tutor.ui.learn.check import render

render()
