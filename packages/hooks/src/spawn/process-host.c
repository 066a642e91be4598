/*
 * The process host in C: the same program as the Python one (process-host-source.ts, whose
 * header describes the wire and the guarantees), compiled by `npm run build` when a C compiler
 * is present. It spends 110–150 µs of CPU per started command where the Python one spends 240–330
 * (bench/RESULTS.md), most of it in posix_spawn and reaping, which cost that in any language.
 *
 * Frames: call id (u32), kind (1 byte), payload length (u32), big-endian, then the payload.
 * Node -> host: S spawn, I stdin data, E end of stdin, R release. host -> Node: H hello,
 * P started (pid), F spawn failed, O stdout, e stderr, X exit ("code " or " signal"), C closed.
 * A spawn's payload: flags (1 stdin, 2 merge stderr into stdout, 4 named pipes, 8 a standby: its
 * pid may wait for the next frame that cannot, see send_frame; 16 keep: what it leaves running
 * once it exited by itself is not ended at the shutdown, see release_group), cap (i32),
 * argc (u32), then NUL-terminated strings: cwd, [the two pipe paths], argv, "K=V" variables
 * (each name once; Node does not repeat one).
 *
 * The parts: this file (frames, relaying, the loop), host-spawn.c (starting a command),
 * host-children.c (reaping, the shutdown); process-host.h between them.
 */
#include "process-host.h"

size_t buf_size(const Buf *b) { return b->len - b->start; }

void buf_add(Buf *b, const void *p, size_t n) {
  if (b->start && b->len + n > b->cap) {
    memmove(b->data, b->data + b->start, b->len - b->start);
    b->len -= b->start;
    b->start = 0;
  }
  if (b->len + n > b->cap) {
    size_t cap = b->cap ? b->cap : 4096;
    while (cap < b->len + n) cap *= 2;
    b->data = realloc(b->data, cap);
    if (!b->data) _exit(70);
    b->cap = cap;
  }
  memcpy(b->data + b->len, p, n);
  b->len += n;
}

void buf_drop(Buf *b, size_t n) {
  b->start += n;
  if (b->start == b->len) b->start = b->len = 0;
}

static const char KINDS[2] = {'O', 'e'};
Call **calls;
size_t ncalls;
static size_t calls_cap;
static Buf out;
static int urgent;
/* When the oldest frame not yet sent was added (ms, CLOCK_MONOTONIC). */
static double out_since;
double grace_s = 1.0;
int subreaper;
static volatile sig_atomic_t got_child;
/* A command's output ended before its exit was seen: it has most likely exited by now. */
static int closed_before_exit;
pid_t self;

static void put_u32(char *p, uint32_t v) {
  p[0] = (char)(v >> 24);
  p[1] = (char)(v >> 16);
  p[2] = (char)(v >> 8);
  p[3] = (char)v;
}

uint32_t get_u32(const char *p) {
  const unsigned char *u = (const unsigned char *)p;
  return ((uint32_t)u[0] << 24) | ((uint32_t)u[1] << 16) | ((uint32_t)u[2] << 8) | u[3];
}

static double now_ms(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec * 1e3 + (double)t.tv_nsec / 1e6;
}

/* Frames go out once per loop turn, together. One sent with wait=1 may wait up to HOLD_MS for
   one that cannot wait (an exit, say), so that what a command says while it runs and its exit
   reach Node in one write: each write wakes Node, whose turn costs more than the frames. */
void send_frame(uint32_t cid, char kind, const void *payload, size_t n, int wait) {
  char h[HEADER];
  if (!out.len) out_since = now_ms();
  put_u32(h, cid);
  h[4] = kind;
  put_u32(h + 5, (uint32_t)n);
  buf_add(&out, h, HEADER);
  if (n) buf_add(&out, payload, n);
  if (!wait || out.len >= HOLD_BYTES) urgent = 1;
}

static void flush_out(void) {
  size_t at = 0;
  while (at < out.len) {
    ssize_t n = write(1, out.data + at, out.len - at);
    if (n < 0) {
      if (errno == EINTR) continue;
      shutdown_all(); /* Node is gone */
    }
    at += (size_t)n;
  }
  out.len = 0;
  urgent = 0;
}

static Call *call_by_cid(uint32_t cid) {
  for (size_t i = 0; i < ncalls; i++)
    if (calls[i]->cid == cid) return calls[i];
  return NULL;
}

void remove_call(Call *c) {
  for (size_t i = 0; i < ncalls; i++)
    if (calls[i] == c) {
      calls[i] = calls[--ncalls];
      break;
    }
  free(c->pending.data);
  free(c);
}

static void close_stdin(Call *c) {
  if (c->stdin_fd >= 0) close(c->stdin_fd);
  c->stdin_fd = -1;
  c->pending.start = c->pending.len = 0;
}

void forget_if_done(Call *c) {
  if (c->exited && c->fd[0] < 0 && c->fd[1] < 0) {
    close_stdin(c);
    remove_call(c);
  }
}

/* Returns 1 if the call was removed. */
static int drop_reader(Call *c, int which) {
  close(c->fd[which]);
  c->fd[which] = -1;
  if (c->fd[0] < 0 && c->fd[1] < 0) {
    send_frame(c->cid, 'C', NULL, 0, !c->exited);
    if (!c->exited) closed_before_exit = 1;
    if (c->exited) {
      forget_if_done(c);
      return 1;
    }
  }
  return 0;
}

static char read_buf[READ_SIZE];

/* Reads what the pipe has: 0 when it had nothing yet, 1 when it read (or ended), 2 when the call is gone. */
int on_output(Call *c, int which) {
  ssize_t n = read(c->fd[which], read_buf, READ_SIZE);
  if (n < 0 && (errno == EAGAIN || errno == EINTR)) return 0;
  if (n <= 0) return drop_reader(c, which) ? 2 : 1;
  if (c->cap >= 0) {
    /* One byte past the cap tells Node the stream was cut; the rest is read and dropped here. */
    int64_t room = c->cap + 1 - c->count[which];
    if (room <= 0) return 1;
    if (n > room) n = (ssize_t)room;
  }
  c->count[which] += n;
  send_frame(c->cid, KINDS[which], read_buf, (size_t)n, 1);
  return 1;
}

static void write_stdin(Call *c) {
  while (buf_size(&c->pending)) {
    ssize_t n = write(c->stdin_fd, c->pending.data + c->pending.start, buf_size(&c->pending));
    if (n < 0) {
      if (errno == EINTR) continue;
      if (errno == EAGAIN) return;
      /* The child closed its stdin (EPIPE): the rest of the payload is dropped, as with a pipe. */
      close_stdin(c);
      return;
    }
    buf_drop(&c->pending, (size_t)n);
  }
  if (c->stdin_ended) close_stdin(c);
}

/* A started command, now in flight. */
void add_call(Call *c) {
  if (ncalls == calls_cap) {
    calls_cap = calls_cap ? calls_cap * 2 : 16;
    calls = realloc(calls, calls_cap * sizeof *calls);
    if (!calls) _exit(70);
  }
  calls[ncalls++] = c;
}

void nonblocking(int fd) { fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK); }

static void on_control(uint32_t cid, char kind, char *payload, size_t n) {
  if (kind == 'S') {
    spawn_call(cid, payload, n);
    return;
  }
  Call *c = call_by_cid(cid);
  if (!c) return;
  if (kind == 'I' && c->stdin_fd >= 0) {
    int was_empty = buf_size(&c->pending) == 0;
    buf_add(&c->pending, payload, n);
    if (was_empty) write_stdin(c);
  } else if (kind == 'E') {
    c->stdin_ended = 1;
    if (!buf_size(&c->pending)) close_stdin(c);
  } else if (kind == 'R') {
    for (int i = 0; i < 2; i++)
      if (c->fd[i] >= 0 && drop_reader(c, i)) return;
  }
}

static void on_child(int sig) {
  (void)sig;
  got_child = 1;
}

int main(int argc, char **argv) {
  if (argc > 1) grace_s = atof(argv[1]);
  self = getpid();
  subreaper = prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) == 0;
  /* Ctrl+C and a closed terminal are for Node to handle; the host ends when Node's pipe closes. */
  signal(SIGINT, SIG_IGN);
  signal(SIGHUP, SIG_IGN);
  signal(SIGPIPE, SIG_IGN);
  /* SIGCHLD is blocked except while waiting in ppoll, so it can only interrupt the wait. */
  sigset_t child_only, waiting;
  sigemptyset(&child_only);
  sigaddset(&child_only, SIGCHLD);
  sigprocmask(SIG_BLOCK, &child_only, &waiting);
  sigdelset(&waiting, SIGCHLD);
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = on_child;
  sigaction(SIGCHLD, &sa, NULL);
  nonblocking(0);
  /* Not in the directory codebot started it in (it would keep it busy); commands get their own. */
  if (chdir("/") < 0) { /* stays: nothing here uses a relative path */ }
  start_spawner();

  Buf in = {0};
  send_frame(0, 'H', "2", 1, 0); /* the wire version (process-host.ts) */
  flush_out();
  struct pollfd *fds = NULL;
  uint32_t *owner = NULL; /* the call id of each polled fd */
  int *role = NULL;       /* 0 stdout, 1 stderr, 2 stdin */
  size_t fds_cap = 0;
  for (;;) {
    size_t need = 2 + ncalls * 3;
    if (need > fds_cap) {
      fds_cap = need * 2;
      fds = realloc(fds, fds_cap * sizeof *fds);
      owner = realloc(owner, fds_cap * sizeof *owner);
      role = realloc(role, fds_cap * sizeof *role);
      if (!fds || !owner || !role) _exit(70);
    }
    size_t nfds = 0;
    fds[nfds++] = (struct pollfd){.fd = 0, .events = POLLIN};
    fds[nfds++] = (struct pollfd){.fd = spawned_fd, .events = POLLIN};
    for (size_t i = 0; i < ncalls; i++) {
      Call *c = calls[i];
      /* Nothing of a command goes to Node before its pid (see host-spawn.c). */
      if (c->spawning) continue;
      for (int r = 0; r < 2; r++)
        if (c->fd[r] >= 0) {
          owner[nfds] = c->cid;
          role[nfds] = r;
          fds[nfds++] = (struct pollfd){.fd = c->fd[r], .events = POLLIN};
        }
      if (c->stdin_fd >= 0 && buf_size(&c->pending)) {
        owner[nfds] = c->cid;
        role[nfds] = 2;
        fds[nfds++] = (struct pollfd){.fd = c->stdin_fd, .events = POLLOUT};
      }
    }
    struct timespec hold = {0, 0};
    if (out.len) {
      double left = out_since + HOLD_MS - now_ms();
      /* Rounded up, so the wait never ends just short of it (and the loop spins). */
      if (left > 0) hold.tv_nsec = (long)(left * 1e6) + 1000;
    }
    int ready = ppoll(fds, nfds, out.len ? &hold : NULL, &waiting);
    if (got_child) {
      got_child = 0;
      reap();
    }
    if (ready > 0) {
      if (fds[0].revents) {
        char chunk[READ_SIZE];
        ssize_t n = read(0, chunk, sizeof chunk);
        if (n == 0 || (n < 0 && errno != EAGAIN && errno != EINTR)) shutdown_all();
        if (n > 0) {
          buf_add(&in, chunk, (size_t)n);
          size_t at = in.start;
          while (in.len - at >= HEADER) {
            uint32_t size = get_u32(in.data + at + 5);
            if (in.len - at < HEADER + (size_t)size) break;
            on_control(get_u32(in.data + at), in.data[at + 4], in.data + at + HEADER, size);
            at += HEADER + size;
          }
          buf_drop(&in, at - in.start);
        }
      }
      if (fds[1].revents) on_spawned();
      for (size_t i = 2; i < nfds; i++) {
        if (!fds[i].revents) continue;
        Call *c = call_by_cid(owner[i]);
        if (!c) continue;
        if (role[i] == 2) {
          if (c->stdin_fd == fds[i].fd) write_stdin(c);
        } else if (c->fd[role[i]] == fds[i].fd) {
          on_output(c, role[i]);
        }
      }
    }
    /* The pipes close in the command's exit just before it becomes a zombie: reaping now usually
       finds it, and its exit goes out with "output closed" instead of after one more wake-up. */
    if (closed_before_exit) {
      closed_before_exit = 0;
      reap();
    }
    if (urgent || (out.len && now_ms() - out_since >= HOLD_MS)) flush_out();
  }
}
