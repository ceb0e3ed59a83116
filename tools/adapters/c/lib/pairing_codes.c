#include "pairing_payload.h"

const char *pairing_error_code(pairing_error error)
{
    switch (error) {
    case QR_OK: return "ok";
    case QR_TOO_LONG: return "qr_too_long";
    case QR_BAD_CHARACTER: return "qr_bad_character";
    case QR_BAD_SCHEME: return "qr_bad_scheme";
    case QR_BAD_HOST: return "qr_bad_host";
    case QR_BAD_PATH: return "qr_bad_path";
    case QR_FRAGMENT: return "qr_fragment";
    case QR_MISSING_QUERY: return "qr_missing_query";
    case QR_BAD_PERCENT_ENCODING: return "qr_bad_percent_encoding";
    case QR_BAD_UTF8: return "qr_bad_utf8";
    case QR_DUPLICATE_FIELD: return "qr_duplicate_field";
    case QR_MISSING_FIELD: return "qr_missing_field";
    case QR_EMPTY_FIELD: return "qr_empty_field";
    case QR_BAD_CPK_BASE64URL: return "qr_bad_cpk_base64url";
    case QR_BAD_CPK_LENGTH: return "qr_bad_cpk_length";
    case QR_LOW_ORDER_CPK: return "qr_low_order_cpk";
    case QR_BAD_RPC: return "qr_bad_rpc";
    case QR_BAD_EXP: return "qr_bad_exp";
    case QR_EXPIRED: return "qr_expired";
    case QR_BAD_VERSION: return "qr_bad_version";
    case QR_UNSUPPORTED_VERSION: return "qr_unsupported_version";
    case QR_BAD_CID: return "qr_bad_cid";
    case QR_BAD_PS_BASE64URL: return "qr_bad_ps_base64url";
    case QR_BAD_PS_LENGTH: return "qr_bad_ps_length";
    }
    return "internal_error";
}
