"""md_review app."""
