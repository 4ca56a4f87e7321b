/* isolab: the table of commands (commands.c). */
#ifndef ISOLAB_COMMANDS_H
#define ISOLAB_COMMANDS_H

#include "isolab/cli.h"

extern const isl_command isl_commands[];

#endif
