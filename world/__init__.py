"""χ-World: the simulated managed-care world (imported as ``chibench.world``)."""
