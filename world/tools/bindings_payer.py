"""Payer utilization-management tools (41): payer_intake_hub 11, triage 5, review 6, determination 2,
p2p 4, p2p_session 3, payer_letter_center 10 (χ-Bench Appendix C.2)."""

from __future__ import annotations
