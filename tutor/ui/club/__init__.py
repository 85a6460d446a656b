"""The club's pages: the score sheet, seasons, the organiser's sign-in and the duplicate tournament."""
