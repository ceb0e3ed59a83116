#include "tunnel_error.h"

const char *tunnel_error_code(tunnel_error error)
{
    switch (error) {
    case TUNNEL_OK: return "ok";
    case TUNNEL_ERR_BAD_BASE64URL: return "bad_base64url";
    case TUNNEL_ERR_BAD_KEY_LENGTH: return "bad_key_length";
    case TUNNEL_ERR_LOW_ORDER_KEY: return "low_order_key";
    case TUNNEL_ERR_HKDF_OUTPUT_TOO_LONG: return "hkdf_output_too_long";
    case TUNNEL_ERR_EMPTY_FRAME: return "empty_frame";
    case TUNNEL_ERR_LEGACY_FRAME: return "legacy_frame";
    case TUNNEL_ERR_UNSUPPORTED_TYPE: return "unsupported_type";
    case TUNNEL_ERR_UNEXPECTED_TYPE: return "unexpected_type";
    case TUNNEL_ERR_FRAME_TOO_SHORT: return "frame_too_short";
    case TUNNEL_ERR_FRAME_TOO_LARGE: return "frame_too_large";
    case TUNNEL_ERR_PLAINTEXT_TOO_LARGE: return "plaintext_too_large";
    case TUNNEL_ERR_REPLAYED: return "replayed";
    case TUNNEL_ERR_AUTH_FAILED: return "auth_failed";
    case TUNNEL_ERR_BAD_HANDSHAKE_JSON: return "bad_handshake_json";
    case TUNNEL_ERR_DUPLICATE_FIELD: return "duplicate_field";
    case TUNNEL_ERR_MISSING_FIELD: return "missing_field";
    case TUNNEL_ERR_BAD_FIELD_TYPE: return "bad_field_type";
    case TUNNEL_ERR_BAD_FIELD_VALUE: return "bad_field_value";
    case TUNNEL_ERR_UNKNOWN_DEVICE: return "unknown_device";
    case TUNNEL_ERR_CHANNEL_REVOKED: return "channel_revoked";
    case TUNNEL_ERR_PAIRING_EXPIRED: return "pairing_expired";
    case TUNNEL_ERR_HANDSHAKE_REPLAYED: return "handshake_replayed";
    case TUNNEL_ERR_NO_SESSION: return "no_session";
    case TUNNEL_ERR_PAIRING_UNCONFIRMED: return "pairing_unconfirmed";
    case TUNNEL_ERR_NOT_CONFIRMING: return "not_confirming";
    case TUNNEL_ERR_STALE_CONFIRMATION: return "stale_confirmation";
    case TUNNEL_ERR_SESSION_EXHAUSTED: return "session_exhausted";
    case TUNNEL_ERR_TOO_MANY_ATTEMPTS: return "too_many_attempts";
    case TUNNEL_ERR_RATE_LIMITED: return "rate_limited";
    case TUNNEL_ERR_DUPLICATE_CORE_KEY: return "duplicate_core_key";
    case TUNNEL_ERR_VERSION_MISMATCH: return "version_mismatch";
    case TUNNEL_ERR_COMMITMENT_MISMATCH: return "commitment_mismatch";
    case TUNNEL_ERR_CONFIRMATION_MISMATCH: return "confirmation_mismatch";
    case TUNNEL_ERR_BAD_PADDING: return "bad_padding";
    case TUNNEL_ERR_COUNTER_OUT_OF_RANGE: return "counter_out_of_range";
    case TUNNEL_ERR_BAD_RECORD: return "bad_record";
    case TUNNEL_ERR_BAD_FRAGMENT: return "bad_fragment";
    case TUNNEL_ERR_FRAGMENT_OUT_OF_ORDER: return "fragment_out_of_order";
    case TUNNEL_ERR_MESSAGE_TOO_LARGE: return "message_too_large";
    case TUNNEL_ERR_TOO_MANY_PARTIALS: return "too_many_partials";
    case TUNNEL_ERR_NO_MEMORY: return "internal_error";
    }
    return "internal_error";
}
