#!/usr/bin/env bash
# The portability proofs (issue #12), cheap: one task, outside the repository, chibench from its wheel.
#
#   bash .ci/portable.sh                 # from anywhere; after .ci/run made .venv (Harbor on PATH there)
#   CHIBENCH_PORTABLE_PODMAN=1 bash .ci/portable.sh   # also the container proofs (needs .ci/podman-setup.sh done)
#
# 1. wheel: `pip wheel` of the checkout, installed (not editable) with Harbor into a fresh venv in a temp dir
# 2. one package folder copied to that temp dir; from there the sandbox runs its oracle → reward 1
#    (the sandbox needs the handbook and the image recipes: package data of the wheel)
# 3. `harbor run -d chibench --registry-path <abs>/registry.local.json` from the temp dir → reward 1
# 4. podman (opt-in): the folder's own environment/Dockerfile builds with pip pointed at a local PEP 503 index
#    (python -m http.server) holding the wheel; `chibench images build --wheel` from the wheel venv (no checkout)
#    tags the shared images under their qualified names; world/ and tests/ build FROM those; Harbor runs the
#    task by its docker_image on podman → reward 1.
set -euo pipefail
REPO="$(cd "$(dirname "$0")/.." && pwd)"
TASK="${CHIBENCH_PORTABLE_TASK:-brca_testing.referral}"
PY="$REPO/.venv/bin/python"
WORK="$(mktemp -d /tmp/chibench-portable-XXXXXX)"
trap 'if [ -n "${SERVER_PID:-}" ]; then kill "$SERVER_PID" 2>/dev/null || true; fi' EXIT
cd "$WORK"
t0=$SECONDS
step() { echo "portable: $*"; }

step "1. wheel + fresh venv (not editable) in $WORK"
"$PY" -m pip wheel --quiet --no-deps -w "$WORK/dist" "$REPO"
WHEEL="$(ls "$WORK"/dist/chibench-*.whl)"
# uv, as in .ci/run: the same fresh, non-editable install as pip's, in ~20 s instead of 4–12 min here
"$REPO/.venv/bin/uv" venv --quiet --python "$PY" "$WORK/venv"
"$REPO/.venv/bin/uv" pip install --quiet --python "$WORK/venv/bin/python" "$WHEEL" "harbor==0.24.0"
V="$WORK/venv/bin"
if "$V/python" -c "import chibench, sys; sys.exit('/site-packages/' not in chibench.__file__)"; then
  step "   chibench imports from $("$V/python" -c 'import chibench; print(chibench.__file__)')"
else
  echo "portable: FAIL chibench is not the wheel install"; exit 1
fi
cp -r "$REPO/packages/$TASK" "$WORK/$TASK"
step "   took $((SECONDS - t0)) s"

step "2. the sandbox runs the copied folder's oracle (from $WORK, no checkout on the path)"
"$V/harbor" run -y -q -p "$WORK/$TASK" --env chibench.sandbox:SandboxEnvironment -a oracle \
  -o "$WORK/jobs" --job-name wheel-sandbox || true
"$V/python" "$REPO/.ci/assert_job.py" "$WORK/jobs/wheel-sandbox" --reward 1 --tasks 1

step "3. harbor run -d chibench --registry-path <abs> from $WORK"
"$REPO/.venv/bin/chibench" dataset local >/dev/null
"$REPO/.venv/bin/harbor" run -y -q -d chibench --registry-path "$REPO/registry.local.json" -i "$TASK" -k 1 \
  --env chibench.sandbox:SandboxEnvironment -a oracle -o "$WORK/jobs" --job-name registry-local || true
"$REPO/.venv/bin/python" "$REPO/.ci/assert_job.py" "$WORK/jobs/registry-local" --reward 1 --tasks 1

if [ "${CHIBENCH_PORTABLE_PODMAN:-0}" = 1 ]; then
  export CONTAINERS_CONF="${CONTAINERS_CONF:-$REPO/.ci/containers.conf}"
  BASE="${CHIBENCH_BASE_IMAGE:-localhost/chibench-base:bookworm}"
  CA="$(ls /etc/ssl/certs/ca-certificates.crt 2>/dev/null || true)"
  secret=(); [ -n "$CA" ] && secret=(--secret "id=ca,src=$CA")
  step "4a. a local PEP 503 index holding the wheel, served by python -m http.server"
  mkdir -p "$WORK/index/simple/chibench"
  cp "$WHEEL" "$WORK/index/simple/chibench/"
  printf '<!DOCTYPE html><html><body><a href="%s">%s</a></body></html>\n' "$(basename "$WHEEL")" \
    "$(basename "$WHEEL")" > "$WORK/index/simple/chibench/index.html"
  printf '<!DOCTYPE html><html><body><a href="chibench/">chibench</a></body></html>\n' > "$WORK/index/simple/index.html"
  PORT="$("$PY" -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
  "$PY" -m http.server "$PORT" --bind 127.0.0.1 --directory "$WORK/index" >/dev/null 2>&1 &
  SERVER_PID=$!
  sleep 1
  step "4b. chibench images build from the wheel venv (no checkout): qualified names"
  t1=$SECONDS
  "$V/chibench" images build --engine podman --base "$BASE" --wheel "$WHEEL"
  step "   took $((SECONDS - t1)) s"
  step "4c. podman build of the folder's own Dockerfiles (agent: pip from the local index; world, tests: FROM the images)"
  t1=$SECONDS
  podman build -q --network host "${secret[@]}" --build-arg "BASE=$BASE" \
    --build-arg "PIP_INDEX_URL=http://127.0.0.1:$PORT/simple" --build-arg "PIP_EXTRA_INDEX_URL=https://pypi.org/simple" \
    -t "localhost/chibench-portable-agent:$TASK" "$WORK/$TASK/environment"
  podman run --rm "localhost/chibench-portable-agent:$TASK" \
    sh -c 'test -f /opt/chibench/skills/managed-care-operations-handbook/SKILL.md && python3 -c "import mcp" && ! python3 -c "import chibench" 2>/dev/null'
  podman build -q -t "localhost/chibench-portable-world:$TASK" "$WORK/$TASK/environment/world"
  podman build -q -t "localhost/chibench-portable-grader:$TASK" "$WORK/$TASK/tests"
  podman rmi "localhost/chibench-portable-agent:$TASK" "localhost/chibench-portable-world:$TASK" \
    "localhost/chibench-portable-grader:$TASK" >/dev/null
  step "   took $((SECONDS - t1)) s"
  step "4d. Harbor runs the copied task by docker_image on podman"
  PATH="$V:$REPO/.venv/bin:$PATH" "$V/harbor" run -y -q -e podman -p "$WORK/$TASK" -a oracle \
    -o "$WORK/jobs" --job-name wheel-podman || true
  "$V/python" "$REPO/.ci/assert_job.py" "$WORK/jobs/wheel-podman" --reward 1 --tasks 1
fi
step "all proofs passed in $((SECONDS - t0)) s ($WORK)"
rm -rf "$WORK"
