"""What a version 3 session frame carries: a record, a whole message or one binary fragment of a
message up to 16 MiB (V3-FRAG-1 to V3-FRAG-3).

    0x00 || message                                                     a message of 0 to 49,124 bytes
    0x01 || uint32_be(id) || uint32_be(offset) || uint32_be(total) || data    1 to 49,112 bytes of data

The fragment header is binary and under the AEAD, so a large message costs 13 bytes per 49,112
bytes of data, no base64 and no envelope per piece. Fragments travel in order on an ordered
carrier, so the receiver keeps a partial message as a list of the pieces it received and their
count, refuses a gap at once, and joins the pieces only when the last one arrives: it never holds
memory for data that has not arrived (review R3-8).
"""

from struct import Struct

from .envelope import MESSAGE_TOO_LARGE, TOO_MANY_PARTIALS
from .errors import BAD_FRAGMENT, BAD_RECORD, FRAGMENT_OUT_OF_ORDER, TunnelError
from .session_v3_padding import MAX_CONTENT

KIND_WHOLE = 0x00
KIND_FRAGMENT = 0x01
_FRAGMENT_HEADER = Struct(">BIII")  # kind, id, offset, total
FRAGMENT_HEADER_LENGTH = _FRAGMENT_HEADER.size  # 13
MAX_WHOLE = MAX_CONTENT - 1  # 49,124: the largest message one whole record carries
FRAGMENT_DATA = MAX_CONTENT - FRAGMENT_HEADER_LENGTH  # 49,112 bytes of data in a full fragment
MAX_MESSAGE = 16 << 20  # 16,777,216 bytes
MAX_PARTIALS = 4
ID_MASK = (1 << 32) - 1  # ids count the fragmented messages modulo 2^32

_WHOLE_PREFIX = bytes((KIND_WHOLE,))


def record_count(length: int) -> int:
    """How many records (so frames) a message of `length` bytes takes (V3-FRAG-1); its length is
    at most 16 MiB."""
    return 1 if length <= MAX_WHOLE else -(-length // FRAGMENT_DATA)


def is_fragmented(length: int) -> bool:
    """Whether a message of `length` bytes is sent as fragments, and so takes an id."""
    return length > MAX_WHOLE


def records(message: bytes, fragment_id: int) -> list[bytes]:
    """The records of `message` in order (V3-FRAG-1): one whole record up to 49,124 bytes, else
    fragments of 49,112 bytes of data (the last one shorter) under `fragment_id`; a message above
    16 MiB is message_too_large. Pure: the caller counts the id once the records are sent."""
    length = len(message)
    if length > MAX_MESSAGE:
        raise TunnelError(MESSAGE_TOO_LARGE)
    if length <= MAX_WHOLE:
        return [_WHOLE_PREFIX + message]
    view = memoryview(message)
    pack = _FRAGMENT_HEADER.pack
    return [
        pack(KIND_FRAGMENT, fragment_id, offset, length) + view[offset : offset + FRAGMENT_DATA]
        for offset in range(0, length, FRAGMENT_DATA)
    ]


class _Partial:
    """A message being reassembled: its total, the bytes it holds, and those bytes as pieces."""

    __slots__ = ("total", "received", "pieces")

    def __init__(self, total: int) -> None:
        self.total = total
        self.received = 0
        self.pieces = []


class Reassembly:
    """A receiver's partial messages, at most 4, keyed by fragment id (V3-FRAG-2, V3-FRAG-3).

    A record is checked in two halves, so a refused one changes nothing: `check` reads it against
    the current partial messages and raises the first failing check's error, touching no state; the
    frame is then accepted (its counter recorded) and `apply` commits what `check` found, which
    cannot fail."""

    __slots__ = ("_partials",)

    def __init__(self) -> None:
        self._partials: dict[int, _Partial] = {}

    @property
    def partial_count(self) -> int:
        return len(self._partials)

    def check(self, record: bytes) -> tuple:
        """V3-FRAG-2's checks in order, the first failure its error: the record's shape
        (bad_record), the fragment's numbers (bad_fragment, message_too_large), then against its
        partial message (fragment_out_of_order, too_many_partials, bad_fragment). Answers what
        `apply` needs: (None, message) for a whole record, (id, data, partial or None, total)
        for a fragment."""
        if not record:
            raise TunnelError(BAD_RECORD)
        kind = record[0]
        if kind == KIND_WHOLE:
            return None, record[1:]
        if kind != KIND_FRAGMENT or len(record) <= FRAGMENT_HEADER_LENGTH:
            raise TunnelError(BAD_RECORD)
        _, fragment_id, offset, total = _FRAGMENT_HEADER.unpack_from(record)
        if total <= MAX_WHOLE:
            raise TunnelError(BAD_FRAGMENT)  # such a message is sent whole
        if total > MAX_MESSAGE:
            raise TunnelError(MESSAGE_TOO_LARGE)
        if offset + len(record) - FRAGMENT_HEADER_LENGTH > total:
            raise TunnelError(BAD_FRAGMENT)
        partial = self._partials.get(fragment_id)
        if partial is None:
            if offset:
                raise TunnelError(FRAGMENT_OUT_OF_ORDER)
            if len(self._partials) >= MAX_PARTIALS:
                raise TunnelError(TOO_MANY_PARTIALS)
        elif total != partial.total:
            raise TunnelError(BAD_FRAGMENT)
        elif offset != partial.received:
            raise TunnelError(FRAGMENT_OUT_OF_ORDER)
        # A view of the record: the data is kept without another copy until the message is joined.
        return fragment_id, memoryview(record)[FRAGMENT_HEADER_LENGTH:], partial, total

    def apply(self, checked: tuple) -> bytes | None:
        """Commit a record `check` accepted: the message it delivers, or None when a fragment is
        kept. A fragment that brings its message to `total` bytes joins the pieces into the
        message's one buffer and frees its id."""
        if checked[0] is None:
            return checked[1]
        fragment_id, data, partial, total = checked
        if partial is None:
            partial = self._partials[fragment_id] = _Partial(total)
        partial.pieces.append(data)
        partial.received += len(data)
        if partial.received < total:
            return None
        del self._partials[fragment_id]
        return b"".join(partial.pieces)
