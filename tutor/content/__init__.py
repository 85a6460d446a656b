"""Loading and validating the YAML content in lessons/ and puzzles/."""
