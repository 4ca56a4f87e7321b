/* isolab page: the lab. When the engine (make wasm: isolab-sql.wasm.gz, the
 * module as gzip -9 left it, and its loader isolab-sql.js) is found, the page carries it and the database, each
 * gzip-compressed and in base 85 in a data block (a script element of
 * type application/gzip, never run, never markup), and one script: the
 * loader followed by the page's own (src/wasm/lab.js, compiled in). The
 * script builds the lab's panels; with scripts off the page reads as
 * without it. A Content-Security-Policy allows that one script (by a nonce),
 * WebAssembly, and a worker made from a blob: URL (the script runs the
 * engine in one, from its own text), and nothing from anywhere. */
#include <assert.h>
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

#include "isolab/embedded.h"
#include "isolab/export.h"
#include "isolab/util.h"
#include "page.h"
#include "page_table.h"

#ifndef ISL_EXTDIR
#define ISL_EXTDIR "/usr/local/lib/isolab"
#endif

/* 1 when text holds s, letters in any case. */
static int holds(const char *text, size_t n, const char *s)
{
    size_t k = strlen(s);
    for (size_t i = 0; i + k <= n; i++)
        if (!strncasecmp(text + i, s, k)) return 1;
    return 0;
}

/* 1 when text holds the name s as a whole word (no letter, digit or '_'
 * after it). */
static int holds_word(const char *text, size_t n, const char *s)
{
    size_t k = strlen(s);
    for (size_t i = 0; i + k <= n; i++)
        if (!memcmp(text + i, s, k) && (i + k == n || !(isalnum((unsigned char)text[i + k]) || text[i + k] == '_')))
            return 1;
    return 0;
}

/* Inflates the n gzip bytes at gz to their end (zlib checks the CRC and
 * the length): the inflated length, or -1 when they are not whole gzip;
 * the first 8 bytes out in head. */
static long long gunzipped(const unsigned char *gz, size_t n, unsigned char head[8])
{
    z_stream z = {0};
    if (inflateInit2(&z, 15 + 16) != Z_OK) return -1;
    unsigned char chunk[1 << 16];
    long long total = 0;
    int rc = Z_OK;
    z.next_in = (Bytef *)gz, z.avail_in = (uInt)n;
    while (rc == Z_OK) {
        z.next_out = chunk, z.avail_out = sizeof chunk;
        rc = inflate(&z, Z_NO_FLUSH);
        size_t got = sizeof chunk - z.avail_out;
        for (size_t i = 0; i < got && total + (long long)i < 8; i++) head[total + i] = chunk[i];
        total += (long long)got;
        if (rc == Z_BUF_ERROR && !z.avail_in) break; /* the input ended first */
    }
    int whole = rc == Z_STREAM_END && !z.avail_in;
    inflateEnd(&z);
    return whole ? total : -1;
}

/* What is wrong with the engine read into lab (NULL: nothing): the module
 * whole gzip of a WebAssembly module, the loader whole as emcc writes one
 * (its last statement exports isolabSql) and naming each isl_wasm_*
 * function the page's script calls. *which is the file at fault: 0 the
 * loader, 1 the module. */
static const char *engine_fault(page_lab *lab, const char *script, size_t nscript, char *why, size_t n, int *which)
{
    static const unsigned char WASM[8] = {0, 'a', 's', 'm', 1, 0, 0, 0};
    unsigned char head[8] = {0};
    const unsigned char *w = lab->wasm;
    *which = 1;
    if (lab->nwasm < 18 || w[0] != 0x1f || w[1] != 0x8b) return "not gzip-compressed (make wasm writes it with gzip -9)";
    long long size = gunzipped(w, lab->nwasm, head);
    if (size < 0) return "truncated or damaged: its gzip data does not inflate to the end (make wasm writes it again)";
    if (size < 8 || memcmp(head, WASM, sizeof WASM)) return "not a WebAssembly module once inflated (make wasm writes it)";
    lab->module = (unsigned long)size;
    *which = 0;
    const char *end = "exports[\"isolabSql\"] = isolabSql;";
    size_t k = lab->nloader, ne = strlen(end), b = 0;
    while (k && strchr(" \t\r\n", lab->loader[k - 1])) k--;
    while (b < k && strchr(" \t\r\n", lab->loader[b])) b++;
    if (k < ne + b || memcmp(lab->loader + k - ne, end, ne) || strncmp(lab->loader + b, "var isolabSql", 13))
        return "truncated or not the engine's loader: it does not begin and end as emcc writes isolabSql's (make wasm)";
    for (size_t i = 0; i + 10 < nscript; i++) /* each _isl_wasm_NAME the script calls */
        if (!strncmp(script + i, "_isl_wasm_", 10)) {
            size_t m = 10;
            while (i + m < nscript && (script[i + m] == '_' || (script[i + m] >= 'a' && script[i + m] <= 'z'))) m++;
            char name[64];
            snprintf(name, sizeof name, "%.*s", (int)(m - 1), script + i + 1);
            if (!holds_word(lab->loader, lab->nloader, name)) {
                snprintf(why, n, "made by another isolab: it has no %s, which the page calls (make wasm)", name);
                return why;
            }
        }
    return NULL;
}

/* Reads the engine from dir into lab: 1 when both files are there, 0 when
 * not; -1 with cli->err set when they are, but not an engine this page can
 * run (engine_fault), naming the file and what is wrong. With locate, only
 * whether both are there (lab->from set, nothing read). */
static int read_engine(isl_cli *cli, page_lab *lab, const char *dir, int locate)
{
    char js[PATH_MAX], wasm[PATH_MAX], why[200];
    struct stat st;
    if (snprintf(js, sizeof js, "%s/isolab-sql.js", dir) >= (int)sizeof js) return 0;
    if (snprintf(wasm, sizeof wasm, "%s/isolab-sql.wasm.gz", dir) >= (int)sizeof wasm) return 0;
    if (locate) return stat(js, &st) || stat(wasm, &st) ? 0 : (snprintf(lab->from, sizeof lab->from, "%s", js), 1);
    lab->loader = isl_read_file(js, &lab->nloader);
    lab->wasm = (unsigned char *)isl_read_file(wasm, &lab->nwasm);
    int rc = 0;
    if (lab->loader && lab->wasm) {
        assert(isl_page_script_count == 1); /* src/wasm/lab.js, the one script */
        const isl_embedded_file *script = &isl_page_script_files[0];
        int which = 0;
        const char *fault = engine_fault(lab, script->text, script->len, why, sizeof why, &which);
        if (!fault) return snprintf(lab->from, sizeof lab->from, "%s", js), 1;
        isl_fail(&cli->err, ISL_EINPUT, "%s: %s", which ? wasm : js, fault);
        rc = -1;
    }
    free(lab->loader), free(lab->wasm);
    lab->loader = NULL, lab->wasm = NULL;
    return rc;
}


int page_lab_open(isl_cli *cli, page_lab *lab, int leave_out)
{
    *lab = (page_lab){0};
    lab->wanted = !leave_out; /* left out, the engine is still looked for: no -o over it */
    /* ISOLAB_ENGINE_DIR names the one directory to look in ('': none);
     * else beside the running isolab, then where make install puts it */
    const char *env = getenv("ISOLAB_ENGINE_DIR");
    char exe[PATH_MAX];
    ssize_t k = env ? -1 : readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (k > 0) {
        exe[k] = 0;
        char *slash = strrchr(exe, '/');
        if (slash) *slash = 0;
    }
    int found = env ? *env ? read_engine(cli, lab, env, leave_out) : 0 : k > 0 ? read_engine(cli, lab, exe, leave_out) : 0;
    if (!env && !found) found = read_engine(cli, lab, ISL_EXTDIR, leave_out);
    if (found < 0) return page_lab_free(lab), cli->err.status;
    if (!found || leave_out) return ISL_OK;
    const isl_embedded_file *script = &isl_page_script_files[0];
    if (holds(lab->loader, lab->nloader, "</script") || holds(lab->loader, lab->nloader, "<!--")
        || holds(script->text, script->len, "</script") || holds(script->text, script->len, "<!--"))
        return page_lab_free(lab), isl_fail(&cli->err, ISL_EINPUT, "%s: holds '</script' or '<!--': it cannot be put in a page",
                                            lab->from);
    unsigned char r[16];
    FILE *f = fopen("/dev/urandom", "rb");
    int got = f && fread(r, 1, sizeof r, f) == sizeof r;
    if (f) fclose(f);
    if (!got) return page_lab_free(lab), isl_fail(&cli->err, ISL_EOUTPUT, "/dev/urandom: cannot read: %s", strerror(errno));
    for (size_t i = 0; i < sizeof r; i++) snprintf(lab->nonce + 2 * i, 3, "%02x", r[i]);
    return ISL_OK;
}

int page_lab_check_output(isl_cli *cli, const page_lab *lab, const char *target, const char *path)
{
    static const char *const FILES[] = {"isolab-sql.js", "isolab-sql.wasm.gz", "isolab-sql.wasm"};
    struct stat t, e;
    const char *slash = strrchr(lab->from, '/');
    if (!target || !slash || stat(target, &t)) return ISL_OK;
    for (size_t i = 0; i < sizeof FILES / sizeof FILES[0]; i++) {
        char f[PATH_MAX];
        if (snprintf(f, sizeof f, "%.*s/%s", (int)(slash - lab->from), lab->from, FILES[i]) >= (int)sizeof f) continue;
        if (!stat(f, &e) && e.st_dev == t.st_dev && e.st_ino == t.st_ino)
            return isl_fail(&cli->err, ISL_EINPUT, "%s: is a file of the page's engine (%s), which isolab page reads from: "
                            "write the page to another file", path, f);
    }
    return ISL_OK;
}

void page_lab_free(page_lab *lab)
{
    free(lab->loader), free(lab->wasm);
    lab->loader = NULL, lab->wasm = NULL, lab->nonce[0] = 0;
}

void page_put_lab_head(isl_buf *b, const page_lab *lab)
{
    if (!lab->nonce[0]) return;
    page_puts(b, "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; script-src 'nonce-");
    page_puts(b, lab->nonce);
    page_puts(b, "' 'wasm-unsafe-eval'; worker-src blob:; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'\">\n");
}

/* The 85 digits of the data blocks' text: Z85's (ZeroMQ RFC 32), with ',',
 * ';' and '_' for its '&', '<' and '>', so the text is neither markup nor
 * the end of its script element; src/wasm/lab.js reads them (DIGITS). */
static const char DIGITS[] = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ.-:+=^!/*?,;_()[]{}@%$#";

/* Appends n bytes of p in base 85: each 4 bytes (big endian) as 5 digits,
 * the last k < 4 as the first k + 1 digits of those bytes padded with zeros
 * (as Ascii85 ends). */
static void put_base85(isl_buf *b, const unsigned char *p, size_t n)
{
    for (size_t i = 0; i < n; i += 4) {
        uint32_t v = 0;
        for (size_t k = 0; k < 4; k++) v = v << 8 | (i + k < n ? p[i + k] : 0);
        char q[5];
        for (int k = 4; k >= 0; k--) q[k] = DIGITS[v % 85], v /= 85;
        isl_buf_put(b, q, n - i >= 4 ? 5 : n - i + 1);
    }
}

/* Appends n bytes of p, gzip-compressed, in base 85. 0, or -1 when zlib
 * fails or memory runs out. Level 6: on an eight-lesson database, 0.4% more
 * bytes than level 9 in half its time. */
static int put_gzip85(isl_buf *b, const unsigned char *p, size_t n)
{
    static_assert(sizeof DIGITS == 86, "85 digits");
    z_stream z = {0};
    if (deflateInit2(&z, 6, Z_DEFLATED, 15 + 16, 9, Z_DEFAULT_STRATEGY) != Z_OK) return -1;
    uLong cap = deflateBound(&z, (uLong)n);
    unsigned char *gz = malloc(cap);
    if (!gz) return deflateEnd(&z), -1;
    z.next_in = (Bytef *)p, z.avail_in = (uInt)n, z.next_out = gz, z.avail_out = (uInt)cap;
    int rc = deflate(&z, Z_FINISH);
    size_t m = cap - z.avail_out;
    deflateEnd(&z);
    if (rc != Z_STREAM_END) return free(gz), -1;
    put_base85(b, gz, m);
    free(gz);
    return 0;
}

/* Appends text as a JSON string that cannot end a script element ('<' as
 * \u003c). */
static void put_json_text(isl_buf *b, const char *text)
{
    isl_buf j = {NULL, 0, 0, 0};
    isl_buf_json_string(&j, text, strlen(text));
    for (size_t i = 0; i < j.n; i++)
        if (j.p[i] == '<') page_puts(b, "\\u003c");
        else isl_buf_put(b, &j.p[i], 1);
    b->oom |= j.oom;
    free(j.p);
}

/* One saved query for the query box's list: {"name", "about"} (the page
 * counts its rows itself, in idle moments: lab.js). */
static isl_status view_listed(void *ctx, const char *name, const char *type, const char *about, long long rows)
{
    isl_buf *b = ctx;
    (void)rows;
    if (strcmp(type, "view")) return ISL_OK;
    page_puts(b, b->n && b->p[b->n - 1] == '}' ? ",\n{\"name\": " : "\n{\"name\": "), put_json_text(b, name);
    page_puts(b, ", \"about\": "), put_json_text(b, about), page_puts(b, "}");
    return ISL_OK;
}

int page_put_lab(isl_cli *cli, isl_buf *b, const page_lab *lab)
{
    if (!lab->wanted) return ISL_OK;
    if (!lab->nonce[0]) {
        page_puts(b, "<p class=\"note\" id=\"lab-note\">The lab (what-if, questions, a query box) is left out: "
                     "isolab found no engine. Build it with <code>make wasm</code>.</p>\n");
        return ISL_OK;
    }
    unsigned char *db = NULL;
    size_t ndb = 0;
    int rc = isl_store_image(cli->store, &db, &ndb, &cli->err);
    if (rc) return rc;
    char num[32];
    page_puts(b, "<script type=\"application/gzip\" id=\"isl-engine\" data-bytes=\"");
    snprintf(num, sizeof num, "%lu", lab->module), page_puts(b, num), page_puts(b, "\">");
    put_base85(b, lab->wasm, lab->nwasm);
    page_puts(b, "</script>\n<script type=\"application/gzip\" id=\"isl-db\" data-name=\"");
    const char *base = strrchr(cli->db_path, '/');
    page_html(b, base ? base + 1 : cli->db_path), page_puts(b, "\" data-bytes=\"");
    snprintf(num, sizeof num, "%zu", ndb), page_puts(b, num), page_puts(b, "\">");
    int bad = put_gzip85(b, db, ndb);
    free(db);
    page_puts(b, "</script>\n<script type=\"application/json\" id=\"isl-views\">[");
    rc = isl_store_relations(cli->store, 0, view_listed, b, &cli->err);
    if (rc) return rc;
    page_puts(b, "]</script>\n<script nonce=\""), page_puts(b, lab->nonce), page_puts(b, "\">\n");
    isl_buf_put(b, lab->loader, lab->nloader);
    page_puts(b, "\n"), page_puts(b, isl_page_script_files[0].text), page_puts(b, "</script>\n");
    return bad ? isl_fail(&cli->err, ISL_ENOMEM, "out of memory compressing the page's database") : ISL_OK;
}
