/*
 * The process host in C: the same program as the Python one (process-host-source.ts, whose
 * header describes the wire and the guarantees), compiled by `npm run build` when a C compiler
 * is present. A hooked call wakes this process twice; in C each wake-up costs a few
 * microseconds of CPU where Python's interpreter costs a few hundred (bench/RESULTS.md).
 *
 * Frames: call id (u32), kind (1 byte), payload length (u32), big-endian, then the payload.
 * Node -> host: S spawn, I stdin data, E end of stdin, R release. host -> Node: H hello,
 * P started (pid), F spawn failed, O stdout, e stderr, X exit ("code " or " signal"), C closed.
 * A spawn's payload: flags (1 stdin, 2 merge stderr into stdout, 4 named pipes), cap (i32),
 * argc (u32), then NUL-terminated strings: cwd, [the two pipe paths], argv, "K=V" variables
 * (a later one replaces an earlier one of the same name).
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define HEADER 9
#define READ_SIZE 65536

/* A byte buffer; its bytes are data[start, len): taking from the front moves `start`, not the bytes. */
typedef struct {
  char *data;
  size_t start, len, cap;
} Buf;

static size_t buf_size(const Buf *b) { return b->len - b->start; }

static void buf_add(Buf *b, const void *p, size_t n) {
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

static void buf_drop(Buf *b, size_t n) {
  b->start += n;
  if (b->start == b->len) b->start = b->len = 0;
}

typedef struct {
  uint32_t cid;
  int64_t cap;
  pid_t pid;
  int exited;
  int fd[2];          /* stdout, stderr readers (-1: none) */
  int64_t count[2];   /* bytes forwarded of each */
  int stdin_fd;       /* -1: none */
  Buf pending;        /* stdin not yet written */
  int stdin_ended;
} Call;

static const char KINDS[2] = {'O', 'e'};
static Call **calls;
static size_t ncalls, calls_cap;
static pid_t *groups;
static size_t ngroups, groups_cap;
static Buf out;
static int urgent;
static double grace_s = 1.0;
static int subreaper;
static volatile sig_atomic_t got_child;
/* A command's output ended before its exit was seen: it has most likely exited by now. */
static int closed_before_exit;
static pid_t self;

static void shutdown_all(void);

static void put_u32(char *p, uint32_t v) {
  p[0] = (char)(v >> 24);
  p[1] = (char)(v >> 16);
  p[2] = (char)(v >> 8);
  p[3] = (char)v;
}

static uint32_t get_u32(const char *p) {
  const unsigned char *u = (const unsigned char *)p;
  return ((uint32_t)u[0] << 24) | ((uint32_t)u[1] << 16) | ((uint32_t)u[2] << 8) | u[3];
}

/* Frames go out once per loop turn, together; one sent with wait=1 may wait up to 5 ms for the next. */
static void send_frame(uint32_t cid, char kind, const void *payload, size_t n, int wait) {
  char h[HEADER];
  put_u32(h, cid);
  h[4] = kind;
  put_u32(h + 5, (uint32_t)n);
  buf_add(&out, h, HEADER);
  if (n) buf_add(&out, payload, n);
  if (!wait) urgent = 1;
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

static void remove_call(Call *c) {
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

static void forget_if_done(Call *c) {
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
static int on_output(Call *c, int which) {
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
  send_frame(c->cid, KINDS[which], read_buf, (size_t)n, 0);
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

static void add_group(pid_t pid) {
  if (ngroups == groups_cap) {
    groups_cap = groups_cap ? groups_cap * 2 : 64;
    groups = realloc(groups, groups_cap * sizeof *groups);
    if (!groups) _exit(70);
  }
  groups[ngroups++] = pid;
}

static int pipe_pair(int fds[2]) { return pipe2(fds, O_CLOEXEC); }

static void nonblocking(int fd) { fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK); }

static void fail_spawn(uint32_t cid, const char *what, int err) {
  char msg[4096];
  int n = snprintf(msg, sizeof msg, "%s: %s", what, strerror(err));
  if (n < 0) n = 0;
  if ((size_t)n >= sizeof msg) n = sizeof msg - 1;
  send_frame(cid, 'F', msg, (size_t)n, 0);
}

/* Replaces an earlier variable of the same name, so the last one given wins. */
static size_t add_env(char **envp, size_t n, char *entry) {
  char *eq = strchr(entry, '=');
  size_t key = eq ? (size_t)(eq - entry) + 1 : strlen(entry);
  for (size_t i = 0; i < n; i++)
    if (strncmp(envp[i], entry, key) == 0) {
      envp[i] = entry;
      return n;
    }
  envp[n] = entry;
  return n + 1;
}

static void spawn_call(uint32_t cid, char *p, size_t len) {
  if (len < 9 || p[len - 1] != '\0') {
    send_frame(cid, 'F', "bad spawn request", 17, 0);
    return;
  }
  int flags = (unsigned char)p[0];
  int32_t cap = (int32_t)get_u32(p + 1);
  uint32_t argc = get_u32(p + 5);
  /* The strings, in order. */
  size_t nstr = 0;
  for (size_t i = 9; i < len; i++)
    if (!p[i]) nstr++;
  char **str = malloc((nstr + 1) * sizeof *str);
  char **envp = malloc((nstr + 1) * sizeof *envp);
  char **argv = malloc((argc + 1) * sizeof *argv);
  if (!str || !envp || !argv) _exit(70);
  size_t k = 0;
  for (size_t i = 9; i < len; i += strlen(p + i) + 1) str[k++] = p + i;
  size_t fixed = 1 + ((flags & 4) ? 2 : 0);
  if (nstr < fixed + argc || argc == 0) {
    free(str), free(envp), free(argv);
    send_frame(cid, 'F', "bad spawn request", 17, 0);
    return;
  }
  char *cwd = str[0];
  for (uint32_t i = 0; i < argc; i++) argv[i] = str[fixed + i];
  argv[argc] = NULL;
  size_t nenv = 0;
  for (size_t i = fixed + argc; i < nstr; i++) nenv = add_env(envp, nenv, str[i]);
  envp[nenv] = NULL;

  Call *c = calloc(1, sizeof *c);
  if (!c) _exit(70);
  c->cid = cid;
  c->cap = cap;
  c->fd[0] = c->fd[1] = c->stdin_fd = -1;
  int child_fds[4], nchild = 0;
  int stdin_r = -1, out_w = -1, err_w = -1, err = 0;
  const char *failed_at = argv[0];
  char where[4096];
  if (flags & 4) {
    /* stdin and stdout on named pipes Node opens itself; read-write, so neither open waits. */
    if (mkfifo(str[1], 0600) < 0 || mkfifo(str[2], 0600) < 0) { err = errno; goto fail; }
    if ((stdin_r = open(str[1], O_RDWR | O_CLOEXEC)) < 0) { err = errno; goto fail; }
    child_fds[nchild++] = stdin_r;
    if ((out_w = open(str[2], O_RDWR | O_CLOEXEC)) < 0) { err = errno; goto fail; }
    child_fds[nchild++] = out_w;
  } else if (flags & 1) {
    int fds[2];
    if (pipe_pair(fds) < 0) { err = errno; goto fail; }
    stdin_r = fds[0];
    child_fds[nchild++] = stdin_r;
    c->stdin_fd = fds[1];
    nonblocking(fds[1]);
  } else {
    if ((stdin_r = open("/dev/null", O_RDONLY | O_CLOEXEC)) < 0) { err = errno; goto fail; }
    child_fds[nchild++] = stdin_r;
  }
  if (!(flags & 4)) {
    int fds[2];
    if (pipe_pair(fds) < 0) { err = errno; goto fail; }
    out_w = fds[1];
    child_fds[nchild++] = out_w;
    c->fd[0] = fds[0];
    nonblocking(fds[0]);
  }
  if (flags & 2) {
    err_w = out_w;
  } else {
    int fds[2];
    if (pipe_pair(fds) < 0) { err = errno; goto fail; }
    err_w = fds[1];
    child_fds[nchild++] = err_w;
    c->fd[1] = fds[0];
    nonblocking(fds[0]);
  }
  {
    posix_spawn_file_actions_t fa;
    posix_spawnattr_t at;
    sigset_t defaults, none;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_adddup2(&fa, stdin_r, 0);
    posix_spawn_file_actions_adddup2(&fa, out_w, 1);
    posix_spawn_file_actions_adddup2(&fa, err_w, 2);
    posix_spawnattr_init(&at);
    /* What this process ignores must not stay ignored in the command; its mask is empty. */
    sigemptyset(&defaults);
    sigaddset(&defaults, SIGPIPE);
    sigaddset(&defaults, SIGINT);
    sigaddset(&defaults, SIGHUP);
    sigaddset(&defaults, SIGCHLD);
    sigemptyset(&none);
    posix_spawnattr_setsigdefault(&at, &defaults);
    posix_spawnattr_setsigmask(&at, &none);
    posix_spawnattr_setpgroup(&at, 0);
    posix_spawnattr_setflags(&at, POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK);
    /* posix_spawn's working-directory action is not portable: this (single-threaded) process moves there. */
    if (chdir(cwd) < 0) {
      err = errno;
      snprintf(where, sizeof where, "working directory %s", cwd);
      failed_at = where;
    } else {
      err = posix_spawn(&c->pid, argv[0], &fa, &at, argv, envp);
      if (chdir("/") < 0) { /* stays where it is: nothing relies on the host's own directory */ }
    }
    posix_spawn_file_actions_destroy(&fa);
    posix_spawnattr_destroy(&at);
    if (err) goto fail;
  }
  for (int i = 0; i < nchild; i++) close(child_fds[i]);
  free(str), free(envp), free(argv);
  if (ncalls == calls_cap) {
    calls_cap = calls_cap ? calls_cap * 2 : 16;
    calls = realloc(calls, calls_cap * sizeof *calls);
    if (!calls) _exit(70);
  }
  calls[ncalls++] = c;
  add_group(c->pid);
  /* At once, never held back: if the host dies, Node kills the command's group by this pid. */
  char pid[24];
  int n = snprintf(pid, sizeof pid, "%d", (int)c->pid);
  send_frame(cid, 'P', pid, (size_t)n, 0);
  return;
fail:
  for (int i = 0; i < nchild; i++) close(child_fds[i]);
  for (int i = 0; i < 2; i++)
    if (c->fd[i] >= 0) close(c->fd[i]);
  if (c->stdin_fd >= 0) close(c->stdin_fd);
  fail_spawn(cid, failed_at, err);
  free(c->pending.data);
  free(c);
  free(str), free(envp), free(argv);
}

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

static void reap(void) {
  for (;;) {
    int status;
    pid_t pid = waitpid(-1, &status, WNOHANG);
    if (pid <= 0) return;
    Call *c = NULL;
    for (size_t i = 0; i < ncalls; i++)
      if (calls[i]->pid == pid && !calls[i]->exited) c = calls[i];
    /* A group whose leader is gone and that has no member left can never be signalled again. */
    if (killpg(pid, 0) < 0 && errno == ESRCH)
      for (size_t i = 0; i < ngroups; i++)
        if (groups[i] == pid) {
          groups[i] = groups[--ngroups];
          break;
        }
    if (!c) continue; /* an orphan re-parented to this subreaper */
    /* Output usually ended with the command: read it now, so "output closed" goes out before the
       exit, in the same write. Bounded: a grandchild may still be writing. */
    int gone = 0;
    for (int i = 0; i < 2 && !gone; i++)
      for (int r = 0; r < 16 && c->fd[i] >= 0; r++) {
        int got = on_output(c, i);
        if (got == 2) gone = 1;
        if (got != 1) break;
      }
    if (gone) continue; /* cannot happen before exited is set, kept for safety */
    c->exited = 1;
    char text[24];
    int n = WIFEXITED(status) ? snprintf(text, sizeof text, "%d ", WEXITSTATUS(status))
                              : snprintf(text, sizeof text, " %d", WTERMSIG(status));
    send_frame(c->cid, 'X', text, (size_t)n, 0);
    forget_if_done(c);
  }
}

/* Every live descendant of this process (a subreaper's orphans included), or NULL with n = 0. */
static pid_t *descendants(size_t *n) {
  *n = 0;
  DIR *dir = opendir("/proc");
  if (!dir) return NULL;
  size_t cap = 256, count = 0;
  pid_t *pids = malloc(cap * sizeof *pids), *parents = malloc(cap * sizeof *parents);
  struct dirent *e;
  while (pids && parents && (e = readdir(dir))) {
    char *end;
    long pid = strtol(e->d_name, &end, 10);
    if (*end || pid <= 0) continue;
    char path[64], stat[1024];
    snprintf(path, sizeof path, "/proc/%ld/stat", pid);
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) continue;
    ssize_t len = read(fd, stat, sizeof stat - 1);
    close(fd);
    if (len <= 0) continue;
    stat[len] = 0;
    char *paren = strrchr(stat, ')');
    char state;
    long ppid;
    if (!paren || sscanf(paren + 2, "%c %ld", &state, &ppid) != 2 || state == 'Z') continue;
    if (count == cap) {
      cap *= 2;
      pids = realloc(pids, cap * sizeof *pids);
      parents = realloc(parents, cap * sizeof *parents);
      if (!pids || !parents) break;
    }
    pids[count] = (pid_t)pid;
    parents[count++] = (pid_t)ppid;
  }
  closedir(dir);
  if (!pids || !parents) return NULL;
  /* found[i]: pids[i] descends from this process; grown until nothing changes. */
  char *found = calloc(count + 1, 1);
  pid_t *result = malloc((count + 1) * sizeof *result);
  if (!found || !result) _exit(70);
  for (int changed = 1; changed;) {
    changed = 0;
    for (size_t i = 0; i < count; i++) {
      if (found[i]) continue;
      int mine = parents[i] == self;
      for (size_t j = 0; !mine && j < count; j++) mine = found[j] && pids[j] == parents[i];
      if (mine) found[i] = changed = 1;
    }
  }
  for (size_t i = 0; i < count; i++)
    if (found[i]) result[(*n)++] = pids[i];
  free(found), free(pids), free(parents);
  return result;
}

static size_t signal_all(int sig) {
  size_t n = 0;
  pid_t *targets = subreaper ? descendants(&n) : NULL;
  for (size_t i = 0; i < n; i++) kill(targets[i], sig);
  free(targets);
  for (size_t i = 0; i < ngroups; i++) killpg(groups[i], sig);
  return n;
}

static void pause_s(double s) {
  struct timespec t = {(time_t)s, (long)((s - (double)(time_t)s) * 1e9)};
  nanosleep(&t, NULL);
}

static double now_s(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

static void reap_quietly(void) {
  int status;
  while (waitpid(-1, &status, WNOHANG) > 0) {
  }
}

/* Node is gone: end everything started for it, TERM first, KILL after the grace. */
static void shutdown_all(void) {
  signal_all(SIGTERM);
  double deadline = now_s() + grace_s;
  while (now_s() < deadline) {
    reap_quietly();
    size_t n = 0;
    if (subreaper) {
      free(descendants(&n));
      if (n == 0) _exit(0);
    }
    pause_s(0.02);
  }
  for (int i = 0; i < 5; i++) {
    if (!signal_all(SIGKILL)) break;
    pause_s(0.02);
    reap_quietly();
  }
  _exit(0);
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

  Buf in = {0};
  send_frame(0, 'H', "2", 1, 0); /* the wire version (process-host.ts) */
  flush_out();
  struct pollfd *fds = NULL;
  uint32_t *owner = NULL; /* the call id of each polled fd */
  int *role = NULL;       /* 0 stdout, 1 stderr, 2 stdin */
  size_t fds_cap = 0;
  for (;;) {
    size_t need = 1 + ncalls * 3;
    if (need > fds_cap) {
      fds_cap = need * 2;
      fds = realloc(fds, fds_cap * sizeof *fds);
      owner = realloc(owner, fds_cap * sizeof *owner);
      role = realloc(role, fds_cap * sizeof *role);
      if (!fds || !owner || !role) _exit(70);
    }
    size_t nfds = 0;
    fds[nfds++] = (struct pollfd){.fd = 0, .events = POLLIN};
    for (size_t i = 0; i < ncalls; i++) {
      Call *c = calls[i];
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
    struct timespec five_ms = {0, 5000000};
    int ready = ppoll(fds, nfds, out.len ? &five_ms : NULL, &waiting);
    if (ready == 0) flush_out();
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
      for (size_t i = 1; i < nfds; i++) {
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
    if (urgent) flush_out();
  }
}
