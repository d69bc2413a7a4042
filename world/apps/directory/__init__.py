"""directory app."""
