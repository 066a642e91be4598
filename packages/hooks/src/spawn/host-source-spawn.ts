/** The process host's Python (see process-host-source.ts): one call's state, and starting its child with posix_spawn. */
export const SPAWN_SOURCE = String.raw`class Call:
    def __init__(self, cid, cap):
        self.cid = cid
        self.cap = cap
        self.pid = None
        self.readers = {}  # fd -> [kind, bytes forwarded]
        self.stdin_fd = None
        self.pending = bytearray()
        self.stdin_ended = False
        self.exited = False
        self.keep = False

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
            send(self.cid, b"C", wait=not self.exited)
            self.forget_if_done()

    def forget_if_done(self):
        if self.exited and not self.readers:
            self.close_stdin()
            calls.pop(self.cid, None)


def nonblocking(fd):
    os.set_blocking(fd, False)
    return fd


def parse_spec(payload):
    """A spawn frame: flags, cap, argc, then NUL-ended strings (see process-host.c)."""
    flags = payload[0]
    argc = int.from_bytes(payload[5:9], "big")
    strings = payload[9:].split(b"\0")[:-1]
    fixed = 3 if flags & 4 else 1
    env = {}
    for entry in strings[fixed + argc :]:
        key, _, value = entry.partition(b"=")
        env[key] = value
    return {
        "cap": int.from_bytes(payload[1:5], "big", signed=True),
        "stdin": bool(flags & 1),
        "merge": bool(flags & 2),
        "keep": bool(flags & 16),
        "fifos": strings[1:3] if flags & 4 else None,
        "cwd": strings[0],
        "argv": strings[fixed : fixed + argc],
        "env": env,
    }


def output_pipe(call, kind, child_fds):
    """A pipe for the command's stdout (kind O) or stderr (kind e): the host reads one end, the
    command gets the other (returned, and noted among the ends to close once it started)."""
    read_end, write_end = os.pipe()
    child_fds.append(write_end)
    call.readers[nonblocking(read_end)] = [kind, 0]
    return write_end


def spawn(cid, payload):
    try:
        spec = parse_spec(payload)
    except (IndexError, ValueError) as err:
        send(cid, b"F", f"bad spawn request: {err!r}".encode())
        return
    call = Call(cid, spec["cap"])
    call.keep = spec["keep"]
    calls[cid] = call
    child_fds = []
    try:
        fifos = spec["fifos"]
        if fifos:
            # stdin and stdout on named pipes Node opens itself: a long-lived process's lines then
            # go straight between it and Node. Opened read-write, so neither open waits for the other.
            for path in fifos:
                os.mkfifo(path, 0o600)
            stdin_r = os.open(fifos[0], os.O_RDWR | os.O_CLOEXEC)
            child_fds.append(stdin_r)
            out_w = os.open(fifos[1], os.O_RDWR | os.O_CLOEXEC)
            child_fds.append(out_w)
        elif spec["stdin"]:
            stdin_r, stdin_w = os.pipe()
            child_fds.append(stdin_r)
            call.stdin_fd = nonblocking(stdin_w)
        else:
            stdin_r = os.open("/dev/null", os.O_RDONLY | os.O_CLOEXEC)
            child_fds.append(stdin_r)
        if not fifos:
            out_w = output_pipe(call, b"O", child_fds)
        err_w = out_w if spec["merge"] else output_pipe(call, b"e", child_fds)
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
    prune_groups()
    groups.add(pid)
    left_running.discard(pid)
    for fd in call.readers:
        sel.register(fd, selectors.EVENT_READ, (call, fd))
    # At once, never held back: if the host dies, Node kills the command's group by this pid.
    send(cid, b"P", str(pid).encode())


def describe_failure(err, spec):
    if not isinstance(err, OSError):
        return f"bad spawn request: {err!r}"
    if err.filename == spec["cwd"]:
        return f"working directory {os.fsdecode(spec['cwd'])}: {err.strerror}"
    return f"{os.fsdecode(spec['argv'][0])}: {err.strerror}"
`;
