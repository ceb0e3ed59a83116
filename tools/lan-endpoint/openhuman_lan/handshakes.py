"""The endpoint's handshake buckets (LAN-7): one per source address and one global.

A handshake takes a token from both or from neither: a message refused by one bucket must not
drain the other, or a flood from one host would spend the global bucket that every other phone
needs, and a refused global take would cost a phone its own source's tokens. A source's bucket
that is full again is forgotten (LAN-7 allows it): it is then the same as a new one, and the
memory held is bounded by the handshakes admitted in the last 36 seconds, which the global bucket
bounds in turn.
"""

from .bucket import Bucket
from .limits import GLOBAL_BUCKET, SOURCE_BUCKET


class HandshakeBuckets:
    def __init__(self) -> None:
        self.sources: dict[str, Bucket] = {}
        self.global_bucket = Bucket(*GLOBAL_BUCKET)

    def admit(self, source: str, now: int) -> bool:
        """Take one token of `source`'s bucket and one of the global bucket at `now`, or none."""
        self._forget_full(now)
        bucket = self.sources.get(source) or Bucket(*SOURCE_BUCKET)
        if not (bucket.has_token(now) and self.global_bucket.has_token(now)):
            return False
        bucket.take(now)
        self.global_bucket.take(now)
        self.sources[source] = bucket
        return True

    def _forget_full(self, now: int) -> None:
        for source in [source for source, bucket in self.sources.items() if bucket.is_full(now)]:
            del self.sources[source]
