/* sandbox.h -- where an external solver runs: namespaces of its own, the file system read-only
 * with the answers hidden, an unprivileged identity, and an init of ours between it and the
 * harness (docs/external.md, "How a solver is contained").
 *
 * The harness (the keeper) starts a process in new mount, PID, network, IPC and UTS namespaces
 * (and a user namespace when the harness is not root). That process, PID 1 inside, is the
 * sandbox's init: it builds the solver's view of the file system, starts the solver as PID 2
 * under uid 65534 with no capabilities, no_new_privs and a seccomp filter, passes on the signals
 * the harness sends it, reaps every orphan, and when the solver exits hands its wait status to
 * the harness and exits itself, which makes the kernel kill whatever else is left in the
 * namespace. Nothing of a sandbox outlives its init: its mounts and its scratch folder (/tmp, a
 * tmpfs, also $HOME and $TMPDIR) exist only in its mount namespace.
 *
 *     sandbox_setup(true, reads, nreads, writes, nwrites);   (once, from the options)
 *     sandbox_hide("corpus/");                               (every input and output)
 *     sandbox_plan *plan = sandbox_plan_make(memory_limit, err);  (in the harness, per process)
 *     pid = sandbox_clone(plan);                             (instead of fork)
 *     child: cgroups, then sandbox_init(plan, sync) returns in the solver only;
 *            dup2 its pipes, then sandbox_drop(plan), then execve(..., sandbox_env(plan))
 *     harness: sandbox_wait_ready(sync, ...), later sandbox_read_status(sync, &status)
 *
 * The invariant: a sandboxed solver sees the host's files read-only, less every hidden path,
 * writes nowhere but its own tmpfs and the paths granted with --sandbox-write, sees no process
 * but its own, reaches no network but its own loopback, and cannot outlive its init.
 */
#ifndef SANDBOX_H
#define SANDBOX_H

#include <stdbool.h>
#include <stdint.h>
#include <sys/resource.h>
#include <sys/types.h>

#define SANDBOX_MAX_PATHS 64   /* granted: the cwd, --sandbox-read and --sandbox-write */
#define SANDBOX_MAX_HIDDEN 256 /* hidden: the inputs and outputs a program names */
#define SANDBOX_ERR_MAX 400
/* The identity a sandboxed solver runs under: nobody, nogroup. */
#define SANDBOX_UID 65534
#define SANDBOX_GID 65534

/* Turns the sandbox on or off for every external solver started from now on, with the paths
 * --sandbox-read and --sandbox-write grant (the lists copied; the strings' pointers kept: they
 * must outlive the program's use, as its arguments do).
 * Returns 0, or -1 with a reason in err when there are more than SANDBOX_MAX_PATHS. */
int sandbox_setup(bool on, const char *const *reads, int nreads, const char *const *writes,
                  int nwrites, char *err);
bool sandbox_on(void);
/* The granted paths, as given. */
int sandbox_reads(const char *const **paths);
int sandbox_writes(const char *const **paths);

/* Hides path (a file or a folder; it need not exist yet, and is hidden by every sandbox made
 * once it does) from every sandbox made from now on. Returns 0, or -1 when SANDBOX_MAX_HIDDEN
 * paths are hidden already. */
int sandbox_hide(const char *path);

typedef struct sandbox_plan sandbox_plan;

/* Everything the child needs, worked out in the harness, so that the child between clone and
 * exec allocates nothing: the hidden and granted paths as they resolve now, the cwd, the
 * environment, the seccomp program. memory_limit (0: none) bounds the scratch tmpfs. NULL with
 * err when a path cannot be resolved or the seccomp filter cannot be built. */
sandbox_plan *sandbox_plan_make(uint64_t memory_limit, char *err);
void sandbox_plan_free(sandbox_plan *plan);

/* clone(2) into the new namespaces: 0 in the child (the init to be), its pid in the harness,
 * -1 with errno. */
pid_t sandbox_clone(const sandbox_plan *plan);

/* In the child of sandbox_clone: builds the sandbox and starts the solver. Returns in the
 * solver only (as PID 2, its stdio still the harness's pipes at the caller's fds); the init
 * never returns. A failure is written to `sync` ("E" and a line) and the child exits 127. */
void sandbox_init(const sandbox_plan *plan, int sync);

/* In the solver, after its stdio is in place: the identity (uid and gid 65534, no groups, no
 * capabilities, empty bounding set, no_new_privs) and the seccomp filter. Returns 0, or -1 after
 * writing a line to stderr. */
int sandbox_drop(const sandbox_plan *plan);
/* The solver's environment: PATH, LANG, LC_ALL and TZ as the harness has them, HOME and TMPDIR
 * its scratch folder. */
char *const *sandbox_env(const sandbox_plan *plan);

/* In the harness: waits up to `seconds` for the init's word that the solver started. Returns
 * 0, or -1 with the init's reason (or the lack of one) in err. */
int sandbox_wait_ready(int sync, double seconds, char *err);
/* The solver's end as the init saw it: its wait status, and its resource use (its own and its
 * waited-for children's; the init's own, a copy of the harness's pages, is not the solver's). */
typedef struct {
    int status;
    struct rusage usage;
} sandbox_status;

/* In the harness, once the init has exited: the solver's end, as the init passed it on.
 * Returns 0, or -1 when the init sent none (it was killed before the solver ended). */
int sandbox_read_status(int sync, sandbox_status *out);

#endif
