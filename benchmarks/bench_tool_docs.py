"""What the agent pays for the tool docs: per-role ``tools/list`` size in o200k tokens (README numbers).

Counts what a model sees of each role's MCP listing — every tool's name, description and input schema —
serialized as compact JSON (the form a client forwards to a model API). Targets (issue 14): provider
≤ 8,000, payer ≤ 14,000, cm ≤ 6,700.

The listing also carries each tool's ``outputSchema`` (and a read-only annotation). Agent harnesses do not
forward those to the model — codex sends name, description and input schema as a function's
``parameters`` (measured against the real codex CLI, 0.169), Claude Code name, description and
``input_schema`` — so they are not part of the target; the ``full listing`` column counts them anyway
(what a client downloads, not what a model reads).

Tokenizer: ``tiktoken`` (pinned in ``pyproject.toml``) with the ``o200k_base`` encoding. Its data file is
normally downloaded on first use; offline, this script points ``TIKTOKEN_CACHE_DIR`` at the copy the
pinned ``litellm`` wheel ships (``litellm/litellm_core_utils/tokenizers/``, stored under tiktoken's own
cache key and checked against tiktoken's expected sha256), so no network is needed.

    python benchmarks/bench_tool_docs.py            # table
    python benchmarks/bench_tool_docs.py --json     # machine-readable
    python benchmarks/bench_tool_docs.py --check    # exit 1 if a role is over its target
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import sys
from pathlib import Path
from typing import Any

TARGETS = {"provider": 8_000, "payer": 14_000, "cm": 6_700}


def _encoder() -> Any:
    if "TIKTOKEN_CACHE_DIR" not in os.environ:
        # located, not imported: importing litellm would try to fetch its price list from the network
        spec = importlib.util.find_spec("litellm")
        if spec is not None and spec.submodule_search_locations:
            bundled = Path(list(spec.submodule_search_locations)[0]) / "litellm_core_utils" / "tokenizers"
            os.environ["TIKTOKEN_CACHE_DIR"] = str(bundled)
    import tiktoken

    return tiktoken.get_encoding("o200k_base")


def listing(role: str) -> list[dict[str, Any]]:
    """The visible part of ``role``'s tools/list: name, description, inputSchema (as served)."""
    from chibench.world.tools.registry import catalog

    return [{"name": e["name"], "description": e["description"], "inputSchema": e["inputSchema"]}
            for e in catalog()[role]]


def full_listing(role: str) -> list[dict[str, Any]]:
    """Everything ``role``'s tools/list carries, output schemas included."""
    from chibench.world.tools.registry import catalog

    return list(catalog()[role])


def measure() -> dict[str, dict[str, int]]:
    enc = _encoder()
    out: dict[str, dict[str, int]] = {}
    for role, target in TARGETS.items():
        tools = listing(role)
        text = json.dumps(tools, separators=(",", ":"), ensure_ascii=False)
        full = json.dumps(full_listing(role), separators=(",", ":"), ensure_ascii=False)
        desc = sum(len(enc.encode(t["description"])) for t in tools)
        out[role] = {"tools": len(tools), "tokens": len(enc.encode(text)), "description_tokens": desc,
                     "target": target, "full_listing_tokens": len(enc.encode(full))}
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--check", action="store_true", help="exit 1 if any role is over its target")
    args = ap.parse_args(argv)
    res = measure()
    if args.json:
        print(json.dumps(res, indent=2))
    else:
        print(f"{'role':<9} {'tools':>5} {'tokens':>7} {'of which descriptions':>22} {'target':>7} "
              f"{'full listing':>13}")
        for role, r in res.items():
            flag = "" if r["tokens"] <= r["target"] else "  OVER"
            print(f"{role:<9} {r['tools']:>5} {r['tokens']:>7,} {r['description_tokens']:>22,} {r['target']:>7,} "
                  f"{r['full_listing_tokens']:>13,}{flag}")
    return 1 if args.check and any(r["tokens"] > r["target"] for r in res.values()) else 0


if __name__ == "__main__":
    sys.exit(main())
