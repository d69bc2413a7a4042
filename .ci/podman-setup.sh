#!/usr/bin/env bash
# Set up podman on a fresh CI machine and build the shared images (idempotent; safe to re-run).
#
#   bash .ci/podman-setup.sh            # from the repository root, after .ci/run made .venv
#
# 1. apt-get install podman runc debootstrap (skipped when present)
# 2. podman-compose (pinned) into the CI venv ($VENV, default .venv; its bin/ is on PATH for Harbor)
# 3. CONTAINERS_CONF=.ci/containers.conf (runc, no default ulimits: crun and the default rlimits fail here)
# 4. the offline base localhost/chibench-base:bookworm (debootstrap; skipped when it exists)
# 5. a smoke run of that base (fails loudly if podman cannot run a container)
# 6. chibench images build --engine podman --base localhost/chibench-base:bookworm
#
# Callers must export the same CONTAINERS_CONF before running Harbor with -e podman:
#   export CONTAINERS_CONF="$PWD/.ci/containers.conf"
# Environment knobs: VENV (default .venv), CHIBENCH_BASE_IMAGE (default localhost/chibench-base:bookworm),
# CHIBENCH_REBUILD_BASE=1 (rebuild the base even if it exists), CHIBENCH_IMAGES_ONLY (e.g. agent,world).
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT="$PWD"

PODMAN_COMPOSE_VERSION="1.6.0"
VENV="${VENV:-.venv}"
case "$VENV" in /*) ;; *) VENV="$ROOT/$VENV" ;; esac
BASE_IMAGE="${CHIBENCH_BASE_IMAGE:-localhost/chibench-base:bookworm}"
export CONTAINERS_CONF="$ROOT/.ci/containers.conf"
export PATH="$VENV/bin:$PATH"

T0=$SECONDS
step_start=$SECONDS
step() { echo "podman-setup: $*"; step_start=$SECONDS; }
done_step() { echo "podman-setup: ... $1 took $((SECONDS - step_start)) s"; }
die() {
  echo "" >&2
  echo "################################################################################" >&2
  echo "podman-setup: FAILED: $*" >&2
  echo "################################################################################" >&2
  exit 1
}

# 1. packages -------------------------------------------------------------------------------------------
step "system packages (podman runc debootstrap)"
missing=()
for tool in podman runc debootstrap; do
  command -v "$tool" >/dev/null 2>&1 || missing+=("$tool")
done
if [ "${#missing[@]}" -gt 0 ]; then
  [ "$(id -u)" = 0 ] || die "need root to apt-get install ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq || die "apt-get update failed"
  apt-get install -y -qq podman runc debootstrap >/dev/null || die "apt-get install podman runc debootstrap failed"
else
  echo "podman-setup: podman, runc and debootstrap already installed"
fi
podman --version
done_step "system packages"

# 2. podman-compose ---------------------------------------------------------------------------------------
step "podman-compose==$PODMAN_COMPOSE_VERSION in $VENV"
[ -x "$VENV/bin/pip" ] || die "no CI venv at $VENV (create it first, e.g. python3 -m venv $VENV && $VENV/bin/pip install -e .)"
if "$VENV/bin/podman-compose" --version 2>/dev/null | grep -q "podman-compose version $PODMAN_COMPOSE_VERSION"; then
  echo "podman-setup: podman-compose $PODMAN_COMPOSE_VERSION already installed"
else
  "$VENV/bin/pip" install --quiet "podman-compose==$PODMAN_COMPOSE_VERSION" || die "pip install podman-compose failed"
fi
done_step "podman-compose"

# 3. containers.conf ------------------------------------------------------------------------------------
[ -f "$CONTAINERS_CONF" ] || die "missing $CONTAINERS_CONF"
echo "podman-setup: CONTAINERS_CONF=$CONTAINERS_CONF (export it before harbor run -e podman)"

# the chibench CLI: `chibench images` once wired into the main CLI, else the module's own entry point
if "$VENV/bin/chibench" images --help >/dev/null 2>&1; then
  images() { "$VENV/bin/chibench" images "$@"; }
else
  images() { "$VENV/bin/python" -m chibench.images images "$@"; }
fi

# 4. the offline base -----------------------------------------------------------------------------------
step "base image $BASE_IMAGE"
force=()
[ "${CHIBENCH_REBUILD_BASE:-0}" = 1 ] && force=(--force)
images base --engine podman --name "$BASE_IMAGE" "${force[@]}" || die "building the base image $BASE_IMAGE failed (see above)"
done_step "base image"

# 5. can podman run a container at all? --------------------------------------------------------------------
step "smoke: podman run --rm $BASE_IMAGE true"
if ! out=$(podman run --rm "$BASE_IMAGE" true 2>&1); then
  echo "$out" >&2
  die "podman cannot run a container on this machine (podman run --rm $BASE_IMAGE true). Check runc, CONTAINERS_CONF=$CONTAINERS_CONF, and 'podman info'."
fi
done_step "smoke run"

# 6. the shared images ---------------------------------------------------------------------------------------
step "shared images (chibench images build --engine podman --base $BASE_IMAGE)"
only=()
[ -n "${CHIBENCH_IMAGES_ONLY:-}" ] && only=(--only "$CHIBENCH_IMAGES_ONLY")
images build --engine podman --base "$BASE_IMAGE" "${only[@]}" || die "chibench images build failed (see the log tail above)"
done_step "shared images"

podman images --format '{{.Repository}}:{{.Tag}}  {{.Size}}' | grep -E 'chibench-' || true
echo "podman-setup: done in $((SECONDS - T0)) s"
