/* Results of the envelope layer (spec chapter 11, section 11.9): NULL for
 * success, otherwise the stable snake_case code itself. The codes are kept
 * apart from tunnel_error (the frame and handshake codes of chapter 7) so the
 * layer above the frame has its own vocabulary. */
#ifndef OPENHUMAN_ENVELOPE_STATUS_H
#define OPENHUMAN_ENVELOPE_STATUS_H

typedef const char *envelope_status;

#define ENVELOPE_OK ((envelope_status)0)

#define ENV_BAD_ENVELOPE_JSON "bad_envelope_json"
#define ENV_DUPLICATE_FIELD "duplicate_field"
#define ENV_MISSING_FIELD "missing_field"
#define ENV_BAD_FIELD_TYPE "bad_field_type"
#define ENV_BAD_FIELD_VALUE "bad_field_value"
#define ENV_BAD_REQUEST_ID "bad_request_id"
#define ENV_UNKNOWN_KIND "unknown_kind"
#define ENV_UNEXPECTED_KIND "unexpected_kind"
#define ENV_BAD_BASE64 "bad_base64"
#define ENV_BAD_CHUNK_SIZE "bad_chunk_size"
#define ENV_MESSAGE_TOO_LARGE "message_too_large"
#define ENV_FIRST_CHUNK_MISSING "first_chunk_missing"
#define ENV_TOO_MANY_PARTIALS "too_many_partials"
#define ENV_CHUNK_TOTAL_MISMATCH "chunk_total_mismatch"
#define ENV_DUPLICATE_CHUNK "duplicate_chunk"
#define ENV_NESTED_CHUNK "nested_chunk"
#define ENV_CHUNK_REQUEST_ID_MISMATCH "chunk_request_id_mismatch"
#define ENV_DUPLICATE_REQUEST_ID "duplicate_request_id"
#define ENV_TOO_MANY_REQUESTS "too_many_requests"
#define ENV_UNKNOWN_REQUEST "unknown_request"
#define ENV_NOT_STREAMING "not_streaming"
#define ENV_STREAM_OUT_OF_ORDER "stream_out_of_order"
/* Sent as error payloads by the core (RPC-6), read by the device (ENV-8). */
#define ENV_METHOD_NOT_ALLOWED "method_not_allowed"
#define ENV_UNKNOWN_METHOD "unknown_method"
#define ENV_METHOD_FAILED "method_failed"
/* Not a wire code: the process ran out of memory. */
#define ENV_NO_MEMORY "internal_error"

#endif
