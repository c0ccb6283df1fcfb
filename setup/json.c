/* The JSON helpers of the documents and the text of a document
 * (ecsched/document.h). */
#include "ecsched/document.h"

#include "ecsched/text.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

json_t *ecs_json_text(const char *s)
{
    json_t *j = json_string(s);
    if (j != NULL || s == NULL)
        return j;
    char *esc = ecs_utf8_escape(s);
    j = esc ? json_string(esc) : NULL;
    free(esc);
    return j;
}

json_t *ecs_json_num(double v)
{
    if (!isfinite(v))
        return json_null();
    if (v == 0.0)
        v = 0.0; /* no "-0.0" */
    return json_real(v);
}

json_t *ecs_json_object_kv(ecs_json_kv *kv, size_t n)
{
    json_t *o = json_object();
    int bad = o == NULL;
    for (size_t k = 0; k < n; k++) {
        if (bad) {
            json_decref(kv[k].v);
            continue;
        }
        /* json_object_set_new steals the value even when it fails */
        bad = kv[k].v == NULL || json_object_set_new(o, kv[k].key, kv[k].v) != 0;
    }
    if (bad) {
        json_decref(o);
        return NULL;
    }
    return o;
}

char *ecs_document_text(const json_t *doc)
{
    return ecs_json_dumps_line(doc, ECS_JSON_FLAGS);
}

char *ecs_json_dumps_line(const json_t *j, size_t flags)
{
    char *t = j != NULL ? json_dumps(j, flags) : NULL;
    if (t == NULL)
        return NULL;
    size_t n = strlen(t);
    char *out = realloc(t, n + 2);
    if (out == NULL) {
        free(t);
        return NULL;
    }
    out[n] = '\n';
    out[n + 1] = '\0';
    return out;
}

void ecs_document_free(json_t *doc)
{
    json_decref(doc);
}
