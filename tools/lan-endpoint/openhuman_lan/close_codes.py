"""The close codes of a LAN connection (spec 15.2.2's table; RFC 6455 section 7.4, 4000 to 4999 for
private use). RFC 6455's own codes keep their meaning: aiohttp closes with 1007 a text that is not
UTF-8 and with 1002 a frame that breaks the framing."""

GOING_AWAY = 1001  # the endpoint stops (LAN-10)
MESSAGE_TOO_BIG = 1009  # a message or a hello over its size limit (LAN-5, LAN-6)
BAD_HELLO = 4400  # a binary or empty first message; a text after the hello (LAN-5, LAN-6)
UNKNOWN_CHANNEL = 4404  # the hello names no paired channel, or its channel left paired (LAN-5, LAN-10)
TIMEOUT = 4408  # no hello in time, or no message for too long (LAN-9)
RATE_LIMITED = 4429  # a handshake found no token; too many messages in a second (LAN-6, LAN-7)
