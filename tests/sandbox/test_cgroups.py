"""Sandbox resource limits (chibench/sandbox/cgroups.py): the settings table, the group layout on cgroup v1
and v2 (on a fake hierarchy), the join wrapper, and — where this host lets root write cgroups — real
enforcement of memory, CPU quota and the process cap."""

from __future__ import annotations

import os
import subprocess
import sys
import uuid
from pathlib import Path

import pytest

from chibench.sandbox import cgroups
from chibench.sandbox.cgroups import CgroupUnavailable, Group, Limits

V1_SELF = "9:pids:/\n4:memory:/process_api/abc\n1:cpu,cpuacct:/\n0::/\n"


# ------------------------------------------------------------------------------------- the settings table
@pytest.mark.parametrize(("limits", "version", "expected"), [
    (Limits(cpus=1, memory_mb=2048, pids=4096), 1,
     {"memory": {"memory.limit_in_bytes": str(2048 << 20)},
      "cpu": {"cpu.cfs_period_us": "100000", "cpu.cfs_quota_us": "100000"}, "pids": {"pids.max": "4096"}}),
    (Limits(cpus=1, memory_mb=2048, pids=4096), 2,
     {"memory": {"memory.max": str(2048 << 20)}, "cpu": {"cpu.max": "100000 100000"}, "pids": {"pids.max": "4096"}}),
    (Limits(cpus=0.5, memory_mb=None, pids=None), 1, {"cpu": {"cpu.cfs_period_us": "100000", "cpu.cfs_quota_us": "50000"}}),
    (Limits(cpus=2.5, memory_mb=None, pids=None), 2, {"cpu": {"cpu.max": "250000 100000"}}),
    (Limits(cpus=0.001, memory_mb=None, pids=None), 2, {"cpu": {"cpu.max": "1000 100000"}}),  # the kernel's floor
    (Limits(cpus=None, memory_mb=1, pids=None), 2, {"memory": {"memory.max": "1048576"}}),
    (Limits(cpus=None, memory_mb=None, pids=None), 1, {}),
])
def test_settings(limits: Limits, version: int, expected: dict[str, dict[str, str]]) -> None:
    assert limits.settings(version) == expected


@pytest.mark.parametrize("bad", [{"cpus": 0}, {"cpus": -1}, {"memory_mb": 0}, {"pids": 0}, {"pids": True}])
def test_limits_refuse_non_positive_values(bad: dict[str, object]) -> None:
    with pytest.raises(ValueError, match="a limit must be a positive number or None"):
        Limits(**bad)  # type: ignore[arg-type]


def test_limits_from_the_task_config() -> None:
    from harbor.models.task.config import EnvironmentConfig

    assert Limits.from_task(EnvironmentConfig(cpus=2, memory_mb=1024)) == Limits(2, 1024, cgroups.DEFAULT_PIDS)
    assert Limits.from_task(EnvironmentConfig(), pids=None) == Limits(None, None, None)


# ------------------------------------------------------------------------------ layout on a fake hierarchy
def _v1_root(tmp_path: Path, controllers: tuple[str, ...] = ("memory", "cpu", "pids")) -> Path:
    root = tmp_path / "cg"
    for c in controllers:
        (root / c).mkdir(parents=True)
    return root


def test_v1_groups_nest_under_our_own_cgroup_per_controller(tmp_path: Path) -> None:
    root = _v1_root(tmp_path)
    group = cgroups.create("trial-1-main", Limits(cpus=1, memory_mb=64, pids=50), root=root, proc_cgroup=V1_SELF)
    assert group is not None and group.version == 1
    assert group.dirs == (root / "memory/process_api/abc/chibench/trial-1-main", root / "cpu/chibench/trial-1-main",
                          root / "pids/chibench/trial-1-main")
    assert (group.dirs[0] / "memory.limit_in_bytes").read_text() == str(64 << 20)
    assert (group.dirs[1] / "cpu.cfs_quota_us").read_text() == "100000"
    assert (group.dirs[2] / "pids.max").read_text() == "50"
    assert group.procs[0] == group.dirs[0] / "cgroup.procs"


def test_v1_missing_controller_is_unavailable_and_leaves_nothing(tmp_path: Path) -> None:
    root = _v1_root(tmp_path, ("memory", "cpu"))
    with pytest.raises(CgroupUnavailable, match="no cgroup v1 hierarchy for pids"):
        cgroups.create("t-main", Limits(cpus=1, memory_mb=64, pids=50), root=root, proc_cgroup=V1_SELF)
    assert not (root / "memory/process_api/abc/chibench/t-main").exists()
    assert not (root / "cpu/chibench/t-main").exists()


def test_v2_group_enables_delegated_controllers(tmp_path: Path) -> None:
    root = tmp_path / "cg"
    own = root / "user.slice/harbor.scope"
    own.mkdir(parents=True)
    (root / "cgroup.controllers").write_text("cpuset cpu io memory pids\n")
    (own / "cgroup.controllers").write_text("cpu memory pids\n")
    group = cgroups.create("t-main", Limits(cpus=0.5, memory_mb=128, pids=64), root=root,
                           proc_cgroup="0::/user.slice/harbor.scope\n")
    assert group is not None and group.version == 2
    assert group.dirs == (own / "chibench/t-main",)
    assert (own / "chibench/cgroup.subtree_control").read_text() == "+cpu +memory +pids"
    assert (own / "chibench/t-main/memory.max").read_text() == str(128 << 20)
    assert (own / "chibench/t-main/cpu.max").read_text() == "50000 100000"
    assert (own / "chibench/t-main/pids.max").read_text() == "64"


def test_v2_without_delegated_memory_is_unavailable(tmp_path: Path) -> None:
    root = tmp_path / "cg"
    root.mkdir()
    (root / "cgroup.controllers").write_text("cpu memory pids\n")
    (root / "x").mkdir()
    (root / "x" / "cgroup.controllers").write_text("cpu pids\n")
    with pytest.raises(CgroupUnavailable, match=r"controllers \['memory'\] are not delegated"):
        cgroups.create("t-main", Limits(cpus=1, memory_mb=64), root=root, proc_cgroup="0::/x\n")


def test_nothing_to_limit_makes_no_group(tmp_path: Path) -> None:
    assert cgroups.create("t", Limits(None, None, None), root=_v1_root(tmp_path), proc_cgroup=V1_SELF) is None


@pytest.mark.parametrize("name", ["", "a/b", "..", "."])
def test_group_names_are_one_component(tmp_path: Path, name: str) -> None:
    with pytest.raises(ValueError, match="one path component"):
        cgroups.create(name, Limits(), root=_v1_root(tmp_path), proc_cgroup=V1_SELF)


# ------------------------------------------------------------------------------------------ joining
def test_join_argv_writes_the_pid_that_then_runs_the_command(tmp_path: Path) -> None:
    files = (tmp_path / "a" / "cgroup.procs", tmp_path / "b" / "cgroup.procs")
    for f in files:
        f.parent.mkdir()
    group = Group(tuple(f.parent for f in files), 1)
    assert cgroups.join_argv(None, ["true"]) == ["true"]
    done = subprocess.run(cgroups.join_argv(group, [sys.executable, "-c", "import os; print(os.getpid())"]),
                          capture_output=True, text=True, timeout=30)
    assert done.returncode == 0, done.stderr
    pid = done.stdout.strip()
    assert [f.read_text().strip() for f in files] == [pid, pid]  # the shell joined, then became the command


def test_a_failed_join_never_runs_the_command(tmp_path: Path) -> None:
    group = Group((tmp_path / "missing",), 1)
    marker = tmp_path / "ran"
    done = subprocess.run(cgroups.join_argv(group, ["touch", str(marker)]), capture_output=True, text=True, timeout=30)
    assert done.returncode == cgroups.JOIN_FAILED
    assert "cannot join cgroup" in done.stderr
    assert not marker.exists()


# --------------------------------------------------------------------------------- real enforcement
def _real_group(limits: Limits) -> Group:
    if os.geteuid() != 0:
        pytest.skip("CGROUP ENFORCEMENT NOT TESTED: needs root")
    try:
        group = cgroups.create(f"test-{uuid.uuid4().hex[:8]}", limits)
    except CgroupUnavailable as exc:
        pytest.skip(f"CGROUP ENFORCEMENT NOT TESTED: {exc}")
    assert group is not None
    return group


def _python(group: Group, code: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(cgroups.join_argv(group, [sys.executable, "-c", code]), capture_output=True, text=True,
                          timeout=60)


def test_memory_limit_kills_only_what_exceeds_it() -> None:
    group = _real_group(Limits(cpus=None, memory_mb=96, pids=None))
    try:
        assert _python(group, "b = b'x' * (16 << 20); print('ok')").stdout == "ok\n"
        big = _python(group, "b = b'x' * (400 << 20); print('ok')")
        assert big.returncode == -9 and big.stdout == ""  # the OOM killer, inside the group only
    finally:
        group.remove()
    assert not any(d.exists() for d in group.dirs)


def test_process_cap_stops_a_fork_storm() -> None:
    group = _real_group(Limits(cpus=None, memory_mb=None, pids=20))
    try:
        storm = _python(group, "import subprocess\nps = []\ntry:\n    for _ in range(60):\n"
                               "        ps.append(subprocess.Popen(['sleep', '5']))\nexcept OSError as e:\n"
                               "    print('refused after', len(ps))\nfor p in ps:\n    p.kill()\n")
        assert storm.stdout.startswith("refused after"), storm.stdout + storm.stderr
        assert int(storm.stdout.split()[-1]) < 20
    finally:
        group.remove()


def test_cpu_quota_is_applied() -> None:
    group = _real_group(Limits(cpus=0.25, memory_mb=None, pids=None))
    try:
        files = {"cpu.cfs_quota_us": "25000", "cpu.max": "25000 100000"}
        seen = {f: (d / f).read_text().strip() for d in group.dirs for f in files if (d / f).exists()}
        assert seen and all(files[f] == v for f, v in seen.items())
        inside = _python(group, "print(open('/proc/self/cgroup').read())")
        assert any(d.name in inside.stdout for d in group.dirs)
    finally:
        group.remove()
