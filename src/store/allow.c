/* isolab store: the functions SQL from files and users may call: SQLite's
 * ordinary ones and isolab's own; not fts3_tokenizer, load_extension,
 * readfile, SQLite's internals, or any function a future library adds. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "isolab/manage.h"
#include "isolab/names.h"
#include "isolab/surface.h"
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

static isl_status exists_row(void *ctx, sqlite3_stmt *q)
{
    *(int *)ctx = sqlite3_column_int(q, 0);
    return ISL_OK;
}

/* The names SQL from files compares a column with ("channel = 'x'"): the
 * column's name, the query telling whether the model has one so named, and the
 * model's names of that kind with their word, for the hint (names.h); a
 * status (no query) is a word of the core's vocabulary (status_hint). */
static const struct {
    const char *column, *sql, *names, *whats;
} NAMED[] = {
    {"channel", "SELECT EXISTS (SELECT 1 FROM channel WHERE name = ?1)",
     "SELECT name FROM channel ORDER BY position, name", "channels"},
    {"bundle", "SELECT EXISTS (SELECT 1 FROM bundle WHERE name = ?1)",
     "SELECT name FROM bundle ORDER BY position, name", "bundles"},
    {"fact", "SELECT EXISTS (SELECT 1 FROM fact WHERE name = ?1)", "SELECT name FROM fact ORDER BY position", "facts"},
    {"lesson", "SELECT EXISTS (SELECT 1 FROM lesson WHERE code = ?1)", "SELECT code FROM lesson ORDER BY position",
     "lessons"},
    {"mechanism", "SELECT EXISTS (SELECT 1 FROM mechanism WHERE name = ?1)",
     "SELECT name FROM mechanism ORDER BY position, name", "mechanisms"},
    {"axis", "SELECT EXISTS (SELECT 1 FROM axis WHERE name = ?1)", "SELECT name FROM axis ORDER BY name", "axes"},
    {"status", NULL, NULL, "statuses"},
};

/* The status words as stored (isl_fact_state_name): visible to closed. */
static const char *status_at(const void *ctx, size_t i)
{
    (void)ctx;
    return isl_fact_state_name((isl_fact_state)(ISL_FACT_VISIBLE + i));
}

/* For a status compared with the word name: 0 when name is a status as
 * stored, or near none (a status of another table, a probe step's 'ok');
 * else 1 and its hint in out[n]: the stored word a printed form
 * ('RETURNS', 'left open') names, else the words within 2 edits. */
static int status_hint(const char *name, char *out, size_t n)
{
    enum { WORDS = ISL_FACT_CLOSED - ISL_FACT_VISIBLE + 1 };
    isl_fact_state st = isl_fact_state_of(name);
    if (st != ISL_FACT_ABSENT && !strcmp(name, isl_fact_state_name(st))) return 0;
    const char *as = st != ISL_FACT_ABSENT ? isl_fact_state_name(st) : name;
    size_t near = 0;
    for (size_t i = 0; i < WORDS && !near; i++) near = isl_edit_distance(as, status_at(NULL, i), 2) <= 2;
    if (near) isl_name_hint(as, status_at, NULL, WORDS, "statuses", out, n);
    return near != 0;
}

/* The entry of NAMED for the column compared with the literal at lit
 * ("[x.]channel = 'lit'", "==" too), or -1. */
static int named_column(const char *sql, const char *lit)
{
    const char *p = lit;
    while (p > sql && strchr(" \t\r\n", p[-1])) p--;
    if (p == sql || p[-1] != '=') return -1;
    p--;
    if (p > sql && p[-1] == '=') p--;
    while (p > sql && strchr(" \t\r\n", p[-1])) p--;
    const char *end = p;
    while (p > sql && (isalnum((unsigned char)p[-1]) || p[-1] == '_')) p--;
    for (int i = 0; i < (int)(sizeof NAMED / sizeof *NAMED); i++)
        if (strlen(NAMED[i].column) == (size_t)(end - p) && sqlite3_strnicmp(p, NAMED[i].column, (int)(end - p)) == 0)
            return i;
    return -1;
}

isl_status isl_sql_unmatched_names(isl_store *s, const char *sql, const char *lead, char *out, size_t n,
                                   isl_error *err)
{
    size_t used = 0;
    for (const char *p = sql; *p; p++) {
        if (*p != '\'') continue;
        const char *lit = p++;
        char name[200];
        size_t len = 0;
        for (; *p && !(p[0] == '\'' && p[1] != '\''); p++) {
            if (p[0] == '\'') p++; /* '' is one quote */
            if (len + 1 < sizeof name) name[len++] = *p;
        }
        name[len] = '\0';
        if (!*p) break;
        int k = named_column(sql, lit), found = 1;
        if (k < 0) continue;
        char hint[ISL_HINT_MAX];
        if (!NAMED[k].sql) found = !status_hint(name, hint, sizeof hint);
        else {
            isl_status st = isl_db_rows(s, "reading the model's names", NAMED[k].sql, exists_row, &found, err, "t", name);
            if (st) return st;
            if (!found) isl_store_name_hint(s, NAMED[k].names, name, NAMED[k].whats, hint, sizeof hint);
        }
        if (found) continue;
        int w = snprintf(out + used, n - used, "%s%s no %s named '%s'%s", used ? "" : lead, used ? ";" : ":",
                         NAMED[k].column, name, hint);
        if (w < 0 || (size_t)w >= n - used) break;
        used += (size_t)w;
    }
    return ISL_OK;
}
