/* mkdoc: the man page isolab.1 and the bash completion script, generated
 * from isolab's command table (isl_commands, isl_global_options,
 * isl_exit_codes), so neither can drift from the commands:
 *   mkdoc man DATADIR LIBDIR > isolab.1
 *   mkdoc completion > isolab.bash */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "isolab/cli.h"
#include "isolab/commands.h"
#include "isolab/escape.h"
#include "isolab/parse.h"
#include "isolab/plot.h"
#include "isolab/version.h"

/* ---- the man page ---- */

/* Writes text as troff input: backslashes escaped, a line that would start
 * with a control character ('.' or '\'') guarded, '-' as a minus. */
static void roff(const char *t)
{
    int bol = 1;
    for (; *t; t++) {
        if (bol && (*t == '.' || *t == '\'')) fputs("\\&", stdout);
        bol = *t == '\n';
        if (*t == '\\') fputs("\\e", stdout);
        else if (*t == '-') fputs("\\-", stdout);
        else putchar(*t);
    }
}

static void man_option(const isl_option *o)
{
    fputs(o->value ? ".TP\n.BI \"" : ".TP\n.B ", stdout);
    roff(o->name);
    if (o->value) {
        fputs(" \" ", stdout);
        roff(o->value);
    }
    fputs("\n", stdout);
    roff(o->help);
    fputs(o->repeatable ? " (repeatable)\n" : "\n", stdout);
}

static void man_command(const isl_command *c)
{
    fputs(".SS ", stdout);
    roff(c->name);
    fputs("\n.B isolab ", stdout);
    roff(c->name);
    fputs("\n[\\fIoptions\\fR]", stdout);
    if (c->operands) {
        fputs(" ", stdout);
        roff(c->operands);
    }
    fputs("\n.PP\n.nf\n", stdout);
    roff(c->about);
    fputs(".fi\n", stdout);
    for (const isl_option *const *o = c->options; *o; o++) man_option(*o);
}

static void man(const char *datadir, const char *libdir)
{
    printf(".TH ISOLAB 1 \"\" \"isolab %s\" \"User Commands\"\n", ISOLAB_VERSION);
    fputs(".SH NAME\nisolab \\- compute what process isolation leaves open, into an SQLite database\n"
          ".SH SYNOPSIS\n.B isolab\n[\\fB\\-\\-db\\fR \\fIFILE\\fR] \\fICOMMAND\\fR [\\fIoptions\\fR] [\\fIoperands\\fR]\n"
          ".br\n.B isolab help\n[\\fICOMMAND\\fR]\n"
          ".SH DESCRIPTION\nisolab keeps the course model of process isolation (facts on axes, mechanisms\n"
          "that close axes, bundles of mechanisms, observation channels) in an SQLite\n"
          "database, computes the surfaces that bundles leave open to the channels, and\n"
          "writes every run as rows that the\n.BR sqlite3 (1)\nshell can query.\n"
          "Options may come in any order after the command;\n.B \\-\\-db\nalso before it.\n"
          ".SH COMMANDS\n",
          stdout);
    for (const isl_command *c = isl_commands; c->name; c++) man_command(c);
    fputs(".SH GLOBAL OPTIONS\nEvery command takes these besides its own:\n", stdout);
    for (const isl_option *const *o = isl_global_options; *o; o++) man_option(*o);
    fputs(".TP\n.B \\-\\-version\nprint isolab's and SQLite's versions (before a command)\n", stdout);
    fputs(".SH EXIT STATUS\n", stdout);
    for (const isl_exit_code *e = isl_exit_codes; e->meaning; e++) {
        printf(".TP\n.B %d\n", e->code);
        roff(e->meaning);
        fputs("\n", stdout);
    }
    fputs(".SH ENVIRONMENT\n.TP\n.B ISOLAB_DB\nthe database when no \\fB\\-\\-db\\fR is given (default: isolab.db)\n"
          ".TP\n.B NO_COLOR\nwhen set and not empty, claim outcomes are never coloured\n"
          ".TP\n.B TERM\nwhen \\(lqdumb\\(rq, claim outcomes are not coloured\n"
          ".TP\n.B ISOLAB_TOOL_TIMEOUT\nthe seconds gnuplot may keep isolab waiting, in all, for the plots of a \\fBplot\\fR or \\fBpage\\fR, 1 to 86400"
          " (default 60); any other value is refused\n"
          ".TP\n.B TMPDIR\nthe directory of isolab's own scratch files (\\fBpage\\fR's plots) and of SQLite's"
          " temporary files (large sorts, \\fBdiff\\fR of bundles sweeps; default /var/tmp, /usr/tmp, /tmp)\n"
          ".TP\n.B SQLITE_TMPDIR\nwhere SQLite's temporary files go instead of \\fBTMPDIR\\fR\n"
          ".SH FILES\n.TP\n.I isolab.db\nthe database in the current directory, unless \\fB\\-\\-db\\fR or\n"
          ".B ISOLAB_DB\nnames another\n",
          stdout);
    printf(".TP\n.I %s/isolab/seeds/\nthe seed files built into isolab, to read or to copy for \\fBinit \\-\\-seeds\\fR\n", datadir);
    printf(".TP\n.I %s/isolab/queries/\nthe saved queries built into isolab (the database's views)\n", datadir);
    printf(".TP\n.I %s/isolab/lessons/\nthe course's lessons that are not built in, for \\fBload\\fR\n", datadir);
    printf(".TP\n.I %s/isolab.so\nthe SQL extension, for \\fB.load\\fR in the \\fBsqlite3\\fR shell\n", libdir);
    fputs(".SH EXAMPLES\nThe lesson's tables, from a new database:\n.PP\n.nf\n.RS\nisolab lesson\n.RE\n.fi\n"
          ".PP\nThe runs of the last two hours that used the strict bundle, as JSON:\n.PP\n.nf\n.RS\n"
          "isolab runs \\-\\-since 2h \\-\\-param bundle=strict \\-\\-format json\n.RE\n.fi\n"
          ".PP\nOnly the claims that fail:\n.PP\n.nf\n.RS\nisolab check \\-\\-failed\n.RE\n.fi\n"
          ".PP\nA saved query as CSV, into a file that appears only when complete:\n.PP\n.nf\n.RS\n"
          "isolab export channel_comparison \\-o comparison.csv\n.RE\n.fi\n"
          ".SH SEE ALSO\n.BR sqlite3 (1),\n.BR gnuplot (1)\n",
          stdout);
}

/* ---- the bash completion ---- */

/* What the values of an option, or the operands of a command, are: a word
 * list ("w:a b c"), a class of names in the database ("db:channel"),
 * a member list's items ("m"), files ("f") or directories ("d"); "" for
 * nothing to offer. The placeholder says which: LIST a member list, B a
 * bundle or a member list a run computed (the comparisons' --bundle). */
static void option_class(const isl_option *o, char *buf, size_t n)
{
    static const struct {
        const char *placeholder, *cls;
    } by_value[] = {{"B", "db:compared"}, {"C", "db:channel"}, {"CODE", "db:lesson"}, {"ID", "db:run"},
                    {"KIND", "db:kind"}, {"LIST", "m"}, {"FILE", "f"}, {"DIR", "d"}};
    buf[0] = '\0';
    if (o->kind == ISL_ENUM) {
        size_t at = (size_t)snprintf(buf, n, "w:");
        for (size_t i = 0; o->choices[i] && at < n; i++)
            at += (size_t)snprintf(buf + at, n - at, "%s%s", i ? " " : "", o->choices[i]);
        return;
    }
    for (size_t i = 0; o->value && i < sizeof by_value / sizeof *by_value; i++)
        if (!strcmp(o->value, by_value[i].placeholder)) snprintf(buf, n, "%s", by_value[i].cls);
}

static void operand_class(const isl_command *c, char *buf, size_t n)
{
    const char *ops = c->operands ? c->operands : "";
    buf[0] = '\0';
    if (strchr(ops, '|')) {
        snprintf(buf, n, "w:%s", ops);
        for (char *p = buf; *p; p++)
            if (*p == '|') *p = ' ';
    } else if (strstr(ops, "RUN")) {
        snprintf(buf, n, "db:run");
    } else if (strstr(ops, "CODE")) {
        snprintf(buf, n, "db:lesson");
    } else if (strstr(ops, "COMMAND")) {
        size_t at = (size_t)snprintf(buf, n, "w:");
        for (const isl_command *k = isl_commands; k->name && at < n; k++)
            if (!strchr(k->name, ' ')) at += (size_t)snprintf(buf + at, n - at, "%s ", k->name);
    } else if (strstr(ops, "FILE")) {
        snprintf(buf, n, "f");
    } else if (strstr(ops, "NAME")) {
        /* plot's names are its plots (isl_plot_kinds); report's the saved
         * queries first; any other NAME a table or view */
        if (!strcmp(c->name, "plot")) {
            size_t at = (size_t)snprintf(buf, n, "w:");
            for (const isl_plot_kind *p = isl_plot_kinds; p->name && at < n; p++)
                at += (size_t)snprintf(buf + at, n - at, "%s%s", p == isl_plot_kinds ? "" : " ", p->name);
        } else {
            snprintf(buf, n, "%s", !strcmp(c->name, "report") ? "db:question" : "db:relation");
        }
    }
}

/* The completion script, in parts (a C string has at most 4095
 * characters): what it is, */
static const char COMPLETION_NAMES[] =
    "# bash completion for isolab, generated from its command table by\n"
    "# tools/mkdoc: commands, options, choices, and names read from the\n"
    "# database named on the line (--db, else $ISOLAB_DB, else isolab.db).\n"
    "# Names from the database are data: they are matched and offered as\n"
    "# literal words, shell-quoted, never expanded, evaluated or globbed. The\n"
    "# file is read by the sqlite3 shell, read-only and in safe mode (nothing\n"
    "# migrated, locked or written), for at most a second; the typed prefix\n"
    "# goes to it as a parameter (hex digits alone on its command line), and\n"
    "# at most 1000 names come back: a cut list says so. A character isolab\n"
    "# escapes on the screen (src/core/escape.c: C1 and bidirectional\n"
    "# controls, _isolab_hidden) is offered as $'\\ooo' octal, never raw.\n"
    "\n";
/* the lookup of names itself, */
static const char COMPLETION_LOOKUP[] =
    "# _isolab_names CLASS PREFIX [HEAD] : the names of CLASS in the line's\n"
    "# database that start with PREFIX (HEAD: the member list's items typed\n"
    "# before, for the class removable), one a line, with backslash, newline and carriage\n"
    "# return written as \\\\ \\n \\r, at most 1001; then a newline (ending a line\n"
    "# cut short) and \"\\N\", N the sqlite3 shell's exit status (124: cut at 1 s)\n"
    "_isolab_names() {\n"
    "    local db=${ISOLAB_DB:-isolab.db} i sql\n"
    "    for ((i = 1; i < COMP_CWORD; i++)); do\n"
    "        case ${COMP_WORDS[i]} in\n"
    "            --db) db=${COMP_WORDS[i + 1]} ;;\n"
    "            --db=*) db=${COMP_WORDS[i]#--db=} ;;\n"
    "        esac\n"
    "    done\n"
    "    # the word as typed: quotes and backslashes taken off, nothing expanded\n"
    "    case $db in\n"
    "        \\'*\\') db=${db:1:${#db}-2} ;;\n"
    "        \\\"*\\\") db=${db:1:${#db}-2} ;;\n"
    "        *) db=${db//\\\\/} ;;\n"
    "    esac\n"
    "    [[ $db == '~/'* ]] && db=$HOME/${db#'~/'}\n"
    "    [ -f \"$db\" ] && command -v sqlite3 >/dev/null 2>&1 || return 0\n"
    "    # a URI: read-only; immutable (no lock, no -wal or -shm made) when\n"
    "    # there is no -wal whose rows it would miss\n"
    "    local uri=${db//%/%25}\n"
    "    uri=${uri//\\?/%3f}; uri=file:${uri//#/%23}\n"
    "    if [ -e \"$db-wal\" ]; then uri+='?mode=ro'; else uri+='?immutable=1'; fi\n"
    "    case $1 in\n"
    "        # a bundle, or a member list a run computed (run_param's members):\n"
    "        # what report, export and plot compare under\n"
    "        compared) sql=\"SELECT name AS n FROM (SELECT name, 0 AS k, rowid AS o FROM bundle\"\n"
    "                  sql+=\" UNION ALL SELECT DISTINCT value, 1, 0 FROM run_param WHERE key = 'members'\"\n"
    "                  sql+=\" AND value NOT IN (SELECT name FROM bundle)) ORDER BY k, o, n\" ;;\n"
    "        channel) sql='SELECT name AS n FROM channel ORDER BY rowid' ;;\n"
    "        lesson) sql='SELECT code AS n FROM lesson ORDER BY position' ;;\n"
    "        mechanism) sql='SELECT name AS n FROM mechanism ORDER BY position' ;;\n"
    "        member) sql='SELECT name AS n FROM (SELECT name, 0 AS k, rowid AS position FROM bundle'\n"
    "                sql+=' UNION ALL SELECT name, 1, position FROM mechanism) ORDER BY k, position' ;;\n"
    "        # after '-': the mechanisms of the items named in HEAD (,a,b,), each\n"
    "        # bundle's bundle_member rows and each mechanism itself, less those\n"
    "        # a '-' in HEAD took out\n"
    "        removable) sql=\"SELECT name AS n FROM mechanism WHERE (instr(CAST(@h AS TEXT), ',' || name || ',') > 0\"\n"
    "                   sql+=\" OR name IN (SELECT mechanism FROM bundle_member WHERE instr(CAST(@h AS TEXT), ',' || bundle || ',') > 0))\"\n"
    "                   sql+=\" AND instr(CAST(@h AS TEXT), ',-' || name || ',') = 0 ORDER BY position\" ;;\n"
    "        run) sql='SELECT id AS n FROM run ORDER BY id' ;;\n"
    "        kind) sql='SELECT DISTINCT kind AS n FROM run ORDER BY kind' ;;\n"
    "        # report NAME: with nothing typed, the course's questions (the view\n"
    "        # course_question); else every name\n"
    "        question) [ -n \"${COMP_WORDS[COMP_CWORD]}\" ] && { _isolab_names relation \"$2\"; return; }\n"
    "                  sql='SELECT name AS n FROM course_question' ;;\n"
    "        relation) sql=\"SELECT name AS n FROM sqlite_schema WHERE type IN ('table', 'view')\"\n"
    "                  sql+=\" AND name NOT LIKE 'sqlite\\\\_%' ESCAPE '\\\\' ORDER BY name\" ;;\n"
    "        *) return 0 ;;\n"
    "    esac\n"
    "    local q=\"SELECT replace(replace(replace(CAST(n AS TEXT), '\\\\', '\\\\\\\\'), char(10), '\\\\n'),\"\n"
    "    q+=\" char(13), '\\\\r') FROM ($sql) WHERE n IS NOT NULL\"\n"
    "    q+=\" AND substr(CAST(n AS TEXT), 1, length(CAST(@p AS TEXT))) = CAST(@p AS TEXT) LIMIT 1001\"\n"
    "    local hex=$(printf '%s' \"$2\" | od -An -v -tx1 | tr -d ' \\n')\n"
    "    local hexh=$(printf '%s' \"$3\" | od -An -v -tx1 | tr -d ' \\n')\n"
    "    timeout 1 sqlite3 -readonly -safe -batch -init /dev/null -list -noheader \\\n"
    "        -cmd 'PRAGMA trusted_schema = OFF' -cmd \".parameter set @p x'$hex'\" \\\n"
    "        -cmd \".parameter set @h x'$hexh'\" \"$uri\" \"$q\" 2>/dev/null\n"
    "    printf '\\n\\\\%d\\n' $?\n"
    "}\n"
    "\n";
/* the matching of the typed word, */
static const char COMPLETION_MATCH[] =
    "# _isolab_typed : the name the current word starts, its quoting taken off\n"
    "# (an open '...' or \"...\", backslashes); empty, so no name is left out,\n"
    "# when it is quoted otherwise\n"
    "_isolab_typed() {\n"
    "    local cur=${COMP_WORDS[COMP_CWORD]} out= k c\n"
    "    case $cur in\n"
    "        \\'*) [[ ${cur:1} == *\\'* ]] || printf '%s' \"${cur:1}\"; return 0 ;;\n"
    "        \\\"*) [[ ${cur:1} == *[\\\"\\\\\\$\\`]* ]] || printf '%s' \"${cur:1}\"; return 0 ;;\n"
    "        *[\\'\\\"\\$\\`]*) return 0 ;;\n"
    "    esac\n"
    "    for ((k = 0; k < ${#cur}; k++)); do\n"
    "        c=${cur:k:1}\n"
    "        if [ \"$c\" = '\\' ]; then k=$((k + 1)); c=${cur:k:1}; fi\n"
    "        out+=$c\n"
    "    done\n"
    "    printf '%s' \"$out\"\n"
    "}\n"
    "\n"
    "# _isolab_match HEAD WORD... : COMPREPLY gets HEAD (the current word's\n"
    "# start, as typed) and each WORD where that starts with the current word\n"
    "# (as typed, or once quoted), WORD shell-quoted, one element each, each\n"
    "# character of _isolab_hidden in it as $'\\ooo' (inside $'...' too)\n"
    "_isolab_match() {\n"
    "    local cur=${COMP_WORDS[COMP_CWORD]} head=$1 w q p k\n"
    "    shift\n"
    "    for w; do\n"
    "        printf -v q '%q' \"$w\"\n"
    "        for ((k = 0; k < ${#_isolab_hidden[@]}; k++)); do\n"
    "            [[ $q == *[![:ascii:]]* ]] || break\n"
    "            [[ $q == *\"${_isolab_hidden[k]}\"* ]] || continue\n"
    "            if [[ $q == \\$\\'* ]]; then q=${q//\"${_isolab_hidden[k]}\"/\"'\\$'${_isolab_shown[k]}'\\$'\"}\n"
    "            else q=${q//\"${_isolab_hidden[k]}\"/\"\\$'${_isolab_shown[k]}'\"}; fi\n"
    "        done\n"
    "        # a comma needs no backslash where braces have theirs (none in $'...')\n"
    "        p=$q; [[ $q == \\$\\'* ]] || p=${q//\\\\,/,}\n"
    "        [[ $head$w == \"$cur\"* || $head$q == \"$cur\"* || $head$p == \"$cur\"* ]] && COMPREPLY+=(\"$head$p\")\n"
    "    done\n"
    "    return 0\n"
    "}\n"
    "\n";
/* and the start of _isolab, which completion() ends from the table. */
static const char COMPLETION_HEAD[] =
    "# _isolab_offer CLASS : COMPREPLY for the current word from CLASS\n"
    "_isolab_offer() {\n"
    "    local cur=${COMP_WORDS[COMP_CWORD]} line words=() names=() held= have= st=0\n"
    "    COMPREPLY=()\n"
    "    case $1 in\n"
    "        w:*) read -r -a words <<<\"${1#w:}\"; _isolab_match '' \"${words[@]}\" ;;\n"
    "        # a member list (m) item by item: what is typed up to the last comma\n"
    "        # (and a '-' after it) stays, the item after it is completed from the\n"
    "        # bundles and mechanisms, with no space after it, so a comma can\n"
    "        # follow. After '-', from the mechanisms of the bundles and\n"
    "        # mechanisms named before it, less those a '-' took out: this only\n"
    "        # narrows what is offered; the list's rule is isolab's\n"
    "        # (isolab_members, which the sqlite3 shell here does not load), not\n"
    "        # copied here, and isolab still says what it refuses.\n"
    "        # Each line kept until the next: the one before the status is the\n"
    "        # newline's (empty, or a name cut short)\n"
    "        db:* | m) local cls=${1#db:} typed= head= minus= item=$(_isolab_typed)\n"
    "              if [ \"$1\" = m ]; then\n"
    "                  cls=member\n"
    "                  if [[ $item == *,* ]]; then typed=${item%,*},; item=${item##*,}; head=${cur%,*},; fi\n"
    "                  if [[ $item == -* ]]; then minus=-; item=${item#-}; cls=removable; fi\n"
    "                  compopt -o nospace 2>/dev/null\n"
    "              fi\n"
    "              while IFS= read -r line; do\n"
    "                  if [[ $line == \\\\[0-9]* ]]; then st=${line#\\\\}; break; fi\n"
    "                  [ -n \"$have\" ] && names+=(\"$minus$held\")\n"
    "                  printf -v held '%b' \"$line\"; have=1\n"
    "              done < <(_isolab_names \"$cls\" \"$item\" \",$typed\")\n"
    "              if ((${#names[@]} > 1000)); then names=(\"${names[@]:0:1000}\"); st=-1; fi\n"
    "              _isolab_match \"$head\" \"${names[@]}\"\n"
    "              # a cut list says so, in entries no TAB puts on the line\n"
    "              if ((st == -1)); then COMPREPLY+=('(only the first 1000 names: type more of the name)')\n"
    "              elif ((st == 124)); then COMPREPLY+=('(cut at 1 s: type more of the name)')\n"
    "              fi\n"
    "              if ((st == -1 || st == 124)) && ((${#COMPREPLY[@]} == 1)); then COMPREPLY+=('no name read in time'); fi ;;\n"
    "        f) compopt -o filenames 2>/dev/null; mapfile -t COMPREPLY < <(compgen -f -- \"$cur\") ;;\n"
    "        d) compopt -o filenames 2>/dev/null; mapfile -t COMPREPLY < <(compgen -d -- \"$cur\") ;;\n"
    "    esac\n"
    "    return 0\n"
    "}\n"
    "\n"
    "_isolab() {\n"
    "    local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD - 1]} cmd= i w\n"
    "    # the command: the first word that is no option nor a global option's value\n"
    "    for ((i = 1; i < COMP_CWORD; i++)); do\n"
    "        w=${COMP_WORDS[i]}\n"
    "        case $w in\n"
    "            --db | --wait) ((i++)); continue ;;\n"
    "            -*) continue ;;\n"
    "        esac\n"
    "        cmd=$w\n"
    "        if [ \"$w\" = sweep ] && [ \"${COMP_WORDS[i + 1]}\" = bundles ] && ((i + 1 < COMP_CWORD)); then cmd='sweep bundles'; fi\n"
    "        break\n"
    "    done\n"
    "    local opts= ops= cls=\n";

/* The characters beyond ASCII that isolab's own escaping makes visible
 * (isl_needs_escape, src/core/escape.c: the C1 and the bidirectional
 * controls), as the arrays _isolab_hidden (each one's UTF-8 bytes) and
 * _isolab_shown (the same as \ooo octal, for $'...'): one rule, isolab's,
 * for what a candidate may show raw. */
static void hidden(void)
{
    isl_buf hid = {NULL, 0, 0, 0}, shown = {NULL, 0, 0, 0};
    for (unsigned long cp = 0x80; cp <= 0x10FFFF; cp++) {
        if (cp >= 0xD800 && cp <= 0xDFFF) continue;
        unsigned char u[5];
        size_t n = cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
        for (size_t i = n - 1; i > 0; i--) u[i] = (unsigned char)(0x80 | ((cp >> (6 * (n - 1 - i))) & 0x3F));
        u[0] = (unsigned char)((n == 2 ? 0xC0 : n == 3 ? 0xE0 : 0xF0) | (cp >> (6 * (n - 1))));
        u[n] = '\0';
        if (!isl_needs_escape((const char *)u)) continue;
        isl_buf_put(&hid, " $'", 3), isl_buf_put(&shown, " '", 2);
        for (size_t i = 0; i < n; i++) isl_buf_printf(&hid, "\\%03o", u[i]), isl_buf_printf(&shown, "\\%03o", u[i]);
        isl_buf_put(&hid, "'", 1), isl_buf_put(&shown, "'", 1);
    }
    if (hid.oom || shown.oom) {
        fputs("mkdoc: out of memory\n", stderr);
        exit(1);
    }
    printf("_isolab_hidden=(%.*s)\n_isolab_shown=(%.*s)\n", (int)hid.n, hid.p, (int)shown.n, shown.p);
    free(hid.p), free(shown.p);
}

static void completion(void)
{
    fputs(COMPLETION_NAMES, stdout), fputs(COMPLETION_LOOKUP, stdout);
    fputs(COMPLETION_MATCH, stdout), fputs(COMPLETION_HEAD, stdout);
    char cls[512];
    fputs("    case $cmd in\n", stdout);
    for (const isl_command *c = isl_commands; c->name; c++) {
        printf("        '%s')\n            opts='", c->name);
        for (const isl_option *const *o = c->options; *o; o++) printf("%s ", (*o)->name);
        for (const isl_option *const *o = isl_global_options; *o; o++)
            if (isl_option_listed(c, *o)) printf("%s%s", (*o)->name, o[1] ? " " : "");
        operand_class(c, cls, sizeof cls);
        printf("'\n            ops='%s'\n            case $prev in\n", cls);
        for (const isl_option *const *o = c->options; *o; o++) {
            if (!(*o)->value) continue;
            option_class(*o, cls, sizeof cls);
            printf("                %s) cls='%s' ;;\n", (*o)->name, cls[0] ? cls : "-");
        }
        fputs("            esac ;;\n", stdout);
    }
    fputs("        *) opts='--db --help --version'\n"
          "           ops='w:",
          stdout);
    for (const isl_command *c = isl_commands; c->name; c++)
        if (!strchr(c->name, ' ')) printf("%s ", c->name);
    fputs("' ;;\n"
          "    esac\n"
          "    case $prev in\n"
          "        --db) cls=f ;;\n"
          "        --wait) cls=- ;;\n"
          "    esac\n"
          "    if [ -n \"$cls\" ]; then _isolab_offer \"$cls\"\n"
          "    elif [ \"$cmd\" = sweep ] && [ \"$prev\" = sweep ] && [[ bundles == \"$cur\"* ]]; then\n"
          "        _isolab_offer \"$ops\"; COMPREPLY+=(bundles)\n"
          "    elif [[ $cur == -* ]]; then _isolab_offer \"w:$opts\"\n"
          "    else _isolab_offer \"$ops\"\n"
          "    fi\n"
          "}\n",
          stdout);
    hidden();
    fputs("complete -o default -F _isolab isolab ./isolab\n", stdout);
}

int main(int argc, char **argv)
{
    if (argc == 4 && !strcmp(argv[1], "man")) man(argv[2], argv[3]);
    else if (argc == 2 && !strcmp(argv[1], "completion")) completion();
    else {
        fputs("usage: mkdoc man DATADIR LIBDIR | mkdoc completion\n", stderr);
        return 2;
    }
    return fflush(stdout) || ferror(stdout) ? 1 : 0;
}
