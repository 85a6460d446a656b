"""The review of a played deal: its costly decisions (``deal``) and the principle behind each (``why``)."""
