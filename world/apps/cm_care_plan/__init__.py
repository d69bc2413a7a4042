"""cm_care_plan app."""
