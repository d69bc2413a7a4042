"""submission_portal app."""
