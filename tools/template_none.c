/* Build tool support: no template, for the program that makes it
 * (tools/mktemplate.c); isolab itself links build/template.c. */
#include "isolab/embedded.h"

const unsigned char isl_template_db[1] = {0};
const size_t isl_template_len = 0;
const unsigned char isl_seeded_db[1] = {0};
const size_t isl_seeded_len = 0;
const size_t isl_seeded_stamp_at[1] = {0};
const size_t isl_seeded_stamps = 0;
