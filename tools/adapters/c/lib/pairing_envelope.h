/* The payload's envelope around its query, QR-PARSE-2 to 8: the same for
 * every version, so that a version's consumer refuses a damaged text with the
 * same code whatever the version it names. */
#ifndef OPENHUMAN_PAIRING_ENVELOPE_H
#define OPENHUMAN_PAIRING_ENVELOPE_H

#include <stddef.h>
#include <stdint.h>

#include "pairing_payload.h"

/* Length, characters, scheme, authority, path, fragment and query, in
 * QR-PARSE-1's order. On success *query is the offset of the text after the
 * '?'. */
pairing_error pairing_envelope_read(const uint8_t *payload, size_t length, size_t *query);

#endif
