"""cm_referral app."""
