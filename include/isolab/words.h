/* isolab: the store's reasons in the user's words (words.c). */
#ifndef ISOLAB_WORDS_H
#define ISOLAB_WORDS_H

#include "isolab/cli.h"

/* err's message with the words its reason calls for (words.c) into out[n],
 * a command repeating cli's --db (cli may be NULL); else err->msg. */
const char *isl_words(const isl_cli *cli, const isl_error *err, char *out, size_t n);

/* The same for a claim's reason: its command with --db (isl_hint), a claim
 * over its work budget told of --work-limit; else r->reason. */
struct isl_claim_row;
const char *isl_claim_words(const isl_cli *cli, const struct isl_claim_row *r, char *out, size_t n);

#endif
