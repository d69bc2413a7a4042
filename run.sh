#!/usr/bin/env bash
# χ-Bench's main job on the embedded default, from a fresh clone: set up, build what is needed, run every
# task with Harbor's `oracle` agent in the local bubblewrap sandbox (no Docker, no network, no API key;
# scripted counterparts; deterministic-only grading), then print the report.
#
#   ./run.sh                       # oracle, 3 attempts per task (harbor.yaml)
#   ./run.sh -a nop                # any extra arguments go to `harbor run`
#
# Works from any directory. Exits non-zero when any trial errored, was not graded, or never ran
# (`chibench report --strict`; Harbor itself exits 0 then).
# Needs Python >= 3.12 (Harbor), bubblewrap, slirp4netns, libseccomp2, ripgrep, tmux and curl (installed here
# if missing and root; the sandbox, its egress and the tests need them).
set -euo pipefail
cd "$(dirname "$0")"

if [ ! -x .venv/bin/harbor ]; then
  PY=""
  if command -v pyenv >/dev/null 2>&1; then
    PY="$(ls -d "$(pyenv root)"/versions/3.12.*/bin/python 2>/dev/null | sort -V | tail -1 || true)"
  fi
  [ -n "$PY" ] || PY="$(command -v python3.12 || command -v python3.13 || true)"
  [ -n "$PY" ] || { echo "run.sh: Python >= 3.12 is required (Harbor)"; exit 2; }
  "$PY" -m venv .venv
  .venv/bin/python -m pip install --quiet --upgrade pip
  .venv/bin/python -m pip install --quiet -e ".[dev,rl]"   # the same extras as .ci/run: the tests need them
fi
MISSING=""
command -v bwrap >/dev/null 2>&1 || MISSING="$MISSING bubblewrap"
command -v slirp4netns >/dev/null 2>&1 || MISSING="$MISSING slirp4netns"      # egress, and its test
ls /usr/lib/*/libseccomp.so.2 >/dev/null 2>&1 || MISSING="$MISSING libseccomp2"  # the sandbox's seccomp filter
# what the agent CLIs and terminus-2 look for in the agent's box (it sees the host's /usr), and their tests
command -v rg >/dev/null 2>&1 || MISSING="$MISSING ripgrep"
command -v tmux >/dev/null 2>&1 || MISSING="$MISSING tmux"
command -v curl >/dev/null 2>&1 || MISSING="$MISSING curl"
if [ -n "$MISSING" ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    export DEBIAN_FRONTEND=noninteractive
    apt-get install -y -q $MISSING >/dev/null || { apt-get update -qq && apt-get install -y -q $MISSING >/dev/null; }
  else
    echo "run.sh: needed:$MISSING (sudo apt-get install$MISSING)"; exit 2
  fi
fi

.venv/bin/chibench package build --check          # the committed packages are what scenario.yaml says
.venv/bin/chibench dataset local >/dev/null       # harbor.yaml + registry.local.json with this checkout's paths
job="main-$(date -u +%Y%m%dT%H%M%SZ)"
.venv/bin/harbor run -y -c harbor.yaml --job-name "$job" "$@" || true
.venv/bin/chibench report --strict "jobs/$job"
