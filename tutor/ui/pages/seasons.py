from tutor.ui.club.seasons import render

render()
