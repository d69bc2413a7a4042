"""triage app."""
