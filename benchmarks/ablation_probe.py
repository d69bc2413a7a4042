"""A Harbor agent that reports what handbook the agent's box holds (the trimming-ablation benchmark's probe).

It makes no tool call and does no task work (its trials score 0 by design). Inside the agent's box it counts
the markdown documents under each top folder of the installed skill (``/opt/chibench/skills/<skill>``), times a
case-insensitive ``grep -r`` over the whole skill (the issue's "search stays fast" target: < 1 s), and writes
``{"variant_folders": {folder: n_docs}, "total_docs": n, "grep_seconds": s, "grep_hits": n}`` to the trial's
agent metadata. ``benchmarks/bench_ablation.sh`` runs it once per variant next to the oracle.
"""

from __future__ import annotations

import json
import shlex

from harbor.agents.base import BaseAgent
from harbor.agents.capabilities import AgentCapabilities
from harbor.environments.base import BaseEnvironment
from harbor.models.agent.context import AgentContext

#: runs with the agent image's python3 (stdlib only; chibench is not in the agent's box by design)
PROBE = r'''
import json, os, subprocess, time
base = "/opt/chibench/skills"
skills = [d for d in sorted(os.listdir(base)) if os.path.isdir(os.path.join(base, d))] if os.path.isdir(base) else []
root = os.path.join(base, skills[0]) if skills else base
folders, total = {}, 0
for dirpath, _, files in os.walk(root):
    n = sum(f.endswith(".md") for f in files)
    if not n:
        continue
    rel = os.path.relpath(dirpath, root).split(os.sep)
    key = "/".join(rel[:2]) if rel[0] == "references" else rel[0]
    folders[key] = folders.get(key, 0) + n
    total += n
t0 = time.perf_counter()
hits = subprocess.run(["grep", "-ril", "vagus nerve", root], capture_output=True, text=True).stdout.split()
dt = time.perf_counter() - t0
print(json.dumps({"skill": root, "variant_folders": folders, "total_docs": total,
                  "grep_seconds": round(dt, 3), "grep_hits": len(hits)}))
'''


class HandbookProbe(BaseAgent):
    """Reports the handbook folders present in the agent's box and the time of one ``grep -ril``."""

    capabilities = AgentCapabilities(mcp_servers=True, skills=True)

    @staticmethod
    def name() -> str:
        return "chibench-handbook-probe"

    def version(self) -> str:
        return "1.0.0"

    async def setup(self, environment: BaseEnvironment) -> None:
        return None

    async def run(self, instruction: str, environment: BaseEnvironment, context: AgentContext) -> None:
        result = await environment.exec(f"python3 -c {shlex.quote(PROBE)}", timeout_sec=120)
        try:
            report = json.loads((result.stdout or "").strip().splitlines()[-1])
        except (ValueError, IndexError):
            report = {"error": (result.stderr or "")[-2000:], "rc": result.return_code}
        context.metadata = {**(context.metadata or {}), "handbook_probe": report}
