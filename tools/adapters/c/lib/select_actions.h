/* The actions one event of the phone's transport selection asks of the
 * device (wire spec 15.5.2, TRANS-5, TRANS-7): connect(p), probe(p),
 * close(p), drain(p), use(p), resend(p). They are listed in SELECT-2's
 * order, by kind (close, drain, connect, probe, use, resend) and within a
 * kind by path (lan, relay, cloud), whatever order the steps took them in;
 * so they are kept as a count per kind and path, read in that order. */
#ifndef OPENHUMAN_SELECT_ACTIONS_H
#define OPENHUMAN_SELECT_ACTIONS_H

#include "select_path.h"

/* In SELECT-2's order. */
typedef enum {
    SELECT_ACTION_CLOSE,
    SELECT_ACTION_DRAIN,
    SELECT_ACTION_CONNECT,
    SELECT_ACTION_PROBE,
    SELECT_ACTION_USE,
    SELECT_ACTION_RESEND,
    SELECT_ACTION_KIND_COUNT
} select_action_kind;

typedef struct {
    unsigned count[SELECT_ACTION_KIND_COUNT][SELECT_PATH_COUNT];
} select_actions;

void select_actions_clear(select_actions *actions);

void select_actions_add(select_actions *actions, select_action_kind kind, select_path path);

/* "close", "drain", "connect", "probe", "use", "resend". */
const char *select_action_kind_name(select_action_kind kind);

#endif
