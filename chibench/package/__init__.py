"""Task packages: the scenario source, the renderer, the oracle runner and the in-process harness."""
