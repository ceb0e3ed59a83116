#include "pairing_query.h"

#include <string.h>

#include "pairing_form.h"

/* QR-PARSE-12: names compare octet by octet, case-sensitively. */
static const char *const NAMES[PAIRING_NAMES_V3] = {"cid", "pt", "cpk", "rpc", "exp", "v", "ps"};

pairing_error pairing_query_read(const uint8_t *query, size_t length, size_t known,
                                 uint8_t *decoded, pairing_query *fields)
{
    size_t used = 0;
    size_t start = 0;
    bool duplicate = false;
    memset(fields, 0, sizeof *fields);
    for (size_t i = 0; i <= length; i++) {
        if (i < length && query[i] != '&') {
            continue;
        }
        const uint8_t *field = query + start;
        size_t field_length = i - start;
        start = i + 1;
        if (field_length == 0) {
            continue; /* QR-PARSE-9: "&&" and a leading or trailing "&" */
        }
        const uint8_t *equals = memchr(field, '=', field_length);
        size_t name_length = equals == NULL ? field_length : (size_t)(equals - field);
        byte_view name;
        byte_view value;
        pairing_error error = pairing_form_decode(field, name_length, decoded + used, &name);
        if (error != QR_OK) {
            return error;
        }
        used += name.length;
        const uint8_t *raw_value = equals == NULL ? field + field_length : equals + 1;
        error = pairing_form_decode(raw_value, field_length - (size_t)(raw_value - field),
                                    decoded + used, &value);
        if (error != QR_OK) {
            return error;
        }
        used += value.length;
        /* Duplicates are reported only after every field decoded: QR-PARSE-1
         * checks the syntax of the whole query first. */
        for (size_t n = 0; n < known; n++) {
            if (name.length == strlen(NAMES[n]) && memcmp(name.bytes, NAMES[n], name.length) == 0) {
                duplicate |= fields->present[n];
                fields->present[n] = true;
                fields->value[n] = value;
            }
        }
    }
    return duplicate ? QR_DUPLICATE_FIELD : QR_OK;
}

pairing_error pairing_query_require(const pairing_query *fields, pairing_name name)
{
    if (!fields->present[name]) {
        return QR_MISSING_FIELD;
    }
    return fields->value[name].length == 0 ? QR_EMPTY_FIELD : QR_OK;
}
