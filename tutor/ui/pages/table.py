from tutor.ui.together.table_page import render

render()
