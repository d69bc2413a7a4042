"""pa_workbench app."""
