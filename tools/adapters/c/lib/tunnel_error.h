/* Wire error codes of the tunnel (contract section 2). Every receiver check
 * ends in exactly one of these, so a conformance runner can tell a parse
 * error from an authentication failure. */
#ifndef OPENHUMAN_TUNNEL_ERROR_H
#define OPENHUMAN_TUNNEL_ERROR_H

typedef enum {
    TUNNEL_OK = 0,
    TUNNEL_ERR_BAD_BASE64URL,
    TUNNEL_ERR_BAD_KEY_LENGTH,
    TUNNEL_ERR_LOW_ORDER_KEY,
    TUNNEL_ERR_HKDF_OUTPUT_TOO_LONG,
    TUNNEL_ERR_EMPTY_FRAME,
    TUNNEL_ERR_LEGACY_FRAME,
    TUNNEL_ERR_UNSUPPORTED_TYPE,
    TUNNEL_ERR_UNEXPECTED_TYPE,
    TUNNEL_ERR_FRAME_TOO_SHORT,
    TUNNEL_ERR_FRAME_TOO_LARGE,
    TUNNEL_ERR_PLAINTEXT_TOO_LARGE,
    TUNNEL_ERR_REPLAYED,
    TUNNEL_ERR_AUTH_FAILED,
    TUNNEL_ERR_BAD_HANDSHAKE_JSON,
    TUNNEL_ERR_DUPLICATE_FIELD,
    TUNNEL_ERR_MISSING_FIELD,
    TUNNEL_ERR_BAD_FIELD_TYPE,
    TUNNEL_ERR_BAD_FIELD_VALUE,
    TUNNEL_ERR_UNKNOWN_DEVICE,
    TUNNEL_ERR_CHANNEL_REVOKED,
    TUNNEL_ERR_PAIRING_EXPIRED,
    TUNNEL_ERR_HANDSHAKE_REPLAYED,
    TUNNEL_ERR_NO_SESSION,
    TUNNEL_ERR_PAIRING_UNCONFIRMED,
    TUNNEL_ERR_NOT_CONFIRMING,
    TUNNEL_ERR_STALE_CONFIRMATION,
    TUNNEL_ERR_SESSION_EXHAUSTED,
    TUNNEL_ERR_TOO_MANY_ATTEMPTS,
    TUNNEL_ERR_RATE_LIMITED,
    TUNNEL_ERR_DUPLICATE_CORE_KEY,
    TUNNEL_ERR_VERSION_MISMATCH,
    TUNNEL_ERR_COMMITMENT_MISMATCH,
    TUNNEL_ERR_CONFIRMATION_MISMATCH,
    /* Not a wire code: the process ran out of memory. The adapter reports
     * it as "internal_error" so it can never pass for a protocol verdict. */
    TUNNEL_ERR_NO_MEMORY
} tunnel_error;

/* The stable snake_case wire code of an error. */
const char *tunnel_error_code(tunnel_error error);

#endif
