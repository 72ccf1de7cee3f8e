/* test_helpers.c -- what the test helpers promise the tests: a scratch folder lasts as long as
 * the test that made it. */
#include <criterion/criterion.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "tests/helpers.h"

TestSuite(helpers, .fini = th_check_leaks);

/* The folder a test leaves behind, for the test below: a file, and a folder inside it that
 * nobody may write to or enter. Run alone it passes; UB_SCRATCH_PROBE_OUT names the file that
 * receives its path. */
Test(helpers, scratch_probe)
{
    char dir[64], path[128];
    th_scratch(dir);
    snprintf(path, sizeof path, "%s/closed", dir);
    cr_assert_eq(mkdir(path, 0700), 0);
    snprintf(path, sizeof path, "%s/closed/file.txt", dir);
    FILE *f = fopen(path, "w");
    cr_assert_not_null(f);
    cr_assert_eq(fclose(f), 0);
    snprintf(path, sizeof path, "%s/closed", dir);
    cr_assert_eq(chmod(path, 0), 0);
    const char *out = getenv("UB_SCRATCH_PROBE_OUT");
    if (!out) return;
    f = fopen(out, "w");
    cr_assert_not_null(f);
    cr_assert_gt(fprintf(f, "%s", dir), 0);
    cr_assert_eq(fclose(f), 0);
}

/* Runs scratch_probe in a Criterion run of its own (keep: with UB_KEEP_SCRATCH=1); returns the
 * folder it made, into made (128 bytes), by way of a file in dir. */
static void run_probe(const char *dir, bool keep, char *made)
{
    char cmd[512], *out, *err;
    snprintf(cmd, sizeof cmd, "env -u BXFI_MAP %s UB_SCRATCH_PROBE_OUT=%s/made /proc/%d/exe "
             "--filter helpers/scratch_probe", keep ? "UB_KEEP_SCRATCH=1" : "", dir, (int)getpid());
    cr_assert_eq(th_run(cmd, &out, &err), 0, "%s", err);
    free(out), free(err);
    snprintf(cmd, sizeof cmd, "%s/made", dir);
    FILE *f = fopen(cmd, "r");
    cr_assert_not_null(f);
    cr_assert_not_null(fgets(made, 128, f));
    fclose(f);
    cr_assert_eq(strncmp(made, "/tmp/ubtest-", 12), 0, "%s", made);
}

/* Reproduced on main: every scratch folder stayed in /tmp, about 400 an hour of test runs. */
Test(helpers, a_scratch_folder_goes_when_its_test_ends)
{
    char dir[64], cmd[512], made[128], *out, *err;
    th_scratch(dir);
    run_probe(dir, false, made);
    cr_assert_neq(access(made, F_OK), 0, "%s is still there", made);
    /* Kept on request, to look into a failure. */
    run_probe(dir, true, made);
    cr_assert_eq(access(made, F_OK), 0, "%s is gone", made);
    snprintf(cmd, sizeof cmd, "chmod -R u+rwx %s && rm -rf %s", made, made);
    cr_assert_eq(th_run(cmd, &out, &err), 0, "%s", err);
    free(out), free(err);
}
