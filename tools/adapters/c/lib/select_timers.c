#include "select_timers.h"

#include <string.h>

select_timer select_deadline_timer(select_path path)
{
    return path == SELECT_PATH_LAN     ? SELECT_TIMER_DEADLINE_LAN
           : path == SELECT_PATH_RELAY ? SELECT_TIMER_DEADLINE_RELAY
                                       : SELECT_TIMER_DEADLINE_CLOUD;
}

select_timer select_check_timer(select_path path)
{
    return path == SELECT_PATH_LAN ? SELECT_TIMER_CHECK_LAN : SELECT_TIMER_CHECK_RELAY;
}

void select_timers_clear(select_timers *timers)
{
    memset(timers, 0, sizeof *timers);
}

void select_timers_arm(select_timers *timers, select_timer timer, uint64_t due)
{
    timers->armed[timer] = true;
    timers->due[timer] = due;
}

void select_timers_disarm(select_timers *timers, select_timer timer)
{
    timers->armed[timer] = false;
    timers->due[timer] = 0;
}

const char *select_timer_name(select_timer timer)
{
    switch (timer) {
    case SELECT_TIMER_DEADLINE_LAN: return "deadline.lan";
    case SELECT_TIMER_DEADLINE_RELAY: return "deadline.relay";
    case SELECT_TIMER_DEADLINE_CLOUD: return "deadline.cloud";
    case SELECT_TIMER_CHECK_LAN: return "check.lan";
    case SELECT_TIMER_CHECK_RELAY: return "check.relay";
    case SELECT_TIMER_RETRY: return "retry";
    case SELECT_TIMER_KEEPALIVE: return "keepalive";
    case SELECT_TIMER_IDLE:
    case SELECT_TIMER_COUNT:
    default: return "idle";
    }
}
