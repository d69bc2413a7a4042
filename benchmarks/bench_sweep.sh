#!/usr/bin/env bash
# The full sweep CI samples: every package's near misses in-process, and through Harbor every task, oracle x 3 attempts (pass@1 = pass@3 = pass^3 = 1 per domain)
# and nop x 1 (reward 0), in the local sandbox. CI runs every task once and three attempts on a representative
# subset (.ci/run); run this before a release or after changing the world, the renderer or the sandbox.
#
#   benchmarks/bench_sweep.sh [JOBS_DIR]        # prints each sweep's wall time; exit 1 if any trial is wrong
set -euo pipefail
cd "$(dirname "$0")/.."
REPO="$PWD"
JOBS="${1:-$REPO/.bench-jobs}"
rm -rf "$JOBS"
t0=$SECONDS
# every package's oracle, nop and near misses replayed in-process (and by the reference agent's loop) (pytest runs a representative subset by default)
CHIBENCH_TEST_ALL_PACKAGES=1 .venv/bin/python -m pytest -q tests/package/test_packages.py tests/package/test_cm_catalog.py \
  tests/rl/test_rl_env.py tests/agents/test_reference_agent.py
echo "bench_sweep: in-process replays of every package: $((SECONDS - t0)) s"
.venv/bin/chibench dataset local >/dev/null
NTASKS=$(ls -d packages/*/scenario.yaml | wc -l)
t0=$SECONDS
(cd /tmp && "$REPO/.venv/bin/harbor" run -y -q -c "$REPO/harbor.yaml" -a oracle -k 3 -o "$JOBS" --job-name sweep-oracle) || true
echo "bench_sweep: oracle 3 x $NTASKS tasks: $((SECONDS - t0)) s"
.venv/bin/python .ci/assert_job.py "$JOBS/sweep-oracle" --reward 1 --tasks "$NTASKS" --pass-k 1.0
t0=$SECONDS
(cd /tmp && "$REPO/.venv/bin/harbor" run -y -q -c "$REPO/harbor.yaml" -a nop -k 1 -o "$JOBS" --job-name sweep-nop) || true
echo "bench_sweep: nop 1 x $NTASKS tasks: $((SECONDS - t0)) s"
.venv/bin/python .ci/assert_job.py "$JOBS/sweep-nop" --reward 0 --tasks "$NTASKS"
# the extensions: every arena case (scripted vs scripted, oracle and nop on either side, every near miss) and
# every marathon domain (oracle 1.0, nop 0.0, first five 0.2), in-process
t0=$SECONDS
.venv/bin/python -m benchmarks.bench_arena
echo "bench_sweep: arena, 23 cases: $((SECONDS - t0)) s"
t0=$SECONDS
.venv/bin/python benchmarks/bench_marathon.py
echo "bench_sweep: marathon, 3 domains: $((SECONDS - t0)) s"
