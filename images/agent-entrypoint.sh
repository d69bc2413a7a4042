#!/bin/sh
# chibench-agent-entrypoint: the agent's resolver on podman, then the command (COPY'd by agent-cli.Dockerfile and
# agent-codex.Dockerfile as /usr/local/bin/chibench-agent-entrypoint, their ENTRYPOINT).
#
# netavark's DNS (aardvark-dns, which knows `world` and forwards every other name) is the first nameserver of
# /etc/resolv.conf, and podman appends the host's own nameservers after it. codex is a static musl binary, and
# musl asks every listed nameserver at once and takes the first answer: the host's resolver, which answers
# NXDOMAIN for `world` in under a millisecond while aardvark takes 2-8 ms under load, often wins, and codex's MCP
# initialize to http://world:8000 fails as a connect error (`rmcp … error sending request`; codex retries twice,
# then starts without the world's tools). glibc (the healthcheck's python) asks the nameservers in order and never
# sees it. So on podman's network (its `search dns.podman` line) keep only the first nameserver; elsewhere
# (Docker's 127.0.0.11, the sandbox) change nothing.
conf=/etc/resolv.conf
if grep -qs "^search.* dns\.podman" "$conf"; then
  kept=$(awk '/^nameserver/ { if (seen++) next } { print }' "$conf")
  printf "%s\n" "$kept" > "$conf" 2>/dev/null || echo "chibench-agent: cannot rewrite $conf; MCP clients built on musl may not resolve world" >&2
fi
exec "$@"
