#include "select_actions.h"

#include <string.h>

void select_actions_clear(select_actions *actions)
{
    memset(actions, 0, sizeof *actions);
}

void select_actions_add(select_actions *actions, select_action_kind kind, select_path path)
{
    actions->count[kind][path]++;
}

const char *select_action_kind_name(select_action_kind kind)
{
    switch (kind) {
    case SELECT_ACTION_CLOSE: return "close";
    case SELECT_ACTION_DRAIN: return "drain";
    case SELECT_ACTION_CONNECT: return "connect";
    case SELECT_ACTION_PROBE: return "probe";
    case SELECT_ACTION_USE: return "use";
    case SELECT_ACTION_RESEND:
    case SELECT_ACTION_KIND_COUNT:
    default: return "resend";
    }
}
