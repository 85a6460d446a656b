"""Bidding: the estimator of each contract, its calibration, the bid and poignée advice, "prenable"."""
