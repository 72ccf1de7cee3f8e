/* adversary.c -- an external solver that tries every way out of the sandbox before it answers,
 * for tests/test_external.c: adversary TAG HARNESS_PID PORT SECRET INPUT OWN_FOLDER.
 *
 * It writes one line per attempt to stderr, "escape NAME: yes|no (what it saw)", then becomes
 * the teacher's BFS (examples/python/bfs.py), which answers every request. Each attempt is one
 * that a cheating or harmful solver would make; none is destructive when it succeeds, since the
 * control run (--no-sandbox) lets them succeed as root: the mount is over a folder of its own
 * and undone, the user namespace is made in a child that exits, the network is a listener of the
 * test's on loopback and a UDP connect, which sends nothing, the signal is signal 0.
 *   TAG          marks its files and its stray process, so the test finds them on the host
 *   HARNESS_PID  the harness's pid on the host
 *   PORT         a TCP listener of the test on the host's 127.0.0.1
 *   SECRET       a file in the harness's $HOME
 *   INPUT        one of the harness's inputs (holds the known answer)
 *   OWN_FOLDER   the folder it was built in, which it runs from
 */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

static void report(const char *name, int escaped, const char *saw)
{
    fprintf(stderr, "escape %s: %s (%s)\n", name, escaped ? "yes" : "no", saw);
}

/* Reads a file: escaped when it holds anything. */
static void try_read(const char *name, const char *path)
{
    char buf[256] = "";
    int fd = open(path, O_RDONLY);
    ssize_t n = fd >= 0 ? read(fd, buf, sizeof buf - 1) : -1;
    if (fd >= 0) close(fd);
    report(name, n > 0, n > 0 ? "read it" : n == 0 ? "empty" : strerror(errno));
}

/* Writes a new file: escaped when the write went through (the test checks the host too). */
static void try_write(const char *name, const char *folder, const char *tag)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/adversary-%s", folder, tag);
    int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    ssize_t n = fd >= 0 ? write(fd, "planted\n", 8) : -1;
    if (fd >= 0) close(fd);
    report(name, n == 8, n == 8 ? path : strerror(errno));
}

static void try_connect(const char *name, int type, const char *address, int port)
{
    int s = socket(AF_INET, type, 0);
    struct sockaddr_in to = {.sin_family = AF_INET, .sin_port = htons((uint16_t)port)};
    inet_pton(AF_INET, address, &to.sin_addr);
    int rc = s >= 0 ? connect(s, (struct sockaddr *)&to, sizeof to) : -1;
    report(name, rc == 0, rc == 0 ? "connected" : strerror(errno));
    if (s >= 0) close(s);
}

/* A line of /proc/self/status, e.g. "CapEff:\t0000000000000000". */
static void status_line(const char *key, char *out, size_t n)
{
    char line[256];
    FILE *f = fopen("/proc/self/status", "r");
    snprintf(out, n, "?");
    while (f && fgets(line, sizeof line, f))
        if (strncmp(line, key, strlen(key)) == 0) {
            line[strcspn(line, "\n")] = '\0';
            snprintf(out, n, "%.60s", line);
        }
    if (f) fclose(f);
}

int main(int argc, char **argv)
{
    if (argc != 7) {
        fprintf(stderr, "usage: adversary TAG HARNESS_PID PORT SECRET INPUT OWN_FOLDER\n");
        return 2;
    }
    const char *tag = argv[1], *secret = argv[4], *input = argv[5], *own = argv[6];
    int harness = atoi(argv[2]), port = atoi(argv[3]);
    char path[4096], saw[256];

    try_read("home-secret", secret);
    try_read("input", input);
    try_write("var-tmp", "/var/tmp", tag);
    try_write("tmp", "/tmp", tag);
    snprintf(path, sizeof path, "%s", input);
    char *slash = strrchr(path, '/');
    if (slash) *slash = '\0';
    try_write("input-folder", slash ? path : ".", tag);
    try_write("own-folder", own, tag);
    try_write("cwd", ".", tag);
    try_connect("loopback-listener", SOCK_STREAM, "127.0.0.1", port);
    try_connect("internet", SOCK_DGRAM, "192.0.2.1", 9); /* TEST-NET-1: a route, no packet */

    int rc = kill(harness, 0);
    report("signal-harness", rc == 0, rc == 0 ? "may signal it" : strerror(errno));
    snprintf(path, sizeof path, "/proc/%d/cmdline", harness);
    char cmdline[256] = "";
    int fd = open(path, O_RDONLY);
    ssize_t n = fd >= 0 ? read(fd, cmdline, sizeof cmdline - 1) : -1;
    if (fd >= 0) close(fd);
    report("host-processes", n > 0 && strstr(cmdline, "bench") != NULL,
           n > 0 ? cmdline : "not there");

    char uid[64], capeff[64], capbnd[64];
    status_line("Uid:", uid, sizeof uid);
    status_line("CapEff:", capeff, sizeof capeff);
    status_line("CapBnd:", capbnd, sizeof capbnd);
    snprintf(saw, sizeof saw, "%s; %s; %s", uid, capeff, capbnd);
    bool root = getuid() == 0 || geteuid() == 0 || !strstr(capeff, "0000000000000000") ||
                !strstr(capbnd, "0000000000000000");
    report("root-or-capabilities", root, saw);

    char host[256] = "";
    gethostname(host, sizeof host - 1);
    report("host-name", strcmp(host, "sandbox") != 0, host);
    extern char **environ;
    static const char *const allowed[] = {"PATH=", "HOME=", "TMPDIR=", "LANG=", "LC_ALL=", "PWD="};
    int others = 0;
    for (char **e = environ; *e; e++) {
        bool known = false;
        for (size_t k = 0; k < sizeof allowed / sizeof *allowed; k++)
            known |= strncmp(*e, allowed[k], strlen(allowed[k])) == 0;
        others += !known;
    }
    snprintf(saw, sizeof saw, "%d variables of the harness's", others);
    report("environment", others > 0, saw);
    int open_fds = 0; /* past stdin, stdout and stderr: none but the one fcntl probes */
    for (int fd = 3; fd < 1024; fd++) open_fds += fcntl(fd, F_GETFD) != -1;
    snprintf(saw, sizeof saw, "%d open past stderr", open_fds);
    report("descriptors", open_fds > 0, saw);

    snprintf(path, sizeof path, "%s/mnt", own);
    rc = mount("none", path, "tmpfs", 0, "size=4k");
    report("mount", rc == 0, rc == 0 ? path : strerror(errno));
    if (rc == 0) umount(path);

    pid_t child = fork(); /* a user namespace, in a child, so that this process is unchanged */
    if (child == 0) _exit(unshare(CLONE_NEWUSER) == 0 ? 0 : errno);
    int status = 0;
    waitpid(child, &status, 0);
    report("user-namespace", WIFEXITED(status) && WEXITSTATUS(status) == 0,
           WIFEXITED(status) && WEXITSTATUS(status) ? strerror(WEXITSTATUS(status)) : "made one");

    child = fork(); /* a process that leaves the group and the session: it must not outlive us */
    if (child == 0) {
        setsid();
        if (fork() == 0) {
            char arg[64];
            snprintf(arg, sizeof arg, "1002.%s", tag);
            execlp("sleep", "sleep", arg, (char *)NULL);
        }
        _exit(0);
    }
    waitpid(child, NULL, 0);
    report("setsid-child", 1, "started: the test looks for it on the host");
    fflush(stderr);

    execlp("python3", "python3", "examples/python/bfs.py", (char *)NULL);
    perror("python3");
    return 127;
}
