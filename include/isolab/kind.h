/* isolab: the kinds of run (run.kind), defined once: the row of each, read
 * by lab (what a run records), the claims (what a claim reads), the command
 * line (prune --kind), the store's API and, through the table run_kinds (these
 * rows, written by isl_install_views), missing_result, stale_result,
 * swept_pair, lesson_not_run and the stale note. */
#ifndef ISOLAB_KIND_H
#define ISOLAB_KIND_H

/* The claims read the kinds before ISL_KIND_CLAIMED, and no other. */
typedef enum isl_kind {
    ISL_KIND_RUN, ISL_KIND_SAMPLES, ISL_KIND_REMOVAL, ISL_KIND_ADDITION, ISL_KIND_BUNDLES,
    ISL_KIND_CLAIMED, ISL_KIND_FRONTIER = ISL_KIND_CLAIMED, ISL_KIND_SMALLEST, ISL_KIND_MARGINAL, ISL_KIND_CHECK,
    ISL_KIND_PROBE,
    ISL_KIND_CHANNEL_PROBE, /* a channel attached for real (isolab probe --channel) */
    ISL_KIND_COUNT
} isl_kind;

typedef struct isl_kind_row {
    const char *tables;  /* its result tables, and the views a claim reads them by: "a,b,..." */
    const char *command; /* the command words that recompute it: "sweep samples" */
    const char *scope;   /* what one run computes, so how it goes stale: "pairs" (any bundles x channels, each
                            row naming its pair), "pair" (one bundle x channel, its run_param's), "model"
                            (the whole model), "mechanisms" (the model's facts, mechanisms and bundles, no
                            channel: isl_model_mechanisms_digest, kept in run_scope), "channels" (per
                            channel and for none, the mechanisms and that channel: isl_model_channel_digest,
                            one run_scope row each: the bundles sweep), "none" (never stale) */
} isl_kind_row;

/* The names, by isl_kind, then NULL (an option's choices). */
extern const char *const isl_kind_names[ISL_KIND_COUNT + 1];
extern const isl_kind_row isl_kinds[ISL_KIND_COUNT];

/* The kind named name, or ISL_KIND_COUNT. */
isl_kind isl_kind_find(const char *name);

/* The kind whose tables list table (a claimed kind first), or ISL_KIND_COUNT. */
isl_kind isl_kind_of_table(const char *table);

#endif
