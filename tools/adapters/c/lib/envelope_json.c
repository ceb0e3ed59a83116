#include "envelope_json.h"

#include <stdlib.h>
#include <string.h>

#include "json_lexis.h"

/* Validates the value at the cursor; level is its nesting level (the top
 * value is 1). Sets *type. */
static bool skip_value(lex_cursor *c, size_t level, ej_type *type)
{
    size_t unused;
    ej_type inner;
    uint8_t b = lex_peek(c);
    if (lex_at_end(c)) {
        return false;
    }
    if (b == '{' || b == '[') {
        if (level > ENVELOPE_JSON_MAX_DEPTH) {
            return false;
        }
        uint8_t close = b == '{' ? '}' : ']';
        *type = b == '{' ? EJ_OBJECT : EJ_ARRAY;
        c->position++;
        lex_skip_whitespace(c);
        if (lex_consume(c, close)) {
            return true;
        }
        for (;;) {
            lex_skip_whitespace(c);
            if (b == '{') {
                if (!lex_read_string(c, NULL, &unused)) {
                    return false;
                }
                lex_skip_whitespace(c);
                if (!lex_consume(c, ':')) {
                    return false;
                }
                lex_skip_whitespace(c);
            }
            if (!skip_value(c, level + 1, &inner)) {
                return false;
            }
            lex_skip_whitespace(c);
            if (lex_consume(c, close)) {
                return true;
            }
            if (!lex_consume(c, ',')) {
                return false;
            }
        }
    }
    if (b == '"') {
        *type = EJ_STRING;
        return lex_read_string(c, NULL, &unused);
    }
    if (b == '-' || (b >= '0' && b <= '9')) {
        *type = EJ_NUMBER;
        return lex_skip_number(c);
    }
    *type = b == 't' ? EJ_TRUE : b == 'f' ? EJ_FALSE : EJ_NULL;
    return lex_skip_literal(c, b == 't' ? "true" : b == 'f' ? "false" : "null");
}

static bool append_member(ej_object *object, size_t *capacity, const ej_member *member)
{
    if (object->count == *capacity) {
        size_t grown = *capacity == 0 ? 8 : 2 * *capacity;
        ej_member *members = realloc(object->members, grown * sizeof *members);
        if (members == NULL) {
            return false;
        }
        object->members = members;
        *capacity = grown;
    }
    object->members[object->count++] = *member;
    return true;
}

/* The members of the top-level object; string values are decoded too. */
static envelope_status read_members(lex_cursor *c, ej_object *object)
{
    size_t capacity = 0;
    size_t used = 0;
    lex_skip_whitespace(c);
    if (!lex_consume(c, '{')) {
        return ENV_BAD_ENVELOPE_JSON;
    }
    lex_skip_whitespace(c);
    if (!lex_consume(c, '}')) {
        for (;;) {
            ej_member member;
            memset(&member, 0, sizeof member);
            lex_skip_whitespace(c);
            member.name = object->decoded + used;
            if (!lex_read_string(c, object->decoded + used, &member.name_length)) {
                return ENV_BAD_ENVELOPE_JSON;
            }
            used += member.name_length;
            lex_skip_whitespace(c);
            if (!lex_consume(c, ':')) {
                return ENV_BAD_ENVELOPE_JSON;
            }
            lex_skip_whitespace(c);
            size_t start = c->position;
            if (lex_peek(c) == '"' && !lex_at_end(c)) {
                member.type = EJ_STRING;
                member.string = object->decoded + used;
                if (!lex_read_string(c, object->decoded + used, &member.string_length)) {
                    return ENV_BAD_ENVELOPE_JSON;
                }
                used += member.string_length;
            } else if (!skip_value(c, 2, &member.type)) {
                return ENV_BAD_ENVELOPE_JSON;
            }
            member.raw = c->text + start;
            member.raw_length = c->position - start;
            if (!append_member(object, &capacity, &member)) {
                return ENV_NO_MEMORY;
            }
            lex_skip_whitespace(c);
            if (lex_consume(c, '}')) {
                break;
            }
            if (!lex_consume(c, ',')) {
                return ENV_BAD_ENVELOPE_JSON;
            }
        }
    }
    lex_skip_whitespace(c);
    return lex_at_end(c) ? ENVELOPE_OK : ENV_BAD_ENVELOPE_JSON;
}

envelope_status ej_read_object(const uint8_t *text, size_t length, ej_object *object)
{
    memset(object, 0, sizeof *object);
    lex_cursor c = {text, length, 0};
    object->decoded = malloc(length + 1);
    envelope_status status = object->decoded == NULL ? ENV_NO_MEMORY : read_members(&c, object);
    if (status != ENVELOPE_OK) {
        ej_free(object);
    }
    return status;
}

envelope_status ej_check_value(const uint8_t *text, size_t length)
{
    lex_cursor c = {text, length, 0};
    ej_type type;
    lex_skip_whitespace(&c);
    if (!skip_value(&c, 1, &type)) {
        return ENV_BAD_ENVELOPE_JSON;
    }
    lex_skip_whitespace(&c);
    return lex_at_end(&c) ? ENVELOPE_OK : ENV_BAD_ENVELOPE_JSON;
}

const ej_member *ej_find(const ej_object *object, const char *name)
{
    size_t name_length = strlen(name);
    for (size_t i = 0; i < object->count; i++) {
        const ej_member *member = &object->members[i];
        if (member->name_length == name_length &&
            (name_length == 0 || memcmp(member->name, name, name_length) == 0)) {
            return member;
        }
    }
    return NULL;
}

envelope_status ej_check_duplicates(const ej_object *object)
{
    switch (lex_check_duplicate_names(object->members, object->count, sizeof *object->members,
                                      offsetof(ej_member, name),
                                      offsetof(ej_member, name_length))) {
    case LEX_NAMES_DISTINCT: return ENVELOPE_OK;
    case LEX_NAMES_DUPLICATE: return ENV_DUPLICATE_FIELD;
    case LEX_NAMES_NO_MEMORY:
    default: return ENV_NO_MEMORY;
    }
}

void ej_free(ej_object *object)
{
    free(object->members);
    free(object->decoded);
    memset(object, 0, sizeof *object);
}
