#!/usr/bin/env python3
"""Writes the SQLCipher fixture files of the tests, without SQLCipher.

SQLCipher 4 is not available here, so this script writes its file format itself, from a plaintext
database made by the system libsqlite3 and from the `cryptography` package. The same code, with the
settings of SQLCipher 3, writes `sqlcipher3-default.db`, which the tests open with SQLCipher 3.4: that
proves the format is written right. `sqlcipher4-default.db` differs only by the settings.

Each database holds `CREATE TABLE t (a TEXT)` with one row, 'success', and the passphrase is 'secret'.
Run: python3 make-fixtures.py (from this folder).
"""
import ctypes
import os
import tempfile

from cryptography.hazmat.primitives import hashes, hmac
from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes
from cryptography.hazmat.primitives.kdf.pbkdf2 import PBKDF2HMAC

SETTINGS = {
    # name: (page size, KDF iterations, hash of the KDF and of the HMAC)
    "sqlcipher3-default.db": (1024, 64000, hashes.SHA1),
    "sqlcipher4-default.db": (4096, 256000, hashes.SHA512),
}
PASSPHRASE = b"secret"
SQLITE_FCNTL_RESERVE_BYTES = 38


def plaintext_database(page_size, reserve):
    """The bytes of a plaintext database whose pages keep `reserve` bytes free for the cipher."""
    sqlite = ctypes.CDLL("libsqlite3.so.0")
    path = os.path.join(tempfile.mkdtemp(), "plain.db")
    db = ctypes.c_void_p()
    assert sqlite.sqlite3_open(path.encode(), ctypes.byref(db)) == 0
    assert sqlite.sqlite3_exec(db, f"PRAGMA page_size = {page_size}".encode(), None, None, None) == 0
    value = ctypes.c_int(reserve)
    assert sqlite.sqlite3_file_control(db, b"main", SQLITE_FCNTL_RESERVE_BYTES, ctypes.byref(value)) == 0
    sql = b"CREATE TABLE t (a TEXT); INSERT INTO t VALUES ('success')"
    assert sqlite.sqlite3_exec(db, sql, None, None, None) == 0
    assert sqlite.sqlite3_close(db) == 0
    with open(path, "rb") as file:
        data = file.read()
    assert data[20] == reserve and len(data) % page_size == 0
    return data


def pbkdf2(hash_type, secret, salt, iterations):
    return PBKDF2HMAC(algorithm=hash_type(), length=32, salt=salt, iterations=iterations).derive(secret)


def encrypt(plaintext, page_size, kdf_iterations, hash_type):
    hmac_size = hash_type.digest_size
    reserve = (16 + hmac_size + 15) // 16 * 16
    salt = os.urandom(16)
    key = pbkdf2(hash_type, PASSPHRASE, salt, kdf_iterations)
    hmac_key = pbkdf2(hash_type, key, bytes(b ^ 0x3A for b in salt), 2)
    output = bytearray()
    for index in range(len(plaintext) // page_size):
        page = plaintext[index * page_size:(index + 1) * page_size]
        page_number = index + 1
        offset = 16 if page_number == 1 else 0  # page 1 starts with the salt, in clear
        iv = os.urandom(16)
        encryptor = Cipher(algorithms.AES(key), modes.CBC(iv)).encryptor()
        encrypted = encryptor.update(page[offset:page_size - reserve]) + encryptor.finalize()
        mac = hmac.HMAC(hmac_key, hash_type())
        mac.update(encrypted + iv)
        mac.update(page_number.to_bytes(4, "little"))
        tail = iv + mac.finalize()
        tail += os.urandom(reserve - len(tail))
        output += (salt if page_number == 1 else b"") + encrypted + tail
    assert len(output) == len(plaintext)
    return bytes(output)


for name, (page_size, kdf_iterations, hash_type) in SETTINGS.items():
    reserve = (16 + hash_type.digest_size + 15) // 16 * 16
    data = encrypt(plaintext_database(page_size, reserve), page_size, kdf_iterations, hash_type)
    with open(name, "wb") as file:
        file.write(data)
    print(name, len(data), "bytes")
