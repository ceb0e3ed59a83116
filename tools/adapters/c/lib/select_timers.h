/* The eight timers of the phone's transport selection (wire spec 15.5.2):
 * each armed with a due time, in ms on the device's monotonic clock, or not
 * armed. Arming one replaces the due time it had (SELECT-2). */
#ifndef OPENHUMAN_SELECT_TIMERS_H
#define OPENHUMAN_SELECT_TIMERS_H

#include <stdbool.h>
#include <stdint.h>

#include "select_path.h"

/* deadline.p and check.p follow the order of the paths (select_path.h). */
typedef enum {
    SELECT_TIMER_DEADLINE_LAN,
    SELECT_TIMER_DEADLINE_RELAY,
    SELECT_TIMER_DEADLINE_CLOUD,
    SELECT_TIMER_CHECK_LAN,
    SELECT_TIMER_CHECK_RELAY,
    SELECT_TIMER_RETRY,
    SELECT_TIMER_KEEPALIVE,
    SELECT_TIMER_IDLE,
    SELECT_TIMER_COUNT
} select_timer;

typedef struct {
    bool armed[SELECT_TIMER_COUNT];
    uint64_t due[SELECT_TIMER_COUNT];
} select_timers;

/* deadline.p, for any path. */
select_timer select_deadline_timer(select_path path);

/* check.p, for a tunnel path. */
select_timer select_check_timer(select_path path);

/* Leaves every timer unarmed. */
void select_timers_clear(select_timers *timers);

/* Sets the due time of timer to due, replacing any it had. */
void select_timers_arm(select_timers *timers, select_timer timer, uint64_t due);

void select_timers_disarm(select_timers *timers, select_timer timer);

/* "deadline.lan", "deadline.relay", "deadline.cloud", "check.lan",
 * "check.relay", "retry", "keepalive", "idle". */
const char *select_timer_name(select_timer timer);

#endif
