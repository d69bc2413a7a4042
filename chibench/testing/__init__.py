"""Test support shipped with chibench: a scripted model server that replays a task's oracle or near miss
(``chibench.testing.scripted_model``). Nothing here is used by a trial; it drives real agent clients
(codex, claude-code, terminus-2, the reference agent) offline and deterministically."""
