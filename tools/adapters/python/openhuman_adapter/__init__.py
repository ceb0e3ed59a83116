"""The conformance adapter of the Python implementation (kit chapter 2): the JSON-lines loop, the
operation table and the request readers around the library package `openhuman_tunnel`, which
imports nothing from here. An endpoint embeds `openhuman_tunnel` alone."""
