"""Two-layer grader (imported as ``chibench.verifiers``).

``grade(export, expectations, initial=…, out_dir=…)`` reads exported world states only (never a
database, never an MCP server), runs the deterministic contract checks and, when a judge model is
configured, the rubric judge; it writes ``reward.json`` (``{"reward": 0|1}``) and ``scorecard.json``.
See ``verifiers/README.md`` for the answer-key format and the reward rule.
"""

from chibench.verifiers.expectations import (
    FORMAT,
    Expectations,
    ExpectationsError,
    load_expectations,
    parse_expectations,
)
from chibench.verifiers.grader import GRADER_VERSION, do_nothing_audit, grade, write_outputs
from chibench.verifiers.judge import PROMPT_VERSION, JudgeConfig

__all__ = ["FORMAT", "GRADER_VERSION", "PROMPT_VERSION", "Expectations", "ExpectationsError", "JudgeConfig",
           "do_nothing_audit", "grade", "load_expectations", "parse_expectations", "write_outputs"]
