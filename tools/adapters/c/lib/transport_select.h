/* The phone's transport selection (wire spec 15.5): one deterministic state
 * machine per paired pairing that chooses among its paths. It reads no
 * clock: every event carries its time, now, in ms on the device's monotonic
 * clock, and its answer is the new state, the actions the device carries out
 * (select_actions.h) and the timers armed (select_timers.h). The device
 * reports an armed timer's expiry as a timer event. */
#ifndef OPENHUMAN_TRANSPORT_SELECT_H
#define OPENHUMAN_TRANSPORT_SELECT_H

#include <stdbool.h>
#include <stdint.h>

#include "select_actions.h"
#include "select_path.h"
#include "select_timers.h"

/* The values of 15.5.1, in ms but for SELECT_PROMOTION. */
#define SELECT_DEADLINE_LAN 2000u
#define SELECT_DEADLINE_RELAY 10000u
#define SELECT_DEADLINE_CLOUD 5000u
#define SELECT_BASE 10000u
#define SELECT_CAP 300000u
#define SELECT_PROMOTION 3u
#define SELECT_KEEPALIVE_INTERVAL 25000u
#define SELECT_IDLE_TIMEOUT 300000u

/* The latest time of an event (ADP-134): 2^53 - 1 less the longest delay a
 * timer is armed for (cap and idleTimeout, 300,000 ms), so that every due
 * time is at most 2^53 - 1, an exact JSON integer. */
#define SELECT_LATEST_TIME ((UINT64_C(1) << 53) - 1u - 300000u)

typedef enum {
    SELECT_STATE_IDLE,
    SELECT_STATE_RACING, /* an attempt is under way and no path is in use */
    SELECT_STATE_LAN,    /* that path is in use */
    SELECT_STATE_RELAY,
    SELECT_STATE_CLOUD,
    SELECT_STATE_OFFLINE /* every path failed; a retry is due */
} select_state;

typedef enum {
    SELECT_EVENT_START,     /* the app wants its desktop */
    SELECT_EVENT_ACTIVITY,  /* a request sent or an answer received */
    SELECT_EVENT_NETWORK,   /* the phone's network changed */
    SELECT_EVENT_CONNECTED, /* connected(p), p a tunnel path */
    SELECT_EVENT_ERROR,     /* error(p, code); the code changes nothing here */
    SELECT_EVENT_CLOSED,    /* closed(p), p a tunnel path */
    SELECT_EVENT_HEALTH,    /* health(p, ok) or health(p, fail) */
    SELECT_EVENT_TIMER,     /* timer(name) */
    SELECT_EVENT_OPT_IN,    /* optIn(cloud) */
    SELECT_EVENT_OPT_OUT,   /* optOut(cloud) */
    SELECT_EVENT_COUNT
} select_event_kind;

typedef struct {
    select_event_kind kind;
    uint64_t now;
    select_path path;   /* connected, error, closed, health, optIn, optOut */
    bool ok;            /* health */
    select_timer timer; /* timer */
} select_event;

typedef struct {
    bool has_lan; /* the pairing has rpc (SELECT-1) */
    select_state state;
    select_status status[SELECT_PATH_COUNT];
    uint64_t interval[SELECT_TUNNEL_PATH_COUNT]; /* interval(lan), interval(relay) */
    uint64_t retry_interval;
    unsigned lan_healthy;
    bool opted_in;
    select_timers timers;
    uint64_t now;           /* the time of the last event */
    select_actions actions; /* the actions of the last event */
} transport_select;

/* SELECT-1: idle, every path off, the intervals base, lanHealthy 0, no timer
 * armed, optedIn as the profile holds it. Without a LAN path (a pairing
 * without rpc) the LAN stays off and every rule skips it. */
void transport_select_init(transport_select *select, bool has_lan, bool opted_in);

/* "start", "activity", "network", "connected", "error", "closed", "health",
 * "timer", "optIn", "optOut": the events of 15.5.2 by the names of ADP-134. */
const char *select_event_name(select_event_kind kind);

/* Whether an event of this kind is about path: connected and closed about a
 * tunnel path (the cloud has no carrier of the selection's), error and
 * health about any path, optIn and optOut about the cloud; the others about
 * none. */
bool select_event_takes_path(select_event_kind kind, select_path path);

/* "idle", "racing", "lan", "relay", "cloud", "offline". */
const char *select_state_name(select_state state);

/* Runs the transition of one event (SELECT-3 to SELECT-27); afterwards
 * select->actions holds its actions. An event the selection does not take
 * changes nothing and has no action (SELECT-7). Returns false, changing
 * nothing, for an event that is malformed (a path its kind does not take, a
 * timer out of range) or whose time is after SELECT_LATEST_TIME or before the
 * previous event's. */
bool transport_select_handle(transport_select *select, const select_event *event);

#endif
