/* isolab: a lesson's lines, its own tables (lesson_table) run in their places (lesson_table.c). */
#ifndef ISOLAB_LESSON_TABLE_H
#define ISOLAB_LESSON_TABLE_H

#include <stdint.h>

#include "isolab/export.h"
#include "isolab/store.h"

/* The lines of `lesson` in lesson_report, one per call of fn (none without a
 * focus or current results), each of its own tables (lesson_table) run and
 * laid out in the place lesson_report gives it. */
isl_status isl_store_lesson_lines(isl_store *s, const char *lesson, isl_line_fn fn, void *ctx, isl_error *err);
/* The same for every lesson of lesson_report, in its order, fn given the
 * lesson of each line. */
typedef isl_status (*isl_lesson_line_fn)(void *ctx, const char *lesson, const char *line);
isl_status isl_store_lessons_lines(isl_store *s, isl_lesson_line_fn fn, void *ctx, isl_error *err);

/* The rows of lesson's own table at position (lesson_table), run as
 * 'isolab lesson' prints them (at most 1000; values cut at 200 bytes): its
 * column names, then each row, to fn. why[n] is "" or says what is not
 * shown: the query cannot run now (and then nothing goes to fn), or more
 * rows were left out. Nothing when the lesson has no table there. */
isl_status isl_store_lesson_table_rows(isl_store *s, const char *lesson, int64_t position, isl_row_fn fn, void *ctx,
                                       char *why, size_t n, isl_error *err);

/* The sweeps (samples, removal, addition: bits 1u << kind, kind.h) of
 * lesson under its focus: those whose standard tables it prints
 * (lesson_blocks.sweep; the page draws their plots) into *printed, and
 * those 'isolab lesson' computes for it into *computed (when not NULL):
 * these, and the sweeps its own tables (lesson_table) or its claims read,
 * so that each is shown and checkable (a query that does not compile
 * reads none). */
isl_status isl_store_lesson_sweeps(isl_store *s, const char *lesson, unsigned *printed, unsigned *computed,
                                   isl_error *err);

#endif
