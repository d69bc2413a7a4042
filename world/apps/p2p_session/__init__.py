"""p2p_session app."""
