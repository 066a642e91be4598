/*
 * The compiled process host's shared parts (see process-host.c): its buffers, one command's state,
 * and what the three files call in each other.
 */
#ifndef CODEBOT_PROCESS_HOST_H
#define CODEBOT_PROCESS_HOST_H

#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <sched.h>
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
/* Frames that may wait (send_frame) go out at the latest this late, or once this many bytes wait. */
#define HOLD_MS 5.0
#define HOLD_BYTES 65536

/* A byte buffer; its bytes are data[start, len): taking from the front moves `start`, not the bytes. */
typedef struct {
  char *data;
  size_t start, len, cap;
} Buf;

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
  int spawning;       /* handed to the spawner thread, not started yet: its pid is 0 */
  int keep;           /* what it leaves running once it exited by itself is not ended (release_group) */
} Call;

/* process-host.c: the commands in flight, the frames to Node, reading a command's output. */
extern Call **calls;
extern size_t ncalls;
extern double grace_s;
extern int subreaper;
extern pid_t self;
void buf_add(Buf *b, const void *p, size_t n);
size_t buf_size(const Buf *b);
void buf_drop(Buf *b, size_t n);
uint32_t get_u32(const char *p);
void send_frame(uint32_t cid, char kind, const void *payload, size_t n, int wait);
void add_call(Call *c);
void forget_if_done(Call *c);
void remove_call(Call *c);
int on_output(Call *c, int which);
void nonblocking(int fd);

/* host-spawn.c: starting a command (on the spawner thread); every process group started. */
extern pid_t *groups;
extern size_t ngroups;
extern int spawned_fd;   /* readable when the spawner thread finished a start */
extern size_t spawns_in_flight;
void start_spawner(void);
void spawn_call(uint32_t cid, char *p, size_t len);
void on_spawned(void);
void settle_spawns(void);
void prune_groups(void);
void release_group(pid_t pgid);
int left_running(pid_t pgid);

/* host-children.c: reaping exited commands, ending every descendant when Node goes away. */
void reap(void);
void record_exit(Call *c, int status);
int claim_exit(pid_t pid, int *status);
void forget_unclaimed_exits(void);
void shutdown_all(void);

#endif
