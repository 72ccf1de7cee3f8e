/* instant.c -- an external solver that answers every request at once ("unknown ID"), in C: what
 * scripts/external-overhead.sh measures the harness's own cost with. */
#include <stdio.h>

int main(void)
{
    char line[512];
    unsigned long long id;
    puts("ubp 1 name=instant");
    fflush(stdout);
    while (fgets(line, sizeof line, stdin))
        if (sscanf(line, "solve %llu", &id) == 1) {
            printf("unknown %llu\n", id);
            fflush(stdout);
        }
    return 0;
}
