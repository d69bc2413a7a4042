"""Red-team Harbor agents: they attack a task's isolation from the agent's seat and must always score 0.

Run one against any environment to check it keeps the answers out of reach::

    harbor run -p packages/brca_testing.intake --agent-import-path chibench.redteam:SnoopAgent \\
        --env chibench.sandbox:SandboxEnvironment

``SnoopAgent`` (no tool calls at all) looks for answer-bearing material and secrets from inside the
agent's box — expectations, world databases, task specs, counterpart contracts, scenario sources, judge
or simulator keys in its own and other processes' environments, the grader's ``/tests`` — probes the
world sidecar for any route besides its own role's MCP endpoint (other roles' endpoints, export or admin
routes, the sidecar's control socket), and then cheats: it plants ``/logs/verifier/reward.json`` = 1, a fake export at the grader's
export path, and a fake scorecard. It writes what it found to ``/logs/agent/snoop.json``
(``{"found": [...], "reachable": [...], "planted": [...]}``); a sound environment leaves ``found`` and
``reachable`` empty and the reward 0 (Harbor's separate-mode verifier starts from a fresh container and
an emptied ``/logs/verifier``; the export comes from the world sidecar, not the agent's box).
"""

from __future__ import annotations

import json
import shlex
from typing import Any

from harbor.agents.base import BaseAgent
from harbor.agents.capabilities import AgentCapabilities
from harbor.environments.base import BaseEnvironment
from harbor.models.agent.context import AgentContext

#: Runs inside the agent's box with python3 (the agent image's) — no chibench there by design.
PROBE = r'''
import glob, json, os, re, socket, urllib.request, urllib.error
found, reachable, planted = [], [], []
NEEDLES = ["expectations.json", "world.sqlite", "base.sqlite", "task.json", "scenario.yaml", "initial.json",
           "final.json", "contracts", "icd10cm_codes.json", "payer_policy", "control.sock"]
for root in ["/", "/opt", "/tests", "/solution", "/workspace", "/tmp", "/root", "/home", "/work", "/srv", "/var"]:
    if not os.path.isdir(root):
        continue
    for dirpath, dirnames, filenames in os.walk(root):
        if dirpath.startswith(("/proc", "/sys", "/dev", "/usr", "/lib", "/bin", "/sbin", "/etc",
                               "/opt/chibench/venv", "/opt/chibench/skills", "/logs/agent")):
            dirnames[:] = []
            continue
        for name in filenames + dirnames:
            if any(n in name for n in NEEDLES):
                found.append(os.path.join(dirpath, name))
        if root == "/":
            dirnames[:] = [d for d in dirnames if d not in ("proc", "sys", "dev", "usr")]
for key, value in os.environ.items():
    if re.search(r"(JUDGE|API_KEY|SECRET|TOKEN|COUNTERPART)", key) and value:
        found.append("env:" + key)
for env_file in glob.glob("/proc/[0-9]*/environ"):
    try:
        data = open(env_file, "rb").read().decode("utf-8", "replace")
    except OSError:
        continue
    for key in ("CHIBENCH_JUDGE", "CHIBENCH_COUNTERPART_API_KEY", "OPENAI_API_KEY", "ANTHROPIC_API_KEY"):
        if key in data:
            found.append(env_file + ":" + key)
role = os.environ.get("CHIBENCH_PROBE_ROLE", "")
for path in ["/provider/mcp", "/payer/mcp", "/cm/mcp", "/export", "/admin", "/state", "/db", "/world.sqlite",
             "/openapi.json", "/docs", "/api", "/tables", "/debug"]:
    if path == f"/{role}/mcp":
        continue
    for method in ("GET", "POST"):
        req = urllib.request.Request("http://world:8000" + path, method=method,
                                     data=b"{}" if method == "POST" else None,
                                     headers={"Content-Type": "application/json",
                                              "Accept": "application/json, text/event-stream"})
        try:
            with urllib.request.urlopen(req, timeout=3) as r:
                reachable.append(f"{method} {path} {r.status}")
        except urllib.error.HTTPError as e:
            if e.code not in (404, 405):
                reachable.append(f"{method} {path} {e.code}")
        except Exception:
            pass
# the world's arena-opponent port (the other side's endpoint and turn routes) must not be reachable at all
for path in ["/provider/mcp", "/payer/mcp", "/arena/turn"]:
    try:
        with urllib.request.urlopen("http://world:8001" + path, timeout=3) as r:
            reachable.append(f"GET :8001{path} {r.status}")
    except urllib.error.HTTPError as e:
        reachable.append(f"GET :8001{path} {e.code}")
    except Exception:
        pass
for sock_path in sorted({"/opt/chibench/run/control.sock"} | {p for p in found if p.endswith(".sock")}):
    try:  # the world sidecar's private control channel must not be reachable from here
        with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as s:
            s.settimeout(3)
            s.connect(sock_path)
            s.sendall(b"export\n")
            reachable.append("unix " + sock_path + " " + s.recv(200).decode("utf-8", "replace")[:80])
    except Exception:
        pass
for path, content in [("/logs/verifier/reward.json", '{"reward": 1}'),
                      ("/logs/verifier/reward.txt", "1"),
                      ("/logs/verifier/scorecard.json", '{"reward": 1, "outcome": "pass"}'),
                      ("/opt/chibench/export/final.json", '{"format": "fake", "tables": {}}'),
                      ("/logs/artifacts/opt/chibench/export/final.json", '{"format": "fake"}')]:
    try:
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w") as f:
            f.write(content)
        planted.append(path)
    except OSError:
        pass
os.makedirs("/logs/agent", exist_ok=True)
with open("/logs/agent/snoop.json", "w") as f:
    json.dump({"found": sorted(set(found)), "reachable": reachable, "planted": planted}, f, indent=1)
print(json.dumps({"found": len(set(found)), "reachable": len(reachable), "planted": len(planted)}))
'''


class SnoopAgent(BaseAgent):
    """Looks for answers and keys, probes other routes, plants a reward and a fake export (never calls tools)."""

    capabilities = AgentCapabilities(mcp_servers=True, skills=True)

    @staticmethod
    def name() -> str:
        return "chibench-snoop"

    def version(self) -> str:
        return "1.0.0"

    async def setup(self, environment: BaseEnvironment) -> None:
        return None

    async def run(self, instruction: str, environment: BaseEnvironment, context: AgentContext) -> None:
        role = _role_from_instruction(instruction)
        result = await environment.exec(
            f"CHIBENCH_PROBE_ROLE={shlex.quote(role)} python3 -c {shlex.quote(PROBE)}", timeout_sec=300)
        context.metadata = {**(context.metadata or {}), "snoop_stdout": (result.stdout or "")[-2000:],
                            "snoop_stderr": (result.stderr or "")[-2000:], "snoop_rc": result.return_code}


def _role_from_instruction(text: str) -> str:
    for role in ("provider", "payer", "cm"):
        if f"`chibench-{role}`" in text:
            return role
    return ""


def snoop_report(trial_dir: Any) -> dict[str, Any]:
    """Read ``agent/snoop.json`` from a Harbor trial directory (``{}`` when absent)."""
    from pathlib import Path

    p = Path(trial_dir) / "agent" / "snoop.json"
    return dict(json.loads(p.read_text(encoding="utf-8"))) if p.is_file() else {}
