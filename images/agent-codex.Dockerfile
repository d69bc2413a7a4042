# chibench-agent-codex:<version> — the agent's box with the codex CLI only: chibench-agent plus the host's
# installed @openai/codex npm package (its JavaScript launcher and the vendored static musl binary of the
# host's platform, ~400 MB), no Node and no claude-code. It is the cheap variant of chibench-agent-cli for CI:
# nothing is downloaded (`chibench images build --only agent,agent-codex` stages `$(npm root -g)/@openai/codex`,
# after checking its version, as `codex/` in the build context), so it builds in seconds instead of ~8 min.
# Harbor's codex agent finds `codex --version` = the pinned version and skips its network install.
# Build context: staged by chibench.images; ARG VERSION is the chibench version of chibench-agent.
ARG VERSION=0.1.0
FROM chibench-agent:${VERSION}

COPY codex/ /usr/local/lib/node_modules/@openai/codex/

# /usr/local/bin/codex does what the package's bin/codex.js does, without Node: exec the vendored binary with
# the package-manager variables codex reads (it then offers `npm install -g` for updates, never a download of
# its own). rg: codex's own ripgrep, for its file-search tools. The version check's per-run helper dirs
# ($HOME/.codex/tmp/arg0) are removed in the same layer: left in a lower layer, codex's rename of stale ones
# fails on overlayfs (EXDEV) and its warning, merged into `codex --version`, makes Harbor reinstall.
RUN set -eu; \
    root=/usr/local/lib/node_modules/@openai/codex; \
    native="$(ls "$root"/node_modules/@openai/codex-linux-*/vendor/*/bin/codex)"; \
    vendor="$(dirname "$(dirname "$native")")"; \
    printf '#!/bin/sh\nexport CODEX_MANAGED_BY_NPM=1 CODEX_MANAGED_PACKAGE_ROOT=%s\nexec %s "$@"\n' \
      "$root" "$native" > /usr/local/bin/codex; \
    chmod 0755 /usr/local/bin/codex; \
    if ! command -v rg >/dev/null 2>&1 && [ -x "$vendor/codex-path/rg" ]; then \
      ln -s "$vendor/codex-path/rg" /usr/local/bin/rg; \
    fi; \
    codex --version; \
    rm -rf /root/.codex

# The agent's resolver on podman: netavark's DNS (aardvark-dns, which knows `world` and forwards every other name)
# is the first nameserver of /etc/resolv.conf, and podman appends the host's own nameservers after it. codex is
# a static musl binary, and musl asks every listed nameserver at once and takes the first answer: the host's
# resolver, which answers NXDOMAIN for `world` in under a millisecond while aardvark takes 2-8 ms under load,
# often wins, and codex's MCP initialize to http://world:8000 fails as a connect error (`rmcp … error sending
# request`; codex retries twice, then starts without the world's tools). glibc (the healthcheck's python) asks
# the nameservers in order and never sees it. So on podman's network (its `search dns.podman` line) the entrypoint
# keeps only the first nameserver; elsewhere (Docker's 127.0.0.11, the sandbox) it changes nothing.
RUN set -eu; \
    printf '%s\n' '#!/bin/sh' \
      '# keep only podman'"'"'s aardvark-dns in /etc/resolv.conf (see images/agent-codex.Dockerfile), then run the command' \
      'conf=/etc/resolv.conf' \
      'if grep -qs "^search.* dns\.podman" "$conf"; then' \
      '  kept=$(awk '"'"'/^nameserver/ { if (seen++) next } { print }'"'"' "$conf")' \
      '  printf "%s\n" "$kept" > "$conf" 2>/dev/null || echo "chibench-agent: cannot rewrite $conf; MCP clients built on musl may not resolve world" >&2' \
      'fi' \
      'exec "$@"' > /usr/local/bin/chibench-agent-entrypoint; \
    chmod 0755 /usr/local/bin/chibench-agent-entrypoint
ENTRYPOINT ["/usr/local/bin/chibench-agent-entrypoint"]
# a Dockerfile ENTRYPOINT resets the CMD inherited from chibench-agent
CMD ["sleep", "infinity"]

WORKDIR /workspace
