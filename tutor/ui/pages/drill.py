from tutor.ui.learn.drill import render

render()
