/* The compiled process host (process-host.c): starting one command with posix_spawn.
 *
 * posix_spawn returns once the command has exec'd (glibc's vfork semantics), and until then the
 * thread that called it waits: ≈ 0.4 ms on an idle machine, 1.5 ms and more when the two cores are
 * busy (bench/RESULTS.md, session 11). Called from the loop, it held up every other command's
 * output and exit that long: a hook's exit reached Node only once the next standby shell had
 * started. So the loop prepares a start (pipes, the request's strings) and hands it to a spawner
 * thread, which calls posix_spawn and hands it back through a pipe the loop polls; the loop then
 * sends the pid. Until then the call's output is not read (no frame of it can precede its pid),
 * and an exit reaped meanwhile is kept for it (host-children.c).
 */
#include "process-host.h"

/* One start, from the loop to the spawner thread and back. It owns a copy of the request. */
typedef struct {
  Call *c;
  char *request;
  char **argv, **envp;
  const char *cwd;
  int child_fds[4], nchild;
  int stdin_r, out_w, err_w;
  pid_t pid;      /* set by the spawner */
  int err;        /* errno of the failed step, 0 if started */
  int in_cwd;     /* the failed step was entering cwd */
  int pid_waits;  /* a standby's: nothing waits for its pid (send_frame's wait) */
} Start;

static int to_spawner[2], from_spawner[2];
int spawned_fd = -1;
size_t spawns_in_flight;
/* Set when the host shuts down: starts not yet begun are dropped, not run. */
static int stopping;

pid_t *groups;
size_t ngroups;
static size_t groups_cap;
/* Groups of "keep" commands that exited by themselves: what they left running is not the host's. */
static pid_t *released;
static size_t nreleased, released_cap;

static void drop_released(pid_t pgid) {
  for (size_t i = 0; i < nreleased;)
    if (released[i] == pgid) released[i] = released[--nreleased];
    else i++;
}

/* A "keep" command exited by itself: what it left running in its group (a hook's `nohup cmd &`)
   is no longer the host's to end, as Claude Code leaves it. */
void release_group(pid_t pgid) {
  for (size_t i = 0; i < ngroups;)
    if (groups[i] == pgid) groups[i] = groups[--ngroups];
    else i++;
  if (nreleased == released_cap) {
    released_cap = released_cap ? released_cap * 2 : 16;
    released = realloc(released, released_cap * sizeof *released);
    if (!released) _exit(70);
  }
  released[nreleased++] = pgid;
}

int left_running(pid_t pgid) {
  for (size_t i = 0; i < nreleased; i++)
    if (released[i] == pgid) return 1;
  return 0;
}

/* Forgets the groups with no member left: one can never be signalled again, and its id may come
   back as someone else's group, which the shutdown must not signal. */
void prune_groups(void) {
  for (size_t i = 0; i < ngroups;)
    if (killpg(groups[i], 0) < 0 && errno == ESRCH) groups[i] = groups[--ngroups];
    else i++;
  for (size_t i = 0; i < nreleased;)
    if (killpg(released[i], 0) < 0 && errno == ESRCH) released[i] = released[--nreleased];
    else i++;
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

/* A pipe for the command's stdout (0) or stderr (1): the host reads one end, the command gets the
   other (returned, and noted among the ends to close once it started); -1 when there is none. */
static int output_pipe(Call *c, int which, int *child_fds, int *nchild) {
  int fds[2];
  if (pipe_pair(fds) < 0) return -1;
  child_fds[(*nchild)++] = fds[1];
  c->fd[which] = fds[0];
  nonblocking(fds[0]);
  return fds[1];
}

static void fail_spawn(uint32_t cid, const char *what, int err) {
  char msg[4096];
  int n = snprintf(msg, sizeof msg, "%s: %s", what, strerror(err));
  if (n < 0) n = 0;
  if ((size_t)n >= sizeof msg) n = sizeof msg - 1;
  send_frame(cid, 'F', msg, (size_t)n, 0);
}

static void spawn_now(Start *j) {
  posix_spawn_file_actions_t fa;
  posix_spawnattr_t at;
  sigset_t defaults, none;
  posix_spawn_file_actions_init(&fa);
  posix_spawn_file_actions_adddup2(&fa, j->stdin_r, 0);
  posix_spawn_file_actions_adddup2(&fa, j->out_w, 1);
  posix_spawn_file_actions_adddup2(&fa, j->err_w, 2);
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
  /* posix_spawn's working-directory action is not portable: this thread moves there (it has a
     working directory of its own: see spawner). */
  if (chdir(j->cwd) < 0) {
    j->err = errno;
    j->in_cwd = 1;
  } else {
    j->err = posix_spawn(&j->pid, j->argv[0], &fa, &at, j->argv, j->envp);
    if (chdir("/") < 0) { /* stays where it is: nothing relies on this thread's directory */ }
  }
  posix_spawn_file_actions_destroy(&fa);
  posix_spawnattr_destroy(&at);
}

static void *spawner(void *unused) {
  (void)unused;
  /* Its own working directory, so entering a command's never moves the loop's; and no signal:
     SIGCHLD is for the loop's ppoll. */
  if (unshare(CLONE_FS) < 0) { /* shared: the loop uses no relative path either */ }
  sigset_t all;
  sigfillset(&all);
  pthread_sigmask(SIG_BLOCK, &all, NULL);
  for (;;) {
    Start *j;
    ssize_t n = read(to_spawner[0], &j, sizeof j);
    if (n < 0 && errno == EINTR) continue;
    if (n != (ssize_t)sizeof j) return NULL;
    if (__atomic_load_n(&stopping, __ATOMIC_SEQ_CST)) j->err = ECANCELED;
    else spawn_now(j);
    for (int i = 0; i < j->nchild; i++) close(j->child_fds[i]);
    while (write(from_spawner[1], &j, sizeof j) < 0 && errno == EINTR) {
    }
  }
}

void start_spawner(void) {
  pthread_t thread;
  if (pipe2(to_spawner, O_CLOEXEC) < 0 || pipe2(from_spawner, O_CLOEXEC) < 0) _exit(70);
  if (pthread_create(&thread, NULL, spawner, NULL) != 0) _exit(70);
  pthread_detach(thread);
  nonblocking(from_spawner[0]);
  spawned_fd = from_spawner[0];
}

static void free_start(Start *j) {
  free(j->request), free(j->argv), free(j);
}

/* A start the spawner finished: the pid goes to Node (or the failure), with an exit already reaped. */
static void finish_start(Start *j, int quiet) {
  Call *c = j->c;
  spawns_in_flight--;
  c->spawning = 0;
  if (j->err) {
    if (!quiet) {
      char where[4096];
      const char *what = j->argv[0];
      if (j->in_cwd) {
        snprintf(where, sizeof where, "working directory %s", j->cwd);
        what = where;
      }
      fail_spawn(c->cid, what, j->err);
    }
    for (int i = 0; i < 2; i++)
      if (c->fd[i] >= 0) close(c->fd[i]);
    if (c->stdin_fd >= 0) close(c->stdin_fd);
    remove_call(c);
  } else {
    c->pid = j->pid;
    prune_groups();
    drop_released(c->pid);
    add_group(c->pid);
    if (!quiet) {
      char pid[24];
      int n = snprintf(pid, sizeof pid, "%d", (int)c->pid);
      send_frame(c->cid, 'P', pid, (size_t)n, j->pid_waits);
    }
    int status;
    if (claim_exit(c->pid, &status)) record_exit(c, status);
  }
  free_start(j);
  if (!spawns_in_flight) forget_unclaimed_exits();
}

void on_spawned(void) {
  Start *j;
  while (read(spawned_fd, &j, sizeof j) == (ssize_t)sizeof j) finish_start(j, 0);
}

/* The shutdown: no new start, and the ones begun are waited for, so their groups are known. */
void settle_spawns(void) {
  __atomic_store_n(&stopping, 1, __ATOMIC_SEQ_CST);
  if (spawned_fd < 0) return;
  fcntl(spawned_fd, F_SETFL, fcntl(spawned_fd, F_GETFL) & ~O_NONBLOCK);
  while (spawns_in_flight) {
    Start *j;
    ssize_t n = read(spawned_fd, &j, sizeof j);
    if (n < 0 && errno == EINTR) continue;
    if (n != (ssize_t)sizeof j) return;
    finish_start(j, 1);
  }
}

void spawn_call(uint32_t cid, char *p, size_t len) {
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
  size_t fixed = 1 + ((flags & 4) ? 2 : 0);
  if (nstr < fixed + argc || argc == 0) {
    send_frame(cid, 'F', "bad spawn request", 17, 0);
    return;
  }
  /* The start keeps a copy of the strings (the frame's buffer is reused): the fixed ones (cwd,
     [the two pipe paths]), then in one block argv and its NULL, the environment and its NULL. The
     variables are the environment as they are (Node sends each name once). */
  size_t nenv = nstr - fixed - argc;
  Start *j = calloc(1, sizeof *j);
  char *copy = malloc(len);
  char **block = malloc((argc + 1 + nenv + 1) * sizeof *block);
  if (!j || !copy || !block) _exit(70);
  memcpy(copy, p, len);
  const char *named[3];
  size_t at = 9;
  for (size_t i = 0; i < fixed; i++, at += strlen(copy + at) + 1) named[i] = copy + at;
  for (uint32_t i = 0; i < argc; i++, at += strlen(copy + at) + 1) block[i] = copy + at;
  block[argc] = NULL;
  for (size_t i = 0; i < nenv; i++, at += strlen(copy + at) + 1) block[argc + 1 + i] = copy + at;
  block[argc + 1 + nenv] = NULL;
  j->request = copy;
  j->argv = block;
  j->envp = block + argc + 1;
  j->cwd = named[0];

  Call *c = calloc(1, sizeof *c);
  if (!c) _exit(70);
  c->cid = cid;
  c->cap = cap;
  c->fd[0] = c->fd[1] = c->stdin_fd = -1;
  j->c = c;
  j->pid_waits = (flags & 8) != 0;
  c->keep = (flags & 16) != 0;
  int stdin_r = -1, out_w = -1, err_w = -1, err = 0;
  if (flags & 4) {
    /* stdin and stdout on named pipes Node opens itself; read-write, so neither open waits. */
    if (mkfifo(named[1], 0600) < 0 || mkfifo(named[2], 0600) < 0) { err = errno; goto fail; }
    if ((stdin_r = open(named[1], O_RDWR | O_CLOEXEC)) < 0) { err = errno; goto fail; }
    j->child_fds[j->nchild++] = stdin_r;
    if ((out_w = open(named[2], O_RDWR | O_CLOEXEC)) < 0) { err = errno; goto fail; }
    j->child_fds[j->nchild++] = out_w;
  } else if (flags & 1) {
    int fds[2];
    if (pipe_pair(fds) < 0) { err = errno; goto fail; }
    stdin_r = fds[0];
    j->child_fds[j->nchild++] = stdin_r;
    c->stdin_fd = fds[1];
    nonblocking(fds[1]);
  } else {
    if ((stdin_r = open("/dev/null", O_RDONLY | O_CLOEXEC)) < 0) { err = errno; goto fail; }
    j->child_fds[j->nchild++] = stdin_r;
  }
  if (!(flags & 4) && (out_w = output_pipe(c, 0, j->child_fds, &j->nchild)) < 0) { err = errno; goto fail; }
  err_w = (flags & 2) ? out_w : output_pipe(c, 1, j->child_fds, &j->nchild);
  if (err_w < 0) { err = errno; goto fail; }
  j->stdin_r = stdin_r;
  j->out_w = out_w;
  j->err_w = err_w;
  c->spawning = 1;
  add_call(c);
  spawns_in_flight++;
  while (write(to_spawner[1], &j, sizeof j) < 0 && errno == EINTR) {
  }
  return;
fail:
  for (int i = 0; i < j->nchild; i++) close(j->child_fds[i]);
  for (int i = 0; i < 2; i++)
    if (c->fd[i] >= 0) close(c->fd[i]);
  if (c->stdin_fd >= 0) close(c->stdin_fd);
  fail_spawn(cid, j->argv[0], err);
  free(c);
  free_start(j);
}
