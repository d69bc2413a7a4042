"""Provider prior-authorization tools (30): chart 3, cases 3, inbox 2, docs 4, forms 3, auth 9,
p2p_session 3, people 3 (χ-Bench Appendix C.2)."""

from __future__ import annotations
