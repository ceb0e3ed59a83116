"""LAN-7's parts on their own: what a source address is, the bucket's rule, and the two buckets
taken together or not at all. No server; the clock is a number. pyenv python3.
"""

import unittest

from lan_case import START

from openhuman_lan.bucket import Bucket
from openhuman_lan.handshakes import HandshakeBuckets
from openhuman_lan.sources import source_of


class SourceAddressTests(unittest.TestCase):
    def test_an_ipv4_address_is_its_own_source(self):
        self.assertEqual(source_of("192.0.2.7"), "192.0.2.7")
        self.assertNotEqual(source_of("192.0.2.7"), source_of("192.0.2.8"))

    def test_ipv6_addresses_of_one_64_bit_prefix_are_one_source_and_of_another_prefix_another(self):
        self.assertEqual(source_of("2001:db8:1:2:3:4:5:6"), "2001:db8:1:2::/64")
        self.assertEqual(source_of("2001:db8:1:2:ffff:ffff:ffff:ffff"), "2001:db8:1:2::/64")
        self.assertNotEqual(source_of("2001:db8:1:3::1"), source_of("2001:db8:1:2::1"))

    def test_an_ipv4_mapped_ipv6_address_is_its_ipv4_address(self):
        self.assertEqual(source_of("::ffff:192.0.2.7"), "192.0.2.7")

    def test_an_ipv6_zone_id_does_not_make_another_source(self):
        self.assertEqual(source_of("fe80::1%eth0"), source_of("fe80::2"))


class BucketTests(unittest.TestCase):
    def test_a_bucket_of_capacity_3_and_interval_12_gives_3_tokens_then_one_per_12_seconds(self):
        bucket = Bucket(3, 12)
        for _ in range(3):
            self.assertTrue(bucket.has_token(START))
            bucket.take(START)
        self.assertEqual(bucket.full_at, START + 36)
        self.assertFalse(bucket.has_token(START + 11))  # max(fullAt, now) - now = 25 > 24
        self.assertTrue(bucket.has_token(START + 12))  # 24 <= 24
        bucket.take(START + 12)
        self.assertEqual(bucket.full_at, START + 48)
        self.assertFalse(bucket.has_token(START + 12))

    def test_a_new_bucket_is_full_at_any_time(self):
        self.assertTrue(Bucket(20, 3).is_full(0))
        self.assertTrue(Bucket(20, 3).has_token(START))


class HandshakeBucketsTests(unittest.TestCase):
    def test_a_handshake_refused_by_its_sources_bucket_takes_no_global_token(self):
        buckets = HandshakeBuckets()
        self.assertEqual([buckets.admit("a", START) for _ in range(4)], [True, True, True, False])
        self.assertEqual(buckets.global_bucket.full_at, START + 3 * 3)  # three tokens, not four

    def test_a_handshake_refused_by_the_global_bucket_takes_no_token_of_its_source(self):
        buckets = HandshakeBuckets()
        admitted = [buckets.admit("source-%d" % (n // 3), START) for n in range(20)]
        self.assertEqual(admitted, [True] * 20)
        self.assertFalse(buckets.admit("late", START))
        self.assertNotIn("late", buckets.sources)  # no bucket kept for it: nothing taken
        self.assertEqual(buckets.global_bucket.full_at, START + 20 * 3)

    def test_a_sources_bucket_full_again_is_forgotten(self):
        buckets = HandshakeBuckets()
        buckets.admit("a", START)
        buckets.admit("b", START + 11)
        self.assertEqual(set(buckets.sources), {"a", "b"})
        buckets.admit("b", START + 12)  # a's bucket is full again at START + 12
        self.assertEqual(set(buckets.sources), {"b"})
