from tutor.ui.learn.puzzles import render

render()
