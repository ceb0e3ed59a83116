"""The core's own clock caps the pairing window (spec CLOCK-1).

The relay's expiry goes into the QR code only up to 600 seconds after the core issued it, so a
relay cannot keep a pairing code valid for as long as it likes.
"""

MAX_WINDOW_SECONDS = 600


def expires_at(issued_at: int, relay_expires_at_ms: int) -> int:
    """min(floor(relayExpiresAtMs / 1000), issuedAt + 600), Unix seconds."""
    return min(relay_expires_at_ms // 1000, issued_at + MAX_WINDOW_SECONDS)
