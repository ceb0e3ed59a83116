"""The relay's limits (spec/12-signalling.md). They are constants of the protocol, so a phone can
rely on them and a relay vector has one expected outcome."""

# Seconds a pairing token stays valid after registration, the expiry second included (RELAY-1,
# RELAY-2): the deployed relay's "about 10 minutes", and the cap the core applies itself (CLOCK-1).
PAIRING_LIFETIME = 600

# The longest `payload` forwarded, in characters (RELAY-12): the base64url text of the largest
# message of SIZE-1, 49,152 bytes.
PAYLOAD_CHARACTERS = 65_536

# Pending channels (not revoked, pairing token unused and unexpired) one account may own (RELAY-20):
# registration alone cannot grow the relay's records without bound.
PENDING_CHANNELS = 100

# Frames accepted per connection and channel in one whole second of the relay's clock (RELAY-13),
# frames answered peer_offline included. The relay's own bound, counted in frames: the deployed
# app's bucket of 100 a second counts envelopes, so its chunked messages can meet it.
FRAMES_PER_SECOND = 100
