/* isolab page: the model explained: a glossary of its words, then its
 * axes, mechanisms, bundles and channels, and the tables that compare
 * channels and bundles, each from its saved query. */
#include <string.h>

#include "page.h"
#include "page_table.h"

/* The model's words, each with a sentence (written for the page). */
static const char *const GLOSSARY[][2] = {
    {"fact", "one thing a process could learn about the machine it runs on, such as the hostname or the list of "
             "other processes."},
    {"axis", "a group of related facts (process, mount, network, ...); a mechanism hides whole axes at once."},
    {"mechanism", "an isolation feature of the kernel (a namespace, a control group, dropped capabilities, a "
                  "mandatory label) that closes the facts on the axes it covers."},
    {"left open", "a fact on an axis a mechanism closes that the mechanism still lets through, so it stays "
                  "visible."},
    {"bundle", "mechanisms applied together in a fixed order; a later one can close what an earlier one left "
               "open. plain has none."},
    {"channel", "a way to observe a process from outside its isolation (a system call trace, a sampling "
                "profile) that shows certain facts whatever the bundle closes."},
    {"returns", "a channel returns a fact when the bundle closed it and the channel shows it again."},
    {"open surface", "how many facts stay visible under a bundle with a channel: the visible and left-open "
                     "facts and the returned ones. Smaller is better isolated."},
    {"cost per fact", "the channel's cost (how much slower the run is, in percent of the baseline run) divided "
                      "by the facts it returns: the lower, the cheaper each returned fact is to get."},
};

void page_put_glossary(isl_buf *b)
{
    page_puts(b, "<section id=\"words\">\n<h2>The words of this page</h2>\n<dl class=\"glossary\">\n");
    for (size_t i = 0; i < sizeof GLOSSARY / sizeof GLOSSARY[0]; i++) {
        page_puts(b, "<dt>"), page_html(b, GLOSSARY[i][0]), page_puts(b, "</dt><dd>");
        page_html(b, GLOSSARY[i][1]), page_puts(b, "</dd>\n");
    }
    page_puts(b, "</dl>\n<p>The model behind every number is <a href=\"#model\">listed in full</a> "
                 "after the lessons.</p>\n</section>\n");
}

/* The model's tables: view, caption, note when empty, the kind whose
 * command it names (and operand), columns hidden, the words of empty cells;
 * stacked on a phone, or folded. */
static const page_table MODEL_TABLES[] = {
    {"page_axes", "Axes, with their facts and the mechanisms that close them (page_axes)", "No axes.", .stack = 0},
    {"page_mechanisms", "Mechanisms, with the axes they close and the facts they leave open (page_mechanisms)",
     "No mechanisms.", .stack = 0},
    {"page_bundles", "Bundles, with their members in the order they are applied (page_bundles)", "No bundles.",
     .stack = 0},
    {"page_channels", "Channels, with their lesson, cost and the facts they show (page_channels)", "No channels.",
     .stack = 0},
    {"channel_overlap", "Facts two channels both return, and each alone, per bundle (channel_overlap)",
     "No two channels have current results: run ", &isl_kinds[ISL_KIND_RUN], .folded = 1},
    {"axis_visibility", "Each axis's visible facts without and with each channel, per bundle (axis_visibility)",
     "No current results: run ", &isl_kinds[ISL_KIND_RUN], NULL, (const char *const[]){"run_id", NULL}, .folded = 1},
    {"bundle_smallest", "The smallest bundles that reach the least open surface, per channel (bundle_smallest)",
     "No current bundles sweep: run ", &isl_kinds[ISL_KIND_BUNDLES], NULL,
     (const char *const[]){"line", "run_id", "mask", NULL},
     /* the words of the text report's line */
     (const char *const[]){"channel", "(no channel)", "members", "(none)", NULL}, .stack = 1,
     .drop_empty = 1 /* the mechanisms swept: shown when not every one */},
};

int page_put_model(isl_cli *cli, isl_buf *b, const isl_labels *l)
{
    page_puts(b, "<section id=\"model\">\n<h2>The model</h2>\n<p>What the results are computed from: the "
                 "course's model as the database holds it now.</p>\n");
    int rc = ISL_OK;
    for (const page_table *t = MODEL_TABLES; t < MODEL_TABLES + sizeof MODEL_TABLES / sizeof *t && !rc; t++) {
        if (t->folded) page_puts(b, "<details><summary>"), page_html(b, t->caption), page_puts(b, "</summary>\n");
        rc = page_put_table(cli, b, l, t);
        if (t->folded) page_puts(b, "</details>\n");
    }
    page_puts(b, "</section>\n");
    return rc;
}
