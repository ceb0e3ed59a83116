"""OpenHuman tunnel wire format v2 in Python: an independent implementation written from the spec.

The library an endpoint embeds; the conformance adapter around it is the package
`openhuman_adapter`, which this package never imports."""

__version__ = "0.1.0"
