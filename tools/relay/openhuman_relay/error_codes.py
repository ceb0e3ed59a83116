"""The codes of `tunnel:error` (spec/12-signalling.md, 12.6). A refusal carries one and changes no
state (RELAY-17)."""

BAD_REQUEST = "bad_request"
NOT_CHANNEL_OWNER = "not_channel_owner"
UNKNOWN_CHANNEL = "unknown_channel"
CHANNEL_REVOKED = "channel_revoked"
BAD_CREDENTIAL = "bad_credential"
PAIRING_TOKEN_USED = "pairing_token_used"
PAIRING_TOKEN_EXPIRED = "pairing_token_expired"
ALREADY_JOINED = "already_joined"
NOT_JOINED = "not_joined"
FRAME_TOO_LARGE = "frame_too_large"
RATE_LIMITED = "rate_limited"
PEER_OFFLINE = "peer_offline"
# Only in the ack of tunnel:register (RELAY-20).
TUNNEL_LIMIT_REACHED = "tunnel_limit_reached"
# Not state machine outcomes: the server's refusal of a frame to a connection that does not read
# fast enough (RELAY-18), and of any event it could not run because its store failed (RELAY-19).
PEER_CONGESTED = "peer_congested"
RELAY_UNAVAILABLE = "relay_unavailable"
