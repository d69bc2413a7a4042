"""The agent's tool surface: a registry of typed tools and MCP servers generated from it."""
