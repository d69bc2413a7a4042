"""appeals app."""
