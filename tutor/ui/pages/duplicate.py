from tutor.ui.club.duplicate import render

render()
