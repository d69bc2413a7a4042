"""nurse_review app."""
