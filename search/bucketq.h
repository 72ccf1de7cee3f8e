/* bucketq.h -- a priority queue for small integer priorities (A*'s f = g + h).
 *
 * One stack per priority: push and pop are O(1) plus the scan for the next non-empty bucket,
 * which only moves forward as long as nothing lower is pushed. Within a priority the newest
 * item comes out first, which breaks A*'s ties toward the deepest nodes.
 */
#ifndef BUCKETQ_H
#define BUCKETQ_H

#include <stdbool.h>
#include <stdint.h>

typedef struct {
    uint32_t *item;
    uint32_t count, capacity;
} bucketq_bucket;

typedef struct {
    bucketq_bucket *bucket;
    int nbuckets;
    int lowest;        /* no item has a lower priority */
    uint64_t size;     /* items in all buckets */
    uint64_t bytes;    /* memory held */
} bucketq;

/* A bound on the bytes the queue holds after n more pushes: each push fills at most one bucket,
 * and a full bucket doubles, so n pushes add at most the n largest buckets' sizes again, which
 * is bounded by what the queue holds now (plus a first bucket of each new priority). */
static inline uint64_t bucketq_bytes_next(const bucketq *q, int n)
{
    return 2 * q->bytes + (uint64_t)n * (256 * sizeof(uint32_t) + 16 * sizeof(bucketq_bucket));
}

void bucketq_init(bucketq *q);
void bucketq_free(bucketq *q);
void bucketq_push(bucketq *q, int priority, uint32_t item);
/* Takes an item of the lowest priority; false when the queue is empty. */
bool bucketq_pop(bucketq *q, int *priority, uint32_t *item);

#endif
