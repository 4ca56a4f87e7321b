/* isolab: probe --channel (probe_channel.c). */
#ifndef ISOLAB_PROBE_CHANNEL_H
#define ISOLAB_PROBE_CHANNEL_H

#include "isolab/cli.h"

/* isolab probe --channel C (src/cli/probe_channel.c), called first by
 * isl_cmd_probe: a channel measured for real, one run recorded; an exit
 * status, or -1 when a is no channel probe (no --channel, nor an option of
 * its own: those without --channel measure the focus lesson's channel). */
int isl_probe_channel(isl_cli *cli, const isl_args *a);

#endif
