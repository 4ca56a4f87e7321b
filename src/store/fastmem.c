/* isolab store: SQLite's memory for a short single-threaded process.
 *
 * Debian's SQLite is built without its lookaside allocator, so every parse
 * tree node, every prepared statement and every schema object is one
 * malloc and one free: compiling the saved queries spent a fifth of
 * 'isolab lesson' in glibc's allocator. Here allocations up to 32 KiB are
 * served from size classes (16-byte steps up to 256, then four steps per
 * power of two), each a free list of chunks carved from larger blocks;
 * a freed chunk goes back on its class's list, never to the system, so
 * a command's steady state reuses the same chunks (peak memory stays flat
 * over a long sweep). Larger requests go to malloc. Each chunk carries an
 * 8-byte header: its class, or for a large one its size, which is what
 * SQLite's xSize needs. Not thread-safe: isolab uses one thread. */
#include <assert.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <sqlite3.h>

#include "isolab/store.h"

enum {
    SMALL_STEP = 16,
    SMALL_MAX = 256,                      /* classes 0..15: 16, 32, .. 256 */
    NCLASS = 16 + 4 * 7,                  /* then 320 .. 32768, four per power of two */
    CLASS_MAX = 32768,
    BLOCK = 256 * 1024,                   /* chunks are carved from blocks of this size */
    HEADER = 8,
    LARGE = NCLASS                        /* header tag of a chunk from malloc */
};

typedef struct freed { struct freed *next; } freed;

static struct {
    freed *list[NCLASS];
    unsigned char *cur, *end;             /* the unused part of the current block */
} heap;

/* The class holding n bytes (1 <= n <= CLASS_MAX). */
static inline unsigned class_of(size_t n)
{
    assert(n >= 1 && n <= CLASS_MAX);
    if (n <= SMALL_MAX) return (unsigned)((n + SMALL_STEP - 1) / SMALL_STEP - 1);
    unsigned e = 63u - (unsigned)__builtin_clzll((unsigned long long)(n - 1)); /* 2^e < n <= 2^(e+1) */
    return 16u + (e - 8u) * 4u + (unsigned)(((n - 1) >> (e - 2)) & 3u);
}

/* The bytes a chunk of class c holds. */
static inline size_t class_size(unsigned c)
{
    assert(c < NCLASS);
    if (c < 16) return (size_t)(c + 1) * SMALL_STEP;
    unsigned e = 8 + (c - 16) / 4, k = (c - 16) % 4;
    return ((size_t)1 << e) + (size_t)(k + 1) * ((size_t)1 << (e - 2));
}

/* header and payload are kept 8-byte aligned, as SQLite requires */
static inline uint64_t *header(void *p) { return (uint64_t *)((unsigned char *)p - HEADER); }

static void *carve(unsigned c)
{
    size_t need = HEADER + class_size(c);
    if ((size_t)(heap.end - heap.cur) < need) {
        /* the rest of the old block is left unused (at most one chunk) */
        unsigned char *b = malloc(BLOCK);
        if (!b) return NULL;
        heap.cur = b;
        heap.end = b + BLOCK;
    }
    uint64_t *h = (uint64_t *)heap.cur;
    heap.cur += need;
    *h = c;
    return h + 1;
}

static void *fm_malloc(int n)
{
    if (n <= 0) n = 1;
    if (n > CLASS_MAX) {
        uint64_t *h = malloc(HEADER + (size_t)n);
        if (!h) return NULL;
        *h = LARGE | (uint64_t)n << 8;
        return h + 1;
    }
    unsigned c = class_of((size_t)n);
    freed *f = heap.list[c];
    if (!f) return carve(c);
    heap.list[c] = f->next;
    return f;
}

static int fm_size(void *p)
{
    if (!p) return 0;
    uint64_t h = *header(p);
    return (h & 0xff) == LARGE ? (int)(h >> 8) : (int)class_size((unsigned)h);
}

static void fm_free(void *p)
{
    if (!p) return;
    uint64_t *h = header(p);
    if ((*h & 0xff) == LARGE) {
        free(h);
        return;
    }
    unsigned c = (unsigned)*h;
    assert(c < NCLASS);
    freed *f = p;
    f->next = heap.list[c];
    heap.list[c] = f;
}

static void *fm_realloc(void *p, int n)
{
    if (!p) return fm_malloc(n);
    if (n <= 0) n = 1;
    int have = fm_size(p);
    uint64_t *h = header(p);
    if ((*h & 0xff) == LARGE && n > CLASS_MAX) {
        h = realloc(h, HEADER + (size_t)n);
        if (!h) return NULL;
        *h = LARGE | (uint64_t)n << 8;
        return h + 1;
    }
    /* the same chunk while it holds n and is not four times too large */
    if (n <= have && (have <= SMALL_MAX || n > have / 4)) return p;
    void *q = fm_malloc(n);
    if (!q) return NULL;
    memcpy(q, p, (size_t)(n < have ? n : have));
    fm_free(p);
    return q;
}

static int fm_roundup(int n)
{
    if (n <= 0) n = 1;
    return n > CLASS_MAX ? (n + 7) & ~7 : (int)class_size(class_of((size_t)n));
}

static int fm_init(void *app) { (void)app; return SQLITE_OK; }
static void fm_shutdown(void *app) { (void)app; }

int isl_store_fast_memory(void)
{
    static sqlite3_mem_methods METHODS = {fm_malloc, fm_free, fm_realloc, fm_size, fm_roundup, fm_init, fm_shutdown, NULL};
    if (sqlite3_config(SQLITE_CONFIG_MALLOC, &METHODS) != SQLITE_OK) return -1;
    /* Each page cache, also that of every temporary b-tree a statement
     * opens for a sort or a subquery, would start with room for 20 pages
     * (88 KB) written through at once: printing the lesson opens about
     * forty, so 4 MB and a thousand page faults for a few pages of data.
     * Without that, a cache takes its pages one at a time, as it needs them. */
    (void)sqlite3_config(SQLITE_CONFIG_PAGECACHE, (void *)NULL, 0, 0);
    return 0;
}
