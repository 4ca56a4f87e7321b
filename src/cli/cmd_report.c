/* isolab report: print saved queries' lines from the database. */
#include <string.h>

#include "isolab/cli.h"
#include "isolab/embedded.h"

/* The lesson's tables, in the order the lesson prints them. */
static const char *const LESSON_BLOCKS[] = {
    "lesson_header", "resource_axis", "channel_facts", "bundle_table",
    "channel_table", "sample_table", "removal_summary", "addition_table", NULL,
};

static isl_status print_line(void *ctx, const char *line)
{
    FILE *out = ctx;
    fputs(line ? line : "", out);
    fputc('\n', out);
    return ferror(out) ? ISL_EDB : ISL_OK;
}

/* Nonzero when name is one of the saved queries built into isolab. */
static int is_saved_query(const char *name)
{
    size_t n = strlen(name);
    for (size_t i = 0; i < isl_query_count; i++)
        if (strlen(isl_query_files[i].name) == n + 4 && !strncmp(isl_query_files[i].name, name, n)) return 1;
    return 0;
}

int isl_report_views(isl_cli *cli, isl_store *s, const char *const *names, size_t n)
{
    isl_error err;
    isl_error_clear(&err);
    char sql[200];
    for (size_t i = 0; i < n; i++) {
        if (i) fputc('\n', cli->out);
        /* names are checked against the saved queries' own names */
        snprintf(sql, sizeof sql, "SELECT line FROM \"%s\"", names[i]);
        if (isl_store_lines(s, sql, print_line, cli->out, &err)) return isl_report(&err);
    }
    return ISL_OK;
}

int isl_report_lesson(isl_cli *cli, isl_store *s)
{
    return isl_report_views(cli, s, LESSON_BLOCKS, sizeof LESSON_BLOCKS / sizeof *LESSON_BLOCKS - 1);
}

int isl_cmd_report(isl_cli *cli, int argc, char **argv)
{
    for (int i = 1; i < argc; i++) {
        if (argv[i][0] == '-') return isl_usage_error("report", "unknown option '%s'", argv[i]);
        if (!is_saved_query(argv[i])) return isl_usage_error("report", "no saved query named '%s'", argv[i]);
    }
    isl_store *s;
    int rc = isl_cli_open(cli, &s);
    if (rc) return rc;
    if (argc > 1) rc = isl_report_views(cli, s, (const char *const *)(argv + 1), (size_t)argc - 1);
    else rc = isl_report_lesson(cli, s);
    isl_store_close(s);
    return rc;
}
