"""Two-layer grader (imported as ``chibench.verifiers``)."""
