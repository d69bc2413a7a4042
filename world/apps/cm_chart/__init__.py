"""cm_chart app."""
