from tutor.ui.worksheets import render

render()
