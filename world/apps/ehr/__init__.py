"""ehr app."""
