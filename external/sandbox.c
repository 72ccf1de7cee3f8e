/* sandbox.c -- an external solver's sandbox: the plan (in the harness), the init and the solver's
 * identity (in the child) (sandbox.h).
 *
 * The order of the steps, each needing the one before:
 *   harness  plan: resolve the paths, build the seccomp program, the environment; clone into
 *            new namespaces (the child is PID 1 of its own PID namespace);
 *   init     its cgroups (process.c, first, so that nothing escapes the accounting); user
 *            namespace maps where the harness is not root; every mount private; a read-only
 *            clone of each granted path and of "/"; the clone of "/" attached at STAGE, then,
 *            under it, a fresh /proc, a /dev of five devices and a private /dev/shm, a private
 *            /tmp, the broad hides ($HOME, /root, /run), the grants (the cwd first), the
 *            narrow hides (inputs, outputs); pivot_root into it, the old root detached; a
 *            hostname; loopback up; the solver started; its word "R" to the harness;
 *   solver   its process group, its stdio, every other descriptor closed (process.c); the
 *            bounding set emptied, uid and gid 65534, no capabilities, no_new_privs, the
 *            seccomp filter; exec.
 * Between clone and exec the child allocates nothing and calls no stdio: everything it needs is
 * in the plan, made before the clone.
 */
#include "external/sandbox.h"

#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <limits.h>
#include <linux/capability.h>
#include <linux/filter.h>
#include <net/if.h>
#include <poll.h>
#include <sched.h>
#include <seccomp.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/mount.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include "common/xmem.h"
#include "search/search.h"

/* Where the init puts the new root together, in its own mount namespace (the host's /tmp is
 * not touched: the mount is the init's alone). */
#define STAGE "/tmp"
#define HOSTNAME "sandbox"
/* A hidden folder, and a hidden file's stand-in: empty, read-only. */
#define HIDDEN_DIR_OPTIONS "mode=555,size=4k"
#define EMPTY_FILE "/dev/.hidden"

/* ---- the configuration, from the options ----------------------------------------------------- */

static struct {
    bool on;
    const char *reads[SANDBOX_MAX_PATHS], *writes[SANDBOX_MAX_PATHS];   /* the caller's strings */
    int nreads, nwrites;
    const char *hide[SANDBOX_MAX_HIDDEN];
    int nhide;
} config;

int sandbox_setup(bool on, const char *const *reads, int nreads, const char *const *writes,
                  int nwrites, char *err)
{
    if (nreads + nwrites > SANDBOX_MAX_PATHS - 1) { /* the cwd is granted too */
        snprintf(err, SANDBOX_ERR_MAX, "more than %d paths granted", SANDBOX_MAX_PATHS - 1);
        return -1;
    }
    /* The lists are copied, the caller's may not outlive this call (bin/solve's options); the
     * strings are kept as given (the program's arguments). */
    config.on = on;
    memcpy(config.reads, reads, (size_t)nreads * sizeof *reads);
    memcpy(config.writes, writes, (size_t)nwrites * sizeof *writes);
    config.nreads = nreads, config.nwrites = nwrites;
    return 0;
}

bool sandbox_on(void)
{
    return config.on;
}

int sandbox_reads(const char *const **paths)
{
    *paths = (const char *const *)config.reads;
    return config.nreads;
}

int sandbox_writes(const char *const **paths)
{
    *paths = (const char *const *)config.writes;
    return config.nwrites;
}

int sandbox_hide(const char *path)
{
    if (config.nhide == SANDBOX_MAX_HIDDEN) return -1;
    config.hide[config.nhide++] = xstrdup(path);
    return 0;
}

/* ---- the plan ---------------------------------------------------------------------------------- */

typedef struct {
    char path[PATH_MAX]; /* absolute, every link resolved */
    bool dir;
    bool writable; /* a grant of --sandbox-write */
} plan_path;

struct sandbox_plan {
    int flags;   /* clone's */
    bool userns; /* the harness is not root: a user namespace */
    char uid_map[64], gid_map[64];
    char cwd[PATH_MAX];
    plan_path broad[3], grant[SANDBOX_MAX_PATHS], narrow[SANDBOX_MAX_HIDDEN];
    int nbroad, ngrant, nnarrow;
    char tmp_options[64]; /* the scratch tmpfs's */
    struct sock_fprog filter;
    char env_text[5][PATH_MAX + 16];
    char *env[6];
};

/* The seccomp program: built once with libseccomp, then loaded in each solver by a bare prctl. */
static struct sock_fprog filter;

/* The namespaces a solver may not make: each is denied on clone and unshare alike. */
static const unsigned long ns_flags[] = {
    CLONE_NEWNS,   CLONE_NEWCGROUP, CLONE_NEWUTS, CLONE_NEWIPC,
    CLONE_NEWUSER, CLONE_NEWPID,    CLONE_NEWNET, 0x80 /* TIME */};

static int build_filter(char *err)
{
    if (filter.filter) return 0;
    scmp_filter_ctx ctx = seccomp_init(SCMP_ACT_ALLOW);
    int rc = ctx ? 0 : -ENOMEM;
    static const int denied[] = {
        SCMP_SYS(setns),       SCMP_SYS(keyctl),     SCMP_SYS(add_key),      SCMP_SYS(request_key),
        SCMP_SYS(userfaultfd), SCMP_SYS(mount),      SCMP_SYS(umount2),      SCMP_SYS(pivot_root),
        SCMP_SYS(open_tree),   SCMP_SYS(move_mount), SCMP_SYS(fsopen),       SCMP_SYS(fsmount),
        SCMP_SYS(fsconfig),    SCMP_SYS(fspick),     SCMP_SYS(mount_setattr)};
    for (size_t k = 0; rc == 0 && k < sizeof denied / sizeof *denied; k++)
        rc = seccomp_rule_add(ctx, SCMP_ACT_ERRNO(EPERM), denied[k], 0);
    for (size_t k = 0; rc == 0 && k < sizeof ns_flags / sizeof *ns_flags; k++) {
        rc = seccomp_rule_add(ctx, SCMP_ACT_ERRNO(EPERM), SCMP_SYS(unshare), 1,
                              SCMP_A0(SCMP_CMP_MASKED_EQ, ns_flags[k], ns_flags[k]));
        if (rc == 0)
            rc = seccomp_rule_add(ctx, SCMP_ACT_ERRNO(EPERM), SCMP_SYS(clone), 1,
                                  SCMP_A0(SCMP_CMP_MASKED_EQ, ns_flags[k], ns_flags[k]));
    }
    /* clone3 passes its flags in memory, where a filter cannot look: ENOSYS makes libc fall
     * back to clone, whose flags it can. */
    if (rc == 0) rc = seccomp_rule_add(ctx, SCMP_ACT_ERRNO(ENOSYS), SCMP_SYS(clone3), 0);
    int fd = rc == 0 ? memfd_create("seccomp", MFD_CLOEXEC) : -1;
    if (rc == 0 && fd < 0) rc = -errno;
    if (rc == 0) rc = seccomp_export_bpf(ctx, fd);
    off_t size = rc == 0 ? lseek(fd, 0, SEEK_END) : 0;
    if (rc == 0 && size > 0 && size % (off_t)sizeof(struct sock_filter) == 0) {
        filter.filter = xmalloc((size_t)size);
        if (pread(fd, filter.filter, (size_t)size, 0) != size) rc = -EIO;
        filter.len = (unsigned short)(size / (off_t)sizeof(struct sock_filter));
    } else if (rc == 0) {
        rc = -EIO;
    }
    if (fd >= 0) close(fd);
    if (ctx) seccomp_release(ctx);
    if (rc != 0) {
        free(filter.filter);
        filter.filter = NULL;
        snprintf(err, SANDBOX_ERR_MAX, "cannot build the seccomp filter: %s", strerror(-rc));
        return -1;
    }
    return 0;
}

/* Resolves path into *out; false when it does not exist (nothing to hide or grant there). */
static bool resolve(const char *path, plan_path *out, bool writable)
{
    struct stat st;
    if (!realpath(path, out->path) || stat(out->path, &st) != 0) return false;
    out->dir = S_ISDIR(st.st_mode);
    out->writable = writable;
    return true;
}

/* Whether a resolved path is "/" or lies in a folder the sandbox makes afresh (/dev, /proc). */
static bool own_folder(const char *path)
{
    static const char *const made[] = {"/dev", "/proc"};
    if (strcmp(path, "/") == 0) return true;
    for (int k = 0; k < 2; k++) {
        size_t n = strlen(made[k]);
        if (strncmp(path, made[k], n) == 0 && (path[n] == '\0' || path[n] == '/')) return true;
    }
    return false;
}

static void add_env(sandbox_plan *p, int *n, const char *name, const char *value)
{
    if (!value) return;
    snprintf(p->env_text[*n], sizeof p->env_text[*n], "%s=%s", name, value);
    p->env[*n] = p->env_text[*n];
    (*n)++;
}

sandbox_plan *sandbox_plan_make(uint64_t memory_limit, char *err)
{
    if (build_filter(err)) return NULL;
    sandbox_plan *p = xcalloc(1, sizeof *p);
    p->filter = filter;
    p->flags = CLONE_NEWNS | CLONE_NEWPID | CLONE_NEWNET | CLONE_NEWIPC | CLONE_NEWUTS | SIGCHLD;
    p->userns = geteuid() != 0;
    if (p->userns) { /* the harness's uid and gid become 65534 inside, the only ones mapped */
        p->flags |= CLONE_NEWUSER;
        snprintf(p->uid_map, sizeof p->uid_map, "%d %d 1", SANDBOX_UID, (int)geteuid());
        snprintf(p->gid_map, sizeof p->gid_map, "%d %d 1", SANDBOX_GID, (int)getegid());
    }
    if (!getcwd(p->cwd, sizeof p->cwd)) {
        snprintf(err, SANDBOX_ERR_MAX, "cannot tell the current folder: %s", strerror(errno));
        free(p);
        return NULL;
    }
    const char *home = getenv("HOME");
    const char *broad[] = {home && home[0] ? home : "/root", "/root", "/run"};
    for (int k = 0; k < 3; k++) {
        plan_path q;
        if (!resolve(broad[k], &q, false) || !q.dir || strcmp(q.path, "/") == 0) continue;
        bool twice = false;
        for (int j = 0; j < p->nbroad; j++) twice |= strcmp(p->broad[j].path, q.path) == 0;
        if (!twice) p->broad[p->nbroad++] = q;
    }
    /* The cwd is shown, so that the solver's relative paths mean what they mean outside; the
     * init enters it anyway. Not "/" (the root is there already, read-only, and granting it
     * would show the hidden folders again), nor a folder the sandbox makes its own (/dev,
     * /proc): the init enters the sandbox's. */
    if (resolve(p->cwd, &p->grant[p->ngrant], false) && !own_folder(p->grant[p->ngrant].path))
        p->ngrant++;
    for (int k = 0; k < config.nreads; k++)
        if (resolve(config.reads[k], &p->grant[p->ngrant], false)) p->ngrant++;
    for (int k = 0; k < config.nwrites; k++)
        if (resolve(config.writes[k], &p->grant[p->ngrant], true)) p->ngrant++;
    for (int k = 0; k < config.nhide; k++)
        if (resolve(config.hide[k], &p->narrow[p->nnarrow], false)) p->nnarrow++;
    int n = snprintf(p->tmp_options, sizeof p->tmp_options, "mode=1777");
    if (memory_limit)
        snprintf(p->tmp_options + n, sizeof p->tmp_options - (size_t)n, ",size=%llu",
                 (unsigned long long)memory_limit);
    int e = 0;
    add_env(p, &e, "PATH", getenv("PATH") ? getenv("PATH") : "/usr/local/bin:/usr/bin:/bin");
    add_env(p, &e, "HOME", "/tmp");
    add_env(p, &e, "TMPDIR", "/tmp");
    add_env(p, &e, "LANG", getenv("LANG") ? getenv("LANG") : "C.UTF-8");
    add_env(p, &e, "LC_ALL", getenv("LC_ALL"));
    p->env[e] = NULL;
    return p;
}

void sandbox_plan_free(sandbox_plan *plan)
{
    free(plan);
}

char *const *sandbox_env(const sandbox_plan *plan)
{
    return plan->env;
}

pid_t sandbox_clone(const sandbox_plan *plan)
{
    /* A bare clone, like fork but into new namespaces: the child goes on from here on a copy of
     * the stack (no stack given), and calls nothing that needs libc's own state until exec. */
    return (pid_t)syscall(SYS_clone, (unsigned long)plan->flags, NULL, NULL, NULL, 0UL);
}

/* ---- the init, in the child (async-signal-safe calls only) --------------------------------- */

/* out = a followed by b, within PATH_MAX; false when too long. */
static bool join(char out[PATH_MAX], const char *a, const char *b)
{
    size_t na = strlen(a), nb = strlen(b);
    if (na + nb + 1 > PATH_MAX) return false;
    memcpy(out, a, na);
    memcpy(out + na, b, nb + 1);
    return true;
}

/* "E<errno> <what> <path>\n" to the harness, then the end of the child. */
static _Noreturn void fail(int sync, const char *what, const char *path)
{
    int e = errno;
    char line[PATH_MAX + 128], digits[16];
    int nd = 0;
    do digits[nd++] = (char)('0' + e % 10), e /= 10;
    while (e && nd < 15);
    size_t n = 0;
    line[n++] = 'E';
    while (nd) line[n++] = digits[--nd];
    line[n++] = ' ';
    const char *parts[] = {what, path ? " " : "", path ? path : ""};
    for (int k = 0; k < 3; k++) {
        size_t len = strlen(parts[k]);
        if (n + len + 2 > sizeof line) len = sizeof line - n - 2;
        memcpy(line + n, parts[k], len);
        n += len;
    }
    line[n++] = '\n';
    if (write(sync, line, n) < 0) {
    }
    _exit(127);
}

static void write_proc(int sync, const char *path, const char *text)
{
    int fd = open(path, O_WRONLY | O_CLOEXEC);
    if (fd < 0 || write(fd, text, strlen(text)) != (ssize_t)strlen(text))
        fail(sync, "cannot write", path);
    close(fd);
}

/* Every folder of `path` (under the stage) made, and the last a file when !dir; what exists is
 * left as it is. */
static void make_path(int sync, const char *path, bool dir)
{
    char at[PATH_MAX];
    size_t n = strlen(path);
    memcpy(at, path, n + 1);
    for (size_t k = 1; k <= n; k++) {
        if (at[k] != '/' && at[k] != '\0') continue;
        char saved = at[k];
        at[k] = '\0';
        bool last = k == n;
        if (last && !dir) {
            int fd = open(at, O_CREAT | O_WRONLY | O_CLOEXEC, 0444);
            if (fd < 0 && errno != EEXIST && errno != EROFS && errno != EACCES)
                fail(sync, "cannot make", at);
            if (fd >= 0) close(fd);
        } else if (mkdir(at, 0755) != 0 && errno != EEXIST) {
            fail(sync, "cannot make", at);
        }
        at[k] = saved;
    }
}

static void mount_or_fail(int sync, const char *source, const char *target, const char *type,
                          unsigned long flags, const char *options)
{
    if (mount(source, target, type, flags, options) != 0) fail(sync, "cannot mount", target);
}

/* A clone of the tree at `path` (every mount under it), read-only unless writable. */
static int clone_tree(int sync, const char *path, bool writable)
{
    int fd = open_tree(AT_FDCWD, path, OPEN_TREE_CLONE | OPEN_TREE_CLOEXEC | AT_RECURSIVE);
    if (fd < 0) fail(sync, "cannot clone the mounts of", path);
    struct mount_attr attr = {.attr_set = MOUNT_ATTR_NOSUID | MOUNT_ATTR_NODEV |
                                          (writable ? 0 : MOUNT_ATTR_RDONLY),
                              .propagation = MS_PRIVATE};
    if (mount_setattr(fd, "", AT_EMPTY_PATH | AT_RECURSIVE, &attr, sizeof attr) != 0)
        fail(sync, "cannot make read-only", path);
    return fd;
}

static void read_only(int sync, const char *target)
{
    mount_or_fail(sync, NULL, target, NULL,
                  MS_REMOUNT | MS_BIND | MS_RDONLY | MS_NOSUID | MS_NODEV | MS_NOEXEC, NULL);
}

/* /dev: a tmpfs with null, zero, full, random and urandom bound from the host's, a private
 * shm, the usual links, and the empty file that stands in for hidden files. */
static void make_dev(int sync)
{
    char at[PATH_MAX];
    mount_or_fail(sync, "tmpfs", STAGE "/dev", "tmpfs", MS_NOSUID | MS_NOEXEC, "mode=755,size=64k");
    static const char *const devices[] = {"null", "zero", "full", "random", "urandom"};
    for (int k = 0; k < 5; k++) {
        char host[PATH_MAX];
        join(host, "/dev/", devices[k]);
        join(at, STAGE "/dev/", devices[k]);
        int fd = open(at, O_CREAT | O_WRONLY | O_CLOEXEC, 0666);
        if (fd < 0) fail(sync, "cannot make", at);
        close(fd);
        mount_or_fail(sync, host, at, NULL, MS_BIND, NULL);
    }
    if (mkdir(STAGE "/dev/shm", 01777) != 0) fail(sync, "cannot make", STAGE "/dev/shm");
    mount_or_fail(sync, "tmpfs", STAGE "/dev/shm", "tmpfs", MS_NOSUID | MS_NODEV, "mode=1777");
    static const char *const links[][2] = {{"/proc/self/fd", "fd"},
                                           {"/proc/self/fd/0", "stdin"},
                                           {"/proc/self/fd/1", "stdout"},
                                           {"/proc/self/fd/2", "stderr"}};
    for (int k = 0; k < 4; k++) {
        join(at, STAGE "/dev/", links[k][1]);
        if (symlink(links[k][0], at) != 0) fail(sync, "cannot make", at);
    }
    int fd = open(STAGE EMPTY_FILE, O_CREAT | O_WRONLY | O_CLOEXEC, 0444);
    if (fd < 0) fail(sync, "cannot make", STAGE EMPTY_FILE);
    close(fd);
}

/* Whether path lies strictly inside folder. */
static bool under(const char *path, const char *folder)
{
    size_t n = strlen(folder);
    return strncmp(path, folder, n) == 0 && (path[n] == '/' || (n == 1 && path[1])) &&
           path[n + (n > 1)];
}

/* Hides path under the stage: an empty read-only folder over a folder, the empty file over a
 * file. `writable` leaves a folder's tmpfs writable, for the grants to be made inside it. */
static void hide(int sync, const plan_path *q, bool writable)
{
    char at[PATH_MAX];
    struct stat st;
    if (!join(at, STAGE, q->path) || lstat(at, &st) != 0) return; /* already hidden above */
    /* A failure names the path as the host knows it, not its place on the stage. */
    if (q->dir) {
        if (mount("tmpfs", at, "tmpfs", MS_NOSUID | MS_NODEV | MS_NOEXEC | (writable ? 0 : MS_RDONLY),
                  writable ? "mode=755,size=16k" : HIDDEN_DIR_OPTIONS) != 0)
            fail(sync, "cannot hide", q->path);
    } else {
        if (mount(STAGE EMPTY_FILE, at, NULL, MS_BIND, NULL) != 0) fail(sync, "cannot hide", q->path);
        read_only(sync, at);
    }
}

static volatile pid_t solver_pid;

/* The init passes on what the harness sends it to the solver's process group. */
static void pass_on(int sig)
{
    if (solver_pid > 0) kill(-solver_pid, sig);
}

static void loopback_up(int sync)
{
    int s = socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0);
    struct ifreq ifr;
    memset(&ifr, 0, sizeof ifr);
    memcpy(ifr.ifr_name, "lo", 3);
    if (s < 0 || ioctl(s, SIOCGIFFLAGS, &ifr) != 0) fail(sync, "cannot find the loopback", NULL);
    ifr.ifr_flags |= IFF_UP | IFF_RUNNING;
    if (ioctl(s, SIOCSIFFLAGS, &ifr) != 0) fail(sync, "cannot bring up the loopback", NULL);
    close(s);
}

/* The init's life once the solver runs: reap every process the namespace leaves to it, and when
 * the solver ends, hand its status to the harness and end, taking the namespace with it. */
static _Noreturn void keep(int sync)
{
    for (;;) {
        sandbox_status s;
        pid_t r = wait4(-1, &s.status, 0, &s.usage);
        if (r < 0 && errno == EINTR) continue;
        if (r < 0) _exit(127); /* no child at all: cannot happen while the solver lives */
        if (r != solver_pid) continue;
        char word[1 + sizeof s];
        word[0] = 'S';
        memcpy(word + 1, &s, sizeof s);
        if (write(sync, word, sizeof word) < 0) {
        }
        _exit(WIFEXITED(s.status) ? WEXITSTATUS(s.status) : 128 + WTERMSIG(s.status));
    }
}

void sandbox_init(const sandbox_plan *p, int sync)
{
    char at[PATH_MAX];
    umask(022);   /* the folders made for the grants open to the solver, whatever the harness's */
    if (p->userns) {
        write_proc(sync, "/proc/self/setgroups", "deny");
        write_proc(sync, "/proc/self/uid_map", p->uid_map);
        write_proc(sync, "/proc/self/gid_map", p->gid_map);
    }
    mount_or_fail(sync, NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL);
    int grant[SANDBOX_MAX_PATHS];
    for (int k = 0; k < p->ngrant; k++)
        grant[k] = clone_tree(sync, p->grant[k].path, p->grant[k].writable);
    int root = clone_tree(sync, "/", false);
    if (move_mount(root, "", AT_FDCWD, STAGE, MOVE_MOUNT_F_EMPTY_PATH) != 0)
        fail(sync, "cannot attach the new root at", STAGE);
    close(root);
    mount_or_fail(sync, "proc", STAGE "/proc", "proc", MS_NOSUID | MS_NODEV | MS_NOEXEC, NULL);
    make_dev(sync);
    mount_or_fail(sync, "tmpfs", STAGE "/tmp", "tmpfs", MS_NOSUID | MS_NODEV, p->tmp_options);
    for (int k = 0; k < p->nbroad; k++) hide(sync, &p->broad[k], true);
    for (int k = 0; k < p->ngrant; k++) {
        if (!join(at, STAGE, p->grant[k].path)) fail(sync, "too long a path:", p->grant[k].path);
        make_path(sync, at, p->grant[k].dir);
        if (move_mount(grant[k], "", AT_FDCWD, at, MOVE_MOUNT_F_EMPTY_PATH) != 0)
            fail(sync, "cannot grant", p->grant[k].path);
        close(grant[k]);
    }
    for (int k = 0; k < p->nnarrow; k++) hide(sync, &p->narrow[k], false);
    for (int k = 0; k < p->nbroad; k++) {
        /* Inside a grant ($HOME in the cwd), the grant's copy shows now: hidden again. Else its
         * tmpfs, done with, becomes read-only. */
        bool shown = false;
        for (int g = 0; g < p->ngrant; g++) shown |= under(p->broad[k].path, p->grant[g].path);
        join(at, STAGE, p->broad[k].path);
        if (shown) hide(sync, &p->broad[k], false);
        else read_only(sync, at);
    }
    if (unlink(STAGE EMPTY_FILE) != 0) fail(sync, "cannot remove", STAGE EMPTY_FILE);
    read_only(sync, STAGE "/dev");
    if (chdir(STAGE) != 0 || syscall(SYS_pivot_root, ".", ".") != 0 ||
        umount2(".", MNT_DETACH) != 0)
        fail(sync, "cannot change to the new root", NULL);
    if (chdir(p->cwd) != 0) fail(sync, "cannot enter", p->cwd);
    if (sethostname(HOSTNAME, sizeof HOSTNAME - 1) != 0)
        fail(sync, "cannot set the host name", NULL);
    loopback_up(sync);

    pid_t pid = (pid_t)syscall(SYS_clone, (unsigned long)SIGCHLD, NULL, NULL, NULL, 0UL);
    if (pid < 0) fail(sync, "cannot start the solver", NULL);
    if (pid == 0) {
        setpgid(0, 0);
        close(sync);
        return;
    }
    setpgid(pid, pid); /* as the solver does: whichever runs first, its group exists */
    solver_pid = pid;
    struct sigaction on = {.sa_handler = pass_on}; /* no SA_RESTART: waitpid sees EINTR */
    static const int passed[] = {SIGTERM, SIGINT, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2};
    for (size_t k = 0; k < sizeof passed / sizeof *passed; k++) sigaction(passed[k], &on, NULL);
    /* The init keeps the word to the harness and nothing else: not the solver's pipes. */
    if (sync > 0) syscall(SYS_close_range, 0U, (unsigned)sync - 1, 0U);
    syscall(SYS_close_range, (unsigned)sync + 1, ~0U, 0U);
    if (write(sync, "R", 1) != 1) _exit(127); /* the harness is gone */
    keep(sync);
}

/* ---- the solver's identity, in the child ----------------------------------------------------- */

static int drop_failed(const char *what)
{
    const char *why = strerrorname_np(errno);
    const char *parts[] = {"sandbox: cannot ", what, ": ", why ? why : "?", "\n"};
    for (int k = 0; k < 5; k++)
        if (write(2, parts[k], strlen(parts[k])) < 0) {
        }
    return -1;
}

int sandbox_drop(const sandbox_plan *p)
{
    for (int cap = 0; cap < 64; cap++) /* up to the kernel's last: EINVAL past it */
        if (prctl(PR_CAPBSET_DROP, cap, 0, 0, 0) != 0 && errno != EINVAL)
            return drop_failed("drop a capability");
    if (!p->userns && setgroups(0, NULL) != 0) return drop_failed("drop the groups");
    if (setresgid(SANDBOX_GID, SANDBOX_GID, SANDBOX_GID) != 0) return drop_failed("set the gid");
    if (setresuid(SANDBOX_UID, SANDBOX_UID, SANDBOX_UID) != 0) return drop_failed("set the uid");
    struct __user_cap_header_struct header = {_LINUX_CAPABILITY_VERSION_3, 0};
    struct __user_cap_data_struct none[2];
    memset(none, 0, sizeof none);
    if (syscall(SYS_capset, &header, none) != 0) return drop_failed("clear the capabilities");
    if (prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_CLEAR_ALL, 0, 0, 0) != 0 && errno != EINVAL)
        return drop_failed("clear the ambient capabilities");
    if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0) return drop_failed("set no_new_privs");
    if (prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &p->filter) != 0)
        return drop_failed("load the seccomp filter");
    return 0;
}

/* ---- the harness's side of the word ------------------------------------------------------------ */

int sandbox_wait_ready(int sync, double seconds, char *err)
{
    char line[PATH_MAX + 128];
    size_t n = 0;
    double until = search_now() + seconds;
    for (;;) {
        double left = until - search_now();
        struct pollfd fd = {sync, POLLIN, 0};
        if (left <= 0 || poll(&fd, 1, (int)(left * 1000) + 1) == 0) {
            snprintf(err, SANDBOX_ERR_MAX, "the sandbox's init said nothing within %.0f s",
                     seconds);
            return -1;
        }
        ssize_t k = read(sync, line + n, sizeof line - 1 - n);
        if (k < 0 && (errno == EINTR || errno == EAGAIN)) continue;
        if (k <= 0) break;
        n += (size_t)k;
        if (line[0] == 'R') return 0;
        if (line[n - 1] == '\n' || n == sizeof line - 1) break;
    }
    line[n] = '\0';
    if (n == 0 || line[0] != 'E') {
        snprintf(err, SANDBOX_ERR_MAX, "the sandbox's init ended before the solver started");
        return -1;
    }
    char *what = NULL;
    long e = strtol(line + 1, &what, 10);
    what[strcspn(what, "\n")] = '\0';
    snprintf(err, SANDBOX_ERR_MAX, "%.300s: %s", what + (*what == ' '), strerror((int)e));
    return -1;
}

int sandbox_read_status(int sync, sandbox_status *out)
{
    char word[1 + sizeof *out];
    ssize_t n = read(sync, word, sizeof word);
    if (n != (ssize_t)sizeof word || word[0] != 'S') return -1;
    memcpy(out, word + 1, sizeof *out);
    return 0;
}
