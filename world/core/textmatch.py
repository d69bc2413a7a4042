"""Explicit text patterns over one message: the matcher shared by the patient engine (contracts) and the grader.

It lives in the world's core so that the grader (``chibench.verifiers``), which may know only the world's
vocabulary, judges a transcript line with the very rule the simulator used to write it.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Annotated

from pydantic import AfterValidator, BaseModel, ConfigDict, StringConstraints, model_validator


def normalize(text: str) -> str:
    """What patterns are matched against: curly quotes made straight."""
    return (text.replace("\u2019", "'").replace("\u2018", "'").replace("\u201c", '"').replace("\u201d", '"'))


@lru_cache(maxsize=4096)
def compiled(pattern: str) -> re.Pattern[str]:
    return re.compile(pattern, re.IGNORECASE)


def _check_regex(value: str) -> str:
    if any(ord(ch) < 32 for ch in value):
        raise ValueError(f"control character in pattern {value!r} (in YAML, write regular expressions in single "
                         "quotes so that \\b stays a word boundary)")
    try:
        compiled(value)
    except re.error as exc:
        raise ValueError(f"invalid regular expression {value!r}: {exc}") from None
    return value


Regex = Annotated[str, StringConstraints(min_length=1, max_length=600), AfterValidator(_check_regex)]


class Match(BaseModel):
    """Explicit patterns for one agent message: at least one of ``any_of`` (when given), every one of
    ``all_of``, and none of ``none_of`` must be found (``re.search``, case-insensitive)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    any_of: list[Regex] = []
    all_of: list[Regex] = []
    none_of: list[Regex] = []

    @model_validator(mode="after")
    def _non_empty(self) -> Match:
        if not self.any_of and not self.all_of:
            raise ValueError("a match needs at least one pattern in any_of or all_of")
        return self

    def matches(self, text: str) -> bool:
        t = normalize(text)
        if self.any_of and not any(compiled(p).search(t) for p in self.any_of):
            return False
        if not all(compiled(p).search(t) for p in self.all_of):
            return False
        return not any(compiled(p).search(t) for p in self.none_of)
