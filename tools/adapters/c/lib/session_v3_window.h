/* The replay window of one direction of a version 3 session (V3-WINDOW-1..3):
 * the highest accepted counter H and one bit for each of the 2,048 counters
 * H - 2047 to H, the scheme of RFC 6479 and WireGuard.
 *
 * The bits are a ring keyed by the counter itself: counter c is bit
 * c mod 2,048. Every slot of the ring belongs to exactly one counter of the
 * window, so the width is exactly 2,048 (V3-WINDOW-1 forbids remembering
 * more). When H moves forward by d, the d slots of the counters H + 1 to
 * H + d are cleared (they last held counters that now fall below the
 * window): at most 33 words whatever d, so check and update take constant
 * time, and the memory is 256 bytes whatever the session's length. */
#ifndef OPENHUMAN_SESSION_V3_WINDOW_H
#define OPENHUMAN_SESSION_V3_WINDOW_H

#include <stdbool.h>
#include <stdint.h>

#define SESSION_V3_WINDOW_WIDTH 2048u
#define SESSION_V3_WINDOW_WORDS (SESSION_V3_WINDOW_WIDTH / 64u)

typedef struct {
    bool has_highest; /* false: nothing accepted yet, every counter is above the window */
    uint64_t highest; /* H */
    uint64_t bits[SESSION_V3_WINDOW_WORDS];
} session_v3_window;

/* The window of a receiver whose peer's first counter is first (V3-SESS-1):
 * every counter below first counts as accepted, so H = first - 1, and no H
 * when first is 0. */
void session_v3_window_init(session_v3_window *window, uint64_t first);

/* A window with H = highest and every counter of the window accepted (the
 * vectors' receiveState, ADP-130). */
void session_v3_window_set(session_v3_window *window, uint64_t highest);

/* V3-WINDOW-2: true when counter is at or below H - 2048, or in the window
 * and accepted; false for a counter above H or one not yet seen. */
bool session_v3_window_refuses(const session_v3_window *window, uint64_t counter);

/* V3-WINDOW-3, for an accepted frame only: a counter above H becomes H and
 * the window slides; one in the window is marked. */
void session_v3_window_record(session_v3_window *window, uint64_t counter);

#endif
