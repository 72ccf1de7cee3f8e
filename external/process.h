/* process.h -- a solver's process and everything it starts: started in a process group of its
 * own (and in a cgroup v2 of its own where one can be made, and a cgroup v1 memory controller
 * of its own where v2 has none), its pipes read without ever blocking the harness past a
 * deadline, its memory and CPU measured over the whole group, its stderr kept in a bounded log,
 * and its end, which leaves nothing running.
 *
 * Memory is held and measured by the best the machine has (ext_memory_method): a cgroup's
 * memory controller, v2 (memory.max, memory.peak, memory.events) or else v1
 * (memory.limit_in_bytes, memory.max_usage_in_bytes, memory.oom_control), where the kernel
 * enforces the limit and counts every process of the cgroup; else sampling the group's resident
 * memory every EXT_SAMPLE_SECONDS, and wait4's ru_maxrss for a process that ran one request.
 *
 *     ext_process p;
 *     if (ext_process_start(&p, "python3 bfs.py", &log, err)) ...
 *     ext_process_write(&p, request, n);
 *     ext_read r = ext_process_read_line(&p, deadline, byte_limit, &line, &len);
 *     ...
 *     ext_process_end(&p);     (SIGTERM to the group, SIGKILL 1 s later, every stray reaped)
 *
 * The invariant: once ext_process_end returns, no process the solver started is running. The
 * harness is its processes' subreaper (PR_SET_CHILD_SUBREAPER), so a descendant that leaves the
 * solver's process group is still the harness's to find and end; and a cgroup, where there is
 * one, holds every descendant whatever it does.
 */
#ifndef EXT_PROCESS_H
#define EXT_PROCESS_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/resource.h>
#include <sys/types.h>

#define EXT_ERR_MAX 1024
/* The log keeps the first and the last EXT_LOG_KEEP bytes of a solver's stderr. */
#define EXT_LOG_KEEP (64u << 10)
/* Grace between the signals that end a group: SIGTERM, then SIGKILL this much later. */
#define EXT_GRACE_SECONDS 1.0
/* How long the harness polls for an answer without sleeping after each request. */
#define EXT_SPIN_SECONDS 0.0002
/* How often the memory of a group is sampled while the harness waits on it. */
#define EXT_SAMPLE_SECONDS 0.01

/* A solver's stderr, bounded: the first EXT_LOG_KEEP bytes written as they come, the last
 * EXT_LOG_KEEP kept and written when the log is closed, with the number of bytes cut between. */
typedef struct {
    FILE *f;                     /* the log, or NULL for the harness's own stderr */
    bool own;                    /* f is the log's to close */
    uint64_t bytes;              /* every byte the solver wrote to stderr */
    char *tail;                  /* ring of the bytes past the head (EXT_LOG_KEEP) */
    char last[160];              /* the last line of stderr, for a crash's note */
    size_t last_len;
    bool last_open;              /* the last line has not ended yet */
} ext_log;

/* Opens a log at path (NULL: the harness's stderr). Returns 0, or -1 with err. */
int ext_log_open(ext_log *log, const char *path, char *err);
/* The last line the solver wrote to stderr, or "". */
const char *ext_log_last_line(const ext_log *log);
/* Writes the tail and closes. Returns 0, or -1 when a write failed (errno). */
int ext_log_close(ext_log *log);

/* Which count a solver's peak memory comes from, best first. */
typedef enum { EXT_MEMORY_SAMPLED, EXT_MEMORY_WAIT4, EXT_MEMORY_CGROUP_V1, EXT_MEMORY_CGROUP_V2 } ext_memory_method;

/* "sampled", "wait4", "cgroup-v1", "cgroup-v2": the rows' memory_method. */
const char *ext_memory_method_name(ext_memory_method m);

typedef struct {
    pid_t pid;                   /* the leader: /bin/sh exec'ed into the solver */
    int in, out, err;            /* its stdin (ours to write), stdout and stderr (to read) */
    char *buf;                   /* stdout read but not yet returned as lines */
    size_t start, len, cap;
    bool out_eof, err_eof;
    bool reaped;                 /* the leader has been waited for */
    int status;                  /* its wait status, once reaped */
    struct rusage usage;         /* its resource use, once reaped */
    double started;              /* search_now() at the start */
    ext_log *log;
    char cgroup[512];            /* its cgroup v2, or "" when there is none */
    char memcg[512];             /* its cgroup v1 memory controller, or "" when there is none */
    bool memory_max;             /* a cgroup (v2's memory.max or v1's) enforces the limit */
    bool v2_memory;              /* its cgroup v2 has the memory controller */
    uint64_t peak_at_end;        /* the cgroup's peak, read before it is removed */
    bool oom_at_end;             /* the cgroup's out-of-memory kills, read before it is removed */
    int status_fd, schedstat_fd, clear_refs_fd;   /* the leader's /proc files, kept open */
    int pidfd;                   /* readable once the leader exits (-1: the kernel has none) */
    pid_t inner;                 /* the solver itself: the leader, or in a sandbox the init's
                                    child, whose /proc files measure it */
    int sync_fd;                 /* a sandbox's word from its init (-1: no sandbox) */
    double last_sample;
    uint64_t samples;
    double cpu_at_end;           /* ext_process_cpu once ended */
    double exited;               /* search_now() when the leader was found to have exited */
    double asked;                /* search_now() at the last write to its stdin */
} ext_process;

/* Starts `/bin/sh -c 'exec COMMAND'` in the current folder, in a new process group, its stderr
 * into log; memory_limit (0: none) becomes the cgroup's memory.max where the cgroup has the
 * memory controller. Where sandbox_on() (sandbox.h), the leader is the sandbox's init and the
 * solver its child, in the sandbox; the leader's wait status is then the solver's, as the init
 * passes it on. Returns 0, or -1 with err (a sandbox that cannot be made: "sandbox: ..."). */
int ext_process_start(ext_process *p, const char *command, ext_log *log, uint64_t memory_limit,
                      char *err);

/* Writes n bytes to the solver's stdin. Returns 0, or -1 when it cannot take them (it died). */
int ext_process_write(ext_process *p, const char *text, size_t n);
/* Closes the solver's stdin: its end of input. */
void ext_process_close_stdin(ext_process *p);

typedef enum {
    EXT_LINE = 1,            /* a line, without its '\n' (and a '\r' before it) */
    EXT_EOF = 0,             /* the solver closed its stdout */
    EXT_TIMEOUT = -1,        /* the deadline passed */
    EXT_TOO_LONG = -2,       /* a line past UBP_LINE_MAX bytes */
    EXT_MEMORY = -3,         /* the group's resident memory passed the limit */
    EXT_INTERRUPTED = -4,    /* the harness was asked to stop (search_interrupted) */
} ext_read;

/* The next line of the solver's stdout into *line (valid until the next call) and *len,
 * waiting until `deadline` (search_now() seconds; 0: none); meanwhile its stderr goes to the
 * log and, every EXT_SAMPLE_SECONDS, the group's resident memory is sampled into *peak_rss and
 * held to byte_limit (0: none). */
ext_read ext_process_read_line(ext_process *p, double deadline, uint64_t byte_limit,
                               uint64_t *peak_rss, char **line, size_t *len);

/* The CPU seconds the solver's processes have used so far: its cgroup's, else the leader's
 * threads' and the children it waited for. */
double ext_process_cpu(const ext_process *p);
/* Resets the peak memory (the cgroup's peak, or the leader's VmHWM) and reads it back, in
 * bytes: the cgroup's count of all its processes, or the leader's alone. */
void ext_process_reset_peak(ext_process *p);
uint64_t ext_process_peak(const ext_process *p);
/* Which count ext_process_peak gives: a cgroup's, or EXT_MEMORY_SAMPLED. */
ext_memory_method ext_process_memory_method(const ext_process *p);
/* Whether the kernel ended a process of its cgroup for passing the memory limit. */
bool ext_process_oom_killed(const ext_process *p);
/* The group's resident memory now, in bytes. */
uint64_t ext_process_group_rss(ext_process *p);

/* Waits up to `seconds` for the leader to exit; true when it has (and has been reaped). */
bool ext_process_wait(ext_process *p, double seconds);

/* Ends the solver: closes its stdin, gives it `grace` seconds to exit by itself (0: none),
 * then SIGTERM to its group, SIGKILL EXT_GRACE_SECONDS later, every process of it reaped and
 * its cgroup removed. The leader's wait status and usage stay in p. */
void ext_process_end(ext_process *p, double grace);

/* "exit status N", "SIGSEGV", ... for a wait status, into out (32 bytes). */
void ext_status_text(int status, char *out);

#endif
