/**
 * The process host's source: a small Python 3 program (see process-host.ts for why and how it is
 * used). Embedded as text so the bundled CLI needs no extra file; Node hands it to `python3 -I -S`
 * on fd 3. This file holds the frames and the event loop; starting a child is in
 * host-source-spawn.ts, reaping and ending children in host-source-children.ts.
 */
import { CHILDREN_SOURCE } from "./host-source-children.js";
import { SPAWN_SOURCE } from "./host-source-spawn.js";

// biome-ignore lint/complexity/noUselessStringRaw: Python source; a backslash added later must reach Python as written
const CORE = String.raw`# The process host: a small long-lived Python 3 process that starts command hooks and bash tool
# commands with posix_spawn, so starting one does not fork the (large) Node process. It relays
# each child's stdin/stdout/stderr over its own stdin/stdout as frames:
#   header: call id (u32), type (1 byte), payload length (u32), all big-endian; then the payload.
# Node -> host: S spawn (flags, cap, argc, NUL-ended strings: see process-host.c), I stdin data, E end of stdin, R release (stop reading the child).
# A spawn may instead ask for stdin and stdout on two named pipes ("fifos") that Node opens.
# host -> Node: H hello, P started (pid), F spawn failed (message), O stdout, e stderr,
#   X exit ("code signal"), C output closed.
# It is a child subreaper: whatever its children leave behind (background jobs, setsid
# daemons) is re-parented to it. When Node goes away (its end of the pipe closes, also on
# SIGKILL), it ends every descendant: SIGTERM, a grace period, then SIGKILL.
import ctypes
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
groups = set()  # the process groups started that may have members, for when the tree cannot be walked
left_running = set()  # groups of "keep" commands that exited by themselves: what they left runs on (see release_group)


outgoing = []
# Frames go out once per loop turn, together. A frame sent with wait=True may wait a few
# milliseconds for the next one: "output closed" for the exit that follows it.
urgent = False


def send(cid, kind, payload=b"", wait=False):
    global urgent
    outgoing.append(HEADER.pack(cid, kind, len(payload)) + payload)
    if not wait:
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
`;

// biome-ignore lint/complexity/noUselessStringRaw: Python source; a backslash added later must reach Python as written
const RELAY = String.raw`def write_stdin(call):
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
        spawn(cid, payload)
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
    """Reads what the pipe has; False when it had nothing yet."""
    try:
        data = os.read(fd, 65536)
    except BlockingIOError:
        return False
    except OSError:
        data = b""
    if not data:
        call.drop_reader(fd)
        return True
    kind_count = call.readers[fd]
    if call.cap >= 0:
        # One byte past the cap tells Node the stream was cut; the rest is read and dropped here.
        room = call.cap + 1 - kind_count[1]
        data = data[: max(room, 0)]
        if not data:
            return True
    kind_count[1] += len(data)
    send(call.cid, kind_count[0], data)
    return True
`;

// biome-ignore lint/complexity/noUselessStringRaw: Python source; a backslash added later must reach Python as written
const LOOP = String.raw`def main():
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
    send(0, b"H", b"2")  # the wire's version (process-host.ts)
    flush()
    while True:
        ready = sel.select(0.005 if outgoing else None)
        if not ready:
            flush()
        for key, events in ready:
            if key.data == "control":
                try:
                    # 64 KiB: a larger read buffer is an mmap and munmap per read.
                    data = os.read(0, 65536)
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

/** The whole program, in the order Python needs its definitions (main() runs last). */
export const PROCESS_HOST_SOURCE = [CORE, SPAWN_SOURCE, RELAY, CHILDREN_SOURCE, LOOP].join("\n\n");
