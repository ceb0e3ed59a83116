#include "strict_json.h"

#include <stdlib.h>
#include <string.h>

#include "json_lexis.h"

/* Reads ws name ws ':' and leaves the cursor before the member's value. */
static bool read_member_name(lex_cursor *c, uint8_t *out, size_t *decoded_length)
{
    lex_skip_whitespace(c);
    if (!lex_read_string(c, out, decoded_length)) {
        return false;
    }
    lex_skip_whitespace(c);
    return lex_consume(c, ':');
}

/* Validates one value of any depth. containers is scratch room for one byte
 * per open object or array; a JSON text of length n nests at most n / 2
 * deep, so n bytes always suffice. */
static bool skip_value(lex_cursor *c, uint8_t *containers)
{
    size_t depth = 0;
    size_t unused;
    for (;;) {
        /* Expect a value. */
        lex_skip_whitespace(c);
        uint8_t b = lex_peek(c);
        if (lex_at_end(c)) {
            return false;
        }
        bool value_done = true;
        if (b == '{' || b == '[') {
            c->position++;
            lex_skip_whitespace(c);
            if (lex_consume(c, b == '{' ? '}' : ']')) {
                /* empty container: a complete value */
            } else {
                containers[depth++] = b;
                if (b == '{' && !read_member_name(c, NULL, &unused)) {
                    return false;
                }
                value_done = false;
            }
        } else if (b == '"') {
            if (!lex_read_string(c, NULL, &unused)) {
                return false;
            }
        } else if (b == '-' || (b >= '0' && b <= '9')) {
            if (!lex_skip_number(c)) {
                return false;
            }
        } else if (!lex_skip_literal(c, "true") && !lex_skip_literal(c, "false") &&
                   !lex_skip_literal(c, "null")) {
            return false;
        }
        /* After a complete value: close containers or move to the next item. */
        while (value_done) {
            if (depth == 0) {
                return true;
            }
            lex_skip_whitespace(c);
            uint8_t open = containers[depth - 1];
            if (lex_consume(c, ',')) {
                if (open == '{' && !read_member_name(c, NULL, &unused)) {
                    return false;
                }
                value_done = false;
            } else if (lex_consume(c, open == '{' ? '}' : ']')) {
                depth--;
            } else {
                return false;
            }
        }
    }
}

/* JSON-2: two top-level members with the same decoded name. */
static tunnel_error check_duplicates(const strict_json_object *object)
{
    switch (lex_check_duplicate_names(object->members, object->count, sizeof *object->members,
                                      offsetof(strict_json_member, name),
                                      offsetof(strict_json_member, name_length))) {
    case LEX_NAMES_DISTINCT: return TUNNEL_OK;
    case LEX_NAMES_DUPLICATE: return TUNNEL_ERR_DUPLICATE_FIELD;
    case LEX_NAMES_NO_MEMORY:
    default: return TUNNEL_ERR_NO_MEMORY;
    }
}

/* Reads the members of the top-level object. Each member takes at least
 * four bytes of text ("":0), so length / 4 + 1 slots are always enough. */
static tunnel_error read_object(lex_cursor *c, strict_json_object *object, uint8_t *containers)
{
    size_t capacity = c->length / 4 + 1;
    size_t decoded_used = 0;
    lex_skip_whitespace(c);
    if (!lex_consume(c, '{')) {
        return TUNNEL_ERR_BAD_HANDSHAKE_JSON;
    }
    lex_skip_whitespace(c);
    if (!lex_consume(c, '}')) {
        for (;;) {
            if (object->count == capacity) {
                return TUNNEL_ERR_BAD_HANDSHAKE_JSON;
            }
            strict_json_member *member = &object->members[object->count];
            member->name = object->decoded + decoded_used;
            if (!read_member_name(c, object->decoded + decoded_used, &member->name_length)) {
                return TUNNEL_ERR_BAD_HANDSHAKE_JSON;
            }
            decoded_used += member->name_length;
            lex_skip_whitespace(c);
            if (lex_peek(c) == '"' && !lex_at_end(c)) {
                member->is_string = true;
                member->value = object->decoded + decoded_used;
                if (!lex_read_string(c, object->decoded + decoded_used, &member->value_length)) {
                    return TUNNEL_ERR_BAD_HANDSHAKE_JSON;
                }
                decoded_used += member->value_length;
            } else if (!skip_value(c, containers)) {
                return TUNNEL_ERR_BAD_HANDSHAKE_JSON;
            }
            object->count++;
            lex_skip_whitespace(c);
            if (lex_consume(c, '}')) {
                break;
            }
            if (!lex_consume(c, ',')) {
                return TUNNEL_ERR_BAD_HANDSHAKE_JSON;
            }
        }
    }
    lex_skip_whitespace(c);
    return lex_at_end(c) ? TUNNEL_OK : TUNNEL_ERR_BAD_HANDSHAKE_JSON;
}

tunnel_error strict_json_parse_object(const uint8_t *text, size_t length,
                                      strict_json_object *object)
{
    memset(object, 0, sizeof *object);
    lex_cursor c = {text, length, 0};
    size_t capacity = length / 4 + 1;
    object->members = calloc(capacity, sizeof *object->members);
    object->decoded = malloc(length + 1);
    uint8_t *containers = malloc(length + 1);
    tunnel_error error = TUNNEL_ERR_NO_MEMORY;
    if (object->members != NULL && object->decoded != NULL && containers != NULL) {
        error = read_object(&c, object, containers);
        if (error == TUNNEL_OK) {
            error = check_duplicates(object);
        }
    }
    free(containers);
    if (error != TUNNEL_OK) {
        strict_json_free(object);
    }
    return error;
}

const strict_json_member *strict_json_find(const strict_json_object *object, const char *name)
{
    size_t name_length = strlen(name);
    for (size_t i = 0; i < object->count; i++) {
        const strict_json_member *member = &object->members[i];
        if (member->name_length == name_length && memcmp(member->name, name, name_length) == 0) {
            return member;
        }
    }
    return NULL;
}

void strict_json_free(strict_json_object *object)
{
    free(object->members);
    free(object->decoded);
    memset(object, 0, sizeof *object);
}
