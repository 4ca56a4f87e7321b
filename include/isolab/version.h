/* isolab: the one definition of isolab's version, recorded with every run
 * and printed by 'isolab --version'. */
#ifndef ISOLAB_VERSION_H
#define ISOLAB_VERSION_H

#define ISOLAB_VERSION "0.2.0"

#endif
