"""The adapter's own answers for requests that are not protocol inputs (kit ADP-11)."""


class BadRequest(Exception):
    """The request itself is malformed (not a protocol failure of the implementation)."""


class Unrepresentable(Exception):
    """An output the adapter protocol cannot carry, such as a payload number with a fraction
    or an exponent (ADP-1 allows integers only): answered `unsupported`, never changed."""
