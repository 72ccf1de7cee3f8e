#!/usr/bin/env python3
"""Runs a command as uid and gid 65534 (nobody), as a user who is not root would run bin/bench,
for tests/test_external.c: nobody.py [--no-userns] COMMAND...

With --no-userns the command runs where it may make no user namespace: in a user namespace of
its own (every uid mapped to itself, so nothing changes for the files it reads) whose
user.max_user_namespaces is 0. Needs root.
"""
import ctypes
import os
import sys

CLONE_NEWUSER = 0x10000000
args = sys.argv[1:]
no_userns = args[:1] == ["--no-userns"]
if no_userns:
    args = args[1:]
    libc = ctypes.CDLL(None, use_errno=True)
    ready_r, ready_w = os.pipe()
    mapped_r, mapped_w = os.pipe()
    pid = os.fork()
    if pid:   # the parent maps the child's namespace: root may map every uid
        os.read(ready_r, 1)
        for name in ("uid_map", "gid_map"):
            with open(f"/proc/{pid}/{name}", "w") as f:
                f.write("0 0 65536\n")
        os.write(mapped_w, b"x")
        _, status = os.waitpid(pid, 0)
        sys.exit(os.waitstatus_to_exitcode(status))
    if libc.unshare(CLONE_NEWUSER) != 0:
        sys.exit("nobody.py: unshare: " + os.strerror(ctypes.get_errno()))
    os.write(ready_w, b"x")
    os.read(mapped_r, 1)
    with open("/proc/sys/user/max_user_namespaces", "w") as f:
        f.write("0\n")
os.setgroups([])
os.setgid(65534)
os.setuid(65534)
os.execvp(args[0], args)
