/* process.c -- a solver's process group: start, pipes, memory, CPU, end (process.h). */
#include "external/process.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "common/grow.h"
#include "common/xmem.h"
#include "external/protocol.h"
#include "external/sandbox.h"
#include "search/search.h"

/* ---- the bounded log ---------------------------------------------------------------------- */

int ext_log_open(ext_log *log, const char *path, char *err)
{
    memset(log, 0, sizeof *log);
    log->f = stderr;
    if (path) {
        log->f = fopen(path, "a");
        if (!log->f) {
            snprintf(err, EXT_ERR_MAX, "%s: %s", path, strerror(errno));
            return -1;
        }
        log->own = true;
    }
    log->tail = xmalloc(EXT_LOG_KEEP);
    return 0;
}

static void log_write(ext_log *log, const char *data, size_t n)
{
    for (size_t k = 0; k < n; k++) {   /* the last line, for a crash's note */
        char c = data[k];
        if (c == '\n') log->last_open = false;
        else {
            if (!log->last_open) log->last_len = 0, log->last_open = true;
            if (log->last_len < sizeof log->last - 1) log->last[log->last_len++] = c;
        }
    }
    uint64_t at = log->bytes;
    log->bytes += n;
    if (at < EXT_LOG_KEEP) {   /* the head, as it comes */
        size_t head = n < EXT_LOG_KEEP - at ? n : (size_t)(EXT_LOG_KEEP - at);
        fwrite(data, 1, head, log->f);
        fflush(log->f);
        data += head, n -= head, at += head;
    }
    for (size_t k = 0; k < n; k++) log->tail[(at + k - EXT_LOG_KEEP) % EXT_LOG_KEEP] = data[k];
}

const char *ext_log_last_line(const ext_log *log)
{
    static char line[sizeof log->last];
    memcpy(line, log->last, log->last_len);
    line[log->last_len] = '\0';
    return line;
}

int ext_log_close(ext_log *log)
{
    if (!log->tail) return 0;
    uint64_t past = log->bytes > EXT_LOG_KEEP ? log->bytes - EXT_LOG_KEEP : 0;
    if (past) {
        uint64_t kept = past < EXT_LOG_KEEP ? past : EXT_LOG_KEEP, cut = past - kept;
        if (cut) fprintf(log->f, "\n[... %llu bytes cut ...]\n", (unsigned long long)cut);
        uint64_t first = past - kept;   /* the oldest tail byte still held */
        for (uint64_t k = first; k < past; k++) fputc(log->tail[k % EXT_LOG_KEEP], log->f);
    }
    int rc = fflush(log->f) != 0 || ferror(log->f) ? -1 : 0;
    if (log->own && fclose(log->f) != 0) rc = -1;
    free(log->tail);
    log->tail = NULL;
    return rc;
}

/* ---- cgroups ------------------------------------------------------------------------------- */

static int write_file(const char *dir, const char *name, const char *text)
{
    char path[PATH_MAX];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    int fd = open(path, O_WRONLY | O_CLOEXEC);
    if (fd < 0) return -1;
    ssize_t n = write(fd, text, strlen(text));
    close(fd);
    return n == (ssize_t)strlen(text) ? 0 : -1;
}

/* A number after `key` in a file of "key value" lines, or -1. */
static long long read_key(const char *dir, const char *name, const char *key)
{
    char path[PATH_MAX], line[256];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "r");
    long long v = -1;
    size_t n = strlen(key);
    while (f && fgets(line, sizeof line, f))
        if (strncmp(line, key, n) == 0 && line[n] == ' ') v = atoll(line + n + 1);
    if (f) fclose(f);
    return v;
}

/* Whether a comma-separated list holds `word`. */
static bool listed(const char *list, const char *word)
{
    size_t n = strlen(word);
    for (const char *s = list; s; s = strchr(s, ',') ? strchr(s, ',') + 1 : NULL)
        if (strncmp(s, word, n) == 0 && (s[n] == ',' || s[n] == '\0' || s[n] == '\n')) return true;
    return false;
}

/* Removes the cgroups under `own` that a harness killed outright (SIGKILL, a
 * crash) left: named for a process that no longer exists, and empty, since its solvers died
 * with it (PR_SET_PDEATHSIG). */
static void sweep_dead_harnesses(const char *own)
{
    DIR *d = opendir(own);
    for (struct dirent *e; d && (e = readdir(d));) {
        int pid;
        char path[PATH_MAX];
        if (sscanf(e->d_name, "unblock-bench.%d.", &pid) != 1 || pid <= 0 || kill(pid, 0) == 0 ||
            errno != ESRCH)
            continue;
        snprintf(path, sizeof path, "%.3000s/%.200s", own, e->d_name);
        rmdir(path);
    }
    if (d) closedir(d);
}

/* The folder of this process's cgroup in the hierarchy mounted as file system `fstype` that
 * holds `controller`: "cgroup2" and NULL for v2's one hierarchy, "cgroup" and "memory" for v1's
 * memory controller. "" when there is none, or it is not ours to write. */
static void find_own_cgroup(const char *fstype, const char *controller, char dir[PATH_MAX])
{
    dir[0] = '\0';
    if (getenv("UNBLOCK_NO_CGROUP")) return;
    char marker[32], root[PATH_MAX] = "", mount[PATH_MAX] = "", path[PATH_MAX] = "", line[4096];
    snprintf(marker, sizeof marker, " - %s ", fstype);
    FILE *f = fopen("/proc/self/mountinfo", "r");   /* "... ROOT POINT ... - TYPE SOURCE OPTIONS" */
    while (f && fgets(line, sizeof line, f)) {
        char *dash = strstr(line, marker);
        char options[1024], r[PATH_MAX], point[PATH_MAX];
        if (dash && (!controller || (sscanf(dash + strlen(marker), "%*s %1023s", options) == 1 &&
                                     listed(options, controller))) &&
            sscanf(line, "%*s %*s %*s %4095s %4095s", r, point) == 2) {
            snprintf(root, sizeof root, "%s", r);
            snprintf(mount, sizeof mount, "%s", point);
            break;
        }
    }
    if (f) fclose(f);
    f = fopen("/proc/self/cgroup", "r");   /* "ID:CONTROLLERS:PATH", v2's with no controllers */
    while (f && fgets(line, sizeof line, f)) {
        char *a = strchr(line, ':'), *b = a ? strchr(a + 1, ':') : NULL;
        if (!b) continue;
        *b = '\0';
        if (controller ? !listed(a + 1, controller) : a[1] != '\0') continue;
        b[1 + strcspn(b + 1, "\n")] = '\0';
        snprintf(path, sizeof path, "%.2000s", b + 1);
    }
    if (f) fclose(f);
    if (!mount[0] || !path[0]) return;
    /* The path is from the hierarchy's root; the mount shows it from `root` down. */
    const char *below = path;
    size_t n = strlen(root);
    if (strcmp(root, "/") != 0) {
        if (strncmp(path, root, n) != 0) return;
        below = path + n;
    }
    snprintf(line, sizeof line, "%.2000s%.2000s", mount, strcmp(below, "/") ? below : "");
    if (access(line, W_OK) != 0) return;
    snprintf(dir, PATH_MAX, "%s", line);
    sweep_dead_harnesses(dir);   /* once a hierarchy: this runs once for each */
}

/* This process's cgroup v2, and its cgroup v1 memory controller: each worked out once. */
static const char *own_cgroup(void)
{
    static char dir[PATH_MAX];
    static bool known;
    if (!known) find_own_cgroup("cgroup2", NULL, dir), known = true;
    return dir;
}

static const char *own_memcg_v1(void)
{
    static char dir[PATH_MAX];
    static bool known;
    if (!known) find_own_cgroup("cgroup", "memory", dir), known = true;
    return dir;
}

/* The number a one-number file holds, or -1. */
static long long read_number(const char *dir, const char *name)
{
    char path[PATH_MAX];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "r");
    long long v = -1;
    if (f && fscanf(f, "%lld", &v) != 1) v = -1;
    if (f) fclose(f);
    return v;
}

/* A folder of the solver's own under `own`, or "" in `out`. */

static void make_child_cgroup(const char *own, char *out, size_t size)
{
    static unsigned counter;
    out[0] = '\0';
    if (!own[0] || strlen(own) > size - 64) return;
    snprintf(out, size, "%.440s/unblock-bench.%d.%u", own, (int)getpid(), counter++);
    if (mkdir(out, 0755) != 0) out[0] = '\0';
}

/* The solver's cgroups under the harness's: a v2 cgroup, which holds every process it starts
 * (to measure CPU and to end them all), with memory.max set where it has the memory
 * controller; and where it has none, a v1 memory cgroup with memory.limit_in_bytes set. */
static void make_cgroup(ext_process *p, uint64_t memory_limit)
{
    char limit[32];
    snprintf(limit, sizeof limit, "%llu", (unsigned long long)memory_limit);
    make_child_cgroup(own_cgroup(), p->cgroup, sizeof p->cgroup);
    p->v2_memory = p->cgroup[0] && read_number(p->cgroup, "memory.current") >= 0;
    if (p->v2_memory) {
        p->memory_max = memory_limit && write_file(p->cgroup, "memory.max", limit) == 0;
        return;
    }
    make_child_cgroup(own_memcg_v1(), p->memcg, sizeof p->memcg);
    if (!p->memcg[0]) return;
    p->memory_max = memory_limit && write_file(p->memcg, "memory.limit_in_bytes", limit) == 0;
    /* Memory and swap together, where the kernel counts swap: the limit holds without swap. */
    if (p->memory_max) write_file(p->memcg, "memory.memsw.limit_in_bytes", limit);
}

static bool cgroup_populated(const ext_process *p)
{
    return p->cgroup[0] && read_key(p->cgroup, "cgroup.events", "populated") == 1;
}

/* Removes a cgroup its processes have left (the kernel may take a moment to see them gone). */
static void remove_cgroup(const char *dir)
{
    if (!dir[0]) return;
    for (int k = 0; k < 100 && rmdir(dir) != 0 && errno == EBUSY; k++) {
        struct timespec pause = {0, 2000000};
        nanosleep(&pause, NULL);
    }
}

/* ---- start --------------------------------------------------------------------------------- */

/* The processes started and not yet ended, so that a wait for any child (which reaps the strays
 * a solver left, reparented to the harness, its subreaper) can hand a leader's status to its
 * own record instead of losing it. */
#define LIVE_MAX 64
static ext_process *live[LIVE_MAX];

/* The leader has been reaped with this status and use: recorded, or in a sandbox the solver's
 * own, which the init passed on before it exited (kept as the init's when the init was killed
 * before it could). */
static void leader_ended(ext_process *p, int status, const struct rusage *usage)
{
    p->status = status, p->usage = *usage, p->reaped = true;
    p->exited = search_now();
    if (p->sync_fd < 0) return;
    static sandbox_status s; /* static: GCC 12 takes a local here for a dangling pointer */
    if (sandbox_read_status(p->sync_fd, &s) == 0) {
        p->status = s.status;
        p->usage = s.usage;
    }
    close(p->sync_fd);
    p->sync_fd = -1;
}

static void reap_strays(void)
{
    int status;
    struct rusage usage;
    for (pid_t r; (r = wait4(-1, &status, WNOHANG, &usage)) > 0;)
        for (int k = 0; k < LIVE_MAX; k++)
            if (live[k] && live[k]->pid == r && !live[k]->reaped)
                leader_ended(live[k], status, &usage);
}


static int open_proc(pid_t pid, const char *name)
{
    char path[64];
    snprintf(path, sizeof path, "/proc/%d/%s", (int)pid, name);
    return open(path, O_RDONLY | O_CLOEXEC);
}

/* The pids of pid's children, "1 2 3 ", into text (n bytes); false when it has none or is gone. */
static bool children_of(pid_t pid, char *text, size_t n)
{
    char path[64];
    snprintf(path, sizeof path, "/proc/%d/task/%d/children", (int)pid, (int)pid);
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    ssize_t len = fd >= 0 ? read(fd, text, n - 1) : -1;
    if (fd >= 0) close(fd);
    if (len <= 0) return false;
    text[len] = '\0';
    return true;
}

/* The first child of the solver's init, read off /proc: the solver, started before the init
 * said it was ready. */
static pid_t child_of(pid_t pid)
{
    char text[64];
    return children_of(pid, text, sizeof text) && atoi(text) > 0 ? (pid_t)atoi(text) : pid;
}

/* What a sandbox that cannot be made says last. */
#define NO_SANDBOX "; --no-sandbox runs external solvers without one"
/* How long a sandbox's init may take to build it and start the solver. */
#define SANDBOX_READY_SECONDS 10.0

int ext_process_start(ext_process *p, const char *command, ext_log *log, uint64_t memory_limit,
                      char *err)
{
    memset(p, 0, sizeof *p);
    p->log = log;
    p->in = p->out = p->err = p->status_fd = p->schedstat_fd = p->clear_refs_fd = p->pidfd = -1;
    p->sync_fd = -1;
    /* Orphans of the solver become the harness's children, not init's: still ours to end. */
    prctl(PR_SET_CHILD_SUBREAPER, 1);
    sandbox_plan *plan = NULL;
    if (sandbox_on()) {
        char why[SANDBOX_ERR_MAX];
        if (!(plan = sandbox_plan_make(memory_limit, why))) {
            snprintf(err, EXT_ERR_MAX, "sandbox: %s", why);
            return -1;
        }
    }
    int in[2], out[2], er[2], sync[2] = {-1, -1};
    if (pipe2(in, O_CLOEXEC) || pipe2(out, O_CLOEXEC) || pipe2(er, O_CLOEXEC) ||
        (plan && pipe2(sync, O_CLOEXEC))) {
        snprintf(err, EXT_ERR_MAX, "cannot make pipes: %s", strerror(errno));
        sandbox_plan_free(plan);
        return -1;
    }
    make_cgroup(p, memory_limit);
    char procs[PATH_MAX + 16];
    snprintf(procs, sizeof procs, "%s/cgroup.procs", p->cgroup);
    int cgroup_fd = p->cgroup[0] ? open(procs, O_WRONLY | O_CLOEXEC) : -1;
    snprintf(procs, sizeof procs, "%s/cgroup.procs", p->memcg);
    int memcg_fd = p->memcg[0] ? open(procs, O_WRONLY | O_CLOEXEC) : -1;
    size_t n = strlen(command) + 8;
    char *script = xmalloc(n);
    snprintf(script, n, "exec %s", command);
    char *const argv[] = {"sh", "-c", script, NULL};
    pid_t parent = getpid();
    pid_t pid = plan ? sandbox_clone(plan) : fork();
    if (pid < 0) {
        if (!plan) snprintf(err, EXT_ERR_MAX, "cannot start a process: %s", strerror(errno));
        else
            snprintf(err, EXT_ERR_MAX, "sandbox: cannot make its namespaces%s: %s" NO_SANDBOX,
                     geteuid() ? " (not root, and no user namespace to be had)" : "",
                     strerror(errno));
        free(script);
        sandbox_plan_free(plan);
        int fds[] = {in[0], in[1], out[0], out[1], er[0], er[1], sync[0], sync[1], cgroup_fd, memcg_fd};
        for (size_t k = 0; k < sizeof fds / sizeof *fds; k++)
            if (fds[k] >= 0) close(fds[k]);
        remove_cgroup(p->cgroup);
        remove_cgroup(p->memcg);
        return -1;
    }
    if (pid == 0) {   /* the child: only async-signal-safe calls from here to exec */
        setpgid(0, 0);
        if (cgroup_fd >= 0 && write(cgroup_fd, "0\n", 2) < 0) _exit(127);
        if (memcg_fd >= 0 && write(memcg_fd, "0\n", 2) < 0) _exit(127);
        prctl(PR_SET_PDEATHSIG, SIGKILL);
        /* The harness died before the line above? In a sandbox the parent is outside the PID
         * namespace (getppid() is 0): there the init's first word to the harness finds out. */
        if (!plan && getppid() != parent) _exit(127);
        struct sigaction dfl = {.sa_handler = SIG_DFL};
        sigaction(SIGINT, &dfl, NULL);
        sigaction(SIGTERM, &dfl, NULL);
        sigaction(SIGPIPE, &dfl, NULL);
        sigset_t none;
        sigemptyset(&none);
        sigprocmask(SIG_SETMASK, &none, NULL);
        if (plan) sandbox_init(plan, sync[1]); /* returns in the solver only */
        dup2(in[0], 0);
        dup2(out[1], 1);
        dup2(er[1], 2);
        closefrom(3);
        if (plan && sandbox_drop(plan) != 0) _exit(127);
        if (plan) execve("/bin/sh", argv, sandbox_env(plan));
        else execv("/bin/sh", argv);
        _exit(127);
    }
    setpgid(pid, pid);   /* as the child does: whichever runs first, the group exists */
    free(script);
    if (cgroup_fd >= 0) close(cgroup_fd);
    if (memcg_fd >= 0) close(memcg_fd);
    close(in[0]), close(out[1]), close(er[1]);
    p->pid = p->inner = pid;
    p->in = in[1], p->out = out[0], p->err = er[0];
    fcntl(p->out, F_SETFL, O_NONBLOCK);
    fcntl(p->err, F_SETFL, O_NONBLOCK);
    p->started = search_now();
    for (int k = 0; k < LIVE_MAX; k++)
        if (!live[k]) {
            live[k] = p;
            break;
        }
    if (plan) {
        close(sync[1]);
        p->sync_fd = sync[0];
        sandbox_plan_free(plan);
        char why[SANDBOX_ERR_MAX];
        if (sandbox_wait_ready(p->sync_fd, SANDBOX_READY_SECONDS, why) != 0) {
            snprintf(err, EXT_ERR_MAX, "sandbox: cannot make it: %s" NO_SANDBOX, why);
            ext_process_end(p, 0);
            return -1;
        }
        fcntl(p->sync_fd, F_SETFL, O_NONBLOCK);
        p->inner = child_of(pid);
    }
    p->pidfd = (int)syscall(SYS_pidfd_open, pid, 0);
    p->status_fd = open_proc(p->inner, "status");
    p->schedstat_fd = open_proc(p->inner, "schedstat");
    char path[64];
    snprintf(path, sizeof path, "/proc/%d/clear_refs", (int)p->inner);
    p->clear_refs_fd = open(path, O_WRONLY | O_CLOEXEC);
    return 0;
}

int ext_process_write(ext_process *p, const char *text, size_t n)
{
    p->asked = search_now();
    while (n > 0 && p->in >= 0) {
        ssize_t k = write(p->in, text, n);
        if (k < 0 && errno == EINTR) continue;
        if (k <= 0) return -1;
        text += k, n -= (size_t)k;
    }
    return p->in >= 0 ? 0 : -1;
}

void ext_process_close_stdin(ext_process *p)
{
    if (p->in >= 0) close(p->in);
    p->in = -1;
}

/* ---- memory and CPU ------------------------------------------------------------------------ */

static bool group_alive(const ext_process *p);

/* A number from a /proc file read with pread (an open descriptor, no open per read). */
static long long proc_field(int fd, const char *key)
{
    char text[4096];
    ssize_t n = fd >= 0 ? pread(fd, text, sizeof text - 1, 0) : -1;
    if (n <= 0) return -1;
    text[n] = '\0';
    if (!key) return atoll(text);
    const char *at = strstr(text, key);
    return at ? atoll(at + strlen(key)) : -1;
}

static uint64_t rss_of(pid_t pid)
{
    int fd = open_proc(pid, "statm");
    char text[128];
    ssize_t n = fd >= 0 ? read(fd, text, sizeof text - 1) : -1;
    if (fd >= 0) close(fd);
    if (n <= 0) return 0;
    text[n] = '\0';
    unsigned long long size, resident;
    if (sscanf(text, "%llu %llu", &size, &resident) != 2) return 0;
    return resident * (uint64_t)sysconf(_SC_PAGESIZE);
}

/* The resident memory of pid and its descendants, found through each one's children list. */
static uint64_t tree_rss(pid_t root)
{
    uint64_t total = 0;
    pid_t stack[256];
    int n = 0;
    stack[n++] = root;
    while (n > 0) {
        pid_t pid = stack[--n];
        total += rss_of(pid);
        char text[4096];
        if (!children_of(pid, text, sizeof text)) continue;
        for (char *save = NULL, *t = strtok_r(text, " \n", &save); t && n < 256;
             t = strtok_r(NULL, " \n", &save))
            stack[n++] = (pid_t)atoi(t);
    }
    return total;
}

/* The leader's tree, and the trees of the harness's children that are of the group without
 * being its leader: processes of the solver whose parent exited, which the harness, their
 * subreaper, inherited. */
uint64_t ext_process_group_rss(ext_process *p)
{
    if (p->reaped && !group_alive(p)) return 0;
    /* A sandbox's init is a copy of the harness, its pages shared with it: not the solver's. */
    uint64_t total = p->reaped ? 0 : tree_rss(p->pid),
             init = p->inner != p->pid ? rss_of(p->pid) : 0;
    total = total > init ? total - init : 0;
    char text[4096];
    if (!children_of(getpid(), text, sizeof text)) return total;
    for (char *save = NULL, *t = strtok_r(text, " \n", &save); t; t = strtok_r(NULL, " \n", &save)) {
        pid_t child = (pid_t)atoi(t);
        if (child != p->pid && getpgid(child) == p->pid) total += tree_rss(child);
    }
    return total;
}

double ext_process_cpu(const ext_process *p)
{
    if (p->pid == 0) return p->cpu_at_end;
    if (p->cgroup[0]) {
        long long usec = read_key(p->cgroup, "cpu.stat", "usage_usec");
        if (usec >= 0) return (double)usec / 1e6;
    }
    if (p->reaped)
        return (double)p->usage.ru_utime.tv_sec + 1e-6 * (double)p->usage.ru_utime.tv_usec +
               (double)p->usage.ru_stime.tv_sec + 1e-6 * (double)p->usage.ru_stime.tv_usec;
    /* The leader's threads (schedstat: nanoseconds on a CPU), and the children it waited for
     * (stat's cutime and cstime, in clock ticks). */
    int fd = open_proc(p->inner, "stat");
    char text[1024];
    ssize_t n = fd >= 0 ? read(fd, text, sizeof text - 1) : -1;
    if (fd >= 0) close(fd);
    unsigned long long cutime = 0, cstime = 0;
    long threads = 1;
    if (n > 0) {
        text[n] = '\0';
        const char *after = strrchr(text, ')');   /* past the command, which may hold spaces */
        if (after && sscanf(after + 2, "%*c %*d %*d %*d %*d %*d %*u %*u %*u %*u %*u %*u %*u "
                            "%llu %llu %*d %*d %ld", &cutime, &cstime, &threads) != 3)
            threads = 1;
    }
    double seconds = (double)(cutime + cstime) / (double)sysconf(_SC_CLK_TCK);
    if (threads <= 1) {
        long long ns = proc_field(p->schedstat_fd, NULL);
        return seconds + (ns > 0 ? (double)ns / 1e9 : 0);
    }
    char path[64];
    snprintf(path, sizeof path, "/proc/%d/task", (int)p->inner);
    DIR *d = opendir(path);
    for (struct dirent *e; d && (e = readdir(d));) {
        if (e->d_name[0] == '.') continue;
        char file[96];
        snprintf(file, sizeof file, "/proc/%d/task/%.24s/schedstat", (int)p->inner, e->d_name);
        int tfd = open(file, O_RDONLY | O_CLOEXEC);
        long long ns = proc_field(tfd, NULL);
        if (tfd >= 0) close(tfd);
        if (ns > 0) seconds += (double)ns / 1e9;
    }
    if (d) closedir(d);
    return seconds;
}

const char *ext_memory_method_name(ext_memory_method m)
{
    switch (m) {
    case EXT_MEMORY_CGROUP_V2: return "cgroup-v2";
    case EXT_MEMORY_CGROUP_V1: return "cgroup-v1";
    case EXT_MEMORY_WAIT4: return "wait4";
    case EXT_MEMORY_SAMPLED: break;
    }
    return "sampled";
}

ext_memory_method ext_process_memory_method(const ext_process *p)
{
    return p->memcg[0] ? EXT_MEMORY_CGROUP_V1 : p->v2_memory ? EXT_MEMORY_CGROUP_V2 : EXT_MEMORY_SAMPLED;
}

void ext_process_reset_peak(ext_process *p)
{
    /* v1: writing 0 sets the peak to the usage now. v2: a kernel from 6.12 resets memory.peak
     * so; an older one refuses, and the peak then spans the session. "5" to clear_refs resets
     * VmHWM, likewise. */
    if (p->memcg[0]) write_file(p->memcg, "memory.max_usage_in_bytes", "0");
    else if (p->v2_memory) write_file(p->cgroup, "memory.peak", "0");
    if (p->clear_refs_fd >= 0 && pwrite(p->clear_refs_fd, "5", 1, 0) < 0) {}
}

uint64_t ext_process_peak(const ext_process *p)
{
    if (p->pid == 0) return p->peak_at_end;
    long long bytes = p->memcg[0]    ? read_number(p->memcg, "memory.max_usage_in_bytes")
                      : p->v2_memory ? read_number(p->cgroup, "memory.peak")
                                     : -1;
    if (bytes >= 0) return (uint64_t)bytes;
    long long kb = proc_field(p->status_fd, "VmHWM:");
    return kb > 0 ? (uint64_t)kb * 1024 : 0;
}

bool ext_process_oom_killed(const ext_process *p)
{
    if (p->pid == 0) return p->oom_at_end;
    if (p->memcg[0]) return read_key(p->memcg, "memory.oom_control", "oom_kill") > 0;
    return p->v2_memory && read_key(p->cgroup, "memory.events", "oom_kill") > 0;
}

/* ---- reading ------------------------------------------------------------------------------- */

static void drain_stderr(ext_process *p)
{
    char chunk[65536];
    for (;;) {
        ssize_t n = read(p->err, chunk, sizeof chunk);
        if (n > 0) {
            log_write(p->log, chunk, (size_t)n);
            continue;
        }
        if (n == 0) p->err_eof = true;
        return;
    }
}

/* Reads what stdout holds now, past a line too long to be one at most. */
static void fill(ext_process *p)
{
    for (;;) {
        if (p->start > 0 && p->start == p->len) p->start = p->len = 0;
        if (p->cap - p->len < 65536) {
            if (p->start > 0) {
                memmove(p->buf, p->buf + p->start, p->len - p->start);
                p->len -= p->start, p->start = 0;
            }
            GROW(p->buf, p->cap, p->len + 65536, 65536);
        }
        ssize_t n = read(p->out, p->buf + p->len, p->cap - p->len);
        if (n > 0) {
            p->len += (size_t)n;
            if (p->len - p->start > UBP_LINE_MAX) return;
            continue;
        }
        if (n == 0) p->out_eof = true;
        return;
    }
}

ext_read ext_process_read_line(ext_process *p, double deadline, uint64_t byte_limit,
                               uint64_t *peak_rss, char **line, size_t *len)
{
    for (;;) {
        char *at = p->len > p->start ? memchr(p->buf + p->start, '\n', p->len - p->start) : NULL;
        if (at) {
            *line = p->buf + p->start;
            *len = (size_t)(at - *line);
            p->start += *len + 1;
            if (*len > UBP_LINE_MAX) return EXT_TOO_LONG;
            if (*len && (*line)[*len - 1] == '\r') (*len)--;
            (*line)[*len] = '\0';
            return EXT_LINE;
        }
        if (p->len - p->start > UBP_LINE_MAX) return EXT_TOO_LONG;
        if (p->out_eof) return EXT_EOF;
        if (search_interrupted) return EXT_INTERRUPTED;
        double now = search_now();
        if (now - p->last_sample >= EXT_SAMPLE_SECONDS) {
            p->last_sample = now;
            uint64_t rss = ext_process_group_rss(p);
            if (rss > *peak_rss) *peak_rss = rss;
            if (byte_limit && rss > byte_limit && !p->memory_max) return EXT_MEMORY;
        }
        if (deadline > 0 && now >= deadline) return EXT_TIMEOUT;
        double wait = EXT_SAMPLE_SECONDS - (now - p->last_sample);
        if (deadline > 0 && deadline - now < wait) wait = deadline - now;
        struct pollfd fds[2] = {{p->out, POLLIN, 0}, {p->err_eof ? -1 : p->err, POLLIN, 0}};
        /* A quick answer is read without sleeping: the first EXT_SPIN_SECONDS poll without
         * blocking, since waking a process on another processor costs tens of microseconds. */
        int ms = now - p->asked < EXT_SPIN_SECONDS ? 0 : (int)(wait * 1000) + 1;
        if (poll(fds, 2, ms) < 0 && errno != EINTR) return EXT_EOF;
        if (fds[1].revents) drain_stderr(p);
        if (fds[0].revents) fill(p);
    }
}

/* ---- the end ------------------------------------------------------------------------------- */

bool ext_process_wait(ext_process *p, double seconds)
{
    double until = search_now() + seconds;
    while (!p->reaped) {
        int status = 0;
        struct rusage usage = {0};
        pid_t r = wait4(p->pid, &status, WNOHANG, &usage);
        if (r == p->pid || (r < 0 && errno == ECHILD)) {
            leader_ended(p, status, &usage);
            break;
        }
        double left = until - search_now();
        if (left <= 0) return false;
        /* Woken by the leader's exit (its pidfd), or by its stderr, which must keep flowing;
         * without a pidfd (a kernel before 5.3), every millisecond. */
        struct pollfd fds[2] = {{p->pidfd, POLLIN, 0}, {p->err_eof ? -1 : p->err, POLLIN, 0}};
        int ms = p->pidfd >= 0 ? (int)(left * 1000) + 1 : 1;
        if (poll(fds, 2, ms) > 0 && fds[1].revents) drain_stderr(p);
    }
    return true;
}

/* Whether anything of the group is left: its leader, a process of its group, or its cgroup. */
static bool group_alive(const ext_process *p)
{
    if (p->cgroup[0]) return cgroup_populated(p);
    if (kill(-p->pid, 0) == 0) return true;
    if (!p->memcg[0]) return false;
    char path[PATH_MAX];   /* v1 has no "populated": a process listed is one left */
    snprintf(path, sizeof path, "%s/cgroup.procs", p->memcg);
    FILE *f = fopen(path, "r");
    int pid;
    bool any = f && fscanf(f, "%d", &pid) == 1;
    if (f) fclose(f);
    return any;
}

static void signal_group(const ext_process *p, int sig)
{
    kill(-p->pid, sig);
    const char *cgroups[] = {p->cgroup, p->memcg};
    for (int k = 0; k < 2; k++) {   /* those that left the group but not the cgroup */
        if (!cgroups[k][0]) continue;
        char path[PATH_MAX];
        snprintf(path, sizeof path, "%s/cgroup.procs", cgroups[k]);
        FILE *f = fopen(path, "r");
        for (int pid; f && fscanf(f, "%d", &pid) == 1;) kill(pid, sig);
        if (f) fclose(f);
    }
}


/* Waits until the group is gone or `seconds` pass. */
static bool wait_group(ext_process *p, double seconds)
{
    double until = search_now() + seconds;
    for (;;) {
        if (!p->reaped) ext_process_wait(p, 0);
        reap_strays();
        if (p->reaped && !group_alive(p)) return true;
        double left = until - search_now();
        if (left <= 0) return false;
        if (!p->reaped) {   /* until the leader exits */
            ext_process_wait(p, left);
            continue;
        }
        if (!p->err_eof) drain_stderr(p);
        struct timespec pause = {0, 1000000};   /* what it left behind: every millisecond */
        nanosleep(&pause, NULL);
    }
}

void ext_process_end(ext_process *p, double grace)
{
    if (p->pid <= 0) return;
    ext_process_close_stdin(p);
    if (!(grace > 0 && wait_group(p, grace))) {
        signal_group(p, SIGTERM);
        if (!wait_group(p, EXT_GRACE_SECONDS)) {
            signal_group(p, SIGKILL);
            if (p->cgroup[0]) write_file(p->cgroup, "cgroup.kill", "1");
            wait_group(p, 5.0);
        }
    }
    if (!p->err_eof) drain_stderr(p);
    p->cpu_at_end = ext_process_cpu(p);
    p->peak_at_end = ext_process_peak(p);
    p->oom_at_end = ext_process_oom_killed(p);
    remove_cgroup(p->cgroup);
    remove_cgroup(p->memcg);
    if (p->out >= 0) close(p->out);
    if (p->err >= 0) close(p->err);
    if (p->status_fd >= 0) close(p->status_fd);
    if (p->schedstat_fd >= 0) close(p->schedstat_fd);
    if (p->clear_refs_fd >= 0) close(p->clear_refs_fd);
    if (p->pidfd >= 0) close(p->pidfd);
    if (p->sync_fd >= 0) close(p->sync_fd);
    p->out = p->err = p->status_fd = p->schedstat_fd = p->clear_refs_fd = p->pidfd = p->sync_fd =
        -1;
    free(p->buf);
    p->buf = NULL;
    p->pid = 0;
    for (int k = 0; k < LIVE_MAX; k++)
        if (live[k] == p) live[k] = NULL;
}

void ext_status_text(int status, char *out)
{
    if (WIFSIGNALED(status)) {
        const char *name = sigabbrev_np(WTERMSIG(status));
        if (name) snprintf(out, 32, "SIG%s", name);
        else snprintf(out, 32, "signal %d", WTERMSIG(status));
    } else
        snprintf(out, 32, "exit status %d", WEXITSTATUS(status));
}
