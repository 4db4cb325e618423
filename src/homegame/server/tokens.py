"""Capability tokens: unguessable links instead of accounts. Only hashes are stored.

>>> t = new_token()
>>> len(t) >= 22 and token_matches(t, hash_token(t)) and not token_matches(t + "x", hash_token(t))
True
"""

from __future__ import annotations

import hashlib
import hmac
import secrets

#: Bytes of randomness in a capability token (a table id uses fewer: it is not a secret).
TOKEN_BYTES = 18
TABLE_ID_BYTES = 9


#: What a token is compared with when the table it names does not exist: as many comparisons as a
#: table's own tokens take, so that a wrong token and an unknown table cost the same.
DECOY_HASHES = tuple(hashlib.sha256(f"no such table {i}".encode()).hexdigest() for i in range(4))


def new_token() -> str:
    """A fresh URL-safe secret token."""
    return secrets.token_urlsafe(TOKEN_BYTES)


def new_table_id() -> str:
    """A fresh URL-safe table id."""
    return secrets.token_urlsafe(TABLE_ID_BYTES)


def hash_token(token: str) -> str:
    """The stored form of a token (hex SHA-256)."""
    return hashlib.sha256(token.encode()).hexdigest()


def token_matches(token: str, stored_hash: str) -> bool:
    """Whether ``token`` hashes to ``stored_hash`` (constant time)."""
    return bool(stored_hash) and hmac.compare_digest(hash_token(token), stored_hash)


__all__ = ["DECOY_HASHES", "TABLE_ID_BYTES", "TOKEN_BYTES", "hash_token", "new_table_id", "new_token", "token_matches"]
