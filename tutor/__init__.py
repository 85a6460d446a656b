"""Tarot Tutor: learn French tarot (FFT rules), from the deck to scoring a garde contre."""

__version__ = "0.1.0"
