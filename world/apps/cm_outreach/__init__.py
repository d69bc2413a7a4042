"""cm_outreach app."""
