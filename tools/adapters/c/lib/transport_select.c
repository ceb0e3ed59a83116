/* The transitions of the phone's transport selection (SELECT-3 to
 * SELECT-27), made of SELECT-2's steps (select_steps.c). */
#include "transport_select.h"

#include <string.h>

#include "select_steps.h"

void transport_select_init(transport_select *select, bool has_lan, bool opted_in)
{
    /* idle, every path off, lanHealthy 0, no timer armed, no action, time 0 */
    memset(select, 0, sizeof *select);
    select->has_lan = has_lan;
    select->interval[SELECT_PATH_LAN] = SELECT_BASE;
    select->interval[SELECT_PATH_RELAY] = SELECT_BASE;
    select->retry_interval = SELECT_BASE;
    select->opted_in = opted_in;
}

const char *select_event_name(select_event_kind kind)
{
    switch (kind) {
    case SELECT_EVENT_START: return "start";
    case SELECT_EVENT_ACTIVITY: return "activity";
    case SELECT_EVENT_NETWORK: return "network";
    case SELECT_EVENT_CONNECTED: return "connected";
    case SELECT_EVENT_ERROR: return "error";
    case SELECT_EVENT_CLOSED: return "closed";
    case SELECT_EVENT_HEALTH: return "health";
    case SELECT_EVENT_TIMER: return "timer";
    case SELECT_EVENT_OPT_IN: return "optIn";
    case SELECT_EVENT_OPT_OUT:
    case SELECT_EVENT_COUNT:
    default: return "optOut";
    }
}

bool select_event_takes_path(select_event_kind kind, select_path path)
{
    switch (kind) {
    case SELECT_EVENT_CONNECTED:
    case SELECT_EVENT_CLOSED: return select_path_is_tunnel(path);
    case SELECT_EVENT_ERROR:
    case SELECT_EVENT_HEALTH: return path < SELECT_PATH_COUNT;
    case SELECT_EVENT_OPT_IN:
    case SELECT_EVENT_OPT_OUT: return path == SELECT_PATH_CLOUD;
    case SELECT_EVENT_START:
    case SELECT_EVENT_ACTIVITY:
    case SELECT_EVENT_NETWORK:
    case SELECT_EVENT_TIMER:
    case SELECT_EVENT_COUNT:
    default: return false;
    }
}

const char *select_state_name(select_state state)
{
    switch (state) {
    case SELECT_STATE_RACING: return "racing";
    case SELECT_STATE_LAN: return "lan";
    case SELECT_STATE_RELAY: return "relay";
    case SELECT_STATE_CLOUD: return "cloud";
    case SELECT_STATE_OFFLINE: return "offline";
    case SELECT_STATE_IDLE:
    default: return "idle";
    }
}

/* The path in use in lan, relay and cloud. */
static bool path_in_use(const transport_select *select, select_path *path)
{
    switch (select->state) {
    case SELECT_STATE_LAN: *path = SELECT_PATH_LAN; return true;
    case SELECT_STATE_RELAY: *path = SELECT_PATH_RELAY; return true;
    case SELECT_STATE_CLOUD: *path = SELECT_PATH_CLOUD; return true;
    case SELECT_STATE_IDLE:
    case SELECT_STATE_RACING:
    case SELECT_STATE_OFFLINE:
    default: return false;
    }
}

static select_state state_of_path(select_path path)
{
    return path == SELECT_PATH_LAN     ? SELECT_STATE_LAN
           : path == SELECT_PATH_RELAY ? SELECT_STATE_RELAY
                                       : SELECT_STATE_CLOUD;
}

/* SELECT-3 (idle), SELECT-20 and SELECT-21 (offline): attempt both tunnel
 * paths. The relay is off in both states, so a path is then in flight. */
static void attempt_both(transport_select *select)
{
    (void)select_attempt(select, true, true);
}

/* SELECT-10, SELECT-11: no path is left in flight after the failure of lost
 * (in racing, or in attempt's continuation for SELECT-14). */
static void nothing_left(transport_select *select, select_path lost)
{
    if (select_path_is_tunnel(lost) && select->opted_in) {
        select_check(select, SELECT_PATH_CLOUD); /* SELECT-10: the state stays racing */
    } else {
        select_go_offline(select); /* SELECT-11 */
    }
}

/* SELECT-8: in racing, the first healthy path is used. */
static void use_first_healthy(transport_select *select, select_path path)
{
    select_actions_add(&select->actions, SELECT_ACTION_USE, path);
    select_actions_add(&select->actions, SELECT_ACTION_RESEND, path);
    for (int q = (int)path + 1; q < SELECT_PATH_COUNT; q++) {
        select_drop(select, (select_path)q);
    }
    /* A more preferred path in flight stays in flight: its outcome counts as
     * a background check. */
    for (int q = 0; q < (int)path && q < SELECT_TUNNEL_PATH_COUNT; q++) {
        if (select->status[q] == SELECT_OFF) {
            select_backoff(select, (select_path)q);
        }
    }
    select->lan_healthy = 0;
    select->retry_interval = SELECT_BASE;
    if (select_path_is_tunnel(path)) {
        select_arm(select, SELECT_TIMER_KEEPALIVE, SELECT_KEEPALIVE_INTERVAL);
    }
    select->state = state_of_path(path);
}

/* SELECT-15, SELECT-16: in relay, a healthy LAN check; the third in a row
 * promotes the LAN (the relay drains: its requests finish there, nothing is
 * resent). */
static void healthy_lan_check(transport_select *select)
{
    if (select->lan_healthy + 1 < SELECT_PROMOTION) {
        select->lan_healthy++;
        select_arm(select, SELECT_TIMER_CHECK_LAN, SELECT_BASE);
        return;
    }
    select_actions_add(&select->actions, SELECT_ACTION_DRAIN, SELECT_PATH_RELAY);
    select_actions_add(&select->actions, SELECT_ACTION_USE, SELECT_PATH_LAN);
    select->status[SELECT_PATH_RELAY] = SELECT_OFF;
    select_timers_disarm(&select->timers, SELECT_TIMER_DEADLINE_RELAY);
    select->lan_healthy = 0;
    select_arm(select, SELECT_TIMER_KEEPALIVE, SELECT_KEEPALIVE_INTERVAL);
    select->state = SELECT_STATE_LAN;
}

/* SELECT-19: in cloud, a healthy tunnel path is used at once. */
static void leave_cloud(transport_select *select, select_path path)
{
    select_actions_add(&select->actions, SELECT_ACTION_USE, path);
    select_actions_add(&select->actions, SELECT_ACTION_RESEND, path);
    select_drop(select, SELECT_PATH_CLOUD);
    if (path == SELECT_PATH_LAN) {
        select_drop(select, SELECT_PATH_RELAY);
        select_timers_disarm(&select->timers, SELECT_TIMER_CHECK_RELAY);
    }
    /* For the relay, a LAN check in flight or armed stays. */
    select->lan_healthy = 0;
    select_arm(select, SELECT_TIMER_KEEPALIVE, SELECT_KEEPALIVE_INTERVAL);
    select->state = state_of_path(path);
}

/* The state's rule for a healthy path, after SELECT-5. */
static void on_healthy(transport_select *select, select_path path)
{
    select_path in_use;
    if (select->state == SELECT_STATE_RACING) {
        use_first_healthy(select, path);
    } else if (!path_in_use(select, &in_use) || path == in_use) {
        return; /* SELECT-13: the keepalive probe answered */
    } else if (select->state == SELECT_STATE_RELAY && path == SELECT_PATH_LAN) {
        healthy_lan_check(select);
    } else if (select->state == SELECT_STATE_CLOUD && select_path_is_tunnel(path)) {
        leave_cloud(select, path);
    }
}

/* SELECT-14: the path in use failed; the tunnel paths but it are attempted. */
static void lose_path_in_use(transport_select *select, select_path lost)
{
    select_timers_disarm(&select->timers, SELECT_TIMER_KEEPALIVE);
    if (!select_attempt(select, lost != SELECT_PATH_LAN, lost != SELECT_PATH_RELAY)) {
        nothing_left(select, lost);
    }
}

/* The state's rule for a failed path, after SELECT-6's drop. */
static void on_failed(transport_select *select, select_path path)
{
    select_path in_use;
    if (select->state == SELECT_STATE_RACING) {
        if (!select_any_in_flight(select)) {
            nothing_left(select, path); /* SELECT-10, SELECT-11; else SELECT-9 */
        }
    } else if (!path_in_use(select, &in_use)) {
        return;
    } else if (path == in_use) {
        lose_path_in_use(select, path);
    } else if (path < in_use) {
        /* SELECT-17: a background check that failed (in relay or cloud) */
        if (path == SELECT_PATH_LAN) {
            select->lan_healthy = 0;
        }
        select_backoff(select, path);
    }
}

/* SELECT-5. */
static void health_ok(transport_select *select, select_path path)
{
    select->status[path] = SELECT_UP;
    select_timers_disarm(&select->timers, select_deadline_timer(path));
    if (select_path_is_tunnel(path)) {
        select->interval[path] = SELECT_BASE;
    }
    on_healthy(select, path);
}

/* SELECT-6, for a path not off. */
static void fail(transport_select *select, select_path path)
{
    select_drop(select, path);
    on_failed(select, path);
}

/* SELECT-3: start or activity in idle. */
static void start_from_idle(transport_select *select)
{
    select_arm(select, SELECT_TIMER_IDLE, SELECT_IDLE_TIMEOUT);
    select->interval[SELECT_PATH_LAN] = SELECT_BASE;
    select->interval[SELECT_PATH_RELAY] = SELECT_BASE;
    select->retry_interval = SELECT_BASE;
    select->lan_healthy = 0;
    attempt_both(select);
}

/* SELECT-21: start or network in offline. */
static void retry_now(transport_select *select)
{
    select_timers_disarm(&select->timers, SELECT_TIMER_RETRY);
    select->retry_interval = SELECT_BASE;
    attempt_both(select);
}

/* SELECT-23: network in racing, lan, relay or cloud. */
static void network_changed(transport_select *select)
{
    select_path in_use = SELECT_PATH_CLOUD; /* racing: every tunnel path */
    bool tunnel_in_use = path_in_use(select, &in_use) && select_path_is_tunnel(in_use);
    for (int p = 0; p < (int)in_use && p < SELECT_TUNNEL_PATH_COUNT; p++) {
        select_status status = select->status[p];
        if (select_has_path(select, (select_path)p) &&
            (status == SELECT_OFF || status == SELECT_UP)) {
            select_timers_disarm(&select->timers, select_check_timer((select_path)p));
            select->interval[p] = SELECT_BASE;
            select_check(select, (select_path)p);
        }
    }
    select->lan_healthy = 0;
    if (tunnel_in_use) {
        select_check(select, in_use);
        select_arm(select, SELECT_TIMER_KEEPALIVE, SELECT_KEEPALIVE_INTERVAL);
    }
}

/* SELECT-27: the idle timeout closes every carrier. */
static void go_idle(transport_select *select)
{
    for (int p = 0; p < SELECT_PATH_COUNT; p++) {
        select_drop(select, (select_path)p);
    }
    select_timers_clear(&select->timers);
    select->lan_healthy = 0;
    select->state = SELECT_STATE_IDLE;
}

/* A timer that was armed and is now disarmed (SELECT-2). */
static void timer_fired(transport_select *select, select_timer timer)
{
    select_path in_use;
    switch (timer) {
    case SELECT_TIMER_DEADLINE_LAN:
    case SELECT_TIMER_DEADLINE_RELAY:
    case SELECT_TIMER_DEADLINE_CLOUD: {
        select_path path = (select_path)(timer - SELECT_TIMER_DEADLINE_LAN);
        if (select->state != SELECT_STATE_IDLE && select->status[path] != SELECT_OFF) {
            fail(select, path); /* SELECT-6 */
        }
        return;
    }
    case SELECT_TIMER_CHECK_LAN:
    case SELECT_TIMER_CHECK_RELAY:
        /* SELECT-18 */
        if (select->state == SELECT_STATE_RELAY || select->state == SELECT_STATE_CLOUD) {
            select_check(select, (select_path)(timer - SELECT_TIMER_CHECK_LAN));
        }
        return;
    case SELECT_TIMER_RETRY:
        if (select->state == SELECT_STATE_OFFLINE) {
            attempt_both(select); /* SELECT-20 */
        }
        return;
    case SELECT_TIMER_KEEPALIVE:
        /* SELECT-12 */
        if (path_in_use(select, &in_use) && select_path_is_tunnel(in_use)) {
            select_check(select, in_use);
            select_arm(select, SELECT_TIMER_KEEPALIVE, SELECT_KEEPALIVE_INTERVAL);
        }
        return;
    case SELECT_TIMER_IDLE:
        if (select->state != SELECT_STATE_IDLE) {
            go_idle(select);
        }
        return;
    case SELECT_TIMER_COUNT:
    default: return;
    }
}

static bool event_is_valid(const transport_select *select, const select_event *event)
{
    if (event->kind >= SELECT_EVENT_COUNT || event->now > SELECT_LATEST_TIME ||
        event->now < select->now) {
        return false;
    }
    switch (event->kind) {
    case SELECT_EVENT_CONNECTED:
    case SELECT_EVENT_ERROR:
    case SELECT_EVENT_CLOSED:
    case SELECT_EVENT_HEALTH:
    case SELECT_EVENT_OPT_IN:
    case SELECT_EVENT_OPT_OUT: return select_event_takes_path(event->kind, event->path);
    case SELECT_EVENT_TIMER: return event->timer < SELECT_TIMER_COUNT;
    case SELECT_EVENT_START:
    case SELECT_EVENT_ACTIVITY:
    case SELECT_EVENT_NETWORK:
    case SELECT_EVENT_COUNT:
    default: return true;
    }
}

bool transport_select_handle(transport_select *select, const select_event *event)
{
    if (!event_is_valid(select, event)) {
        return false;
    }
    select->now = event->now;
    select_actions_clear(&select->actions);
    bool idle = select->state == SELECT_STATE_IDLE;
    bool offline = select->state == SELECT_STATE_OFFLINE;
    select_path path = event->path;
    switch (event->kind) {
    case SELECT_EVENT_START:
        if (idle) {
            start_from_idle(select);
        } else if (offline) {
            retry_now(select);
        }
        break; /* SELECT-7 in racing, lan, relay and cloud */
    case SELECT_EVENT_ACTIVITY:
        if (idle) {
            start_from_idle(select);
        } else {
            select_arm(select, SELECT_TIMER_IDLE, SELECT_IDLE_TIMEOUT); /* SELECT-26 */
        }
        break;
    case SELECT_EVENT_NETWORK:
        if (offline) {
            retry_now(select);
        } else if (!idle) {
            network_changed(select);
        }
        break;
    case SELECT_EVENT_CONNECTED:
        /* SELECT-4: its deadline runs on. */
        if (!idle && select->status[path] == SELECT_CONNECTING) {
            select->status[path] = SELECT_PROBING;
            select_actions_add(&select->actions, SELECT_ACTION_PROBE, path);
        }
        break;
    case SELECT_EVENT_HEALTH:
        /* SELECT-5, SELECT-6: a health report answers a probe, so only a path
         * probing takes one; from any other it is late (SELECT-7). */
        if (!idle && select->status[path] == SELECT_PROBING) {
            if (event->ok) {
                health_ok(select, path);
            } else {
                fail(select, path);
            }
        }
        break;
    case SELECT_EVENT_ERROR:
    case SELECT_EVENT_CLOSED:
        if (!idle && select->status[path] != SELECT_OFF) {
            fail(select, path);
        }
        break;
    case SELECT_EVENT_TIMER:
        /* SELECT-2: a fired timer is disarmed before its transition; one not
         * armed is a late report (SELECT-7). */
        if (select->timers.armed[event->timer]) {
            select_timers_disarm(&select->timers, event->timer);
            timer_fired(select, event->timer);
        }
        break;
    case SELECT_EVENT_OPT_IN:
        select->opted_in = true; /* SELECT-24 */
        if (offline) {
            /* SELECT-22 */
            select_timers_disarm(&select->timers, SELECT_TIMER_RETRY);
            select_check(select, SELECT_PATH_CLOUD);
            select->state = SELECT_STATE_RACING;
        }
        break;
    case SELECT_EVENT_OPT_OUT:
        /* SELECT-25 */
        select->opted_in = false;
        if (!idle && select->status[SELECT_PATH_CLOUD] != SELECT_OFF) {
            fail(select, SELECT_PATH_CLOUD);
        }
        break;
    case SELECT_EVENT_COUNT:
    default: break;
    }
    return true;
}
