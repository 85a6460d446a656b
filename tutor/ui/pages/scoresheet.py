from tutor.ui.club.scoresheet import render

render()
