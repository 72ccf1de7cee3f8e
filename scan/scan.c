/* scan.c -- the scanner's front door: files, directories, format detection, line splitting. */
#include "scan/scan_internal.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

#include "common/grow.h"
#include "common/xmem.h"

static const char *const format_names[] = {"auto", "native", "db", "kotlin", "csharp",
                                           "python", "image"};

int scan_format_from_name(const char *name)
{
    for (int i = 0; i < (int)(sizeof format_names / sizeof *format_names); i++)
        if (strcmp(name, format_names[i]) == 0) return i;
    return -1;
}

static bool is_image(const unsigned char *d, size_t len)
{
    static const unsigned char png[] = {0x89, 'P', 'N', 'G'};
    return (len >= 4 && memcmp(d, png, 4) == 0) || (len >= 3 && d[0] == 0xFF && d[1] == 0xD8 &&
                                                    d[2] == 0xFF);
}

/* Cuts a private copy of the text into lines; trailing white space (and '\r') is dropped. */
static void split_lines(char *text, scan_source *src)
{
    int cap = 0;
    src->line = NULL;
    src->count = 0;
    GROW(src->line, cap, 1, 64);
    char *s = text;
    for (int lineno = 1; *s; lineno++) {
        char *end = strchr(s, '\n');
        char *next = end ? end + 1 : s + strlen(s);
        if (end) *end = '\0';
        size_t n = strlen(s);
        while (n > 0 && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '\r')) s[--n] = '\0';
        GROW(src->line, cap, src->count + 1, 64);
        src->line[src->count++] = (scan_line){s, lineno};
        s = next;
    }
}

static const char *skip_space(const char *s)
{
    while (*s == ' ' || *s == '\t') s++;
    return s;
}

/* Picks the format from the first line that is neither blank nor a comment. */
static scan_format detect(const scan_source *src, char *err)
{
    for (int k = 0; k < src->count; k++) {
        const char *s = skip_space(src->line[k].text);
        if (*s == '\0' || *s == '#') continue;
        int w, h;
        char extra;
        if (strchr(s, '[')) return SCAN_PYTHON;
        if (sscanf(s, "%d %d %c", &w, &h, &extra) == 2) return SCAN_CSHARP;
        if (*s == '+' || strncmp(s, "name:", 5) == 0 || strncmp(s, "moves:", 6) == 0 ||
            strncmp(s, "cluster:", 8) == 0 || strncmp(s, "primary:", 8) == 0 ||
            strncmp(s, "family:", 7) == 0 || strncmp(s, "goal:", 5) == 0 ||
            strncmp(s, "slides:", 7) == 0 || strncmp(s, "steps:", 6) == 0)
            return SCAN_NATIVE;
        if (fmt_db_line_looks_like(s)) return SCAN_DB;
        if (strspn(s, "-0123456789abcdef") == strlen(s)) return SCAN_KOTLIN;
        scan_error(err, src, src->line[k].lineno,
                   "cannot tell the format of this file (try --format)");
        return SCAN_AUTO;
    }
    scan_error(err, src, 0, "no puzzle in this file");
    return SCAN_AUTO;
}

/* Error messages quote the input (a character, a name, a chunk of a picture): any byte that is
 * not printable ASCII is written as \xHH, so that a message is always one line of plain text. */
int scan_escape(char *err)
{
    char copy[SCAN_ERR_MAX];
    size_t n = 0;
    for (const unsigned char *c = (const unsigned char *)err; *c && n + 5 < sizeof copy; c++)
        if (*c >= 0x20 && *c < 0x7F) copy[n++] = (char)*c;
        else n += (size_t)snprintf(copy + n, sizeof copy - n, "\\x%02x", *c);
    copy[n] = '\0';
    memcpy(err, copy, n + 1);
    return -1;
}

/* A file's or a folder's puzzles gather in a list of their own, so that a bad file appends
 * nothing to `out`. A streaming `out` (one with a sink) is emptied into its sink first and
 * lends it, so that the puzzles reach the sink in order without piling up. */
static puzzle_list scratch_for(puzzle_list *out)
{
    puzzle_list found = {0};
    if (out->sink) {
        puzzle_list_flush(out);
        found.sink = out->sink;
        found.sink_ctx = out->sink_ctx;
    }
    return found;
}

/* Moves what `found` holds to `out` when rc is not an error; returns the puzzles it had
 * (handed to the sink or held), or -1. */
static int take_found(puzzle_list *out, puzzle_list *found, int rc)
{
    int n = found->count + (int)found->handed;
    out->handed += found->handed;
    if (rc < 0) {
        puzzle_list_free(found);
        return -1;
    }
    puzzle_list_take(out, found);
    return n;
}

static int read_text(const char *path, const char *text, size_t len, scan_format format,
                     puzzle_list *out, char *err)
{
    scan_source src = {path, NULL, 0};
    static const char bom[] = "\xEF\xBB\xBF";   /* a UTF-8 byte-order mark, as editors save */
    if (len >= 3 && memcmp(text, bom, 3) == 0) text += 3, len -= 3;
    if (len == 0) return scan_error(err, &src, 0, "empty file");
    if (format == SCAN_IMAGE || (format == SCAN_AUTO && is_image((const unsigned char *)text, len)))
        return fmt_image_read(path, (const unsigned char *)text, len, out, err) ? -1 : 1;
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)text[i];
        if (c == 0 || (c < 0x20 && c != '\n' && c != '\r' && c != '\t') || c == 0x7F)
            return scan_error(err, &src, 0, "binary file (byte 0x%02x at offset %zu), not a puzzle",
                              c, i);
    }

    char *copy = xmalloc(len + 1);
    memcpy(copy, text, len);
    copy[len] = '\0';
    split_lines(copy, &src);

    puzzle_list found = scratch_for(out);
    if (format == SCAN_AUTO) format = detect(&src, err);
    int rc = -1;
    switch (format) {
    case SCAN_AUTO: break;   /* detect() has set err */
    case SCAN_NATIVE: rc = fmt_native_read(&src, &found, err); break;
    case SCAN_DB: rc = fmt_db_read(&src, &found, err); break;
    case SCAN_KOTLIN: rc = fmt_kotlin_read(&src, &found, err); break;
    case SCAN_CSHARP: rc = fmt_csharp_read(&src, &found, err); break;
    case SCAN_PYTHON: rc = fmt_python_read(&src, &found, err); break;
    case SCAN_IMAGE: break;  /* handled above */
    }
    if (rc == 0 && found.count + found.handed == 0)
        rc = scan_error(err, &src, 0, "no puzzle in this file");
    free(src.line);
    free(copy);
    return take_found(out, &found, rc);
}

/* Reads a whole stream, up to SCAN_MAX_BYTES. Stops early on what cannot be a puzzle file: NUL
 * bytes in a first block that is not a picture (/dev/zero, a binary). Returns 0, or -1 with
 * *why set (errno is kept for a read error, *why NULL). */
static int read_all(FILE *f, char **data, size_t *len, const char **why)
{
    size_t cap = 0, n = 0;
    char *buf = NULL;
    GROW(buf, cap, 1, 1 << 16);
    size_t got;
    *why = NULL;
    while ((got = fread(buf + n, 1, cap - n, f)) > 0) {
        bool first = n == 0;
        n += got;
        if (first && !is_image((const unsigned char *)buf, n) && memchr(buf, '\0', n)) {
            *why = "binary file (NUL bytes), not a puzzle";
            break;
        }
        if (n > SCAN_MAX_BYTES) {
            *why = "larger than " SCAN_MAX_TEXT "; split it into smaller files";
            break;
        }
        GROW(buf, cap, n + 1, 1 << 16);
    }
    if (*why || ferror(f)) {
        free(buf);
        return -1;
    }
    *data = buf;
    *len = n;
    return 0;
}

int scan_read_file(const char *path, char **data, size_t *len, char *err)
{
    /* Standard input can be read once: keep it, so that a program may read its input twice
     * (a validating pass, then the work). */
    static char *stdin_data;
    static size_t stdin_len;
    bool from_stdin = strcmp(path, "-") == 0;
    if (from_stdin && stdin_data) {
        *data = xmalloc(stdin_len + 1);
        memcpy(*data, stdin_data, stdin_len);
        *len = stdin_len;
        return 0;
    }
    FILE *f = from_stdin ? stdin : fopen(path, "rb");
    if (!f) {
        snprintf(err, SCAN_ERR_MAX, "%s: %s", path, strerror(errno));
        return -1;
    }
    const char *why;
    int rc = read_all(f, data, len, &why);
    int saved = errno;
    if (f != stdin) fclose(f);
    if (rc) snprintf(err, SCAN_ERR_MAX, "%s: %s", path, why ? why : strerror(saved));
    if (rc == 0 && from_stdin) {
        stdin_data = xmalloc(*len + 1);
        memcpy(stdin_data, *data, *len);
        stdin_len = *len;
    }
    return rc;
}

int scan_text(const char *path, const char *text, size_t len, scan_format format,
              puzzle_list *out, char *err)
{
    int rc = read_text(path, text, len, format, out, err);
    return rc < 0 ? scan_escape(err) : rc;
}

static int scan_file(const char *path, scan_format format, puzzle_list *out, char *err)
{
    char *data;
    size_t len;
    if (scan_read_file(path, &data, &len, err)) return -1;
    int rc = read_text(strcmp(path, "-") == 0 ? "<stdin>" : path, data, len, format, out, err);
    free(data);
    return rc;
}

static bool wanted_in_directory(const char *name)
{
    static const char *const endings[] = {".txt", ".ub", ".png", ".jpg", ".jpeg"};
    size_t n = strlen(name);
    if (name[0] == '.') return false;
    for (size_t i = 0; i < sizeof endings / sizeof *endings; i++) {
        size_t e = strlen(endings[i]);
        if (n > e && strcasecmp(name + n - e, endings[i]) == 0) return true;
    }
    return false;
}

static int compare_names(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The folders a walk has entered, by device and inode: a link back up the tree is entered
 * once, not again and again. */
typedef struct {
    struct { dev_t dev; ino_t ino; } *seen;
    int count, cap;
} walk;

static bool walk_enter(walk *w, const struct stat *st)
{
    for (int i = 0; i < w->count; i++)
        if (w->seen[i].dev == st->st_dev && w->seen[i].ino == st->st_ino) return false;
    GROW(w->seen, w->cap, w->count + 1, 16);
    w->seen[w->count].dev = st->st_dev;
    w->seen[w->count++].ino = st->st_ino;
    return true;
}

static int scan_directory(const char *path, scan_format format, walk *w, puzzle_list *out,
                          char *err)
{
    DIR *d = opendir(path);
    if (!d) {
        snprintf(err, SCAN_ERR_MAX, "%s: %s", path, strerror(errno));
        return -1;
    }
    char **names = NULL;
    int count = 0, cap = 0;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        if (e->d_name[0] == '.') continue;
        GROW(names, cap, count + 1, 32);
        names[count++] = xstrdup(e->d_name);
    }
    closedir(d);
    qsort(names, (size_t)count, sizeof *names, compare_names);

    puzzle_list found = scratch_for(out);
    int rc = 0;
    for (int i = 0; i < count && rc >= 0; i++) {
        size_t n = strlen(path) + strlen(names[i]) + 2;
        char *child = xmalloc(n);
        snprintf(child, n, "%s%s%s", path, path[strlen(path) - 1] == '/' ? "" : "/", names[i]);
        struct stat st;
        if (stat(child, &st) != 0) {
            /* A dangling link is not a puzzle; anything else unreadable is an error. */
            if (errno != ENOENT) rc = -1, snprintf(err, SCAN_ERR_MAX, "%s: %s", child, strerror(errno));
        } else if (S_ISDIR(st.st_mode)) {
            /* Folders named _x hold sets too large for a default run: read only when named. */
            if (names[i][0] != '_' && walk_enter(w, &st))
                rc = scan_directory(child, format, w, &found, err);
        } else if (!wanted_in_directory(names[i])) {
        } else if (!S_ISREG(st.st_mode)) {
            /* A FIFO or a device would block or never end: say so and go on. */
            fprintf(stderr, "%s: skipped: not a regular file\n", child);
        } else
            rc = scan_file(child, format, &found, err);
        free(child);
    }
    for (int i = 0; i < count; i++) free(names[i]);
    free(names);
    return take_found(out, &found, rc);
}

int scan_path(const char *path, scan_format format, puzzle_list *out, char *err)
{
    struct stat st;
    int rc;
    if (strcmp(path, "-") != 0 && stat(path, &st) == 0 && S_ISDIR(st.st_mode)) {
        walk w = {0};
        walk_enter(&w, &st);
        rc = scan_directory(path, format, &w, out, err);
        free(w.seen);
    } else
        rc = scan_file(path, format, out, err);
    return rc < 0 ? scan_escape(err) : rc;
}
