# chibench-agent:<version> — the agent's box (task Dockerfiles: FROM chibench-agent:<version>).
# Holds python3 with the MCP client SDK and the handbook skill; never the chibench package, seeds,
# worlds, expectations or keys. Build context: staged by `chibench images build` (recipes, handbook, requirements.txt, dist/).
ARG BASE=python:3.12-slim
FROM ${BASE}

# Optional package index (pip on the host may use a mirror); the CA bundle of an intercepting proxy
# arrives as the build secret `ca` and is used only when present.
ARG CHIBENCH_PIP_INDEX_URL=""
ARG CHIBENCH_PIP_EXTRA_INDEX_URL=""

ENV PATH=/opt/chibench/venv/bin:$PATH \
    PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1

# A venv (Debian's system python refuses `pip install`, PEP 668); first on PATH so python3 is the venv's.
RUN --mount=type=secret,id=ca \
    set -eu; \
    python3 -m venv /opt/chibench/venv; \
    if [ -s /run/secrets/ca ]; then export PIP_CERT=/run/secrets/ca; fi; \
    if [ -n "$CHIBENCH_PIP_INDEX_URL" ]; then export PIP_INDEX_URL="$CHIBENCH_PIP_INDEX_URL"; fi; \
    if [ -n "$CHIBENCH_PIP_EXTRA_INDEX_URL" ]; then export PIP_EXTRA_INDEX_URL="$CHIBENCH_PIP_EXTRA_INDEX_URL"; fi; \
    /opt/chibench/venv/bin/pip install --no-cache-dir "mcp==1.30.0" "jmespath==1.1.0"; \
    python3 -c "import mcp"

COPY handbook_skill/ /opt/chibench/skills/managed-care-operations-handbook/
# chibench-tools: the task's MCP tools from a shell (a standalone script: mcp + jmespath, never chibench)
COPY --chmod=0755 chibench/agent_box/chibench_tools.py /opt/chibench/venv/bin/chibench-tools
# Login shells (terminus-2's tmux panes) run /etc/profile, which resets PATH: keep the venv first there too
RUN printf '%s\n' '# the image venv (python3 with the MCP client and the shell tool client) first on PATH' \
      'if [ -d /opt/chibench/venv/bin ]; then PATH="/opt/chibench/venv/bin:$PATH"; export PATH; fi' \
      > /etc/profile.d/venv-path.sh

WORKDIR /workspace
STOPSIGNAL SIGKILL
CMD ["sleep", "infinity"]
