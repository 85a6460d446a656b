from tutor.ui.learn.worksheets import render

render()
