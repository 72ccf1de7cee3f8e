/* bucketq.c -- bucket priority queue. */
#include "search/bucketq.h"

#include <stdlib.h>
#include <string.h>

#include "common/grow.h"
#include "common/xmem.h"

void bucketq_init(bucketq *q) { memset(q, 0, sizeof *q); }

void bucketq_free(bucketq *q)
{
    for (int i = 0; i < q->nbuckets; i++) free(q->bucket[i].item);
    free(q->bucket);
    memset(q, 0, sizeof *q);
}

void bucketq_push(bucketq *q, int priority, uint32_t item)
{
    if (priority >= q->nbuckets) {
        int n = priority + 16;
        q->bucket = xrealloc(q->bucket, (size_t)n * sizeof *q->bucket);
        memset(q->bucket + q->nbuckets, 0, (size_t)(n - q->nbuckets) * sizeof *q->bucket);
        q->bytes += (uint64_t)(n - q->nbuckets) * sizeof *q->bucket;
        q->nbuckets = n;
    }
    bucketq_bucket *b = &q->bucket[priority];
    uint32_t before = b->capacity;
    GROW(b->item, b->capacity, b->count + 1, 256);
    q->bytes += (uint64_t)(b->capacity - before) * sizeof *b->item;
    b->item[b->count++] = item;
    if (q->size == 0 || priority < q->lowest) q->lowest = priority;
    q->size++;
}

bool bucketq_pop(bucketq *q, int *priority, uint32_t *item)
{
    if (q->size == 0) return false;
    while (q->bucket[q->lowest].count == 0) q->lowest++;
    bucketq_bucket *b = &q->bucket[q->lowest];
    *priority = q->lowest;
    *item = b->item[--b->count];
    q->size--;
    return true;
}
