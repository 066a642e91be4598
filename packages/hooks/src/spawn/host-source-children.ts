/**
 * The process host's Python (see process-host-source.ts): reaping exited children, and ending
 * every descendant when Node goes away.
 */
// biome-ignore lint/complexity/noUselessStringRaw: Python source; a backslash added later must reach Python as written
export const CHILDREN_SOURCE = String.raw`def reap():
    while True:
        try:
            pid, status = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return
        if pid == 0:
            return
        prune_groups()
        call = by_pid.pop(pid, None)
        if call is None:
            continue  # an orphan re-parented to this subreaper
        code = os.waitstatus_to_exitcode(status)
        # The output usually ended with the command: read it now, so that "output closed" goes
        # out before the exit, in the same write (Node then needs no drain timer). Bounded: a
        # grandchild may still be writing.
        for fd in list(call.readers):
            for _ in range(16):
                if fd not in call.readers or not on_output(call, fd):
                    break
        call.exited = True
        if call.keep:
            release_group(pid)
        send(call.cid, b"X", (f"{code} " if code >= 0 else f" {-code}").encode())
        call.forget_if_done()


def release_group(pgid):
    """A "keep" command exited by itself: what it left running in its group (a hook's
    "nohup cmd &") is no longer the host's to end, as Claude Code leaves it."""
    groups.discard(pgid)
    left_running.add(pgid)


def prune_groups():
    """Forgets the groups with no member left: one can never be signalled again, and its id may
    come back as someone else's group, which the shutdown must not signal."""
    for held in (groups, left_running):
        for pgid in list(held):
            try:
                os.killpg(pgid, 0)
            except ProcessLookupError:
                held.discard(pgid)
            except OSError:
                pass


def descendants():
    parents = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat", "rb") as f:
                stat = f.read()
        except OSError:
            continue
        fields = stat[stat.rindex(b")") + 2 :].split()
        # What a released group left running is not the host's, nor what it started.
        if fields[0] != b"Z" and int(fields[2]) not in left_running:
            parents[int(entry)] = int(fields[1])
    found, frontier = set(), {SELF}
    while frontier:
        frontier = {pid for pid, ppid in parents.items() if ppid in frontier and pid not in found}
        found |= frontier
    return found


def signal_all(sig):
    targets = descendants() if SUBREAPER else set()
    for pid in targets:
        try:
            os.kill(pid, sig)
        except OSError:
            pass
    for pgid in groups:
        try:
            os.killpg(pgid, sig)
        except OSError:
            pass
    return targets


def shutdown():
    """Node is gone: end everything started for it, TERM first, KILL after the grace."""
    signal_all(signal.SIGTERM)
    deadline = time.monotonic() + GRACE_S
    while time.monotonic() < deadline:
        reap()
        if SUBREAPER and not descendants():
            os._exit(0)
        time.sleep(0.02)
    for _ in range(5):
        if not signal_all(signal.SIGKILL):
            break
        time.sleep(0.02)
        reap()
    os._exit(0)
`;
