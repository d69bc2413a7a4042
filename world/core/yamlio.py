"""YAML in: one safe loader for every file the project reads (seeds, contracts, scenarios, handbook front matter).

libyaml's ``CSafeLoader`` when PyYAML was built with it (about 10× faster than the pure-Python parser: the
1,696-document handbook and 75 scenarios are parsed many times per CI run), ``SafeLoader`` otherwise. Both are
safe loaders: no arbitrary Python objects are constructed.
"""

from __future__ import annotations

from typing import Any

import yaml

LOADER: type[yaml.SafeLoader] = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def load(text: str) -> Any:
    """Parse one YAML document; raises ``yaml.YAMLError`` (with line and column) on malformed input."""
    return yaml.load(text, Loader=LOADER)  # noqa: S506 - LOADER is a safe loader
