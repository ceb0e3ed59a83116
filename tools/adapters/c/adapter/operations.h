/* The adapter operations (contract section 6). Each handler reads its input
 * object, fills the empty output object and returns NULL, or returns an
 * error code (a wire code or a reserved adapter code) and the output is
 * discarded. */
#ifndef OPENHUMAN_OPERATIONS_H
#define OPENHUMAN_OPERATIONS_H

#include <jansson.h>

typedef const char *(*operation_handler)(const json_t *input, json_t *output);

/* Primitives (operations_primitives.c). */
const char *op_x25519(const json_t *input, json_t *output);
const char *op_hkdf_sha256(const json_t *input, json_t *output);
const char *op_hchacha20(const json_t *input, json_t *output);
const char *op_xchacha20poly1305_seal(const json_t *input, json_t *output);
const char *op_xchacha20poly1305_open(const json_t *input, json_t *output);
const char *op_session_keys(const json_t *input, json_t *output);

/* Session frames (operations_session.c). */
const char *op_frame_seal(const json_t *input, json_t *output);
const char *op_frame_open(const json_t *input, json_t *output);
const char *op_session(const json_t *input, json_t *output);

/* Handshake (operations_handshake.c). */
const char *op_handshake_device_start(const json_t *input, json_t *output);
const char *op_handshake_device_finish(const json_t *input, json_t *output);
const char *op_handshake_core(const json_t *input, json_t *output);

/* The device after its handshake (operations_device.c). */
const char *op_handshake_device(const json_t *input, json_t *output);
/* One pairing of the device through its states (operations_device_state.c). */
const char *op_device_state(const json_t *input, json_t *output);

/* Safe pairing, stateless (operations_safe_pairing.c). */
const char *op_sas(const json_t *input, json_t *output);
const char *op_core_key_fingerprint(const json_t *input, json_t *output);
const char *op_pairing_window(const json_t *input, json_t *output);
const char *op_channel_keys(const json_t *input, json_t *output);

/* The core's session and channel (operations_core_session.c, operations_core_channel.c). */
const char *op_core_session(const json_t *input, json_t *output);
const char *op_core_channel(const json_t *input, json_t *output);

/* Pairing payload, versions 2 and 3 (operations_pairing.c). */
const char *op_qr_encode(const json_t *input, json_t *output);
const char *op_qr_parse(const json_t *input, json_t *output);
const char *op_qr_encode_v3(const json_t *input, json_t *output);
const char *op_qr_parse_v3(const json_t *input, json_t *output);

/* Envelope layer (operations_envelope.c, operations_envelope_steps.c). */
const char *op_envelope_encode(const json_t *input, json_t *output);
const char *op_envelope_parse(const json_t *input, json_t *output);
const char *op_envelope_split(const json_t *input, json_t *output);
const char *op_envelope_reassemble(const json_t *input, json_t *output);
const char *op_envelope_core(const json_t *input, json_t *output);
const char *op_envelope_device(const json_t *input, json_t *output);

/* Wire version 3: the Noise handshake and the pairing values (operations_noise.c). */
const char *op_noise_handshake(const json_t *input, json_t *output);
const char *op_pairing_v3_values(const json_t *input, json_t *output);
/* One version 3 channel of the core through its first pairing (operations_pairing_v3_core.c). */
const char *op_pairing_v3_core(const json_t *input, json_t *output);
/* The phone's side of that pairing (operations_pairing_v3_device.c). */
const char *op_pairing_v3_device(const json_t *input, json_t *output);
/* A paired channel's reconnections, the core's and the phone's sides
 * (operations_reconnect_v3_core.c, operations_reconnect_v3_device.c). */
const char *op_reconnect_v3_core(const json_t *input, json_t *output);
const char *op_reconnect_v3_device(const json_t *input, json_t *output);
/* A version 3 session's frames 0x16 (operations_session_v3.c). */
const char *op_session_v3(const json_t *input, json_t *output);

/* The phone's transport selection (operations_transport_select.c). */
const char *op_transport_select(const json_t *input, json_t *output);

#endif
