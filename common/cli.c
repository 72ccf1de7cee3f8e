/* cli.c -- option parsing and small output helpers shared by the programs. */
#include "cli.h"

#include <stdlib.h>
#include <string.h>

int cli_parse_solvers(const char *prog, const char *list, const solver **out)
{
    int n = 0;
    if (strcmp(list, "all") == 0) {
        for (int i = 0; solver_all[i] && n < CLI_MAX_SOLVERS; i++) out[n++] = solver_all[i];
        return n;
    }
    char copy[256];
    snprintf(copy, sizeof copy, "%s", list);
    for (char *name = strtok(copy, ","); name; name = strtok(NULL, ",")) {
        const solver *s = solver_find(name);
        if (!s) {
            fprintf(stderr, "%s: unknown solver '%s' (see --list)\n", prog, name);
            return -1;
        }
        if (n == CLI_MAX_SOLVERS) {
            fprintf(stderr, "%s: too many solvers in '%s'\n", prog, list);
            return -1;
        }
        out[n++] = s;
    }
    if (n == 0) fprintf(stderr, "%s: no solver named in '%s'\n", prog, list);
    return n ? n : -1;
}

int cli_parse_format(const char *prog, const char *text, scan_format *out)
{
    int f = scan_format_from_name(text);
    if (f < 0) {
        fprintf(stderr, "%s: unknown format '%s' (see --help)\n", prog, text);
        return -1;
    }
    *out = (scan_format)f;
    return 0;
}

int cli_parse_count(const char *prog, const char *option, const char *text, bool bytes,
                    unsigned long long *out)
{
    char *end;
    if (text[0] < '0' || text[0] > '9') goto bad;
    unsigned long long v = strtoull(text, &end, 10);
    unsigned long long unit = 1, base = bytes ? 1024 : 1000;
    if (*end == 'K' || *end == 'k') unit = base, end++;
    else if (*end == 'M') unit = base * base, end++;
    else if (*end == 'G') unit = base * base * base, end++;
    if (*end != '\0' || v > ~0ull / unit) goto bad;
    *out = v * unit;
    return 0;
bad:
    fprintf(stderr, "%s: %s: '%s' is not a count\n", prog, option, text);
    return -1;
}

int cli_parse_seconds(const char *prog, const char *option, const char *text, double *out)
{
    char *end;
    double v = strtod(text, &end);
    if (end == text || *end != '\0' || !(v >= 0) || v > 1e9) {
        fprintf(stderr, "%s: %s: '%s' is not a number of seconds\n", prog, option, text);
        return -1;
    }
    *out = v;
    return 0;
}

const char *cli_value(const char *prog, int argc, char **argv, int *i, const char *name,
                      bool *bad)
{
    size_t n = strlen(name);
    const char *arg = argv[*i];
    if (strncmp(arg, name, n) != 0) return NULL;
    if (arg[n] == '=') return arg + n + 1;
    if (arg[n] != '\0') return NULL;
    if (*i + 1 >= argc) {
        fprintf(stderr, "%s: %s needs a value\n", prog, name);
        *bad = true;
        return NULL;
    }
    return argv[++*i];
}

int cli_budget_option(const char *prog, int argc, char **argv, int *i, solver_budget *budget)
{
    bool bad = false;
    const char *v;
    unsigned long long n;
    if ((v = cli_value(prog, argc, argv, i, "--max-states", &bad))) {
        if (cli_parse_count(prog, "--max-states", v, false, &n)) return -1;
        budget->max_states = n;
    } else if ((v = cli_value(prog, argc, argv, i, "--max-bytes", &bad))) {
        if (cli_parse_count(prog, "--max-bytes", v, true, &n)) return -1;
        budget->max_bytes = n;
    } else if ((v = cli_value(prog, argc, argv, i, "--max-seconds", &bad))) {
        if (cli_parse_seconds(prog, "--max-seconds", v, &budget->max_seconds)) return -1;
    } else
        return bad ? -1 : 0;
    return 1;
}

void cli_print_solvers(FILE *f)
{
    fprintf(f, "%-12s %-9s %s\n", "solver", "optimal", "summary");
    for (int i = 0; solver_all[i]; i++)
        fprintf(f, "%-12s %-9s %s\n", solver_all[i]->name,
                solver_guarantee_name(solver_all[i]->guarantee), solver_all[i]->summary);
}

void cli_json_string(FILE *f, const char *s)
{
    fputc('"', f);
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\') fprintf(f, "\\%c", c);
        else if (c == '\n') fputs("\\n", f);
        else if (c < 0x20) fprintf(f, "\\u%04x", c);
        else fputc(c, f);
    }
    fputc('"', f);
}
