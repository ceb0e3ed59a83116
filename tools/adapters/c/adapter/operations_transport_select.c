/* transport-select (ADP-134): the phone's transport selection of wire spec
 * section 15.5 (lib/transport_select.h) run on a sequence of events, each
 * answered with the selection's decision after it. Every step is read and
 * checked before any runs: a malformed one is bad_request for the whole
 * request, and a well-formed one always has an answer (no error per step). */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "adapter_io.h"
#include "operations.h"
#include "steps.h"
#include "transport_select.h"

/* ADP-134: at most 10,000 steps. */
#define TRANSPORT_SELECT_MAX_STEPS 10000u

/* The value of name among count names given by name_of, or false. */
static bool lookup(const json_t *value, int count, const char *(*name_of)(int), int *found)
{
    for (int i = 0; i < count; i++) {
        if (json_string_equals(value, name_of(i))) {
            *found = i;
            return true;
        }
    }
    return false;
}

static const char *event_name(int kind)
{
    return select_event_name((select_event_kind)kind);
}

static const char *path_name(int path)
{
    return select_path_name((select_path)path);
}

static const char *timer_name(int timer)
{
    return select_timer_name((select_timer)timer);
}

/* Whether an event of this kind names a path. */
static bool needs_path(select_event_kind kind)
{
    for (int p = 0; p < SELECT_PATH_COUNT; p++) {
        if (select_event_takes_path(kind, (select_path)p)) {
            return true;
        }
    }
    return false;
}

/* Reads one step; previous is the previous step's time (0 for the first).
 * Members an event does not need are ignored (ADP-31). */
static const char *read_step(const json_t *step, uint64_t previous, select_event *event)
{
    int kind = 0, path = 0, timer = 0;
    if (!json_is_object(step) ||
        input_integer(step, "at", SELECT_LATEST_TIME, &event->now) != NULL ||
        event->now < previous ||
        !lookup(json_object_get(step, "event"), SELECT_EVENT_COUNT, event_name, &kind)) {
        return ADAPTER_BAD_REQUEST;
    }
    event->kind = (select_event_kind)kind;
    event->path = SELECT_PATH_LAN;
    event->ok = false;
    event->timer = SELECT_TIMER_DEADLINE_LAN;
    if (needs_path(event->kind)) {
        if (!lookup(json_object_get(step, "path"), SELECT_PATH_COUNT, path_name, &path) ||
            !select_event_takes_path(event->kind, (select_path)path)) {
            return ADAPTER_BAD_REQUEST;
        }
        event->path = (select_path)path;
    }
    if (event->kind == SELECT_EVENT_ERROR && !json_is_string(json_object_get(step, "code"))) {
        return ADAPTER_BAD_REQUEST;
    }
    if (event->kind == SELECT_EVENT_HEALTH) {
        const json_t *ok = json_object_get(step, "ok");
        if (!json_is_boolean(ok)) {
            return ADAPTER_BAD_REQUEST;
        }
        event->ok = json_is_true(ok);
    }
    if (event->kind == SELECT_EVENT_TIMER) {
        if (!lookup(json_object_get(step, "timer"), SELECT_TIMER_COUNT, timer_name, &timer)) {
            return ADAPTER_BAD_REQUEST;
        }
        event->timer = (select_timer)timer;
    }
    return NULL;
}

/* The decision after a step: state, paths, lanHealthy, actions, timers. */
static const char *write_decision(const transport_select *select, json_t *result)
{
    json_t *paths = json_object();
    json_t *actions = json_array();
    json_t *timers = json_object();
    int status = json_object_set_new(result, "state",
                                     json_string(select_state_name(select->state))) |
                 json_object_set_new(result, "paths", paths) |
                 json_object_set_new(result, "lanHealthy", json_integer(select->lan_healthy)) |
                 json_object_set_new(result, "actions", actions) |
                 json_object_set_new(result, "timers", timers);
    if (status != 0 || paths == NULL || actions == NULL || timers == NULL) {
        return ADAPTER_INTERNAL_ERROR;
    }
    for (int p = 0; p < SELECT_PATH_COUNT; p++) {
        status |= json_object_set_new(paths, select_path_name((select_path)p),
                                      json_string(select_status_name(select->status[p])));
    }
    /* SELECT-2's order: by kind, then by path. */
    char text[32];
    for (int kind = 0; kind < SELECT_ACTION_KIND_COUNT; kind++) {
        for (int p = 0; p < SELECT_PATH_COUNT; p++) {
            for (unsigned n = 0; n < select->actions.count[kind][p]; n++) {
                snprintf(text, sizeof text, "%s(%s)",
                         select_action_kind_name((select_action_kind)kind),
                         select_path_name((select_path)p));
                status |= json_array_append_new(actions, json_string(text));
            }
        }
    }
    for (int t = 0; t < SELECT_TIMER_COUNT; t++) {
        json_t *due = select->timers.armed[t] ? json_integer((json_int_t)select->timers.due[t])
                                              : json_null();
        status |= json_object_set_new(timers, select_timer_name((select_timer)t), due);
    }
    return status == 0 ? NULL : ADAPTER_INTERNAL_ERROR;
}

typedef struct {
    transport_select select;
    uint64_t previous;
} select_run;

static const char *run_step(void *context, const json_t *step, json_t *result)
{
    select_run *run = context;
    select_event event;
    const char *error = read_step(step, run->previous, &event);
    if (error != NULL) {
        return error;
    }
    run->previous = event.now;
    if (!transport_select_handle(&run->select, &event)) {
        return ADAPTER_INTERNAL_ERROR; /* read_step took only what the selection takes */
    }
    return write_decision(&run->select, result);
}

const char *op_transport_select(const json_t *input, json_t *output)
{
    const json_t *lan = json_object_get(input, "lan");
    const json_t *opted_in = json_object_get(input, "cloudOptIn");
    const json_t *steps;
    const char *error = steps_of(input, &steps);
    if (error != NULL || !json_is_boolean(lan) || !json_is_boolean(opted_in) ||
        json_array_size(steps) > TRANSPORT_SELECT_MAX_STEPS) {
        return ADAPTER_BAD_REQUEST;
    }
    /* Every step is read before any runs, each time not below the previous one's. */
    uint64_t previous = 0;
    for (size_t i = 0; i < json_array_size(steps); i++) {
        select_event event;
        error = read_step(json_array_get(steps, i), previous, &event);
        if (error != NULL) {
            return error;
        }
        previous = event.now;
    }
    select_run run = {.previous = 0};
    transport_select_init(&run.select, json_is_true(lan), json_is_true(opted_in));
    return steps_run(steps, output, run_step, &run);
}
