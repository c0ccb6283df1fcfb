/* Loader flags of --prices (see prices.h), from the command line. */
#include "run/cli.h"
#include "run/model.h"

int tool_price_flag(ecs_price_options *o, int opt, const char *arg,
                       ecs_diag *diag);

/* The price option key of a model flag, or -1. */
static int price_key(int opt, ecs_price_key *key)
{
    switch (opt) {
    case TOOL_OPT_SLOT_MINUTES: *key = ECS_PRICE_KEY_SLOT_MINUTES; return 0;
    case TOOL_OPT_NO_REPEAT:    *key = ECS_PRICE_KEY_NO_REPEAT; return 0;
    case TOOL_OPT_PRICE_COLUMN: *key = ECS_PRICE_KEY_PRICE_COLUMN; return 0;
    case TOOL_OPT_FILTER:       *key = ECS_PRICE_KEY_FILTER; return 0;
    case TOOL_OPT_UTC_OFFSET:   *key = ECS_PRICE_KEY_UTC_OFFSET; return 0;
    case TOOL_OPT_STAMP:        *key = ECS_PRICE_KEY_STAMP; return 0;
    case TOOL_OPT_FILL:         *key = ECS_PRICE_KEY_FILL; return 0;
    case TOOL_OPT_START:        *key = ECS_PRICE_KEY_START; return 0;
    case TOOL_OPT_UNIT:         *key = ECS_PRICE_KEY_UNIT; return 0;
    case TOOL_OPT_TIME_COLUMN:  *key = ECS_PRICE_KEY_TIME_COLUMN; return 0;
    default: return -1;
    }
}

int tool_price_flag(ecs_price_options *o, int opt, const char *arg,
                       ecs_diag *diag)
{
    ecs_price_key key;
    if (price_key(opt, &key) != 0) {
        ecs_diag_set(diag, ECS_EINVAL, NULL, 0, "not a price loader option");
        return -1;
    }
    return ecs_price_options_set(o, key, arg ? arg : "", diag) == ECS_OK ? 0
                                                                        : -1;
}
