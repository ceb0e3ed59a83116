#include "select_steps.h"

bool select_has_path(const transport_select *select, select_path path)
{
    return path != SELECT_PATH_LAN || select->has_lan;
}

bool select_any_in_flight(const transport_select *select)
{
    for (int p = 0; p < SELECT_PATH_COUNT; p++) {
        if (select_status_in_flight(select->status[p])) {
            return true;
        }
    }
    return false;
}

void select_arm(transport_select *select, select_timer timer, uint64_t delay)
{
    select_timers_arm(&select->timers, timer, select->now + delay);
}

uint64_t select_doubled(uint64_t interval)
{
    return interval >= SELECT_CAP / 2 ? SELECT_CAP : 2 * interval;
}

static uint64_t deadline_of(select_path path)
{
    return path == SELECT_PATH_LAN     ? SELECT_DEADLINE_LAN
           : path == SELECT_PATH_RELAY ? SELECT_DEADLINE_RELAY
                                       : SELECT_DEADLINE_CLOUD;
}

void select_check(transport_select *select, select_path path)
{
    select_status status = select->status[path];
    if (!select_has_path(select, path) || select_status_in_flight(status)) {
        return;
    }
    if (status == SELECT_OFF && select_path_is_tunnel(path)) {
        select->status[path] = SELECT_CONNECTING;
        select_actions_add(&select->actions, SELECT_ACTION_CONNECT, path);
    } else {
        select->status[path] = SELECT_PROBING;
        select_actions_add(&select->actions, SELECT_ACTION_PROBE, path);
    }
    select_arm(select, select_deadline_timer(path), deadline_of(path));
}

void select_drop(transport_select *select, select_path path)
{
    if (select->status[path] == SELECT_OFF) {
        return;
    }
    if (select_path_is_tunnel(path)) {
        select_actions_add(&select->actions, SELECT_ACTION_CLOSE, path);
    }
    select_timers_disarm(&select->timers, select_deadline_timer(path));
    select->status[path] = SELECT_OFF;
}

void select_backoff(transport_select *select, select_path path)
{
    if (!select_has_path(select, path)) {
        return;
    }
    select_arm(select, select_check_timer(path), select->interval[path]);
    select->interval[path] = select_doubled(select->interval[path]);
}

bool select_attempt(transport_select *select, bool lan, bool relay)
{
    select->state = SELECT_STATE_RACING;
    const bool in_set[SELECT_TUNNEL_PATH_COUNT] = {lan, relay};
    for (int p = 0; p < SELECT_TUNNEL_PATH_COUNT; p++) {
        select_status status = select->status[p];
        if (in_set[p] && select_has_path(select, (select_path)p) &&
            (status == SELECT_OFF || status == SELECT_UP)) {
            select_timers_disarm(&select->timers, select_check_timer((select_path)p));
            select_check(select, (select_path)p);
        }
    }
    return select_any_in_flight(select);
}

void select_go_offline(transport_select *select)
{
    for (int p = 0; p < SELECT_PATH_COUNT; p++) {
        select_drop(select, (select_path)p);
    }
    for (int t = 0; t < SELECT_TIMER_COUNT; t++) {
        if (t != SELECT_TIMER_IDLE) {
            select_timers_disarm(&select->timers, (select_timer)t);
        }
    }
    select_arm(select, SELECT_TIMER_RETRY, select->retry_interval);
    select->retry_interval = select_doubled(select->retry_interval);
    select->state = SELECT_STATE_OFFLINE;
}
