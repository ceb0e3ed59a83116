#include "key_log.h"

#ifdef OPENHUMAN_KEY_LOG

#include <fcntl.h>
#include <sodium.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define KEY_LOG_VARIABLE "OPENHUMAN_KEYLOG"
/* The longest line: a label of up to 24 characters, 64 bytes of id and 64 of secret in
 * hex, two spaces, the line feed and the terminator. */
#define KEY_LOG_LABEL_MAX 24u
#define KEY_LOG_LINE_MAX (KEY_LOG_LABEL_MAX + 1u + 128u + 1u + 128u + 2u)

/* Appends one line with one write() on a descriptor opened O_APPEND, so the
 * line is in the file before the adapter answers the request (a runner that
 * reads the key log after the answer finds it) and lines of several writers
 * never interleave. Opened per line: no descriptor is held between requests
 * (ADP-9). 0600: the file holds secrets. A failure is silent: the key
 * log is a debugging aid and never changes an answer. */
/* The key log's file name; NULL when none is asked for (unset or empty). */
static const char *key_log_path(void)
{
    const char *path = getenv(KEY_LOG_VARIABLE);
    return path != NULL && path[0] != '\0' ? path : NULL;
}

static void append_line(const char *path, const char *label, const uint8_t *id, size_t id_length,
                        const uint8_t *secret, size_t secret_length)
{
    char line[KEY_LOG_LINE_MAX];
    size_t label_length = strlen(label);
    if (label_length > KEY_LOG_LABEL_MAX || id_length > 64u || secret_length > 64u) {
        return;
    }
    memcpy(line, label, label_length);
    size_t at = label_length;
    line[at++] = ' ';
    sodium_bin2hex(line + at, id_length * 2u + 1u, id, id_length);
    at += id_length * 2u;
    line[at++] = ' ';
    sodium_bin2hex(line + at, secret_length * 2u + 1u, secret, secret_length);
    at += secret_length * 2u;
    line[at++] = '\n';
    int fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0600);
    if (fd >= 0) {
        ssize_t written = write(fd, line, at);
        (void)written;
        close(fd);
    }
    sodium_memzero(line, sizeof line);
}

void key_log_handshake_key(const uint8_t handshake_ephemeral_public[32],
                           const uint8_t core_static_public[32], const uint8_t key[32])
{
    const char *path = key_log_path();
    uint8_t id[64];
    if (path == NULL) {
        return;
    }
    memcpy(id, handshake_ephemeral_public, 32);
    memcpy(id + 32, core_static_public, 32);
    append_line(path, "K_HS", id, sizeof id, key, 32u);
}

void key_log_ack_key(const uint8_t client_ephemeral_public[32], const uint8_t key[32])
{
    const char *path = key_log_path();
    if (path != NULL) {
        append_line(path, "K_ACK", client_ephemeral_public, 32u, key, 32u);
    }
}

void key_log_pairing_code(const uint8_t salt[32], const uint8_t okm[8])
{
    const char *path = key_log_path();
    if (path != NULL) {
        append_line(path, "SAS_OKM", salt, 32u, okm, 8u);
    }
}

void key_log_session(const uint8_t client_ephemeral_public[32],
                     const uint8_t server_ephemeral_public[32], const session_keys *keys)
{
    const char *path = key_log_path();
    uint8_t id[64];
    uint8_t secret[64];
    if (path == NULL) {
        return;
    }
    memcpy(id, client_ephemeral_public, 32);
    memcpy(id + 32, server_ephemeral_public, 32);
    memcpy(secret, keys->c2s, 32);
    memcpy(secret + 32, keys->s2c, 32);
    append_line(path, "SESSION_KEYS", id, sizeof id, secret, sizeof secret);
    sodium_memzero(secret, sizeof secret);
}

void key_log_pairing_v3_message_one(const noise_handshake *handshake,
                                    const uint8_t device_ephemeral_public[32])
{
    const char *path = key_log_path();
    uint8_t secret[64];
    if (path == NULL) {
        return;
    }
    append_line(path, "V3_M1_STATIC_KEY", device_ephemeral_public, 32u, handshake->log_es_k, 32u);
    memcpy(secret, handshake->log_psk_k, 32);
    memcpy(secret + 32, handshake->log_psk_h, 32);
    append_line(path, "V3_M1_PAYLOAD", device_ephemeral_public, 32u, secret, sizeof secret);
    sodium_memzero(secret, sizeof secret);
}

void key_log_pairing_v3_message_two(const noise_handshake *handshake,
                                    const uint8_t device_ephemeral_public[32],
                                    const uint8_t device_to_core[32],
                                    const uint8_t core_to_device[32])
{
    const char *path = key_log_path();
    uint8_t secret[64];
    if (path == NULL) {
        return;
    }
    append_line(path, "V3_M2_PAYLOAD", device_ephemeral_public, 32u, handshake->log_se_k, 32u);
    memcpy(secret, device_to_core, 32);
    memcpy(secret + 32, core_to_device, 32);
    append_line(path, "V3_TRANSPORT", device_ephemeral_public, 32u, secret, sizeof secret);
    sodium_memzero(secret, sizeof secret);
}

void key_log_reconnect_v3(const uint8_t device_ephemeral_public[32],
                          const uint8_t device_to_core[32], const uint8_t core_to_device[32])
{
    const char *path = key_log_path();
    uint8_t secret[64];
    if (path == NULL) {
        return;
    }
    memcpy(secret, device_to_core, 32);
    memcpy(secret + 32, core_to_device, 32);
    append_line(path, "V3_TRANSPORT", device_ephemeral_public, 32u, secret, sizeof secret);
    sodium_memzero(secret, sizeof secret);
}
#else
/* ISO C wants at least one declaration in a translation unit. */
typedef int key_log_not_compiled_in;
#endif
