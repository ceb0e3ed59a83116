/* The steps runner every stateful operation shares (kit ADP-50): one state,
 * many steps, one result object per step. A step the protocol refuses writes
 * {"error": code} into its result (steps_set_error) and the next step still
 * runs; a request problem (bad_request) or internal_error ends the request,
 * and the output is discarded. */
#ifndef OPENHUMAN_STEPS_H
#define OPENHUMAN_STEPS_H

#include <jansson.h>
#include <stddef.h>

/* One step: reads step, acts on context and fills result, which is already
 * in the output. Returns NULL, or an adapter code that ends the request. */
typedef const char *(*step_function)(void *context, const json_t *step, json_t *result);

/* input["steps"] when it is an array, else bad_request. */
const char *steps_of(const json_t *input, const json_t **steps);

/* Sets output["steps"] to an array and runs the steps in order, each with a
 * new result object appended to it, until one returns an adapter code. */
const char *steps_run(const json_t *steps, json_t *output, step_function run, void *context);

/* The kind of a step {kind: {...}}: its one member, which must be named in
 * kinds (count names) and be an object; *name is that entry of kinds and
 * *body its value. Anything else is bad_request. */
const char *steps_kind(const json_t *step, const char *const *kinds, size_t count,
                       const char **name, const json_t **body);

/* Sets result["error"] to a wire code: the step was refused. */
const char *steps_set_error(json_t *result, const char *code);

#endif
