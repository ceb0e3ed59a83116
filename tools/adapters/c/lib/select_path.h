/* The paths of the phone's transport selection (wire spec 15.5.1, 15.5.2):
 * lan, relay and cloud, in that order of preference, lan and relay the
 * tunnel paths; and a path's status, off, connecting, probing or up. The
 * cloud has no carrier of the selection's own, so it is never connecting. */
#ifndef OPENHUMAN_SELECT_PATH_H
#define OPENHUMAN_SELECT_PATH_H

#include <stdbool.h>

/* In order of preference: a smaller value is more preferred. */
typedef enum {
    SELECT_PATH_LAN,
    SELECT_PATH_RELAY,
    SELECT_PATH_CLOUD,
    SELECT_PATH_COUNT
} select_path;

/* The tunnel paths are the first ones: lan and relay. */
#define SELECT_TUNNEL_PATH_COUNT 2

typedef enum {
    SELECT_OFF,        /* no carrier, nothing in flight */
    SELECT_CONNECTING, /* connect(p) sent */
    SELECT_PROBING,    /* probe(p) sent */
    SELECT_UP,         /* its last probe was healthy and its carrier is open */
    SELECT_STATUS_COUNT
} select_status;

bool select_path_is_tunnel(select_path path);

/* connecting or probing. */
bool select_status_in_flight(select_status status);

/* "lan", "relay", "cloud". */
const char *select_path_name(select_path path);

/* "off", "connecting", "probing", "up". */
const char *select_status_name(select_status status);

#endif
