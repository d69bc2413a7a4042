# chibench-world:<version> — the world sidecar (task world/Dockerfile: FROM chibench-world:<version>).
# Holds the chibench package and the base world at /opt/chibench/world/base.sqlite; never expectations.
# Build context: staged by `chibench images build` (recipes, handbook, requirements.txt, dist/).
ARG BASE=python:3.12-slim
FROM ${BASE}

ARG CHIBENCH_PIP_INDEX_URL=""
ARG CHIBENCH_PIP_EXTRA_INDEX_URL=""
ARG CHIBENCH_VERSION=""

ENV PATH=/opt/chibench/venv/bin:$PATH \
    PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1

# The same steps as grader.Dockerfile up to the install, so the engine's layer cache shares them.
# Dependencies first (requirements.txt: the installed chibench's own pins, written into the build context by
# `chibench images build`), so a new chibench build reinstalls only chibench, offline.
COPY requirements.txt /tmp/chibench-deps/requirements.txt
RUN --mount=type=secret,id=ca \
    set -eu; \
    python3 -m venv /opt/chibench/venv; \
    if [ -s /run/secrets/ca ]; then export PIP_CERT=/run/secrets/ca; fi; \
    if [ -n "$CHIBENCH_PIP_INDEX_URL" ]; then export PIP_INDEX_URL="$CHIBENCH_PIP_INDEX_URL"; fi; \
    if [ -n "$CHIBENCH_PIP_EXTRA_INDEX_URL" ]; then export PIP_EXTRA_INDEX_URL="$CHIBENCH_PIP_EXTRA_INDEX_URL"; fi; \
    /opt/chibench/venv/bin/pip install --no-cache-dir -r /tmp/chibench-deps/requirements.txt; \
    rm -rf /tmp/chibench-deps

# chibench itself: the wheel in the context's dist/ (a checkout builds one), else chibench==CHIBENCH_VERSION
# from the package index (a wheel install has no source to build from).
COPY dist/ /tmp/chibench-dist/
RUN --mount=type=secret,id=ca \
    set -eu; \
    if [ -s /run/secrets/ca ]; then export PIP_CERT=/run/secrets/ca; fi; \
    if [ -n "$CHIBENCH_PIP_INDEX_URL" ]; then export PIP_INDEX_URL="$CHIBENCH_PIP_INDEX_URL"; fi; \
    if [ -n "$CHIBENCH_PIP_EXTRA_INDEX_URL" ]; then export PIP_EXTRA_INDEX_URL="$CHIBENCH_PIP_EXTRA_INDEX_URL"; fi; \
    if ls /tmp/chibench-dist/chibench-*.whl >/dev/null 2>&1; then \
      /opt/chibench/venv/bin/pip install --no-cache-dir --no-deps /tmp/chibench-dist/chibench-*.whl; \
    else \
      /opt/chibench/venv/bin/pip install --no-cache-dir --no-deps "chibench==$CHIBENCH_VERSION"; \
    fi; \
    rm -rf /tmp/chibench-dist; \
    /opt/chibench/venv/bin/pip check; \
    chibench --help >/dev/null

# litellm (judge, counterpart simulators) uses its bundled price map instead of fetching one at import.
ENV LITELLM_LOCAL_MODEL_COST_MAP=True

RUN mkdir -p /opt/chibench/world /opt/chibench/task /opt/chibench/run /opt/chibench/export \
    && chibench world build --out /opt/chibench/world/base.sqlite

WORKDIR /opt/chibench
EXPOSE 8000
CMD ["chibench", "world", "serve-task", "/opt/chibench/task/task.json", "--host", "0.0.0.0", "--port", "8000"]
