/* The compiled process host (process-host.c): starting one command with posix_spawn. */
#include "process-host.h"

pid_t *groups;
size_t ngroups;
static size_t groups_cap;

/* Forgets the groups with no member left: one can never be signalled again, and its id may come
   back as someone else's group, which the shutdown must not signal. */
void prune_groups(void) {
  for (size_t i = 0; i < ngroups;)
    if (killpg(groups[i], 0) < 0 && errno == ESRCH) groups[i] = groups[--ngroups];
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
  /* str: every string and a NULL; the variables, its tail, are the environment as they are (Node
     sends each name once), and argv is a copy of argc strings ended by a NULL of its own. */
  char **str = malloc((nstr + 1) * sizeof *str);
  char **argv = malloc((argc + 1) * sizeof *argv);
  if (!str || !argv) _exit(70);
  size_t k = 0;
  for (size_t i = 9; i < len; i += strlen(p + i) + 1) str[k++] = p + i;
  str[nstr] = NULL;
  char *cwd = str[0];
  for (uint32_t i = 0; i < argc; i++) argv[i] = str[fixed + i];
  argv[argc] = NULL;
  char **envp = str + fixed + argc;

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
  if (!(flags & 4) && (out_w = output_pipe(c, 0, child_fds, &nchild)) < 0) { err = errno; goto fail; }
  err_w = (flags & 2) ? out_w : output_pipe(c, 1, child_fds, &nchild);
  if (err_w < 0) { err = errno; goto fail; }
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
  free(str), free(argv);
  add_call(c);
  prune_groups();
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
  free(str), free(argv);
}
