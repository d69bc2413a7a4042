"""letter_center app."""
