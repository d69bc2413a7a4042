"""The sandbox's seccomp filter: the kernel-shared channels and escape hatches Docker's default profile closes.

Every command in a sandbox runs under this filter (bwrap ``--seccomp FD`` for a sandbox bwrap starts,
:data:`LOADER` for a command entered into a persistent box). It is a deny list on top of the
namespaces and the capability drop, compiled to classic BPF by libseccomp (through ``pyseccomp``):

* **cross-trial state the namespaces do not separate**: the kernel keyring (``add_key``, ``keyctl``,
  ``request_key`` — the user keyring is per host uid, and every trial's agent shares one);
* **new namespaces** (``unshare``, ``setns``, ``clone`` with any ``CLONE_NEW*`` flag; ``clone3``
  answers ENOSYS as in Docker, so libc falls back to ``clone`` whose flags can be inspected):
  an unprivileged user namespace would make the agent uid 0 over its own mounts;
* **mount table and root changes** (``mount``, ``umount2``, ``pivot_root``, ``chroot``, the new mount API);
* **kernel attack surface Docker also refuses**: ``bpf``, ``perf_event_open``, ``userfaultfd``,
  ``io_uring_*``, module loading, ``kexec_*``, ``open_by_handle_at``/``name_to_handle_at``,
  ``ptrace``/``process_vm_*``/``kcmp``/``pidfd_getfd``, clock/swap/quota/reboot/syslog/acct;
* **personality flags Docker refuses** (``ADDR_NO_RANDOMIZE``, ``READ_IMPLIES_EXEC``,
  ``MMAP_PAGE_ZERO``, …; the query ``personality(0xffffffff)`` and ``PER_LINUX32`` stay allowed).

Refused calls fail with EPERM (ENOSYS for ``clone3``); everything else is allowed. Only the native
architecture is in the filter, so a 32-bit ``int 0x80`` call (a second syscall table with its own
numbers) kills the process instead of slipping past the rules.

Errors: :class:`SeccompUnavailable` when libseccomp cannot be loaded (the message says what to install).
"""

from __future__ import annotations

import errno
import functools
import os
import tempfile

# syscalls refused with EPERM (names absent from this architecture's table are skipped)
DENIED: tuple[str, ...] = (
    # keyring: per-uid state shared by every trial's agent
    "add_key", "keyctl", "request_key",
    # namespaces and the mount table
    "unshare", "setns", "mount", "umount2", "pivot_root", "chroot",
    "open_tree", "move_mount", "fsopen", "fsconfig", "fsmount", "fspick", "mount_setattr",
    # other processes' memory and descriptors
    "ptrace", "process_vm_readv", "process_vm_writev", "kcmp", "pidfd_getfd",
    # kernel attack surface
    "bpf", "perf_event_open", "userfaultfd", "io_uring_setup", "io_uring_enter", "io_uring_register",
    "open_by_handle_at", "name_to_handle_at", "fanotify_init", "lookup_dcookie",
    "init_module", "finit_module", "delete_module", "create_module", "query_module", "get_kernel_syms",
    "kexec_load", "kexec_file_load", "uselib", "_sysctl", "nfsservctl",
    "iopl", "ioperm", "vm86", "vm86old",
    # host-wide settings
    "swapon", "swapoff", "syslog", "acct", "reboot", "quotactl", "quotactl_fd",
    "settimeofday", "clock_settime", "clock_adjtime", "sethostname", "setdomainname", "vhangup",
)
CLONE_NAMESPACE_FLAGS: tuple[int, ...] = (
    0x00020000,  # CLONE_NEWNS
    0x02000000,  # CLONE_NEWCGROUP
    0x04000000,  # CLONE_NEWUTS
    0x08000000,  # CLONE_NEWIPC
    0x10000000,  # CLONE_NEWUSER
    0x20000000,  # CLONE_NEWPID
    0x40000000,  # CLONE_NEWNET
)
# personality(2) flags Docker's profile does not allow (it allows 0, PER_LINUX32, UNAME26 and the query)
PERSONALITY_FLAGS: tuple[int, ...] = (
    0x0040000,  # ADDR_NO_RANDOMIZE
    0x0080000,  # FDPIC_FUNCPTRS
    0x0100000,  # MMAP_PAGE_ZERO
    0x0200000,  # ADDR_COMPAT_LAYOUT
    0x0400000,  # READ_IMPLIES_EXEC
    0x0800000,  # ADDR_LIMIT_32BIT
    0x1000000,  # SHORT_INODE
    0x2000000,  # WHOLE_SECONDS
    0x4000000,  # STICKY_TIMEOUTS
    0x8000000,  # ADDR_LIMIT_3GB
)
_QUERY_BIT = 0x80000000  # set only in the query 0xffffffff among valid personality values


class SeccompUnavailable(RuntimeError):
    """libseccomp (or its Python binding) is missing: the filter cannot be compiled."""


@functools.cache
def filter_bpf() -> bytes:
    """The compiled filter as a classic-BPF program (``struct sock_filter`` array, native byte order).

    Compiled once per process. Raises :class:`SeccompUnavailable`.
    """
    try:
        import pyseccomp as sc
    except (ImportError, OSError) as exc:  # OSError: the binding found no libseccomp.so.2
        raise SeccompUnavailable(
            f"cannot compile the sandbox's seccomp filter ({exc}): pip install pyseccomp==0.1.2 and "
            "apt-get install libseccomp2") from exc
    filt = sc.SyscallFilter(sc.ALLOW)
    deny = sc.ERRNO(errno.EPERM)
    for name in DENIED:
        try:
            filt.add_rule(deny, name)
        except (ValueError, OSError):
            continue  # not a syscall on this architecture
    for flag in CLONE_NAMESPACE_FLAGS:
        filt.add_rule(deny, "clone", sc.Arg(0, sc.MASKED_EQ, flag, flag))
    filt.add_rule(sc.ERRNO(errno.ENOSYS), "clone3")
    for flag in PERSONALITY_FLAGS:
        filt.add_rule(deny, "personality", sc.Arg(0, sc.MASKED_EQ, flag | _QUERY_BIT, flag))
    with tempfile.TemporaryFile() as out:
        filt.export_bpf(out)
        out.seek(0)
        program = out.read()
    if not program or len(program) % 8:
        raise SeccompUnavailable(f"libseccomp exported a malformed filter ({len(program)} bytes)")
    return program


def filter_fd() -> int:
    """A fresh readable descriptor holding :func:`filter_bpf` at offset 0 (caller closes it).

    What bwrap's ``--seccomp FD`` and :data:`LOADER` read to EOF; one per process started, since the
    reader consumes it.
    """
    program = filter_bpf()
    fd = os.memfd_create("chibench-seccomp", os.MFD_CLOEXEC)
    try:
        os.write(fd, program)
        os.lseek(fd, 0, os.SEEK_SET)
    except OSError:
        os.close(fd)
        raise
    return fd


# Runs inside a persistent box as the sandbox user, between setpriv and the command:
#   python3 -I -S -c LOADER <filter fd> <cwd> <argv...>
# Reads the filter from the inherited descriptor, sets no_new_privs, installs it, changes to cwd and
# execs the command — so an entered command is filtered exactly like one bwrap starts.
LOADER = """\
import ctypes, os, sys
fd, cwd, argv = int(sys.argv[1]), sys.argv[2], sys.argv[3:]
prog = b""
while True:
    chunk = os.read(fd, 65536)
    if not chunk:
        break
    prog += chunk
os.close(fd)
class Fprog(ctypes.Structure):
    _fields_ = [("len", ctypes.c_ushort), ("filter", ctypes.c_void_p)]
buf = ctypes.create_string_buffer(prog, len(prog))
fprog = Fprog(len(prog) // 8, ctypes.cast(buf, ctypes.c_void_p))
libc = ctypes.CDLL(None, use_errno=True)
if libc.prctl(38, 1, 0, 0, 0) != 0 or libc.prctl(22, 2, ctypes.byref(fprog), 0, 0) != 0:
    sys.stderr.write("chibench sandbox: cannot install the seccomp filter: %s\\n" % os.strerror(ctypes.get_errno()))
    sys.exit(126)
try:
    os.chdir(cwd)
except OSError as exc:
    sys.stderr.write("chibench sandbox: cannot change to %s: %s\\n" % (cwd, exc.strerror))
    sys.exit(1)
try:
    os.execvp(argv[0], argv)
except OSError as exc:
    sys.stderr.write("chibench sandbox: cannot run %s: %s\\n" % (argv[0], exc.strerror))
    sys.exit(127)
"""
