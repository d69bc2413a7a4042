"""determination app."""
