"""table modules."""
