/* Loader flags of --prices (see prices.h), from the command line. */
#include "cli.h"

int ecs_cli_price_flag(ecs_price_options *o, int opt, const char *arg,
                       ecs_diag *diag);

int ecs_cli_price_flag(ecs_price_options *o, int opt, const char *arg,
                       ecs_diag *diag)
{
    long v;
    switch (opt) {
    case ECS_OPT_SLOT_MINUTES:
        if (ecs_parse_long(arg, &v) != 0 || v < 1 || v > 24 * 60)
            return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                                "--slot-minutes must be 1..1440, not '%s'", arg),
                   -1;
        o->slot_minutes = (int)v;
        return 0;
    case ECS_OPT_NO_REPEAT:
        o->no_repeat = 1;
        return 0;
    default:
        ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                     "this price loader option is not supported yet");
        return -1;
    }
}
