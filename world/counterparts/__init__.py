"""Simulated counterparts: the CM member on an outreach call and the physician on a peer-to-peer call.

* ``contracts.py`` — the contract models (patient persona, P2P counterpart, grader-only blocks);
* ``store.py`` — contract files → hidden world tables (and back), lint against the seeds;
* ``engine.py`` — the deterministic rule engines (triggers, anti-triggers, gates, consent, facts);
* ``backends.py`` — one interface, two backends: ``scripted`` (authored lines) and ``live`` (litellm);
* ``config.py`` — backend selection and model parameters from ``CHIBENCH_COUNTERPART_*``.

The session services that use them are ``apps/cm_outreach/services.py`` and
``apps/p2p_session/services.py`` (DESIGN §6).
"""
