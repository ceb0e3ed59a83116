"""The relay's limits (spec/12-signalling.md). They are constants of the protocol, so a phone can
rely on them and a relay vector has one expected outcome."""

# Seconds a pairing token stays valid after registration, the expiry second included (RELAY-1,
# RELAY-2): the deployed relay's "about 10 minutes", and the cap the core applies itself (CLOCK-1).
PAIRING_LIFETIME = 600

# The longest `payload` forwarded, in characters (RELAY-12): the base64url text of the largest
# message of SIZE-1, 49,152 bytes.
PAYLOAD_CHARACTERS = 65_536

# Frames accepted per connection and channel in one whole second of the relay's clock (RELAY-13):
# the rate the deployed app limits itself to, so a well-behaved app is never refused.
FRAMES_PER_SECOND = 100
