"""The LAN URL `rpc` of the pairing payload: which texts are one endpoint for every URL parser (QR-GRAM-4).

The phone sends JSON-RPC to this URL, so a check made with one parser's reading and a connection made
with another's must reach the same host: only hosts that RFC 3986 and WHATWG parsers read the same way
pass. Producer and consumer share the rule (QR-ENC-8, QR-PARSE-22), and the URL is never normalized.
"""

import re

# QR-GRAM-4. Only hosts that RFC 3986 and WHATWG parsers read the same way: no user info,
# no fragment, no zone id, no numeric forms that WHATWG would rewrite into an IPv4 address.
_PCHAR = r"(?:[A-Za-z0-9\-._~!$&'()*+,;=:@]|%[0-9A-Fa-f]{2})"
_RPC = re.compile(r"(?:[hH][tT][tT][pP][sS]?)://([^/?]*+)(?:/" + _PCHAR + r"*+)*+(?:\?(?:" + _PCHAR + r"|[/?])*+)?")
_DEC_OCTET = r"(?:25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9][0-9]|[0-9])"
_IPV4 = re.compile(r"(?:" + _DEC_OCTET + r"\.){3}" + _DEC_OCTET)
_H16 = re.compile(r"[0-9A-Fa-f]{1,4}")
_LABEL = re.compile(r"[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?")
_ALL_DIGITS = re.compile(r"[0-9]+")
_HEX_NUMBER = re.compile(r"0[xX][0-9A-Fa-f]*")
_PORT = re.compile(r"[0-9]{1,5}")


def _is_ipv6(text: str) -> bool:
    """RFC 3986 section 3.2.2 IPv6address: eight 16-bit pieces, or at most seven around one `::`;
    a dotted IPv4 address may stand for the last two pieces, at the very end of the text only."""
    if text.count("::") > 1:
        return False
    if "::" in text:
        head, tail = text.split("::")
        pieces = (head.split(":") if head else []) + (tail.split(":") if tail else [])
        ipv4_allowed_last = bool(tail)
        required = range(0, 8)  # "::" stands for at least one piece
    else:
        pieces = text.split(":")
        ipv4_allowed_last = True
        required = range(8, 9)
    count = 0
    for index, piece in enumerate(pieces):
        if ipv4_allowed_last and index == len(pieces) - 1 and _IPV4.fullmatch(piece):
            count += 2
        elif _H16.fullmatch(piece):
            count += 1
        else:
            return False
    return count in required


def _is_dns_name(text: str) -> bool:
    if not 1 <= len(text) <= 253:
        return False
    labels = text.split(".")
    if not all(_LABEL.fullmatch(label) for label in labels):
        return False
    last = labels[-1]
    return _ALL_DIGITS.fullmatch(last) is None and _HEX_NUMBER.fullmatch(last) is None


def is_valid(url: str) -> bool:
    """Whether `url` meets QR-GRAM-4: `rpc-value`, a port of 1 to 65535, a last DNS label that is no number."""
    match = _RPC.fullmatch(url)
    if match is None:
        return False
    authority = match.group(1)
    if authority.startswith("["):
        end = authority.find("]")
        if end < 0 or not _is_ipv6(authority[1:end]):
            return False
        rest = authority[end + 1 :]
    else:
        host, colon, port = authority.partition(":")
        if not (_IPV4.fullmatch(host) or _is_dns_name(host)):
            return False
        rest = colon + port
    if not rest:
        return True
    port = rest[1:]
    return rest[0] == ":" and _PORT.fullmatch(port) is not None and 1 <= int(port) <= 65535
