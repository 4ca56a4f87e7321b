/* isolab: a lesson's lines, its own tables (lesson_table) run in their places (lesson_table.c). */
#ifndef ISOLAB_LESSON_TABLE_H
#define ISOLAB_LESSON_TABLE_H

#include "isolab/store.h"

/* The lines of `lesson` in lesson_report, one per call of fn (none without a
 * focus or current results), each of its own tables (lesson_table) run and
 * laid out in the place lesson_report gives it. */
isl_status isl_store_lesson_lines(isl_store *s, const char *lesson, isl_line_fn fn, void *ctx, isl_error *err);
/* The same for every lesson of lesson_report, in its order, fn given the
 * lesson of each line. */
typedef isl_status (*isl_lesson_line_fn)(void *ctx, const char *lesson, const char *line);
isl_status isl_store_lessons_lines(isl_store *s, isl_lesson_line_fn fn, void *ctx, isl_error *err);

#endif
