from tutor.ui.practice.practice import render

render()
