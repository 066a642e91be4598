/**
 * The process host's source: a small Python 3 program (see process-host.ts for why and how it is
 * used). Embedded as text so the bundled CLI needs no extra file; Node hands it to `python3 -I -S`
 * on fd 3.
 */
export const PROCESS_HOST_SOURCE = String.raw`# The process host: a small long-lived Python 3 process that starts command hooks and bash tool
# commands with posix_spawn, so starting one does not fork the (large) Node process. It relays
# each child's stdin/stdout/stderr over its own stdin/stdout as frames:
#   header: call id (u32), type (1 byte), payload length (u32), all big-endian; then the payload.
# Node -> host: S spawn (JSON), I stdin data, E end of stdin, R release (stop reading the child).
# A spawn may instead ask for stdin and stdout on two named pipes ("fifos") that Node opens.
# host -> Node: H hello, P started (pid), F spawn failed (message), O stdout, e stderr,
#   X exit ("code signal"), C output closed.
# It is a child subreaper: whatever its children leave behind (background jobs, setsid
# daemons) is re-parented to it. When Node goes away (its end of the pipe closes, also on
# SIGKILL), it ends every descendant: SIGTERM, a grace period, then SIGKILL.
import ctypes
import json
import os
import selectors
import signal
import struct
import sys
import time

HEADER = struct.Struct(">IcI")
GRACE_S = float(sys.argv[1]) if len(sys.argv) > 1 else 1.0
SELF = os.getpid()
# Signals a child must not inherit as ignored (exec resets handled ones by itself): what this
# process ignores now (Python ignores SIGPIPE and SIGXFSZ) plus the two it ignores below.
SIGNALS = [
    s
    for s in signal.valid_signals()
    if s not in (signal.SIGKILL, signal.SIGSTOP)
    and (s in (signal.SIGINT, signal.SIGHUP) or signal.getsignal(s) == signal.SIG_IGN)
]

try:
    SUBREAPER = ctypes.CDLL(None, use_errno=True).prctl(36, 1, 0, 0, 0) == 0  # PR_SET_CHILD_SUBREAPER
except Exception:
    SUBREAPER = False

sel = selectors.DefaultSelector()
calls = {}  # call id -> Call
by_pid = {}  # pid -> Call
groups = set()  # every process group started, for when the process tree cannot be walked


outgoing = []
# Frames go out once per loop turn, together. "Output closed" may wait a few milliseconds: the
# exit follows it at once, so both usually reach Node in one wake-up.
urgent = False


def send(cid, kind, payload=b""):
    global urgent
    outgoing.append(HEADER.pack(cid, kind, len(payload)) + payload)
    if kind != b"C":
        urgent = True


def flush():
    global urgent
    data = b"".join(outgoing)
    outgoing.clear()
    urgent = False
    try:
        while data:
            data = data[os.write(1, data) :]
    except OSError:
        shutdown()  # Node is gone


class Call:
    def __init__(self, cid, cap):
        self.cid = cid
        self.cap = cap
        self.pid = None
        self.readers = {}  # fd -> [kind, bytes forwarded]
        self.stdin_fd = None
        self.pending = bytearray()
        self.stdin_ended = False
        self.exited = False

    def close_stdin(self):
        if self.stdin_fd is not None:
            if self.pending:
                sel.unregister(self.stdin_fd)
            os.close(self.stdin_fd)
            self.stdin_fd = None
            self.pending = bytearray()

    def drop_reader(self, fd):
        sel.unregister(fd)
        os.close(fd)
        del self.readers[fd]
        if not self.readers:
            send(self.cid, b"C")
            self.forget_if_done()

    def forget_if_done(self):
        if self.exited and not self.readers:
            self.close_stdin()
            calls.pop(self.cid, None)


def nonblocking(fd):
    os.set_blocking(fd, False)
    return fd


def spawn(cid, spec):
    call = Call(cid, spec.get("cap", -1))
    calls[cid] = call
    child_fds = []
    try:
        fifos = spec.get("fifos")
        if fifos:
            # stdin and stdout on named pipes Node opens itself: a long-lived process's lines then
            # go straight between it and Node. Opened read-write, so neither open waits for the other.
            for path in fifos:
                os.mkfifo(path, 0o600)
            stdin_r = os.open(fifos[0], os.O_RDWR | os.O_CLOEXEC)
            child_fds.append(stdin_r)
            out_w = os.open(fifos[1], os.O_RDWR | os.O_CLOEXEC)
            child_fds.append(out_w)
        elif spec.get("stdin", True):
            stdin_r, stdin_w = os.pipe()
            child_fds.append(stdin_r)
            call.stdin_fd = nonblocking(stdin_w)
        else:
            stdin_r = os.open("/dev/null", os.O_RDONLY | os.O_CLOEXEC)
            child_fds.append(stdin_r)
        if not fifos:
            out_r, out_w = os.pipe()
            child_fds.append(out_w)
            call.readers[nonblocking(out_r)] = [b"O", 0]
        if spec.get("merge"):
            err_w = out_w
        else:
            err_r, err_w = os.pipe()
            child_fds.append(err_w)
            call.readers[nonblocking(err_r)] = [b"e", 0]
        actions = [
            (os.POSIX_SPAWN_DUP2, stdin_r, 0),
            (os.POSIX_SPAWN_DUP2, out_w, 1),
            (os.POSIX_SPAWN_DUP2, err_w, 2),
        ]
        # posix_spawn has no working-directory action here: the host (single-threaded) moves there.
        os.chdir(spec["cwd"])
        try:
            pid = os.posix_spawn(
                spec["argv"][0],
                spec["argv"],
                spec["env"],
                file_actions=actions,
                setpgroup=0,
                setsigdef=SIGNALS,
                setsigmask=[],
            )
        finally:
            os.chdir("/")
    except (OSError, KeyError, TypeError, ValueError) as err:
        for fd in list(call.readers):
            os.close(fd)
        call.readers.clear()
        call.close_stdin()
        calls.pop(cid, None)
        send(cid, b"F", describe_failure(err, spec).encode())
        return
    finally:
        for fd in child_fds:
            os.close(fd)
    call.pid = pid
    by_pid[pid] = call
    groups.add(pid)
    for fd in call.readers:
        sel.register(fd, selectors.EVENT_READ, (call, fd))
    send(cid, b"P", str(pid).encode())


def describe_failure(err, spec):
    if not isinstance(err, OSError):
        return f"bad spawn request: {err!r}"
    if err.filename == spec.get("cwd"):
        return f"working directory {spec['cwd']}: {err.strerror}"
    return f"{spec['argv'][0]}: {err.strerror}"


def write_stdin(call):
    try:
        written = os.write(call.stdin_fd, call.pending)
    except BlockingIOError:
        return
    except OSError:
        # The child closed its stdin (EPIPE): the rest of the payload is dropped, as with a pipe.
        call.close_stdin()
        return
    del call.pending[:written]
    if not call.pending:
        sel.unregister(call.stdin_fd)
        if call.stdin_ended:
            call.close_stdin()


def on_control(cid, kind, payload):
    if kind == b"S":
        spawn(cid, json.loads(payload))
        return
    call = calls.get(cid)
    if call is None:
        return
    if kind == b"I" and call.stdin_fd is not None:
        was_empty = not call.pending
        call.pending += payload
        if was_empty:
            sel.register(call.stdin_fd, selectors.EVENT_WRITE, (call, None))
            write_stdin(call)
    elif kind == b"E":
        call.stdin_ended = True
        if not call.pending:
            call.close_stdin()
    elif kind == b"R":
        for fd in list(call.readers):
            call.drop_reader(fd)


def on_output(call, fd):
    try:
        data = os.read(fd, 65536)
    except BlockingIOError:
        return
    except OSError:
        data = b""
    if not data:
        call.drop_reader(fd)
        return
    kind_count = call.readers[fd]
    if call.cap >= 0:
        # One byte past the cap tells Node the stream was cut; the rest is read and dropped here.
        room = call.cap + 1 - kind_count[1]
        data = data[: max(room, 0)]
        if not data:
            return
    kind_count[1] += len(data)
    send(call.cid, kind_count[0], data)


def reap():
    while True:
        try:
            pid, status = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return
        if pid == 0:
            return
        call = by_pid.pop(pid, None)
        if call is None:
            continue  # an orphan re-parented to this subreaper
        code = os.waitstatus_to_exitcode(status)
        call.exited = True
        send(call.cid, b"X", (f"{code} " if code >= 0 else f" {-code}").encode())
        call.forget_if_done()


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
        if fields[0] != b"Z":
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


def main():
    os.set_blocking(0, False)
    wake_r, wake_w = os.pipe()
    os.set_blocking(wake_r, False)
    os.set_blocking(wake_w, False)
    signal.set_wakeup_fd(wake_w)
    signal.signal(signal.SIGCHLD, lambda *_: None)
    # Ctrl+C and a closed terminal are for Node to handle; the host ends when Node's pipe closes.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGHUP, signal.SIG_IGN)
    sel.register(0, selectors.EVENT_READ, "control")
    sel.register(wake_r, selectors.EVENT_READ, "wake")
    buffer = bytearray()
    send(0, b"H", b"1")
    flush()
    while True:
        ready = sel.select(0.005 if outgoing else None)
        if not ready:
            flush()
        for key, events in ready:
            if key.data == "control":
                try:
                    data = os.read(0, 1 << 20)
                except BlockingIOError:
                    continue
                if not data:
                    shutdown()
                buffer += data
                while len(buffer) >= HEADER.size:
                    cid, kind, size = HEADER.unpack_from(buffer)
                    if len(buffer) < HEADER.size + size:
                        break
                    payload = bytes(buffer[HEADER.size : HEADER.size + size])
                    del buffer[: HEADER.size + size]
                    on_control(cid, kind, payload)
            elif key.data == "wake":
                try:
                    while os.read(wake_r, 512):
                        pass
                except BlockingIOError:
                    pass
                reap()
            else:
                call, fd = key.data
                if fd is None:
                    write_stdin(call)
                elif fd in call.readers:
                    on_output(call, fd)
        if urgent:
            flush()


main()
`;
