"""The relay's state machine of spec/12-signalling.md (RELAY-1 to RELAY-17, SIG-1, SIG-2).

`step` takes one inbound event of one connection at one time and returns the events the relay
sends, in order. The clock (`now`, Unix seconds) and the minted values are inputs, so the same
steps give the same events everywhere: in the conformance adapter and in the server. State lives
in a store (`memory_store`, `redis_store`) and each step runs as one transaction of it, so two
relay processes sharing a Redis see one relay.
"""

from . import error_codes as codes, inbound, limits, roles, secret_digest
from .outcome import ACK, Outcome
from .records import Channel, Connection


class Relay:
    def __init__(self, store):
        self.store = store

    async def step(self, connection: str, account, event, now: int) -> list:
        """Runs `event` of `connection` (authenticated as `account`, None for a device) at `now`.
        Returns [(connection, event name, argument), ...]: send them only after this returns,
        since a shared store may run the step more than once before it commits."""

        async def run(tx):
            outcome = Outcome(connection)
            await _Step(tx, outcome, account, now).run(event)
            return outcome.emissions

        return await self.store.atomically(run)


class _Step:
    __slots__ = ("tx", "outcome", "account", "now")

    def __init__(self, tx, outcome: Outcome, account, now: int):
        self.tx, self.outcome, self.account, self.now = tx, outcome, account, now

    async def run(self, event):
        if isinstance(event, inbound.Frame):
            await self.forward(event.channel_id, event.payload)
        elif isinstance(event, inbound.Register):
            await self.register(event.channel_id, event.pairing_token)
        elif isinstance(event, inbound.ConnectCore):
            await self.connect_core(event.channel_id)
        elif isinstance(event, inbound.ConnectWithPairingToken):
            await self.connect_with_pairing_token(event)
        elif isinstance(event, inbound.ConnectWithCredential):
            await self.connect_with_credential(event)
        elif isinstance(event, inbound.Revoke):
            await self.revoke(event.channel_id)
        elif isinstance(event, inbound.SessionLost):
            await self.session_lost(event.channel_id)
        elif isinstance(event, inbound.Disconnect):
            await self.disconnect()
        else:
            self.outcome.refuse(codes.BAD_REQUEST)

    # --- registration (RELAY-1) ---------------------------------------------------------------

    async def register(self, channel_id: str, pairing_token: str):
        if self.account is None:
            # Only an authenticated core owns channels; a device connection cannot mint one.
            self.outcome.send(self.outcome.connection, ACK, {"ok": False, "error": {"code": codes.NOT_CHANNEL_OWNER}})
            return
        # The account's list of channels that may still be pending, pruned here of those that
        # were paired, revoked or expired since (RELAY-20).
        pending = []
        for listed in await self.tx.pending(self.account):
            channel = await self.tx.channel(listed)
            if (
                channel is not None
                and not channel.pairing_used
                and not channel.revoked
                and self.now <= channel.deadline
            ):
                pending.append(listed)
        if len(pending) >= limits.PENDING_CHANNELS:
            self.outcome.send(
                self.outcome.connection, ACK, {"ok": False, "error": {"code": codes.TUNNEL_LIMIT_REACHED}}
            )
            return
        self.tx.save_pending(self.account, pending + [channel_id])
        deadline = self.now + limits.PAIRING_LIFETIME
        self.tx.save_channel(
            channel_id,
            Channel(owner=self.account, pairing_digest=secret_digest.digest(pairing_token), deadline=deadline),
        )
        self.outcome.send(
            self.outcome.connection,
            ACK,
            {"channelId": channel_id, "pairingToken": pairing_token, "pairingExpiresAt": deadline * 1000},
        )

    # --- joining (RELAY-4 to RELAY-9) -----------------------------------------------------------

    async def _may_join(self, channel_id: str, role: str) -> bool:
        """RELAY-8's bar, checked before anything about the channel."""
        current = await self.tx.connection(self.outcome.connection)
        if current is None:
            return True
        if channel_id in current.joined or current.is_device:
            return False
        return role == roles.CORE or not current.joined

    async def connect_core(self, channel_id: str):
        if not await self._may_join(channel_id, roles.CORE):
            return self.outcome.refuse(codes.ALREADY_JOINED, channel_id)
        channel = await self.tx.channel(channel_id)
        # An unknown channel and another account's channel look the same (RELAY-4), so a core
        # cannot probe which channel ids exist.
        if self.account is None or channel is None or channel.owner != self.account:
            return self.outcome.refuse(codes.NOT_CHANNEL_OWNER, channel_id)
        if channel.revoked:
            return self.outcome.refuse(codes.CHANNEL_REVOKED, channel_id)
        await self._join(channel_id, channel, roles.CORE, None)

    async def _device_channel(self, channel_id: str):
        """The channel a device may try to join, or None after refusing (RELAY-5's first checks)."""
        if not await self._may_join(channel_id, roles.DEVICE):
            return self.outcome.refuse(codes.ALREADY_JOINED, channel_id)
        channel = await self.tx.channel(channel_id)
        if channel is None:
            return self.outcome.refuse(codes.UNKNOWN_CHANNEL, channel_id)
        if channel.revoked:
            return self.outcome.refuse(codes.CHANNEL_REVOKED, channel_id)
        return channel

    async def connect_with_pairing_token(self, event):
        channel = await self._device_channel(event.channel_id)
        if channel is None:
            return
        if not secret_digest.matches(event.pairing_token, channel.pairing_digest):
            return self.outcome.refuse(codes.BAD_CREDENTIAL, event.channel_id)
        if channel.pairing_used:
            return self.outcome.refuse(codes.PAIRING_TOKEN_USED, event.channel_id)
        if self.now > channel.deadline:
            return self.outcome.refuse(codes.PAIRING_TOKEN_EXPIRED, event.channel_id)
        # Consumed by the first accepted connect, whatever happens to that connection (RELAY-2);
        # the credential is new, scoped to this channel alone (RELAY-6).
        channel.pairing_used = True
        channel.credential_digest = secret_digest.digest(event.new_credential)
        await self._join(event.channel_id, channel, roles.DEVICE, event.new_credential)

    async def connect_with_credential(self, event):
        channel = await self._device_channel(event.channel_id)
        if channel is None:
            return
        # Only the value minted for this channel matches: no account token, no other channel's
        # credential (RELAY-7).
        if not secret_digest.matches(event.credential, channel.credential_digest):
            return self.outcome.refuse(codes.BAD_CREDENTIAL, event.channel_id)
        await self._join(event.channel_id, channel, roles.DEVICE, None)

    async def _join(self, channel_id: str, channel: Channel, role: str, credential):
        """RELAY-8 and RELAY-9: evict the holder of the role, attach, then tell both sides."""
        me = self.outcome.connection
        previous = channel.members.get(role)
        if previous is not None:
            self.outcome.send(previous, "tunnel:evicted", {"channelId": channel_id, "reason": "replaced"})
            await self._detach(previous, channel_id, channel)
        channel.members[role] = me
        connection = await self.tx.connection(me) or Connection()
        connection.joined[channel_id] = role
        self.tx.save_connection(me, connection)
        self.tx.save_channel(channel_id, channel)
        connected = {"channelId": channel_id, "role": role}
        if credential is not None:
            connected["deviceCredential"] = credential
        self.outcome.send(me, "tunnel:connected", connected)
        peer = channel.members.get(roles.peer(role))
        self.outcome.send(me, "tunnel:peer-status", {"channelId": channel_id, "online": peer is not None})
        if peer is not None:
            self.outcome.send(peer, "tunnel:peer-status", {"channelId": channel_id, "online": True})

    async def _detach(self, connection_id: str, channel_id: str, channel: Channel):
        """Detaches a connection from a channel (eviction, revocation); the caller saves `channel`."""
        connection = await self.tx.connection(connection_id)
        role = connection.joined.pop(channel_id, None) if connection is not None else None
        if connection is not None:
            connection.rate.pop(channel_id, None)
            self.tx.save_connection(connection_id, connection)
        for member_role in [role] if role is not None else list(channel.members):
            if channel.members.get(member_role) == connection_id:
                del channel.members[member_role]

    # --- traffic (RELAY-10 to RELAY-16) ---------------------------------------------------------

    async def forward(self, channel_id: str, payload: str):
        me = self.outcome.connection
        connection = await self.tx.connection(me)
        role = connection.joined.get(channel_id) if connection is not None else None
        if role is None:
            return self.outcome.refuse(codes.NOT_JOINED, channel_id)
        # The length in characters is all the relay reads of a payload (RELAY-11, RELAY-12).
        if len(payload) > limits.PAYLOAD_CHARACTERS:
            return self.outcome.refuse(codes.FRAME_TOO_LARGE, channel_id)
        window = connection.rate.get(channel_id)
        if window is None or window[0] != self.now:
            window = [self.now, 0]
        if window[1] >= limits.FRAMES_PER_SECOND:
            return self.outcome.refuse(codes.RATE_LIMITED, channel_id)
        window[1] += 1
        connection.rate[channel_id] = window
        self.tx.save_connection(me, connection)
        channel = await self.tx.channel(channel_id)
        peer = channel.members.get(roles.peer(role)) if channel is not None else None
        if peer is None:
            # Never stored for later: delivered now or not at all (RELAY-14). It still counted.
            return self.outcome.refuse(codes.PEER_OFFLINE, channel_id)
        self.outcome.send(peer, "tunnel:frame", {"channelId": channel_id, "payload": payload})

    async def revoke(self, channel_id: str):
        connection = await self.tx.connection(self.outcome.connection)
        channel = await self.tx.channel(channel_id)
        if connection is None or channel_id not in connection.joined or channel is None:
            return self.outcome.refuse(codes.NOT_JOINED, channel_id)
        # F-47: nothing that let the device in survives, and the id can never be joined again.
        channel.pairing_digest = None
        channel.credential_digest = None
        channel.revoked = True
        members = dict(channel.members)
        for role in (roles.DEVICE, roles.CORE):
            target = members.get(role)
            if target is not None:
                self.outcome.send(target, "tunnel:revoked", {"channelId": channel_id})
                await self._detach(target, channel_id, channel)
        self.tx.save_channel(channel_id, channel)

    async def session_lost(self, channel_id: str):
        connection = await self.tx.connection(self.outcome.connection)
        if connection is None or connection.joined.get(channel_id) != roles.CORE:
            return self.outcome.refuse(codes.NOT_JOINED, channel_id)
        channel = await self.tx.channel(channel_id)
        device = channel.members.get(roles.DEVICE) if channel is not None else None
        if device is not None:
            self.outcome.send(device, "tunnel:session-lost", {"channelId": channel_id})

    async def disconnect(self):
        me = self.outcome.connection
        connection = await self.tx.connection(me)
        if connection is None:
            return
        self.tx.drop_connection(me)
        for channel_id, role in sorted(connection.joined.items()):
            channel = await self.tx.channel(channel_id)
            if channel is None or channel.members.get(role) != me:
                continue
            del channel.members[role]
            self.tx.save_channel(channel_id, channel)
            peer = channel.members.get(roles.peer(role))
            if peer is not None:
                self.outcome.send(peer, "tunnel:peer-status", {"channelId": channel_id, "online": False})
