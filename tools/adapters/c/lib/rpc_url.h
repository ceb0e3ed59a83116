/* The LAN URL of the pairing payload, `rpc` (QR-GRAM-4).
 *
 * The phone sends JSON-RPC to this URL, so every URL parser must find the
 * same endpoint in it. WHATWG parsers read `127.1`, `0x7f.0.0.1` and
 * `0177.0.0.1` as 127.0.0.1 and `a@b` as the host b, while RFC 3986 parsers
 * read host names; the grammar keeps only hosts on which they all agree:
 * a dotted-quad IPv4 address, a bracketed IPv6 address, or a DNS name whose
 * last label does not look like a number. */
#ifndef OPENHUMAN_RPC_URL_H
#define OPENHUMAN_RPC_URL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* True when text matches rpc-value:
 *   ("http" / "https", any case) "://" host [ ":" port ] path-abempty [ "?" query ]
 * with host = IPv4address / "[" IPv6address "]" / dns-name, port 1 to 65535,
 * no user information, no fragment, no zone id, no IPvFuture, no trailing dot. */
bool rpc_url_is_valid(const uint8_t *text, size_t length);

#endif
