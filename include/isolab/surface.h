/* isolab: the surface engine (docs/tutorial.md, "The rules isolab computes"). Pure: no
 * I/O, no SQLite, no allocation in the computing calls (scratch space comes
 * from an isl_work). F is the set of facts in use. */
#ifndef ISOLAB_SURFACE_H
#define ISOLAB_SURFACE_H

#include <stddef.h>
#include <stdint.h>

#include "isolab/model.h"

typedef struct isl_surface {
    size_t visible;      /* facts of F left visible by the bundle */
    size_t returned;     /* facts the bundle closed that the channel shows */
    size_t open_surface; /* |visible ∪ returned| */
    size_t open_axes;    /* distinct axes of visible ∪ returned */
} isl_surface;

typedef enum isl_fact_state {
    ISL_FACT_ABSENT = 0,    /* not in F */
    ISL_FACT_VISIBLE,       /* no mechanism of the bundle closes its axis */
    ISL_FACT_LEFT_OPEN,     /* its axis is closed, but it is left open */
    ISL_FACT_RETURNS,       /* closed, and shown by the channel */
    ISL_FACT_CLOSED         /* closed, and not shown by the channel */
} isl_fact_state;

/* The status word stored for a state: "visible", "left-open", "returns",
 * "closed" (or "absent"). */
const char *isl_fact_state_name(isl_fact_state s);
/* The word the lesson's tables print for a state, for people only (never
 * stored nor exported): "visible", "left open", "RETURNS", "closed" (or
 * "absent"); isl_fact_state_of reads it back. */
const char *isl_fact_state_word(isl_fact_state s);
/* The state a word names as stored or as the tables print it: the stored
 * word with case ignored and a space for a hyphen ("RETURNS", "left open"),
 * "already visible" for visible; ISL_FACT_ABSENT when it names none
 * (absent is no status a claim states). */
isl_fact_state isl_fact_state_of(const char *word);

/* Scratch space sized for one model: three fact sets in one block. */
typedef struct isl_work {
    uint64_t *closed, *touched, *open;
} isl_work;

/* Sizes w for model m: ISL_OK or ISL_ENOMEM. */
isl_status isl_work_init(isl_work *w, const isl_model *m);
void isl_work_free(isl_work *w);

/* The surface of the bundle mechs[0..n) with a channel showing `shows`
 * (NULL: no channel) over fact set F (NULL: every fact of m). */
isl_surface isl_surface_of(const isl_model *m, const size_t *mechs, size_t n,
                           const uint64_t *shows, const uint64_t *F, isl_work *w);

/* Writes each fact's state into out[0..m->nfacts), same arguments as above. */
void isl_fact_states(const isl_model *m, const size_t *mechs, size_t n,
                     const uint64_t *shows, const uint64_t *F, isl_work *w,
                     isl_fact_state *out);

/* Why fact f has its state under mechs[0..n) applied in order (MODEL.md,
 * visible()): the index i of the last member whose axes hold f or that
 * leaves f open, the one whose step stands; ISL_NONE when no member does.
 * That member closed f when it does not leave f open (f closed or
 * returned: "closed by"), else it left f open ("left open by"). */
size_t isl_fact_decider(const isl_model *m, const size_t *mechs, size_t n, size_t f);

/* Run time with a channel of cost_pct on: floor(baseline * (100 + cost) / 100). */
long long isl_run_time(long long baseline, double cost_pct);

/* Cost per returning fact: cost_pct / returned into *out and 1, or 0 (and
 * *out untouched) when returned is 0, where it is undefined. */
int isl_cost_per_fact(double cost_pct, size_t returned, double *out);

#endif
