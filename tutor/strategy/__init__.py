"""Strategy: how to play well, computed on top of the engine (pure Python, no Streamlit).

The bots' decisions (``bots``: hand count, bids, écart, king call, card play, each a pure function
of one seat's ``SeatView``) and the hand count (``handcount``) live here, below the practice table
and the quizzes that use them.
"""
