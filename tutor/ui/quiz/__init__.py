"""One quiz question on screen (prompt, cards, answer widget, feedback), with its links into the rules reference."""
