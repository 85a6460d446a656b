from tutor.ui.learn.lesson import render

render()
