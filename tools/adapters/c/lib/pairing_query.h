/* The payload's query as named fields, QR-PARSE-9 to 14: split, decoded and
 * checked for duplicates among the names a consumer knows. The versions
 * differ only in that vocabulary: version 3 adds v and ps (QR3-PARSE-1), and
 * to a version 2 consumer they are unknown names, ignored whatever their
 * number or value (QR-PARSE-14). */
#ifndef OPENHUMAN_PAIRING_QUERY_H
#define OPENHUMAN_PAIRING_QUERY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "pairing_payload.h"

/* The known names, version 2's first: a consumer of version 2 knows the
 * first PAIRING_NAMES_V2, one of version 3 all PAIRING_NAMES_V3. */
typedef enum {
    PAIRING_CID,
    PAIRING_PT,
    PAIRING_CPK,
    PAIRING_RPC,
    PAIRING_EXP,
    PAIRING_V,
    PAIRING_PS,
    PAIRING_NAMES_V3
} pairing_name;
#define PAIRING_NAMES_V2 ((size_t)PAIRING_V)

/* Which known names the query holds, and each one's decoded value. */
typedef struct {
    bool present[PAIRING_NAMES_V3];
    byte_view value[PAIRING_NAMES_V3];
} pairing_query;

/* Reads the fields of query (length bytes, the text after the '?') in order
 * of appearance, unknown ones too, each name then value form-decoded
 * (pairing_form_decode's codes), then qr_duplicate_field when one of the
 * first `known` names appears twice. decoded has room for length bytes and
 * holds every value *fields points to. */
pairing_error pairing_query_read(const uint8_t *query, size_t length, size_t known,
                                 uint8_t *decoded, pairing_query *fields);

/* A required field: present (qr_missing_field) and not empty (qr_empty_field,
 * QR-PARSE-16, 17). */
pairing_error pairing_query_require(const pairing_query *fields, pairing_name name);

#endif
