/* isolab page, inside: the pieces cmd_page.c puts together, each appending
 * HTML to a buffer and returning an exit status (cli->err set): the
 * observed kernel, the model, the plots and the lab; tables: page_table.h. */
#ifndef ISOLAB_PAGE_H
#define ISOLAB_PAGE_H

#include <stddef.h>

#include "isolab/cli.h"
#include "isolab/report.h"
#include "isolab/textout.h"
#include "page_table.h"

/* Appends lesson's "The kernel beside the model": per machine probed, its
 * bundles' facts as the model and the kernel (each build order) see them,
 * every difference numbered with why; without a probe, how to run one. */
int page_put_observed(isl_cli *cli, isl_buf *b, const char *lesson);

/* Appends the glossary: the model's words in a sentence each. */
void page_put_glossary(isl_buf *b);

/* Appends the model's tables and those that compare channels and bundles. */
int page_put_model(isl_cli *cli, isl_buf *b, const isl_labels *l);

/* The page's plots, drawn by one gnuplot: page_plots_new, then
 * page_put_plots for each lesson (its plots, isl_lesson_plots', their rows
 * read under its focus, each one's place marked in b), then
 * page_plots_end draws them all and puts each in its place (one not drawn leaves a note, on stderr once: *noted),
 * and page_plots_free. */
typedef struct page_plots page_plots;
int page_plots_new(isl_cli *cli, page_plots **pp);
int page_put_plots(isl_cli *cli, isl_buf *b, page_plots *pp, const char *lesson);
int page_plots_end(isl_cli *cli, isl_buf *b, page_plots *pp, int *noted);
void page_plots_free(page_plots *pp);

/* The lab (page_lab.c): the engine found (make wasm, or installed), its
 * loader and module, and the nonce of the page's one script. */
typedef struct page_lab {
    int wanted;              /* not --static */
    char *loader;            /* isolab-sql.js */
    unsigned char *wasm;     /* isolab-sql.wasm.gz: the module, gzip-compressed */
    size_t nloader, nwasm;   /* their bytes */
    unsigned long module;    /* the module's own bytes (the gzip trailer's) */
    char nonce[33];          /* "" when the page carries no lab */
    char from[4096];         /* the loader's path, for messages */
} page_lab;

/* Looks for the engine ($ISOLAB_ENGINE_DIR, else beside the running isolab,
 * else EXTDIR), reading it unless leave_out: not found is no error (the page
 * says so); one found but not whole is ISL_EINPUT naming the file. */
int page_lab_open(isl_cli *cli, page_lab *lab, int leave_out);
/* ISL_EINPUT naming path when target (the file an -o replaces, NULL: none)
 * is one of the files of the engine lab was read from. */
int page_lab_check_output(isl_cli *cli, const page_lab *lab, const char *target, const char *path);
void page_lab_free(page_lab *lab);
/* Appends the Content-Security-Policy of a page carrying the lab. */
void page_put_lab_head(isl_buf *b, const page_lab *lab);
/* Appends the engine, the database and the script; or, without an engine,
 * a note naming make wasm; with --static, nothing. */
int page_put_lab(isl_cli *cli, isl_buf *b, const page_lab *lab);

#endif
