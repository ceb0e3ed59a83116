/* The steps of the phone's transport selection (SELECT-2), which its
 * transitions (transport_select.c) are made of. Each acts at select->now and
 * adds its actions to select->actions. Without a LAN path (SELECT-1) the
 * steps skip the LAN: no check, no backoff, no timer of its own. */
#ifndef OPENHUMAN_SELECT_STEPS_H
#define OPENHUMAN_SELECT_STEPS_H

#include <stdbool.h>
#include <stdint.h>

#include "transport_select.h"

/* Whether the pairing has this path: every path but the LAN of a pairing
 * without rpc. */
bool select_has_path(const transport_select *select, select_path path);

/* Whether a path is connecting or probing. */
bool select_any_in_flight(const transport_select *select);

/* arm timer for delay: its due time becomes now + delay. */
void select_arm(transport_select *select, select_timer timer, uint64_t delay);

/* min(2 x interval, cap). */
uint64_t select_doubled(uint64_t interval);

/* check(p), for a path off or up (nothing for a path in flight): a tunnel
 * path off becomes connecting with connect(p), a tunnel path up probing with
 * probe(p), the cloud probing with probe(cloud); then deadline.p is armed for
 * deadline(p). */
void select_check(transport_select *select, select_path path);

/* drop(p), for a path not off: close(p) for a tunnel path (nothing for the
 * cloud), deadline.p disarmed, and the path is off. */
void select_drop(transport_select *select, select_path path);

/* backoff(p): check.p armed for interval(p), then interval(p) doubled up to
 * cap. */
void select_backoff(transport_select *select, select_path path);

/* attempt(S), S the tunnel paths flagged: the state becomes racing; each of
 * them off or up, the LAN first, has check.p disarmed and is checked.
 * Returns whether a path is then in flight: when none is, the caller goes on
 * as SELECT-10 or SELECT-11 say for a failure of the path lost (SELECT-14). */
bool select_attempt(transport_select *select, bool lan, bool relay);

/* goOffline: every path not off dropped, every timer but idle disarmed, retry
 * armed for retryInterval, then retryInterval doubled up to cap; the state
 * becomes offline. */
void select_go_offline(transport_select *select);

#endif
