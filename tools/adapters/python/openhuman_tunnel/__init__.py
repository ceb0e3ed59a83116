"""OpenHuman tunnel wire format v2 in Python: an independent implementation written from the spec."""

__version__ = "0.1.0"
