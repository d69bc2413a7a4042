"""cm_assessment app."""
