/* fuzz_results.c -- libFuzzer target: the readers of the harness's own files (CSV and JSON
 * results, as bench verify, merge, compare and --resume read them, perhaps after a user edited
 * them), and the summary and meta at a results.json's end (bench report, merge). Every input
 * must be refused in one printable line, or read into rows that write back and read again to
 * the same rows. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench/report.h"
#include "tests/fuzz/fuzz.h"

static FILE *written(const report *r, bool json, char **buf, size_t *len)
{
    FILE *f = open_memstream(buf, len);
    if (json) {
        json_t *meta = json_object();
        report_write_json(r, meta, f);
        json_decref(meta);
    } else
        report_write_csv(r, f);
    fclose(f);
    return fmemopen(*buf, *len, "r");
}

/* The end of a results.json, as bench report and merge read its summary and meta: refused in
 * one printable line, or both members there. */
static void closing(const uint8_t *data, size_t size)
{
    char *text = malloc(size + 1), err[REPORT_ERR_MAX];
    memcpy(text, data, size);
    text[size] = '\0';
    json_t *doc = report_parse_closing(text, "fuzz.json", err);
    if (!doc) fuzz_check_message(err);
    else if (!json_object_get(doc, "summary") || !json_object_get(doc, "meta")) abort();
    json_decref(doc);
    free(text);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    closing(data, size);
    FILE *f = fmemopen((void *)data, size, "r");
    if (!f) return 0;
    report r = {0};
    char err[REPORT_ERR_MAX];
    int rc = report_read_stream(f, "fuzz.csv", &r, err);
    fclose(f);
    if (rc) {
        fuzz_check_message(err);
        report_free(&r);
        return 0;
    }
    for (int json = 0; json < 2; json++) {
        char *buf;
        size_t len;
        FILE *back = written(&r, json, &buf, &len);
        report again = {0};
        if (report_read_stream(back, "again", &again, err) != 0 || again.count != r.count) abort();
        for (int i = 0; i < r.count; i++) {
            char *a = NULL, *b = NULL;
            size_t la, lb;
            report one = {&r.row[i], 1, 1}, two = {&again.row[i], 1, 1};
            FILE *fa = open_memstream(&a, &la), *fb = open_memstream(&b, &lb);
            report_write_csv(&one, fa);
            report_write_csv(&two, fb);
            fclose(fa);
            fclose(fb);
            if (la != lb || memcmp(a, b, la) != 0) { fprintf(stderr, "A:%s\nB:%s\n", a, b); abort(); }
            free(a);
            free(b);
        }
        fclose(back);
        free(buf);
        report_free(&again);
    }
    report_free(&r);
    return 0;
}
