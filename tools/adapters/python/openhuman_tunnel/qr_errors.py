"""The refusal codes of the pairing payload (spec 8.7 and 8.12.5) and the one exception carrying them.

They are separate from chapter 7's tunnel codes because a malformed QR code is reported before any
tunnel exists; like those, each code carries no detail, so every implementation can match it exactly.
"""

QR_TOO_LONG = "qr_too_long"
QR_BAD_CHARACTER = "qr_bad_character"
QR_BAD_SCHEME = "qr_bad_scheme"
QR_BAD_HOST = "qr_bad_host"
QR_BAD_PATH = "qr_bad_path"
QR_FRAGMENT = "qr_fragment"
QR_MISSING_QUERY = "qr_missing_query"
QR_BAD_PERCENT_ENCODING = "qr_bad_percent_encoding"
QR_BAD_UTF8 = "qr_bad_utf8"
QR_DUPLICATE_FIELD = "qr_duplicate_field"
QR_MISSING_FIELD = "qr_missing_field"
QR_EMPTY_FIELD = "qr_empty_field"
QR_BAD_CPK_BASE64URL = "qr_bad_cpk_base64url"
QR_BAD_CPK_LENGTH = "qr_bad_cpk_length"
QR_LOW_ORDER_CPK = "qr_low_order_cpk"
QR_BAD_RPC = "qr_bad_rpc"
QR_BAD_EXP = "qr_bad_exp"
QR_EXPIRED = "qr_expired"

# Version 3 (8.12.5).
QR_BAD_VERSION = "qr_bad_version"
QR_UNSUPPORTED_VERSION = "qr_unsupported_version"
QR_BAD_CID = "qr_bad_cid"
QR_BAD_PS_BASE64URL = "qr_bad_ps_base64url"
QR_BAD_PS_LENGTH = "qr_bad_ps_length"


class PairingPayloadError(Exception):
    """A refused pairing payload, identified by its stable `qr_` code."""

    __slots__ = ("code",)

    def __init__(self, code: str) -> None:
        super().__init__(code)
        self.code = code
