/* outfile.c -- temporary name, checked writes, rename into place. */
#include "common/outfile.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static int fail(const char *path, char *err)
{
    snprintf(err, OUTFILE_ERR_MAX, "%.400s: %s", strcmp(path, "-") == 0 ? "standard output" : path,
             strerror(errno ? errno : EIO));
    return -1;
}

int outfile_open(outfile *o, const char *path, const char *temp, char *err)
{
    memset(o, 0, sizeof *o);
    snprintf(o->path, sizeof o->path, "%s", path);
    if (strcmp(path, "-") == 0) {
        o->f = stdout;
        return 0;
    }
    /* A device or a pipe (/dev/null, /dev/full, a FIFO) is written as it is: it has no name
     * to put a file under. */
    struct stat st;
    bool device = stat(path, &st) == 0 && !S_ISREG(st.st_mode);
    errno = 0;   /* a failed write reports its own errno; no stale one from stat */
    if (device) {
        o->f = fopen(path, "w");
        return o->f ? 0 : fail(path, err);
    }
    if (temp) snprintf(o->temp, sizeof o->temp, "%s", temp);
    else snprintf(o->temp, sizeof o->temp, "%.4000s.partial", path);
    o->f = fopen(o->temp, "w");
    return o->f ? 0 : fail(path, err);
}

/* Flushes and closes; 0 when every write succeeded (errno says why not: a write that failed
 * earlier left its errno, and stdio calls never clear it). */
static int finish(outfile *o)
{
    bool bad = fflush(o->f) != 0 || ferror(o->f);
    int saved = errno;
    if (o->f != stdout && fclose(o->f) != 0 && !bad) bad = true, saved = errno;
    o->f = NULL;
    errno = saved;
    return bad ? -1 : 0;
}

int outfile_commit(outfile *o, char *err)
{
    if (finish(o) != 0) {
        fail(o->path, err);
        if (o->temp[0]) unlink(o->temp);
        return -1;
    }
    if (o->temp[0] && rename(o->temp, o->path) != 0) {
        fail(o->path, err);
        unlink(o->temp);
        return -1;
    }
    return 0;
}

int outfile_keep_partial(outfile *o, char *err)
{
    return finish(o) == 0 ? 0 : fail(o->temp[0] ? o->temp : o->path, err);
}

void outfile_abandon(outfile *o)
{
    if (!o->f) return;
    if (o->f != stdout) fclose(o->f);
    o->f = NULL;
    if (o->temp[0]) unlink(o->temp);
}

int outfile_write_all(const char *path, const void *data, size_t len, char *err)
{
    outfile o;
    if (outfile_open(&o, path, NULL, err)) return -1;
    if (fwrite(data, 1, len, o.f) != len) {
        fail(path, err);
        outfile_abandon(&o);
        return -1;
    }
    return outfile_commit(&o, err);
}

int outfile_make_dirs(const char *dir)
{
    char buf[PATH_MAX];
    snprintf(buf, sizeof buf, "%s", dir);
    for (char *s = buf + 1; *s; s++)
        if (*s == '/') {
            *s = '\0';
            if (mkdir(buf, 0777) != 0 && errno != EEXIST) return -1;
            *s = '/';
        }
    return mkdir(buf, 0777) != 0 && errno != EEXIST ? -1 : 0;
}
