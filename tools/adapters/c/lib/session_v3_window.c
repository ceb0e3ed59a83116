#include "session_v3_window.h"

#include <string.h>

static uint64_t slot_of(uint64_t counter)
{
    return counter % SESSION_V3_WINDOW_WIDTH;
}

static bool slot_is_set(const session_v3_window *window, uint64_t slot)
{
    return (window->bits[slot / 64u] >> (slot % 64u) & 1u) != 0;
}

/* Clears count (1 to 2,048) slots of the ring from slot first on, wrapping:
 * one mask per word, so at most 33 words. */
static void clear_slots(session_v3_window *window, uint64_t first, uint64_t count)
{
    uint64_t slot = first;
    while (count > 0) {
        uint64_t bit = slot % 64u;
        uint64_t span = 64u - bit < count ? 64u - bit : count;
        uint64_t mask = span == 64u ? UINT64_MAX : ((UINT64_C(1) << span) - 1u) << bit;
        window->bits[slot / 64u] &= ~mask;
        count -= span;
        slot = (slot + span) % SESSION_V3_WINDOW_WIDTH;
    }
}

void session_v3_window_set(session_v3_window *window, uint64_t highest)
{
    window->has_highest = true;
    window->highest = highest;
    /* Every slot set: the slots of the window's counters are accepted, and a
     * slot of a counter below 0 (H below 2,047) is never read, since the
     * window clears each slot before its counter enters. */
    memset(window->bits, 0xff, sizeof window->bits);
}

void session_v3_window_init(session_v3_window *window, uint64_t first)
{
    if (first == 0) {
        window->has_highest = false;
        window->highest = 0;
        memset(window->bits, 0, sizeof window->bits);
    } else {
        session_v3_window_set(window, first - 1u);
    }
}

bool session_v3_window_refuses(const session_v3_window *window, uint64_t counter)
{
    if (!window->has_highest || counter > window->highest) {
        return false;
    }
    /* At or below H - 2048, written without going below 0 when H < 2,048. */
    if (window->highest - counter >= SESSION_V3_WINDOW_WIDTH) {
        return true;
    }
    return slot_is_set(window, slot_of(counter));
}

void session_v3_window_record(session_v3_window *window, uint64_t counter)
{
    if (!window->has_highest || counter > window->highest) {
        /* The slots of H + 1 to counter held counters now below the window. */
        uint64_t distance = window->has_highest ? counter - window->highest : UINT64_MAX;
        if (distance >= SESSION_V3_WINDOW_WIDTH) {
            memset(window->bits, 0, sizeof window->bits);
        } else {
            clear_slots(window, slot_of(window->highest + 1u), distance);
        }
        window->has_highest = true;
        window->highest = counter;
    }
    uint64_t slot = slot_of(counter);
    window->bits[slot / 64u] |= UINT64_C(1) << (slot % 64u);
}
