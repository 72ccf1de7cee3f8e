/* tools.c -- sfdp, neato and gnuplot as child processes (tools.h). */
#include "graph/tools.h"

#include <errno.h>
#include <spawn.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

/* The first line of what the child wrote to stderr, or "" (f rewound). */
static void first_line(FILE *f, char *line, size_t size)
{
    line[0] = '\0';
    rewind(f);
    if (!fgets(line, (int)size, f)) line[0] = '\0';
    line[strcspn(line, "\n")] = '\0';
}

int tool_run(const char *const args[], const char *package, const char *input, size_t len,
             FILE *out, char *err)
{
    FILE *in = tmpfile(), *log = tmpfile();
    int rc = -1;
    if (!in || !log) {
        snprintf(err, TOOL_ERR_MAX, "%s: a temporary file: %s", args[0], strerror(errno));
        goto done;
    }
    if (fwrite(input, 1, len, in) != len || fflush(in) != 0 || fflush(out) != 0) {
        snprintf(err, TOOL_ERR_MAX, "%s: writing its input: %s", args[0], strerror(errno));
        goto done;
    }
    rewind(in);
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, fileno(in), STDIN_FILENO);
    posix_spawn_file_actions_adddup2(&actions, fileno(out), STDOUT_FILENO);
    posix_spawn_file_actions_adddup2(&actions, fileno(log), STDERR_FILENO);
    pid_t pid;
    int spawned = posix_spawnp(&pid, args[0], &actions, NULL, (char *const *)args, environ);
    posix_spawn_file_actions_destroy(&actions);
    if (spawned == ENOENT) {
        snprintf(err, TOOL_ERR_MAX, "%s is not installed (Debian package %s)", args[0], package);
        rc = TOOL_MISSING;
        goto done;
    }
    if (spawned != 0) {
        snprintf(err, TOOL_ERR_MAX, "%s: %s", args[0], strerror(spawned));
        goto done;
    }
    int status;
    while (waitpid(pid, &status, 0) < 0)
        if (errno != EINTR) {
            snprintf(err, TOOL_ERR_MAX, "%s: %s", args[0], strerror(errno));
            goto done;
        }
    char line[TOOL_ERR_MAX - 64];
    first_line(log, line, sizeof line);
    if (WIFEXITED(status) && WEXITSTATUS(status) == 0) rc = 0;
    else if (WIFEXITED(status))
        snprintf(err, TOOL_ERR_MAX, "%s exited with status %d%s%s", args[0],
                 WEXITSTATUS(status), line[0] ? ": " : "", line);
    else
        snprintf(err, TOOL_ERR_MAX, "%s died of signal %d%s%s", args[0], WTERMSIG(status),
                 line[0] ? ": " : "", line);
done:
    if (in) fclose(in);
    if (log) fclose(log);
    return rc;
}

bool tool_installed(const char *program)
{
    const char *path = getenv("PATH");
    if (!path) return false;
    for (const char *dir = path;; dir = strchr(dir, ':') + 1) {
        size_t len = strcspn(dir, ":");
        char candidate[4096];
        snprintf(candidate, sizeof candidate, "%.*s/%s", (int)len, len ? dir : ".", program);
        if (access(candidate, X_OK) == 0) return true;
        if (!dir[len]) return false;
    }
}

int tool_layout(const char *dot, size_t len, uint32_t count, double *x, double *y, char *err)
{
    FILE *plain = tmpfile();
    if (!plain) {
        snprintf(err, TOOL_ERR_MAX, "sfdp: a temporary file: %s", strerror(errno));
        return -1;
    }
    const char *const args[] = {"sfdp", "-Tplain", NULL};
    int rc = tool_run(args, "graphviz", dot, len, plain, err);
    if (rc) {
        fclose(plain);
        return rc;
    }
    /* The plain format: "graph SCALE W H", "node NAME X Y ..." in inches, "edge ...", "stop". */
    rewind(plain);
    char line[512];
    uint32_t placed = 0;
    while (fgets(line, sizeof line, plain)) {
        unsigned long n;
        double px, py;
        if (sscanf(line, "node n%lu %lf %lf", &n, &px, &py) == 3 && n < count) {
            x[n] = px * 72;
            y[n] = py * 72;
            placed++;
        }
    }
    fclose(plain);
    if (placed != count) {
        snprintf(err, TOOL_ERR_MAX, "sfdp placed %lu of %lu nodes", (unsigned long)placed,
                 (unsigned long)count);
        return -1;
    }
    return 0;
}
