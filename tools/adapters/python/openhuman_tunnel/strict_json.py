"""A strict RFC 8259 reader for the handshake plaintexts (spec JSON-1, JSON-2).

Python's json module departs from RFC 8259 in ways that matter here: it accepts NaN,
Infinity and -Infinity, it accepts escaped lone surrogates, it raises on integers of
more than 4,300 digits, and it recurses, so deep nesting raises RecursionError. This
reader is iterative and exact: the text must be UTF-8, follow the RFC 8259 grammar,
and have an object as its top value. It keeps only what the handshake needs, the
top-level members in order, with each value as a str or as NOT_A_STRING.

Lone surrogates (an escaped `\\uD800` not paired with a low surrogate, or a low one on
its own) are rejected: they encode no Unicode character, so the text is not a valid
string of Unicode characters (RFC 8259 section 8.2 leaves them undefined).
"""

from .errors import BAD_HANDSHAKE_JSON, DUPLICATE_FIELD, TunnelError
from .json_lexis import NUMBER as _NUMBER, STRING as _STRING, WHITESPACE as _WHITESPACE, unescape

NOT_A_STRING = object()
_LITERALS = ("true", "false", "null")

# Parser states.
_MEMBER_OR_CLOSE = 0  # just after '{'
_MEMBER = 1  # after ',' in an object
_VALUE_OR_CLOSE = 2  # just after '['
_VALUE = 3  # after ':' or after ',' in an array
_AFTER_VALUE = 4


def _bad() -> TunnelError:
    return TunnelError(BAD_HANDSHAKE_JSON)


def parse_object_members(data: bytes) -> list:
    """Return [(name, value)] of the top-level object, value a str or NOT_A_STRING.

    Raises bad_handshake_json unless `data` is a UTF-8 JSON text whose top value is an
    object; then duplicate_field if a top-level member name occurs twice. The whole
    text is validated before duplicates are reported, so a text that is not JSON at
    all is always bad_handshake_json.
    """
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise _bad() from None
    end = len(text)
    pos = _WHITESPACE.match(text, 0).end()
    if pos >= end or text[pos] != "{":
        raise _bad()
    pos += 1

    members = []
    names = set()
    duplicate = False
    containers = ["{"]
    name = None
    state = _MEMBER_OR_CLOSE
    while True:
        pos = _WHITESPACE.match(text, pos).end()
        if pos >= end:
            raise _bad()
        char = text[pos]

        if state == _AFTER_VALUE:
            innermost = containers[-1]
            if char == ",":
                state = _MEMBER if innermost == "{" else _VALUE
                pos += 1
            elif (char == "}" and innermost == "{") or (char == "]" and innermost == "["):
                containers.pop()
                pos += 1
                if not containers:
                    break
            else:
                raise _bad()
            continue

        if state in (_MEMBER_OR_CLOSE, _VALUE_OR_CLOSE):
            if (char == "}" and state == _MEMBER_OR_CLOSE) or (char == "]" and state == _VALUE_OR_CLOSE):
                containers.pop()
                pos += 1
                if not containers:
                    break
                state = _AFTER_VALUE
                continue
            state = _MEMBER if state == _MEMBER_OR_CLOSE else _VALUE

        if state == _MEMBER:
            match = _STRING.match(text, pos)
            if match is None:
                raise _bad()
            member_name = unescape(match.group(1), BAD_HANDSHAKE_JSON)
            pos = _WHITESPACE.match(text, match.end()).end()
            if pos >= end or text[pos] != ":":
                raise _bad()
            pos += 1
            if len(containers) == 1:
                name = member_name
            state = _VALUE
            continue

        # state == _VALUE
        top_level = len(containers) == 1
        value = NOT_A_STRING
        if char == "{" or char == "[":
            containers.append(char)
            pos += 1
            state = _MEMBER_OR_CLOSE if char == "{" else _VALUE_OR_CLOSE
        else:
            if char == '"':
                match = _STRING.match(text, pos)
                if match is None:
                    raise _bad()
                value = unescape(match.group(1), BAD_HANDSHAKE_JSON)
                pos = match.end()
            elif char == "-" or "0" <= char <= "9":
                match = _NUMBER.match(text, pos)
                if match is None:
                    raise _bad()
                pos = match.end()
            else:
                for literal in _LITERALS:
                    if text.startswith(literal, pos):
                        pos += len(literal)
                        break
                else:
                    raise _bad()
            state = _AFTER_VALUE
        if top_level:
            if name in names:
                duplicate = True
            names.add(name)
            members.append((name, value))

    if _WHITESPACE.match(text, pos).end() != end:
        raise _bad()
    if duplicate:
        raise TunnelError(DUPLICATE_FIELD)
    return members
