"""The bots: one decision from one seat's view (``policy``), the hand count and the écart they use."""
