"""How the reference relay authenticates a core (12.1 leaves it to the relay): the Socket.IO `auth`
object of the connection.

- A core sends `{"account": NAME, "coreToken": SECRET}`; the connection then acts for NAME.
- A device sends no auth object (or an empty one, or one without either member); its connection
  has no account.
- Anything else (a wrong token, an unknown account, one member without the other, a non-string)
  refuses the Socket.IO connection itself, so a mistyped core token is a clear failure at connect
  time instead of a core that silently acts as a device.

The accounts file maps each account to the SHA-256 (hex) of its core token, so the file grants
nothing if it leaks. Without one, the relay serves the development account DEV_ACCOUNT with the
published token DEV_CORE_TOKEN: fit for loopback only.
"""

import hashlib
import hmac
import json
import re

DEV_ACCOUNT = "dev"
DEV_CORE_TOKEN = "openhuman-dev-core-token"

_DIGEST = re.compile(r"[0-9a-f]{64}")
# Compared against when the account is unknown, so the time taken does not tell which accounts exist.
_NO_DIGEST = bytes(32)


class AccountsFileError(Exception):
    pass


class Unauthorized(Exception):
    """The connection's auth object names a core but does not prove it."""


def token_digest(token: str) -> str:
    """The accounts file's form of a core token."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


class Accounts:
    def __init__(self, digests: dict):
        """`digests`: account name -> SHA-256 of its core token (bytes)."""
        self._digests = digests

    @staticmethod
    def development() -> "Accounts":
        return Accounts({DEV_ACCOUNT: bytes.fromhex(token_digest(DEV_CORE_TOKEN))})

    @staticmethod
    def load(path: str) -> "Accounts":
        """Reads `{"account": "<sha256 hex of its core token>", ...}`."""
        try:
            with open(path, encoding="utf-8") as file:
                value = json.load(file)
        except (OSError, ValueError) as error:
            raise AccountsFileError(f"{path}: {error}") from None
        if not isinstance(value, dict) or not value:
            raise AccountsFileError(f"{path}: expected a non-empty JSON object of account -> token digest")
        digests = {}
        for account, digest in value.items():
            if not account or not isinstance(digest, str) or _DIGEST.fullmatch(digest) is None:
                raise AccountsFileError(f"{path}: {account!r}: expected 64 lowercase hex digits")
            digests[account] = bytes.fromhex(digest)
        return Accounts(digests)

    def authenticate(self, auth):
        """The account of a connection with this auth object, or None for a device; raises
        Unauthorized for a failed core proof."""
        if auth is None:
            return None
        if not isinstance(auth, dict):
            raise Unauthorized()
        account, token = auth.get("account"), auth.get("coreToken")
        if account is None and token is None:
            return None
        if not isinstance(account, str) or not isinstance(token, str):
            raise Unauthorized()
        expected = self._digests.get(account, _NO_DIGEST)
        proof = hashlib.sha256(token.encode("utf-8", "surrogatepass")).digest()
        if not hmac.compare_digest(proof, expected) or account not in self._digests:
            raise Unauthorized()
        return account
