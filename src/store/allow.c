/* isolab store: the functions SQL from files and users may call: SQLite's
 * ordinary ones and isolab's own; not fts3_tokenizer, load_extension,
 * readfile, SQLite's internals, or any function a future library adds. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "isolab/manage.h"
#include "isolab/names.h"
#include "allow.h"
#include "store_int.h"

/* Sorted (strcmp) for a binary search. */
static const char *const ALLOWED[] = {
    "->", "->>", "abs", "acos", "acosh", "asin", "asinh", "atan", "atan2", "atanh", "avg", "ceil", "ceiling",
    "changes", "char", "coalesce", "concat", "concat_ws", "cos", "cosh", "count", "cume_dist", "current_date",
    "current_time", "current_timestamp", "date", "datetime", "degrees", "dense_rank", "exp", "first_value",
    "floor", "format", "glob", "group_concat", "hex", "ifnull", "iif", "instr", "json", "json_array",
    "json_array_length", "json_error_position", "json_extract", "json_group_array", "json_group_object",
    "json_insert", "json_object", "json_patch", "json_pretty", "json_quote", "json_remove", "json_replace",
    "json_set", "json_type", "json_valid", "julianday", "lag", "last_insert_rowid", "last_value", "lead",
    "length", "like", "likelihood", "likely", "ln", "log", "log10", "log2", "lower", "ltrim", "max", "min",
    "mod", "nth_value", "ntile", "nullif", "octet_length", "percent_rank", "pi", "pow", "power", "printf",
    "quote", "radians", "random", "randomblob", "rank", "replace", "round", "row_number", "rtrim", "sign",
    "sin", "sinh", "sqlite_version", "sqrt", "strftime", "string_agg", "substr", "substring", "sum", "tan",
    "tanh", "time", "timediff", "total", "total_changes", "trim", "trunc", "typeof", "unhex", "unicode",
    "unixepoch", "unlikely", "upper", "zeroblob",
};

/* sqlite3_stricmp folds to lower case: the order of the lower-case list */
static int cmp(const void *name, const void *entry) { return sqlite3_stricmp(name, *(const char *const *)entry); }

int isl_sql_function_allowed(const char *name)
{
    if (!name || strlen(name) >= 32) return 0;
    /* isolab's own (the extension's and the store's): SQL text cannot
     * register a function, so the prefix names only isolab's */
    if (!sqlite3_strnicmp(name, "isolab_", 7) || !sqlite3_strnicmp(name, "isl_", 4)) return 1;
    return bsearch(name, ALLOWED, sizeof ALLOWED / sizeof ALLOWED[0], sizeof ALLOWED[0], cmp) != NULL;
}

int isl_sql_table_allowed(const char *name)
{
    static const char *const UNBOUNDED[] = {"isolab_frontier", "isolab_smallest", "isolab_marginal"};
    for (size_t i = 0; name && i < sizeof UNBOUNDED / sizeof UNBOUNDED[0]; i++)
        if (!sqlite3_stricmp(name, UNBOUNDED[i])) return 0;
    return 1;
}

void isl_sql_name_hint(isl_store *s, const char *sql, char *why, size_t n)
{
    static const char TABLE[] = "no such table: ", COLUMN[] = "no such column: ";
    int table = strncmp(why, TABLE, sizeof TABLE - 1) == 0;
    if (!table && strncmp(why, COLUMN, sizeof COLUMN - 1) != 0) return;
    const char *name = why + (table ? sizeof TABLE : sizeof COLUMN) - 1, *dot = strrchr(name, '.');
    if (dot) name = dot + 1;
    char *names = table ? sqlite3_mprintf("%s", "SELECT name FROM sqlite_schema WHERE type IN ('table', 'view') "
                                          "AND name NOT LIKE 'sqlite%' ORDER BY name")
                        : sqlite3_mprintf("SELECT DISTINCT p.name FROM sqlite_schema m, pragma_table_info(m.name) p "
                                          "WHERE m.type IN ('table', 'view') AND m.name NOT LIKE 'sqlite%%' "
                                          "AND instr(lower(%Q), lower(m.name)) > 0 ORDER BY 1", sql);
    char hint[ISL_HINT_MAX] = "";
    if (names)
        isl_store_name_hint(s, names, name, table ? "tables and views" : "columns of the tables and views it names",
                            hint, sizeof hint);
    sqlite3_free(names);
    size_t len = strlen(why);
    snprintf(why + len, n - len, "%s", hint);
}
