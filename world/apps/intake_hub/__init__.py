"""intake_hub app."""
