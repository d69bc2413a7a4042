"""p2p_scheduler app."""
