"""Network helpers: address reservation, the sidecar command rewrite, and the namespace forwarder."""

from __future__ import annotations

import asyncio
import fcntl
import os
import socket
from pathlib import Path

import pytest

from chibench.sandbox import netns


def test_addresses_are_reserved_host_wide_until_released(tmp_path: Path) -> None:
    address = netns.allocate_address(8000, tmp_path)
    assert address.startswith("127.") and address.endswith(".2")
    assert 16 <= int(address.split(".")[1]) <= 31
    lock = tmp_path / f"addr-{address}"
    fd = os.open(lock, os.O_RDWR)
    others: set[str] = set()
    try:
        with pytest.raises(BlockingIOError):  # what another Harbor process would see
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        others = {netns.allocate_address(8000, tmp_path) for _ in range(20)}
        assert address not in others
        netns.release_address(address)
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    finally:
        os.close(fd)
        for other in others:
            netns.release_address(other)


def test_sidecar_command_rewrite() -> None:
    from chibench.sandbox.environment import _port_from_argv, _rewrite_host

    argv = ["chibench", "world", "serve-task", "t.json", "--host", "0.0.0.0", "--port", "8000"]
    assert _rewrite_host(argv, "127.20.1.2") == [*argv[:5], "127.20.1.2", "--port", "8000"]
    assert _rewrite_host(["x", "--host=0.0.0.0"], "127.20.1.2") == ["x", "--host=127.20.1.2"]
    assert _port_from_argv(argv) == 8000
    assert _port_from_argv(["x", "--port=9000"]) == 9000
    assert _port_from_argv(["x"]) is None


@pytest.mark.skipif(os.geteuid() != 0, reason="network namespaces need root")
def test_forwarder_reaches_the_host_target_from_inside_the_namespace(tmp_path: Path) -> None:
    async def scenario() -> bytes:
        address = netns.allocate_address(8000, tmp_path)

        async def upstream(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
            writer.write(b"hello " + await reader.read(5))
            await writer.drain()
            writer.close()

        server = await asyncio.start_server(upstream, address, 8000)
        ns = netns.NetNamespace.create()
        forwarder = netns.Forwarder(ns.listen(address, 8000), (address, 8000))
        await forwarder.start()

        def client() -> bytes:
            # connect from inside the namespace (a fresh thread that setns-es there)
            def inside() -> bytes:
                netns._check(netns._libc.setns(ns.fd, netns.CLONE_NEWNET), "setns")
                with socket.create_connection((address, 8000), timeout=5) as sock:
                    sock.sendall(b"world")
                    return sock.recv(100)

            return netns._in_fresh_thread(inside)

        try:
            return await asyncio.to_thread(client)
        finally:
            await forwarder.close()
            server.close()
            ns.close()
            netns.release_address(address)

    assert asyncio.run(scenario()) == b"hello world"
