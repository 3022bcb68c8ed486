"""scenes modules."""
