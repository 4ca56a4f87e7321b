/* isolab store: the models runs used, kept once per digest (model_record),
 * what changed between two of them, and one written back as seed SQL. */
#include <string.h>

#include "isolab/history.h"
#include "isolab/provenance.h"
#include "store_int.h"

/* The model tables' rows as (item, name, attr, value), ?1 the digest; an
 * ordered subquery gives each list its order. */
static const char KEEP[] =
    "INSERT OR IGNORE INTO model_record(digest, item, name, attr, value) "
    "SELECT ?1, 'axis', name, '', '' FROM axis "
    "UNION ALL SELECT ?1, 'fact', name, 'axis', axis FROM fact "
    "UNION ALL SELECT ?1, 'fact', name, 'position', position FROM fact "
    "UNION ALL SELECT ?1, 'mechanism', name, 'position', position FROM mechanism "
    "UNION ALL SELECT ?1, 'mechanism', m.name, 'axes', (SELECT group_concat(axis, ',') FROM (SELECT axis FROM "
    "  mechanism_axis WHERE mechanism = m.name ORDER BY axis)) FROM mechanism m "
    "UNION ALL SELECT ?1, 'mechanism', m.name, 'left_open', (SELECT group_concat(fact, ',') FROM (SELECT x.fact "
    "  FROM left_open x JOIN fact f ON f.name = x.fact WHERE x.mechanism = m.name ORDER BY f.position)) "
    "  FROM mechanism m "
    "UNION ALL SELECT ?1, 'bundle', name, 'position', position FROM bundle "
    "UNION ALL SELECT ?1, 'bundle', b.name, 'members', (SELECT group_concat(mechanism, ',') FROM (SELECT "
    "  mechanism FROM bundle_member WHERE bundle = b.name ORDER BY position)) FROM bundle b "
    "UNION ALL SELECT ?1, 'lesson', code, 'title', title FROM lesson WHERE code IN (SELECT lesson FROM channel) "
    "UNION ALL SELECT ?1, 'lesson', code, 'position', position FROM lesson WHERE code IN (SELECT lesson FROM channel) "
    "UNION ALL SELECT ?1, 'channel', name, 'lesson', lesson FROM channel "
    "UNION ALL SELECT ?1, 'channel', name, 'cost_pct', cost_pct FROM channel "
    "UNION ALL SELECT ?1, 'channel', name, 'position', position FROM channel "
    "UNION ALL SELECT ?1, 'channel', c.name, 'facts', (SELECT group_concat(fact, ',') FROM (SELECT x.fact FROM "
    "  channel_fact x JOIN fact f ON f.name = x.fact WHERE x.channel = c.name "
    "  ORDER BY x.position IS NULL, x.position, f.position)) FROM channel c "
    "UNION ALL SELECT ?1, 'channel', c.name, 'parts', (SELECT group_concat(part, ',') FROM (SELECT part FROM "
    "  channel_part WHERE channel = c.name ORDER BY position, part)) FROM channel c "
    "UNION ALL SELECT ?1, 'setting', key, 'value', value FROM setting "
    "UNION ALL SELECT ?1, 'sample_count', n, '', '' FROM sample_count";

isl_status isl_store_keep_model(isl_store *s, const char *digest, isl_error *err)
{
    int kept = 0;
    isl_status st = isl_db_rows(s, "keeping the run's model", "SELECT 1 FROM model_record WHERE digest = ?1 LIMIT 1",
                                isl_base_count, &kept, err, "t", digest);
    if (!st && !kept) st = isl_db_rows(s, "keeping the run's model", KEEP, NULL, NULL, err, "t", digest);
    return st;
}

/* The changes from run ?1's model to run ?2's, as lines, in model order:
 * an item only the second has ("+ fact new-fact on kernel"), one only the
 * first has ("- ..."), and each attribute whose value changed ("channel
 * sampling-profile cost_pct 3 -> 5"). */
static const char DIFF[] =
    "WITH a AS (SELECT m.* FROM model_record m JOIN run r ON r.model_digest = m.digest WHERE r.id = ?1),"
    " b AS (SELECT m.* FROM model_record m JOIN run r ON r.model_digest = m.digest WHERE r.id = ?2),"
    " ab AS (SELECT * FROM a UNION ALL SELECT * FROM b),"
    " ord(item, k) AS (VALUES ('axis', 1), ('fact', 2), ('mechanism', 3), ('bundle', 4), ('lesson', 5),"
    "   ('channel', 6), ('setting', 7), ('sample_count', 8)),"
    " one(side, item, name) AS (SELECT * FROM (SELECT '+', item, name FROM b EXCEPT SELECT '+', item, name FROM a)"
    "   UNION ALL SELECT * FROM (SELECT '-', item, name FROM a EXCEPT SELECT '-', item, name FROM b)),"
    " oned AS (SELECT x.side, x.item, x.name, CASE x.item"
    "    WHEN 'fact' THEN ' on ' || (SELECT value FROM ab v"
    "         WHERE v.item = 'fact' AND v.name = x.name AND v.attr = 'axis' LIMIT 1)"
    "    WHEN 'mechanism' THEN ' closing ' || coalesce((SELECT value FROM ab v"
    "         WHERE v.item = 'mechanism' AND v.name = x.name AND v.attr = 'axes' LIMIT 1), 'nothing')"
    "    WHEN 'bundle' THEN ' of ' || coalesce((SELECT value FROM ab v"
    "         WHERE v.item = 'bundle' AND v.name = x.name AND v.attr = 'members' LIMIT 1), 'no mechanism')"
    "    WHEN 'channel' THEN ' at ' || (SELECT CASE WHEN value = CAST(value AS INTEGER) THEN CAST(value AS INTEGER)"
    "         ELSE value END FROM ab v WHERE v.item = 'channel' AND v.name = x.name AND v.attr = 'cost_pct' LIMIT 1)"
    "         || ' % showing ' || coalesce((SELECT value FROM ab v"
    "         WHERE v.item = 'channel' AND v.name = x.name AND v.attr = 'facts' LIMIT 1), 'nothing')"
    "    ELSE '' END AS detail FROM one x),"
    " changed AS (SELECT a.item, a.name, a.attr,"
    "    CASE WHEN typeof(a.value) = 'real' AND a.value = CAST(a.value AS INTEGER)"
    "         THEN CAST(a.value AS INTEGER) ELSE a.value END AS va,"
    "    CASE WHEN typeof(b.value) = 'real' AND b.value = CAST(b.value AS INTEGER)"
    "         THEN CAST(b.value AS INTEGER) ELSE b.value END AS vb"
    "    FROM a JOIN b ON b.item = a.item AND b.name = a.name AND b.attr = a.attr WHERE a.value IS NOT b.value),"
    " lines(k, name, sub, line, side, item, attr, va, vb) AS ("
    "  SELECT o.k, x.name, 0, x.side || ' ' || x.item || ' ' || x.name || x.detail, x.side, x.item, NULL,"
    "         CASE x.side WHEN '-' THEN trim(x.detail) END, CASE x.side WHEN '+' THEN trim(x.detail) END"
    "    FROM oned x JOIN ord o ON o.item = x.item"
    "  UNION ALL"
    "  SELECT o.k, c.name, 1, c.item || ' ' || c.name || ' ' || c.attr || ' ' || coalesce(c.va, 'NULL')"
    "         || ' -> ' || coalesce(c.vb, 'NULL'), '~', c.item, c.attr, c.va, c.vb"
    "    FROM changed c JOIN ord o ON o.item = c.item)"
    "SELECT 'model: ' || line, item, name, attr, va, vb FROM lines ORDER BY k, name, sub, line";

/* One row of DIFF to the caller's isl_diff_fn. */
typedef struct model_rows {
    isl_diff_fn fn;
    void *ctx;
} model_rows;

static isl_status model_row(void *ctx, sqlite3_stmt *q)
{
    model_rows *m = ctx;
    /* an item added: before NULL; removed: after NULL; changed: attribute set */
    isl_diff_row r = {isl_base_col(q, 0), "model", isl_base_col(q, 1), isl_base_col(q, 2), NULL, NULL,
                      isl_base_col(q, 3), isl_base_col(q, 4), isl_base_col(q, 5)};
    return r.line ? m->fn(m->ctx, &r) : ISL_OK;
}

isl_status isl_store_model_diff(isl_store *s, int64_t a, int64_t b, isl_diff_fn fn, void *ctx, isl_error *err)
{
    model_rows e = {fn, ctx};
    char kind[64];
    /* both runs first: comparing two models takes seconds at 10^6 facts */
    isl_status st = isl_run_kind(s, a, kind, sizeof kind, err);
    if (!st) st = isl_run_kind(s, b, kind, sizeof kind, err);
    return st ? st : isl_db_rows(s, "reading the runs' models", DIFF, model_row, &e, err, "ii", a, b);
}

/* Run ?1's model as seed SQL, one statement a line, in the order the
 * foreign keys need; the lists split with a recursive CTE. */
static const char EXPORT[] =
    "WITH v AS (SELECT x.item, x.name, x.attr, x.value FROM model_record x JOIN run r ON r.model_digest = x.digest "
    "   WHERE r.id = ?1),"
    " split(item, name, attr, k, one, rest) AS ("
    "   SELECT item, name, attr, 0, NULL, value || ',' FROM v WHERE attr IN ('axes', 'left_open', 'members', 'facts',"
    "     'parts') AND value IS NOT NULL AND value <> ''"
    "   UNION ALL SELECT item, name, attr, k + 1, substr(rest, 1, instr(rest, ',') - 1),"
    "     substr(rest, instr(rest, ',') + 1) FROM split WHERE rest <> ''),"
    " lines(k, sub, line) AS ("
    "  SELECT 1, name, 'INSERT INTO axis(name) VALUES (' || quote(name) || ');' FROM v WHERE item = 'axis'"
    "  UNION ALL SELECT 2, printf('%012d', p.value), 'INSERT INTO fact(position, name, axis) VALUES (' || p.value"
    "    || ', ' || quote(p.name) || ', ' || quote(x.value) || ');' FROM v p JOIN v x ON x.item = 'fact'"
    "    AND x.name = p.name AND x.attr = 'axis' WHERE p.item = 'fact' AND p.attr = 'position'"
    "  UNION ALL SELECT 3, printf('%012d', coalesce(value, 0)) || name, 'INSERT INTO mechanism(name, position) VALUES ('"
    "    || quote(name) || ', ' || quote(value) || ');' FROM v WHERE item = 'mechanism' AND attr = 'position'"
    "  UNION ALL SELECT 4, name || printf('%012d', k), 'INSERT INTO mechanism_axis(mechanism, axis) VALUES ('"
    "    || quote(name) || ', ' || quote(one) || ');' FROM split WHERE attr = 'axes' AND k > 0"
    "  UNION ALL SELECT 5, name || printf('%012d', k), 'INSERT INTO left_open(mechanism, fact) VALUES ('"
    "    || quote(name) || ', ' || quote(one) || ');' FROM split WHERE attr = 'left_open' AND k > 0"
    "  UNION ALL SELECT 6, printf('%012d', coalesce(value, 0)) || name, 'INSERT INTO bundle(name, position) VALUES ('"
    "    || quote(name) || ', ' || quote(value) || ');' FROM v WHERE item = 'bundle' AND attr = 'position'"
    "  UNION ALL SELECT 7, name || printf('%012d', k), 'INSERT INTO bundle_member(bundle, position, mechanism) "
    "    VALUES (' || quote(name) || ', ' || k || ', ' || quote(one) || ');' FROM split WHERE attr = 'members' AND k > 0"
    "  UNION ALL SELECT 8, name, 'INSERT INTO lesson(code, title, position) VALUES (' || quote(name) || ', '"
    "    || quote((SELECT value FROM v t WHERE t.item = 'lesson' AND t.name = p.name AND t.attr = 'title')) || ', '"
    "    || quote(p.value) || ');' FROM v p WHERE p.item = 'lesson' AND p.attr = 'position'"
    "  UNION ALL SELECT 9, printf('%012d', coalesce(p.value, 0)) || p.name, 'INSERT INTO channel(name, lesson, cost_pct,"
    " position) VALUES (' || quote(p.name) || ', ' || quote(l.value) || ', ' || quote(c.value) || ', ' || quote(p.value)"
    "    || ');' FROM v p JOIN v l ON l.item = 'channel' AND l.name = p.name AND l.attr = 'lesson' JOIN v c"
    "    ON c.item = 'channel' AND c.name = p.name AND c.attr = 'cost_pct' WHERE p.item = 'channel' AND p.attr = 'position'"
    "  UNION ALL SELECT 10, name || printf('%012d', k), 'INSERT INTO channel_fact(channel, position, fact) VALUES ('"
    "    || quote(name) || ', ' || k || ', ' || quote(one) || ');' FROM split WHERE attr = 'facts' AND k > 0"
    "  UNION ALL SELECT 11, name || printf('%012d', k), 'INSERT INTO channel_part(channel, part, position) VALUES ('"
    "    || quote(name) || ', ' || quote(one) || ', ' || k || ');' FROM split WHERE attr = 'parts' AND k > 0"
    "  UNION ALL SELECT 12, name, 'INSERT INTO setting(key, value) VALUES (' || quote(name) || ', ' || quote(value)"
    "    || ');' FROM v WHERE item = 'setting'"
    "  UNION ALL SELECT 13, printf('%020d', name), 'INSERT INTO sample_count(n) VALUES (' || name || ');' FROM v"
    "    WHERE item = 'sample_count')"
    "SELECT line FROM lines ORDER BY k, sub";

static isl_status kept_row(void *ctx, sqlite3_stmt *q)
{
    *(int *)ctx = 1 + sqlite3_column_int(q, 0);
    return ISL_OK;
}

isl_status isl_store_export_model(isl_store *s, int64_t run, isl_line_fn fn, void *ctx, isl_error *err)
{
    int found = 0; /* 0: no run; 1: its model not kept; 2: kept */
    isl_status st = isl_db_rows(s, "reading the run", "SELECT EXISTS (SELECT 1 FROM model_record m WHERE m.digest = "
                                "r.model_digest) FROM run r WHERE r.id = ?1", kept_row, &found, err, "i", run);
    if (st) return st;
    if (!found) return isl_fail(err, ISL_EINPUT, "no run %lld", (long long)run);
    if (found == 1)
        return isl_fail(err, ISL_EINPUT, "run %lld: its model was not kept (an isolab before schema version 11 "
                        "made it)", (long long)run);
    st = fn(ctx, "-- the model of a run, as isolab kept it");
    isl_each e = {.fn.line = fn, .ctx = ctx};
    return st ? st : isl_db_rows(s, "reading the run's model", EXPORT, isl_each_line, &e, err, "i", run);
}
