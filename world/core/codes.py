"""Code-system validators: NPI (Luhn), LOINC check digit, ICD-10-CM (via simple-icd-10-cm).

Sources: CMS NPI Standard — check digit is the Luhn mod-10 over the constant prefix ``80840``
followed by the first nine digits (45 CFR 162.406; CMS "Requirements for NPI check digit",
2005). LOINC codes are ``<number>-<mod10 check digit>`` (LOINC Users' Guide §12.3).
"""

from __future__ import annotations

import functools
import json
from collections.abc import Iterable
from pathlib import Path
from typing import Any

#: Descriptions of every ICD-10-CM code the seeds use, resolved with simple-icd-10-cm by
#: ``chibench world check`` and committed, so that building a world — and the first tool call that
#: shows a seeded diagnosis — does not pay the library's ~2.5 s start-up. ``world check`` fails when
#: this file is stale.
ICD_CACHE = Path(__file__).resolve().parents[1] / "seeds" / "icd10cm_codes.json"


def _icd() -> Any:
    import simple_icd_10_cm  # deferred: importing it parses the whole code set (seconds)

    return simple_icd_10_cm


def _luhn_digit(digits: str) -> int:
    """Luhn check digit for ``digits`` (the digit that would be appended)."""
    total = 0
    for i, ch in enumerate(reversed(digits)):
        d = int(ch)
        if i % 2 == 0:
            d *= 2
            if d > 9:
                d -= 9
        total += d
    return (10 - total % 10) % 10


def npi_check_digit(first_nine: str) -> int:
    """Check digit of an NPI given its first nine digits (CMS: Luhn over '80840' + digits)."""
    if len(first_nine) != 9 or not first_nine.isdigit():
        raise ValueError(f"first_nine must be 9 digits, got {first_nine!r}")
    return _luhn_digit("80840" + first_nine)


def is_valid_npi(npi: str) -> bool:
    """True when ``npi`` is 10 digits, starts with 1 or 2, and carries a correct Luhn digit."""
    return (
        len(npi) == 10 and npi.isdigit() and npi[0] in "12" and npi_check_digit(npi[:9]) == int(npi[9])
    )


def is_valid_loinc(code: str) -> bool:
    """True when ``code`` is ``NNNNN-C`` with a correct LOINC mod-10 check digit."""
    number, sep, check = code.partition("-")
    if not sep or not number.isdigit() or not check.isdigit() or len(check) != 1 or len(number) > 7:
        return False
    # LOINC's algorithm: double alternate digits starting from the rightmost (a Luhn variant).
    return _luhn_digit(number) == int(check)


@functools.lru_cache(maxsize=1)
def _committed_descriptions() -> dict[str, str]:
    return load_icd_cache()


def is_billable_icd10cm(code: str) -> bool:
    """True when ``code`` is a valid, billable (leaf) ICD-10-CM code in the library's release.

    Codes in the committed cache are billable by construction (``render_icd_cache`` writes only
    billable codes, and ``chibench world check`` fails when the cache is stale), so they are answered
    without loading the library; any other code is asked of the library."""
    return code in _committed_descriptions() or _library_billable(code)


def icd10cm_description(code: str) -> str:
    """Official short description of an ICD-10-CM code; raises ``ValueError`` for unknown codes.

    From the committed cache when it has the code (the library's own text), else from the library."""
    cached = _committed_descriptions().get(code)
    return cached if cached is not None else _library_description(code)


@functools.lru_cache(maxsize=4096)
def _library_billable(code: str) -> bool:
    icd = _icd()
    return bool(icd.is_valid_item(code) and icd.is_leaf(code))


@functools.lru_cache(maxsize=4096)
def _library_description(code: str) -> str:
    return str(_icd().get_description(code))


def load_icd_cache(path: Path = ICD_CACHE) -> dict[str, str]:
    """``{code: description}`` of the committed cache (empty if absent)."""
    if not path.exists():
        return {}
    return dict(json.loads(path.read_text(encoding="utf-8")))


def render_icd_cache(codes: Iterable[str]) -> str:
    """Canonical cache text for ``codes`` (only billable ones are written)."""
    table = {c: _library_description(c) for c in sorted(set(codes)) if _library_billable(c)}  # never the cache
    return json.dumps(table, indent=1, sort_keys=True, ensure_ascii=False) + "\n"
