"""The one error type of the library: a stable wire code and nothing else.

Receivers report failures only through these codes (spec ERR-1). The code carries
no detail (no offending byte, no field name), so every implementation can match it
exactly.
"""


class TunnelError(Exception):
    """A protocol failure identified by its stable snake_case wire code."""

    __slots__ = ("code",)

    def __init__(self, code: str) -> None:
        super().__init__(code)
        self.code = code


BAD_BASE64URL = "bad_base64url"
BAD_KEY_LENGTH = "bad_key_length"
LOW_ORDER_KEY = "low_order_key"
HKDF_OUTPUT_TOO_LONG = "hkdf_output_too_long"
EMPTY_FRAME = "empty_frame"
LEGACY_FRAME = "legacy_frame"
UNSUPPORTED_TYPE = "unsupported_type"
UNEXPECTED_TYPE = "unexpected_type"
FRAME_TOO_SHORT = "frame_too_short"
FRAME_TOO_LARGE = "frame_too_large"
PLAINTEXT_TOO_LARGE = "plaintext_too_large"
REPLAYED = "replayed"
AUTH_FAILED = "auth_failed"
BAD_HANDSHAKE_JSON = "bad_handshake_json"
DUPLICATE_FIELD = "duplicate_field"
MISSING_FIELD = "missing_field"
BAD_FIELD_TYPE = "bad_field_type"
BAD_FIELD_VALUE = "bad_field_value"
UNKNOWN_DEVICE = "unknown_device"
CHANNEL_REVOKED = "channel_revoked"
PAIRING_EXPIRED = "pairing_expired"
HANDSHAKE_REPLAYED = "handshake_replayed"
NO_SESSION = "no_session"
PAIRING_UNCONFIRMED = "pairing_unconfirmed"
NOT_CONFIRMING = "not_confirming"
STALE_CONFIRMATION = "stale_confirmation"
SESSION_EXHAUSTED = "session_exhausted"
TOO_MANY_ATTEMPTS = "too_many_attempts"
RATE_LIMITED = "rate_limited"
DUPLICATE_CORE_KEY = "duplicate_core_key"
VERSION_MISMATCH = "version_mismatch"
COMMITMENT_MISMATCH = "commitment_mismatch"
CONFIRMATION_MISMATCH = "confirmation_mismatch"
BAD_PADDING = "bad_padding"
COUNTER_OUT_OF_RANGE = "counter_out_of_range"
BAD_RECORD = "bad_record"
BAD_FRAGMENT = "bad_fragment"
FRAGMENT_OUT_OF_ORDER = "fragment_out_of_order"
