"""The LAN carrier's numbers (spec 15.2). They are the protocol's, so a device can rely on them and
every endpoint refuses the same messages; only the two timeouts are parameters of the endpoint,
so a test can shorten them."""

# LAN-2, LAN-3: the one subprotocol an upgrade must offer and is answered with.
SUBPROTOCOL = "openhuman-tunnel-lan-1"

# LAN-4 item 1, LAN-5: the hello is a channel id, 1 to 255 bytes of UTF-8.
HELLO_BYTES = 255

# LAN-4 item 2: a message of chapters 4 to 6, 13 and 14 is at most 49,152 bytes (SIZE-1).
MESSAGE_BYTES = 49_152

# LAN-6: binary messages per connection in one whole second of the endpoint's clock (RELAY-13's count).
MESSAGES_PER_SECOND = 100

# LAN-7: first bytes of a handshake or message 1 (version 2's handshake, version 3's pairing and
# reconnection message 1), each of which costs the core its Diffie-Hellman operations.
HANDSHAKE_OCTETS = frozenset((0x03, 0x10, 0x13))

# LAN-7: (capacity, interval in seconds): a source address's bucket is HS-RATE-1's shape; the global
# one admits a household of phones at once and then one handshake per 3 s.
SOURCE_BUCKET = (3, 12)
GLOBAL_BUCKET = (20, 3)

# LAN-9: connections held at once, per source address and in total (503 beyond them, LAN-2).
CONNECTIONS_PER_SOURCE = 4
CONNECTIONS = 32

# LAN-9, in seconds: the hello must arrive this soon after the upgrade; after it, a connection may
# be silent this long (three times keepaliveInterval, 15.5.1).
HELLO_TIMEOUT = 5.0
IDLE_TIMEOUT = 75.0
