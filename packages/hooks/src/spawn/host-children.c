/* The compiled process host (process-host.c): reaping exited commands, and ending every
 * descendant when Node goes away. */
#include "process-host.h"

/* Exits reaped while some start was still on the spawner thread: they may be its command's (a
   command can end before the loop hears its pid). Kept until the start is finished; without a
   start in flight, an unknown exit is an orphan's (this is a subreaper) and is dropped. */
#define UNCLAIMED 64
static struct {
  pid_t pid;
  int status;
} unclaimed[UNCLAIMED];
static size_t nunclaimed;

int claim_exit(pid_t pid, int *status) {
  for (size_t i = 0; i < nunclaimed; i++)
    if (unclaimed[i].pid == pid) {
      *status = unclaimed[i].status;
      unclaimed[i] = unclaimed[--nunclaimed];
      return 1;
    }
  return 0;
}

void forget_unclaimed_exits(void) { nunclaimed = 0; }

static void keep_unclaimed(pid_t pid, int status) {
  if (nunclaimed == UNCLAIMED) { /* orphans only: the oldest goes */
    memmove(unclaimed, unclaimed + 1, (UNCLAIMED - 1) * sizeof *unclaimed);
    nunclaimed--;
  }
  unclaimed[nunclaimed].pid = pid;
  unclaimed[nunclaimed++].status = status;
}

/* A command exited: its exit goes to Node (after what is left of its output). */
void record_exit(Call *c, int status) {
  /* Output usually ended with the command: read it now, so "output closed" goes out before the
     exit, in the same write. Bounded: a grandchild may still be writing. (on_output frees a call
     only once it has exited, which this one has not yet.) */
  for (int i = 0; i < 2; i++)
    for (int r = 0; r < 16 && c->fd[i] >= 0; r++)
      if (on_output(c, i) != 1) break;
  c->exited = 1;
  if (c->keep) release_group(c->pid);
  char text[24];
  int n = WIFEXITED(status) ? snprintf(text, sizeof text, "%d ", WEXITSTATUS(status))
                            : snprintf(text, sizeof text, " %d", WTERMSIG(status));
  send_frame(c->cid, 'X', text, (size_t)n, 0);
  forget_if_done(c);
}

void reap(void) {
  for (;;) {
    int status;
    pid_t pid = waitpid(-1, &status, WNOHANG);
    if (pid <= 0) return;
    Call *c = NULL;
    for (size_t i = 0; i < ncalls; i++)
      if (calls[i]->pid == pid && !calls[i]->exited) c = calls[i];
    prune_groups();
    if (c) record_exit(c, status);
    else if (spawns_in_flight) keep_unclaimed(pid, status);
    /* else an orphan re-parented to this subreaper */
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
    long ppid, pgrp;
    if (!paren || sscanf(paren + 2, "%c %ld %ld", &state, &ppid, &pgrp) != 3 || state == 'Z') continue;
    /* What a released group left running is not the host's, nor what it started. */
    if (left_running((pid_t)pgrp)) continue;
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
void shutdown_all(void) {
  settle_spawns();
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
