#!/usr/bin/env bash
# The paper's §4.5 trimming ablation, offline: for each handbook variant (full, no-domain, no-medical, no-both)
# one Harbor job with the oracle (reward 1: the oracle never reads the handbook, so its score cannot move) and
# one with the handbook probe (benchmarks/ablation_probe.py: which folders the agent's box holds, how many
# documents, and one `grep -ril` over the skill). Fails if an oracle trial is not 1, if a variant's box holds a
# folder the variant drops or lacks one it keeps. What the ablation measures — the handbook's value to a model —
# needs a real model: run the same jobs with `-a codex -m <model>` (README, "Trimming ablation").
#
#   benchmarks/bench_ablation.sh [TASK] [JOBS_DIR]      # default task: fess.referral
set -euo pipefail
cd "$(dirname "$0")/.."
REPO="$PWD"
TASK="${1:-fess.referral}"
JOBS="${2:-$REPO/.bench-jobs/ablation}"
rm -rf "$JOBS"
for variant in full no-domain no-medical no-both; do
  t0=$SECONDS
  .venv/bin/harbor run -y -q -p "packages/$TASK" --env chibench.sandbox:SandboxEnvironment -a oracle \
    --ek handbook_variant="$variant" -o "$JOBS" --job-name "oracle-$variant" >/dev/null || true
  .venv/bin/python .ci/assert_job.py "$JOBS/oracle-$variant" --reward 1 --tasks 1
  t1=$SECONDS
  PYTHONPATH="$REPO${PYTHONPATH:+:$PYTHONPATH}" .venv/bin/harbor run -y -q -p "packages/$TASK" --env chibench.sandbox:SandboxEnvironment \
    --agent benchmarks.ablation_probe:HandbookProbe --ek handbook_variant="$variant" \
    -o "$JOBS" --job-name "probe-$variant" >/dev/null || true
  echo "bench_ablation: $variant: oracle trial $((t1 - t0)) s (first use builds the variant's agent root), probe $((SECONDS - t1)) s"
done
.venv/bin/python - "$JOBS" <<'PY'
import json, sys
from pathlib import Path

sys.path.insert(0, ".")
from chibench.handbook_variant import VARIANTS

ROLES = ("references/provider-pa", "references/payer-um", "references/care-manager", "references/medical-library")
jobs, bad = Path(sys.argv[1]), []
print(f"{'variant':<11} {'docs':>5}  {'grep -ril (s)':>13}  folders present")
for variant, dropped in VARIANTS.items():
    results = list((jobs / f"probe-{variant}").glob("*/result.json"))
    if not results:
        bad.append(f"{variant}: no probe trial"); continue
    meta = (json.loads(results[0].read_text()).get("agent_result") or {}).get("metadata") or {}
    rep = meta.get("handbook_probe") or {}
    if "variant_folders" not in rep:
        bad.append(f"{variant}: probe failed: {rep}"); continue
    present = {k for k in rep["variant_folders"] if k in ROLES}
    want = set(ROLES) - set(dropped)
    if present != want:
        bad.append(f"{variant}: box holds {sorted(present)}, expected {sorted(want)}")
    print(f"{variant:<11} {rep['total_docs']:>5}  {rep['grep_seconds']:>13}  {', '.join(sorted(present)) or '-'}")
if bad:
    print("bench_ablation: FAILED\n  " + "\n  ".join(bad)); sys.exit(1)
print("bench_ablation: every variant runs; oracle 1 on each; each box holds exactly its variant's folders")
PY
