"""CI gate over a Harbor job: every task has the expected reward in every trial (via `chibench report --json`).

    python .ci/assert_job.py JOB_DIR --reward 1 --tasks 11 [--pass-k 1.0] [--snoop-clean]

--pass-k also requires pass@1 = pass@3 = pass^3 = that value in every domain; --snoop-clean requires every
red-team trial's agent/snoop.json to report nothing found and nothing reachable.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("job")
    ap.add_argument("--reward", type=int, required=True)
    ap.add_argument("--tasks", type=int, required=True)
    ap.add_argument("--pass-k", type=float)
    ap.add_argument("--snoop-clean", action="store_true")
    ap.add_argument("--marathon", action="store_true", help="the job is marathon sessions: --reward is each "
                    "session's pass fraction, --tasks the number of marathon domains")
    a = ap.parse_args()
    out = subprocess.run([str(Path(sys.executable).with_name("chibench")), "report", a.job, "--json"],
                         capture_output=True, text=True, check=False)
    if out.returncode != 0:
        print(out.stderr)
        return 1
    rep = json.loads(out.stdout)
    bad = []
    if a.marathon:
        rows = rep.get("marathon") or []
        if len(rows) != a.tasks or rep["tasks"]:
            bad.append(f"{len(rows)} marathon domain(s) and {len(rep['tasks'])} single task(s), expected {a.tasks} and 0")
        for row in rows:
            if row["n_ungraded"] or row["marathon_pass_at_1"] != a.reward:
                bad.append(f"marathon {row['domain']}: pass@1 {row['marathon_pass_at_1']} "
                           f"({row['n_ungraded']} ungraded), expected {a.reward}")
        bad += [f"{p['trial']}: {p['kind']}: {p['detail']}" for p in rep["problems"]]
    elif len(rep["tasks"]) != a.tasks:
        bad.append(f"{len(rep['tasks'])} tasks graded, expected {a.tasks}")
    for t in rep["tasks"]:
        if t["n_exceptions"] or t["n_missing_reward"] or t["n_successes"] != (t["n_trials"] if a.reward else 0):
            bad.append(f"{t['task']}: {t['n_successes']}/{t['n_trials']} passed, {t['n_exceptions']} exceptions")
    if a.pass_k is not None:
        for d in rep["domains"]:
            got = (d["pass_at_1"], d["pass_at_3"], d["pass_hat_3"])
            if got != (a.pass_k,) * 3:
                bad.append(f"{d['domain']}: pass@1/pass@3/pass^3 = {got}")
    if a.snoop_clean:
        for snoop in Path(a.job).glob("*/agent/snoop.json"):
            found = json.loads(snoop.read_text(encoding="utf-8"))
            if found.get("found") or found.get("reachable"):
                bad.append(f"{snoop}: {found}")
        if not list(Path(a.job).glob("*/agent/snoop.json")):
            bad.append("no snoop.json in any trial: the red-team agent did not run")
    for b in bad:
        print(f"ci: FAIL {b}")
    print(f"ci: {a.job}: {'OK' if not bad else 'FAILED'} ({len(rep['tasks'])} tasks, reward {a.reward} expected)")
    return 1 if bad else 0


if __name__ == "__main__":
    raise SystemExit(main())
