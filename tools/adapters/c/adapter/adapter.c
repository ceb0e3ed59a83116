/* openhuman-adapter: drives this C implementation of the OpenHuman tunnel
 * wire format v2 through the conformance adapter protocol. One JSON request
 * per stdin line, one JSON response per stdout line, flushed at once; logs
 * go to stderr only, so stdout carries nothing but responses. */
#include <jansson.h>
#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "adapter_io.h"
#include "core_session.h"
#include "line_reader.h"
#include "operations.h"
#include "secure_memory.h"

#define ADAPTER_PROTOCOL 1
#define ADAPTER_NAME "openhuman-c"
#define ADAPTER_VERSION "0.1.0"
/* REPLAY-3 policy: this receiver remembers exactly the 128 required nonces. */
#define ADAPTER_REPLAY_MEMORY 128

typedef struct {
    const char *name;
    operation_handler handler;
} operation;

static const operation OPERATIONS[] = {
    {"x25519", op_x25519},
    {"hkdf-sha256", op_hkdf_sha256},
    {"hchacha20", op_hchacha20},
    {"xchacha20poly1305-seal", op_xchacha20poly1305_seal},
    {"xchacha20poly1305-open", op_xchacha20poly1305_open},
    {"session-keys", op_session_keys},
    {"frame-seal", op_frame_seal},
    {"frame-open", op_frame_open},
    {"session", op_session},
    {"handshake-device-start", op_handshake_device_start},
    {"handshake-device-finish", op_handshake_device_finish},
    {"handshake-device", op_handshake_device},
    {"handshake-core", op_handshake_core},
    {"device-state", op_device_state},
    {"qr-encode", op_qr_encode},
    {"qr-parse", op_qr_parse},
    {"sas", op_sas},
    {"core-key-fingerprint", op_core_key_fingerprint},
    {"pairing-window", op_pairing_window},
    {"channel-keys", op_channel_keys},
    {"core-session", op_core_session},
    {"core-channel", op_core_channel},
    {"envelope-encode", op_envelope_encode},
    {"envelope-parse", op_envelope_parse},
    {"envelope-split", op_envelope_split},
    {"envelope-reassemble", op_envelope_reassemble},
    {"envelope-core", op_envelope_core},
    {"envelope-device", op_envelope_device},
    {"noise-handshake", op_noise_handshake},
    {"pairing-v3-values", op_pairing_v3_values},
    {"pairing-v3-core", op_pairing_v3_core},
    {"pairing-v3-device", op_pairing_v3_device},
    {"qr-encode-v3", op_qr_encode_v3},
    {"qr-parse-v3", op_qr_parse_v3},
    {"reconnect-v3-core", op_reconnect_v3_core},
    {"reconnect-v3-device", op_reconnect_v3_device},
    {"session-v3", op_session_v3},
    {"transport-select", op_transport_select},
};

#define OPERATION_COUNT (sizeof OPERATIONS / sizeof OPERATIONS[0])

static const char *op_hello(const json_t *input, json_t *output)
{
    const json_t *protocol = json_object_get(input, "protocol");
    if (!json_is_integer(protocol)) {
        return ADAPTER_BAD_REQUEST;
    }
    if (json_integer_value(protocol) != ADAPTER_PROTOCOL) {
        return ADAPTER_UNSUPPORTED;
    }
    json_t *names = json_array();
    json_t *policies = json_object();
    int status = json_object_set_new(output, "protocol", json_integer(ADAPTER_PROTOCOL)) |
                 json_object_set_new(output, "name", json_string(ADAPTER_NAME)) |
                 json_object_set_new(output, "version", json_string(ADAPTER_VERSION)) |
                 json_object_set_new(output, "operations", names) |
                 json_object_set_new(output, "policies", policies);
    if (status != 0 || names == NULL || policies == NULL) {
        return ADAPTER_INTERNAL_ERROR;
    }
    for (size_t i = 0; i < OPERATION_COUNT; i++) {
        if (json_array_append_new(names, json_string(OPERATIONS[i].name)) != 0) {
            return ADAPTER_INTERNAL_ERROR;
        }
    }
    /* MEMORY-2, ADP-52: the bound of the core's whole-session memory. */
    if (json_object_set_new(policies, "replayMemory", json_integer(ADAPTER_REPLAY_MEMORY)) != 0 ||
        json_object_set_new(policies, "sessionReplayMemory", json_integer(CORE_SESSION_BOUND)) !=
            0) {
        return ADAPTER_INTERNAL_ERROR;
    }
    return NULL;
}

static const char *op_shutdown(const json_t *input, json_t *output)
{
    (void)input;
    (void)output;
    return NULL;
}

static operation_handler find_handler(const json_t *name)
{
    if (json_string_equals(name, "hello")) {
        return op_hello;
    }
    if (json_string_equals(name, "shutdown")) {
        return op_shutdown;
    }
    for (size_t i = 0; i < OPERATION_COUNT; i++) {
        if (json_string_equals(name, OPERATIONS[i].name)) {
            return OPERATIONS[i].handler;
        }
    }
    return NULL;
}

/* json_dump_callback sink that only counts: the length of a response is known
 * before a byte of it is written. */
static int count_bytes(const char *buffer, size_t size, void *data)
{
    (void)buffer;
    size_t *total = data;
    *total += size;
    return 0;
}

/* Writes one response line and flushes it. id is an integer or NULL (null).
 * When even the response cannot be built, a fixed line keeps the
 * one-response-per-request rule. An answer longer than the line cap is
 * replaced by response_too_large (ADP-25): the runner would refuse the line
 * and restart the adapter, where a short answer keeps the stream in step. */
static void respond(json_t *id, const char *error, json_t *output)
{
    if (error == NULL) {
        json_t *probe = json_pack("{s:O,s:b,s:O}", "id", id != NULL ? id : json_null(), "ok", 1,
                                  "output", output);
        size_t length = 0;
        int counted = probe == NULL ? -1
                                    : json_dump_callback(probe, count_bytes, &length, JSON_COMPACT);
        json_decref(probe);
        if (counted == 0 && length > ADAPTER_MAXIMUM_LINE_LENGTH) {
            fprintf(stderr, "openhuman-c: response of %zu bytes exceeds the line cap: %s\n", length,
                    ADAPTER_RESPONSE_TOO_LARGE);
            respond(id, ADAPTER_RESPONSE_TOO_LARGE, NULL);
            return;
        }
    }
    json_t *response = json_object();
    int status = response == NULL ? -1
                                  : json_object_set(response, "id", id != NULL ? id : json_null());
    if (error == NULL) {
        status |= json_object_set_new(response, "ok", json_true()) |
                  json_object_set(response, "output", output);
    } else {
        status |= json_object_set_new(response, "ok", json_false()) |
                  json_object_set_new(response, "error", json_string(error));
    }
    if (status != 0 || json_dumpf(response, stdout, JSON_COMPACT) != 0) {
        fputs("{\"id\":null,\"ok\":false,\"error\":\"internal_error\"}", stdout);
    }
    fputc('\n', stdout);
    fflush(stdout);
    json_decref(response);
}

/* ADP-32: a line that is JSON by the RFC 8259 grammar but holds what jansson
 * cannot (an integer beyond 64 bits, an escape naming an unpaired surrogate)
 * is still a request: its bad_request carries its id. The runner writes "id"
 * as the first member, so the id is read from the line's start without a
 * full parse. Returns a new integer, or NULL when the line does not start
 * with an id of 1 to 2^53 - 1. */
static json_t *leading_request_id(const char *line, size_t length)
{
    static const char prefix[] = "\"id\"";
    size_t i = 0;
    while (i < length && (line[i] == ' ' || line[i] == '\t')) i++;
    if (i == length || line[i++] != '{') return NULL;
    while (i < length && (line[i] == ' ' || line[i] == '\t')) i++;
    if (length - i < sizeof prefix - 1 || memcmp(line + i, prefix, sizeof prefix - 1) != 0)
        return NULL;
    i += sizeof prefix - 1;
    while (i < length && (line[i] == ' ' || line[i] == '\t')) i++;
    if (i == length || line[i++] != ':') return NULL;
    while (i < length && (line[i] == ' ' || line[i] == '\t')) i++;
    uint64_t id = 0;
    size_t digits = 0;
    for (; i < length && line[i] >= '0' && line[i] <= '9' && digits < 17; i++, digits++) {
        id = id * 10 + (uint64_t)(line[i] - '0');
    }
    while (i < length && (line[i] == ' ' || line[i] == '\t')) i++;
    if (digits == 0 || (digits > 1 && line[i - digits] == '0') || id == 0 ||
        id > JSON_SAFE_INTEGER_MAX || i == length || (line[i] != ',' && line[i] != '}')) {
        return NULL;
    }
    return json_integer((json_int_t)id);
}

/* Whether jansson refused a line for a value it cannot hold, not for its syntax. */
static int is_unholdable_value(const json_error_t *error)
{
    return json_error_code(error) == json_error_numeric_overflow ||
           strstr(error->text, "invalid Unicode") != NULL;
}

/* Handles one request line; returns 1 when the adapter should stop. */
static int handle_line(const char *line, size_t length)
{
    json_error_t parse_error;
    /* JSON_ALLOW_NUL: "\u0000" is valid JSON and may appear in QR strings. */
    json_t *request = json_loadb(line, length, JSON_REJECT_DUPLICATES | JSON_ALLOW_NUL,
                                 &parse_error);
    json_t *id = json_object_get(request, "id");
    if (!json_is_integer(id)) {
        id = NULL;
    }
    const json_t *op = json_object_get(request, "op");
    json_t *input = json_object_get(request, "input");
    const char *error = NULL;
    operation_handler handler = NULL;
    json_t *scanned_id = NULL;
    if (!json_is_object(request) || id == NULL || !json_is_string(op)) {
        error = ADAPTER_BAD_REQUEST;
        if (request == NULL) {
            fprintf(stderr, "openhuman-c: malformed request: %s\n", parse_error.text);
            if (is_unholdable_value(&parse_error)) {
                id = scanned_id = leading_request_id(line, length);
            }
        }
    } else if ((handler = find_handler(op)) == NULL) {
        error = ADAPTER_UNSUPPORTED;
    } else if (input != NULL && !json_is_object(input) && !json_is_null(input)) {
        error = ADAPTER_BAD_REQUEST;
    }
    json_t *empty_input = NULL;
    if (error == NULL && !json_is_object(input)) {
        input = empty_input = json_object(); /* "no input" is an empty input */
    }
    json_t *output = error == NULL ? json_object() : NULL;
    if (error == NULL && (input == NULL || output == NULL)) {
        error = ADAPTER_INTERNAL_ERROR;
    }
    if (error == NULL) {
        error = handler(input, output);
    }
    respond(id, error, output);
    int stop = error == NULL && handler == op_shutdown;
    json_decref(output);
    json_decref(empty_input);
    json_decref(request);
    json_decref(scanned_id);
    return stop;
}

/* A line of only JSON whitespace is not a request and gets no response. */
static int is_blank(const char *line, size_t length)
{
    for (size_t i = 0; i < length; i++) {
        if (line[i] != ' ' && line[i] != '\t' && line[i] != '\r') {
            return 0;
        }
    }
    return 1;
}

int main(void)
{
    if (sodium_init() < 0) {
        fputs("openhuman-c: libsodium failed to initialise\n", stderr);
        return 1;
    }
    secure_memory_install_for_jansson();
    line_reader reader;
    line_reader_init(&reader);
    int stop = 0;
    while (!stop) {
        line_status status = line_reader_next(&reader, stdin);
        if (status == LINE_END) {
            break;
        }
        if (status == LINE_TOO_LONG || status == LINE_NO_MEMORY) {
            fputs("openhuman-c: request line too long or out of memory; skipped\n", stderr);
            respond(NULL, status == LINE_TOO_LONG ? ADAPTER_BAD_REQUEST : ADAPTER_INTERNAL_ERROR,
                    NULL);
            continue;
        }
        if (!is_blank(reader.buffer, reader.length)) {
            stop = handle_line(reader.buffer, reader.length);
        }
    }
    line_reader_release(&reader);
    return 0;
}
