"""document_vault app."""
