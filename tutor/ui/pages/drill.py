from tutor.ui.drill import render

render()
