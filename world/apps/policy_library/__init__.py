"""policy_library app."""
